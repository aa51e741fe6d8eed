"""Screen-to-cell mapping: every cell of every layer is hit by a click at its drawn centre, in both
views (with each layer brought to the front), in the design area and in the areas a table gives the
cube at several window sizes and aspects."""

from __future__ import annotations

import pygame
import pytest

from game.client.input import Click, translate
from game.client.magistrat.cube import CubeGeometry

GEOMETRIES = [CubeGeometry(mode, front) for mode in ("oblique", "flat") for front in (None, 0, 1, 2)]


@pytest.mark.parametrize("geometry", GEOMETRIES, ids=lambda g: f"{g.mode}-{g.front}")
def test_every_cell_is_hit_at_its_drawn_centre(geometry: CubeGeometry) -> None:
    for cell in range(192):
        x, y = geometry.centre(cell)
        assert 0 <= x < 1280 and 0 <= y < 720
        assert geometry.cell_at((x, y)) == cell


AREAS = [(300.0, 12.0, 1300.0, 1056.0), (250.0, 10.0, 500.0, 556.0), (400.0, 12.0, 1800.0, 1056.0)]


@pytest.mark.parametrize("area", AREAS, ids=["1080p", "1024x576", "21:9"])
@pytest.mark.parametrize("mode", ["oblique", "flat"])
def test_clicks_at_window_pixels_reach_every_cell_in_any_area(area: tuple[float, ...], mode: str) -> None:
    geometry = CubeGeometry(mode, None, area)  # type: ignore[arg-type]
    for cell in range(192):
        x, y = geometry.centre(cell)
        assert area[0] <= x < area[0] + area[2] and area[1] <= y < area[1] + area[3]
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(x), round(y)), button=1)
        intent = translate(event)
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
