"""Headless set-up shared by smoke runs, benchmarks and tests: SDL dummy drivers when there is no display."""

from __future__ import annotations

import os
import sys


def use_dummy_drivers_if_no_display() -> bool:
    """Select SDL's dummy video/audio drivers when no display is reachable; True if it did.

    Must run before pygame initialises its display. Windows and macOS always have a display.
    """
    if sys.platform.startswith(("win", "darwin")):
        return False
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return False
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return True
