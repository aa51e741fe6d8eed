"""The headless commands play Magnastorm for 2, 3 and 4 players; a tampered save is caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main


@pytest.mark.parametrize("players", [2, 3, 4])
def test_selfplay_then_replay_verify(tmp_path: Path, players: int,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    assert main(["selfplay", "--game", "magnastorm", "--players", str(players), "--ai", "random",
                 "--seed", "4", "--out", str(path)]) == 0
    assert main(["replay", "--verify", str(path)]) == 0
    assert "magnastorm" in capsys.readouterr().out
    assert json.loads(path.read_text())["options"]["players"] == players


def test_replay_verify_catches_a_tampered_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    assert main(["selfplay", "--game", "magnastorm", "--players", "3", "--ai", "random",
                 "--out", str(path)]) == 0
    payload = json.loads(path.read_text())
    draws = [i for i, (actor, text) in enumerate(payload["actions"]) if text.startswith("bag ")]
    assert draws, "a random game draws from the bag"
    index = draws[0]
    payload["actions"][index][1] = "bag y" if payload["actions"][index][1] != "bag y" else "bag k"
    path.write_text(json.dumps(payload))
    capsys.readouterr()
    assert main(["replay", "--verify", str(path)]) == 1
    assert str(path) in capsys.readouterr().err


def test_arena_plays_magnastorm_with_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "magnastorm", "--players", "3", "--a", "random", "--b", "random",
                 "--games", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and report["a_wins"] + report["b_wins"] + report["draws"] == 3


def test_a_player_count_a_game_does_not_have_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--game", "magestone", "--players", "3", "--out", "x.json"]) == 1
    assert "played by 2 or 4 players" in capsys.readouterr().err
