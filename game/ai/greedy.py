"""A cheap greedy player for tuning game content by self-play (not a difficulty level).

For each legal action it plays out the rest of its own turn greedily (each later
choice by the evaluation one step ahead, chance by a draw from its own RNG) and
keeps the action whose turn ends best for it. Much stronger than random and far
cheaper than search, so thousands of games measure how content plays.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.base import Evaluator, ScoredAction, Searcher, SearchLimit
from game.rules.protocol import GameState

TURN_STEPS = 40
"""Most later decisions followed within one turn (a turn has far fewer)."""


class Greedy(Searcher):
    """Scores each root action by the evaluation at the end of the mover's turn."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.evaluator = evaluator

    def analyse(
        self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit
    ) -> list[ScoredAction]:
        """One score per root action: the value for the mover once its turn is over."""
        seat = state.current_player()
        scored = []
        for action in actions:
            state.apply(action)
            steps = 1 + self._finish_turn(state, seat, rng)
            value = self.evaluator(state)[seat] + rng.random() * 1e-6
            for _ in range(steps):
                state.undo()
            scored.append(ScoredAction(action, value))
            limit.tick()
        return scored

    def _finish_turn(self, state: GameState, seat: int, rng: random.Random) -> int:
        """Play on while ``seat`` (or chance within its turn) acts; returns the actions applied."""
        steps = 0
        while steps < TURN_STEPS and not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
            elif state.current_player() == seat:
                state.apply(self._best_step(state, seat, rng))
            else:
                break
            steps += 1
        return steps

    def _best_step(self, state: GameState, seat: int, rng: random.Random) -> Any:
        best, best_value = None, -2.0
        for action in state.legal_actions():
            state.apply(action)
            value = self.evaluator(state)[seat] + rng.random() * 1e-6
            state.undo()
            if value > best_value:
                best, best_value = action, value
        return best
