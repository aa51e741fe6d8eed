"""Action and position notation, JSON round trips and rejection of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.magistrat import PASS, MagiStratState, Move, Place, load_scenario, new_game, parse_action
from game.rules.magistrat.board import CELL_INDEX, KING
from game.rules.match import Match
from game.rules.protocol import ActionParseError, IllegalActionError, PositionError
from tests.rules.magistrat.helpers import position, state


def test_action_notation_round_trips() -> None:
    assert parse_action("ge2-ge3") == Move(CELL_INDEX["ge2"], CELL_INDEX["ge3"], False)
    assert parse_action("ge2-ge3x") == Move(CELL_INDEX["ge2"], CELL_INDEX["ge3"], True)
    assert parse_action("K@he1") == Place(KING, CELL_INDEX["he1"])
    assert parse_action("pass") is PASS
    for text in ("ge2-ge3", "hd4-gd4x", "G@dd5", "pass"):
        assert str(parse_action(text)) == text and repr(parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "pass ", "Ge2-ge3", "ge2ge3", "ge9-ge3", "ge2-ge3y", "X@he1", "K@he9",
                                  "k@he1", "ge2 - ge3", "resign"])
def test_malformed_actions_raise_parse_errors(text: str) -> None:
    with pytest.raises(ActionParseError):
        parse_action(text)


def test_initial_and_preset_positions_round_trip() -> None:
    for s in (new_game({}), new_game({"setup": "preset:fortress"}), new_game({"setup": "random"})):
        text = s.position()
        assert MagiStratState.from_position(text, s.options()).position() == text


def test_setup_positions_round_trip_at_every_step() -> None:
    s = new_game({"quality": {"white": 90, "black": 110}})
    while s.in_setup():
        again = MagiStratState.from_position(s.position(), s.options())
        assert again.position() == s.position() and [str(a) for a in again.legal_actions()] == [
            str(a) for a in s.legal_actions()]
        s.apply(s.legal_actions()[-1])


def test_json_round_trip_keeps_position_and_options() -> None:
    s = new_game({"setup": "preset:classic", "no_progress_limit": None})
    data = json.loads(json.dumps(s.to_json()))
    again = MagiStratState.from_json(data)
    assert again.position() == s.position() and again.options() == s.options()
    with pytest.raises(PositionError):
        MagiStratState.from_json({"game": "magestone", "format": 1})
    with pytest.raises(PositionError, match="options"):
        MagiStratState.from_json({**data, "options": {"quality": {"white": 5}}})


@pytest.mark.parametrize("text, message", [
    ("8/8 w play 0 -", "6 space-separated fields"),
    (position({}).replace("|", "/", 1), "3 layers"),
    (position({"ge4": "M*"}), "marked enhanced"),
    (position({"he4": "M"}), "may not stand on this layer"),
    (position({"de4": "A"}), "may not stand on this layer"),
    (position({"ge4": "a(120)"}), "remaining potential 120"),
    (position({"ge4": "a(100)"}), "write a full piece"),
    (position({"ge4": "a(50/100)"}), "standard full potential"),
    (position({"de4": "G(5)"}), "a God has no potential"),
    (position({"he4": "K"}), "Kings"),
    (position({}, side="x"), "side field"),
    (position({}).replace(" play ", " setup40 "), "phase field"),
    (position({}).replace(" 100,100 ", " 100 "), "quality field"),
    (position({}).replace(" -", " white:won"), "result field"),
    (position({"hd4": "P*", "dd4": "G", "gd4": "n"}), "God power"),
    (position({"gh8": "n"}), "black controls no Archmage or Mage"),
    (position({"ga1": "N"}), "white controls no Archmage or Mage"),
    (position({}).replace("8/8/8/8/8/8/8/8 w", "9/8/8/8/8/8/8/8 w"), "unexpected"),
    (position({}).replace("8/8/8/8/8/8/8/8 w", "7/8/8/8/8/8/8/8 w"), "rank 8 has 7 cells"),
    (new_game({}).position().replace("mmmmmmmm", "mmmmmmm1"), "setup0"),
])
def test_bad_positions_raise_position_errors_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        MagiStratState.from_position(text)


def test_bundled_scenarios_load_and_bad_scenarios_name_file_and_field(tmp_path: Path) -> None:
    from game.rules.magistrat import scenario_names

    assert scenario_names()
    for name in scenario_names():
        assert not load_scenario(name).is_terminal()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"name": "x", "position": position({"ge4": "M*"})}))
    with pytest.raises(PositionError, match=r"bad\.json: position: ge4"):
        load_scenario(bad)
    bad.write_text(json.dumps({"name": "x", "position": position({}), "options": {"speed": 2}}))
    with pytest.raises(PositionError, match=r"bad\.json: options"):
        load_scenario(bad)
    bad.write_text("{")
    with pytest.raises(PositionError, match=r"bad\.json: is not valid JSON \(line 1"):
        load_scenario(bad)


_SAMPLE = [state({"ge3": "M", "ge6": "a"}), new_game({}), new_game({"setup": "preset:vanguard"})]


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=12),
                      st.from_regex(r"[ghdx][a-i][0-9]-[ghd][a-h][1-9]x?", fullmatch=True),
                      st.from_regex(r"[KGAPMNX]@[ghd][a-h][1-8]", fullmatch=True)),
       index=st.integers(0, len(_SAMPLE) - 1))
def test_malformed_or_illegal_action_text_is_rejected_and_changes_nothing(text: str, index: int) -> None:
    s = _SAMPLE[index].clone()
    before = s.position()
    match = Match(s, seed=0)
    legal_texts = {str(a) for a in s.legal_actions()}
    if text in legal_texts:
        return
    with pytest.raises((ActionParseError, IllegalActionError)):
        match.play_text(text)
    assert s.position() == before and match.log == []
