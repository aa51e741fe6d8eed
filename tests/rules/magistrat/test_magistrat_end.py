"""Victory, draws, passing, the no-progress house rule and resigning (rulings: Victory and draw)."""

from __future__ import annotations

import pytest

from game.rules.protocol import TERMINAL, GameResult, IllegalActionError
from tests.rules.magistrat.helpers import kinds, legal, of_kind, play, state

KINGS = {"ha1": "K", "hh8": "k"}


def test_destroying_the_king_wins() -> None:
    s = state({"gd3": "M", "gd6": "k(10)", "ha1": "K", "ga1": "M", "gh8": "m"}, base=False)
    events = play(s, "gd3-gd4x")
    assert s.result() == GameResult((0,), "king_destroyed")
    assert of_kind(events, "game_over") == [{"winners": [0], "reason": "king_destroyed"}]
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    assert s.position().endswith(" white:king_destroyed")
    assert s.returns() == [1.0, -1.0]


def test_draw_when_neither_side_has_an_archmage_or_mage_left() -> None:
    s = state({**KINGS, "ge3": "M(10)", "ge6": "m(10)"}, base=False)
    events = play(s, "ge3-ge4x")
    assert kinds(events)[-1] == "game_over"
    assert s.result() == GameResult((), "neither_has_archmage_or_mage")


def test_side_without_archmage_or_mage_loses() -> None:
    s = state({**KINGS, "ge3": "M", "ge6": "m(10)"}, base=False)
    play(s, "ge3-ge4x")
    assert s.result() == GameResult((0,), "no_archmage_or_mage")


def test_losing_the_last_mage_to_a_steal_loses() -> None:
    s = state({**KINGS, "ge7": "m", "ge5": "N", "gb2": "A"}, side="b", base=False)
    play(s, "ge7-ge6x")
    assert s.result() == GameResult((0,), "no_archmage_or_mage")


def test_transformed_mage_counts_as_an_offensive_piece() -> None:
    s = state({**KINGS, "hd4": "M*", "dd4": "G", "gb5": "N(5)", "gb7": "m"}, side="b", base=False)
    play(s, "gb7-gb6x")  # a destruction triggers the checks; White's only Mage is transformed
    assert s.result() is None


def test_player_without_a_legal_move_passes() -> None:
    cells = {"ha1": "K", "ha2": "p", "hb1": "a", "hb2": "p", "ga1": "M", "ga2": "n", "ga3": "n", "hh8": "k"}
    s = state(cells, base=False)
    assert legal(s) == {"pass"}
    events = play(s, "pass")
    assert kinds(events) == ["passed"] and s.current_player() == 1 and s.no_progress == 1


def test_no_progress_draw_after_the_limit() -> None:
    s = state({}, no_progress=99)
    events = play(s, "ga1-ga2")
    assert s.result() == GameResult((), "no_progress")
    assert kinds(events) == ["moved", "game_over"]


def test_no_progress_rule_can_be_turned_off() -> None:
    s = state({}, no_progress=99, options={"no_progress_limit": None})
    play(s, "ga1-ga2")
    assert s.result() is None and s.no_progress == 100


def test_potential_loss_resets_the_no_progress_count() -> None:
    s = state({"ge3": "M", "ge6": "a"}, no_progress=99)
    play(s, "ge3-ge4x")
    assert s.result() is None and s.no_progress == 0


def test_resign_and_agreed_draw_end_the_game_and_can_be_undone() -> None:
    s = state({})
    assert kinds(s.resign(0)) == ["game_over"]
    assert s.result() == GameResult((1,), "resigned")
    with pytest.raises(IllegalActionError):
        s.agree_draw()
    s.undo()
    assert s.result() is None
    s.agree_draw()
    assert s.result() == GameResult((), "agreed_draw")
