"""The levels and the greedy tuning player play Magnastorm; its evaluation is sane."""

from __future__ import annotations

import random

import pytest

from game.ai.base import Budget, SearchBot
from game.ai.games import evaluator
from game.ai.greedy import Greedy
from game.ai.levels import make_bot
from game.ai.magnastorm_eval import evaluate, final_value, next_order
from game.rules.magnastorm import new_game
from game.rules.match import Match
from tests.rules.magnastorm.helpers import give_rep, started


def _first_decision(players: int) -> Match:
    match = Match(new_game({"players": players}), seed=3)
    match.resolve_chance()
    return match


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_gives_a_legal_action(players: int) -> None:
    match = _first_decision(players)
    state = match.state
    for level in ("random", "easy"):
        bot = make_bot("magnastorm", level, players)
        action = bot.choose(state, random.Random(1), Budget(40))
        assert state.is_legal(action)


def _greedy_game(players: int) -> Match:
    match = _first_decision(players)
    bot = SearchBot("greedy", Greedy(evaluator("magnastorm")), Budget(10_000))
    rng = random.Random(2)
    while not match.state.is_terminal():
        match.play(bot.choose(match.state, rng))
    return match


def test_the_greedy_player_finishes_a_game() -> None:
    assert _greedy_game(2).state.result() is not None


def test_a_finished_game_ranks_the_margin_below_the_result() -> None:
    """The bots' value of a finished game: every win above every live value, every loss below, and among
    the losers the closer one (the better place) higher, so a lost last turn still plays for second."""
    state = _greedy_game(3).state
    values, winner = final_value(state), state.returns().index(1.0)
    assert values[winner] >= 1 and all(v <= -1 for seat, v in enumerate(values) if seat != winner)
    losers = sorted((seat for seat in range(3) if seat != winner), key=lambda seat: state.rep[seat])
    assert state.rep[losers[0]] < state.rep[losers[1]]
    assert values[losers[0]] < values[losers[1]]
    assert evaluator("magnastorm")(state) == values


def test_the_evaluation_favours_the_leader() -> None:
    state = started(3)
    give_rep(state, 1, 10)
    values = evaluate(state)
    assert values[1] > 0 > values[0] and all(-1 < v < 1 for v in values)


def test_the_first_player_token_counts_for_next_round() -> None:
    state = started(3)
    state.fp_holder = 2
    assert next_order(state) == [2, 0, 1]
