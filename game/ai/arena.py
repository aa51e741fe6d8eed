"""Play bots against each other: single games, seat-swapped arenas, self-play.

All randomness is seeded: the match dice come from the match seed
(``dice_rng``) and each bot gets its own ``random.Random`` derived from the
game seed and its seat, so an arena run is reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.ai.base import Bot
from game.ai.games import new_state
from game.ai.levels import make_bot
from game.rules.match import Match
from game.rules.protocol import GameResult

GO_LIMIT_REASON = "go limit"


def play_game(
    game_id: str, options: Mapping[str, Any] | None, bots: Sequence[Bot], seed: int,
    go_limit: int | None = None,
) -> tuple[GameResult, Match]:
    """Play one game with ``bots[seat]`` for each seat; returns the result and the match.

    A game still running after ``go_limit`` goes (a go ends whenever another
    seat comes to act) is scored a draw with reason ``"go limit"``.
    """
    match = Match(new_state(game_id, options), seed)
    if len(bots) != match.state.num_players:
        raise ValueError(f"{len(bots)} bots for {match.state.num_players} seats")
    rngs = [random.Random(f"ai/{seed}/{seat}") for seat in range(len(bots))]
    match.resolve_chance()
    goes = 0
    last_seat = match.state.current_player()
    while not match.state.is_terminal():
        seat = match.state.current_player()
        if seat != last_seat:
            goes += 1
            last_seat = seat
            if go_limit is not None and goes >= go_limit:
                return GameResult((), GO_LIMIT_REASON), match
        match.play(bots[seat].choose(match.state, rngs[seat]))
    result = match.state.result()
    assert result is not None
    return result, match


def selfplay(
    game_id: str, options: Mapping[str, Any] | None, level: str, seed: int, go_limit: int | None = None
) -> Match:
    """A whole game of ``level`` against itself at every seat."""
    players = int((options or {}).get("players", 2))
    bots = [make_bot(game_id, level, players) for _ in range(players)]
    return play_game(game_id, options, bots, seed, go_limit)[1]


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a rate (draws may count as half successes)."""
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - spread), min(1.0, centre + spread))


def arena(
    game_id: str, players: int, level_a: str, level_b: str, games: int, seed: int,
    go_limit: int | None = 400, options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """``games`` seeded games of ``level_a`` against ``level_b``, seats swapped every game.

    With 4 seats the two levels alternate round the table (A B A B, then B A B A).
    ``a_score`` counts a draw as half a win; ``ci95`` is its Wilson interval.
    """
    match_options = {**dict(options or {}), "players": players}
    a_wins = b_wins = draws = 0
    for game in range(games):
        a_seats = {seat for seat in range(players) if (seat + game) % 2 == 0}
        levels = [level_a if seat in a_seats else level_b for seat in range(players)]
        bots = [make_bot(game_id, level, players) for level in levels]
        result, _ = play_game(game_id, match_options, bots, seed * 100_003 + game, go_limit)
        if result.is_draw:
            draws += 1
        elif any(seat in a_seats for seat in result.winners):
            a_wins += 1
        else:
            b_wins += 1
    score = a_wins + 0.5 * draws
    return {"games": games, "a_wins": a_wins, "b_wins": b_wins, "draws": draws,
            "a_score": score / games if games else 0.0, "ci95": wilson_interval(score, games)}
