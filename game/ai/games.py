"""What the AI knows per game: how to start and rebuild states, and how to evaluate them.

Everything is named by ``"module:attribute"`` text and imported lazily, so a
worker process can look games up from a ``game_id`` alone, and tests can
register toy games (``register_game``) in a plugin module the worker imports.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, cast

from game.ai.base import Evaluator, terminal_or
from game.resources import resource_path
from game.rules import registry
from game.rules.protocol import GameState
from game.safe_json import Fields, load_data


@dataclass(frozen=True)
class GameEntry:
    """What the AI knows of one game (``module:attr`` names, imported lazily).

    ``state_class`` and ``new_game`` are needed only for games outside the
    rules registry (tests register toy games this way).
    """

    evaluator: str | None = None
    state_class: str | None = None
    new_game: str | None = None
    openings: str | None = None
    """Options of opening number ``i`` (a function of ``i``), for games whose bots would otherwise
    replay one game: no dice and deterministic levels (an arena varies the starts with it)."""
    repetition_key: str | None = None
    """The position without its move counters (a function of the state), for games whose bots could
    otherwise shuffle between the same positions (no dice): their search bots shun repeating them."""
    final_value: str | None = None
    """The value of a finished game for every seat when the margin matters too (a function of the
    state; every win at or above +1, every loss at or below -1); None: the exact ``returns()``."""
    reply_danger: str | None = None
    """Whether the turn being planned may leave the next seat a turn that ends the game (a function of the
    state; its planners then check their turns for a winning reply); None: never checked."""
    last_pass: str | None = None
    """Whether the game ends once the turns left in the current pass are played (a function of the state);
    the reply check then judges a reply ending there by those turns played out greedily. None: never known."""
    round_of: str | None = None
    """The round a state is in (a function of the state), for games where a seat may play the last turn of
    one round and the first of the next: the reply check then searches that second turn from its first
    decision."""
    think_seconds: float = 4.0
    """Wall time one AI decision may take in live play; the level's node budget usually ends it first."""


_GAMES: dict[str, GameEntry] = {
    "magestone": GameEntry("game.ai.magestone_eval:evaluate", think_seconds=3.0),
    "magistrat": GameEntry("game.ai.magistrat_eval:evaluate", openings="game.ai.games:balanced_setup",
                           repetition_key="game.ai.magistrat_eval:repetition_key", think_seconds=2.0),
    "magnastorm": GameEntry("game.ai.magnastorm_eval:evaluate",
                            final_value="game.ai.magnastorm_eval:final_value",
                            reply_danger="game.ai.magnastorm_eval:reply_danger",
                            last_pass="game.ai.magnastorm_eval:last_pass",
                            round_of="game.ai.magnastorm_eval:round_of"),
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
    target = _entry(game_id).state_class
    if target is None:
        return registry.state_class(game_id)
    return cast(type[GameState], _resolve(target))


def state_from_json(game_id: str, data: Mapping[str, Any]) -> GameState:
    """Rebuild a ``game_id`` state from its ``to_json`` data."""
    return state_class(game_id).from_json(data)


def new_state(game_id: str, options: Mapping[str, Any] | None = None) -> GameState:
    """A fresh state: through the rules registry, or a registered factory."""
    target = _entry(game_id).new_game
    if target is None:
        return registry.new_game(game_id, options)
    factory: Callable[[Mapping[str, Any]], GameState] = _resolve(target)
    return factory(dict(options or {}))


def random_setup(index: int) -> dict[str, Any]:
    """The seeded random set-up ``index`` of MagiStrat (the client's random placement)."""
    return {"setup": "random", "setup_seed": index}


BALANCED_SETUPS = ("levels", "ai", "magistrat-openings.json")
"""Where the MagiStrat set-ups that no first move decides are bundled (``tools/magistrat_openings.py``)."""


def balanced_setups_path() -> Path:
    """The bundled list of MagiStrat set-ups that no first move decides."""
    return resource_path(*BALANCED_SETUPS)


@cache
def balanced_seeds(path: Path) -> tuple[int, ...]:
    """The set-up seeds listed in ``path`` (a damaged file raises ``FileProblem`` naming it)."""
    fields = Fields(path)
    document = fields.object(load_data(path))
    if fields.get(document, "schema", int) != 1:
        raise fields.fail("schema", "must be 1")
    seeds = fields.get(document, "setup_seeds", list)
    if not seeds or not all(type(seed) is int and seed >= 0 for seed in seeds):
        raise fields.fail("setup_seeds", "must be a non-empty list of set-up seeds (whole numbers >= 0)")
    return tuple(seeds)


def balanced_setup(index: int) -> dict[str, Any]:
    """MagiStrat opening ``index`` for the arena: a random set-up that no first move decides, taken in turn
    from the screened list (docs/ai.md, "Openings")."""
    seeds = balanced_seeds(balanced_setups_path())
    return random_setup(seeds[index % len(seeds)])


def opening_options(game_id: str, index: int) -> dict[str, Any]:
    """The options of opening ``index`` of ``game_id`` (none for a game whose dice vary every game)."""
    target = _entry(game_id).openings
    if target is None:
        return {}
    openings: Callable[[int], dict[str, Any]] = _resolve(target)
    return openings(index)


def repetition_key(game_id: str) -> Callable[[GameState], str] | None:
    """How ``game_id`` tells a position repeated (None: its bots need not care)."""
    return _of_state(_entry(game_id).repetition_key)


def think_seconds(game_id: str) -> float:
    """How long one AI decision of ``game_id`` may take in live play (wall seconds)."""
    return _entry(game_id).think_seconds


def reply_danger(game_id: str) -> Callable[[GameState], bool] | None:
    """When ``game_id``'s planners check their turns for a winning reply (None: never)."""
    return _of_state(_entry(game_id).reply_danger)


def last_pass(game_id: str) -> Callable[[GameState], bool] | None:
    """Whether a state of ``game_id`` is in the game's last pass (None: the game cannot tell)."""
    return _of_state(_entry(game_id).last_pass)


def round_of(game_id: str) -> Callable[[GameState], int] | None:
    """The round a state of ``game_id`` is in (None: the game has no rounds a seat's turns may straddle)."""
    return _of_state(_entry(game_id).round_of)


def _of_state(target: str | None) -> Callable[[GameState], Any] | None:
    """The function of a state ``target`` names (a test, a key, a round), or None."""
    return None if target is None else cast(Callable[[GameState], Any], _resolve(target))


def _no_opinion(state: GameState) -> list[float]:
    return [0.0] * state.num_players


def evaluator(game_id: str, live: Evaluator | None = None) -> Evaluator:
    """The evaluation of ``game_id``: ``live`` (a level's own weighting) or the game's heuristic for live
    positions, the game's final value (exact, margin-aware where it has one) on terminal states."""
    entry = _entry(game_id)
    if live is None:
        live = _no_opinion if entry.evaluator is None else _resolve(entry.evaluator)
    final = None if entry.final_value is None else cast(Evaluator, _resolve(entry.final_value))
    return terminal_or(live, final)
