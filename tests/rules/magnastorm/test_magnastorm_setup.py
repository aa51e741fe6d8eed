"""Set-up for 2, 3 and 4 players and the starting positions."""

from __future__ import annotations

import pytest

from game.rules.magnastorm import new_game
from game.rules.magnastorm.state import THRESHOLD

from .helpers import dealt, legal, play, started, top


@pytest.mark.parametrize(("players", "columns", "areas"), [(2, 4, 3), (3, 4, 3), (4, 5, 4)])
def test_components_for_each_player_count(players: int, columns: int, areas: int) -> None:
    state = dealt(players)
    assert state.s.side == ("4p" if players == 4 else "2-3p")
    assert state.s.columns == columns and len(state.admin) == columns and state.admin[0] == ""
    assert all(state.admin[1:]) and len(set(state.admin[1:])) == columns - 1
    assert len(state.rcmd) == areas and all(state.rcmd)
    assert [state.upper[c * 5] for c in range(columns)] == [3] * columns  # 3 neutral crew per column
    assert state.bag[5] == 25 and state.bag[0] == 3
    assert state.bag[1:players + 1] == [3] * players and state.bag[players + 1:5] == [0] * (4 - players)
    assert state.supply[0] == 22 and state.supply[1:players + 1] == [20] * players
    for seat in range(players):
        assert state.cubes[seat * 5 + seat + 1] == 2
        assert sum(state.lab_slots[seat * 10:seat * 10 + 10]) == 10
        assert state.crew_home[seat] == 5 and state.markers_home[seat] == 8
        assert sum(state.station_slots[seat * 3:seat * 3 + 3]) == 3
    assert state.s.threshold == THRESHOLD[players] == {2: 25, 3: 23, 4: 27}[players]


def test_two_players_cover_the_three_reputation_spaces() -> None:
    three = dealt(3).s.rep_spaces
    assert len(three) == 3 and 3 in three and len(dealt(4).s.rep_spaces) == 4
    assert dealt(2).s.rep_spaces == tuple(v for v in three if v != 3)


def test_the_deals_are_uniform_chance_outcomes_from_the_remaining_cards() -> None:
    state = new_game({"players": 4})
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 8 and all(p == pytest.approx(1 / 8) for _, p in outcomes)
    play(state, "deal rc0 huber")
    assert "deal rc1 huber" not in legal(state) and len(legal(state)) == 7
    for slot, cid in enumerate(("park", "modo", "vasidis"), start=1):
        play(state, f"deal rc{slot} {cid}")
    assert len(legal(state)) == 8 and legal(state)[0].startswith("deal ac1")
    for column, cid in enumerate(("dain", "beeper", "outridge", "okzil"), start=1):
        play(state, f"deal ac{column} {cid}")
    assert len(legal(state)) == 8  # 4 research cards x 2 faces
    play(state, "deal ob0 R3b")
    assert not any(a.startswith("deal ob1 R3") for a in legal(state)) and len(legal(state)) == 6
    play(state, "deal ob1 R1a")
    assert all(a.split()[2][0] == "S" for a in legal(state))


def test_the_starting_player_is_drawn_and_turn_order_goes_clockwise() -> None:
    state = dealt(3, first=None)
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == ["first 0", "first 1", "first 2"]
    assert all(p == pytest.approx(1 / 3) for _, p in outcomes)
    play(state, "first 2")
    assert state.order == [2, 0, 1] and state.current_player() == 2


def test_crew_placement_no_two_in_one_column_and_the_first_player_is_free() -> None:
    state = dealt(3, first=1)
    assert top(state) == "start_crew" and state.current_player() == 1
    assert legal(state) == ["start c0", "start c1", "start c2", "start c3"]
    play(state, "start c2")
    assert state.upper[2 * 5 + 2] == 1 and state.crew_home[1] == 4
    assert state.current_player() == 2 and legal(state) == ["start c0", "start c1", "start c3"]
    play(state, "start c0")
    assert state.current_player() == 0 and legal(state) == ["start c1", "start c3"]


def test_research_from_the_last_player_backwards_each_in_a_different_area() -> None:
    state = dealt(3, first=0)
    play(state, "start c0", "start c1", "start c2")
    assert top(state) == "research" and state.current_player() == 2
    play(state, "res r", "bag y", "bag k")  # red level 1: 2 cubes from the bag
    assert state.current_player() == 1 and legal(state) == ["res g", "res b"]
    play(state, "res b", "bag 1", "bag k", "bag y")  # blue level 1: 3 cubes from the bag
    # the first player has one area left, taken at once: green level 1 gives a yellow cube
    assert state.phase == "play"
    assert (state.level(0, 0), state.level(1, 2), state.level(2, 1)) == (1, 1, 1)
    assert state.cubes[0:5] == [1, 2, 0, 0, 0]  # a yellow cube and the starting 2 own
    assert state.cubes[5:10] == [1, 1, 3, 0, 0]  # bag: yellow, seat 0's colour, black -> own
    assert state.cubes[10:15] == [1, 0, 0, 2 + 1 + 1, 0]  # bag: yellow, black -> own; 3rd's extra cube
    assert state.bag[0] == 1 and state.bag[1] == 2 and state.bag[5] == 25


def test_the_third_and_fourth_players_get_an_extra_cube() -> None:
    state = started(4, first=1)
    assert state.order == [1, 2, 3, 0]
    own = [state.cubes[seat * 5 + seat + 1] for seat in range(4)]
    assert own == [3, 2, 2, 3]  # seats 3 and 0 are third and fourth in turn order
    assert state.supply[4] == 19 and state.supply[1] == 19


def test_starting_area_two_turns_the_centre_tile_to_its_second_face() -> None:
    one, two = started(2, start_area=1), started(2, start_area=2)
    assert one.runner == [one.s.area_index["4o"]] * 2 and two.runner == [two.s.area_index["1o"]] * 2
    assert one.s.quiet[0] == (False, False, False, True, True, True)
    assert two.s.quiet[0] == (True, True, False, True, False, False)
    for state in (one, two):
        assert state.s.quiet[0][state.s.board.area_sector[state.runner[0]]]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("start_area", [1, 2])
def test_no_station_can_be_built_on_the_first_move_from_a_starting_area(
    players: int, start_area: int
) -> None:
    """Design V6: the first players to move must not win a station (+2) before the others have moved,
    so no transmitter space sits on a line of a starting area (design page, the planet)."""
    state = started(players, start_area=start_area)
    board = state.s.board
    start = board.starting_areas[start_area]
    assert state.runner == [start] * players
    assert all(start not in areas for areas in board.transmitter_areas)
    assert state.s.quiet[0][board.area_sector[start]]


def test_the_first_turn_belongs_to_the_first_player() -> None:
    state = started(4, first=3)
    assert state.round == 1 and top(state) == "main" and state.current_player() == 3
