"""MageStones: collecting, activating, permanence and the MageStone victory."""

from __future__ import annotations

from game.rules.protocol import GameResult

from .helpers import find, is_legal, kinds, legal, play, position, seat, sq


def test_mage_stopping_on_stones_collects_them_as_its_action() -> None:
    state = position({"S": seat("g5", "h1", ("e5",)), "N": seat("h16", "i16", ("g8",))},
                     stones={"g7": [2, 1], "j7": [5, 0]})
    events = play(state, "g5-g6-g7")
    assert find(events, "stones_collected") == [{"seat": 0, "square": "g7", "unactivated": 2, "activated": 1}]
    assert not is_legal(state, "g7xg8")                  # collecting was its action
    assert state.to_scenario()["seats"]["S"]["carried"] == [2, 1]


def test_stones_on_the_route_are_not_collected() -> None:
    state = position({"S": seat("g5", "h1", ()), "N": seat("h16", "i16", ())})
    events = play(state, "g5-g6-g7-g8")
    assert "stones_collected" not in kinds(events)
    assert state.to_scenario()["stones"]["g7"] == [1, 0]


def test_a_mage_starting_on_stones_may_collect_without_moving() -> None:
    state = position({"S": seat("g7", "h1", ()), "N": seat("h16", "i16", ())})
    assert "collect g7" in legal(state)
    play(state, "collect g7")
    assert state.to_scenario()["seats"]["S"]["carried"] == [1, 0]
    assert state.go_info()["activations"] == 1


def test_a_mage_that_moved_off_stones_cannot_collect() -> None:
    state = position({"S": seat("g6", "h1", ()), "N": seat("h16", "i16", ())})
    play(state, "g6-h6")
    assert not is_legal(state, "collect h6")


def test_activate_only_on_own_base() -> None:
    state = position({"S": seat("i2", "h1", (), carried=(3, 0)), "N": seat("h16", "i16", ())},
                     stones={"g7": [5, 0]})
    assert not is_legal(state, "activate i2")
    play(state, "i2-i1")
    events = play(state, "activate i1")
    assert find(events, "stones_activated") == [{"seat": 0, "square": "i1", "count": 3}]
    assert state.to_scenario()["seats"]["S"]["carried"] == [0, 3]


def test_collecting_on_own_base_uses_the_action_so_no_activation_that_go() -> None:
    state = position({"S": seat("i2", "e12", (), carried=(1, 0)), "N": seat("h16", "i16", ())},
                     stones={"h1": [2, 0], "g7": [5, 0]})
    play(state, "i2-h2-h1")
    assert not is_legal(state, "activate h1")


def test_activation_is_permanent_when_stones_are_dropped_and_taken() -> None:
    state = position({"S": seat("e5", "h1", (), carried=(0, 1)), "N": seat("e6", "i16", (), carried=(0, 2))},
                     stones={"g7": [5, 0]})
    play(state, "e5xe6", "dice 6v1")                      # d6 against North's d12
    assert state.to_scenario()["stones"]["e6"] == [0, 1]
    play(state, "end", "end", "e5-e6")
    assert state.to_scenario()["seats"]["S"]["carried"] == [0, 2]   # counted at once, no trip home


def test_mage_on_own_base_with_six_activated_wins_at_once() -> None:
    state = position({"S": seat("i2", "h1", (), carried=(2, 4)), "N": seat("h16", "i16", ())},
                     stones={"g7": [2, 0]})
    play(state, "i2-i1")
    events = play(state, "activate i1")
    assert find(events, "game_over") == [{"winners": [0], "reason": "magestone"}]
    assert state.legal_actions() == []


def test_sixth_activated_stone_away_from_home_wins_only_at_the_base() -> None:
    state = position({"S": seat("g6", "e12", (), carried=(0, 5)), "N": seat("h16", "i16", ())},
                     stones={"g5": [0, 1], "g7": [2, 0]})
    play(state, "g6-g5")
    assert state.to_scenario()["seats"]["S"]["carried"] == [0, 6]
    assert state.result() is None
    play(state, "end", "end")
    events = play(state, "g5-g4-g3-g2-h2-h1")
    assert find(events, "game_over") == [{"winners": [0], "reason": "magestone"}]


def test_passing_through_the_base_does_not_win() -> None:
    state = position({"S": seat("g1", "e12", (), carried=(0, 6)), "N": seat("h16", "i16", ())},
                     stones={"g7": [2, 0]})
    play(state, "g1-h1-i1-j1")
    assert state.result() is None


def test_mage_falling_with_seven_activated_wins_when_it_respawns() -> None:
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat("e6", "e12", (), carried=(0, 7))},
                     stones={"g7": [1, 0]})
    play(state, "e5xe6", "dice 6v1")
    assert state.to_scenario()["seats"]["N"]["carried"] == [0, 6]
    events = play(state, "end")
    assert kinds(events)[-2:] == ["respawned", "game_over"]
    assert state.result() == GameResult((1,), "magestone")


def test_siege_keeps_a_six_stone_mage_from_winning() -> None:
    state = position({"S": seat("i1", "h1", ("i16",)), "N": seat(None, "e12", (), carried=(0, 6))},
                     stones={"g7": [2, 0]})
    play(state, "end")
    assert state.result() is None
    assert state.unit_at(sq("h16")) is None


def test_activate_needs_an_unactivated_stone_carried() -> None:
    state = position({"S": seat("i1", "h2", (), carried=(0, 2)), "N": seat("h16", "i16", ())},
                     stones={"g7": [6, 0]})
    assert not is_legal(state, "activate i1")
