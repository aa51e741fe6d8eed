"""Phase 1: crew, commanders, the first-player token, the lower panel's options, exchange, objectives."""

from __future__ import annotations

from .helpers import control, find, give_rep, green, legal, play, red, set_cubes, started, top


def test_only_neutral_or_own_crew_may_be_taken_while_any_is_left() -> None:
    state = started(2)
    assert [a for a in legal(state) if a.startswith("crew")] == [
        "crew c0 y", "crew c0 1", "crew c1 y", "crew c2 y", "crew c3 y"]
    for column in range(4):
        state.lower[column] = (0,) * state.upper[column * 5]
        state.upper[column * 5] = 0
    state.lower[5] = (1,)
    state.upper[1] = 0
    state.refresh()
    assert [a for a in legal(state) if a.startswith("crew")] == ["crew c1 2"]


def test_crew_may_be_taken_from_any_position_of_its_column() -> None:
    state = started(2)
    play(state, "crew c0 1", "to r0c3", "gain")
    assert state.upper[0:5] == [3, 0, 0, 0, 0] and state.lower[3] == (1,)


def test_taking_a_commander_pays_per_crew_moves_them_down_and_gives_green_reputation() -> None:
    state = started(2)
    set_cubes(state, 0, y=3)
    assert "take c2" in legal(state) and "take c1" not in legal(state)  # c1 also needs a cube of seat 2
    play(state, "take c2")
    assert top(state) == "place" and state.upper[10:15] == [0] * 5
    play(state, "to r0c0", "to r0c1", "to r0c2")
    assert state.lower[0:3] == [(0,), (0,), (0,)]
    assert state.admin_ctrl[2] == 0 and state.markers_home[0] == 7
    assert state.cubes[0] == 0 and state.supply[0] == 22
    assert state.rep[0] == green(state, "beeper")  # Justin B. Beeper


def test_taking_a_commander_from_another_player_costs_their_colour_and_costs_them_red() -> None:
    state = started(2)
    control(state, 1, "beeper")
    give_rep(state, 1, 5)
    set_cubes(state, 0, y=3)
    assert "take c2" not in legal(state)
    set_cubes(state, 0, y=3, c2=1)
    events = play(state, "take c2", "to r0c0", "to r0c1", "to r0c2")
    assert state.admin_ctrl[2] == 0 and state.markers_home[1] == 8 and state.markers_home[0] == 7
    lost = red(state, "beeper")
    assert state.rep == [green(state, "beeper"), 5 - lost] and state.cubes[2] == 0 and state.supply[2] == 20
    loss = {"seat": 1, "amount": -lost, "source": "commander_lost", "total": 5 - lost}
    assert loss in find(events, "reputation")


def test_a_commander_you_control_or_without_crew_cannot_be_taken() -> None:
    state = started(2)
    set_cubes(state, 0, y=6)
    control(state, 0, "beeper")
    assert "take c2" not in legal(state) and "take c3" in legal(state)
    state.upper[15] = 0
    state.lower[19] = (0, 0, 0)
    state.refresh()
    assert "take c3" not in legal(state)


def test_the_first_player_token_gives_research_and_a_cube_and_no_marker() -> None:
    state = started(2)
    set_cubes(state, 0, y=3, c1=3)
    play(state, "take c0", "to r0c0", "to r0c1", "to r0c2", "to r0c3")  # 3 neutral and seat 0's own crew
    assert state.cubes[0] == 0 and state.cubes[1] == 2 and state.fp_holder == 0
    assert top(state) == "research" and legal(state) == ["res g", "res r", "res b"]
    play(state, "res g", "get 2")  # green level 1 shows a yellow cube
    assert state.level(0, 0) == 1 and state.cubes[2] == 1 and state.markers_home[0] == 8 and state.rep[0] == 0
    assert state.cubes[0] == 1


def test_gain_cubes_takes_the_row_gain_and_black_is_the_own_colour() -> None:
    state = started(2)
    events = play(state, "crew c2 y", "to r3c1")  # the runner option is unaffordable: gain at once
    assert state.cubes[0:5] == [1, 3, 0, 0, 0]  # row 4 gains y k
    assert find(events, "cubes_gained") == [{"seat": 0, "colour": "y", "count": 1},
                                            {"seat": 0, "colour": "1", "count": 1}]


def test_the_runner_option_costs_the_row_and_is_offered_only_when_affordable() -> None:
    state = started(2)
    set_cubes(state, 0, c1=3)
    play(state, "crew c2 y", "to r3c1")
    assert legal(state) == ["gain", "trade y", "trade 2"]  # row 4 costs y k
    state = started(2)
    play(state, "crew c2 y", "to r4c0", "move")  # row 5 costs k k
    assert state.cubes[1] == 0 and top(state) == "step"


def test_a_full_lower_panel_lets_crew_go_on_used_spaces_of_the_bottom_row() -> None:
    state = started(2)
    state.lower = [(0,)] * 18 + [(), ()]
    state.upper[0] = state.upper[5] = state.upper[15] = 0
    state.upper[10] = 1
    state.refresh()
    play(state, "crew c2 y")
    assert legal(state) == ["to r4c2", "to r4c3"]
    state.lower[18:20] = [(0,), (0,)]
    state.refresh()
    assert legal(state) == ["to r4c0", "to r4c1", "to r4c2", "to r4c3"]
    play(state, "to r4c1")
    assert state.lower[17] == (0, 0)


def test_the_free_exchange_gives_one_cube_of_a_colour_not_given() -> None:
    state = started(2)
    set_cubes(state, 0, y=2, c1=1)
    assert "trade 2" in legal(state) and "trade y" not in legal(state) and "trade 1" not in legal(state)
    play(state, "trade 2")
    assert legal(state) == ["give y", "give 1"]
    play(state, "give y", "give y")
    assert legal(state) == ["give 1"] or top(state) == "main"
    assert state.cubes[0:5] == [0, 0, 1, 0, 0] and state.supply[0] == 22 and state.supply[2] == 19


def test_the_turn_order_swap_takes_effect_from_the_next_pass() -> None:
    state = started(4)
    play(state, "crew c0 y", "to r3c1", "finish")  # seat 0 gains at once (the runner option is too dear)
    assert state.current_player() == 1
    play(state, "crew c1 y", "to r0c4", "gain", "finish")
    assert state.order == [1, 0, 2, 3]
    assert state.current_player() == 2  # the pass under way ends in the old order
    play(state, "crew c2 y", "to r1c1", "gain", "finish")
    assert state.current_player() == 3
    play(state, "crew c3 y", "to r1c3", "gain", "finish")
    assert state.current_player() == 1 and state.pass_order == [1, 0, 2, 3]


def test_the_swap_gives_nothing_to_the_first_player() -> None:
    state = started(4)
    play(state, "crew c0 y", "to r0c4", "gain")
    assert state.order == [0, 1, 2, 3]


def test_one_objective_as_a_free_action_ends_the_turn() -> None:
    state = started(2, objectives=("R1a", "R2a", "S1a", "S4b"))
    state.research[0:3] = [2, 0, 0]  # green 2: R1a needs 2 levels in round 1
    state.refresh()
    play(state, "crew c2 y", "to r3c1")
    assert top(state) == "objective" and "obj 1" in legal(state)
    play(state, "obj 1")
    assert state.level(0, 0) == 0 and state.rep[0] == state.s.rep_spaces[0] and state.claims[0] == (0,)
    assert state.current_player() == 1 and top(state) == "main"
