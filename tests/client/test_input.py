"""Window pixels map to logical coordinates under any window size; events become intents."""

from __future__ import annotations

import pygame
import pytest

from game.client.input import Click, Hover, InputQueue, Key, KeyIntent, Quit, Release, Resize, translate
from game.client.viewport import Viewport


def test_a_larger_window_scales_uniformly() -> None:
    viewport = Viewport(1920, 1080)
    assert viewport.scale == pytest.approx(1.5)
    assert viewport.offset == (0, 0)
    assert viewport.to_logical((960, 540)) == pytest.approx((640, 360))


def test_a_square_window_is_letterboxed_and_clicks_map_back() -> None:
    viewport = Viewport(1000, 1000)
    assert viewport.content_size == (1000, 562)
    assert viewport.offset == (0, 219)
    assert viewport.to_logical((0, 219)) == pytest.approx((0, 0))
    assert viewport.to_logical(viewport.to_window((123.0, 456.0))) == pytest.approx((123, 456), abs=1)
    _, bar_y = viewport.to_logical((500, 100))
    assert bar_y < 0, "a click in the letterbox bar lands outside the canvas"


def _event(kind: int, **attributes: object) -> pygame.event.Event:
    return pygame.event.Event(kind, attributes)


def test_mouse_events_become_pointer_intents_in_logical_coordinates() -> None:
    viewport = Viewport(2560, 1440)
    assert translate(_event(pygame.MOUSEBUTTONDOWN, pos=(1280, 720), button=1), viewport) == Click((640, 360))
    assert translate(_event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1), viewport) == Release((0, 0))
    assert translate(
        _event(pygame.MOUSEMOTION, pos=(2, 2), buttons=(1, 0, 0), rel=(1, 1)), viewport
    ) == Hover((1, 1), dragging=True)
    assert translate(_event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3), viewport) is None


@pytest.mark.parametrize(
    ("key", "mods", "expected"),
    [
        (pygame.K_ESCAPE, 0, Key.BACK),
        (pygame.K_RETURN, 0, Key.CONFIRM),
        (pygame.K_SPACE, 0, Key.CONFIRM),
        (pygame.K_TAB, 0, Key.NEXT),
        (pygame.K_TAB, pygame.KMOD_LSHIFT, Key.PREV),
        (pygame.K_DOWN, 0, Key.NEXT),
        (pygame.K_UP, 0, Key.PREV),
        (pygame.K_LEFT, 0, Key.LEFT),
        (pygame.K_F11, 0, Key.TOGGLE_FULLSCREEN),
        (pygame.K_RETURN, pygame.KMOD_LALT, Key.TOGGLE_FULLSCREEN),
        (pygame.K_z, pygame.KMOD_LCTRL, Key.UNDO),
        (pygame.K_F10, 0, Key.MENU),
    ],
)
def test_keys_become_commands(key: int, mods: int, expected: Key) -> None:
    assert translate(_event(pygame.KEYDOWN, key=key, mod=mods), Viewport(1280, 720)) == KeyIntent(expected)


def test_window_events() -> None:
    viewport = Viewport(1280, 720)
    assert translate(_event(pygame.QUIT), viewport) == Quit()
    assert translate(_event(pygame.WINDOWSIZECHANGED, x=800, y=600), viewport) == Resize((800, 600))
    assert translate(_event(pygame.KEYDOWN, key=pygame.K_q, mod=0), viewport) is None


def test_injected_intents_come_out_in_order_after_queued_events() -> None:
    pygame.display.init()
    try:
        pygame.event.clear()
        queue = InputQueue()
        queue.inject(KeyIntent(Key.NEXT))
        pygame.event.post(_event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        intents = queue.pump(Viewport(1280, 720))
        assert intents == [KeyIntent(Key.NEXT), KeyIntent(Key.BACK)]
        assert queue.pump(Viewport(1280, 720)) == []
    finally:
        pygame.display.quit()
