"""How much Magnastorm Hard loses to bag-draw luck: the regret of its picks against a many-stream oracle.

A recorded game against Hard (``docs/games/*.json``) is replayed; at each of Hard's decisions that the
reply check does not guard (and that has a choice), an oracle (Hard's planner with ``--oracle-streams``
draw streams and a budget it never spends, RNG seed 99) scores every root action; then Hard with each
``--streams`` count (its streams capped at its own ``draw_evaluations``, or ``--draw-evaluations``) picks
with bot seeds 0..``--seeds``-1, and the regret of a pick is the oracle's best
value minus the oracle's value of the pick. One line per decision where some count regrets more than
0.005, then a JSON summary of the regret summed over the decisions (the mean over the seeds)::

    .venv/bin/python tools/draw_stream_regret.py docs/games/magnastorm-2p-vs-hard-2026-12-04-e.json \\
        --streams 1,8
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from game.ai import make_bot
from game.ai.base import Budget, SearchBot
from game.ai.games import new_state, reply_danger
from game.ai.turnplan import TurnPlanner
from game.rules.match import Match
from game.rules.protocol import GameState

ORACLE_NODES = 2_000_000
"""The oracle's budget (a few hundred thousand evaluations at most are used)."""


def hard_bot(players: int, draw_streams: int, draw_evaluations: int | None = None) -> SearchBot:
    """Magnastorm Hard with ``draw_streams`` draw streams (and its own cap on their evaluations, or
    ``draw_evaluations``)."""
    bot = make_bot("magnastorm", "hard", players)
    assert isinstance(bot, SearchBot) and isinstance(bot.searcher, TurnPlanner)
    bot.searcher.draw_streams = draw_streams
    if draw_evaluations is not None:
        bot.searcher.draw_evaluations = draw_evaluations
    return bot


def oracle_values(state: GameState, draw_streams: int) -> dict[str, float]:
    """Every root action's value (by its notation) by Hard's planner with ``draw_streams`` and no budget
    limit in practice."""
    planner = hard_bot(state.num_players, draw_streams, ORACLE_NODES).searcher
    scored = planner.analyse(state, state.legal_actions(), random.Random(99), Budget(ORACLE_NODES).start())
    return {str(item.action): item.value for item in scored}


def main(argv: list[str] | None = None) -> int:
    """Replay the game, score Hard's unguarded decisions, print the regrets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", type=Path, help="a recorded Magnastorm game against Hard")
    parser.add_argument("--streams", default="1,8", help="draw-stream counts to compare, comma-separated")
    parser.add_argument("--seeds", type=int, default=5, help="bot seeds per decision")
    parser.add_argument("--oracle-streams", type=int, default=32)
    parser.add_argument("--draw-evaluations", type=int, default=None,
                        help="the streams' cap on evaluations (default: Hard's own)")
    args = parser.parse_args(argv)
    counts = [int(text) for text in args.streams.split(",")]
    record = json.loads(args.game.read_text(encoding="utf-8"))
    match = Match(new_state("magnastorm", record["options"]), record["seed"])
    hard, danger = 1 - record["human"], reply_danger("magnastorm")
    assert danger is not None
    regret = dict.fromkeys(counts, 0.0)
    decisions = 0
    for seat, text in record["log"]:
        state = match.state
        if (seat == hard and not state.is_chance_node() and len(state.legal_actions()) > 1
                and not danger(state)):
            values = oracle_values(state, args.oracle_streams)
            best, decisions, line = max(values.values()), decisions + 1, []
            for count in counts:
                bot = hard_bot(state.num_players, count, args.draw_evaluations)
                picks = [str(bot.choose(state, random.Random(seed))) for seed in range(args.seeds)]
                line.append(sum(best - values[pick] for pick in picks) / args.seeds)
                regret[count] += line[-1]
            if max(line) > 0.005:
                rounded = [round(value, 4) for value in line]
                print("ply", len(match.log), dict(zip(counts, rounded, strict=True)), flush=True)
        match.apply_logged(seat, text)
    print(json.dumps({"game": args.game.name, "decisions": decisions,
                      "regret": {str(count): round(total, 3) for count, total in regret.items()}}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
