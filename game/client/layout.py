"""The window's own pixels and the one unit every scene lays itself out with.

There is no fixed canvas: each scene draws straight onto the window surface and lays itself
out in :meth:`~game.client.scenes.base.Scene.layout` from the current :class:`Frame`.

* ``Frame.fit`` is how much larger the window is than the 1280x720 reference (the smaller of the
  two ratios), so a layout designed at 1280x720 keeps its proportions at any size.
* ``Frame.unit`` is ``fit`` times the Interface-size setting: the number of window pixels one
  design pixel (a 1 px line, a 20 px font at 1280x720 and 100 %) takes. Text, icons, paddings and
  controls are all sized with :meth:`Frame.px`, so they are rendered at their final size.
* Panels are anchored to the window's edges with the helpers below; what is left (the board, the
  cube, a lesson's text) takes the rest, so a wider window gives the board more room.

The app makes a new Frame whenever the window or the Interface size changes and calls every
scene's ``layout()`` once; nothing is laid out per frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

REFERENCE_SIZE = (1280, 720)
"""The window size the layouts were designed at (unit 1.0 at 100 %)."""
MIN_WINDOW = (1024, 576)
"""The smallest window the client lets itself be resized to."""
DEFAULT_WINDOW = (1280, 720)


@dataclass(frozen=True, slots=True)
class Frame:
    """A window size in pixels and the UI scale: everything a scene's layout depends on."""

    width: int
    height: int
    ui_scale: float = 1.0

    @property
    def size(self) -> tuple[int, int]:
        """Window size in pixels."""
        return self.width, self.height

    @property
    def rect(self) -> pygame.Rect:
        """The whole window."""
        return pygame.Rect(0, 0, self.width, self.height)

    @property
    def centre(self) -> tuple[int, int]:
        """The window's centre pixel."""
        return self.width // 2, self.height // 2

    @property
    def fit(self) -> float:
        """How much larger than the 1280x720 reference the window is (the tighter axis)."""
        return max(1e-3, min(self.width / REFERENCE_SIZE[0], self.height / REFERENCE_SIZE[1]))

    @property
    def unit(self) -> float:
        """Window pixels per design pixel: ``fit`` times the Interface size."""
        return self.fit * self.ui_scale

    def px(self, value: float) -> int:
        """A design length (at 1280x720, 100 %) in window pixels, at least 1 for non-zero lengths."""
        pixels = round(value * self.unit)
        return pixels if pixels or not value else (1 if value > 0 else -1)

    def fpx(self, value: float) -> float:
        """A design length in window pixels, unrounded (geometry that is rounded later)."""
        return value * self.unit

    def font(self, size: float) -> int:
        """A design font size in window pixels (never below 9 px, the smallest that stays legible)."""
        return max(9, round(size * self.unit))

    def span(self, value: float) -> int:
        """A length that follows the window alone, not the Interface size (art such as the emblem)."""
        return round(value * self.fit)

    def inset(self, margin: float) -> pygame.Rect:
        """The window less a design margin on every side."""
        m = self.px(margin)
        return pygame.Rect(m, m, max(1, self.width - 2 * m), max(1, self.height - 2 * m))

    def centred(self, width: float, height: float, centre: tuple[float, float] | None = None) -> pygame.Rect:
        """A rect of design size ``width`` x ``height`` (clamped to the window) centred on ``centre``."""
        w = min(self.px(width), self.width - 2 * self.px(8))
        h = min(self.px(height), self.height - 2 * self.px(8))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = centre if centre is not None else self.centre
        return rect


def split_rows(area: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """``area`` cut into ``count`` rows of equal height separated by ``gap`` pixels."""
    if count <= 0:
        return []
    height = (area.height - gap * (count - 1)) / count
    return [
        pygame.Rect(area.x, round(area.y + i * (height + gap)), area.width, round(height))
        for i in range(count)
    ]


def split_columns(area: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """``area`` cut into ``count`` columns of equal width separated by ``gap`` pixels."""
    if count <= 0:
        return []
    width = (area.width - gap * (count - 1)) / count
    return [
        pygame.Rect(round(area.x + i * (width + gap)), area.y, round(width), area.height)
        for i in range(count)
    ]


@dataclass(frozen=True, slots=True)
class Region:
    """A block of a scene designed in 1280x720 design coordinates, placed into part of the window.

    ``unit`` is the frame's unit, or less when the block would not fit its area otherwise (a small
    window at a large Interface size): forms and lists keep their arrangement and shrink as a whole
    rather than run into the header or the buttons below them.
    """

    origin: tuple[float, float]
    """The design point that lands at ``at``."""
    at: tuple[int, int]
    unit: float

    def px(self, value: float) -> int:
        """A design length in window pixels at this region's unit."""
        pixels = round(value * self.unit)
        return pixels if pixels or not value else 1

    def font(self, size: float) -> int:
        """A design font size in window pixels (at least 9)."""
        return max(9, round(size * self.unit))

    def pos(self, x: float, y: float) -> tuple[int, int]:
        """A design point in window pixels."""
        return (
            self.at[0] + round((x - self.origin[0]) * self.unit),
            self.at[1] + round((y - self.origin[1]) * self.unit),
        )

    def rect(self, x: float, y: float, width: float, height: float) -> pygame.Rect:
        """A design rect in window pixels."""
        left, top = self.pos(x, y)
        return pygame.Rect(left, top, self.px(width), self.px(height))


def fit_region(frame: Frame, design: tuple[float, float, float, float], area: pygame.Rect) -> Region:
    """Place the design block ``design`` (x, y, width, height) centred in ``area`` at the frame's unit,
    or at the largest smaller unit that fits."""
    x, y, width, height = design
    unit = min(frame.unit, area.width / max(1.0, width), area.height / max(1.0, height))
    left = area.centerx - round(width * unit / 2)
    top = area.y + max(0, round((area.height - height * unit) / 2))
    return Region((x, y), (left, top), unit)
