"""Action notation, position strings, JSON, clone/undo, scenarios and refusing bad data files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.resources import resource_path
from game.rules import registry
from game.rules.magnastorm import DataFileError, MagnastormState, load_content, new_game, parse_action
from game.rules.magnastorm.scenarios import load_scenario, scenario_names
from game.rules.protocol import ActionParseError, PositionError

from .helpers import play, started


@pytest.mark.parametrize("text", ["crew c2 y", "take c1 iy", "to r4c3 kim", "move ik", "gain", "go t4",
                                  "step 4o", "end s37", "build t4 2 free", "lab 10 free azrea", "pay 3",
                                  "obj 2", "remove s5", "down v", "trade y", "give 4", "finish",
                                  "deal rc0 huber", "deal ob2 S1b", "bag k", "artifact 3 120", "tie 1"])
def test_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text and parse_action(str(action)) is action


@pytest.mark.parametrize("text", ["", "crew", "crew c9 y", "take c1 xx", "lab 11", "move  ", "gain ",
                                  "teleport s1", "end 37", 42])
def test_malformed_notation_is_refused(text: object) -> None:
    with pytest.raises(ActionParseError):
        parse_action(text)  # type: ignore[arg-type]


def test_registry_knows_magnastorm_for_two_to_four_players() -> None:
    assert "magnastorm" in registry.GAME_IDS
    for players in (2, 3, 4):
        state = registry.new_game("magnastorm", {"players": players})
        assert isinstance(state, MagnastormState) and state.num_players == players
    with pytest.raises(ValueError, match="players"):
        registry.new_game("magnastorm", {"players": 5})
    with pytest.raises(ValueError, match="start_area"):
        registry.new_game("magnastorm", {"players": 2, "start_area": 3})


def test_position_json_clone_and_undo_round_trip_mid_turn() -> None:
    state = started(3)
    play(state, "crew c2 y", "to r0c0", "move")
    text = state.position()
    assert text.startswith("magnastorm ") and MagnastormState.from_position(text, state.options()) == state
    assert MagnastormState.from_json(json.loads(json.dumps(state.to_json()))) == state
    copy = state.clone()
    play(copy, "step 4l")
    assert copy != state and state.position() == text
    state.undo()
    assert state.tasks[-1][0] == "option"


@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: t.replace("magnastorm ", "magestone ", 1), "starts with"),
    (lambda t: t.rsplit(" ", 1)[0], "fields"),
    (lambda t: t.replace("round=1", "round=x"), "round"),
    (lambda t: t.replace("phase=play", "phase=lunch"), "phase"),
])
def test_malformed_positions_are_refused(edit, message) -> None:  # type: ignore[no-untyped-def]
    state = started(2)
    with pytest.raises(PositionError, match=message):
        MagnastormState.from_position(edit(state.position()), state.options())


def test_an_impossible_position_is_refused() -> None:
    state = started(2)
    data = state.to_json()
    data["fields"]["cubes"][1] += 5
    with pytest.raises(PositionError, match="cubes"):
        MagnastormState.from_json(data)
    data = state.to_json()
    data["fields"]["rep"][0] = 4
    with pytest.raises(PositionError, match="ledger"):
        MagnastormState.from_json(data)


def test_bundled_scenarios_load() -> None:
    assert len(scenario_names()) >= 4
    for name in scenario_names():
        state = load_scenario(name)
        assert not state.is_terminal() and state.legal_actions()


def test_a_bad_scenario_names_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"name": "x", "position": "magnastorm round=1"}), encoding="utf-8")
    with pytest.raises(PositionError, match=r"bad.json: position"):
        load_scenario(path)


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "magnastorm"
    shutil.copytree(resource_path("levels", "magnastorm"), target)
    return target


@pytest.mark.parametrize(("file", "edit", "field"), [
    ("board.json", lambda d: d["sides"]["4p"]["areas"][0].update(sector=9), "sides.4p.areas[0].sector"),
    ("board.json", lambda d: d["sides"]["2-3p"]["areas"][3]["spaces"].append("q"),
     "sides.2-3p.areas[3].spaces"),
    ("board.json", lambda d: d["sides"]["4p"]["lines"].append(["0a", "zz"]), "sides.4p.lines[66][1]"),
    ("board.json", lambda d: d["sides"]["4p"]["transmitters"][0].update(line=["0a", "0l"]),
     "sides.4p.transmitters[0].line"),
    ("centre_tile.json", lambda d: d["faces"]["1"]["sectors"][0].update(storm=False),
     "faces.1.sectors[0].income"),
    ("research_board.json", lambda d: d["sides"]["4p"]["areas"][1]["bonuses"].update({"3": "gold"}),
     "sides.4p.areas[1].bonuses.3"),
    ("action_board.json", lambda d: d["sides"]["2-3p"]["bonuses"][0].update(bonus="swap"),
     "sides.2-3p.bonuses[0].bonus"),
    ("action_board.json", lambda d: d["sides"]["4p"]["rows"][2].update(move="yq"), "sides.4p.rows[2].move"),
    ("player_board.json", lambda d: d["lab_costs"].pop(), "lab_costs"),
    ("commanders.json", lambda d: d["commanders"][3].update(green=-1), "commanders[3].green"),
    ("objectives.json", lambda d: d["cards"][4]["faces"][1].update(goal="dance"), "cards[4].faces[1].goal"),
    ("artifacts.json", lambda d: d["cards"][7].update(tier="platinum"), "cards[7].tier"),
])
def test_a_bad_data_file_is_refused_naming_file_and_field(tmp_path: Path, file, edit, field) -> None:  # type: ignore[no-untyped-def]
    directory = _copy_data(tmp_path)
    path = directory / file
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataFileError) as error:
        load_content(directory)
    assert str(error.value).startswith(f"{file}: {field}:")


def test_broken_json_names_the_file_and_line(tmp_path: Path) -> None:
    directory = _copy_data(tmp_path)
    (directory / "commanders.json").write_text("{\n  oops", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"commanders.json: is not valid JSON \(line 2"):
        load_content(directory)


def test_the_bundled_content_is_complete() -> None:
    content = load_content()
    assert len(content.commanders) == 16 and len(content.artifacts) == 120
    assert sum(len(faces) for faces in content.objectives.values()) == 16
    for side in ("2-3p", "4p"):
        board = content.boards[side]
        assert {board.area_sector[a] for a in range(len(board.area_names))} == set(range(6))
        assert all(1 <= len(s) <= 3 for s in board.area_spaces)
        assert len(content.research[side].colours) == (4 if side == "4p" else 3)


def test_new_game_uses_the_deals_of_the_seed_only() -> None:
    first, second = new_game({"players": 4}), new_game({"players": 4})
    assert first == second and first.is_chance_node()
