"""Magnastorm's AI levels: whole-turn planning, reproducible, in the worker, and playing for the win."""

from __future__ import annotations

import random
import time

import pytest

from game.ai.base import Budget
from game.ai.levels import hint, make_bot
from game.ai.worker import AiWorker, choose_text
from game.rules.magnastorm import MagnastormState, new_game
from game.rules.match import Match
from tests.rules.magnastorm.helpers import give_rep, set_cubes, started

LEVELS = ("easy", "normal", "hard")


def _midgame(players: int, seed: int = 4, plies: int = 40) -> MagnastormState:
    """A position some way into a seeded game between Easy bots, at a decision."""
    match = Match(new_game({"players": players}), seed)
    match.resolve_chance()
    bot = make_bot("magnastorm", "easy", players)
    rng = random.Random(seed)
    for _ in range(plies):
        match.play(bot.choose(match.state, rng))
    state = match.state
    assert isinstance(state, MagnastormState) and not state.is_terminal()
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plans_turns_and_plays_legally(players: int) -> None:
    state = _midgame(players)
    for level in ("random", *LEVELS):
        bot = make_bot("magnastorm", level, players)
        assert level == "random" or bot.name == f"magnastorm-{level}"
        assert state.is_legal(bot.choose(state, random.Random(1)))


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_node_budget_give_the_same_action(level: str) -> None:
    state = _midgame(3, seed=7)
    before = state.position()
    picks = {str(make_bot("magnastorm", level, 3).choose(state, random.Random(5))) for _ in range(2)}
    assert len(picks) == 1 and state.position() == before


def test_a_spent_budget_still_gives_a_legal_action() -> None:
    state = _midgame(4, seed=2)
    action = make_bot("magnastorm", "hard", 4).choose(state, random.Random(3), Budget(5))
    assert state.is_legal(action)


def test_the_hint_is_the_hard_move_and_stable() -> None:
    state = _midgame(2, seed=9)
    first = hint("magnastorm", state)
    assert state.is_legal(first) and hint("magnastorm", state) == first


def test_the_worker_rebuilds_a_magnastorm_turn_and_answers_legally() -> None:
    state = _midgame(3, seed=11)
    message = {"game_id": "magnastorm", "state": state.to_json(), "level": "hard", "seed": 8,
               "budget": Budget(60_000).to_json()}
    assert state.is_legal(state.parse_action(choose_text(message)))
    with AiWorker(timeout_s=60.0) as worker:
        worker.request("magnastorm", state.to_json(), "normal", 3, Budget(20_000, 30.0))
        deadline = time.monotonic() + 60.0
        result = None
        while result is None and time.monotonic() < deadline:
            result = worker.poll()
            time.sleep(0.02)
    assert result is not None and not result.fallback
    assert state.is_legal(state.parse_action(result.action))


def _play_turn(state: MagnastormState, level: str, seed: int = 1) -> list[str]:
    """Let the ``level`` bot play the whole turn of the seat to act; returns its decisions."""
    seat = state.current_player()
    bot = make_bot("magnastorm", level, state.num_players)
    rng = random.Random(seed)
    played = []
    match = Match(state, seed)
    while not state.is_terminal() and state.current_player() == seat:
        action = bot.choose(state, rng)
        played.append(str(action))
        match.play(action)
    return played


def _last_turn(players: int = 2) -> MagnastormState:
    """Round 1, the first player to act is the last of the pass and the end is already triggered."""
    state = started(players)
    seat = state.current_player()
    others = [s for s in state.order if s != seat]
    state.pass_order = [*others, seat]
    state.pass_pos = len(others)
    state.end_triggered = 1
    state.refresh()
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_on_the_last_turn_it_takes_the_commander_that_wins(level: str) -> None:
    state = _last_turn()
    seat = state.current_player()
    other = 1 - seat
    best_green = max(state.s.content.commanders[cid].green for cid in state.admin if cid)
    give_rep(state, seat, 20)
    give_rep(state, other, 20 + best_green - 1)
    set_cubes(state, seat, y=4, **{f"c{seat + 1}": 3})
    played = _play_turn(state, level)
    result = state.result()
    assert result is not None and result.winners == (seat,), played
    assert played[0].startswith("take"), played


@pytest.mark.parametrize("level", LEVELS)
def test_it_fulfils_the_objective_that_ends_and_wins_the_game(level: str) -> None:
    state = _last_turn()
    state.end_triggered = 0
    seat = state.current_player()
    other = 1 - seat
    reward = state.s.rep_spaces[0]
    give_rep(state, seat, state.s.threshold - reward)
    give_rep(state, other, state.s.threshold - reward + 1)
    green = state.s.colours.index("g")
    state.research[seat * state.s.areas + green] = 2  # R1a: two levels of green in round 1
    set_cubes(state, seat, y=0, **{f"c{seat + 1}": 0})
    state.refresh()
    assert state.objectives[0] == "R1a"
    played = _play_turn(state, level)
    result = state.result()
    assert "obj 1" in played and result is not None and result.winners == (seat,), played


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_claims_an_objective_within_reach_in_midgame(level: str) -> None:
    """Green at 3 meets R1a (two levels of green in round 1), worth the first reputation space."""
    state = started(3)
    seat = state.current_player()
    green = state.s.colours.index("g")
    state.research[seat * state.s.areas + green] = 3
    state.refresh()
    played = _play_turn(state, level)
    assert any(text.startswith("obj") for text in played), played
    assert any(seat in claims for claims in state.claims) and state.rep[seat] >= state.s.rep_spaces[0]
