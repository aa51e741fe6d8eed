"""Named screens: the app registers each screen's factory at start, scenes open them by name.

A scene knows the scene stack and this registry, not the modules of the other screens (so the
client has no import circle). The names :func:`game.client.app.register_screens` fills in:
"new_match", "continue", "load", "rules", "tutorial", "settings", "credits", "match_menu",
"game_over" and "replay"; a game's own scenes come from the game-client registry
(:mod:`game.client.match.games`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.client.scenes.base import Host, Scene

ScreenFactory = Callable[..., Scene]
"""Makes a screen from the host and the screen's own arguments."""

_SCREENS: dict[str, ScreenFactory] = {}


def register_screen(name: str, factory: ScreenFactory) -> None:
    """Make ``name`` open the scenes ``factory(host, *args)`` builds (the app does this at start)."""
    _SCREENS[name] = factory


def make_screen(host: Host, name: str, *args: Any, **kwargs: Any) -> Scene:
    """The screen registered as ``name``, built for ``host`` with ``args``."""
    try:
        factory = _SCREENS[name]
    except KeyError:
        raise LookupError(f"no screen {name!r} is registered; known: {', '.join(sorted(_SCREENS))}") from None
    return factory(host, *args, **kwargs)


def open_screen(host: Host, name: str, *args: Any, **kwargs: Any) -> None:
    """Push the screen registered as ``name`` onto the host's scene stack."""
    host.stack.push(make_screen(host, name, *args, **kwargs))
