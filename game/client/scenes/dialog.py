"""A modal dialog over the current scene: a message and one or two buttons."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import decor, theme
from game.client.input import Intent, Key, KeyIntent
from game.client.scenes.base import Host, Scene
from game.client.widgets import Button, FocusGroup, Widget


class DialogScene(Scene):
    """Dims the scene below and asks or tells something; Back picks the cancel choice."""

    opaque = False

    def __init__(
        self,
        host: Host,
        title: str,
        message: str,
        confirm: tuple[str, Callable[[], None]] | None = None,
        cancel_label: str = "OK",
        icon: str = "spell",
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        """``confirm`` is the accepting button's label and command; ``on_cancel`` runs after the
        dialog closes by its cancel button or Back."""
        self.host = host
        self.title = title
        self.message = message
        self.confirm = confirm
        self.cancel_label = cancel_label
        self.icon = icon
        self.on_cancel = on_cancel
        self.group = FocusGroup([], host.audio)
        self.box = pygame.Rect(0, 0, 640, 300)

    def enter(self) -> None:
        """Lay out and focus the safe choice."""
        self.layout()

    def layout(self) -> None:
        """Size the box to the message and place the buttons."""
        assets, scale = self.host.assets, self.host.settings.ui_scale
        lines = decor.wrap(assets, "ui", round(19 * scale), self.message, 560)
        height = round(150 * scale) + len(lines) * round(27 * scale) + round(70 * scale)
        self.box = pygame.Rect(0, 0, 660, min(640, height))
        self.box.center = (640, 360)
        width, button_h = round(190 * scale), round(46 * scale)
        y = self.box.bottom - button_h - 26
        cancel = Button(
            assets,
            pygame.Rect(0, y, width, button_h),
            self.cancel_label,
            self._cancel,
            style="primary" if self.confirm is None else "menu",
            font_size=round(19 * scale),
        )
        buttons: list[Widget] = [cancel]
        if self.confirm is not None:
            label, _action = self.confirm
            cancel.rect.right = self.box.centerx - 10
            accept = Button(
                assets,
                pygame.Rect(self.box.centerx + 10, y, width, button_h),
                label,
                self._accept,
                style="primary",
                font_size=round(19 * scale),
            )
            buttons.append(accept)
        else:
            cancel.rect.centerx = self.box.centerx
        cancel.style = cancel.style if self.confirm is None else "ghost"
        self.group.widgets = buttons
        self.group.focus(cancel, sound=False)

    def _cancel(self) -> None:
        self.host.stack.pop()
        if self.on_cancel is not None:
            self.on_cancel()

    def _accept(self) -> None:
        assert self.confirm is not None
        self.host.stack.pop()
        self.confirm[1]()

    def handle(self, intent: Intent) -> None:
        """Buttons, or Back to cancel."""
        if self.group.handle(intent):
            return
        if isinstance(intent, KeyIntent) and intent.key is Key.BACK:
            self._cancel()

    def update(self, dt: float) -> None:
        """Animate the buttons."""
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """A veil over the scene below, then the box."""
        veil = pygame.Surface(surface.get_size())
        veil.fill(theme.INK)
        veil.set_alpha(170)
        surface.blit(veil, (0, 0))
        assets, scale = self.host.assets, self.host.settings.ui_scale
        decor.blit_panel(surface, self.box, radius=18, alpha=245, border=theme.GOLD, shadow=28)
        emblem = decor.glow_icon(assets, self.icon, round(40 * scale), theme.GOLD_BRIGHT, theme.GLOW)
        surface.blit(emblem, emblem.get_rect(center=(self.box.centerx, self.box.y + round(44 * scale))))
        y = self.box.y + round(72 * scale)
        decor.text(
            surface,
            assets,
            "title",
            round(38 * scale),
            self.title,
            theme.GOLD,
            (self.box.centerx, y),
            "midtop",
            shadow=True,
        )
        y += round(54 * scale)
        decor.paragraph(
            surface,
            assets,
            "ui",
            round(19 * scale),
            self.message,
            theme.TEXT,
            (self.box.x + 50, y),
            560,
            centred=True,
        )
        self.group.draw(surface)
