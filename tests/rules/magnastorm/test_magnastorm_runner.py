"""The scout runner, the storm, transmitter stations, turtle labs and research advances."""

from __future__ import annotations

from .helpers import area, legal, place_runner, play, put_labs, set_cubes, spaces, started, top


def _ends(state, name):  # type: ignore[no-untyped-def]
    return [f"end s{s}" for s in spaces(state, name)]


def test_a_move_reaches_any_space_of_its_area_or_of_an_adjacent_area() -> None:
    state = started(2)
    play(state, "crew c2 y", "to r0c0", "move")
    assert top(state) == "step"
    assert legal(state) == [*_ends(state, "4o"), "step 3o", "step 4l", "step 4r", "step 5o"]
    play(state, "step 4l")
    assert legal(state) == _ends(state, "4l")  # one area per move
    assert state.cubes[1] == 1  # row 1 cost: one black = own colour


def test_the_runner_never_enters_a_storm_sector() -> None:
    state = started(2)
    place_runner(state, 0, "5r")
    play(state, "crew c2 y", "to r0c0", "move")
    assert "step 0l" not in legal(state) and "step 5a" in legal(state)


def test_a_runner_in_the_storm_must_move_into_a_quiet_sector() -> None:
    state = started(2)
    place_runner(state, 0, "0o")  # sector 0 is in the storm in round 1; 5o is quiet
    play(state, "crew c2 y", "to r0c0", "move")
    assert state.runner[0] == area(state, "5o") and legal(state) == _ends(state, "5o")


def test_a_runner_that_cannot_reach_a_quiet_sector_drifts_clockwise_and_drops_nothing() -> None:
    state = started(2)
    place_runner(state, 0, "1a")  # sectors 0, 1 and 2 are in the storm
    play(state, "crew c2 y", "to r0c0", "move")
    assert state.runner[0] == area(state, "2a") and state.space_owner[16] == -1
    assert state.current_player() == 1  # nothing else to decide: the turn is over


def test_moving_between_sectors_past_an_empty_transmitter_space_lets_you_build_a_station() -> None:
    state = started(2)
    play(state, "crew c2 y", "to r0c2", "move")  # the range bonus: up to 2 areas
    play(state, "step 4r", "step 5l")
    play(state, "end s41")
    assert "build t4 2" in legal(state) and not any(a.startswith("build t3") for a in legal(state))
    assert "build t4 1" not in legal(state)  # the first station costs a yellow cube
    play(state, "build t4 2")
    assert state.station_owner[4] == 0 and state.rep[0] == 2 and state.station_slots[1] == 0
    assert state.cubes[1] == 0 and not any(a.startswith("build") for a in legal(state))
    play(state, "lab 1")  # a lab may still be dropped in the same turn
    assert state.space_owner[41] == 0


def test_a_move_inside_one_sector_passes_no_transmitter_space() -> None:
    state = started(2)
    play(state, "crew c2 y", "to r0c2", "move", "step 4r", "step 4a")  # 4a has one space: stop there
    assert not any(a.startswith("build") for a in legal(state))


def test_a_move_may_start_at_any_station_paying_its_owner_one_cube() -> None:
    state = started(2)
    state.station_owner[4] = 1
    state.station_slots[3] = 0
    set_cubes(state, 0, c1=1, y=1)
    play(state, "crew c2 y", "to r1c0", "move")  # row 2 costs one yellow
    assert legal(state) == ["go", "go t4"]
    play(state, "go t4")
    assert state.cubes[1] == 0 and state.cubes[5 + 1] == 1  # the one cube left went to the owner
    assert legal(state) == ["step 4r", "step 5l"]  # from the station along its line only
    play(state, "step 5l")
    assert legal(state) == _ends(state, "5l")


def test_own_stations_are_free_to_start_from() -> None:
    state = started(2)
    state.station_owner[4] = 0
    state.station_slots[0] = 0
    play(state, "crew c2 y", "to r0c0", "move", "go t4")
    assert state.cubes[1] == 1 and top(state) == "step"


def test_the_first_two_labs_are_free_and_the_others_cost_what_their_slot_shows() -> None:
    state = started(2)
    set_cubes(state, 0, c1=1)
    play(state, "crew c2 y", "to r0c0", "move", "end s37")
    assert legal(state) == ["lab 1", "lab 2", "done"]  # slot 3 costs a yellow cube
    set_cubes(state, 0, y=1)
    assert "lab 3" in legal(state)
    play(state, "lab 3")  # pays the yellow cube; green level 1 then gives a yellow cube back
    assert state.cubes[0] == 1 and state.lab_slots[2] == 0 and state.space_labs[37] == 1
    assert state.level(0, 0) == 1 and state.supply[0] == 22 - 1


def test_a_lab_advances_research_in_its_space_colour() -> None:
    state = started(2)
    play(state, "crew c2 y", "to r0c0", "move", "end s37")  # s37 is green
    before = state.level(0, 0)
    play(state, "lab 1")
    assert state.level(0, 0) == before + 1 and state.current_player() == 1  # nothing more to do


def test_a_white_space_lets_the_player_choose_the_research_area() -> None:
    state = started(2)
    play(state, "crew c2 y", "to r0c0", "move", "end s38", "lab 1")  # s38 is white
    assert top(state) == "research" and legal(state) == ["res g", "res r", "res b"]
    play(state, "res g")
    assert state.level(0, 0) == 1


def test_no_lab_on_a_space_that_has_one() -> None:
    state = started(2)
    put_labs(state, 1, [37])
    play(state, "crew c2 y", "to r0c0", "move", "end s37")
    assert state.space_owner[37] == 1 and state.space_labs[37] == 1 and state.current_player() == 1


def test_research_track_bonuses_are_gained_on_the_way_up() -> None:
    state = started(2)
    state.research[0:3] = [1, 1, 1]
    state.refresh()
    play(state, "crew c2 y", "to r0c0", "move", "end s38", "lab 1", "res g")  # green 2: a yellow cube
    assert state.level(0, 0) == 2 and state.cubes[0] == 1


def test_a_marker_at_the_top_advances_no_further() -> None:
    state = started(2)
    top_level = state.s.research.top
    state.research[0:3] = [top_level, top_level, 1]
    state.refresh()
    play(state, "crew c2 y", "to r0c0", "move", "end s38", "lab 1")  # white: only blue can advance
    assert state.research[0:3] == [top_level, top_level, 2]
    state = started(2)
    state.research[0:3] = [top_level, top_level, top_level]
    state.refresh()
    play(state, "crew c2 y", "to r0c0", "move", "end s39", "lab 1")  # blue at the top: lost
    assert state.research[0:3] == [top_level] * 3


def test_the_extra_lab_space_drops_a_second_lab_on_the_same_space_without_more_research() -> None:
    state = started(2)
    set_cubes(state, 0, y=1, c1=1)
    play(state, "crew c2 y", "to r2c1", "move", "end s37", "lab 1")  # row 3 costs y k
    assert "lab 2" in legal(state)
    before = state.level(0, 0)
    play(state, "lab 2")
    assert state.space_labs[37] == 2 and state.level(0, 0) == before
