"""Objectives: sector faces remove labs, research faces move markers down, reputation by order of claim."""

from __future__ import annotations

import random

import pytest

from game.rules.magnastorm import new_game
from game.rules.magnastorm.objectives import (
    removable_spaces,
    research_areas,
    research_progress,
    sector_counts,
    sector_progress,
)
from game.rules.match import Match

from .helpers import legal, play, put_labs, started, top


def _to_objective(state, seat_plays=("crew c2 y", "to r3c1")):  # type: ignore[no-untyped-def]
    """Play seat 0's turn up to its free objective (row 4, column 2: too dear to move, so cubes)."""
    play(state, *seat_plays)
    assert top(state) == "objective"
    return state


def test_a_sector_objective_removes_labs_which_return_to_the_board_from_the_right() -> None:
    state = started(2, objectives=("R1a", "R4a", "S1a", "S2a"))
    put_labs(state, 0, [37, 38, 41])
    _to_objective(state)
    assert legal(state)[:1] == ["obj 3"]  # two labs in one sector in round 1
    play(state, "obj 3")
    assert legal(state) == ["remove s37", "remove s38"]  # 41 is in another sector
    play(state, "remove s38")  # the last lab to remove is forced: taken at once
    assert state.space_owner[37] == state.space_owner[38] == -1 and state.space_owner[41] == 0
    assert state.lab_slots[0:10] == [0, 1, 1, 1, 1, 1, 1, 1, 1, 1]  # refilled from the right
    assert state.rep[0] == state.s.rep_spaces[0] and state.claims[2] == (0,) and state.markers_home[0] == 7


def test_labs_in_the_storm_count_for_sector_objectives() -> None:
    state = started(2, objectives=("R1a", "R4a", "S1a", "S2a"))
    put_labs(state, 0, [0, 1])  # sector 0, in the storm in round 1
    _to_objective(state)
    play(state, "obj 3")
    assert legal(state) == ["remove s0", "remove s1"]


def test_the_majority_must_be_the_sole_simple_majority() -> None:
    state = started(2, objectives=("R1a", "R4a", "S1a", "S2a"))
    put_labs(state, 0, [37, 38])
    put_labs(state, 1, [35, 36])
    _to_objective(state)
    assert "obj 4" not in legal(state)
    state.space_owner[36], state.space_labs[36] = -1, 0
    state.lab_slots[11] = 1
    state.refresh()
    assert "obj 4" in legal(state)


def test_the_count_grows_with_the_round() -> None:
    state = started(2, objectives=("R1a", "R4a", "S1a", "S2a"))
    put_labs(state, 0, [37, 38])
    state.round = 2
    _to_objective(state)
    assert "obj 3" not in legal(state)  # three labs needed in round 2
    assert "obj 1" not in legal(state)


def test_a_research_objective_moves_markers_down_without_bonuses() -> None:
    state = started(2, objectives=("R1a", "R4a", "S1a", "S2a"))
    state.research[0:3] = [3, 1, 0]
    state.refresh()
    _to_objective(state)
    cubes = list(state.cubes)
    play(state, "obj 1")  # green down 2 in round 1
    assert state.research[0:3] == [1, 1, 0] and state.cubes == cubes and state.rep[0] == state.s.rep_spaces[0]


def test_most_knowledge_means_alone_and_is_judged_before_moving_down() -> None:
    state = started(2, objectives=("R1a", "R4a", "S1a", "S2a"))
    state.research[0:3] = [4, 1, 0]
    state.research[3:6] = [4, 1, 0]
    state.refresh()
    _to_objective(state)
    assert "obj 2" not in legal(state)  # green down 3 with the most knowledge: a tie is not enough
    state.research[3] = 3
    state.refresh()
    play(state, "obj 2")
    assert state.level(0, 0) == 1  # no longer the most, but it was when the objective began


def test_a_spread_objective_lets_the_player_choose_the_areas() -> None:
    state = started(2, objectives=("R3a", "R4a", "S1a", "S2a"))
    state.research[0:3] = [2, 1, 1]
    state.refresh()
    _to_objective(state)
    play(state, "obj 1")
    assert legal(state) == ["down g", "down r", "down b"]
    play(state, "down r")
    assert legal(state) == ["down g", "down b"]
    play(state, "down g")
    assert state.research[0:3] == [1, 0, 1]


def test_the_first_to_fulfil_gets_the_highest_space_and_nobody_fulfils_one_twice() -> None:
    state = started(3, objectives=("R1a", "R4a", "S1a", "S2a"))
    state.claims[0] = (1,)
    state.markers_home[1] -= 1
    state.research[0:3] = [4, 0, 0]
    state.refresh()
    _to_objective(state)
    play(state, "obj 1")
    assert state.rep[0] == state.s.rep_spaces[1] and state.claims[0] == (1, 0)
    state.research[0:3] = [4, 0, 0]
    state.refresh()
    assert not state.can_fulfil(0, 0)


def test_a_full_objective_takes_no_more_claims() -> None:
    state = started(2, objectives=("R1a", "R4a", "S1a", "S2a"))
    state.claims[0] = (1, 1)
    state.research[0:3] = [4, 0, 0]
    state.refresh()
    assert not state.can_fulfil(0, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_progress_of_a_face_agrees_with_its_first_step(players: int) -> None:
    """Over seeded random games and every objective face: a seat's progress reaches a target exactly when the
    face offers it a first step for that target (the AI's prospects count what the rules would allow)."""
    rng = random.Random(players)
    match = Match(new_game({"players": players}), rng.randrange(1 << 30))
    match.resolve_chance()
    state = match.state
    st = state.s
    checked, actions = 0, 0
    while not state.is_terminal() and actions < 1500:
        actions += 1
        if state.phase == "play" and actions % 5 == 0:
            levels = state.research_levels()
            counts = sector_counts(st.board, state.space_owner, state.space_labs, players)
            quiet = st.quiet[state.rotation]
            for face in st.card_faces.values():
                for seat in range(players):
                    for need in range(1, 5):
                        if face.kind == "research":
                            offered = research_areas(face, st.colours, levels, seat, need, 0)
                            progress = research_progress(face, st.colours, levels, seat, need)
                        else:
                            offered = removable_spaces(face, st.board, state.space_owner, state.space_labs,
                                                       quiet, players, seat, need, 0)
                            progress = sector_progress(face, st.board, state.space_owner, quiet, counts, seat,
                                                       need)
                        assert (progress == need) == bool(offered), (face, seat, need, state.position())
                        checked += 1
        match.play(rng.choice(state.legal_actions()))
    assert checked >= 4000 and any(owner >= 0 for owner in state.space_owner)
