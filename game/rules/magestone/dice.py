"""Exact contest probabilities and concrete dice rolls (ties re-rolled until decided)."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache


@cache
def sum_distribution(sides: int, count: int) -> dict[int, Fraction]:
    """Exact distribution of the sum of ``count`` dice with ``sides`` faces."""
    dist = {0: Fraction(1)}
    face = Fraction(1, sides)
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for f in range(1, sides + 1):
                nxt[total + f] = nxt.get(total + f, Fraction(0)) + p * face
        dist = nxt
    return dist


@cache
def attacker_win_probability(sides: int, count: int, defender_sides: int) -> Fraction:
    """P(attacker wins) for ``count``d``sides`` against 1d``defender_sides``, ties re-rolled.

    With re-rolls the contest ends on the first decisive roll, so the answer is
    P(a > d) / (1 - P(a = d)).
    """
    attack = sum_distribution(sides, count)
    defend = sum_distribution(defender_sides, 1)
    win = tie = Fraction(0)
    for a, pa in attack.items():
        for d, pd in defend.items():
            if a > d:
                win += pa * pd
            elif a == d:
                tie += pa * pd
    return win / (1 - tie)


def roll_contest(rng: random.Random, sides: int, count: int,
                 defender_sides: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Roll a contest with ``rng``: every roll (attacker faces, defender face), the decisive one last."""
    rolls = []
    while True:
        faces = tuple(rng.randint(1, sides) for _ in range(count))
        defender = rng.randint(1, defender_sides)
        rolls.append((faces, defender))
        if sum(faces) != defender:
            return tuple(rolls)


def die_name(sides: int, count: int) -> str:
    """Text such as ``"2d6"`` or ``"d20"``."""
    return f"{count if count > 1 else ''}d{sides}"
