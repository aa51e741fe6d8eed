"""MagiStrat's hooks for the shared match package: narrator, scenes, replay painter, summary."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.magistrat.cube import CubeGeometry
from game.client.magistrat.model import CubeModel
from game.client.magistrat.narrator import REASONS, MagiStratNarrator
from game.client.magistrat.view import CubeView, Overlay
from game.client.match.controller import MatchController
from game.client.match.games import GameClient, lazy, plural, result_headline
from game.client.scenes.base import Host
from game.rules.magistrat import MagiStratState
from game.rules.match import Match
from game.rules.protocol import GameState

_VIEWS: dict[tuple[int, tuple[object, ...]], CubeView] = {}


def paint_board(host: Host, state: GameState, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Draw a MagiStrat position (replays): the oblique cube filling ``rect``."""
    assert isinstance(state, MagiStratState)
    colours = theme.magistrat_colours(host.settings.colour_blind)
    key = (id(host.assets), colours)
    view = _VIEWS.get(key)
    if view is None:
        view = _VIEWS[key] = CubeView(host.assets, (colours[0], colours[1]))
    view.geometry = CubeGeometry("oblique", None, (rect.x, rect.y, rect.width, rect.height))
    view.draw(surface, CubeModel.from_state(state), Overlay(), None)


def summary(controller: MatchController) -> list[str]:
    """Headline (winner and how), then turns, and per side what was destroyed and stolen."""
    names = [seat.name for seat in controller.seats]
    headline = result_headline(controller, REASONS)
    destroyed = [0, 0]
    stolen = [0, 0]
    turns = 0
    for played in controller.history:
        if played.kind != "action" or "@" in played.notation:
            continue
        turns += 1
        for event in played.events:
            if event.kind in ("destroyed", "dropped_out") and 0 <= played.actor != event.data["player"]:
                destroyed[played.actor] += 1
            elif event.kind == "stolen":
                stolen[event.data["player"]] += 1
    lines = [headline, plural(turns, "turn", "played")]
    for index, name in enumerate(names):
        taken = plural(destroyed[index], "enemy piece", "destroyed")
        lines.append(f"{name}: {taken}, {plural(stolen[index], 'piece', 'stolen')}")
    return lines


def progress(match: Match) -> str:
    """"set-up" while the pieces are being placed, then the turn being played ("turn 31")."""
    state = match.state
    assert isinstance(state, MagiStratState)
    if state.in_setup():
        return "set-up"
    moves = sum(1 for entry in match.log if entry.actor >= 0 and "@" not in entry.notation)
    return f"turn {moves + 1}"


def magistrat_client() -> GameClient:
    """The MagiStrat entry of the registry (take-backs may cross turns: there are no dice)."""
    return GameClient(
        "MagiStrat",
        MagiStratNarrator,
        lazy("game.client.magistrat.scene:MagiStratMatchScene"),
        lazy("game.client.magistrat.setup:MagiStratSetupScene"),
        paint_board,
        summary,
        icon="cube",
        blurb=("2 players", "The three-layer Étherean cube", "Divine, High-born and Ground"),
        player_counts=(2,),
        undo_across_turns=True,
        palette=theme.magistrat_colours,
        progress=progress,
        lesson_scene=lazy("game.client.tutorial.magistrat_lesson:MagiStratLessonScene"),
    )
