"""The rules reference scene: topics on the left, our own words and a drawn diagram on the right.

Opened from the main menu (Rules) and with F1 from anywhere (a match opens its own game's rules).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.client import decor, theme
from game.client.input import Intent, Key, KeyIntent, Scroll
from game.client.rules_reference.topics import GAMES, Reference, load_reference
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
from game.client.widgets import Button, Choice, Widget

PANEL = pygame.Rect(372, 128, 880, 520)
DIAGRAM = pygame.Rect(PANEL.right - 330, PANEL.y + 60, 310, 310)
TEXT_WIDTH = PANEL.width - 40 - DIAGRAM.width - 20
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
        self.game = game if game in GAMES else "magestone"
        self.references: dict[str, Reference] = {g: load_reference(g) for g in GAMES}
        self.topic_index = 0
        if topic is not None:
            ids = [t.id for t in self.reference.topics]
            self.topic_index = ids.index(topic) if topic in ids else 0
        self.scroll = 0

    @property
    def reference(self) -> Reference:
        """The reference of the game shown."""
        return self.references[self.game]

    def build(self) -> list[Widget]:
        """The game choice, one button per topic and Back."""
        assets = self.host.assets
        widgets: list[Widget] = [
            Choice(
                assets,
                pygame.Rect(28, 128, 324, 40),
                [self.references[g].title for g in GAMES],
                list(GAMES).index(self.game),
                self._switch,
                font_size=17,
            )
        ]
        topics = self.reference.topics
        step = min(44, (PANEL.bottom - 180) // max(1, len(topics)))
        for index, topic in enumerate(topics):
            button = Button(
                assets,
                pygame.Rect(28, 180 + index * step, 324, step - 6),
                topic.title,
                partial(self.show, index),
                style="primary" if index == self.topic_index else "menu",
                font_size=15,
            )
            widgets.append(button)
        back = self.back_button(label="Close")
        return [*widgets, back]

    def _switch(self, index: int) -> None:
        self.game = GAMES[index]
        self.topic_index, self.scroll = 0, 0
        self.layout()

    def show(self, index: int) -> None:
        """Show topic ``index`` of the current game."""
        self.topic_index, self.scroll = index, 0
        self.layout()

    def handle(self, intent: Intent) -> None:
        """Wheel scrolls the text; Left/Right step through topics."""
        if isinstance(intent, Scroll):
            self.scroll = max(0, self.scroll - intent.dy * 30)
            return
        if isinstance(intent, KeyIntent) and intent.key in (Key.LEFT, Key.RIGHT):
            count = len(self.reference.topics)
            self.show((self.topic_index + (1 if intent.key is Key.RIGHT else -1)) % count)
            return
        super().handle(intent)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header, the topic's text and rulings, and its diagram."""
        assets = self.host.assets
        self.header(surface, "Rules", "rules", y=24)
        decor.blit_panel(surface, PANEL, radius=16, alpha=215)
        topic = self.reference.topics[self.topic_index]
        decor.text(
            surface, assets, "title", 30, topic.title, theme.GOLD, (PANEL.x + 20, PANEL.y + 14), shadow=True
        )
        clip = pygame.Rect(PANEL.x + 20, PANEL.y + 60, TEXT_WIDTH, PANEL.height - 76)
        previous = surface.get_clip()
        surface.set_clip(clip)
        y = clip.y - self.scroll
        for paragraph in topic.paragraphs:
            for line in decor.wrap(assets, "ui", 17, paragraph, clip.width):
                decor.text(surface, assets, "ui", 17, line, theme.TEXT, (clip.x, y))
                y += 22
            y += 10
        if topic.rulings:
            decor.text(
                surface, assets, "ui_bold", 16, "Our rulings on open points", theme.GOLD_BRIGHT, (clip.x, y)
            )
            y += 26
            for ruling in topic.rulings:
                lines = decor.wrap(assets, "ui", 15, ruling, clip.width - 18)
                pygame.draw.circle(surface, theme.GOLD, (clip.x + 5, y + 9), 3)
                for line in lines:
                    decor.text(surface, assets, "ui", 15, line, theme.TEXT_DIM, (clip.x + 16, y))
                    y += 19
                y += 6
        surface.set_clip(previous)
        if y > clip.bottom:
            decor.text(
                surface,
                assets,
                "ui",
                13,
                "more below: scroll",
                theme.TEXT_DISABLED,
                (PANEL.x + 20, PANEL.bottom + 8),
                "topleft",
            )
        if topic.diagram is not None:
            draw_diagram(
                surface, assets, topic.diagram, DIAGRAM, theme.player_colours(self.host.settings.colour_blind)
            )
        decor.text(
            surface,
            assets,
            "ui",
            14,
            "←/→ topics · wheel scrolls · F1 opens this anywhere",
            theme.TEXT_DISABLED,
            (PANEL.right, PANEL.bottom + 8),
            "topright",
        )


def draw_diagram(
    surface: pygame.Surface, assets: Any, diagram: Any, rect: pygame.Rect, colours: tuple[Any, ...]
) -> None:
    """Draw a reference diagram: one grid, or three stacked MagiStrat layers, with its caption."""
    if "layers" in diagram:
        layer_h = (rect.height - 30) // 3
        for index, layer in enumerate(diagram["layers"]):
            area = pygame.Rect(rect.x + 90, rect.y + index * layer_h, rect.width - 90, layer_h - 6)
            cell = min(area.width // 8, area.height // 8)
            decor.text(surface, assets, "ui_semibold", 14, layer["name"], theme.GOLD, (rect.x, area.y + 4))
            _grid(
                surface, assets, layer, 8, 8, pygame.Rect(area.x, area.y, cell * 8, cell * 8), cell, colours
            )
        caption_y = rect.bottom - 22
    else:
        width, height = diagram["grid"]
        cell = min(rect.width // width, (rect.height - 40) // height, 56)
        area = pygame.Rect(0, 0, cell * width, cell * height)
        area.midtop = (rect.centerx, rect.y)
        _grid(surface, assets, diagram, width, height, area, cell, colours)
        caption_y = area.bottom + 10
    for i, line in enumerate(decor.wrap(assets, "serif_italic", 16, diagram["caption"], rect.width)):
        decor.text(
            surface,
            assets,
            "serif_italic",
            16,
            line,
            theme.PARCHMENT,
            (rect.centerx, caption_y + i * 20),
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
