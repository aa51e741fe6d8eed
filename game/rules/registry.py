"""Every game the client knows, by id, and how to start a new state of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

from game.rules.protocol import GameState

_FACTORIES: dict[str, str] = {
    "magestone": "game.rules.magestone:new_game",
    "magistrat": "game.rules.magistrat:new_game",
}

GAME_IDS: tuple[str, ...] = tuple(_FACTORIES)


def new_game(game_id: str, options: Mapping[str, Any] | None = None) -> GameState:
    """A fresh state of ``game_id`` with match ``options`` (e.g. ``{"players": 4}``)."""
    try:
        target = _FACTORIES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; expected one of {', '.join(GAME_IDS)}") from None
    module_name, attribute = target.split(":")
    factory: Callable[[Mapping[str, Any]], GameState] = getattr(import_module(module_name), attribute)
    return factory(dict(options or {}))
