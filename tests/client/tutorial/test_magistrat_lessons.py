"""Every MagiStrat lesson played to its end on the real cube, through the input layer only."""

from __future__ import annotations

from typing import Any

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.tutorial.lessons import load_lessons
from game.client.tutorial.magistrat_lesson import MagiStratLessonScene, action_cells
from game.client.tutorial.menu import TutorialMenuScene
from game.client.tutorial.progress import Progress
from game.rules.magistrat import Move, Place
from game.rules.magistrat.board import CELL_INDEX
from tests.client.conftest import frames, press, send
from tests.client.tutorial import at_table

LESSONS = load_lessons("magistrat")
pytestmark = pytest.mark.usefixtures("quick")


def cell(app: App, scene: MagiStratLessonScene, index: int) -> None:
    """Hover then click a cube cell at its drawn centre (the cube mapping)."""
    pos = scene.view.centre(index)
    assert scene.view.cell_at(pos) == index
    send(app, Hover(pos), Click(pos))


def play_through_input(app: App, scene: MagiStratLessonScene, action: Any) -> None:
    """The clicks a player makes for ``action``: a placement cell, or from, to, then Attack / Move."""
    if isinstance(action, Place):
        cell(app, scene, action.cell)
        return
    assert isinstance(action, Move), action
    cell(app, scene, action.frm)
    cell(app, scene, action.to)
    pending = scene.input.pending
    if pending is not None:
        press(app, scene, "Attack" if action.attack else ("Skip attack" if pending.attack else "Move"))


def open_lesson(app: App, lesson_id: str) -> MagiStratLessonScene:
    """Open a MagiStrat lesson from the tutorial menu by clicking its button."""
    return at_table.open_lesson(app, "magistrat", lesson_id, MagiStratLessonScene)


def stray_cell(scene: MagiStratLessonScene, expected: Any) -> int:
    """One of the learner's own pieces the expected action does not touch (else an empty cell)."""
    touched = action_cells(expected)
    me = scene.state.current_player()
    own = [p.cell for p in scene.state.pieces() if p.owner == me and p.cell not in touched]
    return (
        own[0] if own else next(c for c in range(192) if c not in touched and scene.state.piece_at(c) is None)
    )


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_lesson_plays_to_the_end_through_the_cube(app: App, lesson: Any) -> None:
    scene = open_lesson(app, lesson.id)
    first = scene.state.position()
    refused_click = refused_action = False
    for _ in range(200):
        at_table.wait_for_player(app, scene)
        step = scene.run.step
        if scene.run.finished or step is None:
            break
        index = scene.run.index
        before = scene.state.position()
        if step.kind in ("say", "celebrate"):
            cell(app, scene, stray_cell(scene, None))  # the cube is closed while the text is read
            assert scene.state.position() == before and scene.message == scene.run.prompt()
            send(app, KeyIntent(Key.CONFIRM))
        elif step.kind == "do":
            expected = scene.run.expected()
            if not refused_click:
                cell(app, scene, stray_cell(scene, expected))
                assert scene.message == scene.run.prompt() and scene.input.selected is None
                assert scene.state.position() == before and scene.run.index == index
                refused_click = True
            wrong = next((a for a in scene.input.legal() if str(a) != str(expected)), None)
            if wrong is not None and not refused_action:
                at_table.assert_refused(app, scene, wrong)
                refused_action = True
            play_through_input(app, scene, expected)
        else:
            play_through_input(app, scene, next(a for a in scene.input.legal() if isinstance(a, Move)))
        assert scene.run.index > index or (scene.run.step is step and step.kind == "free"), (
            f"step {index + 1} ({step.kind}) accepted nothing"
        )
    at_table.assert_finished(app, scene, first)


def test_menu_offers_magistrat_lessons_and_marks_completed_ones(app: App) -> None:
    progress = Progress.load()
    progress.complete("01_cube")
    menu = TutorialMenuScene(app, "magistrat")
    app.push(menu)
    frames(app, 2)
    buttons = menu.group.widgets[1 : 1 + len(LESSONS)]
    assert all(button.enabled for button in buttons)  # type: ignore[attr-defined]
    assert buttons[0].detail == "completed" and buttons[1].detail == ""  # type: ignore[attr-defined]


def test_skip_attack_is_refused_when_the_step_asks_for_the_attack(app: App) -> None:
    scene = open_lesson(app, "03_attacks")
    while scene.run.step is not None and scene.run.step.kind == "say":
        send(app, KeyIntent(Key.CONFIRM))
    before = scene.state.position()
    cell(app, scene, CELL_INDEX["gc4"])
    cell(app, scene, CELL_INDEX["gd4"])
    press(app, scene, "Skip attack")
    assert scene.state.position() == before and scene.message == scene.run.prompt()
    assert scene.run.step is not None and scene.run.step.kind == "do"


def test_skip_marks_the_lesson_and_opens_the_next(app: App) -> None:
    scene = open_lesson(app, "03_attacks")
    press(app, scene, "Skip")
    assert Progress.load().status("03_attacks") == "skipped"
    top = app.stack.top
    assert isinstance(top, MagiStratLessonScene) and top.lesson.id == "04_stealing"
