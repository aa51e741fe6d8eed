"""Driving a lesson at a real table through the input layer: what the MageStone and MagiStrat lesson
tests share (the game's test module says which clicks play an action)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.tutorial.menu import TutorialMenuScene
from game.client.tutorial.progress import Progress
from tests.client.conftest import frames, press, send

LessonT = TypeVar("LessonT")


def wait_for_player(app: App, scene: Any) -> None:
    """Let replies, AI and animations run until the lesson waits for the learner."""
    for _ in range(2000):
        step = scene.run.step
        waiting = step is None or (
            step.kind in ("say", "do", "celebrate")
            or (step.kind == "free" and scene.controller.human_to_act())
        )
        if waiting and not scene.animator.busy:
            return
        frames(app, 1)
    raise AssertionError("the lesson never waits for the learner")


def open_lesson(app: App, game: str, lesson_id: str, scene_type: type[LessonT]) -> LessonT:
    """Open one of ``game``'s lessons from the tutorial menu by clicking its button."""
    menu = TutorialMenuScene(app, game)
    app.push(menu)
    frames(app, 2)
    index = [lesson.id for lesson in menu.lessons].index(lesson_id)
    button = menu.group.widgets[1 + index]
    assert button.enabled
    send(app, Hover(button.rect.center), Click(button.rect.center))
    scene = app.stack.top
    assert isinstance(scene, scene_type)
    return scene


def play_first_step(app: App, scene: Any, play_through_input: Callable[[App, Any, Any], None]) -> None:
    """Read past the opening text, play the expected action by clicks and let the table settle."""
    send(app, KeyIntent(Key.CONFIRM))
    play_through_input(app, scene, scene.run.expected())
    wait_for_player(app, scene)


def assert_refused(app: App, scene: Any, action: Any) -> None:
    """Playing a wrong ``action`` changes nothing, and the lesson repeats what the step asks."""
    before = scene.state.position()
    scene._play(action)
    frames(app, 2)
    assert scene.state.position() == before, "a wrong action changed the state"
    assert scene.message == scene.run.prompt()


def assert_finished(app: App, scene: Any, first: str) -> None:
    """The lesson is finished and recorded, and opening it again starts from ``first``."""
    assert scene.run.finished
    assert scene.lesson.id in Progress.load().completed
    fresh = type(scene)(app, scene.lesson, Progress.load())
    assert fresh.state.position() == first


def assert_restart_is_fresh(app: App, scene: Any, first: str) -> None:
    """Restart opens a new scene at the lesson's first step and position ``first``."""
    press(app, scene, "Restart")
    fresh = app.stack.top
    assert isinstance(fresh, type(scene)) and fresh is not scene
    assert fresh.state.position() == first and fresh.run.index == 0


def assert_leave_and_resume(app: App, scene: Any, game: str) -> None:
    """Leave through the confirmation dialog; reopened, the lesson is where the learner was."""
    lesson_id = scene.lesson.id
    position, index = scene.state.position(), scene.run.index
    press(app, scene, "Leave")
    dialog = app.stack.top
    leave = next(w for w in dialog.group.widgets if getattr(w, "label", "") == "Leave")  # type: ignore[attr-defined]
    send(app, Hover(leave.rect.center), Click(leave.rect.center))
    assert isinstance(app.stack.top, TutorialMenuScene)
    assert Progress.load().status(lesson_id) == "in progress"
    app.stack.pop()
    resumed = open_lesson(app, game, lesson_id, type(scene))
    assert resumed.state.position() == position and resumed.run.index == index
