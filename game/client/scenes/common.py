"""Shared pieces for menu-like scenes: backdrop, header, widget group, tooltip, Back handling."""

from __future__ import annotations

import pygame

from game.client import decor, theme
from game.client.input import Intent, Key, KeyIntent
from game.client.layout import Frame, Region, fit_region
from game.client.scenes.base import Host, Scene
from game.client.widgets import Button, FocusGroup, Widget, draw_tooltip


class MenuScene(Scene):
    """A scene made of widgets over the night-sky backdrop; Back pops it."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.group = FocusGroup([], host.audio)

    @property
    def frame(self) -> Frame:
        """The window and UI scale the scene is laid out for."""
        return self.host.frame

    @property
    def scale(self) -> float:
        """Window pixels per design pixel (the window's size times the UI-scale setting)."""
        return self.host.frame.unit

    def px(self, value: float) -> int:
        """A design size (1280x720 at 100 %) in window pixels."""
        return self.host.frame.px(value)

    def enter(self) -> None:
        """Build the widgets."""
        self.layout()

    def layout(self) -> None:
        """Rebuild the widgets, keeping the focused position."""
        focus = self.group.focus_index
        self.group.widgets = self.build()
        self.group.focus_index = None
        if focus is not None and focus < len(self.group.widgets):
            self.group.focus(self.group.widgets[focus], sound=False)

    def build(self) -> list[Widget]:
        """The scene's widgets (laid out for the current UI scale)."""
        return []

    def back(self) -> None:
        """Leave the scene (Back key or Back button)."""
        self.host.stack.pop()

    def back_button(self, y: int | None = None, label: str = "Back") -> Button:
        """The standard Back button, bottom centre (its top is :meth:`footer_top`)."""
        width, height = self.px(200), self.px(48)
        rect = pygame.Rect(0, 0, width, height)
        rect.midbottom = (self.frame.width // 2, y if y is not None else self.frame.height - self.px(24))
        return Button(
            self.host.assets, rect, label, self.back, icon="back", style="primary", font_size=self.px(20)
        )

    def form(self, design: tuple[float, float, float, float]) -> Region:
        """Where a block designed at 1280x720 coordinates goes: between the header and the bottom
        buttons, centred, shrunk as a whole if the window cannot hold it at the Interface size."""
        top = self.header_bottom()
        area = pygame.Rect(
            self.px(24), top, self.frame.width - 2 * self.px(24), max(1, self.footer_top() - top)
        )
        return fit_region(self.frame, design, area)

    def footer_top(self) -> int:
        """The y above the standard bottom row of buttons, less a gap: where content must end."""
        return self.frame.height - self.px(24) - self.px(48) - self.px(16)

    def handle(self, intent: Intent) -> None:
        """Widgets first; an unused Back leaves."""
        if self.group.handle(intent):
            return
        if isinstance(intent, KeyIntent) and intent.key is Key.BACK:
            self.host.audio.play("click")
            self.back()

    def update(self, dt: float) -> None:
        """Animate the widgets."""
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, the scene's own content, widgets, tooltip."""
        surface.blit(decor.background(surface.get_size()), (0, 0))
        self.host.motes.draw(surface)
        self.draw_content(surface)
        self.group.draw(surface)
        tip = self.group.tooltip()
        if tip is not None:
            draw_tooltip(surface, self.host.assets, *tip, unit=self.scale)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Everything besides the widgets (headers, text)."""

    def header_bottom(self) -> int:
        """The y below the scene title drawn by :meth:`header` (for layouts)."""
        return self.px(24) + self.px(58) + self.px(18) + self.px(20)

    def header(self, surface: pygame.Surface, title: str, icon: str) -> int:
        """A centred scene title with its icon and a divider; returns the y below it."""
        assets = self.host.assets
        y = self.px(24)
        size = self.px(58)
        rendered = assets.text("title", size, title, theme.GOLD)
        icon_size = self.px(44)
        total = icon_size + self.px(16) + rendered.get_width()
        centre_x = self.frame.width // 2
        x = centre_x - total // 2
        glow = decor.glow_icon(assets, icon, icon_size, theme.GOLD_BRIGHT, theme.GLOW)
        surface.blit(glow, glow.get_rect(center=(x + icon_size // 2, y + size // 2 + self.px(4))))
        decor.text(
            surface, assets, "title", size, title, theme.GOLD, (x + icon_size + self.px(16), y), shadow=True
        )
        bottom = y + size + self.px(18)
        decor.ornament(surface, (centre_x, bottom), self.px(520), unit=self.scale)
        return bottom + self.px(20)
