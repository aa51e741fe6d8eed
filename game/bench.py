"""Speed measurements for ``python -m game bench``: medians over repeated runs."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.rules.match import dice_rng
from game.rules.protocol import GameState
from game.rules.registry import new_game

REPEATS = 5
GO_LIMIT = 300


def run(topic: str, executable: Path | None = None) -> dict[str, Any]:
    """Figures for one bench topic, as a flat mapping of name to number.

    ``executable`` (startup only) measures a frozen build instead of the source tree.
    """
    if topic == "engine":
        return bench_engine()
    if topic == "ai":
        from game.ai.bench import bench_ai

        return bench_ai()
    if topic == "startup":
        from game.client.startup import bench_startup

        return bench_startup(executable)
    if topic == "winchance":
        from game.client.match.chances import bench_series

        return bench_series()
    if topic == "render":
        from game.client.render_bench import bench_render

        return bench_render()
    raise ValueError(f"unknown bench topic {topic!r}")


def random_playout(state: GameState, rng: random.Random, seed: int) -> int:
    """Play uniformly random legal actions (chance from the dice RNG) to the end; returns decisions."""
    decisions = 0
    rolls = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(dice_rng(seed, rolls)))
            rolls += 1
            continue
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions


def _median_rate(work: Callable[[int], int], repeats: int = REPEATS) -> float:
    """Median of units/second over ``repeats`` runs of ``work(run_index) -> units``."""
    rates = []
    for index in range(repeats):
        started = time.perf_counter()
        units = work(index)
        rates.append(units / (time.perf_counter() - started))
    return statistics.median(rates)


def _games_per_s(game_id: str, options: dict[str, Any], games: int) -> float:
    def work(index: int) -> int:
        for game_number in range(games):
            seed = index * 1000 + game_number
            random_playout(new_game(game_id, options), random.Random(seed), seed)
        return games

    return _median_rate(work)


def _decisions_per_s(game_id: str, options: dict[str, Any]) -> float:
    """Legal-action generation plus apply, per decision, over random games."""
    def work(index: int) -> int:
        state = new_game(game_id, options)
        rng = random.Random(index)
        decisions = rolls = 0
        while decisions < 3000:
            if state.is_terminal():
                state = new_game(game_id, options)
            elif state.is_chance_node():
                state.apply(state.sample_chance(dice_rng(index, rolls)))
                rolls += 1
            else:
                state.apply(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return _median_rate(work)


def _mid_game(game_id: str, options: dict[str, Any], decisions: int) -> GameState:
    state = new_game(game_id, options)
    rng = random.Random(7)
    rolls = 0
    while decisions > 0 and not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(dice_rng(7, rolls)))
            rolls += 1
        else:
            state.apply(rng.choice(state.legal_actions()))
            decisions -= 1
    return state


def _clone_us(state: GameState) -> float:
    timings = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        for _ in range(2000):
            state.clone()
        timings.append((time.perf_counter() - started) / 2000 * 1e6)
    return statistics.median(timings)


def _search_nodes_per_s(game_id: str, options: dict[str, Any], depth: int) -> float:
    """Nodes per second of a depth-limited apply/undo walk with legal-action generation."""
    root = _mid_game(game_id, options, 40)

    def walk(state: GameState, remaining: int) -> int:
        if remaining == 0 or state.is_terminal():
            return 1  # a leaf is evaluated, not expanded
        nodes = 1
        for action in state.legal_actions():
            state.apply(action)
            nodes += walk(state, remaining - 1)
            state.undo()
        return nodes

    return _median_rate(lambda _index: walk(root.clone(), depth))


def bench_engine() -> dict[str, float]:
    """Rules-engine figures for every game."""
    magestone_2p = {"players": 2, "go_limit": GO_LIMIT}
    magestone_4p = {"players": 4, "go_limit": GO_LIMIT}
    magistrat = {"setup": "random", "setup_seed": 1}
    return {
        "magestone_decisions_per_s": round(_decisions_per_s("magestone", magestone_2p)),
        "magestone_2p_random_games_per_s": round(_games_per_s("magestone", magestone_2p, 10), 2),
        "magestone_4p_random_games_per_s": round(_games_per_s("magestone", magestone_4p, 5), 2),
        "magestone_clone_us": round(_clone_us(_mid_game("magestone", magestone_2p, 200)), 2),
        "magistrat_decisions_per_s": round(_decisions_per_s("magistrat", magistrat)),
        "magistrat_random_games_per_s": round(_games_per_s("magistrat", magistrat, 10), 2),
        "magistrat_search_nodes_per_s": round(_search_nodes_per_s("magistrat", magistrat, 2)),
        "magistrat_clone_us": round(_clone_us(_mid_game("magistrat", magistrat, 40)), 2),
        "magnastorm_decisions_per_s": round(_decisions_per_s("magnastorm", {"players": 2})),
        "magnastorm_4p_random_games_per_s": round(_games_per_s("magnastorm", {"players": 4}, 5), 2),
        "magnastorm_clone_us": round(_clone_us(_mid_game("magnastorm", {"players": 3}, 150)), 2),
    }
