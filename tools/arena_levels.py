"""Arena between any two registered AI levels, reference levels included (``hard-ref``).

``python -m game arena`` offers only the menu levels; this runs the same :func:`game.ai.arena.arena`
for the levels kept for measurement alone, e.g. the new Hard against the fixed ``hard-ref``::

    .venv/bin/python tools/arena_levels.py --game magestone --a hard --b hard-ref --games 100 --seed 2026

It prints the arena report as JSON (A's wins, B's wins, draws, A's score and its 95 % Wilson interval).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.ai.arena import arena


def main(argv: list[str] | None = None) -> int:
    """Run the arena the arguments describe and print its report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("magestone", "magistrat"), default="magestone")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--a", required=True, help="level of side A (any registered level)")
    parser.add_argument("--b", required=True, help="level of side B")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--go-limit", type=int, default=400)
    parser.add_argument("--lineup", choices=("alternate", "one-vs-rest"), default="alternate")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--record", type=Path, default=None, help="JSON-lines file of outcomes (resumable)")
    parser.add_argument("--keep-logs", action="store_true",
                        help="keep each game's options and action log in the record")
    parser.add_argument("--opening-goes", type=int, default=0,
                        help="each game's first goes as a seeded Easy opening, once from every seat")
    parser.add_argument("--first-game", type=int, default=0,
                        help="play the seeded row's games from this index on")
    args = parser.parse_args(argv)

    def progress(game: int, outcome: str) -> None:
        print(f"arena: game {game} {outcome}", file=sys.stderr, flush=True)

    report = arena(args.game, args.players, args.a, args.b, args.games, args.seed, args.go_limit,
                   lineup=args.lineup, jobs=args.jobs, record=args.record, progress=progress,
                   keep_logs=args.keep_logs, opening_goes=args.opening_goes, first_game=args.first_game)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
