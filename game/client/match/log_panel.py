"""The action log panel: plain-language lines, newest at the bottom, wrapped and scrollable."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.client import decor, theme
from game.client.assets import Assets
from game.client.match.controller import LogLine
from game.client.theme import Colour

FONT_SIZE = 14
LINE_HEIGHT = 18


class LogPanel:
    """Draws the tail of a match log in ``rect``; ``scroll`` lines back from the newest."""

    def __init__(
        self, assets: Assets, rect: pygame.Rect, title: str = "Action log", unit: float = 1.0
    ) -> None:
        self.assets = assets
        self.title = title
        self.scroll = 0
        self.rect = pygame.Rect(rect)
        self.unit = unit
        self._wrapped: dict[tuple[str, bool], list[str]] = {}
        self._panel: pygame.Surface | None = None

    def place(self, rect: pygame.Rect, unit: float) -> None:
        """Move the panel to ``rect`` at ``unit`` pixels per design pixel (a new layout)."""
        if rect != self.rect or unit != self.unit:
            self.rect, self.unit = pygame.Rect(rect), unit
            self._wrapped.clear()
            self._panel = None

    def _u(self, value: float) -> int:
        return max(1, round(value * self.unit))

    @property
    def font_size(self) -> int:
        """The log's text size in pixels."""
        return max(9, self._u(FONT_SIZE))

    @property
    def line_height(self) -> int:
        """Pixels from one log line to the next."""
        return max(self.font_size + 2, self._u(LINE_HEIGHT))

    def scroll_by(self, lines: int, total: int) -> None:
        """Scroll back (positive) or forward, within the log."""
        self.scroll = max(0, min(max(0, total - 3), self.scroll + lines))

    def _wrap(self, line: LogLine) -> list[str]:
        key = (line.text, line.headline)
        if key not in self._wrapped:
            if len(self._wrapped) > 600:
                self._wrapped.clear()
            role = "ui_semibold" if line.headline else "ui"
            self._wrapped[key] = decor.wrap(
                self.assets, role, self.font_size, line.text, self.rect.width - self._u(30)
            )
        return self._wrapped[key]

    def draw(self, surface: pygame.Surface, lines: Sequence[LogLine], colours: Sequence[Colour]) -> None:
        """The panel, its title and as many recent lines as fit."""
        u, line_height = self._u, self.line_height
        if self._panel is None:
            self._panel = decor.panel(self.rect.size, radius=u(10), alpha=215, shadow=0)
        surface.blit(self._panel, self.rect.topleft)
        decor.record_panel(self.rect)
        decor.text(
            surface,
            self.assets,
            "title",
            u(18),
            self.title,
            theme.GOLD,
            (self.rect.x + u(12), self.rect.y + u(6)),
        )
        top = self.rect.y + u(30)
        room = max(0, (self.rect.bottom - u(8) - top) // line_height)
        rows: list[tuple[LogLine, str, bool]] = []
        end = len(lines) - self.scroll
        for line in reversed(lines[: max(0, end)]):
            wrapped = self._wrap(line)
            for index in range(len(wrapped) - 1, -1, -1):
                rows.append((line, wrapped[index], index == 0))
            if len(rows) >= room:
                break
        rows = rows[:room]
        y = top + (room - len(rows)) * line_height
        for line, text, first in reversed(rows):
            if line.headline and first and 0 <= line.seat < len(colours):
                centre = (self.rect.x + u(14), y + line_height // 2)
                decor.swatch(surface, colours[line.seat], centre, u(4), 1)
            role = "ui_semibold" if line.headline else "ui"
            colour = theme.TEXT if line.headline else theme.TEXT_DIM
            if text.startswith("—"):
                colour, role = theme.GOLD, "ui_semibold"
            decor.text(surface, self.assets, role, self.font_size, text, colour, (self.rect.x + u(24), y))
            y += line_height
        if self.scroll:
            decor.text(
                surface,
                self.assets,
                "ui",
                max(9, u(12)),
                f"↑ {self.scroll} older — scroll down for newest",
                theme.TEXT_DISABLED,
                (self.rect.right - u(10), self.rect.y + u(9)),
                "topright",
            )
