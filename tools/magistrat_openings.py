"""Screen MagiStrat's seeded random set-ups for the arena: keep those no first move decides.

A random set-up often leaves pieces where White's first move steals or destroys two of them (seen in
the arena: openings whose two games, one from each seat, both went to the side that moved first or
were both decided by the set-up). For setup seeds 0, 1, 2, ... this keeps a seed when White's best first
move gains at most ``--max-gain`` potential and at least its negative, against Black's best reply and
White's best attack or God-power answer (:func:`game.ai.magistrat_material.best_first_move_gain`),
until ``--count`` are kept, and writes them to ``levels/ai/magistrat-openings.json``, the arena's
MagiStrat openings (:func:`game.ai.games.balanced_setup`)::

    PYTHONPATH=. .venv/bin/python tools/magistrat_openings.py --count 120 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from game.ai.games import BALANCED_SETUPS, new_state, random_setup
from game.ai.magistrat_material import best_first_move_gain
from game.resources import bundle_root


def first_move_gain(setup_seed: int) -> float:
    """White's best first-move gain in the random set-up of ``setup_seed``."""
    return best_first_move_gain(new_state("magistrat", {**random_setup(setup_seed), "players": 2}))


def main(argv: list[str] | None = None) -> int:
    """Screen seeds until enough are kept; write the file (and print each seed's gain on stderr)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--max-gain", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=bundle_root().joinpath(*BALANCED_SETUPS))
    args = parser.parse_args(argv)
    kept: list[int] = []
    gains: dict[int, float] = {}
    batch = 8 * args.jobs
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        start = 0
        while len(kept) < args.count:
            seeds = list(range(start, start + batch))
            for seed, gain in zip(seeds, pool.map(first_move_gain, seeds), strict=True):
                gains[seed] = gain
                print(f"seed {seed}: {gain:+.0f}", file=sys.stderr, flush=True)
                if abs(gain) <= args.max_gain and len(kept) < args.count:
                    kept.append(seed)
            start += batch
    document = {"schema": 1, "max_gain": args.max_gain, "screened": max(gains) + 1, "setup_seeds": kept}
    temporary = args.out.with_suffix(".tmp")
    temporary.write_text(json.dumps(document) + "\n", encoding="utf-8")
    temporary.replace(args.out)
    print(f"kept {len(kept)} of {len(gains)} set-ups (|gain| <= {args.max_gain}) in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
