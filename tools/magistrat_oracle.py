"""How well MagiStrat levels decide, judged against a depth-4 oracle with Hard's evaluation.

The oracle is alpha-beta to depth 4 with no budget worth the name (3M nodes), Hard's evaluation and
a quiescence step after every attack and every God move (broader than Hard's own). On positions of
the careful games (every ``--every`` plies from ply ``--first`` of each ``docs/games/magistrat-*.json``
and of the first careful game in ``shared/games``), each ``--variant`` (``LEVEL`` or ``LEVEL:NODES``)
searches the position once with its own settings; its loss is the oracle's best value less the
chosen move's exact depth-4 value (the negated depth-3 value after it, 0 when it is the oracle's
move), in units of the evaluation (tanh of the lead). The oracle's findings are cached in ``--cache``
(about 40 CPU s a position, so they are worth keeping); a summary per variant closes the output::

    PYTHONPATH=. .venv/bin/python tools/magistrat_oracle.py --variant hard --variant hard:32000
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

from magistrat_speed import _SHARED, game_positions

from game.ai import make_bot
from game.ai.alphabeta import AlphaBeta
from game.ai.base import Budget, SearchBot, rank
from game.rules.magistrat.board import GOD
from game.rules.protocol import GameState

_ROOT = Path(__file__).resolve().parents[1]
_CACHE = _ROOT / "docs" / "arena" / "magistrat-oracle-depth4.jsonl"
_ORACLE_NODES = 3_000_000
_WIN_VALUE = 14.0
"""What a move that ends the game is worth in the oracle's units (a won game scores above 10)."""


def _attack_or_god_move(state: GameState, action: Any) -> bool:
    """The oracle's quiescence moves: every attack and every God move."""
    if getattr(action, "attack", False):
        return True
    s: Any = state
    frm = getattr(action, "frm", -1)
    return frm >= 0 and s.t.kind[s.board[frm]] == GOD


def _oracle(depth: int) -> AlphaBeta:
    hard = make_bot("magistrat", "hard", 2)
    assert isinstance(hard, SearchBot) and isinstance(hard.searcher, AlphaBeta)
    return AlphaBeta(hard.searcher.evaluator, depth, 1e-9, _attack_or_god_move, False)


def oracle_best(state: GameState) -> tuple[str, float, int]:
    """The oracle's move in ``state``, its value, and the nodes it took."""
    limit = Budget(_ORACLE_NODES).start()
    best = rank(_oracle(4).analyse(state.clone(), state.legal_actions(), random.Random(0), limit))[0]
    return str(best.action), best.value, limit.used


def move_value(state: GameState, move: Any) -> float:
    """``move``'s exact depth-4 value for the side to move in ``state``."""
    after = state.clone()
    after.apply(move)
    if after.is_terminal():
        return after.returns()[state.current_player()] * _WIN_VALUE
    limit = Budget(_ORACLE_NODES).start()
    return -rank(_oracle(3).analyse(after, after.legal_actions(), random.Random(0), limit))[0].value


def variant_move(state: GameState, variant: str) -> Any:
    """The move a fresh bot of ``variant`` (``LEVEL`` or ``LEVEL:NODES``) chooses in ``state``."""
    level, _, nodes = variant.partition(":")
    bot = make_bot("magistrat", level, 2)
    assert isinstance(bot, SearchBot)
    limit = (Budget(int(nodes)) if nodes else bot.budget).start()
    return rank(bot.searcher.analyse(state.clone(), state.legal_actions(), random.Random(0), limit))[0].action


def careful_positions(first: int, every: int) -> list[tuple[str, int, GameState]]:
    """(game name, ply, state) for every ``every``-th ply from ``first`` of the careful MagiStrat games."""
    files = [*sorted((_ROOT / "docs" / "games").glob("magistrat-*.json")),
             _SHARED / "games" / "magistrat-classic-vs-hard.json"]
    return [(path.stem, ply, state) for path in files if path.exists()
            for ply, state in game_positions(path, first, every, 1_000)]


def main(argv: list[str] | None = None) -> int:
    """Print one JSON line per position, then a summary line per variant."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", required=True, help="LEVEL or LEVEL:NODES")
    parser.add_argument("--cache", type=Path, default=_CACHE)
    parser.add_argument("--first", type=int, default=24)
    parser.add_argument("--every", type=int, default=9)
    parser.add_argument("--cached-only", action="store_true", help="skip positions the oracle has not seen")
    args = parser.parse_args(argv)
    cached = {}
    if args.cache.exists():
        cached = {(r["game"], r["ply"]): r for r in map(json.loads, args.cache.read_text().splitlines())}
    losses: dict[str, list[float]] = {v: [] for v in args.variant}
    agree = dict.fromkeys(args.variant, 0)
    for game, ply, state in careful_positions(args.first, args.every):
        oracle = cached.get((game, ply))
        if oracle is None:
            if args.cached_only:
                continue
            move, value, nodes = oracle_best(state)
            oracle = {"game": game, "ply": ply, "oracle": move, "oracle_value": value, "oracle_nodes": nodes}
            with args.cache.open("a", encoding="utf-8") as cache:
                cache.write(json.dumps(oracle) + "\n")
        line: dict[str, Any] = {"game": game, "ply": ply, "oracle": oracle["oracle"]}
        for variant in args.variant:
            chosen = variant_move(state, variant)
            same = str(chosen) == oracle["oracle"]
            loss = 0.0 if same else oracle["oracle_value"] - move_value(state, chosen)
            losses[variant].append(loss)
            agree[variant] += same
            line[variant] = [str(chosen), round(loss, 5)]
        print(json.dumps(line), flush=True)
    for variant, values in losses.items():
        if values:
            print(json.dumps({"variant": variant, "positions": len(values), "oracle_move": agree[variant],
                              "mean_loss": round(statistics.mean(values), 4),
                              "loss_over_0.05": sum(v > 0.05 for v in values)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
