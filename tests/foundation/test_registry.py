"""The registry starts, rebuilds and names every game the same way."""

from __future__ import annotations

import pytest

from game.rules.registry import GAME_IDS, new_game, state_class, state_from_json


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_rebuilds_from_position_and_json(game_id: str) -> None:
    state = new_game(game_id, {"players": 2})
    assert state.num_players == 2
    assert state_class(game_id).from_position(state.position()).position() == state.position()
    assert state_from_json(game_id, state.to_json()).position() == state.position()


def test_fixed_seat_games_check_the_player_count() -> None:
    with pytest.raises(ValueError, match="played by 2 players, not 4"):
        new_game("magistrat", {"players": 4})
    assert new_game("magestone", {"players": 4}).num_players == 4


def test_unknown_game_is_named() -> None:
    with pytest.raises(ValueError, match="unknown game 'ludo'"):
        new_game("ludo")
