"""tools/magistrat_endings.py: the won endings an arena row left drawn, found and replayed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.arena_record import ArenaRecord, GameRecord

_ARENA = Path(__file__).resolve().parents[2] / "docs" / "arena"
_RECORD = _ARENA / "magistrat-hard-hardref-v12-slip-guard.jsonl"


def _game(number: int) -> GameRecord:
    return ArenaRecord.read(_RECORD).games[number]


def test_the_ending_starts_where_hard_leads_against_the_last_archmages() -> None:
    """Game 8 (Hard White): at ply 219 White first leads by 300 potential with Black down to two Archmages
    and Mages or fewer."""
    from game.ai.magistrat_material import material
    from tools.magistrat_endings import ending_start, replay
    game = _game(8)
    start = ending_start(game, 0, 300.0, 120)
    assert start == 219
    assert game.options is not None and game.log is not None
    assert material(replay(game.options, game.log[:start]).state, 0) >= 300


def test_every_cut_won_ending_of_the_record_is_played(capsys: pytest.CaptureFixture[str]) -> None:
    """The record's two games cut with Hard far ahead (5 and 8) are replayed, a line each, then the count
    with the weights changed."""
    from tools.magistrat_endings import main
    assert main([str(_RECORD), "--plies", "2", "--weight", "finish=0"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["game"] for line in lines[:-1]] == [5, 8]
    assert all(line["plies"] == 2 for line in lines[:-1])
    assert lines[-1]["of"] == 2 and lines[-1]["weights"] == {"finish": 0.0}


@pytest.mark.parametrize("change", ["finnish=0", "finish=half"])
def test_a_weight_change_that_is_not_one_is_refused(change: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelt weight or a value that is no number stops the tool with a message naming it, instead of
    replaying with Hard's own weights."""
    from tools.magistrat_endings import main
    with pytest.raises(SystemExit):
        main([str(_RECORD), "--plies", "2", "--weight", change])
    assert change in capsys.readouterr().err
