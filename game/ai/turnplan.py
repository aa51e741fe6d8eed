"""Whole-turn planning for games whose turn is a run of small decisions by one seat (Magnastorm).

Every root action is judged by where the mover's turn ends after it:

* the rest of the turn is played by nested greedy rollouts: with no ``widths`` every later
  decision takes the action whose position is best one step ahead (the cheap greedy
  policy); with ``widths`` (w1, w2, ...) the w1 best next actions (by that one-step value)
  are each followed by their w2 best next actions, and so on, the last of them rolled out
  greedily to the end of the turn, and the best end is kept;
* a chance outcome inside the turn (a bag draw) is drawn from the bot's own RNG; with ``draw_streams``
  above one, and budget to spare once every root action is judged (at most ``draw_evaluations``), the
  root actions whose turn met a draw are judged again with more draw streams (the same streams for
  each, so they differ by their action, not their luck) and their values averaged: one stream's draws
  can swing a turn's value more than the gap between two actions;
* a turn that ends the game is judged by the game's final value (its result, and the margin
  where the game has one), so a last turn is played to win, or to lose by the least.

With a ``danger`` test, where the game says the next seat's turn may end the game, the turn ends the
search found are checked best first for a winning reply: the next seat's own turn is planned (the same
widths, a small budget, a fixed RNG) and a plan that wins the game refutes the end: one that finishes it won,
or, with a ``last_pass`` test, one that ends in the game's last pass (the end triggered) and wins once the
seats still to move play their turns out greedily. With a ``round_of`` test, a reply that closes the round
and opens the next one (two turns of the next seat in a row, across the round's end) has the first
decision of its second turn searched over every action, as its first turn's is (the rest as deep as the
line had left): a greedy rollout misses a second turn whose first action costs and whose reward comes three
actions later. With ``plans_own_finish`` the mover's own plan does the same for its own second turn in a row,
and a turn end of its in the game's last pass that wins once the seats still to move play their turns out
greedily scores at least ``LAST_PASS_WIN`` (where the evaluation alone ranks a lead the last turns cannot
close below a position that merely looks good). A root action
whose checked ends are all refuted scores as a lost game; one whose best end is refuted but a later one is
not takes that end's value; the check stops at the first end not refuted (or, with a ``reply_margin``, at
the first end that far below it).

The budget counts evaluations; once it is spent every root action left is judged one step
ahead, so a node budget with no time cap always gives the same choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.ai.base import Budget, Evaluator, ScoredAction, Searcher, SearchLimit
from game.rules.protocol import GameState

TURN_STEPS = 60
"""Most decisions followed within one turn (a turn has far fewer); a guard, never reached."""
PASS_STEPS = 240
"""Most decisions played out to a pass's end (the other seats' last turns); a guard, never reached."""
TIE_NOISE = 1e-6
"""Random tie-breaking between equal values (from the bot's RNG, so reproducible)."""
ENDS_KEPT = 3
"""Best turn ends kept per root action for the reply check."""
CHECKS = 8
"""Most turn ends the reply check judges in one decision (the best first)."""
REPLY_EVALUATIONS = 6_000
"""Default budget of one reply check (the next seat's turn planned once; five deep it costs up to a few
thousand evaluations, greedily a few hundred)."""
LOST = -1.0
"""A root action whose checked turn ends all leave a winning reply scores as a lost game (its planned
value, shrunk, orders such actions among themselves)."""
LAST_PASS_WIN = 0.95
"""The least value of the mover's turn end in the last pass that the greedy playout of the pass wins: above
any live evaluation the game has seen in a close race, below a finished win (a greedy model of the rivals'
last turns is not certain; the reply check still searches the next seat's)."""
VERDICTS_KEPT = 512
"""Reply verdicts remembered by turn end, so a turn's decisions share them (cleared when full)."""

_verdicts: dict[tuple[Any, ...], tuple[bool, int]] = {}
"""Reply verdicts and their cost in evaluations by (state class, widths, reply budget, last-pass test, end
position, mover): pure functions of the key (a fixed RNG)."""


class TurnPlanner(Searcher):
    """Scores each root action by the mover's value once its turn is over."""

    def __init__(self, evaluator: Evaluator, widths: tuple[int, ...] = (),
                 danger: Callable[[GameState], bool] | None = None,
                 reply_evaluations: int = REPLY_EVALUATIONS, reply_margin: float = 0.0,
                 last_pass: Callable[[GameState], bool] | None = None, draw_streams: int = 1,
                 draw_evaluations: int = 0, round_of: Callable[[GameState], int] | None = None,
                 plans_own_finish: bool = False) -> None:
        self.evaluator = evaluator
        self.widths = widths
        self.depth = len(widths) + 1
        """Decisions searched in full before the greedy rollout (the root's included)."""
        self.danger = danger
        """Whether a turn planned from a state may leave the next seat a game-ending turn (None: never)."""
        self.reply_evaluations = reply_evaluations
        """Budget of one reply check; a decision with less left checks no further."""
        self.reply_margin = reply_margin
        """Ends within this of the best end not refuted are checked too (a level that may choose any of
        them, by its noise, must not choose a refuted one)."""
        self.last_pass = last_pass
        """Whether the game ends once the turns left in the current pass are played (None: never known); the
        reply check plays those turns out."""
        self.round_of = round_of
        """The round a state is in (None: the game has none); the reply check searches a reply's second turn
        in a row, in the next round, from its first decision."""
        self.plans_own_finish = plans_own_finish
        """Whether the mover's plan searches its own second turn in a row (with ``round_of``) and plays a turn
        end in the last pass out (with ``last_pass``), as the reply check does for the next seat."""
        self.draw_streams = draw_streams
        """Most draw streams a root action that meets a draw is judged with, where the budget allows (the
        decision's first pass, with the bot's RNG, included); not where the reply check runs, which
        spends the spare budget and compares the first pass's turn ends."""
        self.draw_evaluations = draw_evaluations
        """The evaluations the extra draw streams of one decision are planned within, each costed at the first
        pass's price (a stream may cost a little more); a wide decision, whose streams cost most, keeps its
        time."""
        self._drew = False
        """Whether the turn being played out met a draw."""
        self._line: list[Any] = []
        """The actions applied since the root (the root action first)."""
        self._ends: list[tuple[float, tuple[Any, ...]]] | None = None
        """The current root action's turn ends with their values, while the reply check wants them."""
        self._round: int | None = None
        """The round the plan started in (with ``round_of``)."""
        self._second_turn = False
        """Whether the line being searched is in the seat's second turn in a row."""

    def analyse(
        self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit
    ) -> list[ScoredAction]:
        """One score per root action: the mover's value at the end of its turn."""
        seat = state.current_player()
        self._round = None if self.round_of is None else self.round_of(state)
        self._second_turn = False
        guarded = self.danger is not None and len(actions) > 1 and self.danger(state)
        scored, ends, drew, costs = [], [], [], []
        for action in actions:
            self._ends = [] if guarded else None
            used = limit.used
            scored.append(ScoredAction(action, self._root_value(state, action, seat, rng, limit)))
            drew.append(self._drew)
            costs.append(limit.used - used)
            ends.append(sorted(self._ends or (), key=lambda end: -end[0])[:ENDS_KEPT])
        self._ends = None
        if guarded:
            return self._checked(state, seat, scored, ends, limit)
        if self.draw_streams > 1 and len(actions) > 1 and any(drew):
            return self._averaged(state, seat, scored, drew, costs, rng, limit)
        return scored

    def _root_value(self, state: GameState, action: Any, seat: int, rng: random.Random,
                    limit: SearchLimit) -> float:
        """The value for ``seat`` of its turn after ``action`` (``state`` restored); ``_drew`` tells whether
        the turn met a draw."""
        self._line = [action]
        self._drew = False
        state.apply(action)
        if limit.exhausted:
            value = self._value(state, seat, rng, limit)
        else:
            value = self._turn_value(state, seat, self.depth - 1, rng, limit)
        state.undo()
        return value

    def _averaged(self, state: GameState, seat: int, scored: list[ScoredAction], drew: list[bool],
                  costs: list[int], rng: random.Random, limit: SearchLimit) -> list[ScoredAction]:
        """``scored`` with each root action that met a draw judged again over more draw streams, as many as
        the budget left and ``draw_evaluations`` pay for in full (a stream cut short by the budget or the
        clock is dropped), and its values averaged."""
        drawing = [index for index, met in enumerate(drew) if met]
        stream_cost = max(1, sum(costs[index] for index in drawing))
        spare = min(self.draw_evaluations, limit.budget.nodes - limit.used)
        streams = min(self.draw_streams - 1, spare // stream_cost)
        totals = {index: scored[index].value for index in drawing}
        taken = 1
        for seed in [rng.random() for _ in range(streams)]:
            values = {index: self._root_value(state, scored[index].action, seat, random.Random(seed), limit)
                      for index in drawing}
            if limit.exhausted:
                break
            taken += 1
            for index, value in values.items():
                totals[index] += value
        return [ScoredAction(item.action, totals[index] / taken) if index in totals else item
                for index, item in enumerate(scored)]

    def _checked(self, state: GameState, seat: int, scored: list[ScoredAction],
                 ends: list[list[tuple[float, tuple[Any, ...]]]], limit: SearchLimit) -> list[ScoredAction]:
        """``scored`` with the reply check applied to the best turn ends (see the module's docstring)."""
        ranked = sorted(((value, index, line) for index, root_ends in enumerate(ends)
                         for value, line in root_ends), key=lambda end: -end[0])
        refuted: set[int] = set()
        kept: dict[int, float] = {}
        checks = 0
        for value, index, line in ranked:
            if checks == CHECKS or (kept and value < max(kept.values()) - self.reply_margin):
                break
            if index in kept:
                continue
            checks += 1
            if self._refuted(state, seat, line, limit):
                refuted.add(index)
            else:
                kept[index] = value
        return [ScoredAction(item.action, kept[i]) if i in kept
                else ScoredAction(item.action, LOST + 1e-3 * item.value) if i in refuted else item
                for i, item in enumerate(scored)]

    def _refuted(self, state: GameState, seat: int, line: tuple[Any, ...], limit: SearchLimit) -> bool:
        """Whether the seat moving after ``line`` (the rest of ``seat``'s turn, from ``state``) finds a turn
        that wins it the game; False unchecked when the decision's budget has too little left. A remembered
        verdict is charged what it cost, so the choice never depends on what was remembered. ``state`` is
        restored."""
        if limit.exhausted or limit.budget.nodes - limit.used < self.reply_evaluations:
            return False
        for action in line:
            state.apply(action)
        key = (type(state).__qualname__, self.widths, self.reply_evaluations, self.last_pass, self.round_of,
               state.position(), seat)
        if key not in _verdicts:
            if len(_verdicts) >= VERDICTS_KEPT:
                _verdicts.clear()
            _verdicts[key] = next_turn_wins(state, seat, self.evaluator, self.widths, random.Random(0),
                                            self.reply_evaluations, self.last_pass, self.round_of)
        for _ in line:
            state.undo()
        wins, cost = _verdicts[key]
        limit.tick(cost)
        return wins

    def _value(self, state: GameState, seat: int, rng: random.Random, limit: SearchLimit) -> float:
        limit.tick()
        return self.evaluator(state)[seat] + rng.random() * TIE_NOISE

    def _in_turn(self, state: GameState, seat: int) -> bool:
        """Whether ``state`` is still within ``seat``'s turn (its decision or a draw during it)."""
        if state.is_terminal():
            return False
        return state.is_chance_node() or state.current_player() == seat

    def _turn_value(self, state: GameState, seat: int, depth: int, rng: random.Random,
                    limit: SearchLimit) -> float:
        """The value for ``seat`` once its turn is played out from ``state`` (restored before returning)."""
        applied = 0
        value: float | None = None
        while applied < TURN_STEPS and self._in_turn(state, seat):
            if not state.is_chance_node() and not limit.exhausted and self._opens_turn(state):
                value = self._opened_turn_value(state, seat, depth, rng, limit)
                break
            if depth > 0 and not limit.exhausted and not state.is_chance_node():
                value = self._best_continuation(state, seat, depth, rng, limit)
                break
            if state.is_chance_node():
                self._drew = True
                self._push(state, state.sample_chance(rng))
            else:
                self._push(state, self._greedy_step(state, seat, rng, limit))
            applied += 1
        if value is None:
            value = self._end_value(state, seat, rng, limit)
            if self._ends is not None and not self._in_turn(state, seat):
                self._ends.append((value, tuple(self._line)))
        for _ in range(applied):
            self._pop(state)
        return value

    def _end_value(self, state: GameState, seat: int, rng: random.Random, limit: SearchLimit) -> float:
        """The value for ``seat`` of the end of its turn (see ``plans_own_finish``)."""
        value = self._value(state, seat, rng, limit)
        if not (self.plans_own_finish and self._in_last_pass(state)):
            return value
        won = self._played_out_value(state, seat, rng, limit) >= 1.0
        return max(value, LAST_PASS_WIN) if won else value

    def _in_last_pass(self, state: GameState) -> bool:
        """Whether the game ends once the turns left in ``state``'s pass are played (and is not over)."""
        return self.last_pass is not None and not state.is_terminal() and self.last_pass(state)

    def _played_out_value(self, state: GameState, seat: int, rng: random.Random, limit: SearchLimit) -> float:
        """The value for ``seat`` of the game finished from ``state`` with every seat playing greedily for
        itself (``state`` restored)."""
        applied = 0
        while applied < PASS_STEPS and not state.is_terminal():
            state.apply(state.sample_chance(rng) if state.is_chance_node()
                        else self._greedy_step(state, state.current_player(), rng, limit))
            applied += 1
        value = self._value(state, seat, rng, limit)
        for _ in range(applied):
            state.undo()
        return value

    def _opens_turn(self, state: GameState) -> bool:
        """Whether the line reached the seat's second turn in a row (the next round), whose first decision is
        searched in full, once per line (see ``plans_own_finish``)."""
        return (self.plans_own_finish and self.round_of is not None and not self._second_turn
                and self.round_of(state) != self._round)

    def _opened_turn_value(self, state: GameState, seat: int, depth: int, rng: random.Random,
                           limit: SearchLimit) -> float:
        """The best value for ``seat`` over every action opening its turn at ``state``, each turn's rest
        searched as the line's ``depth`` left allows (one decision less), then played greedily."""
        self._second_turn = True
        best = -2.0
        for action in state.legal_actions():
            self._push(state, action)
            best = max(best, self._turn_value(state, seat, max(depth - 1, 0), rng, limit))
            self._pop(state)
        self._second_turn = False
        return best

    def _push(self, state: GameState, action: Any) -> None:
        state.apply(action)
        self._line.append(action)

    def _pop(self, state: GameState) -> None:
        state.undo()
        self._line.pop()

    def _best_continuation(self, state: GameState, seat: int, depth: int, rng: random.Random,
                           limit: SearchLimit) -> float:
        """The best value over the most promising actions (as many as this level's width, ``depth`` levels
        before the rollout), each planned ``depth - 1`` deeper."""
        ranked = self._ranked(state, seat, rng, limit)
        best = -2.0
        for _, action in ranked[:self.widths[-depth]]:
            self._push(state, action)
            best = max(best, self._turn_value(state, seat, depth - 1, rng, limit))
            self._pop(state)
        return best

    def _ranked(self, state: GameState, seat: int, rng: random.Random,
                limit: SearchLimit) -> list[tuple[float, Any]]:
        """The legal actions with their one-step value for ``seat``, best first."""
        out = []
        for action in state.legal_actions():
            state.apply(action)
            out.append((self._value(state, seat, rng, limit), action))
            state.undo()
        out.sort(key=lambda pair: -pair[0])
        return out

    def _greedy_step(self, state: GameState, seat: int, rng: random.Random, limit: SearchLimit) -> Any:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self._ranked(state, seat, rng, limit)[0][1]


def next_turn_wins(state: GameState, seat: int, evaluator: Evaluator, widths: tuple[int, ...],
                   rng: random.Random, nodes: int,
                   last_pass: Callable[[GameState], bool] | None = None,
                   round_of: Callable[[GameState], int] | None = None) -> tuple[bool, int]:
    """Whether the seat deciding next after ``seat`` (past any draws, from ``rng``) finds a turn that wins the
    game, planned with ``widths`` and ``nodes`` evaluations (with ``round_of``, a second turn in a row in the
    next round searched from its first decision), and the evaluations it took. ``state`` is restored."""
    drawn = 0
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
        drawn += 1
    rival = -1 if state.is_terminal() else state.current_player()
    wins, cost = False, 0
    if rival not in (-1, seat):
        limit = Budget(nodes).start()
        planner = _ReplyPlanner(evaluator, widths, last_pass=last_pass, round_of=round_of,
                               plans_own_finish=True)
        plans = planner.analyse(state, state.legal_actions(), rng, limit)
        wins, cost = max(item.value for item in plans) >= 1.0, limit.used
    for _ in range(drawn):
        state.undo()
    return wins, cost


class _ReplyPlanner(TurnPlanner):
    """The next seat's turn as the reply check plans it: a turn end in the game's last pass is judged by the
    finished game, the seats still to move played out greedily, each for itself, so a turn that triggers the
    end with a lead they do not close counts as won (the mover's own plan, with ``plans_own_finish``, counts
    it as nearly won: a win that rests on a greedy model of the rivals' last turns must not rank with a
    finished one). A second turn in a row is searched as ``plans_own_finish`` does."""

    def _end_value(self, state: GameState, seat: int, rng: random.Random, limit: SearchLimit) -> float:
        if self._in_last_pass(state):
            return self._played_out_value(state, seat, rng, limit)
        return self._value(state, seat, rng, limit)
