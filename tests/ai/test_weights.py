"""Evaluation weights are data (levels/ai/): the shipped sets load, damaged files are refused by name,
and the tuning script's writer round-trips a set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai import magestone_eval, magistrat_eval
from game.ai.weights import load_weights, parse_overrides, save_weights, weights_path
from game.safe_json import FileProblem


@pytest.mark.parametrize("module", [magestone_eval, magistrat_eval], ids=["magestone", "magistrat"])
def test_the_levels_weights_come_from_the_bundled_files(module: object) -> None:
    """Every level's set is in the game's file; the default set is the dataclass defaults."""
    game_id = module.__name__.rsplit(".", 1)[1].split("_")[0]  # type: ignore[attr-defined]
    kind = module.Weights  # type: ignore[attr-defined]
    assert weights_path(game_id).is_file()
    assert load_weights(game_id, "default", kind) == kind() == module.DEFAULT  # type: ignore[attr-defined]
    assert load_weights(game_id, "hard", kind) == module.HARD != kind()  # type: ignore[attr-defined]
    assert load_weights(game_id, "hard-ref", kind) == module.HARD_REF  # type: ignore[attr-defined]


def _write(tmp_path: Path, document: object) -> Path:
    path = tmp_path / "weights.json"
    path.write_text(json.dumps(document))
    return path


@pytest.mark.parametrize(("document", "problem"), [
    ({"schema": 1, "weights": {"hard": {"no_such_weight": 1.0}}}, "'weights.hard.no_such_weight' is not"),
    ({"schema": 1, "weights": {"hard": {"scale": "big"}}}, "'weights.hard.scale' must be a number"),
    ({"schema": 1, "weights": {"hard": {"warrior_pull_floor": 2.5}}}, "must be a whole number"),
    ({"schema": 2, "weights": {}}, "'schema' must be 1"),
    ({"schema": 1, "weights": {"easy": {}}}, "no weight set 'hard'"),
    ([1, 2], "must be an object"),
])
def test_a_damaged_weights_file_is_refused_naming_the_file_and_field(
    tmp_path: Path, document: object, problem: str
) -> None:
    path = _write(tmp_path, document)
    with pytest.raises(FileProblem, match=r"weights\.json") as raised:
        load_weights("magestone", "hard", magestone_eval.Weights, path)
    assert problem in str(raised.value)


def test_a_written_set_reads_back_and_keeps_the_other_sets(tmp_path: Path) -> None:
    path = _write(tmp_path, {"schema": 1, "weights": {"default": {}}})
    tuned = magestone_eval.Weights(stone_pull=0.2, warrior_pull_floor=3)
    save_weights("magestone", "hard", tuned, path)
    assert json.loads(path.read_text())["weights"] == {
        "default": {}, "hard": {"stone_pull": 0.2, "warrior_pull_floor": 3}}
    assert load_weights("magestone", "hard", magestone_eval.Weights, path) == tuned
    assert load_weights("magestone", "default", magestone_eval.Weights, path) == magestone_eval.Weights()


def test_the_tuning_script_screens_candidates_on_the_same_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One report for the unchanged level, one per candidate; ``--write`` keeps the best only if it
    scored above the unchanged level."""
    from tools.tune_weights import main

    path = tmp_path / "magestone.json"
    path.write_text(json.dumps({"schema": 1, "weights": {"default": {}}}))
    main(["--game", "magestone", "--level", "easy", "--against", "random", "--games", "2", "--go-limit", "20",
          "--try", "stone_pull=0.3", "--write", "tuned", "--file", str(path)])
    base, candidate = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert (base["overrides"], candidate["overrides"]) == ({}, {"stone_pull": 0.3})
    assert base["games"] == candidate["games"] == 2
    written = "tuned" in json.loads(path.read_text())["weights"]
    assert written == (candidate["a_score"] > base["a_score"])


def test_command_line_overrides_name_real_weights_and_numbers() -> None:
    """The tools' ``NAME=VALUE,...`` weight changes: parsed as numbers; a misspelt name or a value that is no
    number is refused with the part named, not handed on to fail later (or to replay Hard unchanged)."""
    kind = magestone_eval.Weights
    assert parse_overrides(kind, "home_gain=0.5, stone_pull=1") == {"home_gain": 0.5, "stone_pull": 1.0}
    with pytest.raises(ValueError, match="home_gian"):
        parse_overrides(kind, "home_gian=0.5")
    with pytest.raises(ValueError, match="home_gain=lots"):
        parse_overrides(kind, "home_gain=lots")


def test_the_tuning_script_refuses_a_candidate_that_is_no_weight(capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelt ``--try`` stops the tuning script with a message naming it before any game is played."""
    from tools.tune_weights import main
    with pytest.raises(SystemExit):
        main(["--game", "magestone", "--games", "1", "--try", "home_gian=0.5"])
    assert "home_gian" in capsys.readouterr().err
