"""What the command line asks of the client window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class ClientOptions:
    """What the command line asks of the window (None means: let the player choose)."""

    game: str | None = None
    players: int | None = None
    seats: list[str] | None = None
    seed: int | None = None
    fullscreen: bool = False
    max_frames: int | None = None
    """Stop after this many frames (smoke runs and startup measurements)."""
    on_milestone: Callable[[str], None] | None = field(default=None, repr=False)
    """Called with "window", "first_frame" (splash) and "menu" (first full frame) as they happen."""
