"""The move cache: legal actions, positions and undo agree with a from-scratch generation at every step.

Seeded random games (set-up phase included) mix in undo runs, clones and JSON round-trips; the fast
set runs by default, hundreds of games under ``-m soak``.
"""

from __future__ import annotations

import random

import pytest

from game.rules.magistrat import MagiStratState, new_game
from game.rules.magistrat.board import KING
from game.rules.magistrat.position import encode_row, encode_tail, join_rows
from game.rules.magistrat.tables import PREY_SHIFT


def _fresh_position(s: MagiStratState) -> str:
    """The position text encoded from the piece arrays, bypassing the row cache."""
    t = s.t
    rows = [encode_row(s.board, row, t.kind, s.owner, s.rem, t.full, s.enh, t.table.potential)
            for row in range(24)]
    return join_rows(rows, encode_tail(s.side, s.step, s.no_progress, t.quality, s.winner, s.reason))


def _fresh_prey(s: MagiStratState) -> int:
    """The ``prey`` mask (each side's non-King pieces) computed from the board."""
    return sum(1 << c << PREY_SHIFT[s.owner[pid]] for c, pid in enumerate(s.board)
               if pid >= 0 and s.t.kind[pid] != KING)


def _check(s: MagiStratState) -> list[str]:
    """Assert the cached generation and masks equal the from-scratch ones; return the actions as text."""
    actions = s.legal_actions()
    assert actions == s.uncached_legal_actions()
    assert s.prey == _fresh_prey(s)
    assert s._selectors == (bytes(1 - side for side in s.owner), bytes(s.owner))  # steals, undo
    assert s.position() == _fresh_position(s)
    return [str(a) for a in actions]


def walk_game(seed: int, max_decisions: int = 5000) -> int:
    """Play one seeded random game checking the cache at every step; returns the decisions played."""
    rng = random.Random(seed)
    options = {"setup": "random", "setup_seed": seed} if seed % 4 else {}
    s = new_game(options)
    decisions = 0
    while not s.is_terminal() and decisions < max_decisions:
        texts = _check(s)
        roll = rng.random()
        if roll < 0.1:
            # Look ahead a few plies and take them back: each undo restores the position and its actions.
            # Some plies are not looked at (as in a search: several applies or undos in a row).
            trail = [(s.position(), texts)]
            for _ in range(rng.randint(1, 4)):
                if s.is_terminal():
                    break
                s.apply(rng.choice(s.legal_actions()))
                trail.append((s.position(), _check(s) if rng.random() < 0.5 else None))
            for position, actions in reversed(trail[:-1]):
                s.undo()
                if actions is not None and rng.random() < 0.5:
                    assert s.position() == position and _check(s) == actions
            assert _check(s) == texts
        elif roll < 0.15:
            copy = s.clone()
            assert copy.position() == s.position() and _check(copy) == texts
            copy.apply(rng.choice(copy.legal_actions()))
            _check(copy)
            assert _check(s) == texts  # the copy shares nothing that it changes
        elif roll < 0.2:
            again = MagiStratState.from_json(s.to_json())
            assert again.position() == s.position() and _check(again) == texts
        s.apply(rng.choice(s.legal_actions()))
        decisions += 1
    _check(s)
    return decisions


@pytest.mark.parametrize("seed", range(6))
def test_cache_matches_scratch_generation(seed: int) -> None:
    assert walk_game(seed, max_decisions=600) > 0


def test_search_walk_keeps_the_cache_exact() -> None:
    """A depth-3 apply/undo walk (as the AI searches) sees the from-scratch actions at every node."""
    s = new_game({"setup": "random", "setup_seed": 5})
    rng = random.Random(5)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))

    def walk(depth: int) -> int:
        texts = _check(s)
        if depth == 0 or s.is_terminal():
            return 1
        nodes = 1
        for action in rng.sample(s.legal_actions(), 4):
            s.apply(action)
            nodes += walk(depth - 1) if rng.random() < 0.7 else 1  # some leaves are never looked at
            s.undo()
        assert _check(s) == texts
        return nodes

    assert walk(3) > 20


def search_walks(seed: int, walks: int) -> int:
    """Play a random game and, every 50 moves, an alpha-beta-like walk (depth 3, every reply at the
    last level) checking every node against the from-scratch generation; returns the nodes seen."""
    s = new_game({"setup": "random", "setup_seed": seed})
    rng = random.Random(seed)

    def walk(depth: int) -> int:
        texts = _check(s)
        if depth == 0 or s.is_terminal():
            return 1
        actions = s.legal_actions()
        nodes = 1
        for action in rng.sample(actions, len(actions) if depth == 1 else min(len(actions), 5)):
            s.apply(action)
            nodes += walk(depth - 1)
            s.undo()
        assert _check(s) == texts
        return nodes

    nodes = 0
    for ply in range(50 * walks):
        if s.is_terminal():
            break
        if ply % 50 == 49:
            nodes += walk(3)
        s.apply(rng.choice(s.legal_actions()))
    return nodes


def test_search_walks_through_a_game_keep_the_cache_exact() -> None:
    assert search_walks(13, walks=4) > 1000


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(40))
def test_search_walks_through_a_game_keep_the_cache_exact_soak(seed: int) -> None:
    assert search_walks(seed, walks=12) > 0


def test_undo_after_resign_keeps_the_cache_exact() -> None:
    s = new_game({"setup": "random", "setup_seed": 3})
    rng = random.Random(3)
    for _ in range(30):
        s.apply(rng.choice(s.legal_actions()))
    texts = _check(s)
    s.resign(s.side)
    assert s.legal_actions() == []
    s.undo()
    assert _check(s) == texts


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(200))
def test_cache_matches_scratch_generation_soak(seed: int) -> None:
    assert walk_game(1000 + seed) > 0


def test_a_destroyed_piece_brought_back_by_undo_gets_fresh_moves() -> None:
    # Found by a search-like walk: the Apprentice's moves were cached on b5 in one line, it was then
    # destroyed on c4 (by the Priest's attack below h-c4) while White's pieces were checked, and undo
    # brought it back with the b5 moves.
    s = MagiStratState.from_position(
        "1m1M(41)1m(48)1m/P(69)6n/1n(11)n(18)4n/2M(22)N(2)M(41)3/2N(11)NN(2)2n(21)/m(30)2M1A(61)2/"
        "M(41)m(41)1P*(101)P(108)n(3)1N(10)/2M1M(51)1M(51)M|6k(120)1/8/1a(40)4A(80)1/8/1A(20)1K(140)4/"
        "4A(80)a(46)2/1p3p(69)2/1P(100)2Pp2|8/1g6/3G2g1/8/G7/8/3G2g1/G1g5 b play 6 100,100 -")
    for text in ("dg2-dg5", "gc4-gb5", "dc1-dh1"):
        s.apply(s.parse_action(text))
    s.legal_actions()
    for _ in range(3):
        s.undo()
    s.apply(s.parse_action("hf1-hc4x"))
    s.legal_actions()
    s.undo()
    s.apply(s.parse_action("hb6-hc6"))
    moves = {str(action) for action in s.legal_actions()}
    assert moves == {str(action) for action in s.uncached_legal_actions()}
    assert "gc4-gb5" in moves
