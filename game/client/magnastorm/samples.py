"""Seeded random Magnastorm positions for the table's screenshots, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.rules.magnastorm import MagnastormState, new_game
from game.rules.protocol import CHANCE, TERMINAL


def random_positions(players: int, seed: int, limit: int = 400) -> Iterator[MagnastormState]:
    """Each state of one random game (random legal decisions, seeded chance) up to ``limit`` decisions.

    Yields the live state before each player decision (do not keep it: it changes; clone it).
    """
    rng = random.Random(seed)
    state = new_game({"players": players, "start_area": 1 + seed % 2})
    decisions = 0
    while decisions < limit:
        player = state.current_player()
        if player == TERMINAL:
            return
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        yield state
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1


def mid_game(players: int, seed: int = 7, decisions: int | None = None) -> MagnastormState:
    """A position some way into a random game: labs on the planet, commanders held, crew spread."""
    wanted = decisions if decisions is not None else 60 * players
    last: MagnastormState | None = None
    for state in random_positions(players, seed, wanted + 1):
        last = state
    assert last is not None
    return last.clone()
