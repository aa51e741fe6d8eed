"""Whole-turn planning for games whose turn is a run of small decisions by one seat (Magnastorm).

Every root action is judged by where the mover's turn ends after it:

* the rest of the turn is played by nested greedy rollouts: with no ``widths`` every later
  decision takes the action whose position is best one step ahead (the cheap greedy
  policy); with ``widths`` (w1, w2, ...) the w1 best next actions (by that one-step value)
  are each followed by their w2 best next actions, and so on, the last of them rolled out
  greedily to the end of the turn, and the best end is kept;
* a chance outcome inside the turn (a bag draw) is drawn from the bot's own RNG;
* a turn that ends the game is judged by the game's final value (its result, and the margin
  where the game has one), so a last turn is played to win, or to lose by the least.

The budget counts evaluations; once it is spent every root action left is judged one step
ahead, so a node budget with no time cap always gives the same choice.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.base import Evaluator, ScoredAction, Searcher, SearchLimit
from game.rules.protocol import GameState

TURN_STEPS = 60
"""Most decisions followed within one turn (a turn has far fewer); a guard, never reached."""
TIE_NOISE = 1e-6
"""Random tie-breaking between equal values (from the bot's RNG, so reproducible)."""


class TurnPlanner(Searcher):
    """Scores each root action by the mover's value once its turn is over."""

    def __init__(self, evaluator: Evaluator, widths: tuple[int, ...] = ()) -> None:
        self.evaluator = evaluator
        self.widths = widths
        self.depth = len(widths) + 1
        """Decisions searched in full before the greedy rollout (the root's included)."""

    def analyse(
        self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit
    ) -> list[ScoredAction]:
        """One score per root action: the mover's value at the end of its turn."""
        seat = state.current_player()
        scored = []
        for action in actions:
            state.apply(action)
            if limit.exhausted:
                value = self._value(state, seat, rng, limit)
            else:
                value = self._turn_value(state, seat, self.depth - 1, rng, limit)
            state.undo()
            scored.append(ScoredAction(action, value))
        return scored

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
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                applied += 1
                continue
            if depth > 0 and not limit.exhausted:
                value = self._best_continuation(state, seat, depth, rng, limit)
                break
            state.apply(self._greedy_step(state, seat, rng, limit))
            applied += 1
        if value is None:
            value = self._value(state, seat, rng, limit)
        for _ in range(applied):
            state.undo()
        return value

    def _best_continuation(self, state: GameState, seat: int, depth: int, rng: random.Random,
                           limit: SearchLimit) -> float:
        """The best value over the most promising actions (as many as this level's width, ``depth`` levels
        before the rollout), each planned ``depth - 1`` deeper."""
        ranked = self._ranked(state, seat, rng, limit)
        best = -2.0
        for _, action in ranked[:self.widths[-depth]]:
            state.apply(action)
            best = max(best, self._turn_value(state, seat, depth - 1, rng, limit))
            state.undo()
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
