"""What the cube view shows: no piece hidden behind another, the cells to choose marked over the
pieces in front of them, a flat view that grows with the window, and a cached still layer that
always matches a fresh drawing."""

from __future__ import annotations

import math

import pygame
import pytest

from game.client.app import App
from game.client.input import Hover
from game.client.magistrat.cube import CubeGeometry
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.magistrat.view import MOVE_COLOUR, CubeView, drawing_order
from game.rules.magistrat.board import CELL_INDEX
from tests.client.magistrat.conftest import click_cell, finish, open_table, press, state_of

WINDOWS = [(1024, 576), (1280, 720), (1920, 1080), (2560, 1440), (2560, 1080)]
QUIET_PULSE = 3 * math.pi / 8
"""A clock at which the markers' pulse is at its low point (their plain colour)."""


def table(app: App, size: tuple[int, int] = (1920, 1080)) -> MagiStratMatchScene:
    """The classic preset start on a window of ``size``."""
    app.resize(size)
    return open_table(app, state_of("new:preset:classic"))


def drawn(app: App, scene: MagiStratMatchScene, view: CubeView | None = None) -> pygame.Surface:
    """The cube as the table draws it (by ``view``, default the table's), with the markers at
    their plain colour."""
    view = view or scene.view
    view.geometry, view.clock = scene.view.geometry, QUIET_PULSE
    surface = app.canvas.copy()
    view.draw(surface, scene.animator.model, scene.overlay(), scene.animator, base=scene.backdrop(surface))
    return surface


@pytest.mark.parametrize("size", WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_piece_of_the_start_position_is_more_than_a_fifth_hidden(app: App, size: tuple[int, int]) -> None:
    scene = table(app, size)
    view, cells = scene.view, [piece.cell for piece in scene.pieces()]
    for cell in cells:
        icon = view.sprite_rect(cell)
        covered = sum(
            icon.clip(view.sprite_rect(other)).width * icon.clip(view.sprite_rect(other)).height
            for other in cells
            if drawing_order(other) > drawing_order(cell)
        )
        assert covered <= 0.2 * icon.width * icon.height, cell


@pytest.mark.parametrize("size", [(1024, 576), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_destinations_are_marked_over_the_pieces_in_front_of_them(app: App, size: tuple[int, int]) -> None:
    scene = table(app, size)
    click_cell(app, scene, "hd2")  # the Priest: its diagonals run behind White's front rank
    destinations = scene.overlay().destinations
    assert destinations
    covered = [
        cell
        for cell in destinations
        if any(
            scene.view.sprite_rect(piece.cell, 1.7).collidepoint(scene.view.centre(cell))
            for piece in scene.pieces()
            if drawing_order(piece.cell) > drawing_order(cell)
        )
    ]
    assert covered, "the position should put a piece in front of a destination"
    surface = drawn(app, scene)
    for cell in destinations:
        x, y = scene.view.centre(cell)
        assert tuple(surface.get_at((round(x), round(y))))[:3] == MOVE_COLOUR, cell


def test_hovering_a_cell_lifts_its_piece_in_front(app: App) -> None:
    scene = table(app)
    back = CELL_INDEX["ga2"]  # the Apprentice behind the a1 Mage
    frame = scene.view.sprite_rect(back)
    before = drawn(app, scene).subsurface(frame).copy()
    scene.handle(Hover(scene.view.centre(back)))
    after = drawn(app, scene).subsurface(frame).copy()
    front = scene.view.sprite_rect(CELL_INDEX["ga1"]).clip(frame).move(-frame.x, -frame.y)
    assert front.width and front.height
    changed = sum(
        before.get_at((x, y)) != after.get_at((x, y))
        for x in range(front.x, front.right)
        for y in range(front.y, front.bottom)
    )
    assert changed > 0.2 * front.width * front.height


def test_the_flat_view_grows_with_the_window(app: App) -> None:
    sizes = []
    for size in WINDOWS[:4]:
        scene = table(app, size)
        scene.set_view("flat")
        sizes.append(scene.geometry.frames[0].cell_w)
        app.stack.pop()
    assert sizes == sorted(sizes) and sizes[-1] > 2 * sizes[0]
    assert sizes[1] >= 34  # at 1280x720 (three boards in a row gave 28 px)


@pytest.mark.parametrize("front", [None, 0, 2])
def test_the_flat_boards_stay_inside_the_cube_area_and_apart(front: int | None) -> None:
    for area in ((250.0, 10.0, 500.0, 556.0), (300.0, 12.0, 1300.0, 1056.0), (400.0, 12.0, 1800.0, 1056.0)):
        geometry = CubeGeometry("flat", front, area)
        boxes = []
        for layer in range(3):
            outline = geometry.layer_outline(layer)
            xs, ys = [p[0] for p in outline], [p[1] for p in outline]
            box = pygame.Rect(
                round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys))
            )
            assert pygame.Rect(*(round(v) for v in area)).contains(box)
            boxes.append(box)
        assert all(a.collidelist([b]) < 0 for i, a in enumerate(boxes) for b in boxes[i + 1 :])


def test_the_still_layer_is_rendered_once_while_nothing_changes(app: App) -> None:
    scene = table(app)
    finish(app, scene)
    drawn(app, scene)
    renders = scene.view.still_renders
    for cell in ("ga1", "hd2", "de5", "gh8"):  # the hover is drawn live
        scene.handle(Hover(scene.view.centre(CELL_INDEX[cell])))
        for _ in range(3):
            scene.update(1 / 60)
            drawn(app, scene)
    assert scene.view.still_renders == renders
    click_cell(app, scene, "hd2")
    drawn(app, scene)
    assert scene.view.still_renders == renders + 1


def test_the_cached_picture_matches_a_fresh_drawing_after_moves(app: App) -> None:
    app.resize((1920, 1080))
    scene = open_table(app, state_of("new:preset:classic"), black_ai=True)
    click_cell(app, scene, "hd2")
    click_cell(app, scene, "hb4")
    pending = scene.input.pending
    if pending is not None:
        press(app, scene, "Skip attack" if pending.attack else "Move")
    finish(app, scene)
    assert len(scene.controller.history) >= 2  # White's move and the bot's reply
    assert scene.state.piece_at(CELL_INDEX["hb4"]) is not None
    click_cell(app, scene, "hb1")  # a selection with its destinations
    assert scene.overlay().destinations
    cached = drawn(app, scene)
    fresh = drawn(app, scene, CubeView(app.assets, scene.view.colours))
    assert pygame.image.tobytes(cached, "RGB") == pygame.image.tobytes(fresh, "RGB")
