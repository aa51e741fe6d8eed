"""MageStone's hooks for the shared match package: narrator, scenes, replay painter, summary."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.magestone.model import BoardModel
from game.client.magestone.narrator import REASONS, MageStoneNarrator
from game.client.magestone.view import BOARD_SPAN, BoardView, Overlay
from game.client.match.controller import MatchController
from game.client.match.games import GameClient, lazy, plural, result_headline
from game.client.scenes.base import Host
from game.rules.magestone import MageStoneState
from game.rules.match import Match
from game.rules.protocol import GameState

_VIEWS: dict[tuple[int, int, tuple[object, ...]], BoardView] = {}


def paint_board(host: Host, state: GameState, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Draw a MageStone position into ``rect`` (replays): the cached board plus the pieces."""
    assert isinstance(state, MageStoneState)
    cell = int(min(rect.width, rect.height) / BOARD_SPAN)
    colours = theme.player_colours(host.settings.colour_blind)[: state.num_players]
    key = (id(host.assets), state.num_players, colours)
    origin = (rect.centerx - cell * 8, rect.centery - cell * 8)
    view = _VIEWS.get(key)
    if view is None:
        view = _VIEWS[key] = BoardView(
            host.assets, state.board, state.num_players, origin, cell, colours, state.seats
        )
    view.place(origin, cell)
    view.draw(surface, BoardModel.from_state(state), Overlay(), None)


def summary(controller: MatchController) -> list[str]:
    """Headline (winner and how), then goes, falls by player and stones collected."""
    state = controller.state
    names = [seat.name for seat in controller.seats]
    headline = result_headline(controller, REASONS)
    kills = [0] * len(names)
    stones = [0] * len(names)
    for played in controller.history:
        for event in played.events:
            if event.kind == "unit_fell" and 0 <= played.actor != event.data["seat"]:
                kills[played.actor] += 1
            elif event.kind == "stones_collected":
                stones[event.data["seat"]] += event.data["unactivated"] + event.data["activated"]
    assert isinstance(state, MageStoneState)
    goes = state.go_info()["go"]
    lines = [headline, plural(goes, "go", "played")]
    for index, name in enumerate(names):
        defeated = plural(kills[index], "enemy unit", "defeated")
        lines.append(f"{name}: {defeated}, {plural(stones[index], 'MageStone', 'collected')}")
    return lines


def progress(match: Match) -> str:
    """The go being played ("go 12")."""
    state = match.state
    assert isinstance(state, MageStoneState)
    return f"go {state.go_info()['go']}"


def magestone_client() -> GameClient:
    """The MageStone entry of the registry."""
    return GameClient(
        "MageStone",
        MageStoneNarrator,
        lazy("game.client.magestone.scene:MageStoneMatchScene"),
        lazy("game.client.magestone.setup:MatchSetupScene"),
        paint_board,
        summary,
        icon="magestone",
        blurb=("2 or 4 players", "16×16 board, dice combat", "Gather MageStones, claim the Nexus"),  # noqa: RUF001
        player_counts=(2, 4),
        progress=progress,
        lesson_scene=lazy("game.client.tutorial.magestone_lesson:MageStoneLessonScene"),
    )
