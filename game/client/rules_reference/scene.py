"""The rules reference scene: topics on the left, our own words and a drawn diagram on the right.

Opened from the main menu (Rules) and with F1 from anywhere (a match opens its own game's rules).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import pygame

from game.client import decor, theme
from game.client.input import Hover, Intent, Key, KeyIntent, Scroll
from game.client.match.games import game_client
from game.client.rules_reference.topics import Reference, load_reference, reference_games
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
from game.client.scrollbar import ScrollBar
from game.client.widgets import Button, Choice, Widget
from game.rules.match import Match
from game.rules.protocol import GameState
from game.rules.registry import new_game

KEY_HINTS = (
    "←/→ topics · Home/End · wheel scrolls · F1 opens this anywhere",
    "←/→ topics · wheel scrolls · F1 anywhere",
    "←/→ topics",
)
"""The keys line under the panel, longest first: the longest that fits is shown."""
TOPIC_ROW = 44
"""Design height of one topic in the list (a button and its gap): never squeezed, the list scrolls."""

TOKEN_ICONS = {"stone": "magestone", "astone": "magestone", "grave": "gravestone"}
MARK_COLOURS = {
    "base": (214, 178, 94),
    "target": (235, 92, 92),
    "reach": (120, 226, 255),
    "nova": (235, 130, 60),
    "safe": (120, 220, 140),
    "nexus": (150, 120, 255),
}


class RulesReferenceScene(MenuScene):
    """Both games' rules, by topic; the game choice switches between them."""

    def __init__(self, host: Host, game: str = "magestone", topic: str | None = None) -> None:
        super().__init__(host)
        self.games = reference_games()
        self.game = game if game in self.games else self.games[0]
        self.references: dict[str, Reference] = {g: load_reference(g) for g in self.games}
        self.topic_index = 0
        if topic is not None:
            ids = [t.id for t in self.reference.topics]
            self.topic_index = ids.index(topic) if topic in ids else 0
        self.scroll = 0
        self.list_first = 0
        """The first topic shown in the list."""
        self.list_rows = 1
        """How many topics the list shows at once."""
        self.list_rect = pygame.Rect(0, 0, 1, 1)
        self._pointer: tuple[float, float] = (-1.0, -1.0)
        self.panel = pygame.Rect(0, 0, 1, 1)
        self.diagram = pygame.Rect(0, 0, 1, 1)
        self._positions: dict[tuple[str, str], GameState] = {}
        self.text_rect = pygame.Rect(0, 0, 1, 1)

    @property
    def reference(self) -> Reference:
        """The reference of the game shown."""
        return self.references[self.game]

    def build(self) -> list[Widget]:
        """The game choice, one button per topic and Back."""
        assets, frame, px = self.host.assets, self.frame, self.px
        top, bottom = self.header_bottom() - px(8), self.footer_top() - px(20)
        column = min(px(324), frame.width // 3)
        self.panel = pygame.Rect(px(28) + column + px(20), top, 0, max(1, bottom - top))
        self.panel.width = frame.width - px(28) - self.panel.x
        side = min(px(310), self.panel.width * 2 // 5, self.panel.height - px(80))
        self.diagram = pygame.Rect(self.panel.right - px(20) - side, self.panel.y + px(60), side, side)
        self.text_rect = pygame.Rect(
            self.panel.x + px(20),
            self.panel.y + px(60),
            self.diagram.x - px(20) - self.panel.x - px(20),
            self.panel.height - px(76),
        )
        widgets: list[Widget] = [
            Choice(
                assets,
                pygame.Rect(px(28), top, column, px(40)),
                [self.references[g].title for g in self.games],
                self.games.index(self.game),
                self._switch,
                font_size=px(17),
            )
        ]
        topics = self.reference.topics
        first, row = top + px(52), px(TOPIC_ROW)
        self.list_rect = pygame.Rect(px(28), first, column, max(row, self.panel.bottom - first))
        self.list_rows = max(1, self.list_rect.height // row)
        self.list_first = max(0, min(self.list_first, len(topics) - self.list_rows))
        width = column
        if len(topics) > self.list_rows:
            width = column - px(18)
            bar = pygame.Rect(px(28) + column - px(10), first, px(10), self.list_rows * row - px(6))
            widgets.append(
                ScrollBar(
                    assets,
                    bar,
                    len(topics),
                    self.list_rows,
                    self.list_first,
                    self.scroll_list_to,
                    tooltip="More topics: drag, or use the wheel over the list.",
                )
            )
        shown = range(self.list_first, min(len(topics), self.list_first + self.list_rows))
        for slot, index in enumerate(shown):
            button = Button(
                assets,
                pygame.Rect(px(28), first + slot * row, width, row - px(6)),
                topics[index].title,
                partial(self.show, index),
                style="primary" if index == self.topic_index else "menu",
                font_size=px(15),
            )
            widgets.append(button)
        back = self.back_button(label="Close")
        return [*widgets, back]

    def _switch(self, index: int) -> None:
        self.game = self.games[index]
        self.topic_index, self.scroll, self.list_first = 0, 0, 0
        self.layout()

    def show(self, index: int) -> None:
        """Show topic ``index`` of the current game (the list scrolls to keep it in view)."""
        self.topic_index, self.scroll = index, 0
        if index < self.list_first:
            self.list_first = index
        elif index >= self.list_first + self.list_rows:
            self.list_first = index - self.list_rows + 1
        self.layout()

    def scroll_list_to(self, first: int) -> None:
        """Show the topics from ``first`` on in the list."""
        self.list_first = first
        self.layout()

    def handle(self, intent: Intent) -> None:
        """The wheel scrolls the list under the pointer, else the text; Left/Right step through
        topics, Home/End go to the first and last."""
        if isinstance(intent, Hover):
            self._pointer = intent.pos
        if isinstance(intent, Scroll):
            if self.list_rect.collidepoint(self._pointer):
                self.scroll_list_to(
                    max(0, min(self.list_first - intent.dy, len(self.reference.topics) - self.list_rows))
                )
            else:
                self.scroll = max(0, self.scroll - intent.dy * self.px(30))
            return
        if isinstance(intent, KeyIntent) and intent.key in (Key.LEFT, Key.RIGHT, Key.HOME, Key.END):
            count = len(self.reference.topics)
            step = {Key.LEFT: -1, Key.RIGHT: 1}.get(intent.key)
            if step is None:
                self.show(0 if intent.key is Key.HOME else count - 1)
            else:
                self.show((self.topic_index + step) % count)
            return
        super().handle(intent)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header, the topic's text and rulings, and its diagram."""
        assets, px, panel = self.host.assets, self.px, self.panel
        self.header(surface, "Rules", "rules")
        decor.blit_panel(surface, panel, radius=16, alpha=215, unit=self.scale)
        topic = self.reference.topics[self.topic_index]
        title = decor.elide(assets, "title", px(30), topic.title, panel.width - px(40))
        decor.text(
            surface,
            assets,
            "title",
            px(30),
            title,
            theme.GOLD,
            (panel.x + px(20), panel.y + px(14)),
            shadow=True,
        )
        clip = self.text_rect
        previous = surface.get_clip()
        surface.set_clip(clip)
        y = clip.y - self.scroll
        body, small = px(17), px(15)
        for paragraph in topic.paragraphs:
            for line in decor.wrap(assets, "ui", body, paragraph, clip.width):
                if clip.top - body * 2 < y < clip.bottom:  # only what shows (and is recorded)
                    decor.text(surface, assets, "ui", body, line, theme.TEXT, (clip.x, y))
                y += px(22)
            y += px(10)
        if topic.rulings:
            if clip.top - body * 2 < y < clip.bottom:
                decor.text(
                    surface,
                    assets,
                    "ui_bold",
                    px(16),
                    "Our rulings on open points",
                    theme.GOLD_BRIGHT,
                    (clip.x, y),
                )
            y += px(26)
            for ruling in topic.rulings:
                lines = decor.wrap(assets, "ui", small, ruling, clip.width - px(18))
                pygame.draw.circle(surface, theme.GOLD, (clip.x + px(5), y + px(9)), px(3))
                for line in lines:
                    if clip.top - body * 2 < y < clip.bottom:
                        decor.text(surface, assets, "ui", small, line, theme.TEXT_DIM, (clip.x + px(16), y))
                    y += px(19)
                y += px(6)
        surface.set_clip(previous)
        if topic.diagram is not None and "table" in topic.diagram:
            self._table_diagram(surface, topic.diagram)
        elif topic.diagram is not None:
            draw_diagram(
                surface,
                assets,
                topic.diagram,
                self.diagram,
                theme.player_colours(self.host.settings.colour_blind),
                self.scale,
            )
        self._footnote(surface, more_below=y > clip.bottom)

    def _table_diagram(self, surface: pygame.Surface, diagram: Any) -> None:
        """A part of the game's own table, drawn by its client, above the caption."""
        client = game_client(self.game)
        if client is None or client.paint_part is None:
            return
        key = (self.game, repr(sorted(diagram.items())))
        state = self._positions.get(key)
        if state is None:
            state = self._positions[key] = table_position(self.game, diagram)
        caption_h = draw_caption(surface, self.host.assets, diagram["caption"], self.diagram, self.scale)
        area = pygame.Rect(self.diagram.x, self.diagram.y, self.diagram.width,
                           max(1, self.diagram.height - caption_h - self.px(10)))
        client.paint_part(self.host, state, diagram["table"], surface, area)

    def _footnote(self, surface: pygame.Surface, more_below: bool) -> None:
        """Under the panel: "more below" when the text runs on, and the keys, as many as fit."""
        assets, px, panel = self.host.assets, self.px, self.panel
        left, at_y = panel.x + px(20), panel.bottom + px(6)
        if more_below:
            shown = decor.text(
                surface, assets, "ui", px(13), "more below: scroll", theme.TEXT_DISABLED, (left, at_y)
            )
            left = shown.right + px(24)
        font = assets.font("ui", px(14))
        hint = next((text for text in KEY_HINTS if font.size(text)[0] <= panel.right - left), "")
        if hint:
            decor.text(
                surface, assets, "ui", px(14), hint, theme.TEXT_DISABLED, (panel.right, at_y), "topright"
            )


def table_position(game: str, diagram: Any) -> GameState:
    """The position a table diagram shows: the seeded set-up, then ``steps`` seeded random actions."""
    match = Match(new_game(game, {"players": diagram.get("players", 2)}), diagram.get("seed", 0))
    match.resolve_chance()
    chooser = random.Random(diagram.get("seed", 0))
    for _ in range(diagram.get("steps", 0)):
        if match.state.is_terminal():
            break
        match.play(chooser.choice(match.state.legal_actions()))
        match.resolve_chance()
    return match.state


def draw_caption(surface: pygame.Surface, assets: Any, caption: str, rect: pygame.Rect, unit: float) -> int:
    """A diagram's caption along the bottom of ``rect``; returns its height."""
    size, line_h = max(9, round(16 * unit)), max(1, round(20 * unit))
    lines = decor.wrap(assets, "serif_italic", size, caption, rect.width)
    top = rect.bottom - len(lines) * line_h
    for i, line in enumerate(lines):
        decor.text(surface, assets, "serif_italic", size, line, theme.PARCHMENT,
                   (rect.centerx, top + i * line_h), "midtop")
    return len(lines) * line_h


def draw_diagram(
    surface: pygame.Surface,
    assets: Any,
    diagram: Any,
    rect: pygame.Rect,
    colours: tuple[Any, ...],
    unit: float = 1.0,
) -> None:
    """Draw a reference diagram into ``rect``: one grid, or three stacked MagiStrat layers, with its
    caption (``unit``: window pixels per design pixel, for the text)."""

    def u(value: float) -> int:
        return max(1, round(value * unit))

    caption_size = max(9, u(16))
    caption = decor.wrap(assets, "serif_italic", caption_size, diagram["caption"], rect.width)
    caption_h = len(caption) * u(20)
    if "layers" in diagram:
        layer_h = (rect.height - caption_h - u(8)) // 3
        label_w = u(90)
        cell = max(1, min((rect.width - label_w) // 8, (layer_h - u(6)) // 8))
        left = rect.x + (rect.width - label_w - 8 * cell) // 2  # labels and grids centred together
        for index, layer in enumerate(diagram["layers"]):
            area = pygame.Rect(left + label_w, rect.y + index * layer_h, 8 * cell, layer_h - u(6))
            name = decor.elide(assets, "ui_semibold", max(9, u(14)), layer["name"], label_w - u(6))
            decor.text(surface, assets, "ui_semibold", max(9, u(14)), name, theme.GOLD, (left, area.y + u(4)))
            _grid(
                surface, assets, layer, 8, 8, pygame.Rect(area.x, area.y, cell * 8, cell * 8), cell, colours
            )
        caption_y = rect.y + 3 * layer_h
    else:
        width, height = diagram["grid"]
        cell = max(1, min(rect.width // width, (rect.height - caption_h - u(10)) // height, u(56)))
        area = pygame.Rect(0, 0, cell * width, cell * height)
        area.midtop = (rect.centerx, rect.y)
        _grid(surface, assets, diagram, width, height, area, cell, colours)
        caption_y = area.bottom + u(10)
    for i, line in enumerate(caption):
        decor.text(
            surface,
            assets,
            "serif_italic",
            caption_size,
            line,
            theme.PARCHMENT,
            (rect.centerx, caption_y + i * u(20)),
            "midtop",
        )


def _grid(
    surface: pygame.Surface,
    assets: Any,
    spec: Any,
    width: int,
    height: int,
    area: pygame.Rect,
    cell: int,
    colours: tuple[Any, ...],
) -> None:
    def box(name: str) -> pygame.Rect:
        x, y = ord(name[0]) - ord("a"), int(name[1:]) - 1
        return pygame.Rect(area.x + x * cell, area.bottom - (y + 1) * cell, cell, cell)

    for x in range(width):
        for y in range(height):
            shade = (58, 50, 86) if (x + y) % 2 else (72, 64, 104)
            pygame.draw.rect(surface, shade, (area.x + x * cell, area.bottom - (y + 1) * cell, cell, cell))
    for name, mark in spec.get("marks", {}).items():
        tint = pygame.Surface((cell, cell), pygame.SRCALPHA)
        tint.fill((*MARK_COLOURS[mark], 90))
        surface.blit(tint, box(name))
        pygame.draw.rect(surface, MARK_COLOURS[mark], box(name), width=2)
    path = spec.get("path", [])
    if len(path) > 1:
        points = [box(name).center for name in path]
        pygame.draw.lines(surface, (120, 226, 255), False, points, 4)
        pygame.draw.circle(surface, (120, 226, 255), points[-1], 6)
    for name, token in spec.get("cells", {}).items():
        kind = token[0]
        seat = token[1] if len(token) > 1 else -1
        target = box(name)
        if kind == "nexus":
            colour = (150, 120, 255)
        elif kind == "astone":
            colour = theme.GOLD_BRIGHT
        elif kind in ("stone", "grave"):
            colour = (176, 176, 190)
        else:
            colour = colours[seat % len(colours)] if seat >= 0 else theme.PARCHMENT
        if seat >= 0:
            pygame.draw.circle(surface, theme.INK, target.center, int(cell * 0.44))
            pygame.draw.circle(surface, colour, target.center, int(cell * 0.44), width=2)
        icon = assets.icon(TOKEN_ICONS.get(kind, kind), int(cell * 0.66), colour)
        surface.blit(icon, icon.get_rect(center=target.center))
    pygame.draw.rect(surface, theme.mix(theme.BORDER, theme.GOLD, 0.5), area, width=2)
