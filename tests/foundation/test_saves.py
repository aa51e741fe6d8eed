"""Save files round-trip, replay exactly, and reject damaged files with a clear message."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.match import Match
from game.rules.registry import new_game
from game.storage.saves import SaveError, load_save, save_payload, write_save

GAMES = [("magestone", {"players": 2}), ("magestone", {"players": 4}),
         ("magistrat", {"setup": "random", "setup_seed": 3})]


def _random_match(game_id: str, options: dict[str, object], seed: int, decisions: int) -> Match:
    match = Match(new_game(game_id, options), seed)
    match.resolve_chance()
    rng = random.Random(seed)
    for _ in range(decisions):
        if match.state.is_terminal():
            break
        match.play(rng.choice(match.state.legal_actions()))
    return match


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_save_and_load_restore_the_exact_position(tmp_path: Path, game_id: str,
                                                   options: dict[str, object]) -> None:
    match = _random_match(game_id, options, seed=11, decisions=120)
    path = tmp_path / "slot.json"
    write_save(path, match, ["human"] * match.state.num_players)
    loaded = load_save(path)
    assert loaded.match.state.position() == match.state.position()
    assert [entry.to_json() for entry in loaded.match.log] == [entry.to_json() for entry in match.log]
    assert loaded.match.chance_count == match.chance_count


def test_loaded_match_continues_with_the_same_dice(tmp_path: Path) -> None:
    original = _random_match("magestone", {"players": 2}, seed=5, decisions=60)
    path = tmp_path / "slot.json"
    write_save(path, original, ["human", "ai:normal"])
    resumed = load_save(path).match
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(80):
        if original.state.is_terminal():
            break
        original.play(rng_a.choice(original.state.legal_actions()))
        resumed.play(rng_b.choice(resumed.state.legal_actions()))
    assert resumed.state.position() == original.state.position()


def _written(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    match = _random_match("magestone", {"players": 2}, seed=2, decisions=40)
    payload = save_payload(match, ["human", "human"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(payload))
    return path, payload


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda text, payload: text[: len(text) // 2], "not valid JSON"),
        (lambda text, payload: json.dumps({**payload, "schema": 99}), "schema version 99"),
        (lambda text, payload: json.dumps({**payload, "format": "chess"}), "not a MageStone save"),
        (lambda text, payload: json.dumps({**payload, "game": "ludo"}), "unknown game"),
        (lambda text, payload: json.dumps({k: v for k, v in payload.items() if k != "seed"}),
         "missing field 'seed'"),
        (lambda text, payload: json.dumps({**payload, "final_hash": "0" * 32}), "differs"),
        (lambda text, payload: json.dumps({**payload, "actions": [*payload["actions"], [0, "fly a1"]]}),
         "cannot be replayed"),
    ],
)
def test_damaged_saves_are_reported_with_file_and_reason(tmp_path: Path, damage, message: str) -> None:
    path, payload = _written(tmp_path)
    path.write_text(damage(path.read_text(), payload))
    with pytest.raises(SaveError) as error:
        load_save(path)
    assert str(path) in str(error.value)
    assert message in str(error.value)


def test_replay_verify_command(tmp_path: Path) -> None:
    path, payload = _written(tmp_path)
    ok = subprocess.run([sys.executable, "-m", "game", "replay", str(path), "--verify"],
                        capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert "verified" in ok.stdout
    path.write_text(json.dumps({**payload, "final_hash": "f" * 32}))
    tampered = subprocess.run([sys.executable, "-m", "game", "replay", str(path), "--verify"],
                              capture_output=True, text=True)
    assert tampered.returncode == 1
    assert "differs from the recorded one" in tampered.stderr
