"""Phase 2, the administration: income, majorities, research commanders, turn order, panels, rotation."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from game.rules.magnastorm import MagnastormState, new_game

from .helpers import control, find, finish_turn, give_rep, green, leave_last_crew, play, put_labs, started


def _administrate(state):  # type: ignore[no-untyped-def]
    """Seat 0 takes the last crew member (gaining in row 5, column 3); the administration follows."""
    leave_last_crew(state)
    events = play(state, "crew c2 y", "to r0c2", "gain")
    return events + finish_turn(state)


def test_income_follows_the_centre_tile_tables_of_the_quiet_sectors() -> None:
    state = started(2)
    put_labs(state, 0, [37, 38])  # sector 4: 2 labs -> y k
    put_labs(state, 0, [24])  # sector 3: 1 lab -> y
    put_labs(state, 1, [0, 1, 2])  # sector 0 is in the storm: nothing
    before = list(state.cubes)
    _administrate(state)
    assert state.cubes[0] - before[0] == 1 + 1 + 1  # row 1 gain (y) + two income yellows
    assert state.cubes[1] - before[1] == 1
    assert state.cubes[5:10] == before[5:10]


def test_a_sole_majority_in_a_quiet_sector_gives_one_reputation() -> None:
    state = started(2)
    put_labs(state, 0, [37, 38])
    put_labs(state, 1, [35])  # sector 4: 2 against 1
    put_labs(state, 0, [24])
    put_labs(state, 1, [25])  # sector 3: a tie
    put_labs(state, 1, [0])  # storm: nothing
    events = _administrate(state)
    assert [e for e in find(events, "reputation") if e["source"] == "majority"] == [
        {"seat": 0, "amount": 1, "source": "majority", "total": 1}]


def test_research_commanders_go_to_the_sole_highest_marker() -> None:
    state = started(2)  # seat 0: red 1; seat 1: green 1
    state.research[0:3] = [0, 1, 2]
    state.research[3:6] = [1, 1, 0]
    state.refresh()
    _administrate(state)
    assert state.rcmd_ctrl == [1, -1, 0]  # green: seat 1; red: tie; blue: seat 0
    assert state.rep == [green(state, state.rcmd[2]), green(state, state.rcmd[0])]


def test_a_tie_returns_the_commander_and_costs_its_owner_the_red_number() -> None:
    state = started(2)
    control(state, 1, "davenpitt")  # the red area's commander
    give_rep(state, 1, 4)
    state.research[0:3] = [0, 1, 0]
    state.research[3:6] = [0, 1, 0]
    state.refresh()
    _administrate(state)
    red = state.s.content.commanders["davenpitt"].red
    assert state.rcmd_ctrl[1] == -1 and state.rep[1] == 4 - red


def test_a_research_commander_already_held_gives_nothing_again() -> None:
    state = started(2)
    control(state, 0, "mbado")
    state.research[0:3] = [0, 0, 3]
    state.refresh()
    _administrate(state)
    assert state.rcmd_ctrl[2] == 0 and state.ledger[1] == 0  # no commander reputation


def test_the_first_player_token_sets_the_turn_order_and_returns() -> None:
    state = started(3)
    state.fp_holder = 2
    state.refresh()
    _administrate(state)
    assert state.order == [2, 0, 1] and state.fp_holder == -1
    assert state.round == 2 and state.current_player() == 2


def test_the_panels_swap_so_the_crew_stand_in_their_columns_again() -> None:
    state = started(2)
    leave_last_crew(state)
    lower = list(state.lower)
    play(state, "crew c2 y", "to r0c2", "gain")
    finish_turn(state)
    lower[2] = (0,)
    expected = [0] * 20
    for cell, crew in enumerate(lower):
        for colour in crew:
            expected[(cell % 4) * 5 + colour] += 1
    assert state.upper == expected and state.lower == [()] * 20


def test_the_centre_tile_turns_sixty_degrees_clockwise() -> None:
    state = started(2)
    assert state.s.quiet[state.rotation] == (False, False, False, True, True, True)
    _administrate(state)
    assert state.rotation == 1 and state.s.quiet[state.rotation] == (True, False, False, False, True, True)


def test_the_preview_tells_the_reputation_of_a_tie_that_costs_the_holder() -> None:
    state = started(2)
    control(state, 1, "davenpitt")
    give_rep(state, 1, 4)
    put_labs(state, 0, [37, 38])  # sector 4: seat 0's sole majority
    state.research[0:3] = [0, 1, 0]
    state.research[3:6] = [0, 1, 0]
    state.refresh()
    red = state.s.content.commanders["davenpitt"].red
    assert state.administration_preview() == [1, -red]


class _PreviewSpy(MagnastormState):
    """Records the preview and the reputation change of every administration it runs."""

    __slots__ = ()
    seen: ClassVar[list[tuple[list[int], list[int]]]] = []

    def _administration(self) -> None:
        preview, before = self.administration_preview(), list(self.rep)
        super()._administration()
        self.seen.append((preview, [after - was for after, was in zip(self.rep, before, strict=True)]))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_preview_is_what_the_administration_then_awards(players: int) -> None:
    _PreviewSpy.seen = []
    for seed in range(4):
        state = new_game({"players": players})
        state.__class__ = _PreviewSpy
        rng = random.Random(seed)
        while not state.is_terminal():
            chance = state.is_chance_node()
            state.apply(state.sample_chance(rng) if chance else rng.choice(state.legal_actions()))
    assert len(_PreviewSpy.seen) >= 4
    assert any(any(gain) for _, gain in _PreviewSpy.seen)
    for preview, gain in _PreviewSpy.seen:
        assert preview == gain
