"""All 16 commanders and the first-player token: each effect and its timing."""

from __future__ import annotations

from .helpers import (
    control,
    find,
    finish_turn,
    green,
    leave_last_crew,
    legal,
    play,
    put_labs,
    set_cubes,
    started,
    top,
)

OTHERS = ("yakuul", "mascovic", "bonsmai")
RESEARCH_OTHERS = ("lebeaux", "park", "modo")


def test_forrester_dain_buys_up_to_two_reputation_with_yellow_when_taken() -> None:
    state = started(2)
    set_cubes(state, 0, y=5, c2=1)
    play(state, "take c1", "to r0c0", "to r0c1", "to r0c2", "to r0c3")
    assert top(state) == "dain" and legal(state)[:3] == ["dain 0", "dain 1", "dain 2"]
    play(state, "dain 2")
    assert state.rep[0] == green(state, "dain") + 2 and state.cubes[0] == 0 and state.ledger[5] == 2


def test_justin_b_beeper_buys_one_more_area_with_a_cube_not_of_your_colour() -> None:
    state = started(2)
    control(state, 0, "beeper")
    set_cubes(state, 0, y=1, c1=2)
    play(state, "crew c2 y", "to r0c0", "move")
    assert legal(state) == ["go", "justin"]
    play(state, "justin")  # the only cube not of seat 0's colour is the yellow one: paid at once
    assert state.cubes[0] == 0
    play(state, "step 4l", "step 4a")  # two areas
    assert state.runner[0] == state.s.area_index["4a"]


def test_ellen_b_outridge_adds_reputation_and_research_to_every_objective() -> None:
    state = started(2)
    control(state, 0, "outridge")
    state.research[0] = 2
    state.refresh()
    play(state, "crew c2 y", "to r3c1", "obj 1")
    assert state.rep[0] == state.s.rep_spaces[0] + 1 and top(state) == "research"
    play(state, "res b")
    assert state.level(0, 2) == 1


def test_adira_okzil_turns_two_own_cubes_into_research_when_moving() -> None:
    state = started(2, admin=("okzil", "dain", "beeper"))
    control(state, 0, "okzil")
    set_cubes(state, 0, c1=3)
    play(state, "crew c2 y", "to r0c0", "move", "adira")
    assert state.cubes[1] == 0 and top(state) == "research"
    play(state, "res g")
    assert state.level(0, 0) == 1 and "adira" not in legal(state)


def test_idris_yakuul_swaps_a_yellow_and_an_own_cube_in_a_take_over_or_movement_cost() -> None:
    state = started(2, admin=OTHERS)
    control(state, 0, "yakuul")
    set_cubes(state, 0, y=2, c1=1)
    assert "take c2 iy" in legal(state) and "take c2" not in legal(state)  # 3 neutral crew: y y + own
    play(state, "take c2 iy", "to r0c0", "to r0c1", "to r0c2")
    assert state.cubes[0:2] == [0, 0]
    state = started(2, admin=OTHERS)
    control(state, 0, "yakuul")
    set_cubes(state, 0, y=1, c1=0)
    play(state, "crew c2 y", "to r0c0")  # row 1 costs one own cube
    assert legal(state) == ["move ik", "gain"]


def test_mira_mascovic_jumps_to_any_area_with_a_lab() -> None:
    state = started(2, admin=OTHERS)
    control(state, 0, "mascovic")
    put_labs(state, 1, [45])  # area 5o, quiet
    play(state, "crew c2 y", "to r0c0", "move", "mira")
    assert legal(state) == ["end s45", "end s46", "end s47"]
    play(state, "end s46", "lab 1")
    assert state.space_owner[46] == 0 and not state.turn[4]


def test_azrea_bonsmai_drops_a_second_lab_for_one_own_cube_without_more_research() -> None:
    state = started(2, admin=OTHERS)
    control(state, 0, "bonsmai")
    set_cubes(state, 0, c1=2)
    play(state, "crew c2 y", "to r0c0", "move", "end s37", "lab 1")
    level = state.level(0, 0)
    play(state, "lab 2 azrea")
    assert state.space_labs[37] == 2 and state.cubes[1] == 0 and state.level(0, 0) == level


def test_ozgul_yilmark_doubles_the_sector_majority_reputation() -> None:
    state = started(2, admin=("yilmark", "dain", "beeper"))
    control(state, 0, "yilmark")
    put_labs(state, 0, [37])
    leave_last_crew(state)
    play(state, "crew c2 y", "to r0c3", "gain")
    finish_turn(state)
    assert state.ledger[3] == 1 and state.ledger[7] == 1  # one majority, one extra from Ozgul


def test_franzkarl_huber_may_research_any_area_instead() -> None:
    state = started(2)
    control(state, 0, "huber")
    play(state, "crew c2 y", "to r0c0", "move", "end s37", "lab 1")  # green space
    assert legal(state) == ["res g", "res r", "res b"]


def test_rain_davenpitt_researches_the_lowest_area_when_gaining_cubes() -> None:
    state = started(2)
    control(state, 0, "davenpitt")
    state.research[0:3] = [2, 0, 1]
    state.refresh()
    play(state, "crew c2 y", "to r3c1")
    assert state.research[0:3] == [2, 1, 1]
    state = started(2)
    control(state, 0, "davenpitt")
    state.research[0:3] = [0, 1, 0]
    state.refresh()
    play(state, "crew c2 y", "to r3c1")
    assert top(state) == "research" and legal(state) == ["res g", "res b"]  # a tie: the player decides


def test_yuul_mbado_adds_a_cube_of_any_player_colour_when_gaining_cubes() -> None:
    state = started(3)
    control(state, 0, "mbado")
    play(state, "crew c2 y", "to r3c1")
    assert top(state) == "getcolour" and legal(state) == ["get 1", "get 2", "get 3"]
    play(state, "get 3")
    assert state.cubes[3] == 1


def test_joy_d_obondov_may_draw_two_more_cubes_from_the_bag() -> None:
    state = started(2, research=("obondov", "huber", "mbado"))
    control(state, 0, "obondov")
    play(state, "crew c2 y", "to r3c2")  # the bag bonus space
    if top(state) == "option":
        play(state, "gain")
    assert top(state) == "joy"
    play(state, "joy")
    draws = 0
    while state.is_chance_node():
        play(state, "bag y")
        draws += 1
    assert draws == 3 and state.cubes[0] >= 3


def test_cedric_j_lebeaux_gives_one_reputation_when_received() -> None:
    state = started(2, research=RESEARCH_OTHERS)
    state.research[0:3] = [3, 0, 0]
    state.refresh()
    leave_last_crew(state)
    events = play(state, "crew c2 y", "to r0c3", "gain")
    events += finish_turn(state)
    total = green(state, "lebeaux") + 1
    assert state.rcmd_ctrl[0] == 0 and state.rep[0] == total
    assert {"seat": 0, "amount": 1, "source": "lebeaux", "total": total} in find(events, "reputation")


def test_kim_kin_park_uses_an_occupied_space_once_per_round() -> None:
    state = started(2, research=RESEARCH_OTHERS)
    control(state, 0, "park")
    state.lower[1] = (0,)  # row 1, column 2: the green research bonus
    state.refresh()
    play(state, "crew c2 y")
    assert "to r0c1 kim" in legal(state)
    play(state, "to r0c1 kim", "gain")
    assert state.lower[1] == (0, 0) and state.level(0, 0) == 1 and state.kim_used[0] == 1


def test_sayuri_modo_takes_one_own_cube_off_the_movement_cost() -> None:
    state = started(2, research=RESEARCH_OTHERS)
    control(state, 0, "modo")
    set_cubes(state, 0, c1=0)
    play(state, "crew c2 y", "to r0c0", "move")  # row 1: one own cube, waived
    assert top(state) == "step" and state.cubes[0:5] == [0, 0, 0, 0, 0]


def test_kaysia_vasidis_waives_one_lab_or_station_cost_per_turn() -> None:
    state = started(2, research=("vasidis", "park", "modo"))
    control(state, 0, "vasidis")
    state.lab_slots[0:2] = [0, 0]
    state.space_owner[0], state.space_labs[0] = 0, 1
    state.space_owner[1], state.space_labs[1] = 0, 1
    set_cubes(state, 0, c1=1)
    play(state, "crew c2 y", "to r0c0", "move", "end s37")
    assert "lab 3" not in legal(state) and "lab 3 free" in legal(state)
    play(state, "lab 3 free")
    assert state.turn[9] == 1 and not any(a.endswith("free") for a in legal(state))


def test_the_first_player_token_makes_its_taker_first_next_round() -> None:
    state = started(3)
    set_cubes(state, 2, y=3, c1=1)
    play(state, "crew c1 y", "to r3c1")
    finish_turn(state)
    play(state, "crew c2 y", "to r1c1")
    finish_turn(state)
    assert state.current_player() == 2
    play(state, "take c0", "to r0c0", "to r0c1", "to r0c2", "to r0c3", "res g", "get 1")
    assert state.fp_holder == 2 and state.markers_home[2] == 8
    finish_turn(state)
    leave_last_crew(state)
    play(state, "crew c2 y", "to r2c2")
    if top(state) == "option":
        play(state, "gain")
    finish_turn(state)
    assert state.order[0] == 2 and state.fp_holder == -1


def test_idris_yakuul_also_swaps_in_the_first_player_token_cost() -> None:
    state = started(2, admin=OTHERS)
    control(state, 0, "yakuul")
    set_cubes(state, 0, y=2, c1=2)  # column 0: three neutral crew and seat 0's own
    assert "take c0 iy" in legal(state) and "take c0" not in legal(state)


def test_justin_b_beeper_cannot_be_paid_in_your_own_colour() -> None:
    state = started(2)
    control(state, 0, "beeper")
    set_cubes(state, 0, c1=3)
    play(state, "crew c2 y", "to r0c0", "move")
    assert "justin" not in legal(state)


def test_kim_kin_park_works_once_a_round() -> None:
    state = started(2, research=RESEARCH_OTHERS)
    control(state, 0, "park")
    state.kim_used[0] = 1
    state.lower[1] = (0,)
    state.refresh()
    play(state, "crew c2 y")
    assert not any(a.endswith("kim") for a in legal(state))
