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
        self.group = FocusGroup([], host.audio, wraps=False)
        self.box = pygame.Rect(0, 0, 640, 300)
        self.text_size = 19
        self._veil: pygame.Surface | None = None

    def enter(self) -> None:
        """Lay out and focus the safe choice."""
        self.layout()

    def layout(self) -> None:
        """Size the box to the message (within the window) and place the buttons."""
        assets, frame = self.host.assets, self.host.frame
        px = frame.px
        width = min(px(660), frame.width - 2 * px(16))
        self.text_size = px(19)
        while True:  # a long message in a small window: smaller text until the box fits
            lines = decor.wrap(assets, "ui", self.text_size, self.message, width - 2 * px(50))
            text_h = len(lines) * decor.line_step(assets, "ui", self.text_size)
            height = px(126) + round(text_h) + px(24) + px(46) + px(26)
            if height <= frame.height - 2 * px(16) or self.text_size <= 9:
                break
            self.text_size -= 1
        self.box = pygame.Rect(0, 0, width, min(frame.height - 2 * px(16), height))
        self.box.center = frame.centre
        button_w, button_h = px(190), px(46)
        y = self.box.bottom - button_h - px(26)
        cancel = Button(
            assets,
            pygame.Rect(0, y, button_w, button_h),
            self.cancel_label,
            self._cancel,
            style="primary" if self.confirm is None else "menu",
            font_size=px(19),
        )
        buttons: list[Widget] = [cancel]
        if self.confirm is not None:
            label, _action = self.confirm
            cancel.rect.right = self.box.centerx - px(10)
            accept = Button(
                assets,
                pygame.Rect(self.box.centerx + px(10), y, button_w, button_h),
                label,
                self._accept,
                style="primary",
                font_size=px(19),
            )
            buttons.append(accept)
        else:
            cancel.rect.centerx = self.box.centerx
        cancel.style = cancel.style if self.confirm is None else "ghost"
        focus = self.group.focus_index
        self.group.widgets = buttons
        self.group.focus_index = None
        self.group.focus(buttons[focus if focus is not None and focus < len(buttons) else 0], sound=False)

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
        if self._veil is None or self._veil.get_size() != surface.get_size():
            self._veil = pygame.Surface(surface.get_size())
            self._veil.fill(theme.INK)
            self._veil.set_alpha(170)
        surface.blit(self._veil, (0, 0))
        assets, frame = self.host.assets, self.host.frame
        px = frame.px
        decor.blit_panel(
            surface, self.box, radius=18, alpha=245, border=theme.GOLD, shadow=28, unit=frame.unit
        )
        emblem = decor.glow_icon(assets, self.icon, px(40), theme.GOLD_BRIGHT, theme.GLOW)
        surface.blit(emblem, emblem.get_rect(center=(self.box.centerx, self.box.y + px(44))))
        y = self.box.y + px(72)
        room = self.box.width - px(40)
        decor.centred_title(surface, assets, px(38), self.title, theme.GOLD, (self.box.centerx, y), room)
        y += px(54)
        decor.paragraph(
            surface,
            assets,
            "ui",
            self.text_size,
            self.message,
            theme.TEXT,
            (self.box.x + px(50), y),
            self.box.width - 2 * px(50),
            centred=True,
        )
        self.group.draw(surface)
