"""Command line: ``python -m game [play|selfplay|replay|arena|bench|smoke]``."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game import __version__
from game.client.match.games import game_client, registered_games
from game.rules.registry import game_ids, player_counts

LEVELS = ("random", "easy", "normal", "hard")
SEAT_KINDS = ("human", *tuple(f"ai:{level}" for level in LEVELS if level != "random"))
BENCH_TOPICS = ("engine", "ai", "render", "startup", "winchance")
ARENA_LINEUPS = ("alternate", "one-vs-rest")


class CliError(Exception):
    """A command that cannot run; the message is shown to the user."""


def _players(text: str) -> int:
    if text not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"players must be 2, 3 or 4, not {text!r}")
    return int(text)


def _table_players(text: str) -> int:
    """A number of players some game with a table is played by (each game checks its own later)."""
    clients = [game_client(game) for game in registered_games()]
    counts = sorted({count for client in clients if client is not None for count in client.player_counts})
    if not text.isdigit() or int(text) not in counts:
        words = ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}" if len(counts) > 1 else str(counts[0])
        raise argparse.ArgumentTypeError(f"players must be {words}, not {text!r}")
    return int(text)


def _seat_count(game: str, players: int, counts: tuple[int, ...] | None = None) -> int:
    """The seats of a game (its ``counts``, by default what its rules allow): a game with one count
    always has it (MagiStrat: two); the others check ``players``."""
    if counts is None:
        counts = player_counts(game)
    if len(counts) == 1:
        return counts[0]
    if players not in counts:
        raise CliError(f"{game} is played by {' or '.join(map(str, counts))} players, not {players}")
    return players


def _level(text: str) -> str:
    if text not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown AI level {text!r}; choose from {', '.join(LEVELS)}")
    return text


def _levels(text: str) -> list[str]:
    return [_level(part.strip()) for part in text.split(",")]


def _seats(text: str) -> list[str]:
    seats = [part.strip().lower() for part in text.split(",")]
    for seat in seats:
        if seat not in SEAT_KINDS:
            raise argparse.ArgumentTypeError(
                f"unknown seat {seat!r}; each seat is one of {', '.join(SEAT_KINDS)}")
    return seats


def _at_least(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"expected a number of at least {least}, not {value}")
    return value


def _positive(text: str) -> int:
    return _at_least(text, 1)


def _count(text: str) -> int:
    return _at_least(text, 0)


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="magestone", description="MageStone: mage-themed board games, offline.")
    parser.add_argument("--version", action="version", version=f"MageStone {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="start the game window (the default)")
    _add_play_arguments(play)

    selfplay = commands.add_parser("selfplay", help="play a whole AI game headless and write a save file")
    selfplay.add_argument("--game", choices=game_ids(), default="magestone")
    selfplay.add_argument("--players", type=_players, default=2)
    selfplay.add_argument("--ai", type=_levels, default=["normal"], metavar="LEVEL[,LEVEL...]",
                          help="one level for every seat, or one per seat")
    selfplay.add_argument("--seed", type=_seed, default=1)
    selfplay.add_argument("--out", type=Path, required=True, help="save file to write")

    replay = commands.add_parser("replay", help="re-apply a save file's actions")
    replay.add_argument("file", type=Path)
    replay.add_argument("--verify", action="store_true",
                        help="exit 1 when the recomputed final state differs from the recorded one")

    arena = commands.add_parser("arena", help="play seat-swapped seeded games between two AI levels")
    arena.add_argument("--game", choices=game_ids(), default="magestone")
    arena.add_argument("--players", type=_players, default=2)
    arena.add_argument("--a", type=_level, required=True, metavar="LEVEL")
    arena.add_argument("--b", type=_level, required=True, metavar="LEVEL")
    arena.add_argument("--games", type=_positive, default=20)
    arena.add_argument("--seed", type=_seed, default=1)
    arena.add_argument("--lineup", choices=ARENA_LINEUPS, default="alternate",
                       help="alternate: ABAB / BABA; one-vs-rest: A at one seat (rotating), B elsewhere")
    arena.add_argument("--go-limit", type=_positive, default=400, metavar="GOES",
                       help="a game still running after this many goes is a draw")
    arena.add_argument("--jobs", type=_positive, default=1, help="play the games in this many processes")
    arena.add_argument("--record", type=Path, default=None, metavar="FILE",
                       help="keep each outcome in FILE as its game ends; run again to go on where it stopped")
    arena.add_argument("--keep-logs", action="store_true",
                       help="with --record: keep each game's options and action log too, to replay it")
    arena.add_argument("--opening-goes", type=_count, default=0, metavar="GOES",
                       help="play each game's first GOES goes as a seeded Easy opening, once from every seat")
    arena.add_argument("--first-game", type=_count, default=0, metavar="INDEX",
                       help="play the seeded row's games from this index on")
    arena.add_argument("--json", action="store_true", help="print one JSON object")

    bench = commands.add_parser("bench", help="measure speed (engine, ai, render, startup, winchance)")
    bench.add_argument("topic", nargs="?", choices=BENCH_TOPICS, default="engine")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--executable", type=Path, default=None,
                       help="startup only: measure this frozen build instead of the source tree")

    smoke = commands.add_parser("smoke", help="headless run through the menus, for CI and frozen builds")
    smoke.add_argument("--frames", type=_positive, default=None, metavar="N",
                       help="stop after N frames, wherever the tour has got to (default: the whole tour: "
                       "every title-screen scene, then a short MageStone and MagiStrat match)")
    smoke.add_argument("--screenshot", type=Path, default=None, help="write the final frame as a PNG")
    smoke.add_argument("--size", type=_window_size, default=None, metavar="WxH", help="e.g. 1920x1080")
    return parser


def _add_play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=registered_games(), default=None, help="a game with a table")
    parser.add_argument("--players", type=_table_players, default=None)
    parser.add_argument("--seats", type=_seats, default=None, metavar="SEAT[,SEAT...]",
                        help="e.g. human,ai:normal")
    parser.add_argument("--seed", type=_seed, default=None)
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--max-frames", type=_positive, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--trace-startup", action="store_true", help=argparse.SUPPRESS)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse ``argv``; no subcommand means ``play``."""
    parser = build_parser()
    arguments = list(argv)
    if not arguments or (arguments[0].startswith("--") and arguments[0] not in ("--help", "--version")):
        arguments.insert(0, "play")
    return parser.parse_args(arguments)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    handlers = {"play": _play, "selfplay": _selfplay, "replay": _replay,
                "arena": _arena, "bench": _bench, "smoke": _smoke}
    try:
        return handlers[args.command](args)
    except CliError as error:
        print(f"magestone {args.command}: {error}", file=sys.stderr)
        return 1


def _play(args: argparse.Namespace) -> int:
    from game.client.app import run
    from game.client.options import ClientOptions

    if args.seats is not None and args.players is not None and len(args.seats) != args.players:
        raise CliError(f"--seats lists {len(args.seats)} seats but --players is {args.players}")
    client = game_client(args.game) if args.game is not None else None
    if client is not None and args.players is not None:
        _seat_count(args.game, args.players, client.player_counts)
    return run(ClientOptions(game=args.game, players=args.players, seats=args.seats,
                             seed=args.seed, fullscreen=args.fullscreen, max_frames=args.max_frames,
                             on_milestone=_print_milestone if args.trace_startup else None))


def _print_milestone(name: str) -> None:
    """Startup tracing for ``bench startup``: the milestone and the wall-clock time."""
    print(name, repr(time.time()), flush=True)


def _window_size(text: str) -> tuple[int, int]:
    """``WxH`` as a window size (each side 320 to 7680 pixels)."""
    width, _, height = text.lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 1920x1080") from None
    if not all(320 <= side <= 7680 for side in size):
        raise argparse.ArgumentTypeError(f"{text!r}: each side must be 320 to 7680 pixels")
    return size


def _smoke(args: argparse.Namespace) -> int:
    from game.client.smoke import run_smoke

    return run_smoke(args.frames, args.screenshot, args.size)


def _selfplay(args: argparse.Namespace) -> int:
    from game.ai.arena import play_game
    from game.ai.levels import make_bot
    from game.storage.saves import write_save
    from game.storage.seats import Seat

    players = _seat_count(args.game, args.players)
    levels = _levels_per_seat(args.ai, players)
    bots = [make_bot(args.game, level, players) for level in levels]
    result, match = play_game(args.game, {"players": players}, bots, args.seed)
    seats = [Seat(f"{level.title()} AI {seat + 1}", level, seat % 4) for seat, level in enumerate(levels)]
    write_save(args.out, match, [seat.to_text() for seat in seats])
    print(f"wrote {args.out}: {len(match.log)} actions, {result.reason}")
    return 0


def _levels_per_seat(levels: list[str], players: int) -> list[str]:
    if len(levels) == 1:
        return levels * players
    if len(levels) != players:
        raise CliError(f"--ai lists {len(levels)} levels for {players} players")
    return levels


def _replay(args: argparse.Namespace) -> int:
    from game.storage.saves import SaveError, load_save

    try:
        loaded = load_save(args.file, verify=args.verify)
    except SaveError as error:
        print(f"magestone replay: {error}", file=sys.stderr)
        return 1
    state = loaded.match.state
    outcome = state.result()
    print(f"{args.file}: {state.game_id}, {len(loaded.match.log)} actions replayed, "
          f"{'finished: ' + outcome.reason if outcome else 'in progress'}"
          f"{', final state verified' if args.verify else ''}")
    return 0


def _arena(args: argparse.Namespace) -> int:
    from game.ai.arena import arena
    from game.ai.arena_record import ArenaRecordError

    players = _seat_count(args.game, args.players)
    try:
        report = arena(args.game, players, args.a, args.b, args.games, args.seed,
                       go_limit=args.go_limit, lineup=args.lineup, jobs=args.jobs, record=args.record,
                       progress=_arena_progress(args), keep_logs=args.keep_logs,
                       opening_goes=args.opening_goes, first_game=args.first_game)
    except ArenaRecordError as error:
        raise CliError(str(error)) from None
    if args.json:
        print(json.dumps(report))
    else:
        print(_format_arena(report, args.a, args.b))
    return 0


def _arena_progress(args: argparse.Namespace) -> Callable[[int, str], None]:
    """Report each finished arena game on stderr (a long arena shows it is alive)."""
    played = 0
    names = {"a": f"{args.a} (A) won", "b": f"{args.b} (B) won", "d": "drawn"}

    def report(game: int, outcome: str) -> None:
        nonlocal played
        played += 1
        print(f"arena: game {game} {names[outcome]} ({played} played this run)", file=sys.stderr, flush=True)

    return report


def _format_arena(report: dict[str, Any], level_a: str, level_b: str) -> str:
    games = report["games"]
    low, high = report["ci95"]
    stretch = f" from game {report['first_game']}" if report["first_game"] else ""
    return (f"{games} games{stretch}: {level_a} won {report['a_wins']}, {level_b} won {report['b_wins']}, "
            f"{report['draws']} drawn; {level_a} score {report['a_score']:.1%} "
            f"(95% interval {low:.1%} to {high:.1%}; even share {report['even_share']:.1%})")


def _bench(args: argparse.Namespace) -> int:
    from game import bench
    from game.client.startup import StartupBenchError

    try:
        figures = bench.run(args.topic, executable=args.executable)
    except StartupBenchError as error:
        raise CliError(str(error)) from None
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0
