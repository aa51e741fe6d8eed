"""Starting, continuing and loading matches: building a controller and opening the game's table."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.ai.worker import AiWorker
from game.client.match.controller import PACE_SECONDS, MatchController, MoveSource, autosave_path
from game.client.match.games import GameClient, game_client
from game.client.match.seats import Seat, seats_from_texts
from game.client.scenes.base import Host
from game.rules.match import Match
from game.rules.registry import new_game
from game.storage.saves import LoadedSave

SourceFactory = Callable[[], MoveSource]
make_source: SourceFactory = AiWorker
"""How sessions get their AI (tests swap in :class:`~game.client.match.controller.InlineSource`)."""


def new_controller(
    host: Host, game_id: str, options: dict[str, Any], seats: list[Seat], seed: int | None = None
) -> MatchController:
    """A fresh match with an AI source, autosaving to the usual place."""
    client = game_client(game_id)
    if seed is None:
        seed = random.SystemRandom().getrandbits(31)
    match = Match(new_game(game_id, options), seed)
    return _controller(host, match, seats, client)


def controller_from_save(host: Host, loaded: LoadedSave) -> MatchController:
    """A controller continuing a loaded save (its log re-applied by the loader), with the story so far:
    the action log, the undo window and the statistics are those of an uninterrupted game."""
    client = game_client(loaded.match.state.game_id)
    controller = _controller(host, loaded.match, seats_from_texts(loaded.seats), client)
    controller.name = loaded.name
    controller.retell()
    return controller


def _controller(host: Host, match: Match, seats: list[Seat], client: GameClient | None) -> MatchController:
    controller = MatchController(
        match,
        seats,
        make_source(),
        autosave_file=autosave_path(),
        pace=PACE_SECONDS.get(host.settings.animation_speed, 0.5),
        undo_across_turns=client.undo_across_turns if client else False,
    )
    if client is not None:
        controller.narrator = client.narrator()
        controller.on_game_over = client.game_over
    return controller


def open_match(host: Host, controller: MatchController, replace: bool = False) -> bool:
    """Push (or swap in) the game's table for ``controller``; False when the game has no table."""
    client = game_client(controller.game_id)
    if client is None:
        return False
    scene = client.match_scene(host, controller)
    if replace:
        host.stack.replace(scene)
    else:
        host.stack.push(scene)
    return True


def open_loaded(host: Host, loaded: LoadedSave, path: Path) -> str:
    """Open the table of a loaded save (read from ``path``); returns '' or the reason it could not be."""
    controller = controller_from_save(host, loaded)
    if not open_match(host, controller):
        controller.close()
        return f"{path.name}: this game cannot be played at the table yet"
    return ""
