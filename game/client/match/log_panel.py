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

    def __init__(self, assets: Assets, rect: pygame.Rect, title: str = "Action log") -> None:
        self.assets = assets
        self.rect = pygame.Rect(rect)
        self.title = title
        self.scroll = 0
        self._wrapped: dict[tuple[str, bool], list[str]] = {}
        self._panel: pygame.Surface | None = None

    def scroll_by(self, lines: int, total: int) -> None:
        """Scroll back (positive) or forward, within the log."""
        self.scroll = max(0, min(max(0, total - 3), self.scroll + lines))

    def _wrap(self, line: LogLine) -> list[str]:
        key = (line.text, line.headline)
        if key not in self._wrapped:
            if len(self._wrapped) > 600:
                self._wrapped.clear()
            role = "ui_semibold" if line.headline else "ui"
            self._wrapped[key] = decor.wrap(self.assets, role, FONT_SIZE, line.text, self.rect.width - 30)
        return self._wrapped[key]

    def draw(self, surface: pygame.Surface, lines: Sequence[LogLine], colours: Sequence[Colour]) -> None:
        """The panel, its title and as many recent lines as fit."""
        if self._panel is None:
            self._panel = decor.panel(self.rect.size, radius=10, alpha=215, shadow=0)
        surface.blit(self._panel, self.rect.topleft)
        decor.text(
            surface, self.assets, "title", 18, self.title, theme.GOLD, (self.rect.x + 12, self.rect.y + 6)
        )
        top = self.rect.y + 30
        room = (self.rect.bottom - 8 - top) // LINE_HEIGHT
        rows: list[tuple[LogLine, str, bool]] = []
        end = len(lines) - self.scroll
        for line in reversed(lines[: max(0, end)]):
            wrapped = self._wrap(line)
            for index in range(len(wrapped) - 1, -1, -1):
                rows.append((line, wrapped[index], index == 0))
            if len(rows) >= room:
                break
        rows = rows[:room]
        y = top + (room - len(rows)) * LINE_HEIGHT
        for line, text, first in reversed(rows):
            if line.headline and first and 0 <= line.seat < len(colours):
                pygame.draw.circle(surface, colours[line.seat], (self.rect.x + 14, y + 9), 4)
            role = "ui_semibold" if line.headline else "ui"
            colour = theme.TEXT if line.headline else theme.TEXT_DIM
            if text.startswith("—"):
                colour, role = theme.GOLD, "ui_semibold"
            surface.blit(self.assets.text(role, FONT_SIZE, text, colour), (self.rect.x + 24, y))
            y += LINE_HEIGHT
        if self.scroll:
            decor.text(
                surface,
                self.assets,
                "ui",
                12,
                f"↑ {self.scroll} older — scroll down for newest",
                theme.TEXT_DISABLED,
                (self.rect.right - 10, self.rect.y + 9),
                "topright",
            )
