"""Action and position notation, scenarios, JSON and plain-language descriptions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.resources import resource_path
from game.rules.magestone import MageStoneState, load_scenario, new_game
from game.rules.magestone.actions import Attack, Bolt, DiceOutcome, DiceRoll, EndGo, Fall, Move, UnitAction
from game.rules.match import Match
from game.rules.protocol import ActionParseError, IllegalActionError, PositionError

from .helpers import BOARD, play, position, seat, sq

SCENARIOS = sorted(resource_path("levels", "magestone", "scenarios").glob("*.json"))


@pytest.mark.parametrize("action", [
    Move((sq("e1"), sq("e2"), sq("f2"))), Attack((sq("e4"),), sq("e5")),
    Attack((sq("e4"), sq("d5"), sq("f5")), sq("e5")), UnitAction("collect", sq("i5")),
    UnitAction("activate", sq("i1")), UnitAction("nova", sq("i5")), UnitAction("rite", sq("h8")),
    Bolt(sq("i5"), sq("k7")), EndGo(), Fall(sq("d5")), DiceOutcome(True), DiceOutcome(False),
    DiceRoll((((3, 5), 8), ((6, 1), 2))),
])
def test_every_action_kind_round_trips(action: object) -> None:
    state = new_game({})
    assert state.parse_action(str(action)) == action
    assert repr(action) == str(action)


def test_notation_examples() -> None:
    assert str(Attack((sq("e4"), sq("d5"), sq("f5")), sq("e5"))) == "e4+d5+f5xe5"
    assert str(DiceRoll((((3, 5), 8), ((6, 1), 2)))) == "dice 3+5v8,6+1v2"
    assert str(Bolt(sq("i5"), sq("k7"))) == "bolt i5>k7"


@pytest.mark.parametrize("text", ["", "x", "e1-", "e1-z9", "a1-a2", "bolt i5", "bolt i5-k7", "dice 3",
                                  "dice 3v", "dice av2", "e4+e4xe5", "e4+f5+d5xe5", "fall", "collect",
                                  "collect q1", "e1-e2 x", "dice 3v2v1", "END"])
def test_malformed_actions_are_rejected(text: str) -> None:
    with pytest.raises(ActionParseError):
        new_game({}).parse_action(text)


def _refused_or_played(text: str) -> None:
    """Through a Match: rejected with the right error and no change, or legal and played."""
    match = Match(new_game({"players": 2}), seed=3)
    before = match.state.position()
    try:
        match.play_text(text)
    except (ActionParseError, IllegalActionError):
        assert match.state.position() == before
        assert match.log == []


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdefghijklmnop0123456789-+x> vdicefolatn,", max_size=24))
def test_fuzzed_action_text_is_refused_without_changing_the_state(text: str) -> None:
    _refused_or_played(text)


_NAMES = st.sampled_from(sorted(BOARD.square_of))


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.lists(_NAMES, min_size=2, max_size=8).map("-".join),
    st.tuples(st.lists(_NAMES, min_size=1, max_size=3).map("+".join), _NAMES).map("x".join),
    st.tuples(_NAMES, _NAMES).map(lambda p: f"bolt {p[0]}>{p[1]}"),
    st.tuples(st.sampled_from(["collect", "activate", "nova", "rite", "fall"]), _NAMES).map(" ".join),
))
def test_fuzzed_well_formed_actions_are_legal_or_refused(text: str) -> None:
    _refused_or_played(text)


def test_illegal_actions_are_refused_by_a_match() -> None:
    match = Match(new_game({}), seed=1)
    with pytest.raises(IllegalActionError):
        match.play_text("h16-h15")
    with pytest.raises(ActionParseError):
        match.play_text("nonsense")
    assert match.state.position() == new_game({}).position()


def test_start_position_notation() -> None:
    text = new_game({}).position()
    assert text == ("S:Mi1,Ph1,We1,Wf1,Wg1,Wj1,Wk1,Wl1/N:Mh16,Pi16,We16,Wf16,Wg16,Wj16,Wk16,Wl16 "
                    "g7=1u0a,j7=1u0a,f8=1u0a,k8=1u0a,f9=1u0a,k9=1u0a,g10=1u0a,j10=1u0a - 8 S 6 0 - - - - 1 -")
    assert MageStoneState.from_position(text).position() == text


def test_position_notation_covers_go_bookkeeping_rite_and_pending_chance() -> None:
    state = position({"S": seat("e5", "h8", ("d6", "f6", "a7"), carried=(1, 2)),
                      "N": seat(None, "i16", ("e6",))},
                     stones={"g7": [2, 0], "j7": [0, 3]}, rite={"seat": "S", "laps": 1, "needed": 2},
                     gravestones=["c5"])
    play(state, "a7-a8", "d6+f6xe6")
    text = state.position()
    assert text == ("S:Me5=1u2a,Ph8,Wd6,Wf6,Wa8/N:M*,Pi16,We6 g7=2u0a,j7=0u3a c5 7 S 5 3 - d6,f6,a8 S:1/2 "
                    "attack:d6+f6xe6 1 -")
    again = MageStoneState.from_position(text)
    assert again == state and again.position() == text
    assert again.current_player() == state.current_player()


def test_bad_positions_name_the_field() -> None:
    good = new_game({}).position()
    with pytest.raises(PositionError, match="13 space-separated"):
        MageStoneState.from_position(good + " extra")
    with pytest.raises(PositionError, match="bank"):
        MageStoneState.from_position(good.replace(" 8 S ", " 9 S "))
    with pytest.raises(PositionError, match="stones"):
        MageStoneState.from_position(good.replace("g7=1u0a,", ""))


def test_json_round_trip_keeps_options() -> None:
    state = new_game({"players": 4, "first_seat": "W", "go_limit": 50})
    play(state, "a12-b12")
    again = MageStoneState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.options() == state.options()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_bundled_scenarios_load(path: Path) -> None:
    state = load_scenario(path)
    assert MageStoneState.from_position(state.position()).position() == state.position()


def test_scenario_errors_name_file_field_and_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"players": 2, "seats": {
        "S": {"mage": "i1", "priest": "h1", "warriors": ["a1"]},
        "N": {"mage": "h16", "priest": "i16"}}}))
    with pytest.raises(PositionError, match=r"bad\.json: seats\.S\.warriors\[0\]: 'a1' is not a square"):
        load_scenario(bad)
    bad.write_text(json.dumps({"players": 2, "seats": {
        "S": {"mage": "i1", "priest": "h1"}, "N": {"mage": "h16", "priest": "i16"}}, "squares": 7}))
    with pytest.raises(PositionError, match=r"bad\.json: squares: must be an int 0\.\.6"):
        load_scenario(bad)
    bad.write_text("{not json")
    with pytest.raises(PositionError, match=r"bad\.json"):
        load_scenario(bad)


def test_describe_action_is_plain_language() -> None:
    state = position({"S": seat("e5", "h1", ("e3",), carried=(0, 1)), "N": seat("e6", "i16", ())},
                     stones={"g7": [7, 0]})
    assert state.describe_action(state.parse_action("e3-e4")) == "South Warrior on e3 moves to e4 (1 square)"
    assert state.describe_action(state.parse_action("e5xe6")) == "South Mage on e5 attacks North Mage on e6"
    assert state.describe_action(state.parse_action("bolt e5>e6")) == (
        "South Mage on e5 casts Bolt at North Mage on e6")
    assert state.describe_action(state.parse_action("end")) == "South ends the go"


def test_regression_conquest_position_with_the_eliminated_player_to_move_round_trips() -> None:
    # found by the soak run: South was eliminated at the start of its go, so it is still "to move"
    text = ("S:x/N:Mm11=2u0a,Pd9,Wh1,Wd6,Wm8,Wk9,Wl13,We14 g7=1u0a,f8=1u0a,k8=1u0a,f9=1u0a,j9=2u0a "
            "k5,a8,p8,b9,e15 1 S 6 0 - - - - 263 win:N:conquest")
    state = MageStoneState.from_position(text)
    assert state.position() == text and state.legal_actions() == []
