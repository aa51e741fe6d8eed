"""Bonus spaces, payments of any colour, the bag and the floor of reputation."""

from __future__ import annotations

from .helpers import control, legal, play, set_cubes, started, top


def test_a_crew_bonus_goes_under_crew_on_the_upper_panel_or_on_a_free_lower_space() -> None:
    state = started(2)
    state.upper[15] = 0  # column 3 empty
    state.lower[19] = (0, 0, 0)
    state.refresh()
    play(state, "crew c2 y", "to r1c0")  # the crew bonus; row 2 moves for a yellow cube: gain at once
    assert top(state) == "place"
    ups = [a for a in legal(state) if a.startswith("up")]
    assert ups == ["up c0", "up c1", "up c2"] and "to r0c0" in legal(state) and "to r1c0" not in legal(state)
    play(state, "up c1")
    assert state.upper[5 + 1] == 1 and state.crew_home[0] == 3


def test_commander_bonuses_come_before_the_action_space_bonus() -> None:
    state = started(2)
    control(state, 0, "mbado")
    play(state, "crew c2 y", "to r3c2")  # the bag space, cubes only: Yuul Mbado's cube comes first
    assert top(state) == "getcolour"
    play(state, "get 2")
    assert state.is_chance_node()


def test_a_cost_with_any_cube_is_a_payment_choice_made_before_the_bonuses() -> None:
    state = started(2)
    state.lab_slots[0:5] = [0, 0, 0, 0, 0]
    state.space_owner[0:5] = [0] * 5
    state.space_labs[0:5] = [1] * 5
    set_cubes(state, 0, y=2, c1=2, c2=1)
    play(state, "crew c2 y", "to r0c0", "move", "go", "end s38", "lab 6")  # slot 6 costs y + any; white space
    assert top(state) == "pay" and legal(state) == ["pay y", "pay 1", "pay 2"]
    play(state, "pay 2")
    assert state.cubes[0:3] == [1, 1, 0] and top(state) == "research"


def test_a_black_cube_goes_back_into_the_bag_for_one_of_your_colour() -> None:
    state = started(2)
    play(state, "crew c2 y", "to r3c2")
    bag = list(state.bag)
    play(state, "bag k")
    assert state.bag == bag and state.cubes[1] == 2 + 1 + 1  # row 4 gain (y k) and the black cube
    state = started(2)
    play(state, "crew c2 y", "to r3c2", "bag 2")
    assert state.bag[2] == bag[2] - 1 and state.cubes[2] == 1


def test_an_empty_bag_gives_nothing() -> None:
    state = started(2)
    state.bag = [0] * 6
    state.supply = [s + 3 * (i in (0, 1, 2)) + 25 * (i == 5) for i, s in enumerate(state.supply)]
    state.supply[5] = 0
    state.refresh()
    play(state, "crew c2 y", "to r3c2")
    assert not state.is_chance_node() and state.cubes[0:5] == [1, 3, 0, 0, 0]


def test_reputation_never_falls_below_zero() -> None:
    state = started(2)
    control(state, 1, "beeper")
    set_cubes(state, 0, y=3, c2=1)
    play(state, "take c2", "to r0c0", "to r0c1", "to r0c2")
    assert state.rep[1] == 0 and sum(state.ledger[10:20]) == 0
