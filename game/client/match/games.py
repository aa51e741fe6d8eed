"""What the shared match scenes need from each game's client package, looked up by game id."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from game.client import theme
from game.rules.match import RESIGN

if TYPE_CHECKING:
    import pygame

    from game.client.match.controller import MatchController, Narrator
    from game.client.scenes.base import Host, Scene
    from game.rules.match import Match
    from game.rules.protocol import GameState
    from game.storage.seats import Seat


@dataclass(frozen=True)
class GameClient:
    """A game's client hooks: narration, its match and set-up scenes, a board painter and a summary."""

    title: str
    narrator: Callable[[], Narrator]
    match_scene: Callable[[Host, MatchController], Scene]
    setup_scene: Callable[[Host], Scene]
    paint_board: Callable[[Host, GameState, pygame.Surface, pygame.Rect], None]
    """Draw a position into a rect without interaction (the replay viewer)."""
    summary: Callable[[MatchController], list[str]]
    """Game-over summary lines (goes, kills, stones...)."""
    icon: str
    """The icon of its card in the new-match menu."""
    blurb: tuple[str, ...]
    """The lines of its card in the new-match menu."""
    player_counts: tuple[int, ...]
    """The numbers of players it is played by, smallest first."""
    undo_across_turns: bool = False
    """Take-back policy (see ``MatchController.undo_across_turns``): True for games without dice."""
    palette: Callable[[bool], tuple[theme.Colour, ...]] = theme.player_colours
    """The seat colours (a seat's ``colour`` indexes them), colour-blind-safe when asked."""
    progress: Callable[[Match], str] = lambda match: plural(len(match.log), "action")
    """How far a match has got, in the game's words ("go 12", "turn 31"): save names and the list."""
    lesson_scene: Callable[..., Scene] | None = None
    """Its lesson table, ``(host, lesson, progress, resume)`` (see :mod:`game.client.tutorial`); None
    when its lessons cannot be played at the table yet."""
    game_over: Callable[[MatchController], None] | None = None
    """Called once when a match played at the table ends (Magnastorm records the artifacts won)."""
    paint_part: Callable[[Host, GameState, str, pygame.Surface, pygame.Rect], None] | None = None
    """Draws one named part of the table (``"planet"``) into a rect: the rules reference's table
    diagrams. None: the game's diagrams are grids."""


def lazy(target: str) -> Callable[..., Any]:
    """A factory for ``"module:name"`` that imports the module on its first call (a game's scenes
    import the match package, so its registry entry names them rather than importing them)."""

    def make(*args: Any) -> Any:
        module_name, attribute = target.split(":")
        return getattr(import_module(module_name), attribute)(*args)

    return make


def plural(count: int, word: str, after: str = "") -> str:
    """``"1 enemy unit defeated"`` / ``"2 enemy units defeated"``: the count, ``word`` made plural
    when it is not 1, then ``after``."""
    text = f"{count} {word}{'' if count == 1 else 's'}"
    return f"{text} {after}" if after else text


def result_headline(controller: MatchController, reasons: dict[str, str]) -> str:
    """The summary's first line: "North wins by Conquest", "Drawn by stalemate", "White resigned —
    Black wins", "Draw agreed" or "Game over"."""
    result = controller.state.result()
    if result is None:
        return "Game over"
    if result.reason == "agreed_draw":
        return "Draw agreed"
    winners = " and ".join(controller.seats[s].name for s in result.winners)
    if result.reason == "resigned":
        resigned = [entry.actor for entry in controller.match.log if entry.notation == RESIGN]
        losers = resigned[-1:] or [s for s in range(len(controller.seats)) if s not in result.winners]
        return f"{' and '.join(controller.seats[s].name for s in losers)} resigned — {winners} wins"
    reason = reasons.get(result.reason, result.reason)
    if result.is_draw:
        return f"Drawn by {reason}"
    return f"{winners} wins by {reason}"


def seat_colours(game_id: str, seats: Sequence[Seat], colour_blind: bool) -> tuple[theme.Colour, ...]:
    """Each seat's colour at the table of ``game_id`` (its own palette: MagiStrat's White and Black)."""
    client = game_client(game_id)
    palette = client.palette(colour_blind) if client else theme.player_colours(colour_blind)
    return tuple(palette[seat.colour % len(palette)] for seat in seats)


_CLIENTS: dict[str, str] = {
    "magestone": "game.client.magestone:client",
    "magistrat": "game.client.magistrat:client",
    "magnastorm": "game.client.magnastorm:client",
}
_LOADED: dict[str, GameClient] = {}


def register(game_id: str, target: str) -> None:
    """Register a game's ``"module:function"`` returning its :class:`GameClient`."""
    _CLIENTS[game_id] = target
    _LOADED.pop(game_id, None)


def registered_games() -> tuple[str, ...]:
    """The ids of every game with a table, in menu order."""
    return tuple(_CLIENTS)


def game_client(game_id: str) -> GameClient | None:
    """The client hooks of ``game_id``, or None when that game has no table yet."""
    if game_id not in _LOADED:
        target = _CLIENTS.get(game_id)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        factory: Any = getattr(import_module(module_name), attribute)
        _LOADED[game_id] = factory()
    return _LOADED[game_id]
