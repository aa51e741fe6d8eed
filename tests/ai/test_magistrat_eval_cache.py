"""The MagiStrat evaluation's tally cache: values equal a fresh evaluation's, set-up phase included."""

from __future__ import annotations

import random

import pytest

from game.ai.magistrat_eval import DEFAULT, HARD, MagiStratEval, Weights
from game.rules.magistrat import MagiStratState, new_game
from game.rules.magistrat.board import GOD, MAGE
from game.rules.magistrat.state import SETUP_STEPS


def _positions(seed: int, options: dict[str, object]) -> list[MagiStratState]:
    """Every position of a seeded random game (capped), each with look-ahead children taken back."""
    state = new_game(options)
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal() and len(seen) < 500:
        seen.append(state.clone())
        for action in rng.sample(state.legal_actions(), min(3, len(state.legal_actions()))):
            state.apply(action)
            if not state.is_terminal():
                seen.append(state.clone())
            state.undo()
        state.apply(rng.choice(state.legal_actions()))
    return seen


@pytest.mark.parametrize("weights", [DEFAULT, HARD], ids=["default", "hard"])
@pytest.mark.parametrize(("seed", "options"), [(1, {}), (2, {"setup": "random", "setup_seed": 2})])
def test_cached_values_equal_a_fresh_evaluation(
    weights: Weights, seed: int, options: dict[str, object]
) -> None:
    """One evaluation used all game long (cache hits from positions that differ only in where pieces
    stand) gives exactly what a new evaluation gives each position."""
    shared = MagiStratEval(weights)
    positions = _positions(seed, options)
    assert any(p.step < SETUP_STEPS for p in positions) == (options == {})
    for position in positions:
        assert shared(position) == MagiStratEval(weights)(position)
        assert shared.raw_scores(position) == MagiStratEval(weights).raw_scores(position)


def test_a_placed_piece_has_potential_exactly_while_on_the_cube() -> None:
    """What the cache key relies on: in play, a piece other than a God (Gods have no potential, and the
    tally skips them) has potential 0 exactly when it has left the cube."""
    for position in _positions(3, {"setup": "random", "setup_seed": 3}):
        for pid, cell in enumerate(position.cell):
            if position.t.kind[pid] != GOD:
                assert (cell < 0) == (position.rem[pid] == 0)


@pytest.mark.parametrize("change", ["owner", "enh", "rem"])
def test_positions_of_one_game_that_differ_in_a_keyed_table_get_their_own_tally(change: str) -> None:
    """A piece's owner (a God power's steal costs no potential), enhancement or potential changed
    in place: the cached evaluation sees it."""
    before = new_game({"setup": "random", "setup_seed": 4})
    rng = random.Random(4)
    for _ in range(40):
        before.apply(rng.choice(before.legal_actions()))
    after = before.clone()  # shares the game's tables, as the positions of a search do
    mage = next(pid for pid, kind in enumerate(after.t.kind) if kind == MAGE and after.cell[pid] >= 0)
    table = getattr(after, change)
    table[mage] = {"owner": 1 - table[mage], "enh": not table[mage], "rem": table[mage] - 1}[change]
    shared = MagiStratEval(HARD)
    assert shared(before) == MagiStratEval(HARD)(before)
    assert shared(after) == MagiStratEval(HARD)(after) != shared(before)
