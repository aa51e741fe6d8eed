"""Pointer events arrive in window pixels (scenes draw at them); events become intents; the frame's
unit follows the window and the Interface size."""

from __future__ import annotations

import pygame
import pytest

from game.client.input import Click, Hover, InputQueue, Key, KeyIntent, Quit, Release, Resize, translate
from game.client.layout import Frame, fit_region


def test_the_unit_follows_the_tighter_axis_and_the_interface_size() -> None:
    assert Frame(1920, 1080).unit == pytest.approx(1.5)
    assert Frame(2560, 1080).unit == pytest.approx(1.5), "21:9: the height decides"
    assert Frame(1024, 768).unit == pytest.approx(0.8), "4:3: the width decides"
    assert Frame(1280, 720, 1.3).unit == pytest.approx(1.3)
    assert Frame(3840, 2160, 1.5).font(20) == 90


def test_a_region_shrinks_to_fit_its_area_and_keeps_its_arrangement() -> None:
    frame = Frame(1024, 576, 1.5)
    area = pygame.Rect(0, 100, 1024, 380)
    region = fit_region(frame, (200, 100, 880, 560), area)
    assert region.unit < frame.unit
    box = region.rect(200, 100, 880, 560)
    assert area.contains(box)
    assert abs(region.pos(640, 380)[0] - box.centerx) <= 1 and abs(region.pos(640, 380)[1] - box.centery) <= 1


def _event(kind: int, **attributes: object) -> pygame.event.Event:
    return pygame.event.Event(kind, attributes)


def test_mouse_events_become_pointer_intents_at_window_pixels() -> None:
    assert translate(_event(pygame.MOUSEBUTTONDOWN, pos=(1280, 720), button=1)) == Click((1280, 720))
    assert translate(_event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1)) == Release((0, 0))
    assert translate(_event(pygame.MOUSEMOTION, pos=(2, 2), buttons=(1, 0, 0), rel=(1, 1))) == Hover(
        (2, 2), dragging=True
    )
    assert translate(_event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3)) is None


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
    assert translate(_event(pygame.KEYDOWN, key=key, mod=mods)) == KeyIntent(expected)


def test_window_events() -> None:
    assert translate(_event(pygame.QUIT)) == Quit()
    assert translate(_event(pygame.WINDOWSIZECHANGED, x=800, y=600)) == Resize((800, 600))
    assert translate(_event(pygame.KEYDOWN, key=pygame.K_q, mod=0)) is None


def test_injected_intents_come_out_in_order_after_queued_events() -> None:
    pygame.display.init()
    try:
        pygame.event.clear()
        queue = InputQueue()
        queue.inject(KeyIntent(Key.NEXT))
        pygame.event.post(_event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
        intents = queue.pump()
        assert intents == [KeyIntent(Key.NEXT), KeyIntent(Key.BACK)]
        assert queue.pump() == []
    finally:
        pygame.display.quit()
