"""Every MageStone lesson played to its end at the real table, through the input layer only."""

from __future__ import annotations

from typing import Any

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.tutorial.lessons import load_lessons
from game.client.tutorial.magestone_lesson import MageStoneLessonScene
from game.client.tutorial.progress import Progress
from game.rules.magestone import Attack, Bolt, EndGo, Fall, Move, UnitAction
from tests.client.conftest import press, send
from tests.client.tutorial import at_table

LESSONS = load_lessons("magestone")
pytestmark = pytest.mark.usefixtures("quick")


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


def open_lesson(app: App, lesson_id: str) -> MageStoneLessonScene:
    """Open a MageStone lesson from the tutorial menu by clicking its button."""
    return at_table.open_lesson(app, "magestone", lesson_id, MageStoneLessonScene)


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
        at_table.wait_for_player(app, scene)
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
                at_table.assert_refused(app, scene, other)
                refused_once = True
            play_through_input(app, scene, expected)
        else:
            play_through_input(app, scene, EndGo())
        assert scene.run.index > index or (scene.run.step is step and step.kind == "free"), (
            f"step {index + 1} ({step.kind}) accepted nothing"
        )
    at_table.assert_finished(app, scene, first)


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


def test_a_lesson_offers_no_resign_or_draw(app: App) -> None:
    scene = open_lesson(app, "16_match")
    labels = {getattr(widget, "label", "") for widget in scene.group.widgets}
    assert "Skip" in labels and not labels & {"Resign", "Offer draw"}
