"""Compare candidate actions at one position of a recorded game by playing the game out after each.

The game record (``docs/games/*.json``) is replayed to ``--ply``; for each pair number ``k`` every
candidate (an action, or a line of actions separated by ``;``, such as a whole turn) is applied to a copy
of that position and the game is played out by ``--level`` in every seat, with the same chance seed and
the same bots' seed for every candidate (common random numbers, so the candidates differ by their action
and what follows from it). One line per playout,
then a JSON summary: per candidate, the mover's wins, losses, draws and playouts cut by ``--max-actions``::

    .venv/bin/python tools/compare_by_playouts.py docs/games/magnastorm-2p-vs-hard-2026-12-04-d.json \\
        --ply 47 --action "obj 2" --action finish --level normal --pairs 0:60
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from game.ai import make_bot
from game.ai.games import new_state
from game.rules.match import Match
from game.rules.protocol import GameState, IllegalActionError


def position_at(path: Path, ply: int) -> Match:
    """The recorded game's match replayed to ``ply`` (that many logged actions applied)."""
    record = json.loads(path.read_text(encoding="utf-8"))
    match = Match(new_state(record["game"], record["options"]), record["seed"])
    for seat, text in record["log"][:ply]:
        match.apply_logged(seat, text)
    return match


def play_out(
    state: GameState, line: str, level: str, pair: int, max_actions: int | None = None
) -> list[float] | None:
    """The returns of ``state`` after the candidate ``line`` (actions separated by ``;``), played to its
    end by ``level`` in every seat (chance and bots seeded by ``pair``); None for a playout still running
    after ``max_actions`` more actions, which is cut there so a dead end cannot hang it."""
    bots = [make_bot(state.game_id, level, state.num_players) for _ in range(state.num_players)]
    chance, choices = random.Random(pair), random.Random(f"b{pair}")
    for text in (part.strip() for part in line.split(";")):
        while state.is_chance_node():
            state.apply(state.sample_chance(chance))
        action = state.parse_action(text)
        if not state.is_legal(action):
            raise IllegalActionError(f"{text!r} is not legal here (in the line {line!r})")
        state.apply(action)
    played = 0
    while not state.is_terminal():
        if max_actions is not None and played >= max_actions:
            return None
        action = state.sample_chance(chance) if state.is_chance_node() else \
            bots[state.current_player()].choose(state, choices)
        state.apply(action)
        played += 1
    return state.returns()


def main(argv: list[str] | None = None) -> int:
    """Play the pairs and print the playouts and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", type=Path, help="a recorded game (JSON with game, options, seed, log)")
    parser.add_argument("--ply", type=int, required=True, help="logged actions replayed before comparing")
    parser.add_argument("--action", action="append", required=True,
                        help="a candidate: an action in notation, or several separated by ';'")
    parser.add_argument("--level", default="normal", help="the level playing every seat afterwards")
    parser.add_argument("--pairs", default="0:20", help="pair numbers lo:hi (one playout a candidate each)")
    parser.add_argument("--max-actions", type=int, default=None,
                        help="cut a playout after this many actions (dice included); counted as cut")
    args = parser.parse_args(argv)
    start = position_at(args.game, args.ply).state
    mover = start.current_player()
    low, high = map(int, args.pairs.split(":"))
    tally = {text: {"wins": 0, "losses": 0, "draws": 0, "cut": 0} for text in args.action}
    for pair in range(low, high):
        for text in args.action:
            returns = play_out(start.clone(), text, args.level, pair, args.max_actions)
            if returns is None:
                tally[text]["cut"] += 1
                print(pair, text, "cut", flush=True)
                continue
            result = returns[mover]
            tally[text]["wins" if result > 0 else "losses" if result < 0 else "draws"] += 1
            print(pair, text, result, flush=True)
    summary = {"ply": args.ply, "mover": mover, "level": args.level, "pairs": args.pairs,
               "max_actions": args.max_actions, "tally": tally}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
