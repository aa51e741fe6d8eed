"""Self-play figures for tuning Magnastorm's content (docs/magnastorm-design.md quotes them).

``python tools/magnastorm_tuning.py --players 4 --games 200 --bot greedy`` plays seeded games
between equal bots and prints one JSON object: win rate by starting turn-order position and by
seat, how games end, rounds, decisions per player, and how often every commander, objective face
and bonus was used. Bots: ``greedy`` (game.ai.greedy, the tuning player), ``random`` or an AI
level (``easy``, ``normal``, ``hard``: the generic MCTS).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from typing import Any

from game.ai.base import Bot, Budget, RandomBot, SearchBot
from game.ai.games import evaluator
from game.ai.greedy import Greedy
from game.ai.levels import make_bot
from game.rules.magnastorm import MagnastormState, new_game
from game.rules.magnastorm.data import bundled_content
from game.rules.magnastorm.state import SOURCES
from game.rules.match import Match


def make(kind: str, players: int) -> Bot:
    """A bot of ``kind`` for a ``players``-seat game."""
    if kind == "greedy":
        return SearchBot("greedy", Greedy(evaluator("magnastorm")), Budget(10_000))
    if kind == "random":
        return RandomBot(Budget(1))
    return make_bot("magnastorm", kind, players)


def play(players: int, seed: int, kind: str, start_area: int) -> dict[str, Any]:
    """One seeded game; what the figures need from it."""
    match = Match(new_game({"players": players, "start_area": start_area}), seed)
    bots = [make(kind, players) for _ in range(players)]
    rngs = [random.Random(f"tune/{seed}/{seat}") for seat in range(players)]
    used: Counter[str] = Counter()
    decisions = 0

    def note(events: list[Any]) -> None:
        for event in events:
            data = event.data
            gained = event.kind == "took_over" or (event.kind == "research_commander" and data["seat"] >= 0)
            if gained:
                used[f"commander:{data['commander']}"] += 1
            elif event.kind == "objective":
                used[f"objective:{data['card']}"] += 1
            elif event.kind == "bonus":
                used[f"{data['source']}_bonus:{data['bonus']}"] += 1
            elif event.kind == "station_built":
                used["station"] += 1

    note(match.resolve_chance())
    state = match.state
    assert isinstance(state, MagnastormState)
    first_order = []
    while not state.is_terminal():
        if state.phase == "play" and not first_order:
            first_order = list(state.order)
        seat = state.current_player()
        note(match.play(bots[seat].choose(state, rngs[seat])))
        decisions += 1
    result = state.result()
    assert result is not None
    winner = result.winners[0]
    return {"winner": winner, "winner_position": first_order.index(winner), "reason": result.reason,
            "round": state.round, "decisions": decisions, "used": used, "reputation": list(state.rep),
            "sources": [sum(state.ledger[i::len(SOURCES)]) for i in range(len(SOURCES))],
            "dealt": [*state.admin[1:], *state.rcmd, *state.objectives]}


def figures(players: int, games: int, kind: str, seed: int) -> dict[str, Any]:
    """Aggregate figures over ``games`` seeded games (starting areas alternate)."""
    results = [play(players, seed + g, kind, 1 + g % 2) for g in range(games)]
    used: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    for r in results:
        used.update(r["used"])
        dealt.update(r["dealt"])
    content = bundled_content()
    faces = {o for r in results for o in r["dealt"] if o[:1] in "RS"}
    by_position = Counter(r["winner_position"] for r in results)
    by_seat = Counter(r["winner"] for r in results)
    return {
        "players": players, "games": games, "bot": kind,
        "win_rate_by_turn_position": [round(by_position[p] / games, 3) for p in range(players)],
        "win_rate_by_seat": [round(by_seat[s] / games, 3) for s in range(players)],
        "even_share": round(1 / players, 3),
        "ended_by_reputation": round(sum(r["reason"] == "reputation" for r in results) / games, 3),
        "mean_rounds": round(sum(r["round"] for r in results) / games, 2),
        "decisions_per_player": round(sum(r["decisions"] for r in results) / games / players, 1),
        "mean_winner_reputation": round(sum(max(r["reputation"]) for r in results) / games, 1),
        "reputation_per_player_by_source": {
            name: round(sum(r["sources"][i] for r in results) / games / players, 2)
            for i, name in enumerate(SOURCES)},
        "commanders_taken_per_game_dealt": {
            cid: round(used[f"commander:{cid}"] / dealt[cid], 2) if dealt[cid] else None
            for cid in content.commanders},
        "objective_faces_fulfilled_per_game_dealt": {
            face: round(used[f"objective:{face}"] / dealt[face], 2) for face in sorted(faces)},
        "bonuses_per_game": {key: round(v / games, 2) for key, v in sorted(used.items())
                             if "bonus" in key or key == "station"},
    }


def main() -> None:
    """Print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(figures(args.players, args.games, args.bot, args.seed), indent=1))


if __name__ == "__main__":
    main()
