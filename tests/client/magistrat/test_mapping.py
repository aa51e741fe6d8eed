"""Screen-to-cell mapping: every cell of every layer is hit by a click at its drawn centre, in both
views (with each layer brought to the front), from logical coordinates and through the letterbox
of two window sizes."""

from __future__ import annotations

import pygame
import pytest

from game.client.input import Click, translate
from game.client.magistrat.cube import CubeGeometry
from game.client.viewport import Viewport

GEOMETRIES = [CubeGeometry(mode, front) for mode in ("oblique", "flat") for front in (None, 0, 1, 2)]


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: f"{g.mode}-{g.front}")
def test_every_cell_is_hit_at_its_drawn_centre(geometry: CubeGeometry) -> None:
    for cell in range(192):
        x, y = geometry.centre(cell)
        assert 0 <= x < 1280 and 0 <= y < 720
        assert geometry.cell_at((x, y)) == cell


@pytest.mark.parametrize("window", [(1920, 1080), (1000, 800)])
@pytest.mark.parametrize("mode", ["oblique", "flat"])
def test_clicks_through_the_letterbox_reach_every_cell(window: tuple[int, int], mode: str) -> None:
    viewport = Viewport(*window)
    geometry = CubeGeometry(mode)
    for cell in range(192):
        pixel = viewport.to_window(geometry.centre(cell))
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pixel, button=1)
        intent = translate(event, viewport)
        assert isinstance(intent, Click)
        assert geometry.cell_at(intent.pos) == cell


def test_outside_the_layers_is_no_cell() -> None:
    geometry = CubeGeometry()
    assert geometry.cell_at((5, 5)) is None
    assert geometry.cell_at((1270, 700)) is None
    between = (geometry.centre(0)[0], (geometry.layer_outline(0)[3][1] + geometry.layer_outline(1)[0][1]) / 2)
    assert geometry.cell_at(between) is None


def test_the_column_lines_up_in_the_oblique_view() -> None:
    geometry = CubeGeometry()
    for xy in range(64):
        xs = {round(geometry.centre(layer * 64 + xy)[0], 6) for layer in range(3)}
        assert len(xs) == 1
