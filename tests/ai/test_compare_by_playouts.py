"""tools/compare_by_playouts.py: candidates at a recorded position compared by playouts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

_GAMES = Path(__file__).resolve().parents[2] / "docs" / "games"
_GAME = _GAMES / "magnastorm-2p-vs-hard-2026-12-04-d.json"
_TURNS_GAME = _GAMES / "magnastorm-2p-vs-hard-2026-12-05.json"


def test_the_recorded_position_is_replayed_to_the_ply() -> None:
    """The replay stops with the ply's logged actions applied: the next logged action is legal there."""
    from tools.compare_by_playouts import position_at
    record = json.loads(_GAME.read_text(encoding="utf-8"))
    state = position_at(_GAME, 47).state
    seat, text = record["log"][47]
    assert state.current_player() == seat
    assert text in [str(action) for action in state.legal_actions()]


def test_each_candidate_is_played_out_to_a_result(capsys: pytest.CaptureFixture[str]) -> None:
    """Every candidate gets one finished playout a pair, tallied for the seat that chose it."""
    from tools.compare_by_playouts import main
    assert main([str(_GAME), "--ply", "47", "--action", "obj 2", "--action", "finish", "--level", "easy",
                 "--pairs", "0:2"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["mover"] == 1
    for candidate in ("obj 2", "finish"):
        assert sum(summary["tally"][candidate].values()) == 2


def test_a_playout_past_its_action_cap_is_counted_as_cut(capsys: pytest.CaptureFixture[str]) -> None:
    """With ``--max-actions`` a playout that has not ended by then stops and is counted as cut, apart from
    wins, losses and draws (a dead end, such as two Mages that never attack, must not hang the tool);
    without the cap the same playout ends."""
    from tools.compare_by_playouts import main
    args = [str(_GAME), "--ply", "47", "--action", "finish", "--level", "easy", "--pairs", "0:1"]
    assert main([*args, "--max-actions", "1"]) == 0
    cut = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert cut["tally"]["finish"] == {"wins": 0, "losses": 0, "draws": 0, "cut": 1}
    assert main(args) == 0
    whole = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert whole["tally"]["finish"]["cut"] == 0
    assert whole["tally"]["finish"]["wins"] + whole["tally"]["finish"]["losses"] == 1


def test_a_candidate_line_is_applied_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    """A candidate of several actions separated by ';' is played through before the bots take over: a line
    that is illegal after its first action is refused rather than cut short."""
    from game.rules.protocol import IllegalActionError
    from tools.compare_by_playouts import main
    station = "crew c2 y;to r0c2;move;go;step 3r;step 4l;end s34;build t3 1;lab 1;done;obj 4"
    assert main([str(_TURNS_GAME), "--ply", "55", "--action", station, "--level", "easy",
                 "--pairs", "0:1"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert sum(summary["tally"][station].values()) == 1
    with pytest.raises(IllegalActionError):
        main([str(_TURNS_GAME), "--ply", "55", "--action", "crew c2 y;build t3 1", "--level", "easy",
              "--pairs", "0:1"])
