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


PART_WINDOW = (1920, 1080)
"""The table a part diagram is cut from is laid out as in a window of this size, then scaled."""
_PARTS: dict[tuple[str, str, tuple[int, int], tuple[bool]], pygame.Surface] = {}


def paint_part(host: Host, state: GameState, part: str, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Draw one part of the table for ``state`` into ``rect``, as large as fits: ``planet``,
    ``action`` (the action board), ``research`` or ``board`` (the first player's board); any other
    name shows the whole table. Cached per position, part, size and colours."""
    assert isinstance(state, MagnastormState)
    key = (state.position(), part, rect.size, (host.settings.colour_blind,))
    picture = _PARTS.get(key)
    if picture is None:
        table = pygame.Surface(PART_WINDOW, pygame.SRCALPHA)
        layout = TableLayout.compute(table.get_rect(), PART_WINDOW[1] / 720, state, 0)
        table_view(host, state.num_players).draw(table, state, layout, Overlay())
        parts = {"planet": layout.planet_rect, "action": layout.action.rect,
                 "research": layout.research.rect, "board": layout.boards[0].rect}
        cut = parts.get(part, layout.bounds).clip(table.get_rect())
        scale = min(rect.width / cut.width, rect.height / cut.height)
        size = (max(1, round(cut.width * scale)), max(1, round(cut.height * scale)))
        picture = pygame.transform.smoothscale(table.subsurface(cut), size)
        if len(_PARTS) > 16:
            _PARTS.clear()
        _PARTS[key] = picture
    surface.blit(picture, picture.get_rect(center=rect.center))


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
        paint_part=paint_part,
    )
