"""Arena record files: outcomes kept as games end, a stopped arena resumed, foreign files refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai import arena as arena_module
from game.ai.arena import arena, arena_outcomes
from game.ai.arena_record import ArenaRecord, ArenaRecordError
from game.ai.games import new_state
from game.cli import main


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_record_keeps_every_outcome_and_the_settings(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    outcomes = arena_outcomes("toyrace", 2, "normal", "random", 6, seed=4, record=path)
    header, *games = _lines(path)
    assert header == {"arena": {"game": "toyrace", "players": 2, "a": "normal", "b": "random", "seed": 4,
                                "go_limit": 400, "lineup": "alternate", "options": {}}}
    assert sorted((entry["game"], entry["outcome"]) for entry in games) == list(enumerate(outcomes))
    assert all(entry["goes"] > 0 and entry["cut"] is False for entry in games)


def test_a_record_without_lengths_still_reads(tmp_path: Path) -> None:
    """Files written before lengths were kept resume; their games have no length in the report."""
    path = tmp_path / "old.jsonl"
    arena_outcomes("toyrace", 2, "normal", "random", 2, seed=4, record=path)
    header, *games = _lines(path)
    path.write_text("".join(json.dumps(line) + "\n" for line in [header] + [
        {"game": entry["game"], "outcome": entry["outcome"]} for entry in games]))
    report = arena("toyrace", 2, "normal", "random", 3, seed=4, record=path)
    first = sorted(games, key=lambda entry: entry["game"])
    assert report["outcomes"][:2] == "".join(entry["outcome"] for entry in first)
    assert report["median_goes"] is not None and report["cut_share"] == 0.0


def test_a_stopped_arena_resumes_with_only_the_missing_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games already recorded are not played again, and the report equals an uninterrupted run's."""
    path = tmp_path / "run.jsonl"
    whole = arena("toyrace", 2, "normal", "random", 8, seed=2)
    arena_outcomes("toyrace", 2, "normal", "random", 3, seed=2, record=path)  # stopped after 3 games
    played: list[int] = []
    real = arena_module._arena_game

    def counting(*args: object) -> Any:
        played.append(int(args[-1]))  # type: ignore[call-overload]
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(arena_module, "_arena_game", counting)
    resumed = arena("toyrace", 2, "normal", "random", 8, seed=2, record=path)
    assert played == [3, 4, 5, 6, 7]
    assert resumed == whole
    played.clear()
    assert arena("toyrace", 2, "normal", "random", 8, seed=2, record=path) == whole
    assert played == []  # everything was in the file


def test_parallel_arena_records_every_game(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    outcomes = arena_outcomes("magestone", 2, "random", "random", 4, seed=1, go_limit=200, jobs=2,
                              record=path)
    assert sorted(entry["game"] for entry in _lines(path)[1:]) == [0, 1, 2, 3]
    assert arena_outcomes("magestone", 2, "random", "random", 4, seed=1, go_limit=200) == outcomes


def test_a_line_cut_short_by_a_crash_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    outcomes = arena_outcomes("toyrace", 2, "normal", "random", 2, seed=6, record=path)
    path.write_text(path.read_text() + '{"game": 2, "outc')
    assert arena_outcomes("toyrace", 2, "normal", "random", 3, seed=6, record=path)[:2] == outcomes
    assert sorted(entry["game"] for entry in _lines(path)[1:]) == [0, 1, 2]


def test_a_record_of_other_settings_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    arena_outcomes("toyrace", 2, "normal", "random", 1, seed=6, record=path)
    before = path.read_text()
    with pytest.raises(ArenaRecordError, match=r"run\.jsonl: line 1: written by an arena with other"):
        arena_outcomes("toyrace", 2, "normal", "random", 1, seed=7, record=path)
    assert path.read_text() == before


def test_a_record_knows_its_openings(tmp_path: Path) -> None:
    """A record made with seeded openings says so in its settings, and a run without them is refused it
    (its games would be other games)."""
    path = tmp_path / "openings.jsonl"
    arena_outcomes("magestone", 2, "easy", "random", 1, seed=6, go_limit=4, record=path, opening_goes=2)
    assert _lines(path)[0]["arena"]["opening_goes"] == 2
    with pytest.raises(ArenaRecordError, match="other settings"):
        arena_outcomes("magestone", 2, "easy", "random", 1, seed=6, go_limit=4, record=path)


def test_a_negative_opening_is_refused_before_any_record_is_written(tmp_path: Path) -> None:
    """``tools/arena_levels.py`` passes any whole number: a negative opening length is refused before a
    game is played or a record file is started (it would play no opening under a setting that says one)."""
    path = tmp_path / "negative.jsonl"
    with pytest.raises(ValueError, match="opening_goes must be 0 or more"):
        arena_outcomes("magestone", 2, "easy", "random", 1, seed=6, go_limit=4, record=path, opening_goes=-1)
    assert not path.exists()


def test_a_kept_log_replays_each_game_to_its_recorded_end(tmp_path: Path) -> None:
    """With ``keep_logs`` each game's line holds its options and log; replayed, the log ends the game as
    recorded (a winner for a won game, no end for one the limit cut), and a resumed run reads them back."""
    path = tmp_path / "logs.jsonl"
    report = arena("magestone", 2, "easy", "random", 3, seed=5, go_limit=12, record=path, keep_logs=True)
    _, *games = _lines(path)
    assert len(games) == 3
    for entry in games:
        state = new_state("magestone", entry["options"])
        for seat, text in entry["log"]:
            assert seat in (-1, state.current_player())
            state.apply(state.parse_action(text))
        assert state.is_terminal() is not entry["cut"]
    assert arena("magestone", 2, "easy", "random", 3, seed=5, go_limit=12, record=path) == report


@pytest.mark.parametrize(("content", "problem"), [
    ("", "empty"),
    ("not json\n", "line 1: not JSON"),
    ('{"arena": SETTINGS}\n{"game": 0, "outcome": "win"}\n', "line 2: expected"),
    ('{"arena": SETTINGS}\n[1, 2]\n', "line 2: expected a JSON object"),
    ('{"arena": SETTINGS}\n{"game": 0, "outcome": "a", "log": [[0, 1]]}\n',
     "line 2: a game's kept log needs"),
])
def test_a_damaged_record_names_the_file_and_line(tmp_path: Path, content: str, problem: str) -> None:
    settings = json.dumps({"game": "toyrace", "players": 2, "a": "normal", "b": "random", "seed": 1,
                           "go_limit": 400, "lineup": "alternate", "options": {}})
    path = tmp_path / "bad.jsonl"
    path.write_text(content.replace("SETTINGS", settings))
    with pytest.raises(ArenaRecordError, match=f"bad.jsonl: {problem}"):
        arena_outcomes("toyrace", 2, "normal", "random", 1, seed=1, record=path)


def test_a_record_not_in_utf8_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"arena": {}}\n\xff\xfe\n')
    with pytest.raises(ArenaRecordError, match=r"bad\.jsonl: not UTF-8"):
        arena_outcomes("toyrace", 2, "normal", "random", 1, seed=1, record=path)


def test_a_record_reads_with_its_own_settings(tmp_path: Path) -> None:
    """Read to be studied, a record keeps the settings and games its arena wrote, whatever they were."""
    path = tmp_path / "run.jsonl"
    outcomes = arena_outcomes("toyrace", 2, "normal", "random", 3, seed=4, record=path)
    record = ArenaRecord.read(path)
    assert record.settings["seed"] == 4 and record.settings["b"] == "random"
    assert "".join(record.outcomes[game] for game in range(3)) == "".join(outcomes)


@pytest.mark.parametrize("content", ["[1]\n", '{"games": 1}\n', "{not json\n"])
def test_a_record_without_its_settings_line_is_refused_when_read(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(ArenaRecordError, match=r"bad\.jsonl: line 1"):
        ArenaRecord.read(path)


def test_cli_arena_record_reports_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "other.jsonl"
    path.write_text('{"arena": {"game": "magistrat"}}\n')
    assert main(["arena", "--a", "easy", "--b", "random", "--games", "1", "--record", str(path)]) == 1
    assert "other.jsonl: line 1: written by an arena with other settings" in capsys.readouterr().err


def test_cli_arena_reports_each_game_as_it_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.jsonl"
    assert main(["arena", "--a", "easy", "--b", "random", "--games", "2", "--go-limit", "60",
                 "--record", str(path)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and err[0].startswith("arena: game 0 ") and "(2 played this run)" in err[1]
    assert main(["arena", "--a", "easy", "--b", "random", "--games", "2", "--go-limit", "60",
                 "--record", str(path)]) == 0
    assert capsys.readouterr().err == ""  # both games came from the record
