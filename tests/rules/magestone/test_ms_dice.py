"""Dice fairness: sampled contests match the exact probabilities (seeded, within 4.5 sigma)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from game.rules.magestone.dice import attacker_win_probability, roll_contest

from .helpers import play, position, seat

SAMPLES = 20_000


@pytest.mark.parametrize(("attackers", "dice"), [
    (("e5",), (6, 1, 6)),
    (("e5", "d6"), (6, 2, 6)),
    (("e5", "d6", "f6"), (6, 3, 6)),
])
def test_sampled_warrior_contests_match_exact_odds(attackers: tuple[str, ...],
                                                   dice: tuple[int, int, int]) -> None:
    state = position({"S": seat("i1", "h1", ("e5", "d6", "f6")), "N": seat("h16", "i16", ("e6",))})
    play(state, "+".join(attackers) + "xe6")
    _assert_fair(state.sample_chance, state.is_legal, attacker_win_probability(*dice))


def test_sampled_d20_mage_against_d6_matches_exact_odds() -> None:
    state = position({"S": seat("e5", "h1", (), carried=(0, 4)), "N": seat("h16", "i16", ("e6",))},
                     stones={"g7": [4, 0]})
    play(state, "e5xe6")
    _assert_fair(state.sample_chance, state.is_legal, attacker_win_probability(20, 1, 6))


def test_even_contest_is_fifty_fifty_when_sampled() -> None:
    rng = random.Random(12)
    wins = 0
    for _ in range(SAMPLES):
        faces, defender = roll_contest(rng, 12, 1, 12)[-1]
        wins += sum(faces) > defender
    assert abs(wins / SAMPLES - 0.5) < 4.5 * math.sqrt(0.25 / SAMPLES)


def _assert_fair(sample: Callable[[random.Random], Any], is_legal: Callable[[Any], bool],
                 exact: Fraction) -> None:
    rng = random.Random(2024)
    wins = 0
    for _ in range(SAMPLES):
        roll = sample(rng)
        assert is_legal(roll)
        wins += roll.attacker_wins
    p = float(exact)
    assert abs(wins / SAMPLES - p) < 4.5 * math.sqrt(p * (1 - p) / SAMPLES)
