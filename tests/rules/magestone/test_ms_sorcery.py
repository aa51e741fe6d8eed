"""Bolt and Nova."""

from __future__ import annotations

from game.rules.magestone import MageStoneState

from .helpers import find, is_legal, kinds, legal, play, position, seat, sq


def _bolt_range() -> MageStoneState:
    return position({"S": seat("e5", "h1", ("l5",), carried=(0, 2)), "N": seat("h16", "i16", ("e9", "e10"))},
                    stones={"g7": [6, 0]})


def test_bolt_reaches_exactly_the_squares_left() -> None:
    state = _bolt_range()
    play(state, "l5-l4-l3")                        # 4 squares left
    assert is_legal(state, "bolt e5>e9")          # distance 4
    assert not is_legal(state, "bolt e5>e10")     # distance 5: one more than is left
    assert "bolt e5>e9" in legal(state) and "bolt e5>e10" not in legal(state)


def test_bolt_spends_the_flight_and_defeats_a_non_mage_without_a_roll() -> None:
    state = _bolt_range()
    events = play(state, "bolt e5>e9")
    assert kinds(events)[:5] == ["bolt_cast", "stones_spent", "unit_fell", "gravestone_placed",
                                 "stones_landed"]
    scenario = state.to_scenario()
    assert scenario["stones"]["e9"] == [0, 1]                 # the spent stone lands, still Activated
    assert scenario["seats"]["S"]["carried"] == [0, 1]
    assert state.go_info()["squares"] == 2
    assert not is_legal(state, "e5-e6")                       # casting was the Mage's action


def test_bolt_needs_an_activated_stone() -> None:
    state = position({"S": seat("e5", "h1", (), carried=(3, 0)), "N": seat("h16", "i16", ("e7",))},
                     stones={"g7": [5, 0]})
    assert not any(a.startswith("bolt") for a in legal(state))


def test_bolt_on_a_mage_is_a_contest_with_the_casters_die_after_spending() -> None:
    state = position({"S": seat("e5", "h1", (), carried=(0, 2)), "N": seat("e8", "i16", (), carried=(0, 2))},
                     stones={"g7": [4, 0]})
    events = play(state, "bolt e5>e8")
    contest = find(events, "contest_declared")[0]
    assert (contest["attacker_dice"], contest["defender_dice"]) == ("d6", "d12")


def test_blocked_bolt_lands_under_the_blocking_mage() -> None:
    state = position({"S": seat("e5", "h1", (), carried=(0, 1)), "N": seat("e8", "i16", ())},
                     stones={"g7": [7, 0]})
    events = play(state, "bolt e5>e8", "dice 2v5")
    assert "bolt_blocked" in kinds(events) and "unit_fell" not in kinds(events)
    assert state.unit_at(sq("e5")) == (0, "mage")           # no bounce: the caster is unharmed
    assert state.to_scenario()["stones"]["e8"] == [0, 1]
    assert state.to_scenario()["seats"]["S"]["carried"] == [0, 0]
    play(state, "end")
    events = play(state, "collect e8")                         # the blocker stands on it
    assert state.to_scenario()["seats"]["N"]["carried"] == [0, 1]


def test_successful_bolt_on_a_mage_defeats_it_and_lands_with_its_drop() -> None:
    state = position({"S": seat("e5", "h1", (), carried=(0, 1)), "N": seat("e8", "i16", (), carried=(1, 2))},
                     stones={"g7": [4, 0]})
    events = play(state, "bolt e5>e8", "dice 6v3")
    assert kinds(events)[3:] == ["dice_rolled", "unit_fell", "stones_dropped", "stones_landed"]
    assert state.to_scenario()["stones"]["e8"] == [1, 2]


def test_nova_defeats_enemies_around_spares_friends_and_spreads_four_stones() -> None:
    state = position({"S": seat("h5", "h1", ("g5",), carried=(0, 4)),
                      "N": seat("i4", "i16", ("h6", "g6", "i6", "g4"))},
                     stones={"g7": [4, 0]})
    events = play(state, "nova h5")
    fell = [e["square"] for e in find(events, "unit_fell")]
    assert fell == ["h6", "i6", "i4", "g4", "g6"]               # north first, then clockwise
    assert state.unit_at(sq("g5")) == (0, "warrior")
    scenario = state.to_scenario()
    for corner in ("i6", "i4", "g4", "g6"):
        assert scenario["stones"][corner] == [0, 1]
    assert scenario["seats"]["S"]["carried"] == [0, 0]
    assert state.go_info()["squares"] == 6                      # Nova spends no squares


def test_nova_resolution_order_gravestones_clockwise_while_the_bank_lasts() -> None:
    graves = ["a5", "a6", "a7", "p5", "p6", "p7", "p8"]
    state = position({"S": seat("h5", "h1", (), carried=(0, 4)), "N": seat("e12", "i16", ("i5", "h4"))},
                     stones={"g7": [4, 0]}, gravestones=graves, bank=1)
    events = play(state, "nova h5")
    order = kinds(events)
    assert order[:6] == ["nova_cast", "stones_spent", "unit_fell", "unit_fell", "gravestone_placed",
                         "gravestone_not_placed"]
    assert find(events, "gravestone_placed")[0]["square"] == "i5"          # east comes before south
    assert find(events, "gravestone_not_placed")[0] == {"square": "h4", "reason": "bank_empty"}


def test_nova_at_the_board_edge_and_a_cut_corner_puts_stones_on_the_mage() -> None:
    # e1: south diagonals are off the board and d2 is in the cut corner; only f2 is a square
    state = position({"S": seat("e1", "h1", (), carried=(0, 4)), "N": seat("h16", "i16", ("e2",))},
                     stones={"g7": [4, 0]})
    events = play(state, "nova e1")
    assert [e["square"] for e in find(events, "stones_landed")] == ["f2", "e1", "e1", "e1"]
    assert state.to_scenario()["stones"]["e1"] == [0, 3]
    assert state.unit_at(sq("e2")) is None


def test_nova_kills_a_mage_which_drops_before_the_stones_land() -> None:
    state = position({"S": seat("h5", "h1", (), carried=(0, 4)), "N": seat("g4", "i16", (), carried=(2, 1))},
                     stones={"g7": [1, 0]})
    events = play(state, "nova h5")
    order = kinds(events)
    assert order.index("stones_dropped") < order.index("stones_landed")
    assert state.to_scenario()["stones"]["g4"] == [2, 2]


def test_nova_needs_four_activated_stones() -> None:
    state = position({"S": seat("h5", "h1", (), carried=(1, 3)), "N": seat("h16", "i16", ())},
                     stones={"g7": [4, 0]})
    assert "nova h5" not in legal(state)


def test_nova_may_be_cast_with_no_enemy_adjacent() -> None:
    state = position({"S": seat("h5", "h1", (), carried=(0, 4)), "N": seat("h16", "i16", ())},
                     stones={"g7": [4, 0]})
    events = play(state, "nova h5")
    assert find(events, "unit_fell") == []
    stones = state.to_scenario()["stones"]
    assert all(stones[name] == [0, 1] for name in ("g4", "i4", "g6", "i6"))
