"""Magnastorm's hooks for the shared match package: narrator, scenes, replay painter, summary."""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.magnastorm.geometry import TableLayout
from game.client.magnastorm.narrator import REASONS, MagnastormNarrator
from game.client.magnastorm.texts import bonus_words
from game.client.magnastorm.view import Overlay, TableView
from game.client.match.controller import MatchController
from game.client.match.games import GameClient, lazy, plural, result_headline
from game.client.scenes.base import Host
from game.rules.magnastorm import MagnastormState
from game.rules.protocol import GameState

_VIEWS: dict[tuple[int, tuple[object, ...]], TableView] = {}


def table_view(host: Host, players: int) -> TableView:
    """The (cached) table view for ``players`` seats in the player's colour palette."""
    colours = tuple(theme.player_colours(host.settings.colour_blind)[:players])
    key = (id(host.assets), colours)
    view = _VIEWS.get(key)
    if view is None:
        view = _VIEWS[key] = TableView(host.assets, colours)
    return view


def paint_board(host: Host, state: GameState, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Draw a Magnastorm position into ``rect`` (replays): the whole table, without interaction."""
    assert isinstance(state, MagnastormState)
    seat = max(0, state.current_player())
    layout = TableLayout.compute(rect, host.frame.unit, state, seat)
    table_view(host, state.num_players).draw(surface, state, layout, Overlay())


def artifact_line(state: MagnastormState, seat: int) -> str:
    """The artifact card a player drew at the end, in words ('' when none)."""
    card_id = state.artifacts_won[seat]
    if card_id < 0:
        return ""
    card = state.s.content.artifacts[card_id]
    return f"{card.tier} artifact {card.id} (level {card.level}, {bonus_words(card.bonus)})"


def summary(controller: MatchController) -> list[str]:
    """Headline, rounds played, then the ranking with each player's reputation and artifact card."""
    state = controller.state
    assert isinstance(state, MagnastormState)
    names = [seat.name for seat in controller.seats]
    lines = [result_headline(controller, REASONS), plural(state.round, "round", "played")]
    for place, seat in enumerate(state.ranking, start=1):
        artifact = artifact_line(state, seat)
        left = "" if state.in_game(seat) or seat in state.order else " (resigned)"
        text = f"{place}. {names[seat]}{left}: {state.rep[seat]} reputation"
        lines.append(text + (f", draws {artifact}" if artifact else ""))
    return lines


def magnastorm_client() -> GameClient:
    """The Magnastorm entry of the registry (undo stays within a turn and never crosses a bag draw)."""
    return GameClient(
        "Magnastorm",
        MagnastormNarrator,
        lazy("game.client.magnastorm.scene:MagnastormMatchScene"),
        lazy("game.client.magnastorm.setup:MagnastormSetupScene"),
        paint_board,
        summary,
        icon="nexus",
        blurb=("2, 3 or 4 players", "Worker placement on a storm-swept planet", "Labs, stations, research"),
        player_counts=(2, 3, 4),
        game_over=lazy("game.client.scenes.profiles:record_artifact_awards"),
        lesson_scene=lazy("game.client.tutorial.magnastorm_lesson:MagnastormLessonScene"),
    )
