"""Whole-go planning for games where a go is several actions with dice in between.

The planner looks only at the rest of the current player's go (the Bot Bowl
and Hero Academy lesson: the branching of a multi-action turn leaves no room
for a game tree, but a fast forward model plus a good evaluation at the end of
the go plays well). It is an expectimax over the go:

* every dice contest is its exact outcomes (``chance_outcomes()``, e.g. win or
  lose with their probabilities) and contributes their expectation;
* at each of the player's decisions every action gets a quick score, the
  expected evaluation right after it; the ``widths[depth]`` best are planned
  further (a beam; 1 means greedy completion), the others keep their quick score;
* a line ends when another seat is to act (or the game ends) and is scored by
  the evaluation for the planning seat, which should weigh the threats the
  next players will have;
* with ``reply_top`` = k, the k best root actions are planned once more
  (greedily) with the next player's answer: it plays its own go greedily (its
  best quick score at each decision, dice averaged) before the evaluation, so
  those plans are judged by what survives the answer, and rank first (a plan whose answer the budget or
  the think time cut short keeps its unanswered value and does not);
* with ``next_go_weight`` w > 0 the reply line plays ``next_goes`` whole goes more (by default one: the
  next seat's, in two-player games the planner's own next go), greedily as well; such a plan is worth its
  value after the answer plus w x what the next go adds (that go's value in turn counting the one after it
  by w), so a plan that sets up the next go (a stone in reach, a Rite that completes) ranks above an equal
  one that does not, while a small w keeps a gain or a defence due now from being put off to the go the
  planner assumes it will have; with four players two more goes finish the round of rivals, whose
  attacks on what the plan leaves exposed then count;
* with ``answered_only``, a decision on a line re-judged with the answer is worth the best of its
  answered continuations alone: the other actions' quick scores saw no answer, and a plan the answer
  refutes would otherwise keep the value of a sibling nobody answered;
* with ``doomed``, an action of the planner's own go that the beam did not plan and that leaves a position
  the go cannot end in without losing (MageStone's Hard: a rival's Rite one lap from winning still stands)
  scores as the loss: its quick score saw the position before the go ends, and once every plan looks lost
  it would outrank the planned moves that break the Rite;
* with ``caution`` c, a contest is worth its expectation less c x the mean deviation of
  its outcomes' values, so an even contest must gain clearly more than it risks; a contest whose
  better outcome is at least ``FAVOURITE`` likely is a clear favourite, worth its expectation, and so
  is one the game's ``decisive`` test picks out (MageStone's Hard: an attack on the Priest of a rival's
  Rite, or an even one on a rival Mage a stone from a winning walk home).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.ai.base import Evaluator, ScoredAction, Searcher, SearchLimit
from game.rules.protocol import GameState

TIE_BREAK = 1e-4
"""Equal plans are told apart by what their first action achieves at once (win now, not later)."""

FAVOURITE = 0.65
"""A contest whose better outcome (for the planning seat) is at least this likely is no gamble: caution
leaves it at its expected value."""


class GoPlanner(Searcher):
    """Expectimax over the rest of the go with a beam of ``widths`` per decision depth (risk-averse
    by ``caution``)."""

    def __init__(
        self, evaluator: Evaluator, widths: Sequence[int] = (4,), reply_top: int = 0, max_steps: int = 16,
        caution: float = 0.0, decisive: Callable[[GameState], bool] | None = None,
        next_go_weight: float = 0.0, next_goes: int = 1, answered_only: bool = False,
        doomed: Callable[[GameState, int], bool] | None = None,
    ) -> None:
        self.evaluator = evaluator
        self.doomed = doomed
        self.answered_only = answered_only
        self.next_go_weight = next_go_weight
        self.next_goes = next_goes
        self.widths = tuple(widths)
        self.reply_top = reply_top
        self.max_steps = max_steps
        self.caution = caution
        self.decisive = decisive

    def analyse(
        self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit
    ) -> list[ScoredAction]:
        """Quick scores for all root actions, planned-through scores for the best ``widths[0]``."""
        seat = state.current_player()
        quick = [self._after(state, action, seat, limit) for action in actions]
        values = list(quick)
        planned = self._deepen(state, actions, values, seat, 0, limit, False)
        self._unplanned_doomed(state, actions, values, planned, seat)
        weights = [0.0] * len(actions)
        if self.reply_top:
            greedy = max(len(self.widths), 1)
            ranked = sorted(range(len(actions)), key=lambda i: -(values[i] + TIE_BREAK * quick[i]))
            for index in ranked[: self.reply_top]:
                state.apply(actions[index])
                answered = self._plan(state, seat, greedy, limit, True)
                state.undo()
                if limit.exhausted:  # a line the budget cut short is no answered plan: it must not rank first
                    break
                values[index], weights[index] = answered, 1.0
        return [ScoredAction(action, value + TIE_BREAK * first, weight)
                for action, value, first, weight in zip(actions, values, quick, weights, strict=True)]

    def _deepen(
        self, state: GameState, actions: list[Any], values: list[float], seat: int, depth: int,
        limit: SearchLimit, reply: bool,
    ) -> list[int]:
        """Replace the quick scores of the beam's actions by their planned values; the indices planned."""
        width = self.widths[depth] if depth < len(self.widths) else 1
        planned: list[int] = []
        if depth >= self.max_steps:
            return planned
        beam = sorted(range(len(actions)), key=lambda i: -values[i])[:width]
        for index in beam:
            if limit.exhausted:
                break
            state.apply(actions[index])
            values[index] = self._plan(state, seat, depth + 1, limit, reply)
            state.undo()
            planned.append(index)
        return planned

    def _plan(self, state: GameState, seat: int, depth: int, limit: SearchLimit, reply: bool) -> float:
        """Value for ``seat`` of continuing its go from ``state`` as planned."""
        if state.is_chance_node():
            return self._contest(state, lambda: self._plan(state, seat, depth, limit, reply))
        limit.tick()
        if state.current_player() != seat:
            return self._reply(state, seat, limit) if reply else self.evaluator(state)[seat]
        if limit.exhausted:
            return self.evaluator(state)[seat]
        actions = state.legal_actions()
        values = [self._after(state, action, seat, limit) for action in actions]
        planned = self._deepen(state, actions, values, seat, depth, limit, reply)
        self._unplanned_doomed(state, actions, values, planned, seat)
        if reply and self.answered_only and planned:
            return max(values[index] for index in planned)
        return max(values)

    def _unplanned_doomed(self, state: GameState, actions: list[Any], values: list[float], planned: list[int],
                          seat: int) -> None:
        """Score as the loss each action the beam did not plan that leaves the go one it cannot end without
        losing (``doomed``): its quick score saw the position before the go ends, not the loss that ending it
        brings, and would otherwise outrank the planned moves once every plan looks lost."""
        if self.doomed is None or not planned or not self.doomed(state, seat):
            return  # a move of the go cannot doom it: no Rite is declared or laps counted mid-go
        done = set(planned)
        for index, action in enumerate(actions):
            if index in done:
                continue
            state.apply(action)
            if not state.is_chance_node() and self.doomed(state, seat):
                values[index] = -1.0
            state.undo()

    def _reply(self, state: GameState, seat: int, limit: SearchLimit) -> float:
        """Value for ``seat`` after the next player plays its go greedily (dice averaged), and with
        ``next_go_weight`` the ``next_goes`` goes after it."""
        rival = state.current_player()
        if rival < 0 or limit.exhausted:
            return self.evaluator(state)[seat]
        return self._greedy(state, seat, rival, limit, self.next_goes if self.next_go_weight else 0)

    def _greedy(self, state: GameState, seat: int, mover: int, limit: SearchLimit, goes_on: int) -> float:
        """Value for ``seat`` once ``mover`` has played the rest of its go greedily (dice averaged); the
        next ``goes_on`` movers' goes are blended in, each by ``next_go_weight``."""
        if state.is_chance_node():
            total = 0.0
            for outcome, probability in state.chance_outcomes():
                state.apply(outcome)
                total += probability * self._greedy(state, seat, mover, limit, goes_on)
                state.undo()
            return total
        limit.tick()
        player = state.current_player()
        if player != mover or limit.exhausted:
            now = self.evaluator(state)[seat]
            if not goes_on or player < 0 or limit.exhausted:
                return now
            return now + self.next_go_weight * (self._greedy(state, seat, player, limit, goes_on - 1) - now)
        actions = state.legal_actions()
        best = max(range(len(actions)), key=lambda i: self._after(state, actions[i], mover, limit))
        state.apply(actions[best])
        value = self._greedy(state, seat, mover, limit, goes_on)
        state.undo()
        return value

    def _after(self, state: GameState, action: Any, seat: int, limit: SearchLimit) -> float:
        """Expected evaluation for ``seat`` right after ``action`` (dice averaged exactly)."""
        state.apply(action)
        value = self._settle(state, seat, limit)
        state.undo()
        return value

    def _settle(self, state: GameState, seat: int, limit: SearchLimit) -> float:
        if state.is_chance_node():
            return self._contest(state, lambda: self._settle(state, seat, limit))
        limit.tick()
        return self.evaluator(state)[seat]

    def _contest(self, state: GameState, value: Callable[[], float]) -> float:
        """A dice contest's expected ``value()`` over its outcomes, less ``caution`` x its mean deviation.

        With caution a coin flip must gain clearly more than it risks: a careful player does not stake
        a unit on an even contest for a small edge, but takes a clear favourite's chance (``FAVOURITE``)
        and any chance at a contest the game calls ``decisive``.
        """
        outcomes = []
        for outcome, probability in state.chance_outcomes():
            state.apply(outcome)
            outcomes.append((probability, value()))
            state.undo()
        mean = sum(p * v for p, v in outcomes)
        if (not self.caution or max(outcomes, key=lambda outcome: outcome[1])[0] >= FAVOURITE
                or (self.decisive is not None and self.decisive(state))):
            return mean
        return mean - self.caution * sum(p * abs(v - mean) for p, v in outcomes)
