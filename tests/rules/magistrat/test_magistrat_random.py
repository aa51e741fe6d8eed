"""Seeded random games: invariants at every step (fast set by default, thousands under ``-m soak``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules.magistrat import MagiStratState, Move, move, new_game
from game.rules.magistrat.board import APPRENTICE, DIVINE, GOD, GROUND, HIGH, MAGE, layer_of
from game.rules.protocol import Event

MAX_DECISIONS = 5000
"""Far above any real game: the no-progress rule ends games long before."""


def _check_consistency(s: MagiStratState) -> None:
    pieces = s.pieces()
    assert len({p.cell for p in pieces}) == len(pieces)
    for p in pieces:
        layer = layer_of(p.cell)
        if p.kind == GOD:
            assert layer == DIVINE
        elif p.kind in (MAGE, APPRENTICE):
            assert layer == GROUND or (layer == HIGH and p.enhanced)
        else:
            assert layer in (GROUND, HIGH)
        if p.kind != GOD:
            assert 0 < p.remaining <= p.full


def _counts(s: MagiStratState) -> Counter[int]:
    return Counter(p.owner for p in s.pieces())


def _total_potential(s: MagiStratState) -> int:
    return sum(p.remaining for p in s.pieces())


def _expected_counts(before: Counter[int], events: list[Event]) -> Counter[int]:
    expected = Counter(before)
    for e in events:
        if e.kind == "stolen":
            expected[int(e.data["player"])] += 1
            expected[1 - int(e.data["player"])] -= 1
        elif e.kind in ("destroyed", "dropped_out"):
            expected[int(e.data["player"])] -= 1
        elif e.kind == "placed":
            expected[int(e.data["player"])] += 1
    return expected


def play_checked_game(seed: int, deep_every: int) -> list[str]:
    """Play one seeded random game checking invariants; return its action log.

    Piece counts per player change only by placements, steals and destructions (as the events
    report them), and the total potential on the cube never increases.
    """
    rng = random.Random(seed)
    options = {"setup": "random", "setup_seed": seed} if seed % 3 else {}
    s = new_game(options)
    log: list[str] = []
    while not s.is_terminal():
        assert len(log) < MAX_DECISIONS
        actions = s.legal_actions()
        texts = [str(a) for a in actions]
        assert actions and len(set(texts)) == len(texts)
        action = rng.choice(actions)
        assert s.parse_action(str(action)) == action and s.is_legal(action)
        deep = len(log) % deep_every == 0
        if deep:
            before_position = s.position()
            copy = s.clone()
            again = MagiStratState.from_json(s.to_json())
            assert again.position() == before_position and [str(a) for a in again.legal_actions()] == texts
        counts, potential, placing = _counts(s), _total_potential(s), s.in_setup()
        events = s.apply(action)
        log.append(str(action))
        _check_consistency(s)
        assert _counts(s) == _expected_counts(counts, events)
        assert placing or _total_potential(s) <= potential
        if deep:
            assert copy.position() == before_position
            assert again.apply(action) == events and again.position() == s.position()
            s.undo()
            assert s.position() == before_position
            s.apply(action)
    assert s.legal_actions() == [] and s.result() is not None
    return log


def test_random_games_keep_every_invariant() -> None:
    for seed in range(30):
        play_checked_game(seed, deep_every=25)


def test_same_seed_plays_the_same_game() -> None:
    assert play_checked_game(7, deep_every=1000) == play_checked_game(7, deep_every=1000)


@pytest.mark.soak
def test_random_games_soak() -> None:
    for seed in range(1000, 4000):
        play_checked_game(seed, deep_every=5)


def test_attack_variant_is_offered_exactly_when_the_attack_makes_an_exchange() -> None:
    """Move generation's target checks agree with the attack itself (forced through ``apply``)."""
    for seed in range(8):
        rng = random.Random(seed)
        s = new_game({"setup": "random", "setup_seed": seed})
        turn = 0
        while not s.is_terminal():
            actions = s.legal_actions()
            if turn % 10 == 0:
                offered = {str(a) for a in actions}
                for action in actions:
                    if isinstance(action, Move) and not action.attack and action.frm < 128:  # no God attacks
                        attacking = move(action.frm, action.to, True)
                        events = s.clone().apply(attacking)
                        assert any(e.kind == "attacked" for e in events) == (str(attacking) in offered)
            s.apply(rng.choice(actions))
            turn += 1
