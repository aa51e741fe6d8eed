"""Resigning and agreed draws through the match: the action log, save files, replays and undo."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.rules.match import DRAW_AGREED, RESIGN, LogEntry, Match
from game.rules.protocol import GameResult, IllegalActionError
from game.rules.registry import new_game
from game.storage.saves import load_save, write_save

GAMES = [("magestone", {"players": 2}), ("magestone", {"players": 4}),
         ("magistrat", {"setup": "random", "setup_seed": 3})]


def _opened(game_id: str, options: dict[str, object]) -> Match:
    """A match a few decisions in (MageStone: two goes ended; MagiStrat: past the set-up)."""
    match = Match(new_game(game_id, options), seed=5)
    for _ in range(2 if game_id == "magestone" else 1):
        actions = match.state.legal_actions()
        match.play(actions[-1] if game_id == "magestone" else actions[0])
    return match


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_resign_is_logged_with_the_resigning_seat(game_id: str, options: dict[str, object]) -> None:
    match = _opened(game_id, options)
    players = match.state.num_players
    seat = match.state.current_player()
    events = match.resign(seat)
    assert match.log[-1] == LogEntry(seat, RESIGN)
    if players == 2:
        assert match.state.result() == GameResult((1 - seat,), "resigned")
        assert [e.to_json() for e in events if e.kind == "game_over"] == [
            {"kind": "game_over", "winners": [1 - seat], "reason": "resigned"}]
    else:
        assert match.state.result() is None and match.state.current_player() != seat


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_agreed_draw_is_logged_and_ends_the_game(game_id: str, options: dict[str, object]) -> None:
    match = _opened(game_id, options)
    events = match.agree_draw(0)
    assert match.log[-1] == LogEntry(0, DRAW_AGREED)
    assert match.state.result() == GameResult((), "agreed_draw")
    assert [e.kind for e in events] == ["game_over"]
    with pytest.raises(IllegalActionError):
        match.resign(1)


@pytest.mark.parametrize(("game_id", "options"), GAMES)
@pytest.mark.parametrize("ending", ["resign", "draw"])
def test_saves_and_replay_verify_keep_the_ending(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  game_id: str, options: dict[str, object],
                                                  ending: str) -> None:
    match = _opened(game_id, options)
    if ending == "resign":
        match.resign(1)         # out of turn in MageStone (South to act): any time is allowed
        if match.state.num_players == 4:
            match.resign(2)
            match.resign(match.state.current_player())
    else:
        match.agree_draw(match.state.current_player())
    path = tmp_path / "ended.json"
    write_save(path, match, ["human"] * match.state.num_players)
    loaded = load_save(path)
    assert loaded.match.state.result() == match.state.result() is not None
    assert loaded.match.log == match.log
    assert loaded.match.state.position() == match.state.position()
    assert main(["replay", str(path), "--verify"]) == 0
    reason = "resigned" if ending == "resign" else "agreed_draw"
    assert f"finished: {reason}, final state verified" in capsys.readouterr().out


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_a_resignation_that_ended_the_game_can_be_taken_back(game_id: str,
                                                              options: dict[str, object]) -> None:
    match = _opened(game_id, options)
    before = match.state.position()
    log = list(match.log)
    for seat in range(match.state.num_players - 1):
        match.resign(seat)
    assert match.state.is_terminal()
    assert match.undo_floor() == len(match.log) - 1
    match.undo()
    assert not match.state.is_terminal()
    if match.state.num_players == 2:
        assert match.state.position() == before and match.log == log
    else:
        # the earlier resignations let the game go on: they are other players' acts, a floor
        assert not match.can_undo()


def test_undo_in_the_next_go_never_takes_back_another_players_resignation() -> None:
    match = Match(new_game("magestone", {"players": 4}), seed=1)
    match.resign(0)
    assert match.state.current_player() == 1
    assert not match.can_undo()
    match.play_text("end")
    assert match.state.current_player() == 2 and not match.can_undo()


def test_a_resignation_in_the_log_is_replayed_for_its_own_seat() -> None:
    match = Match(new_game("magestone", {"players": 4}), seed=1)
    match.play_text("end")
    match.resign(3)                          # East resigns during West's go
    replay = Match(new_game("magestone", {"players": 4}), seed=1)
    for entry in match.log:
        replay.apply_logged(entry.actor, entry.notation)
    assert replay.state.position() == match.state.position()
    assert not replay.state.in_game(3)  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError):
        replay.apply_logged(3, RESIGN)       # East is already out
    with pytest.raises(IllegalActionError):
        replay.apply_logged(7, RESIGN)       # no such seat
