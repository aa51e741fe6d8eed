"""Resigning and agreed draws (rulings: Victory and draw — "neither changes the rules above").

Our reading for four players: the resigning player is out as if eliminated, and the game goes on
without it until the rules end it; the last rival left wins by resignation.
"""

from __future__ import annotations

import pytest

from game.rules.magestone import new_game
from game.rules.protocol import CHANCE, TERMINAL, GameResult, IllegalActionError

from .helpers import find, kinds, play, position, seat


def test_two_players_the_other_wins_and_the_board_stays_as_played() -> None:
    state = new_game({"players": 2})
    before = state.to_scenario()["seats"]
    events = state.resign(0)
    assert kinds(events) == ["resigned", "game_over"]
    assert state.result() == GameResult((1,), "resigned")
    assert state.returns() == [-1.0, 1.0]
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.to_scenario()["seats"] == before
    assert state.position().endswith(" win:N:resigned")


def test_a_player_may_resign_out_of_turn() -> None:
    state = new_game({"players": 2})
    state.resign(1)
    assert state.result() == GameResult((0,), "resigned")


def test_four_players_the_resigning_player_is_out_and_the_game_goes_on() -> None:
    seats = {"S": seat("e7", "h1", ("c5",)), "W": seat("i9", "a9", ("b8", "b9"), carried=(2, 3)),
             "N": seat("h16", "i16", ("e16",)), "E": seat("p9", "p8", ("o9",))}
    state = position(seats, turn="S")
    events = state.resign(1)
    assert state.result() is None
    assert not state.in_game(1) and state.in_game(0)
    assert kinds(events)[0] == "resigned" and kinds(events).count("unit_removed") == 4
    assert "unit_fell" not in kinds(events) and "gravestone_placed" not in kinds(events)
    # as for any eliminated player, the carried stones go as they are to its Mage start square (a8)
    assert find(events, "eliminated") == [{"seat": 1, "stones_square": "a8", "unactivated": 2,
                                           "activated": 3}]
    assert state.to_scenario()["stones"]["a8"] == [2, 3]
    assert state.current_player() == 0          # South's go goes on
    play(state, "end")
    assert state.current_player() == 2          # turn order skips West


def test_resigning_on_your_own_go_passes_the_go_on() -> None:
    state = new_game({"players": 4})
    events = state.resign(0)
    assert find(events, "go_started")[0]["seat"] == 1
    assert state.current_player() == 1
    assert state.go_info() == {"squares": 6, "activations": 0, "go": 2}


def test_the_last_rival_left_wins_by_resignation() -> None:
    state = new_game({"players": 4})
    state.resign(1)
    state.resign(2)
    assert state.result() is None
    state.resign(0)
    assert state.result() == GameResult((3,), "resigned")
    assert state.returns() == [-1.0, -1.0, -1.0, 1.0]


def test_a_resignation_ends_the_resigning_players_rite() -> None:
    seats = {"S": seat("e7", "h8", ("c5",)), "W": seat("a8", "a9", ("b8",)),
             "N": seat("h16", "i16", ("e16",)), "E": seat("p9", "p8", ("o9",))}
    state = position(seats, turn="W", rite={"seat": "S", "laps": 0, "needed": 1})
    events = state.resign(0)
    assert find(events, "rite_broken") == [{"seat": 0, "reason": "resigned", "square": "h8"}]
    assert state.to_scenario()["rite"] is None


def test_a_fall_choice_outlives_a_target_whose_player_resigns() -> None:
    seats = {"S": seat("h1", "i1", ("e5", "g5")), "W": seat("a8", "a9", ("f5",)),
             "N": seat("h16", "i16", ("e16",)), "E": seat("p9", "p8", ("o9",))}
    state = position(seats, turn="S",
                     pending={"kind": "fall", "attackers": ["e5", "g5"], "target": "f5"})
    state.resign(1)
    again = type(state).from_json(state.to_json())        # the AI gets the state this way
    play(again, "fall e5")
    assert again.current_player() == 0


def test_nobody_resigns_twice_nor_after_the_end_nor_while_the_dice_roll() -> None:
    state = new_game({"players": 4})
    state.resign(1)
    with pytest.raises(IllegalActionError):
        state.resign(1)
    rolling = position({"S": seat("h1", "i1", ("e5",)), "N": seat("h16", "i16", ("e6",))},
                       pending={"kind": "attack", "attackers": ["e5"], "target": "e6"})
    assert rolling.current_player() == CHANCE
    with pytest.raises(IllegalActionError):
        rolling.resign(1)
    with pytest.raises(IllegalActionError):
        rolling.agree_draw()
    over = new_game({"players": 2})
    over.agree_draw()
    with pytest.raises(IllegalActionError):
        over.resign(0)


@pytest.mark.parametrize("players", [2, 4])
def test_agreed_draw_ends_the_game_with_no_winner(players: int) -> None:
    state = new_game({"players": players})
    assert find(state.agree_draw(), "game_over") == [{"winners": [], "reason": "agreed_draw"}]
    assert state.returns() == [0.0] * players
    assert state.position().endswith(" draw:agreed_draw")


@pytest.mark.parametrize("players", [2, 4])
def test_resign_and_draw_undo_exactly(players: int) -> None:
    state = new_game({"players": players})
    play(state, "end")
    start = state.position()
    for end in (lambda: state.resign(1), state.agree_draw, lambda: state.resign(0)):
        end()
        state.undo()
        assert state.position() == start and state.result() is None
