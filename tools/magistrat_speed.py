"""MagiStrat search speed on fixed positions: nodes per CPU second, and what the search decided.

The positions are those of the careful player's game (``shared/games/magistrat-classic-vs-hard.json``
beside the checkout, or ``--game``), every ``--every`` plies from ``--first``. For each one a fresh
``--level`` bot analyses the position with its own budget (or ``--nodes``); one JSON line per position
gives the ply, the move it plays, the nodes searched, the CPU seconds, and a digest of every root move's
score, so two versions of the code can be checked to search alike (same digest) and compared for speed::

    PYTHONPATH=. .venv/bin/python tools/magistrat_speed.py > after.jsonl
    PYTHONPATH=/path/to/main .venv/bin/python tools/magistrat_speed.py > before.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

from game.ai import make_bot
from game.ai.base import Budget, SearchBot, rank
from game.ai.games import new_state
from game.rules.protocol import GameState

_SHARED = next(
    (up / "shared" for up in Path(__file__).resolve().parents if (up / "shared" / "games").is_dir()),
    Path("shared"),
)
"""The shared folder beside the checkout (a worktree sits one folder deeper)."""
_GAME = _SHARED / "games" / "magistrat-classic-vs-hard.json"


def game_positions(path: Path, first: int, every: int, count: int) -> list[tuple[int, GameState]]:
    """``count`` positions of a recorded game, at plies ``first``, ``first + every``, ... (while it lasts)."""
    record = json.loads(path.read_text(encoding="utf-8"))
    state = new_state(record["game"], record["options"])
    plies = set(range(first, first + every * count, every))
    found: list[tuple[int, GameState]] = []
    for ply, (_, text) in enumerate(record["log"]):
        if ply in plies:
            found.append((ply, state.clone()))
        state.apply(state.parse_action(text))
    return found


def measure(state: GameState, level: str, nodes: int | None) -> dict[str, object]:
    """One fresh ``level`` bot's search of ``state``: its move, nodes, CPU seconds and score digest."""
    bot = make_bot("magistrat", level, 2)
    assert isinstance(bot, SearchBot)
    limit = (Budget(nodes) if nodes else bot.budget).start()
    actions = state.legal_actions()
    started = time.process_time()
    scored = bot.searcher.analyse(state.clone(), actions, random.Random(0), limit)
    cpu = time.process_time() - started
    digest = hashlib.sha256(repr([(str(s.action), s.value) for s in scored]).encode()).hexdigest()[:16]
    return {"move": str(rank(scored)[0].action), "nodes": limit.used, "cpu": round(cpu, 4),
            "nps": round(limit.used / cpu), "digest": digest}


def main(argv: list[str] | None = None) -> int:
    """Print one JSON line per position."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=Path, default=_GAME)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--nodes", type=int, default=None, help="budget instead of the level's own")
    parser.add_argument("--first", type=int, default=20)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--count", type=int, default=20)
    args = parser.parse_args(argv)
    for ply, state in game_positions(args.game, args.first, args.every, args.count):
        line = {"ply": ply, **measure(state, args.level, args.nodes)}
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
