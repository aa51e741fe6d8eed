"""Does MagiStrat Hard finish the won endings it left drawn? Replays them from the arena's records.

For every game of the given arena records (``--keep-logs``) that was cut at the move limit with level A still
``--ahead`` less 50 potential up at the end, the start is the first ply where A led by that much while the
other side had at most two Archmages and Mages left (and ``--plies`` were left in the game), plus
``--later`` plies. From there Hard, with any ``--weight`` changed, plays A's side against the record's
level B (or ``--defender``) for ``--plies`` plies. One JSON line per game, then the count won::

    .venv/bin/python tools/magistrat_endings.py docs/arena/magistrat-hard-*-v1[12]-*.jsonl --weight finish=0
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.ai import make_bot
from game.ai.arena import a_seats
from game.ai.arena_record import ArenaRecord, GameRecord
from game.ai.games import new_state
from game.ai.levels import weighted_level
from game.ai.magistrat_eval import FEW_OFFENSIVE, HARD, Weights, offensive_counts
from game.ai.magistrat_material import material
from game.ai.weights import parse_overrides
from game.rules.match import Match


def replay(options: Mapping[str, Any], log: Sequence[Sequence[Any]]) -> Match:
    """The arena game's match after the logged actions ``log``."""
    match = Match(new_state("magistrat", options), 0)
    match.resolve_chance()
    for _seat, text in log:
        match.play(match.state.parse_action(text))
    return match


def ending_start(game: GameRecord, side: int, ahead: float, plies: int) -> int | None:
    """The first ply of ``game``'s log where ``side`` leads by ``ahead`` potential and its opponent has at
    most ``FEW_OFFENSIVE`` Archmages and Mages, with ``plies`` of the log still to come; None if there is
    none, or if at the log's end ``side`` no longer leads by ``ahead`` less 50 (not a won ending)."""
    options, log = game.options or {}, game.log or ()
    match = replay(options, [])
    last = len(log) - plies
    start = None
    for ply, (_seat, text) in enumerate(log, start=1):
        match.play(match.state.parse_action(text))
        state = match.state
        if (start is None and ply <= last and material(state, side) >= ahead
                and offensive_counts(state)[1 - side] <= FEW_OFFENSIVE):
            start = ply
    return start if material(match.state, side) >= ahead - 50 else None


def play_ending(number: int, game: GameRecord, side: int, start: int, level_b: str, weights: Weights,
                plies: int) -> dict[str, Any]:
    """Hard (with ``weights``) plays ``side`` from ply ``start`` of arena game ``number`` against
    ``level_b``."""
    match = replay(game.options or {}, (game.log or ())[:start])
    bots = [make_bot("magistrat", level_b, 2), make_bot("magistrat", level_b, 2)]
    bots[side] = weighted_level("magistrat", "hard", weights)("magistrat", 2)
    rngs = [random.Random(f"ending/{number}/{seat}") for seat in range(2)]
    played = 0
    while not match.state.is_terminal() and played < plies:
        seat = match.state.current_player()
        match.play(bots[seat].choose(match.state, rngs[seat]))
        played += 1
    result = match.state.result()
    won = result is not None and side in result.winners
    return {"game": number, "start": start, "won": won, "plies": played,
            "reason": None if result is None else result.reason}


def _weight_changes(parser: argparse.ArgumentParser, texts: Sequence[str]) -> dict[str, float]:
    """The ``NAME=VALUE`` texts of ``--weight`` as one mapping; a name that is no Hard weight, or a value that
    is no number, stops the tool with a message."""
    changes: dict[str, float] = {}
    for text in texts:
        try:
            changes.update(parse_overrides(Weights, text))
        except ValueError as problem:
            parser.error(f"--weight {text}: {problem}")
    return changes


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play every cut won ending, print one line a game and the count."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("records", nargs="+", type=Path)
    parser.add_argument("--weight", action="append", default=[], metavar="NAME=VALUE",
                        help="a Hard weight changed, e.g. finish=0 (repeatable)")
    parser.add_argument("--ahead", type=float, default=300.0, help="A's lead in potential")
    parser.add_argument("--plies", type=int, default=120, help="plies played from the start")
    parser.add_argument("--later", type=int, default=0, help="start this many plies later")
    parser.add_argument("--defender", help="the other side's level (default: the record's level B)")
    args = parser.parse_args(argv)
    changes = _weight_changes(parser, args.weight)
    weights = replace(HARD, **changes)
    won = total = 0
    for path in args.records:
        record = ArenaRecord.read(path)
        header = record.settings
        for number, game in sorted(record.games.items()):
            if game.outcome != "d" or game.log is None:
                continue
            side = min(a_seats(header["lineup"], 2, number))
            start = ending_start(game, side, args.ahead, args.plies)
            if start is None:
                continue
            outcome = play_ending(number, game, side, start + args.later, args.defender or header["b"],
                                  weights, args.plies)
            print(json.dumps({"record": path.name, **outcome}), flush=True)
            won += outcome["won"]
            total += 1
    print(json.dumps({"weights": changes, "later": args.later, "won": won, "of": total}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
