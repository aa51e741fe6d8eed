"""Self-play figures for tuning Magnastorm's content (docs/magnastorm-design.md quotes them).

``python tools/magnastorm_tuning.py --players 4 --games 200 --bot greedy`` plays seeded games
between equal bots and prints one JSON object: win rate by starting turn-order position and by
seat (with 95 % Wilson intervals), reputation by starting position, how games end, rounds,
decisions per player, who buys the first-player token, and how often every commander,
objective face and bonus was used. Bots: ``greedy`` (game.ai.greedy, the tuning player),
``random`` or an AI level (``easy``, ``normal``, ``hard``: the generic MCTS).

Long measurements can be split: ``--out games.jsonl`` writes one line per game, and
``--merge a.jsonl b.jsonl`` prints the figures of the games in those files. ``--content DIR``
plays a variant of the data files (a copy of levels/magnastorm/ with changed numbers).
``--paired`` plays every deal once with each seat as the starting player, so the starting
positions are compared on the same deals (the noise of the deal cancels out).
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter
from pathlib import Path
from typing import Any

from game.ai.base import Bot, Budget, RandomBot, SearchBot
from game.ai.games import evaluator
from game.ai.greedy import Greedy
from game.ai.levels import make_bot
from game.rules.magnastorm import MagnastormState
from game.rules.magnastorm.data import Content, bundled_content, load_content
from game.rules.magnastorm.state import SOURCES
from game.rules.match import Match


def make(kind: str, players: int) -> Bot:
    """A bot of ``kind`` for a ``players``-seat game."""
    if kind == "greedy":
        return SearchBot("greedy", Greedy(evaluator("magnastorm")), Budget(10_000))
    if kind == "random":
        return RandomBot(Budget(1))
    return make_bot("magnastorm", kind, players)


def play(players: int, seed: int, kind: str, start_area: int,
         content: Content | None = None, first_player: int | None = None) -> dict[str, Any]:
    """One seeded game (the starting player drawn unless given); what the figures need (JSON-ready)."""
    options = {"players": players, "start_area": start_area, "first_player": first_player}
    match = Match(MagnastormState.new(options, content), seed)
    bots = [make(kind, players) for _ in range(players)]
    rngs = [random.Random(f"tune/{seed}/{seat}") for seat in range(players)]
    used: Counter[str] = Counter()
    token_by_position: Counter[int] = Counter()
    swaps_by_position: Counter[int] = Counter()
    round_orders: list[list[int]] = []
    claim_rounds: list[int] = []
    state = match.state
    assert isinstance(state, MagnastormState)

    def note(events: list[Any], order_before: list[int]) -> None:
        """Count what ``events`` used; ``order_before`` is the turn order before the action."""
        for event in events:
            data = event.data
            gained = event.kind == "took_over" or (event.kind == "research_commander" and data["seat"] >= 0)
            if event.kind == "took_over" and data["column"] == 0:
                token_by_position[state.order.index(data["seat"])] += 1
            if event.kind == "bonus" and data["bonus"] == "swap":
                swaps_by_position[order_before.index(data["seat"])] += 1
            if event.kind == "round_started":
                round_orders.append(list(state.order))
            if gained:
                used[f"commander:{data['commander']}"] += 1
            elif event.kind == "objective":
                used[f"objective:{data['card']}"] += 1
                claim_rounds.append(state.round)
            elif event.kind == "bonus":
                used[f"{data['source']}_bonus:{data['bonus']}"] += 1
            elif event.kind == "station_built":
                used["station"] += 1

    note(match.resolve_chance(), list(state.order))
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        order_before = list(state.order)
        note(match.play(bots[seat].choose(state, rngs[seat])), order_before)
        decisions += 1
    result = state.result()
    assert result is not None
    first_order = round_orders[0]
    return {"seed": seed, "players": players, "bot": kind, "winner": result.winners[0],
            "first_order": first_order, "round_orders": round_orders, "reason": result.reason,
            "round": state.round, "decisions": decisions, "used": dict(used),
            "token_by_position": [token_by_position[p] for p in range(players)],
            "swaps_by_position": [swaps_by_position[p] for p in range(players)],
            "reputation": list(state.rep), "ledger": list(state.ledger),
            "claims": [list(c) for c in state.claims], "claim_rounds": claim_rounds,
            "sources": [sum(state.ledger[i::len(SOURCES)]) for i in range(len(SOURCES))],
            "dealt": [*state.admin[1:], *state.rcmd, *state.objectives]}


def wilson(wins: int, games: int) -> list[float]:
    """The 95 % Wilson score interval of a win rate."""
    if not games:
        return [0.0, 1.0]
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(centre - half, 3), round(centre + half, 3)]


def figures(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Aggregate figures over the games in ``results`` (all of one player count)."""
    players = results[0]["players"]
    games = len(results)
    used: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    met: Counter[str] = Counter()
    for r in results:
        used.update(r["used"])
        dealt.update(r["dealt"])
        met.update({key.split(":")[1] for key in r["used"] if key.startswith("objective:")})
    content = bundled_content()
    faces = sorted({o for r in results for o in r["dealt"] if o[:1] in "RS"})
    by_position = Counter(r["first_order"].index(r["winner"]) for r in results)
    by_seat = Counter(r["winner"] for r in results)
    positions = range(players)
    detailed = [r for r in results if "claims" in r] or results  # older lines lack the claims
    return {
        "players": players, "games": games, "bot": results[0]["bot"],
        "win_rate_by_turn_position": [round(by_position[p] / games, 3) for p in positions],
        "win_interval_by_turn_position": [wilson(by_position[p], games) for p in positions],
        "win_rate_by_seat": [round(by_seat[s] / games, 3) for s in positions],
        "win_interval_by_seat": [wilson(by_seat[s], games) for s in positions],
        "even_share": round(1 / players, 3),
        "objective_reputation_by_turn_position": [
            round(sum(r["ledger"][r["first_order"][p] * len(SOURCES)] for r in detailed) / len(detailed), 2)
            for p in positions],
        "first_claims_by_turn_position": [
            round(sum(c[0] == r["first_order"][p] for r in detailed for c in r["claims"] if c)
                  / len(detailed), 2) for p in positions],
        "objectives_claimed_by_round": dict(sorted(
            Counter(x for r in detailed for x in r["claim_rounds"]).items())),
        "reputation_by_turn_position": [
            round(sum(r["reputation"][r["first_order"][p]] for r in results) / games, 2) for p in positions],
        "first_player_token_by_turn_position_in_round": [
            round(sum(r["token_by_position"][p] for r in results) / games, 2) for p in positions],
        "turn_order_swaps_by_position_of_user": [
            round(sum(r.get("swaps_by_position", [0] * players)[p] for r in results) / games, 2)
            for p in positions],
        "starting_first_player_still_first_in_last_round": round(
            sum(r["round_orders"][-1][0] == r["first_order"][0] for r in results) / games, 3),
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
            face: round(used[f"objective:{face}"] / dealt[face], 2) for face in faces},
        "objective_faces_met_in_share_of_games_dealt": {
            face: round(met[face] / dealt[face], 2) for face in faces},
        "bonuses_per_game": {key: round(v / games, 2) for key, v in sorted(used.items())
                             if "bonus" in key or key == "station"},
    }


def schedule(players: int, games: int, seed: int, paired: bool) -> list[tuple[int, int, int | None]]:
    """(seed, starting area, starting player) of each game: the starting player drawn, or with
    ``paired`` each deal played once per starting seat (whole deals only); areas alternate by deal."""
    if not paired:
        return [(seed + g, 1 + g % 2, None) for g in range(games)]
    return [(seed + deal, 1 + deal % 2, first)
            for deal in range(games // players) for first in range(players)]


def main() -> None:
    """Play (or merge) the games and print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--content", type=Path, help="a directory of variant data files")
    parser.add_argument("--out", type=Path, help="append one JSON line per game to this file")
    parser.add_argument("--merge", type=Path, nargs="+", help="figures of the games in these files")
    parser.add_argument("--paired", action="store_true",
                        help="each deal once with every seat starting (whole deals only)")
    args = parser.parse_args()
    if args.merge:
        results = [json.loads(line) for path in args.merge for line in path.read_text().splitlines() if line]
    else:
        content = load_content(args.content) if args.content else None
        results = []
        for seed, area, first in schedule(args.players, args.games, args.seed, args.paired):
            results.append(play(args.players, seed, args.bot, area, content, first))
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps(results[-1]) + "\n")
    print(json.dumps(figures(results), indent=1))


if __name__ == "__main__":
    main()
