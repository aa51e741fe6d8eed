"""Resigning and agreed draws (the ``Concedable`` protocol), for 2, 3 and 4 players.

Our reading, as MageStone's for four players: with one rival left the rival wins at once; with more
the resigner leaves (its labs, stations and commanders leave the planet, its turn ends) and the
others play on; the resigner ranks last and draws no artifact.
"""

from __future__ import annotations

import json
import random

import pytest

from game.rules.magnastorm import MagnastormState, new_game
from game.rules.match import Concedable, Match
from game.rules.protocol import CHANCE, IllegalActionError

from .helpers import legal, play, started
from .test_magnastorm_random import check_invariants, check_round_trips


def _round_trip(state: MagnastormState) -> None:
    assert MagnastormState.from_position(state.position(), state.options()) == state
    again = MagnastormState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.result() == state.result() and again.returns() == state.returns()


def _play_out(state: MagnastormState, seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_terminal():
        check_invariants(state)
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply(action)
    check_invariants(state)


def test_the_state_is_concedable_through_a_match() -> None:
    match = Match(new_game({"players": 2}), seed=4)
    match.resolve_chance()
    assert isinstance(match.state, Concedable)
    loser = match.state.current_player()
    match.resign(loser)
    assert match.state.result() is not None and match.state.result().winners == (1 - loser,)  # type: ignore[union-attr]
    assert match.log[-1].to_json() == [loser, "resign"]
    replay = Match(new_game({"players": 2}), seed=4)
    for entry in match.log:
        replay.apply_logged(entry.actor, entry.notation)
    assert replay.state == match.state
    match.undo()
    assert not match.state.is_terminal() and match.state.current_player() == loser


@pytest.mark.parametrize("on_turn", [True, False])
def test_with_two_players_the_rival_wins_at_once_and_undo_takes_it_back(on_turn: bool) -> None:
    state = started(2)
    seat = state.current_player() if on_turn else 1 - state.current_player()
    before = state.position()
    events = state.resign(seat)
    assert [e.kind for e in events] == ["resigned", "game_over"]
    assert state.is_terminal() and state.legal_actions() == []
    result = state.result()
    assert result is not None and result.winners == (1 - seat,) and result.reason == "resigned"
    assert state.ranking == [1 - seat, seat]
    assert state.returns()[1 - seat] == 1.0 and state.returns()[seat] == -1.0
    _round_trip(state)
    with pytest.raises(IllegalActionError):
        state.resign(1 - seat)
    state.undo()
    assert state.position() == before and state.result() is None


def test_an_agreed_draw_has_no_winner_and_is_undone() -> None:
    state = started(3)
    before = state.position()
    events = state.agree_draw()
    assert events[-1].kind == "game_over" and events[-1].data["reason"] == "agreed_draw"
    result = state.result()
    assert result is not None and result.winners == () and result.reason == "agreed_draw"
    assert state.returns() == [0.0, 0.0, 0.0]
    _round_trip(state)
    with pytest.raises(IllegalActionError):
        state.agree_draw()
    state.undo()
    assert state.position() == before and not state.is_terminal()


def test_no_concession_while_a_draw_is_pending() -> None:
    state = new_game({"players": 2})
    assert state.current_player() == CHANCE
    with pytest.raises(IllegalActionError):
        state.resign(0)
    with pytest.raises(IllegalActionError):
        state.agree_draw()


def test_a_player_resigning_mid_turn_leaves_and_the_next_player_goes_on() -> None:
    state = started(3)
    seat = state.current_player()
    nxt = state.order[(state.order.index(seat) + 1) % 3]
    crew = next(text for text in legal(state) if text.startswith("crew"))
    play(state, crew)  # crew taken up, not yet placed
    lower_before = sum(len(c) for c in state.lower)
    events = state.resign(seat)
    assert events[0].kind == "resigned"
    assert sum(len(c) for c in state.lower) == lower_before + 1  # the crew in hand went down
    assert state.current_player() == nxt and seat not in state.order and seat not in state.pass_order
    assert seat not in state.space_owner and seat not in state.station_owner
    assert seat not in state.admin_ctrl and seat not in state.rcmd_ctrl
    check_invariants(state)
    check_round_trips(state, random.Random(1))
    _round_trip(state)
    with pytest.raises(IllegalActionError):
        state.resign(seat)
    _play_out(state, 2)
    result = state.result()
    assert result is not None and result.reason in ("reputation", "round limit")
    assert state.ranking[-1] == seat and result.winners[0] != seat
    assert state.artifacts_won[seat] == -1
    assert all(state.artifacts_won[other] >= 0 for other in state.order)


def test_a_player_resigning_off_turn_does_not_interrupt_the_turn_and_the_last_rival_wins() -> None:
    state = started(4)
    seat = state.current_player()
    before = legal(state)
    others = [other for other in state.order if other != seat]
    state.resign(others[0])
    assert state.current_player() == seat and legal(state) == before
    state.resign(others[1])
    assert state.order == [seat, others[2]] or state.order == [others[2], seat]
    _play_out(state, 3)  # the two left play on to a normal end
    assert set(state.ranking[2:]) == {others[0], others[1]}
    assert state.result() is not None and state.result().reason != "resigned"  # type: ignore[union-attr]


def test_with_three_resignations_the_last_player_wins_by_resignation() -> None:
    state = started(4)
    out = [seat for seat in state.order if seat != 2]
    for seat in out:
        state.resign(seat)
    result = state.result()
    assert result is not None and result.winners == (2,) and result.reason == "resigned"
    assert state.ranking[0] == 2 and sorted(state.ranking[1:]) == sorted(out)
    assert state.returns() == [1.0 if seat == 2 else -1.0 for seat in range(4)]
    for _ in out:
        state.undo()
    assert state.order == started(4).order and state.result() is None
