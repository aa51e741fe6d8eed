"""Every game the client knows, by id: its state class and how to start a new state of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, cast

from game.rules.protocol import GameState


@dataclass(frozen=True)
class _Game:
    package: str
    state_class: str
    fixed_players: int | None = None
    """Seat count of a game that has only one (its options then take no ``players``)."""


_GAMES: dict[str, _Game] = {
    "magestone": _Game("game.rules.magestone", "MageStoneState"),
    "magistrat": _Game("game.rules.magistrat", "MagiStratState", fixed_players=2),
    "magnastorm": _Game("game.rules.magnastorm", "MagnastormState"),
}

GAME_IDS: tuple[str, ...] = tuple(_GAMES)


def _game(game_id: str) -> _Game:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; expected one of {', '.join(GAME_IDS)}") from None


def state_class(game_id: str) -> type[GameState]:
    """The ``GameState`` subclass of ``game_id`` (for ``from_json`` and position parsing)."""
    game = _game(game_id)
    return cast(type[GameState], getattr(import_module(game.package), game.state_class))


def new_game(game_id: str, options: Mapping[str, Any] | None = None) -> GameState:
    """A fresh state of ``game_id`` with match ``options`` (e.g. ``{"players": 4}``).

    ``players`` may be given for every game; a game with a fixed seat count checks it.
    """
    game = _game(game_id)
    opts = dict(options or {})
    if game.fixed_players is not None and "players" in opts:
        players = opts.pop("players")
        if players != game.fixed_players:
            raise ValueError(f"{game_id} is played by {game.fixed_players} players, not {players}")
    factory: Callable[[Mapping[str, Any]], GameState] = import_module(game.package).new_game
    return factory(opts)


def state_from_json(game_id: str, data: Mapping[str, Any]) -> GameState:
    """Rebuild a ``game_id`` state from its ``to_json`` data."""
    return state_class(game_id).from_json(data)
