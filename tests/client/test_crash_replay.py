"""Crash reports that replay: a crash during a match writes the match into the report as a save, which
``replay --verify`` rebuilds and the next start offers to continue; a damaged report is refused like a
damaged save."""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import diagnostics
from game.client.app import App
from game.client.magestone.scene import MageStoneMatchScene
from game.client.match import session
from game.client.match.controller import InlineSource, MatchController
from game.client.match.seats import Seat
from game.client.match.slots import read_entry
from game.client.options import ClientOptions
from game.client.scenes.dialog import DialogScene
from game.client.tutorial.lesson_scene import LessonScene
from game.paths import logs_dir
from game.rules.magestone import MageStoneState
from game.storage.saves import SaveError, load_save
from tests.client.conftest import finish_loading, frames
from tests.client.tutorial.at_table import open_lesson

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def reports(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Crash reports go to the test's own log folder (as after ``diagnostics.install``)."""
    folder = logs_dir()
    monkeypatch.setattr(diagnostics._State, "log_dir", folder)
    monkeypatch.setattr(diagnostics._State, "context_provider", None)
    (folder / diagnostics.LOG_NAME).write_text("12:00 INFO game: a line of the log\n", encoding="utf-8")
    return folder


def crash(app: App) -> Path:
    """Run frames until the client raises, then let the exception hook write the report."""
    with pytest.raises(RuntimeError) as raised:
        frames(app, 400)
    diagnostics._excepthook(raised.type, raised.value, raised.tb)
    (report,) = diagnostics.crash_reports(diagnostics._State.log_dir or Path())
    return report


@pytest.fixture
def table(app: App, monkeypatch: pytest.MonkeyPatch) -> Iterator[MageStoneMatchScene]:
    """A MageStone match against the Normal AI (in-process), a few goes in."""
    app.tweens.speed = math.inf
    monkeypatch.setattr(session, "make_source", InlineSource)
    while isinstance(app.stack.top, DialogScene):
        app.stack.pop()
    seats = [Seat("South"), Seat("North", "normal", 1)]
    controller = session.new_controller(app, "magestone", {"players": 2}, seats, 5)
    controller.pace = 0.0
    session.open_match(app, controller)
    scene = app.stack.top
    assert isinstance(scene, MageStoneMatchScene)
    for _ in range(3):
        for _ in range(600):
            frames(app, 1)
            if controller.human_to_act() and not scene.animator.busy:
                break
        controller.play_text("end")
    yield scene


def assert_replays_to(report: Path, controller: MatchController) -> None:
    loaded = load_save(report)
    assert loaded.match.state.position() == controller.state.position()
    assert [e.to_json() for e in loaded.match.log] == [e.to_json() for e in controller.match.log]
    assert loaded.seats == controller.seat_texts()


def test_a_crash_in_a_match_scene_writes_the_match_into_the_report(
    app: App, table: MageStoneMatchScene, reports: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(dt: float) -> None:
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(table, "update_table", broken)
    report = crash(app)
    text = report.read_text(encoding="utf-8")
    assert "RuntimeError: the table fell over" in text and "MageStone: " in text
    assert "a line of the log" in text and "magestone match, seed 5" in text
    assert_replays_to(report, table.controller)


def test_a_crash_while_handling_the_ai_answer_writes_a_report_that_verifies(
    app: App, table: MageStoneMatchScene, reports: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    controller = table.controller

    def broken(text: str) -> None:
        raise RuntimeError(f"could not handle the AI's {text!r}")

    monkeypatch.setattr(controller, "play_text", broken)
    assert controller.seats[controller.seat_to_act()].is_ai, "the AI's answer comes next"
    report = crash(app)
    assert "could not handle the AI's" in report.read_text(encoding="utf-8")
    assert_replays_to(report, controller)
    result = subprocess.run([sys.executable, "-m", "game", "replay", str(report), "--verify"],
                            capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "final state verified" in result.stdout


def test_the_next_start_offers_to_continue_the_match_from_the_report(
    app: App, table: MageStoneMatchScene, reports: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table, "update_table", lambda dt: (_ for _ in ()).throw(RuntimeError("boom")))
    report = crash(app)
    position = table.controller.state.position()
    app.shutdown()
    restarted = App(ClientOptions())
    restarted.start()
    try:
        notice = restarted.stack.top
        assert isinstance(notice, DialogScene) and str(report) in notice.message
        assert notice.confirm is not None and notice.confirm[0] == "Continue"
        notice.confirm[1]()
        resumed = finish_loading(restarted)
        assert isinstance(resumed, MageStoneMatchScene)
        assert resumed.controller.state.position() == position
    finally:
        restarted.shutdown()


def _report_with(text_of_save: str, folder: Path) -> Path:
    path = folder / "crash-20261201-120000-1.txt"
    path.write_text(f"{diagnostics.CRASH_TITLE} (main thread)\n\nTraceback ...\n"
                    f"{diagnostics.SAVE_BEGIN}\n{text_of_save}\n{diagnostics.SAVE_END}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("save_text", "message"),
    [
        ('{"format": "magestone-save", "schema": 1, "game": "magest', "is not valid JSON"),
        ("[" * 500 + "]" * 500, "nested more than 32 levels"),
        ('{"format": "magestone-save", "schema": 1, "game": "magestone", "options": {"players": []}, '
         '"seats": [], "seed": 1, "actions": [], "final_hash": ""}', "field 'options' is not valid"),
    ],
)
def test_a_damaged_report_is_refused_like_a_damaged_save(reports: Path, save_text: str, message: str) -> None:
    report = _report_with(save_text, reports)
    with pytest.raises(SaveError) as error:
        load_save(report)
    assert str(report) in str(error.value) and message in str(error.value)
    entry = read_entry(report)
    assert entry.loaded is None and message in entry.error
    assert report.with_name(report.name + ".corrupt").exists(), "kept aside like a damaged save"


def test_a_report_cut_short_or_without_a_match_says_so(reports: Path) -> None:
    cut = _report_with("{}", reports)
    cut.write_text(cut.read_text(encoding="utf-8").replace(diagnostics.SAVE_END, ""), encoding="utf-8")
    with pytest.raises(SaveError, match="cut short"):
        load_save(cut)
    plain = reports / "crash-20261201-130000-1.txt"
    plain.write_text(f"{diagnostics.CRASH_TITLE} (main thread)\nTraceback ...\n", encoding="utf-8")
    with pytest.raises(SaveError, match="holds no match"):
        load_save(plain)
    assert not diagnostics.report_holds_match(plain)


def test_a_crash_in_a_lesson_names_the_lesson_and_its_step(
    app: App, reports: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.tweens.speed = math.inf
    while isinstance(app.stack.top, DialogScene):
        app.stack.pop()
    scene = open_lesson(app, "magestone", "03_routes", MageStoneMatchScene)
    assert isinstance(scene, LessonScene)
    monkeypatch.setattr(scene, "update_table", lambda dt: (_ for _ in ()).throw(RuntimeError("lesson bug")))
    text = crash(app).read_text(encoding="utf-8")
    assert "Lesson 03_routes (magestone, 03_routes.json), step 1 of" in text
    assert isinstance(scene.controller.state, MageStoneState)
