"""Seeded Magnastorm positions for the table's screenshots, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from game.ai.base import Budget, SearchBot
from game.ai.games import evaluator
from game.ai.greedy import Greedy
from game.rules.magnastorm import MagnastormState, new_game
from game.rules.protocol import CHANCE, TERMINAL

Chooser = Callable[[MagnastormState, random.Random], Any]


def random_choice(state: MagnastormState, rng: random.Random) -> Any:
    """A uniformly random legal action."""
    return rng.choice(state.legal_actions())


def random_positions(
    players: int, seed: int, limit: int = 400, choose: Chooser = random_choice
) -> Iterator[MagnastormState]:
    """Each state of one seeded game before a player decision, up to ``limit`` decisions; the
    decisions are random unless ``choose`` picks them, chance is drawn from the seed.

    Yields the live state (do not keep it: it changes; clone it).
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
        state.apply(choose(state, rng))
        decisions += 1


def greedy_choice() -> Chooser:
    """The greedy tuning player (it drops labs, builds stations and takes commanders)."""
    bot = SearchBot("greedy", Greedy(evaluator("magnastorm")), Budget(10_000))
    return lambda state, rng: bot.choose(state, rng)


def mid_game(players: int, seed: int = 7, decisions: int | None = None) -> MagnastormState:
    """A position some way into a game of greedy players: labs on the planet, stations, commanders
    held, objectives claimed, crew on both panels (a fresh copy each call)."""
    return _played(players, seed, decisions if decisions is not None else 25 * players).clone()


@lru_cache(maxsize=32)
def _played(players: int, seed: int, decisions: int) -> MagnastormState:
    last: MagnastormState | None = None
    for state in random_positions(players, seed, decisions + 1, greedy_choice()):
        last = state
    assert last is not None
    return last.clone()
