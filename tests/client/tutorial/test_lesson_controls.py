"""Restart and Leave behave the same in every game's lessons at the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game.client.app import App
from game.client.tutorial.magestone_lesson import MageStoneLessonScene
from game.client.tutorial.magistrat_lesson import MagiStratLessonScene
from tests.client.tutorial import at_table
from tests.client.tutorial.test_lessons_at_table import play_through_input as play_magestone
from tests.client.tutorial.test_magistrat_lessons import play_through_input as play_magistrat

pytestmark = pytest.mark.usefixtures("quick")
FIELDS = ("game", "scene_type", "play", "restart_lesson", "leave_lesson")
GAMES = [
    pytest.param(
        "magestone", MageStoneLessonScene, play_magestone, "04_attack_dice", "02_six_squares", id="magestone"
    ),
    pytest.param("magistrat", MagiStratLessonScene, play_magistrat, "02_moves", "02_moves", id="magistrat"),
]
Play = Callable[[App, Any, Any], None]


@pytest.mark.parametrize(FIELDS, GAMES)
def test_restart_returns_to_an_identical_first_state(
    app: App, game: str, scene_type: type[Any], play: Play, restart_lesson: str, leave_lesson: str
) -> None:
    scene = at_table.open_lesson(app, game, restart_lesson, scene_type)
    first = scene.state.position()
    at_table.play_first_step(app, scene, play)
    assert scene.state.position() != first
    at_table.assert_restart_is_fresh(app, scene, first)


@pytest.mark.parametrize(FIELDS, GAMES)
def test_leave_and_resume_where_the_learner_was(
    app: App, game: str, scene_type: type[Any], play: Play, restart_lesson: str, leave_lesson: str
) -> None:
    scene = at_table.open_lesson(app, game, leave_lesson, scene_type)
    at_table.play_first_step(app, scene, play)
    at_table.assert_leave_and_resume(app, scene, game)
