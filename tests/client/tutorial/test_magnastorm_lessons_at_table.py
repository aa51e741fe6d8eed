"""Magnastorm's lessons at the real table, through the input layer: each plays to its end by clicks,
only the step's targets glow and count, the last hands the table to the Easy AI, runs resume."""

from __future__ import annotations

from typing import Any

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.magnastorm.targets import target_of
from game.client.tutorial.lessons import load_lessons
from game.client.tutorial.magnastorm_lesson import FEDERATIONS, MagnastormLessonScene, action_targets
from game.client.tutorial.menu import TutorialMenuScene
from game.client.tutorial.progress import Progress
from tests.client.conftest import frames, send
from tests.client.tutorial import at_table

LESSONS = load_lessons("magnastorm")
pytestmark = pytest.mark.usefixtures("quick")


def click_target(app: App, scene: MagnastormLessonScene, where: Any) -> None:
    """Hover then click a table target at its centre."""
    assert scene.table_layout is not None
    pos = scene.table_layout.centre(where)
    send(app, Hover(pos), Click(pos))


def play_through_input(app: App, scene: MagnastormLessonScene, action: Any) -> None:
    """The clicks a player makes for ``action``: its target (and its choice in a popup), or its button."""
    where = target_of(scene.state, action)
    if where is None:
        button = scene.choice_buttons[str(action)]
        send(app, Hover(button.rect.center), Click(button.rect.center))
        return
    click_target(app, scene, where)
    if scene.popup:
        button = scene.popup[scene.popup_actions.index(action)]
        send(app, Hover(button.rect.center), Click(button.rect.center))


def stray_target(scene: MagnastormLessonScene) -> Any:
    """A target on the table that the current step does not accept."""
    assert scene.table_layout is not None
    touched = {t for action in scene.run.accepted() for t in action_targets(scene.state, action)}
    return next(t for t in scene.table_layout.order if t not in touched and t.kind in ("column", "space"))


def open_lesson(app: App, lesson_id: str) -> MagnastormLessonScene:
    """Open a Magnastorm lesson from the tutorial menu by clicking its button."""
    return at_table.open_lesson(app, "magnastorm", lesson_id, MagnastormLessonScene)


TABLE_LESSONS = [lesson for lesson in LESSONS if not any(step.kind == "free" for step in lesson.steps)]


@pytest.mark.parametrize("lesson", TABLE_LESSONS, ids=[lesson.id for lesson in TABLE_LESSONS])
def test_lesson_plays_to_the_end_at_the_table_through_clicks(app: App, lesson: Any) -> None:
    scene = open_lesson(app, lesson.id)
    assert scene.controller.seats[0].name == FEDERATIONS[0] and not scene.controller.seats[0].is_ai
    first = scene.state.position()
    refused = False
    for _ in range(300):
        at_table.wait_for_player(app, scene)
        step = scene.run.step
        if scene.run.finished or step is None:
            break
        index, before = scene.run.index, scene.state.position()
        if step.kind in ("say", "celebrate"):
            send(app, KeyIntent(Key.CONFIRM))
        else:
            assert step.kind == "do"
            if not refused:
                click_target(app, scene, stray_target(scene))
                assert scene.state.position() == before and scene.message == scene.run.prompt()
                refused = True
            assert set(scene.guide()) <= {
                t for action in scene.run.accepted() for t in action_targets(scene.state, action)
            }
            play_through_input(app, scene, scene.run.expected())
        assert scene.run.index > index or scene.run.finished, f"step {index + 1} ({step.kind}) took nothing"
    at_table.assert_finished(app, scene, first)


def test_only_the_steps_targets_glow_and_a_button_decision_is_outlined(app: App) -> None:
    scene = open_lesson(app, "02_crew")
    assert scene.overlay().legal == {}, "nothing glows while the learner reads"
    while scene.run.step is not None and scene.run.step.kind == "say":
        send(app, KeyIntent(Key.CONFIRM))
    crew = scene.run.expected()
    assert set(scene.overlay().legal) == {target_of(scene.state, crew)}
    for _ in range(10):  # the crew member, its space, then the option: Take the cubes is a button
        step = scene.run.step
        assert step is not None
        if step.expect == "gain":
            break
        if step.kind == "say":
            send(app, KeyIntent(Key.CONFIRM))
        else:
            play_through_input(app, scene, scene.run.expected())
    assert scene.overlay().legal == {} and "gain" in scene.choice_buttons
    before = scene.state.position()
    move = scene.choice_buttons.get("move")
    if move is not None:  # the other option is refused with the step's words
        send(app, Hover(move.rect.center), Click(move.rect.center))
        assert scene.state.position() == before and scene.message == scene.run.prompt()
    play_through_input(app, scene, scene.run.expected())
    assert scene.state.cubes[0] + scene.state.cubes[1] > 0, "the cubes were taken"


def test_the_match_lesson_hands_the_table_to_the_easy_ai(app: App) -> None:
    scene = open_lesson(app, LESSONS[-1].id)
    send(app, KeyIntent(Key.CONFIRM))
    step = scene.run.step
    assert step is not None and step.kind == "free" and step.opponent == "easy"
    for _ in range(40):  # the set-up and a turn or two: the Easy AI answers at the table
        at_table.wait_for_player(app, scene)
        if scene.controller.human_to_act():
            scene._play(scene.input.state.legal_actions()[0])
        frames(app, 1)
    assert scene.controller.seats[1].is_ai and scene.controller.source is not None
    assert any(entry.actor == 1 for entry in scene.run.match.log), "the Easy AI played"
    assert any(entry.actor == 0 for entry in scene.run.match.log), "the learner played freely"


def test_leave_and_resume_a_magnastorm_lesson(app: App) -> None:
    scene = open_lesson(app, "04_commanders")
    for _ in range(4):
        at_table.wait_for_player(app, scene)
        step = scene.run.step
        assert step is not None
        if step.kind == "say":
            send(app, KeyIntent(Key.CONFIRM))
        else:
            play_through_input(app, scene, scene.run.expected())
    at_table.assert_leave_and_resume(app, scene, "magnastorm")


def test_the_menu_offers_every_magnastorm_lesson(app: App) -> None:
    menu = TutorialMenuScene(app, "magnastorm")
    app.push(menu)
    frames(app, 2)
    assert [lesson.id for lesson in menu.lessons] == [lesson.id for lesson in LESSONS] and not menu.problem
    buttons = menu.group.widgets[1 : 1 + len(LESSONS)]
    assert all(button.enabled for button in buttons)  # type: ignore[attr-defined]
    assert Progress.load().status(LESSONS[0].id) == "new"


def test_each_administration_stage_waits_for_the_card_and_continue_moves_both_on(app: App) -> None:
    app.tweens.speed = 1.0  # real time: a stage would end by itself after a few seconds
    scene = open_lesson(app, "07_administration")
    for _ in range(20):
        if not scene.animator.admin_pending():
            at_table.wait_for_player(app, scene)
        step = scene.run.step
        assert step is not None
        if scene.animator.stage is not None and step.kind == "say":
            break
        if step.kind == "say":
            send(app, KeyIntent(Key.CONFIRM))
        elif step.kind == "do":
            play_through_input(app, scene, scene.run.expected())
        else:
            frames(app, 30)
    stage = scene.animator.stage
    assert stage is not None and stage.stage == "income"
    index = scene.run.index
    frames(app, 60 * 6)
    assert scene.animator.stage is stage, "the stage waits while the card explains it"
    send(app, KeyIntent(Key.CONFIRM))
    assert scene.run.index == index + 1
    shown = scene.animator.stage
    assert shown is not None and shown.stage == "majorities"
