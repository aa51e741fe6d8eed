"""The lesson engine at the rules level: both games' lessons, gating, restart, resume, coverage, errors."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from game.ai.levels import make_bot
from game.client.tutorial.lessons import LessonError, load_lesson, load_lessons, parse_lesson
from game.client.tutorial.progress import Progress
from game.client.tutorial.runner import LessonRun, run_headless
from game.rules.protocol import GameState
from tests.client.tutorial.walk import walk_lesson

RULINGS = Path(__file__).resolve().parents[4] / "shared" / "rulings"
ALL = [lesson for game in ("magestone", "magistrat") for lesson in load_lessons(game)]


def easy(state: GameState) -> Any:
    """The Easy AI's answer (free-play steps)."""
    return make_bot(state.game_id, "easy", state.num_players).choose(state.clone(), random.Random(3))


def ruling_sections(game: str) -> list[str]:
    """The '## ' headings of a rulings file."""
    path = RULINGS / f"{game}.md"
    if not path.is_file():
        pytest.skip(f"{path} is not available")
    return re.findall(r"^## (.+)$", path.read_text(encoding="utf-8"), flags=re.M)


@pytest.mark.parametrize("lesson", ALL, ids=[f"{lesson.game}/{lesson.id}" for lesson in ALL])
def test_every_lesson_plays_to_the_end_and_every_step_accepts_something(lesson: Any) -> None:
    walk_lesson(LessonRun(lesson), _wrong_move, easy, lambda legal: legal[-1], 3000)


def _wrong_move(run: LessonRun) -> Any | None:
    """A legal action the step does not ask for (not just the same move by another route)."""
    expect = run.step.expect if run.step is not None else ""
    wrong = next((a for a in run.state.legal_actions() if str(a) != expect), None)
    return wrong if wrong is not None and str(wrong).split("-")[-1] != expect.split("-")[-1] else None


def test_restart_and_resume_replay_exactly() -> None:
    lesson = next(lesson for lesson in ALL if lesson.id == "05_coordinated")
    run = LessonRun(lesson)
    for _ in range(4):
        run.advance() if run.step and run.step.kind == "say" else run.offer(run.expected())
    snapshot = json.loads(json.dumps(run.snapshot()))
    again = LessonRun(lesson)
    again.resume(snapshot)
    assert again.state.position() == run.state.position() and again.index == run.index


@pytest.mark.parametrize("game", ["magestone", "magistrat"])
def test_every_rulings_section_is_taught_by_a_lesson(game: str) -> None:
    taught = {section for lesson in load_lessons(game) for section in lesson.teaches}
    sections = ruling_sections(game)
    assert sections
    assert set(sections) - taught == set()
    assert taught - set(sections) == set(), "a lesson names a section the rulings do not have"


def test_forced_dice_decide_the_fight() -> None:
    lesson = next(lesson for lesson in ALL if lesson.id == "04_attack_dice")
    run = run_headless(lesson)
    rolls = [entry.notation for entry in run.match.log if entry.actor == -1]
    assert rolls == ["dice 4v4,5v2", "dice 2v5", "dice 3v6"]


def write(tmp_path: Path, data: dict[str, Any], name: str = "bad.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


GOOD = {
    "id": "bad",
    "game": "magestone",
    "order": 1,
    "title": "T",
    "summary": "S",
    "teaches": ["Board"],
    "setup": {"new": {"players": 2}},
    "steps": [{"kind": "say", "text": "hi"}, {"kind": "do", "text": "go", "expect": "end"}],
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"steps": [{"kind": "say", "text": "hi"}, {"kind": "do", "text": "go"}]},
            "bad.json: step 2 (do): expect: missing",
        ),
        ({"steps": [{"kind": "dance"}]}, "bad.json: step 1: kind: must be one of"),
        (
            {"steps": [{"kind": "say", "text": "a", "colour": 1}]},
            "bad.json: step 1 (say): colour: unknown field",
        ),
        (
            {"steps": [{"kind": "free", "text": "a", "goes": 0}]},
            "bad.json: step 1 (free): goes: must be an int",
        ),
        ({"game": "chess"}, "bad.json: game: must be one of"),
        ({"setup": {"dream": {}}}, "bad.json: setup: must be one of"),
    ],
)
def test_malformed_lessons_name_file_step_and_field(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    with pytest.raises(LessonError, match=re.escape(message)):
        load_lesson(write(tmp_path, {**GOOD, **change}))


def test_an_illegal_expected_action_is_reported_with_its_step(tmp_path: Path) -> None:
    steps = [{"kind": "do", "text": "go", "expect": "i1-i2-i3-i4-i5-i6-i7-i8"}]
    lesson = parse_lesson({**GOOD, "steps": steps}, "bad.json")
    with pytest.raises(LessonError, match=r"bad.json: step 1 \(do\): expect: .* is not legal here"):
        run_headless(lesson)


def test_forced_dice_that_do_not_fit_are_reported(tmp_path: Path) -> None:
    lesson = parse_lesson(
        {**GOOD, "steps": [{"kind": "do", "text": "go", "expect": "end", "dice": ["dice 6v1"]}]}, "bad.json"
    )
    with pytest.raises(LessonError, match=r"bad.json: step 1 \(do\): dice: 1 forced roll"):
        run_headless(lesson)


def test_progress_is_saved_atomically_and_survives_a_damaged_file(user_dir: Path) -> None:
    progress = Progress.load()
    progress.complete("01_board")
    progress.save_run("02_six_squares", {"step": 3, "log": []})
    again = Progress.load()
    assert again.status("01_board") == "completed" and again.status("02_six_squares") == "in progress"
    again.path.write_text("{not json", encoding="utf-8")
    rescued = Progress.load()
    assert rescued.status("01_board") == "completed", "the backup (one write older) is used"
    assert str(again.path) in rescued.notice and "last good copy" in rescued.notice
    for damaged in (again.path, again.path.with_name("tutorial.json.bak")):
        damaged.write_text("{not json", encoding="utf-8")
    fresh = Progress.load()
    assert fresh.status("01_board") == "new" and "reset" in fresh.notice
