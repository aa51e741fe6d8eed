"""Soak: Hard's depth-3 search through long games gives the same scores with its shared evaluation
cache as with a fresh evaluation at every leaf (it fails if the tally's key drops owners, potential or
enhancement)."""

from __future__ import annotations

import random

import pytest

from game.ai.alphabeta import AlphaBeta
from game.ai.base import Budget, terminal_or
from game.ai.magistrat_eval import HARD, MagiStratEval
from game.rules.magistrat import new_game
from game.rules.protocol import GameState

_EVERY = 25
_MOVES = 600


def _fresh(state: GameState) -> list[float]:
    return MagiStratEval(HARD)(state)


def _scores(searcher: AlphaBeta, state: GameState) -> list[tuple[str, float]]:
    actions = state.legal_actions()
    scored = searcher.analyse(state, actions, random.Random(0), Budget(60_000).start())
    return [(str(s.action), s.value) for s in scored]


@pytest.mark.soak
@pytest.mark.parametrize("seed", [1, 2])
def test_cached_search_equals_a_search_with_fresh_evaluations(seed: int) -> None:
    """Every ``_EVERY`` moves of a ``_MOVES``-move random game (random set-up), the cached and the
    uncached depth-3 searches score every root move alike."""
    cached = AlphaBeta(terminal_or(MagiStratEval(HARD)), 3)
    uncached = AlphaBeta(terminal_or(_fresh), 3)
    state = new_game({"setup": "random", "setup_seed": seed})
    rng = random.Random(seed)
    checked = 0
    for move in range(_MOVES):
        if state.is_terminal():
            break
        if move % _EVERY == 0:
            assert _scores(cached, state) == _scores(uncached, state), f"move {move}"
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 4
