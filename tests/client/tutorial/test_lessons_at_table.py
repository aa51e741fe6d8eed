"""Every MageStone lesson played to its end at the real table, through the input layer only."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.match import session
from game.client.match.controller import InlineSource
from game.client.tutorial.lessons import load_lessons
from game.client.tutorial.magestone_lesson import MageStoneLessonScene
from game.client.tutorial.menu import TutorialMenuScene
from game.client.tutorial.progress import Progress
from game.rules.magestone import Attack, Bolt, EndGo, Fall, Move, UnitAction
from tests.client.conftest import frames

LESSONS = load_lessons("magestone")


@pytest.fixture(autouse=True)
def quick(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Instant animations, in-process AI."""
    app.tweens.speed = math.inf
    monkeypatch.setattr(session, "make_source", InlineSource)


def send(app: App, *intents: Any) -> None:
    """Inject intents one frame apart, then settle."""
    for intent in intents:
        app.input.inject(intent)
        frames(app, 1)
    frames(app, 2)


def press(app: App, scene: MageStoneLessonScene, label: str) -> None:
    """Click a button by label."""
    button = scene.button(label)
    send(app, Hover(button.rect.center), Click(button.rect.center))


def square(app: App, scene: MageStoneLessonScene, index: int) -> None:
    """Hover then click a square."""
    pos = scene.view.centre(index)
    send(app, Hover(pos), Click(pos))


def play_through_input(app: App, scene: MageStoneLessonScene, action: Any) -> None:
    """The clicks a player makes for ``action``."""
    if isinstance(action, EndGo):
        press(app, scene, "End go")
    elif isinstance(action, Move):
        square(app, scene, action.start)
        send(app, *[Hover(scene.view.centre(s)) for s in action.route[1:]])
        send(app, Click(scene.view.centre(action.dest)))
    elif isinstance(action, Attack):
        square(app, scene, action.attackers[0])
        for joiner in action.attackers[1:]:
            square(app, scene, joiner)
        square(app, scene, action.target)
        if scene.popup:
            press(app, scene, next(b.label for b in scene.popup if b.label.startswith("Attack")))
    elif isinstance(action, Bolt):
        square(app, scene, action.caster)
        square(app, scene, action.target)
        if scene.popup:
            press(app, scene, next(b.label for b in scene.popup if b.label.startswith("Bolt")))
    elif isinstance(action, Fall):
        square(app, scene, action.square)
    elif isinstance(action, UnitAction):
        if scene.input.selected != action.square:
            square(app, scene, action.square)
        label = {"collect": "Collect", "activate": "Activate", "nova": "Nova", "rite": "Declare the Rite"}
        press(app, scene, label[action.verb])
    else:
        raise AssertionError(f"no clicks for {action}")


def wait_for_player(app: App, scene: MageStoneLessonScene) -> None:
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


def open_lesson(app: App, lesson_id: str) -> MageStoneLessonScene:
    """Open a lesson from the tutorial menu by clicking its button."""
    menu = TutorialMenuScene(app)
    app.push(menu)
    frames(app, 2)
    index = [lesson.id for lesson in menu.lessons].index(lesson_id)
    button = menu.group.widgets[1 + index]
    send(app, Hover(button.rect.center), Click(button.rect.center))
    scene = app.stack.top
    assert isinstance(scene, MageStoneLessonScene)
    return scene


def wrong_action(scene: MageStoneLessonScene, expected: Any) -> Any:
    """A legal action that is not the expected one (None when there is no other)."""
    for action in scene.state.legal_actions():
        if (
            str(action) != str(expected)
            and getattr(action, "route", (None,))[-1] != getattr(expected, "route", (None,))[-1]
        ):
            return action
    return None


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_lesson_plays_to_the_end_through_the_input_layer(app: App, lesson: Any) -> None:
    scene = open_lesson(app, lesson.id)
    first = scene.state.position()
    refused_once = False
    for _ in range(400):
        wait_for_player(app, scene)
        step = scene.run.step
        if scene.run.finished or step is None:
            break
        index = scene.run.index
        if step.kind in ("say", "celebrate"):
            before = scene.state.position()
            press(app, scene, "End go")  # any game action is refused during a text step
            assert scene.state.position() == before and scene.run.index == index
            send(app, KeyIntent(Key.CONFIRM))
        elif step.kind == "do":
            expected = scene.run.expected()
            other = wrong_action(scene, expected)
            if other is not None and not refused_once:
                before = scene.state.position()
                scene._play(other)
                frames(app, 2)
                assert scene.state.position() == before, "a wrong action changed the state"
                assert scene.message == scene.run.prompt()
                refused_once = True
            play_through_input(app, scene, expected)
        else:
            play_through_input(app, scene, EndGo())
        assert scene.run.index > index or (scene.run.step is step and step.kind == "free"), (
            f"step {index + 1} ({step.kind}) accepted nothing"
        )
    assert scene.run.finished
    assert lesson.id in Progress.load().completed
    fresh = MageStoneLessonScene(app, lesson, Progress.load())
    assert fresh.state.position() == first


def test_restart_returns_to_an_identical_first_state(app: App) -> None:
    scene = open_lesson(app, "04_attack_dice")
    first = scene.state.position()
    send(app, KeyIntent(Key.CONFIRM))
    play_through_input(app, scene, scene.run.expected())
    assert scene.state.position() != first
    press(app, scene, "Restart")
    fresh = app.stack.top
    assert isinstance(fresh, MageStoneLessonScene) and fresh is not scene
    assert fresh.state.position() == first and fresh.run.index == 0


def test_leave_and_resume_where_the_learner_was(app: App) -> None:
    scene = open_lesson(app, "02_six_squares")
    send(app, KeyIntent(Key.CONFIRM))
    play_through_input(app, scene, scene.run.expected())
    position, index = scene.state.position(), scene.run.index
    press(app, scene, "Leave")
    dialog = app.stack.top
    leave = next(w for w in dialog.group.widgets if getattr(w, "label", "") == "Leave")  # type: ignore[attr-defined]
    send(app, Hover(leave.rect.center), Click(leave.rect.center))
    assert isinstance(app.stack.top, TutorialMenuScene)
    assert Progress.load().status("02_six_squares") == "in progress"
    app.stack.pop()
    resumed = open_lesson(app, "02_six_squares")
    assert resumed.state.position() == position and resumed.run.index == index


def test_a_click_on_the_wrong_unit_is_explained_and_changes_nothing(app: App) -> None:
    scene = open_lesson(app, "01_board")
    for _ in range(5):
        send(app, KeyIntent(Key.CONFIRM))
    assert scene.run.step is not None and scene.run.step.kind == "do"
    before = scene.state.position()
    square(app, scene, scene.state.board.parse_square("e1"))
    assert scene.message.startswith("This step moves your Mage")
    assert scene.input.selected is None and scene.state.position() == before


def test_skip_marks_the_lesson_and_opens_the_next(app: App) -> None:
    scene = open_lesson(app, "03_routes")
    press(app, scene, "Skip")
    assert Progress.load().status("03_routes") == "skipped"
    top = app.stack.top
    assert isinstance(top, MageStoneLessonScene) and top.lesson.id == "04_attack_dice"
