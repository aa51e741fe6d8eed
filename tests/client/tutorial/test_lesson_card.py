"""The lesson card is opaque, shows a long lesson title whole, and is the only how-to in a lesson."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.client import decor
from game.client.app import App
from game.client.tutorial.magestone_lesson import MageStoneLessonScene
from game.client.tutorial.magistrat_lesson import MagiStratLessonScene
from tests.client.tutorial import at_table

pytestmark = pytest.mark.usefixtures("quick")


@pytest.mark.parametrize("size", [(1024, 576, 1.5), (1920, 1080, 1.0)])
def test_a_long_lesson_title_is_shown_whole_on_an_opaque_card(app: App, size: tuple[int, int, float]) -> None:
    app.resize(size[:2])
    app.change_settings(app.settings.with_changes(ui_scale=size[2]))
    scene = at_table.open_lesson(app, "magestone", "01_board", MageStoneLessonScene)
    scene.lesson = replace(scene.lesson, title="Falling, gravestones and the finite bank (a long title)")
    with decor.recording() as drawn:
        scene.draw(app.canvas)
    card = scene.card_rect()
    words = " ".join(text for rect, text in drawn.texts if card.contains(rect))
    assert "finite bank" in words and "…" not in words.split("Falling")[1].split("bank")[0]
    pictures = []
    for backdrop in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface(app.canvas.get_size())
        surface.fill(backdrop)
        scene._draw_card(surface)
        pictures.append(pygame.image.tobytes(surface.subsurface(card.inflate(-24, -24)), "RGB"))
    assert pictures[0] == pictures[1], "what is behind the card does not show through it"


def test_a_magistrat_lesson_has_one_instruction_box(app: App) -> None:
    scene = at_table.open_lesson(app, "magistrat", "02_moves", MagiStratLessonScene)
    title, lines, _colour = scene._info_text()
    assert title == "Lesson" and lines == ["The card below says what to do."]
