"""Screen evaluation weights in the arena and keep the winner as data (``levels/ai/<game>.json``).

Each candidate is a level's bot (``--level``, default ``hard``) evaluating with that level's weight
set changed by ``--try`` overrides; it plays ``--games`` seeded arena games against ``--against``, and
so does the unchanged level on the very same games (same seeds, set-ups and seats), so the two scores
differ only by the weights::

    .venv/bin/python tools/tune_weights.py --game magestone --against normal --games 60 --seed 41 \\
        --try stone_pull=0.2 --try stone_pull=0.1,home_pull=0.2 [--write hard]

prints one JSON line per candidate (its overrides, A-B-draw, score and 95 % interval) and, with
``--write NAME``, stores the best candidate as weight set NAME when it scored above the unchanged
level. The games run in this process (``--jobs`` would need the candidates registered in spawned
workers); CPU is what a tuning run costs, so screen with 60+ games and confirm with 200
(docs/ai.md, "Tuning").
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from game.ai.arena import arena
from game.ai.levels import register_level, weighted_level
from game.ai.weights import load_weights, parse_overrides, save_weights


def _weights_class(game_id: str) -> type[Any]:
    if game_id == "magestone":
        from game.ai.magestone_eval import Weights as MageStoneWeights

        return MageStoneWeights
    from game.ai.magistrat_eval import Weights as MagiStratWeights

    return MagiStratWeights


def base_set(level: str) -> str:
    """The weight set a level evaluates with (Easy and Normal share the default set)."""
    return "default" if level in ("easy", "normal") else level


def screen(args: argparse.Namespace) -> list[dict[str, Any]]:
    """The unchanged level's report, then each candidate's (``args.overrides``), on the same arena games."""
    kind = _weights_class(args.game)
    base = load_weights(args.game, base_set(args.level), kind, args.file)
    reports = []
    candidates: list[dict[str, float]] = [{}, *args.overrides]
    for overrides in candidates:
        weights = dataclasses.replace(base, **overrides)
        register_level(args.game, "candidate", weighted_level(args.game, args.level, weights))
        report = arena(args.game, args.players, "candidate", args.against, args.games, args.seed,
                       args.go_limit, lineup=args.lineup)
        reports.append({"overrides": overrides, "weights": weights, **report})
        shown = {key: value for key, value in reports[-1].items() if key != "weights"}
        print(json.dumps(shown), flush=True)
    return reports


def main(argv: list[str] | None = None) -> int:
    """Screen the candidates the arguments name; optionally write the best."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("magestone", "magistrat"), default="magestone")
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--level", default="hard", help="the level (and weight set) to change")
    parser.add_argument("--against", default="normal")
    parser.add_argument("--try", dest="tries", action="append", default=[], metavar="NAME=VALUE,...")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--go-limit", type=int, default=400)
    parser.add_argument("--lineup", choices=("alternate", "one-vs-rest"), default="alternate")
    parser.add_argument("--write", metavar="NAME", help="store the best candidate as this weight set")
    parser.add_argument("--file", type=Path, default=None, help="weights file (default: the bundled one)")
    args = parser.parse_args(argv)
    try:
        args.overrides = [parse_overrides(_weights_class(args.game), text) for text in args.tries]
    except ValueError as problem:
        parser.error(f"--try: {problem}")
    reports = screen(args)
    best = max(reports[1:], key=lambda report: report["a_score"], default=None)
    if args.write and best is not None and best["a_score"] > reports[0]["a_score"]:
        path = save_weights(args.game, args.write, best["weights"], args.file)
        print(f"wrote {args.write} = {best['overrides']} to {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
