"""What the AI knows per game: how to start and rebuild states, and how to evaluate them.

Everything is named by ``"module:attribute"`` text and imported lazily, so a
worker process can look games up from a ``game_id`` alone, and tests can
register toy games (``register_game``) in a plugin module the worker imports.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any, cast

from game.ai.base import Evaluator, terminal_or
from game.rules import registry
from game.rules.protocol import GameState


@dataclass(frozen=True)
class GameEntry:
    """Where the AI finds one game's state class, factory and evaluation (``module:attr``)."""

    state_class: str
    new_game: str | None = None
    evaluator: str | None = None
    players_option: bool = True
    """Whether the game's options take ``players`` (MagiStrat is always two and rejects it)."""


_GAMES: dict[str, GameEntry] = {
    "magestone": GameEntry("game.rules.magestone:MageStoneState", None, "game.ai.magestone_eval:evaluate"),
    "magistrat": GameEntry("game.rules.magistrat:MagiStratState", None, "game.ai.magistrat_eval:evaluate",
                           players_option=False),
}


def register_game(game_id: str, entry: GameEntry) -> None:
    """Make ``game_id`` known to the AI (tests register toy games this way)."""
    _GAMES[game_id] = entry


def _entry(game_id: str) -> GameEntry:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(f"the AI knows no game {game_id!r}") from None


def _resolve(target: str) -> Any:
    module_name, attribute = target.split(":")
    return getattr(import_module(module_name), attribute)


def state_class(game_id: str) -> type[GameState]:
    """The state class of ``game_id`` (for ``from_json``)."""
    return cast(type[GameState], _resolve(_entry(game_id).state_class))


def state_from_json(game_id: str, data: Mapping[str, Any]) -> GameState:
    """Rebuild a ``game_id`` state from its ``to_json`` data."""
    return state_class(game_id).from_json(data)


def new_state(game_id: str, options: Mapping[str, Any] | None = None) -> GameState:
    """A fresh state: through the rules registry, or a registered factory.

    ``players`` may always be given; a game with a fixed seat count gets it checked and removed.
    """
    entry = _entry(game_id)
    opts = dict(options or {})
    if not entry.players_option:
        players = opts.pop("players", None)
        state = _make(entry, game_id, opts)
        if players is not None and players != state.num_players:
            raise ValueError(f"{game_id} is played by {state.num_players} players, not {players}")
        return state
    return _make(entry, game_id, opts)


def _make(entry: GameEntry, game_id: str, options: dict[str, Any]) -> GameState:
    if entry.new_game is None:
        return registry.new_game(game_id, options)
    factory: Callable[[Mapping[str, Any]], GameState] = _resolve(entry.new_game)
    return factory(options)


def _no_opinion(state: GameState) -> list[float]:
    return [0.0] * state.num_players


def evaluator(game_id: str) -> Evaluator:
    """The heuristic evaluation of ``game_id`` (exact on terminal states)."""
    target = _entry(game_id).evaluator
    base: Evaluator = _no_opinion if target is None else _resolve(target)
    return terminal_or(base)
