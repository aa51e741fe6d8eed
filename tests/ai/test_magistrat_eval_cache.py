"""The MagiStrat evaluation's tally cache: values equal a fresh evaluation's, set-up phase included."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.magistrat_eval import DEFAULT, HARD, MagiStratEval, Weights
from game.rules.magistrat import MagiStratState, new_game
from game.rules.magistrat.board import ARCHMAGE, GOD, MAGE
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


def test_what_the_tally_key_relies_on() -> None:
    """What the cache key relies on: in play, a piece other than a God (Gods have no potential, and the
    tally skips them) has potential 0 exactly when it has left the cube; ``enhanced`` lists exactly the
    enhanced pieces."""
    for position in _positions(3, {"setup": "random", "setup_seed": 3}):
        assert set(position.enhanced) == {pid for pid, enhanced in enumerate(position.enh) if enhanced}
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
    if change == "enh":  # as the state keeps it: pieces in the order they were enhanced
        kept = tuple(pid for pid in before.enhanced if pid != mage)
        after.enhanced = (*kept, mage) if after.enh[mage] else kept
    assert (after.enhanced == before.enhanced) == (change != "enh")  # only the changed table tells them apart
    shared = MagiStratEval(HARD)
    assert shared(before) == MagiStratEval(HARD)(before)
    assert shared(after) == MagiStratEval(HARD)(after) != shared(before)


def _reference_hunt(s: MagiStratState, side: int) -> tuple[int, float]:
    """King hunt by the plain rule: each own Archmage (or enhanced Mage) on the enemy King's layer that
    can slide along its rank to the King's file and sees a clear column up to the King, plus nearness
    of every own Archmage and Mage on that layer to the King's file."""
    king = s.t.king[1 - side]
    if king < 0 or s.cell[king] < 0 or s.enh[king]:
        return 0, 0.0
    layer, king_file, king_rank = s.cell[king] // 64, s.cell[king] % 8, s.cell[king] // 8 % 8
    reach, near = 0, 0.0
    for pid, cell in enumerate(s.cell):
        if cell < 0 or s.owner[pid] != side or s.t.kind[pid] not in (ARCHMAGE, MAGE) or cell // 64 != layer:
            continue
        file, rank = cell % 8, cell // 8 % 8
        near += (7 - abs(file - king_file)) / 7
        if not (s.enh[pid] or s.t.kind[pid] == ARCHMAGE):
            continue
        files = range(file + 1, king_file + 1) if king_file > file else range(king_file, file)
        ranks = range(min(rank, king_rank) + 1, max(rank, king_rank))
        if (all(s.board[layer * 64 + r * 8 + f] < 0 for r, f in [(rank, f) for f in files])
                and all(s.board[layer * 64 + r * 8 + king_file] < 0 for r in ranks)):
            reach += 1
    return reach, near


def test_king_hunt_follows_the_plain_rule() -> None:
    """Hard's King hunt term equals the rule computed cell by cell, over positions of several games."""
    evaluation = MagiStratEval(HARD)
    plain = MagiStratEval(replace(HARD, king_reach=0.0, king_near=0.0))
    reaching = 0
    for seed in (5, 6, 7):
        for position in _positions(seed, {"setup": "random", "setup_seed": seed})[::3]:
            with_hunt, without = evaluation.raw_scores(position), plain.raw_scores(position)
            for side in (0, 1):
                hunt = with_hunt[side] - without[side]
                reach, near = _reference_hunt(position, side)
                assert hunt == pytest.approx(HARD.king_reach * reach + HARD.king_near * near)
                reaching += reach > 0
    assert reaching > 20  # the clear-line part is exercised, not only nearness
