"""Every game the client knows, by id: its state class, how to start a new state of it, its numbers
of players and the longest action log a save of it may hold.

A game registers once (an entry here, or :func:`register_game` for a game outside this package);
the command line, saves, the AI and the client read this registry instead of naming the games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, cast

from game.rules.protocol import GameState


@dataclass(frozen=True)
class RulesEntry:
    """One game of the registry: its rules package (with a ``new_game(options)`` function) and state class."""

    package: str
    state_class: str
    player_counts: tuple[int, ...]
    """The numbers of players the rules allow, smallest first; a game with one takes no ``players`` option."""
    max_actions: int = 10_000
    """Longest action log a save may hold: many times a long game (random self-play: 700 MageStone
    actions, 500 MagiStrat moves), short enough to replay in about a second and a half."""


_GAMES: dict[str, RulesEntry] = {
    "magestone": RulesEntry("game.rules.magestone", "MageStoneState", (2, 4), max_actions=20_000),
    "magistrat": RulesEntry("game.rules.magistrat", "MagiStratState", (2,)),
    "magnastorm": RulesEntry("game.rules.magnastorm", "MagnastormState", (2, 3, 4)),
}

GAME_IDS: tuple[str, ...] = tuple(_GAMES)
"""The games of this package (see :func:`game_ids` for those registered since)."""


def register_game(game_id: str, entry: RulesEntry) -> None:
    """Add a game to the registry (a game outside this package; tests register toy games)."""
    _GAMES[game_id] = entry


def game_ids() -> tuple[str, ...]:
    """The id of every registered game, in registration order."""
    return tuple(_GAMES)


def rules_entry(game_id: str) -> RulesEntry:
    """The registry entry of ``game_id`` (ValueError for an unknown game)."""
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; expected one of {', '.join(_GAMES)}") from None


def player_counts(game_id: str) -> tuple[int, ...]:
    """The numbers of players ``game_id`` is played by, smallest first."""
    return rules_entry(game_id).player_counts


def state_class(game_id: str) -> type[GameState]:
    """The ``GameState`` subclass of ``game_id`` (for ``from_json`` and position parsing)."""
    game = rules_entry(game_id)
    return cast(type[GameState], getattr(import_module(game.package), game.state_class))


def new_game(game_id: str, options: Mapping[str, Any] | None = None) -> GameState:
    """A fresh state of ``game_id`` with match ``options`` (e.g. ``{"players": 4}``).

    ``players`` may be given for every game; a game with a fixed seat count checks it.
    """
    game = rules_entry(game_id)
    opts = dict(options or {})
    if len(game.player_counts) == 1 and "players" in opts:
        players = opts.pop("players")
        if players != game.player_counts[0]:
            raise ValueError(f"{game_id} is played by {game.player_counts[0]} players, not {players}")
    factory: Callable[[Mapping[str, Any]], GameState] = import_module(game.package).new_game
    return factory(opts)


def state_from_json(game_id: str, data: Mapping[str, Any]) -> GameState:
    """Rebuild a ``game_id`` state from its ``to_json`` data."""
    return state_class(game_id).from_json(data)
