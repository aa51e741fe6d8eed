"""The one input translator: pygame events become intents in window pixels (what is drawn).

Scenes only ever see intents. Tests and the tutorial inject intents with
:meth:`InputQueue.inject`; the app drains the queue once per frame.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import pygame


class Key(Enum):
    """Keyboard commands, whatever key produced them."""

    BACK = "back"
    CONFIRM = "confirm"
    NEXT = "next"
    PREV = "prev"
    LEFT = "left"
    RIGHT = "right"
    UNDO = "undo"
    MENU = "menu"
    TOGGLE_FULLSCREEN = "toggle_fullscreen"
    HELP = "help"
    ERASE = "erase"
    """Backspace in a text field (elsewhere Backspace means BACK)."""
    SPACE = "space"
    """Space in a text field, where the character arrives as :class:`Typed` (elsewhere: CONFIRM)."""
    DELETE = "delete"
    HOME = "home"
    END = "end"


@dataclass(frozen=True, slots=True)
class Click:
    """Primary button pressed at a window pixel."""

    pos: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Release:
    """Primary button released at a window pixel."""

    pos: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Hover:
    """Pointer moved to a window pixel; ``dragging`` while the primary button is held."""

    pos: tuple[float, float]
    dragging: bool = False


@dataclass(frozen=True, slots=True)
class Scroll:
    """Mouse wheel: positive ``dy`` scrolls up."""

    dy: int


@dataclass(frozen=True, slots=True)
class KeyIntent:
    """A keyboard command; ``typing`` is what the key means to a text field when that differs."""

    key: Key
    typing: Key | None = field(default=None, compare=False)

    @property
    def text_key(self) -> Key:
        """The key as a focused text field reads it."""
        return self.typing or self.key


@dataclass(frozen=True, slots=True)
class Typed:
    """Printable text typed at the keyboard (as the layout and input method produce it).

    Text fields insert it; elsewhere a single character may be a shortcut (a MagiStrat layer key).
    """

    text: str


@dataclass(frozen=True, slots=True)
class Resize:
    """The window changed size (window pixels)."""

    size: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Quit:
    """The player closed the window."""


Intent = Click | Release | Hover | Scroll | KeyIntent | Typed | Resize | Quit

_KEYS = {
    pygame.K_ESCAPE: Key.BACK,
    pygame.K_BACKSPACE: Key.BACK,
    pygame.K_RETURN: Key.CONFIRM,
    pygame.K_KP_ENTER: Key.CONFIRM,
    pygame.K_SPACE: Key.CONFIRM,
    pygame.K_DOWN: Key.NEXT,
    pygame.K_UP: Key.PREV,
    pygame.K_LEFT: Key.LEFT,
    pygame.K_RIGHT: Key.RIGHT,
    pygame.K_F10: Key.MENU,
    pygame.K_F11: Key.TOGGLE_FULLSCREEN,
    pygame.K_F1: Key.HELP,
    pygame.K_DELETE: Key.DELETE,
    pygame.K_HOME: Key.HOME,
    pygame.K_END: Key.END,
}
_TYPING = {pygame.K_BACKSPACE: Key.ERASE, pygame.K_SPACE: Key.SPACE}


def translate(event: Any) -> Intent | None:
    """The intent for one pygame event, or None for events the game ignores."""
    kind = event.type
    if kind == pygame.QUIT:
        return Quit()
    if kind == pygame.MOUSEMOTION:
        return Hover(_pos(event.pos), dragging=bool(event.buttons[0]))
    if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return Click(_pos(event.pos))
    if kind == pygame.MOUSEBUTTONUP and event.button == 1:
        return Release(_pos(event.pos))
    if kind == pygame.MOUSEWHEEL:
        return Scroll(int(event.y))
    if kind == pygame.WINDOWSIZECHANGED:
        return Resize((int(event.x), int(event.y)))
    if kind == pygame.KEYDOWN:
        return _key_intent(event.key, event.mod)
    if kind == pygame.TEXTINPUT:
        text = "".join(ch for ch in event.text if ch.isprintable())
        return Typed(text) if text else None
    return None


def _pos(pos: tuple[int, int]) -> tuple[float, float]:
    """Scenes draw at the window's pixels, so a pointer position is used as it is."""
    return float(pos[0]), float(pos[1])


def _key_intent(key: int, mods: int) -> Intent | None:
    if key == pygame.K_TAB:
        return KeyIntent(Key.PREV if mods & pygame.KMOD_SHIFT else Key.NEXT)
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mods & pygame.KMOD_ALT:
        return KeyIntent(Key.TOGGLE_FULLSCREEN)
    if key == pygame.K_z and mods & pygame.KMOD_CTRL:
        return KeyIntent(Key.UNDO)
    command = _KEYS.get(key)
    return KeyIntent(command, _TYPING.get(key)) if command is not None else None


class InputQueue:
    """Intents waiting for the next frame: translated events plus injected ones, in order."""

    def __init__(self) -> None:
        self._pending: deque[Intent] = deque()

    def inject(self, intent: Intent) -> None:
        """Queue a synthetic intent (tests, smoke runs, the tutorial)."""
        self._pending.append(intent)

    def pump(self) -> list[Intent]:
        """Read the pygame event queue once and return every pending intent."""
        for event in pygame.event.get():
            intent = translate(event)
            if intent is not None:
                self._pending.append(intent)
        intents = list(self._pending)
        self._pending.clear()
        return intents
