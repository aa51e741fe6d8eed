"""Falling, gravestones and the bank, the respawn queue, sieges and elimination."""

from __future__ import annotations

from game.rules.protocol import GameResult

from .helpers import find, kinds, legal, play, position, seat


def test_fallen_warrior_leaves_a_gravestone_and_spends_the_bank() -> None:
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6",))})
    events = play(state, "e5xe6", "dice 6v1")
    assert find(events, "gravestone_placed") == [{"square": "e6", "bank": 7}]
    scenario = state.to_scenario()
    assert scenario["gravestones"] == ["e6"] and scenario["bank"] == 7


def test_no_gravestone_when_the_bank_is_empty() -> None:
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6",))},
                     gravestones=["a5", "a6", "a7", "a8", "p5", "p6", "p7", "p8"], bank=0)
    events = play(state, "e5xe6", "dice 6v1")
    assert find(events, "gravestone_not_placed") == [{"square": "e6", "reason": "bank_empty"}]
    assert state.to_scenario()["gravestones"] == ["a5", "p5", "a6", "p6", "a7", "p7", "a8", "p8"]


def test_no_gravestone_on_the_nexus() -> None:
    state = position({"S": seat("i1", "h1", ("h7",)), "N": seat("h16", "i16", ("h8",))})
    events = play(state, "h7xh8", "dice 6v1")
    assert find(events, "gravestone_not_placed") == [{"square": "h8", "reason": "nexus"}]
    assert state.to_scenario()["bank"] == 8


def test_no_gravestone_on_a_gravestone() -> None:
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6",))}, gravestones=["e6"])
    events = play(state, "e5xe6", "dice 6v1")
    assert find(events, "gravestone_not_placed") == [{"square": "e6", "reason": "already_one"}]
    assert state.to_scenario()["bank"] == 7


def test_mage_falling_with_no_activated_stones_drops_only_unactivated() -> None:
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat("e6", "i16", (), carried=(2, 0))},
                     stones={"g7": [6, 0]})
    events = play(state, "e5xe6", "dice 6v1")
    assert find(events, "stones_dropped") == [{"seat": 1, "square": "e6", "unactivated": 2, "activated": 0}]
    assert state.to_scenario()["stones"]["e6"] == [2, 0]
    assert "gravestone_placed" not in kinds(events)


def test_mage_falling_with_several_activated_keeps_all_but_one() -> None:
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat("e6", "i16", (), carried=(1, 4))},
                     stones={"g7": [3, 0]})
    events = play(state, "e5xe6", "dice 6v5")
    assert find(events, "stones_dropped")[0]["activated"] == 1
    scenario = state.to_scenario()
    assert scenario["stones"]["e6"] == [1, 1]
    assert scenario["seats"]["N"]["carried"] == [0, 3]
    assert scenario["seats"]["N"]["mage"] is None               # queued


def test_respawn_at_start_of_owners_go_on_own_start_square() -> None:
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat("e6", "i16", ())})
    play(state, "e5xe6", "dice 6v1")
    events = play(state, "end")
    assert find(events, "respawned") == [{"seat": 1, "unit": "mage", "square": "h16"}]
    assert kinds(events).index("go_started") < kinds(events).index("respawned")


def test_respawn_second_pass_uses_the_other_base_square() -> None:
    # North's Mage start h16 holds its own Warrior: the Mage respawns on the Priest's start i16
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat(None, "e12", ("h16",))})
    events = play(state, "end")
    assert find(events, "respawned") == [{"seat": 1, "unit": "mage", "square": "i16"}]


def test_respawn_first_pass_fills_own_squares_before_the_other_square() -> None:
    # both queued, h16 blocked: the Priest takes its own i16 in the first pass, so the Mage waits
    state = position({"S": seat("i1", "h1", ("e5", "f7")), "N": seat(None, None, ("h16", "i15"))})
    events = play(state, "end")
    assert find(events, "respawned") == [{"seat": 1, "unit": "priest", "square": "i16"}]
    assert find(events, "respawn_held") == [{"seat": 1, "units": ["mage"], "reason": "blocked"}]


def test_siege_holds_the_respawn() -> None:
    state = position({"S": seat("i1", "h1", ("i16",)), "N": seat(None, "e12", ("e13",))})
    events = play(state, "end")
    assert find(events, "respawn_held") == [{"seat": 1, "units": ["mage"], "reason": "siege"}]
    assert "respawned" not in kinds(events)
    assert state.to_scenario()["seats"]["N"]["mage"] is None


def test_respawned_mage_does_not_collect_but_may_as_its_action() -> None:
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat(None, "i16", ())},
                     stones={"h16": [2, 1], "g7": [5, 0]})
    events = play(state, "end")
    assert "stones_collected" not in kinds(events)
    assert "collect h16" in legal(state)
    events = play(state, "collect h16")
    assert state.to_scenario()["seats"]["N"]["carried"] == [2, 1]


def test_elimination_places_the_queued_mages_stones_and_conquest_wins_two_players() -> None:
    state = position({"S": seat("i1", "h1", ("i16",)), "N": seat(None, None, (), carried=(1, 2))},
                     stones={"g7": [5, 0]})
    events = play(state, "end")
    assert "eliminated" in kinds(events)
    assert find(events, "eliminated") == [{"seat": 1, "stones_square": "h16", "unactivated": 1,
                                            "activated": 2}]
    assert state.to_scenario()["stones"]["h16"] == [1, 2]
    assert state.result() == GameResult((0,), "conquest")


def test_elimination_in_four_players_and_turn_order_skips_the_player() -> None:
    state = position({"S": seat("i1", "h1", ("a8",)), "W": seat(None, None, ()),
                      "N": seat("h16", "i16", ()), "E": seat("p9", "p8", ())})
    events = play(state, "end")
    assert find(events, "eliminated")[0]["seat"] == 1
    assert state.current_player() == 2 and state.result() is None
    play(state, "end", "end")
    assert state.current_player() == 0
    play(state, "end")
    assert state.current_player() == 2


def test_a_player_with_units_left_is_not_eliminated() -> None:
    state = position({"S": seat("i1", "h1", ("i16",)), "N": seat(None, None, ("e12",))})
    events = play(state, "end")
    assert "eliminated" not in kinds(events)
