"""Every level on both real games: legal, reproducible moves from many random positions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.ai import LEVELS, Budget, hint, make_bot
from game.ai.games import new_state
from game.ai.levels import live_budget
from game.rules.protocol import GameState

SMALL = Budget(300)
GAMES = [("magestone", 2), ("magestone", 4), ("magistrat", 2)]


def _engine(game_id: str) -> None:
    try:
        new_state(game_id, {"players": 2})
    except (ImportError, AttributeError):
        pytest.skip(f"the {game_id} engine is not in the tree yet")


def random_positions(game_id: str, players: int, count: int, seed: int) -> Iterator[GameState]:
    """Decision positions reached by seeded random play (chance resolved by sampling)."""
    rng = random.Random(seed)
    produced = 0
    while produced < count:
        state = new_state(game_id, {"players": players})
        for _ in range(rng.randrange(0, 120)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        while state.is_chance_node():
            state.apply(state.sample_chance(rng))
        if not state.is_terminal():
            produced += 1
            yield state


@pytest.mark.parametrize(("game_id", "players"), GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves(game_id: str, players: int, level: str) -> None:
    """From random positions each level returns a legal action and leaves the state unchanged."""
    _engine(game_id)
    for index, state in enumerate(random_positions(game_id, players, 6, seed=len(level) + players)):
        before = state.position()
        action = make_bot(game_id, level, players).choose(state, random.Random(index), SMALL)
        assert state.is_legal(action), f"{level} chose illegal {action} in {before}"
        assert state.position() == before


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_same_seed_and_budget_give_the_same_move(game_id: str, players: int) -> None:
    """Reproducibility on the real games, at every level."""
    _engine(game_id)
    for state in random_positions(game_id, players, 2, seed=11):
        for level in LEVELS:
            first, second = (str(make_bot(game_id, level, players).choose(state, random.Random(5), SMALL))
                             for _ in range(2))
            assert first == second


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_hint_is_a_stable_legal_move(game_id: str, players: int) -> None:
    """The hint is legal and the same when asked twice."""
    _engine(game_id)
    state = next(random_positions(game_id, players, 1, seed=3))
    first = hint(game_id, state, "normal", SMALL)
    assert state.is_legal(first) and str(first) == str(hint(game_id, state, "normal", SMALL))


@pytest.mark.parametrize(("game_id", "players", "seconds"), [("magestone", 2, 3.0), ("magestone", 4, 3.0),
                                                             ("magistrat", 2, 2.0)])
def test_live_play_keeps_each_level_within_the_games_think_time(game_id: str, players: int,
                                                               seconds: float) -> None:
    """In live play a decision spends the level's nodes but never more than the game's think time
    (MageStone 3 s, MagiStrat 2 s), so a busy machine makes the AI answer sooner, not later."""
    for level in LEVELS:
        budget = live_budget(game_id, level, players)
        assert budget.max_seconds == seconds
        assert budget.nodes == make_bot(game_id, level, players).budget.nodes

