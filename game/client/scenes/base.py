"""Scene lifecycle and the scene stack.

Lifecycle: ``enter`` when pushed, ``pause`` when covered, ``resume`` when uncovered, ``exit``
when removed. Only the top scene receives ``handle(intent)`` and ``update(dt)``; ``draw`` never
changes state, and a non-opaque scene (a dialog) is drawn over the scene beneath it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from game.client.input import Intent

if TYPE_CHECKING:
    from game.client.assets import Assets
    from game.client.audio import Audio
    from game.client.decor import Motes
    from game.client.layout import Frame
    from game.client.options import ClientOptions
    from game.client.tween import Tweener
    from game.storage.settings import Settings


class Host(Protocol):
    """What scenes may use from the running app."""

    assets: Assets
    audio: Audio
    tweens: Tweener
    motes: Motes
    stack: SceneStack
    settings: Settings
    settings_file: Path
    options: ClientOptions
    frame: Frame
    """The window's size and the UI scale, which every layout is computed from."""

    def quit(self) -> None:
        """Close the game at the end of this frame."""

    def change_settings(self, settings: Settings) -> None:
        """Apply (window mode, volumes, speed, scale), relayout scenes, and save."""

    def autosave_exists(self) -> bool:
        """True when there is an autosave to continue."""


class Scene:
    """Base scene: every lifecycle hook is a no-op; subclasses override what they need."""

    opaque = True

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    def layout(self) -> None:
        """Recompute positions and sizes from ``host.frame`` (on enter, and once after the window or
        the UI scale changes; never per frame)."""

    def handle(self, intent: Intent) -> None:
        """React to one intent (only the top scene receives them)."""

    def update(self, dt: float) -> None:
        """Advance animations and logic by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto the window surface (at its own pixels); must not change state."""


class SceneStack:
    """A stack of scenes with an explicit lifecycle; empty means the app should close."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.changes = 0
        """Counts pushes/pops/replaces (the app starts a short fade on each change)."""

    @property
    def top(self) -> Scene | None:
        """The active scene, or None when empty."""
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """Bottom to top."""
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    def push(self, scene: Scene) -> None:
        """Pause the current top, then enter ``scene``."""
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        self.changes += 1
        scene.enter()

    def pop(self) -> Scene | None:
        """Exit the top scene and resume the one beneath it; returns the removed scene."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        self.changes += 1
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Exit the top scene and enter ``scene`` in its place (the one beneath is not resumed)."""
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        self.changes += 1
        scene.enter()

    def clear(self) -> None:
        """Exit every scene, top first."""
        while self._scenes:
            self._scenes.pop().exit()
        self.changes += 1

    def handle(self, intent: Intent) -> None:
        """Give the intent to the top scene."""
        if self._scenes:
            self._scenes[-1].handle(intent)

    def update(self, dt: float) -> None:
        """Update the top scene."""
        if self._scenes:
            self._scenes[-1].update(dt)

    def layout(self) -> None:
        """Relayout every scene (after a resize or a UI-scale change)."""
        for scene in self._scenes:
            scene.layout()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the topmost opaque scene upwards."""
        start = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[index].opaque:
                start = index
                break
        for scene in self._scenes[start:]:
            scene.draw(surface)
