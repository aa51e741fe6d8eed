"""Stalemate, the simulation go limit and terminal states."""

from __future__ import annotations

from game.rules.magestone import MageStoneState, new_game
from game.rules.protocol import TERMINAL

from .helpers import find, is_legal, kinds, play, position, seat


def test_stalemate_is_a_draw_at_the_end_of_a_go() -> None:
    state = position({"S": seat(None, None, ("i15",)), "N": seat(None, None, ("h1",))})
    assert state.result() is None
    events = play(state, "i15-i16", "end")
    assert find(events, "game_over") == [{"winners": [], "reason": "stalemate"}]
    assert state.current_player() == TERMINAL
    assert state.returns() == [0.0, 0.0]


def test_stalemate_in_four_players_needs_every_base_held() -> None:
    seats = {"S": seat(None, None, ("i16", "p9")), "W": seat(None, None, ("h1",)),
             "N": seat(None, None, ("a8",)), "E": seat(None, None, ("a9",))}
    state = position(seats)
    events = play(state, "end")
    assert find(events, "game_over") == [{"winners": [], "reason": "stalemate"}]
    seats["S"] = seat(None, None, ("i16", "o9"))           # East's base is no longer held
    state = position(seats)
    play(state, "end")
    assert state.result() is None


# Issue 21: a player with no unit on the board was counted as "only Warriors, all parked", so the
# table was declared a draw although that player is eliminated at the start of its next go.
STALEMATE_WITH_AN_EMPTY_SEAT = (
    "S:M*,P*,Wp9,Wi16/W:M*,P*/N:M*,P*,Wh1/E:M*,P*,Wa8 "
    "e5=1u0a,l5=1u0a,h6=1u0a,i6=1u0a,g7=1u0a,j7=1u0a,f8=1u0a,k8=1u0a,"
    "f9=1u0a,k9=1u0a,g10=1u0a,j10=1u0a,h11=1u0a,i11=1u0a,e12=1u0a,l12=1u0a"
    " - 16 S 6 0 - - - - 1 -"
)


def test_player_with_no_unit_on_the_board_is_not_a_stalemate() -> None:
    state = MageStoneState.from_position(STALEMATE_WITH_AN_EMPTY_SEAT)
    events = play(state, "end")
    assert find(events, "game_over") == []
    # West's go starts, West is eliminated, and play goes on with North.
    assert kinds(events)[:4] == ["go_ended", "go_started", "respawn_held", "eliminated"]
    assert find(events, "eliminated")[0]["seat"] == 1
    assert not state.in_game(1)
    assert state.current_player() == 2 and state.result() is None


def test_after_the_empty_seat_is_eliminated_a_warrior_on_its_base_is_not_parked() -> None:
    state = MageStoneState.from_position(STALEMATE_WITH_AN_EMPTY_SEAT)
    play(state, "end", "end", "end")                       # South, (West out), North, East
    assert state.result() is None and state.current_player() == 0


def test_no_stalemate_while_any_unit_is_off_an_enemy_base() -> None:
    state = position({"S": seat(None, None, ("i16", "e5")), "N": seat(None, None, ("h1",))})
    play(state, "end")
    assert state.result() is None


def test_no_stalemate_while_a_mage_or_priest_is_on_the_board() -> None:
    state = position({"S": seat("e5", None, ("i16",)), "N": seat(None, None, ("h1",))})
    play(state, "end")
    assert state.result() is None


def test_go_limit_scores_a_draw() -> None:
    state = new_game({"players": 2, "go_limit": 3})
    events = play(state, "end", "end")
    assert state.result() is None
    events = play(state, "end")
    assert find(events, "game_over") == [{"winners": [], "reason": "go_limit"}]


def test_terminal_states_have_no_actions() -> None:
    state = new_game({"go_limit": 1})
    play(state, "end")
    assert state.legal_actions() == []
    assert not is_legal(state, "end")
    assert state.chance_outcomes() == []


def test_start_of_go_counts_the_rite_lap_before_respawning() -> None:
    state = position({"S": seat(None, "h8", ()), "N": seat("h16", "i16", ("e12",))},
                     rite={"seat": "S", "laps": 1, "needed": 2}, turn="N")
    events = play(state, "end")
    assert kinds(events) == ["go_ended", "go_started", "rite_lap", "rite_won", "game_over"]


def test_start_of_go_respawns_before_the_magestone_check_and_elimination() -> None:
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat(None, None, (), carried=(0, 6))},
                     stones={"g7": [2, 0]})
    events = play(state, "end")
    assert kinds(events) == ["go_ended", "go_started", "respawned", "respawned", "game_over"]
    assert find(events, "game_over") == [{"winners": [1], "reason": "magestone"}]
