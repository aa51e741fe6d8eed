"""Logical layout coordinates (1280x720) and their mapping to a window of any size (letterboxed)."""

from __future__ import annotations

from dataclasses import dataclass

LOGICAL_SIZE = (1280, 720)


@dataclass(frozen=True, slots=True)
class Viewport:
    """Where the logical canvas sits in the window: uniform ``scale`` plus a centring offset."""

    window_w: int
    window_h: int

    @property
    def scale(self) -> float:
        """Logical-to-window scale factor (the largest that fits)."""
        return max(1e-6, min(self.window_w / LOGICAL_SIZE[0], self.window_h / LOGICAL_SIZE[1]))

    @property
    def content_size(self) -> tuple[int, int]:
        """Size in window pixels of the scaled canvas."""
        return round(LOGICAL_SIZE[0] * self.scale), round(LOGICAL_SIZE[1] * self.scale)

    @property
    def offset(self) -> tuple[int, int]:
        """Top-left of the scaled canvas in the window (the letterbox bars' width/height)."""
        width, height = self.content_size
        return (self.window_w - width) // 2, (self.window_h - height) // 2

    def to_logical(self, window_pos: tuple[float, float]) -> tuple[float, float]:
        """Map a window pixel (a mouse position) to logical coordinates."""
        offset_x, offset_y = self.offset
        return (window_pos[0] - offset_x) / self.scale, (window_pos[1] - offset_y) / self.scale

    def to_window(self, logical_pos: tuple[float, float]) -> tuple[int, int]:
        """Map logical coordinates to the window pixel showing them."""
        offset_x, offset_y = self.offset
        return round(logical_pos[0] * self.scale + offset_x), round(logical_pos[1] * self.scale + offset_y)
