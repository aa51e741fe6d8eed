"""Board, seats, set-up and turn order."""

from __future__ import annotations

import pytest

from game.rules.magestone import new_game
from game.rules.protocol import ActionParseError, PositionError

from .helpers import BOARD, find, play, position, seat, sq


def test_board_has_192_squares_with_cut_corners() -> None:
    assert sum(BOARD.valid) == 192
    for name in ("a1", "d4", "m1", "p16", "a13", "m13"):
        assert name not in BOARD.square_of
    for name in ("e1", "a5", "p12", "l16", "h8"):
        assert name in BOARD.square_of


def test_two_player_set_up_matches_the_rulings() -> None:
    state = new_game({"players": 2})
    units = state.to_scenario()["seats"]
    assert units["S"]["priest"] == "h1" and units["S"]["mage"] == "i1"
    assert units["N"]["priest"] == "i16" and units["N"]["mage"] == "h16"
    assert units["S"]["warriors"] == ["e1", "f1", "g1", "j1", "k1", "l1"]
    scenario = state.to_scenario()
    assert sorted(scenario["stones"]) == sorted(["g7", "j7", "g10", "j10", "f8", "f9", "k8", "k9"])
    assert all(v == [1, 0] for v in scenario["stones"].values())
    assert scenario["bank"] == 8
    assert state.current_player() == 0


def test_four_player_set_up_is_rotation_symmetric() -> None:
    state = new_game({"players": 4})
    units = state.to_scenario()["seats"]
    assert (units["W"]["priest"], units["W"]["mage"]) == ("a9", "a8")
    assert (units["E"]["priest"], units["E"]["mage"]) == ("p8", "p9")
    assert state.to_scenario()["bank"] == 16
    assert len(state.to_scenario()["stones"]) == 16


def test_turn_order_is_clockwise_from_the_first_seat() -> None:
    state = new_game({"players": 4, "first_seat": "N"})
    order = []
    for _ in range(5):
        order.append(state.seats[state.current_player()])
        play(state, "end")
    assert order == ["N", "E", "S", "W", "N"]


def test_nobody_takes_two_goes_in_a_row_in_two_players() -> None:
    state = new_game({"players": 2})
    events = play(state, "end", "end")
    assert [e["seat"] for e in find(events, "go_started")] == [1, 0]


def test_bad_options_are_rejected() -> None:
    with pytest.raises(PositionError):
        new_game({"players": 3})
    with pytest.raises(PositionError):
        new_game({"players": 2, "first_seat": "W"})
    with pytest.raises(PositionError):
        new_game({"go_limit": 0})


def test_cut_corner_squares_are_not_squares() -> None:
    state = new_game({})
    with pytest.raises(ActionParseError):
        state.parse_action("a1-a2")


def test_one_unit_per_square_is_enforced_by_scenarios() -> None:
    with pytest.raises(PositionError, match="already holds a unit"):
        position({"S": seat("e5", "e5"), "N": seat("h16", "i16")})


def test_queued_units_are_absent_from_the_board() -> None:
    state = position({"S": seat(None, "h1", ("e4",)), "N": seat("h16", "i16")})
    assert state.unit_at(sq("i1")) is None
    assert state.unit_at(sq("e4")) == (0, "warrior")
