"""Play bots against each other: single games, seat-rotated arenas (optionally in parallel), self-play.

All randomness is seeded: the match dice come from the match seed
(``dice_rng``) and each bot gets its own ``random.Random`` derived from the
game seed and its seat, so an arena run is reproducible.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import partial
from pathlib import Path
from typing import Any

from game.ai.arena_record import ArenaRecord, GameRecord
from game.ai.base import Bot
from game.ai.games import new_state, opening_options
from game.ai.levels import make_bot
from game.rules.match import Match
from game.rules.protocol import GameResult

GO_LIMIT_REASON = "go limit"

OPENING_LEVEL = "easy"
"""Who plays an arena's opening goes (``opening_goes``): a noisy near-best player, so that deterministic
levels meet many positions rather than one per seat."""


def play_game(
    game_id: str, options: Mapping[str, Any] | None, bots: Sequence[Bot], seed: int,
    go_limit: int | None = None, opening_goes: int = 0, opening_seed: int = 0,
) -> tuple[GameResult, Match]:
    """Play one game with ``bots[seat]`` for each seat; returns the result and the match.

    A game still running after ``go_limit`` goes (a go ends whenever another
    seat comes to act) is scored a draw with reason ``"go limit"``. The first ``opening_goes`` goes are
    played by Easy (its noise seeded by ``opening_seed`` alone, so the same seed plays the same opening
    whoever sits where) before the bots take over.
    """
    match = Match(new_state(game_id, options), seed)
    if len(bots) != match.state.num_players:
        raise ValueError(f"{len(bots)} bots for {match.state.num_players} seats")
    rngs = [random.Random(f"ai/{seed}/{seat}") for seat in range(len(bots))]
    opening_bots = [make_bot(game_id, OPENING_LEVEL, len(bots)) for _ in bots] if opening_goes else []
    opening_rng = random.Random(f"opening/{opening_seed}")
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
        if goes < opening_goes:
            match.play(opening_bots[seat].choose(match.state, opening_rng))
        else:
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


LINEUPS: tuple[str, ...] = ("alternate", "one-vs-rest")
"""How an arena seats the two levels: round the table, or A alone against B everywhere else."""


def a_seats(lineup: str, players: int, game: int) -> frozenset[int]:
    """The seats level A plays in game number ``game`` of an arena.

    ``"alternate"``: A B A B, then B A B A (two seats: A swaps seat every game).
    ``"one-vs-rest"``: A at the one seat ``game % players`` (rotating 0, 1, 2, 3), B at all others.
    With two seats both lineups are the same.
    """
    if lineup == "alternate":
        return frozenset(seat for seat in range(players) if (seat + game) % 2 == 0)
    if lineup == "one-vs-rest":
        return frozenset({game % players})
    raise ValueError(f"unknown lineup {lineup!r}; expected one of {', '.join(LINEUPS)}")


def goes_played(match: Match) -> int:
    """How many goes ``match`` has had (a go ends whenever another seat comes to act; chance aside)."""
    goes, last = 0, None
    for entry in match.log:
        if entry.actor >= 0 and entry.actor != last:
            goes, last = goes + 1, entry.actor
    return goes


def _arena_game(
    game_id: str, options: Mapping[str, Any], level_a: str, level_b: str, lineup: str,
    seed: int, go_limit: int | None, keep_logs: bool, opening_goes: int, game: int,
) -> GameRecord:
    """Game ``game`` of an arena: ``"a"``, ``"b"`` (the level with a winner) or ``"d"`` (drawn), its
    length in goes, whether the go limit cut it, and with ``keep_logs`` its options and action log.

    For a game with openings (see :func:`~game.ai.games.opening_options`), each opening is played
    once per seat rotation (A as White then as Black), and options given explicitly win; so is each
    opening of ``opening_goes`` goes (see :func:`play_game`).
    """
    players = int(options["players"])
    seats = a_seats(lineup, players, game)
    bots = [make_bot(game_id, level_a if seat in seats else level_b, players) for seat in range(players)]
    rotation = 2 if lineup == "alternate" else players
    opening_seed = seed * 1000 + game // rotation
    played_options = {**opening_options(game_id, opening_seed), **options}
    result, match = play_game(game_id, played_options, bots, seed * 100_003 + game, go_limit, opening_goes,
                              opening_seed)
    cut = result.reason == GO_LIMIT_REASON
    outcome = "d" if result.is_draw else "a" if any(seat in seats for seat in result.winners) else "b"
    if not keep_logs:
        return GameRecord(outcome, goes_played(match), cut)
    log = tuple((entry.actor, entry.notation) for entry in match.log)
    return GameRecord(outcome, goes_played(match), cut, played_options, log)


def arena_outcomes(
    game_id: str, players: int, level_a: str, level_b: str, games: int, seed: int,
    go_limit: int | None = 400, options: Mapping[str, Any] | None = None,
    lineup: str = "alternate", jobs: int = 1, record: Path | None = None,
    progress: Callable[[int, str], None] | None = None, keep_logs: bool = False, opening_goes: int = 0,
) -> list[str]:
    """The outcome (``"a"``, ``"b"``, ``"d"`` for a draw) of each of ``games`` seeded arena games, in order.

    See :func:`arena_games` (the same games, with their lengths).
    """
    return [game.outcome for game in arena_games(game_id, players, level_a, level_b, games, seed, go_limit,
                                                 options, lineup, jobs, record, progress, keep_logs,
                                                 opening_goes)]


def arena_games(
    game_id: str, players: int, level_a: str, level_b: str, games: int, seed: int,
    go_limit: int | None = 400, options: Mapping[str, Any] | None = None,
    lineup: str = "alternate", jobs: int = 1, record: Path | None = None,
    progress: Callable[[int, str], None] | None = None, keep_logs: bool = False, opening_goes: int = 0,
    first_game: int = 0,
) -> list[GameRecord]:
    """Each of ``games`` seeded arena games, in order: outcome, length and whether the go limit cut it.

    Game ``g`` is seeded by ``seed`` and ``g`` alone, so ``jobs`` processes
    (spawned, each game played whole in one of them) give the same list as one.
    Spawned processes know only the games and levels registered on import, not
    ones added at run time with ``register_game``/``register_level``. With
    ``record`` each outcome goes to that file as its game ends, and games
    already there are not played again (see :mod:`game.ai.arena_record`).
    ``progress(game, outcome)`` is called as each game is played. With ``keep_logs`` each game played
    keeps its options and action log (in the record file too). With ``opening_goes`` each game's first goes
    are a seeded opening (see :func:`play_game`), each played once from every seat rotation. With
    ``first_game`` the games are those from that index on (a later stretch of the same seeded row, so that a
    candidate level is screened on games no earlier run was chosen by).
    """
    a_seats(lineup, players, 0)  # reject an unknown lineup before any game is played
    if opening_goes < 0:
        raise ValueError(f"opening_goes must be 0 or more, not {opening_goes}")
    if first_game < 0:
        raise ValueError(f"first_game must be 0 or more, not {first_game}")
    indices = range(first_game, first_game + games)
    settings: dict[str, Any] = {"game": game_id, "players": players, "a": level_a, "b": level_b, "seed": seed,
                                "go_limit": go_limit, "lineup": lineup, "options": dict(options or {})}
    if opening_goes:
        settings["opening_goes"] = opening_goes
    log = ArenaRecord(record, settings) if record is not None else None
    known = dict(log.games) if log is not None else {}
    todo = [game for game in indices if game not in known]
    play = partial(_arena_game, game_id, {**dict(options or {}), "players": players},
                   level_a, level_b, lineup, seed, go_limit, keep_logs, opening_goes)

    def finished(game: int, played: GameRecord) -> None:
        known[game] = played
        if log is not None:
            log.add(game, played)
        if progress is not None:
            progress(game, played.outcome)

    if jobs <= 1 or len(todo) <= 1:
        for game in todo:
            finished(game, play(game))
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=context) as pool:
            futures = {pool.submit(play, game): game for game in todo}
            for future in as_completed(futures):
                finished(futures[future], future.result())
    return [known[game] for game in indices]


def arena(
    game_id: str, players: int, level_a: str, level_b: str, games: int, seed: int,
    go_limit: int | None = 400, options: Mapping[str, Any] | None = None,
    lineup: str = "alternate", jobs: int = 1, record: Path | None = None,
    progress: Callable[[int, str], None] | None = None, keep_logs: bool = False, opening_goes: int = 0,
    first_game: int = 0,
) -> dict[str, Any]:
    """``games`` seeded games of ``level_a`` against ``level_b``, seats rotated every game.

    ``lineup`` seats the levels (see :func:`a_seats`); ``jobs`` plays the games in
    that many processes with identical results; ``record`` keeps each outcome in
    that file and resumes from it (with ``keep_logs``, each game's options and log too), and
    ``progress`` hears of each game played (see :func:`arena_outcomes`). ``a_score`` counts a draw as half
    a win; ``ci95`` is its Wilson interval; ``even_share`` is the score A would
    get if every seat were equally strong (its share of the seats); ``outcomes``
    holds each game's ``a``/``b``/``d`` in order (game ``g``'s seats: :func:`a_seats`);
    ``median_goes`` is the median game length in goes (MagiStrat: moves) and ``cut_share`` the share
    of games the go limit cut (both over the games whose length is known: a record file written
    before lengths were kept has none; None when no game's is). With ``first_game`` the games are those from
    that index on (:func:`arena_games`), and ``outcomes`` starts with that game's.
    """
    played = arena_games(game_id, players, level_a, level_b, games, seed, go_limit, options,
                         lineup, jobs, record, progress, keep_logs, opening_goes, first_game)
    outcomes = [game.outcome for game in played]
    a_wins, b_wins, draws = (outcomes.count(kind) for kind in ("a", "b", "d"))
    score = a_wins + 0.5 * draws
    lengths = [game.goes for game in played if game.goes is not None]
    measured = [game.cut for game in played if game.cut is not None]
    return {"games": games, "first_game": first_game, "a_wins": a_wins, "b_wins": b_wins, "draws": draws,
            "a_score": score / games if games else 0.0, "ci95": wilson_interval(score, games),
            "lineup": lineup, "even_share": len(a_seats(lineup, players, 0)) / players,
            "outcomes": "".join(outcomes),
            "median_goes": statistics.median(lengths) if lengths else None,
            "cut_share": sum(measured) / len(measured) if measured else None}
