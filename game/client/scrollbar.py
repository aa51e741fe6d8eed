"""A vertical scrollbar for a list that shows ``visible`` of its ``total`` rows from ``first``."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import theme
from game.client.assets import Assets
from game.client.widgets import Pos, Widget


class ScrollBar(Widget):
    """Track and thumb: a click on the track jumps there, the thumb drags, Left/Right step a row."""

    design_height = 300

    def __init__(
        self,
        assets: Assets,
        rect: pygame.Rect,
        total: int,
        visible: int,
        first: int,
        on_change: Callable[[int], None],
        tooltip: str = "",
    ) -> None:
        super().__init__(assets, rect, tooltip)
        self.total = max(1, total)
        self.visible = max(1, min(visible, self.total))
        self.first = max(0, min(first, self.last_first))
        self.on_change = on_change
        self._grab: float | None = None

    @property
    def last_first(self) -> int:
        """The largest first row (the list's end in view)."""
        return self.total - self.visible

    def thumb(self) -> pygame.Rect:
        """The thumb's rect: as tall as the share of rows shown, where they are in the list."""
        track = self.rect
        height = max(track.width * 2, round(track.height * self.visible / self.total))
        room = track.height - height
        top = track.y + (round(room * self.first / self.last_first) if self.last_first else 0)
        return pygame.Rect(track.x, top, track.width, height)

    def _scroll_to(self, first: int) -> None:
        first = max(0, min(first, self.last_first))
        if first != self.first:
            self.first = first
            self.on_change(first)

    def _first_at(self, thumb_top: float) -> int:
        room = self.rect.height - self.thumb().height
        share = (thumb_top - self.rect.y) / room if room > 0 else 0.0
        return round(share * self.last_first)

    def press(self, pos: Pos) -> bool:
        """On the thumb: start dragging it; on the track: centre the thumb there."""
        thumb = self.thumb()
        if thumb.collidepoint(pos):
            self._grab = pos[1] - thumb.y
        else:
            self._grab = thumb.height / 2
            self._scroll_to(self._first_at(pos[1] - self._grab))
        return True

    def drag(self, pos: Pos) -> None:
        """Move the thumb with the pointer."""
        if self._grab is not None:
            self._scroll_to(self._first_at(pos[1] - self._grab))

    def release(self) -> None:
        """Let go of the thumb."""
        self._grab = None

    def adjust(self, step: int) -> bool:
        """One row up (-1) or down (+1)."""
        self._scroll_to(self.first + step)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The track and the thumb (brighter while focused or held)."""
        radius = self.rect.width // 2
        pygame.draw.rect(surface, theme.mix(theme.INK, theme.BORDER, 0.5), self.rect, border_radius=radius)
        lit = 1.0 if self._grab is not None else self.glow
        colour = theme.mix(theme.BORDER, theme.GOLD_BRIGHT, 0.35 + 0.65 * lit)
        pygame.draw.rect(surface, colour, self.thumb(), border_radius=radius)
