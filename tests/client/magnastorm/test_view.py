"""The Magnastorm table view: draws every player count, shows the overlay where the targets are,
caches its static layer, and never changes the state."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.client import decor, theme
from game.client.assets import Assets
from game.client.layout import Frame
from game.client.magnastorm.geometry import TableLayout, Target
from game.client.magnastorm.samples import mid_game
from game.client.magnastorm.view import Overlay, TableView

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def display() -> pygame.Surface:
    pygame.init()
    return pygame.display.set_mode(SIZE)


@pytest.fixture(scope="module")
def assets() -> Assets:
    return Assets()


def setup(players: int, assets: Assets, colour_blind: bool = False):  # type: ignore[no-untyped-def]
    state = mid_game(players, seed=players)
    layout = TableLayout.compute(pygame.Rect(0, 0, *SIZE), 1.0, state, state.current_player())
    return state, layout, TableView(assets, theme.player_colours(colour_blind))


def sample(surface: pygame.Surface, point: tuple[int, int]) -> tuple[int, int, int]:
    colour = surface.get_at(point)
    return colour.r, colour.g, colour.b


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("colour_blind", [False, True])
def test_draws_every_player_count_without_changing_the_state(display, assets, players, colour_blind) -> None:  # type: ignore[no-untyped-def]
    state, layout, view = setup(players, assets, colour_blind)
    before = state.position()
    surface = pygame.Surface(SIZE)
    view.draw(surface, state, layout, Overlay())
    assert state.position() == before
    # the planet, the boards and every player board are painted (not the background colour)
    for point in (
        layout.planet_rect.center,
        layout.action.rect.center,
        layout.research.rect.center,
        *(board.rect.center for board in layout.boards),
    ):
        assert sample(surface, point) != (0, 0, 0)


@pytest.mark.parametrize("players", [2, 4])
def test_a_highlight_shows_at_every_target_centre(display, assets, players) -> None:  # type: ignore[no-untyped-def]
    state, layout, view = setup(players, assets)
    plain = pygame.Surface(SIZE)
    view.draw(plain, state, layout, Overlay())
    lit = pygame.Surface(SIZE)
    view.draw(lit, state, layout, Overlay(legal={t: "" for t in layout.targets()}))
    for target in layout.targets():
        centre = layout.centre(target)
        assert sample(lit, centre) != sample(plain, centre), target


def test_hover_greyed_selected_and_last_are_drawn(display, assets) -> None:  # type: ignore[no-untyped-def]
    state, layout, view = setup(3, assets)
    space, column, cube = Target("space", "s3"), Target("column", "c1"), Target("cube", "y")
    plain = pygame.Surface(SIZE)
    view.draw(plain, state, layout, Overlay())
    for overlay, target in (
        (Overlay(hover=space), space),
        (Overlay(greyed={column: "too dear"}), column),
        (Overlay(legal={cube: "2"}, selected=cube), cube),
    ):
        shown = pygame.Surface(SIZE)
        view.draw(shown, state, layout, overlay)
        assert sample(shown, layout.centre(target)) != sample(plain, layout.centre(target))
    marked = pygame.Surface(SIZE)
    view.draw(marked, state, layout, Overlay(last=frozenset({column})))
    corner = layout.rect(column).topleft
    assert sample(marked, (corner[0] + 1, corner[1] + 1)) != sample(plain, (corner[0] + 1, corner[1] + 1))


def test_greyed_is_darker_and_legal_brighter(display, assets) -> None:  # type: ignore[no-untyped-def]
    state, layout, view = setup(2, assets)
    target = Target("lower", "r2c1")
    point = layout.centre(target)
    surfaces = {}
    for name, overlay in (
        ("plain", Overlay()),
        ("legal", Overlay(legal={target: ""})),
        ("greyed", Overlay(greyed={target: "taken"})),
    ):
        surfaces[name] = pygame.Surface(SIZE)
        view.draw(surfaces[name], state, layout, overlay)
    brightness = {name: sum(sample(s, point)) for name, s in surfaces.items()}
    assert brightness["greyed"] < brightness["plain"] < brightness["legal"]


def test_static_layer_is_rendered_once_per_layout(display, assets) -> None:  # type: ignore[no-untyped-def]
    state, layout, view = setup(4, assets)
    surface = pygame.Surface(SIZE)
    for _ in range(3):
        view.draw(surface, state, layout, Overlay())
    assert view.static_renders == 1
    bigger = TableLayout.compute(pygame.Rect(0, 0, 1600, 900), 1.25, state, state.current_player())
    view.draw(pygame.Surface((1600, 900)), state, bigger, Overlay())
    view.draw(pygame.Surface((1600, 900)), state, bigger, Overlay())
    assert view.static_renders == 2
    view.set_colours(theme.player_colours(True))
    view.draw(pygame.Surface((1600, 900)), state, bigger, Overlay())
    assert view.static_renders == 3


@pytest.mark.parametrize("progress", [0.0, 0.25, 0.5, 0.99, 1.0])
def test_animations_draw_at_every_progress(display, assets, progress) -> None:  # type: ignore[no-untyped-def]
    state, layout, view = setup(4, assets)
    before = state.position()
    for colour in ("y", "1", "k"):
        overlay = Overlay(rotation=progress, panel_swap=progress, bag_draw=(colour, progress))
        view.draw(pygame.Surface(SIZE), state, layout, overlay)
    assert state.position() == before


def test_the_centre_tile_turns_during_the_rotation(display, assets) -> None:  # type: ignore[no-untyped-def]
    state, layout, view = setup(2, assets)
    rest, turning = pygame.Surface(SIZE), pygame.Surface(SIZE)
    view.draw(rest, state, layout, Overlay())
    view.draw(turning, state, layout, Overlay(rotation=0.5))
    tile = layout.planet.radius * 0.27
    cx, cy = (round(c) for c in layout.planet.centre)
    ring = [
        (round(cx + tile * 0.7 * dx), round(cy + tile * 0.7 * dy))
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1))
    ]
    assert any(sample(rest, p) != sample(turning, p) for p in ring)


def test_the_position_is_redrawn_only_when_it_changes(display, assets) -> None:  # type: ignore[no-untyped-def]
    state, layout, view = setup(2, assets)
    surface = pygame.Surface(SIZE)
    for hover in (None, Target("space", "s1"), Target("column", "c1")):
        view.draw(surface, state, layout, Overlay(hover=hover))
    assert view.base_renders == 1
    before = surface.copy()
    state.apply(state.legal_actions()[0])
    view.draw(surface, state, layout, Overlay())
    assert view.base_renders == 2
    changed = sum(
        before.get_at((x, y)) != surface.get_at((x, y))
        for x in range(0, SIZE[0], 8)
        for y in range(0, SIZE[1], 8)
    )
    assert changed > 0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    ("size", "scale"),
    [((1024, 576), 1.5), ((1024, 576), 0.8), ((1024, 768), 1.0), ((2560, 1080), 1.0), ((3840, 2160), 0.8)],
)
def test_text_stays_inside_the_table_and_never_overlaps(display, assets, players, size, scale) -> None:  # type: ignore[no-untyped-def]
    """Every line the table draws (names, commanders, objectives, counts) is inside the table's
    rect and clear of every other line, down to 1024x576 at 150 % with a side column."""
    state = mid_game(players, seed=players)
    frame = Frame(size[0], size[1], scale)
    rect = pygame.Rect(0, 0, *size).inflate(-frame.px(16), -frame.px(16))
    rect.width -= frame.px(280)
    layout = TableLayout.compute(rect, frame.unit, state, state.current_player())
    view = TableView(
        assets, theme.player_colours(False), names=("Ada Lovelace-Byron", "Bot (Normal)", "C", "D")
    )
    with decor.recording() as drawn:
        view.draw(pygame.Surface(size), state, layout, Overlay())
    texts = drawn.texts
    assert len(texts) > 50
    for area, content in texts:
        assert rect.contains(area), content
    for (a, first), (b, second) in itertools.combinations(texts, 2):
        assert not a.colliderect(b), (first, second)
