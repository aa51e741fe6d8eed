"""The Magnastorm table's geometry: every target is found where it is drawn, inside the rect,
without overlapping another, at small and large windows and UI scales, for 2-4 players."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.client.layout import Frame
from game.client.magnastorm.geometry import KINDS, TableLayout, Target
from game.client.magnastorm.samples import mid_game

SIZES = ((1024, 576), (2560, 1440))
SCALES = (0.8, 1.5)


@pytest.fixture(scope="module", params=(2, 3, 4))
def state(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    return mid_game(request.param, seed=request.param)


def layout_for(state, size: tuple[int, int], scale: float, seat: int | None = None) -> TableLayout:  # type: ignore[no-untyped-def]
    frame = Frame(size[0], size[1], scale)
    rect = pygame.Rect(0, 0, *size).inflate(-frame.px(16), -frame.px(16))
    return TableLayout.compute(rect, frame.unit, state, state.current_player() if seat is None else seat)


@pytest.mark.parametrize(("size", "scale"), list(itertools.product(SIZES, SCALES)))
def test_every_target_is_hit_at_its_centre(state, size, scale) -> None:  # type: ignore[no-untyped-def]
    layout = layout_for(state, size, scale)
    targets = list(layout.targets())
    assert targets
    for target in targets:
        assert layout.hit(layout.centre(target)) == target, target


@pytest.mark.parametrize(("size", "scale"), list(itertools.product(SIZES, SCALES)))
def test_nothing_leaves_the_rect(state, size, scale) -> None:  # type: ignore[no-untyped-def]
    layout = layout_for(state, size, scale)
    bounds = layout.bounds
    for target in layout.targets():
        assert bounds.contains(layout.rect(target)), target
    for block in (
        layout.planet_rect,
        layout.info.rect,
        layout.action.rect,
        layout.research.rect,
        *(board.rect for board in layout.boards),
    ):
        assert bounds.contains(block)


@pytest.mark.parametrize(("size", "scale"), list(itertools.product(SIZES, SCALES)))
def test_no_two_targets_overlap(state, size, scale) -> None:  # type: ignore[no-untyped-def]
    """No pixel lies in two hit shapes, except a space or transmitter on the island it belongs to
    (``hit`` prefers the space): sampled on a grid over every pair whose bounds meet."""
    layout = layout_for(state, size, scale)
    targets = list(layout.targets())
    nested = {"space", "transmitter"}
    for a, b in itertools.combinations(targets, 2):
        if {a.kind, b.kind} & nested and "area" in (a.kind, b.kind):
            continue
        ra, rb = layout.rect(a), layout.rect(b)
        common = ra.clip(rb)
        if not common.width or not common.height:
            continue
        sa, sb = layout.shapes[a], layout.shapes[b]
        for x in range(common.x, common.right, 2):
            for y in range(common.y, common.bottom, 2):
                assert not (sa.contains((x, y)) and sb.contains((x, y))), (a, b, (x, y))


def test_blocks_do_not_overlap(state) -> None:  # type: ignore[no-untyped-def]
    for size in ((1024, 576), (1920, 1080), (2560, 1080), (1024, 768), (3840, 2160)):
        layout = layout_for(state, size, 1.0)
        blocks = [
            layout.planet_rect,
            layout.info.rect,
            layout.action.rect,
            layout.research.rect,
            *(board.rect for board in layout.boards),
        ]
        for a, b in itertools.combinations(blocks, 2):
            assert not a.colliderect(b), (size, a, b)


def test_every_table_part_is_a_target(state) -> None:  # type: ignore[no-untyped-def]
    layout = layout_for(state, (1920, 1080), 1.0)
    n = state.num_players
    kinds = {t.kind for t in layout.targets()}
    assert kinds == set(KINDS)
    board = state.s.board
    assert {t.key for t in layout.targets() if t.kind == "space"} == {
        f"s{i}" for i in range(len(board.space_colour))
    }
    assert {t.key for t in layout.targets() if t.kind == "area"} == set(board.area_names)
    assert {t.key for t in layout.targets() if t.kind == "transmitter"} == set(board.transmitter_names)
    assert {t.key for t in layout.targets() if t.kind == "cube"} == {"y", *(str(s + 1) for s in range(n))}
    assert {t.key for t in layout.targets() if t.kind == "lab"} == {str(i) for i in range(1, 11)}
    assert {t.key for t in layout.targets() if t.kind == "column"} == {
        f"c{c}" for c in range(state.s.columns)
    }
    crew = {t.key for t in layout.targets() if t.kind == "crew"}
    assert crew == {f"c{c} {k}" for c in range(state.s.columns) for k in "k1234"[: n + 1]}


def test_hit_outside_the_table_and_between_parts_is_none(state) -> None:  # type: ignore[no-untyped-def]
    layout = layout_for(state, (1920, 1080), 1.0)
    assert layout.hit((layout.bounds.x - 5, layout.bounds.y - 5)) is None
    assert layout.hit(layout.planet.centre) is None  # the centre tile is no target
    assert layout.hit(layout.action.row_heads[0].center) is None


def test_a_space_click_is_the_space_and_its_island_rim_the_area(state) -> None:  # type: ignore[no-untyped-def]
    layout = layout_for(state, (1920, 1080), 1.0)
    board = state.s.board
    for area, spaces in enumerate(board.area_spaces):
        for space in spaces:
            assert layout.hit(layout.planet.space_centre[space]) == Target("space", f"s{space}")
        assert layout.hit(layout.centre(Target("area", board.area_names[area]))) == Target(
            "area", board.area_names[area]
        )


def test_wider_windows_give_the_planet_more_room(state) -> None:  # type: ignore[no-untyped-def]
    narrow = layout_for(state, (1440, 1080), 1.0)
    wide = layout_for(state, (2560, 1080), 1.0)
    assert wide.planet_rect.width >= narrow.planet_rect.width


@pytest.mark.parametrize(
    "size", [(1024, 576), (1024, 768), (1280, 720), (1920, 1080), (2560, 1080), (3440, 1440), (3840, 2160)]
)
@pytest.mark.parametrize("scale", [0.8, 1.0, 1.5])
def test_stable_over_sizes_aspects_and_scales(state, size, scale) -> None:  # type: ignore[no-untyped-def]
    layout = layout_for(state, size, scale)
    assert layout.scale > 0.5
    for target in layout.targets():
        assert layout.hit(layout.centre(target)) == target


def test_only_the_seat_to_act_has_tray_and_slot_targets(state) -> None:  # type: ignore[no-untyped-def]
    first = layout_for(state, (1920, 1080), 1.0, seat=0)
    second = layout_for(state, (1920, 1080), 1.0, seat=1)
    lab = Target("lab", "1")
    assert first.rect(lab).colliderect(first.boards[0].rect)
    assert second.rect(lab).colliderect(second.boards[1].rect)
    none = layout_for(state, (1920, 1080), 1.0, seat=-1)
    assert not none.contains(lab)
