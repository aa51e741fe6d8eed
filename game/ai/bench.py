"""Timing of the AI levels: median seconds per full go (MageStone, Magnastorm) or move (MagiStrat).

A go is every decision one seat makes before another seat acts, so for
MageStone it sums the several actions of a whole go, and for Magnastorm the
decisions of a whole turn (each one a separate request to the worker, so a turn
is the larger figure). Positions come from
seeded self-play at the measured level, so they look like real games. Times are CPU seconds
of this process (the AI is single-threaded, so on an idle core they equal
wall time), which keeps the figures honest on a busy machine.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from game.ai.games import new_state
from game.ai.levels import make_bot
from game.rules.match import Match


def go_times(
    game_id: str, options: Mapping[str, Any] | None, level: str, seed: int, goes: int, skip: int = 0
) -> list[float]:
    """CPU seconds of each of ``goes`` goes of seeded self-play at ``level``, after ``skip`` untimed goes."""
    state = new_state(game_id, options)
    match = Match(state, seed)
    match.resolve_chance()
    bots = [make_bot(game_id, level, state.num_players) for _ in range(state.num_players)]
    rngs = [random.Random(f"bench/{seed}/{seat}") for seat in range(state.num_players)]
    times: list[float] = []
    counted = 0
    while len(times) < goes and not match.state.is_terminal():
        seat = match.state.current_player()
        started = time.process_time()
        while match.state.current_player() == seat:
            match.play(bots[seat].choose(match.state, rngs[seat]))
        if counted >= skip:
            times.append(time.process_time() - started)
        counted += 1
    return times


def median_go_seconds(
    game_id: str, options: Mapping[str, Any] | None, level: str, goes: int, games: int = 2, skip: int = 0
) -> float:
    """Median go time over ``games`` seeded self-play games of ``goes`` goes each."""
    samples = [t for seed in range(games) for t in go_times(game_id, options, level, seed, goes, skip)]
    return statistics.median(samples)


_SETUP_MOVES = 28
"""MagiStrat set-up placements (one per move), skipped so moves of play are timed."""


MAGNASTORM_BENCH_PLAYERS = 4
"""Magnastorm is timed with four players, its widest panels and most decisions per turn."""


def bench_ai(goes: int = 12, games: int = 2) -> dict[str, float]:
    """Median seconds per MageStone go, MagiStrat move (2-player games) and Magnastorm turn (4 players)
    for every level, and per MageStone go of the four-player Hard (its own search)."""
    figures: dict[str, float] = {}
    for level in ("easy", "normal", "hard"):
        figures[f"magestone_{level}_s"] = median_go_seconds("magestone", {"players": 2}, level, goes, games)
        figures[f"magistrat_{level}_s"] = median_go_seconds(
            "magistrat", {"players": 2}, level, goes, games, skip=_SETUP_MOVES
        )
        figures[f"magnastorm_{level}_s"] = median_go_seconds(
            "magnastorm", {"players": MAGNASTORM_BENCH_PLAYERS}, level, goes, games,
            skip=2 * MAGNASTORM_BENCH_PLAYERS,
        )
    figures["magestone_4p_hard_s"] = median_go_seconds("magestone", {"players": 4}, "hard", goes, games)
    return figures
