"""The shared match controller: autosave round trip, crash-safe saves, undo policy, AI pacing."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.worker import RESTARTED_NOTE, AiResult
from game.client.match.controller import InlineSource, MatchController, autosave_path
from game.client.match.seats import Seat
from game.client.match.slots import list_saves, slot_path
from game.rules.match import Match
from game.rules.registry import new_game
from game.storage.saves import load_save


def controller(ai: bool = False) -> MatchController:
    """A 2-player MageStone match autosaving to the usual place."""
    seats = [Seat("South"), Seat("North", "normal" if ai else "human", 1)]
    return MatchController(
        Match(new_game("magestone", {"players": 2}), 11),
        seats,
        InlineSource(),
        autosave_file=autosave_path(),
        pace=0.0,
    )


def test_autosave_after_every_action_round_trips(user_dir: Path) -> None:
    match = controller()
    match.play_text("i1-i2-i3")
    match.play_text("end")
    loaded = load_save(autosave_path())
    assert loaded.match.state.position() == match.state.position()
    assert [Seat.from_text(t, i) for i, t in enumerate(loaded.seats)] == match.seats


def test_a_crash_mid_write_leaves_the_previous_save_intact(
    user_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = controller()
    match.play_text("i1-i2")
    before = autosave_path().read_bytes()

    def crash(*args: object) -> None:
        raise OSError("simulated power cut")

    monkeypatch.setattr(os, "replace", crash)
    match.play_text("h1-h2")
    assert match.notice.startswith("Autosave failed")
    assert autosave_path().read_bytes() == before
    assert load_save(autosave_path()).match.log[-1].notation == "i1-i2"
    assert not [p for p in autosave_path().parent.iterdir() if p.suffix == ".tmp"]


def test_undo_stays_in_the_go_and_the_ai_plays_paced(user_dir: Path) -> None:
    match = controller(ai=True)
    assert not match.can_undo()
    match.play_text("i1-i2")
    assert match.can_undo() and match.undo()
    assert match.state.position() == new_game("magestone", {"players": 2}).position()
    match.play_text("end")
    match.pace = 1.0
    match.update(0.1)
    assert match.seat_to_act() == 1 and not match.thinking
    match.update(1.0)
    assert match.match.log[-1].actor == 1


def test_unreadable_saves_are_listed_with_their_reason(user_dir: Path) -> None:
    match = controller()
    match.play_text("i1-i2")
    match.save_to(slot_path(1))
    slot_path(2).write_text('{"format": "magestone-save", "schema"', encoding="utf-8")
    entries = {entry.title: entry for entry in list_saves()}
    assert entries["Autosave"].loaded is not None
    assert entries["Slot 1"].loaded is not None
    assert entries["Slot 2"].loaded is None and "not valid JSON" in entries["Slot 2"].summary()


class _RecoveredSource(InlineSource):
    """Answers like the worker after a restart: the move, with a note for the player."""

    def poll(self) -> AiResult | None:
        result = super().poll()
        return None if result is None else replace(result, note=RESTARTED_NOTE)


def test_an_ai_fault_is_told_in_the_status_line_and_the_log(user_dir: Path) -> None:
    match = controller(ai=True)
    match.source = _RecoveredSource()
    match.play_text("end")
    for _ in range(5):
        match.update(0.1)
    assert match.seat_to_act() == 0, "the AI played its go"
    assert match.notice == RESTARTED_NOTE
    assert match.log[-1].text == RESTARTED_NOTE


def test_an_autosave_error_of_any_kind_is_shown_never_raised(
    user_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = controller()

    def broken(*args: object) -> None:
        raise ValueError("disk says no")

    monkeypatch.setattr("game.client.match.controller.write_save", broken)
    match.play_text("end")
    assert match.seat_to_act() == 1 and "disk says no" in match.notice
