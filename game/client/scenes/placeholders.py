"""Screens for what arrives in later releases, and the new-match setup that leads there."""

from __future__ import annotations

from functools import partial

import pygame

from game.client import decor, theme
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
from game.client.scenes.dialog import DialogScene
from game.client.widgets import Button, Card, Choice, Widget
from game.rules.protocol import RulesError

GAMES = {
    "magestone": (
        "MageStone",
        "magestone",
        ("2 or 4 players", "16×16 board, dice combat", "Gather MageStones, claim the Nexus"),  # noqa: RUF001
    ),
    "magistrat": (
        "MagiStrat",
        "cube",
        ("2 players", "The three-layer Étherean cube", "Divine, High-born and Ground"),
    ),
}


class ComingSoonScene(MenuScene):
    """A styled notice that a part of the game arrives in a later release, with a Back button."""

    def __init__(self, host: Host, title: str, icon: str, headline: str, body: str) -> None:
        super().__init__(host)
        self.title = title
        self.icon = icon
        self.headline = headline
        self.body = body

    def build(self) -> list[Widget]:
        """Only a Back button."""
        return [self.back_button()]

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header, a large emblem, the headline and the explanation."""
        assets = self.host.assets
        y = self.header(surface, self.title, self.icon)
        lines = decor.wrap(assets, "ui", self.px(19), self.body, 620)
        card = pygame.Rect(0, y + 10, 760, self.px(230) + len(lines) * self.px(27))
        card.centerx = 640
        decor.blit_panel(surface, card, radius=18, alpha=200)
        emblem = decor.glow_icon(assets, self.icon, self.px(96), theme.GOLD_BRIGHT, theme.GLOW)
        surface.blit(emblem, emblem.get_rect(center=(640, card.y + self.px(80))))
        text_y = card.y + self.px(150)
        decor.text(
            surface,
            assets,
            "serif_italic",
            self.px(32),
            self.headline,
            theme.PARCHMENT,
            (640, text_y),
            "midtop",
            shadow=True,
        )
        decor.paragraph(
            surface,
            assets,
            "ui",
            self.px(19),
            self.body,
            theme.TEXT_DIM,
            (card.x + 70, text_y + self.px(56)),
            card.width - 140,
            centred=True,
        )


class NewMatchScene(MenuScene):
    """Choose the game (and for MageStone the number of players); starting leads to the placeholder."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        options = host.options
        self.game = options.game if options.game in GAMES else "magestone"
        self.players = options.players if options.players in (2, 4) else 2

    def build(self) -> list[Widget]:
        """Two game cards, a player-count choice and Begin/Back."""
        assets = self.host.assets
        widgets: list[Widget] = []
        width, height, gap = 380, min(self.px(300), 330), 40
        x = 640 - width - gap // 2
        for game_id, (title, icon, lines) in GAMES.items():
            widgets.append(
                Card(
                    assets,
                    pygame.Rect(x, 160, width, height),
                    title,
                    lines,
                    icon,
                    partial(self._select, game_id),
                    selected=game_id == self.game,
                    scale=self.scale,
                )
            )
            x += width + gap
        choice_y = 160 + height + 26
        players = Choice(
            assets,
            pygame.Rect(640 - 60, choice_y, 260, self.px(42)),
            ["2 players", "4 players"],
            0 if self.players == 2 else 1,
            self._set_players,
            font_size=self.px(17),
            tooltip="MageStone is played by 2 or 4; MagiStrat always by 2.",
        )
        players.enabled = self.game == "magestone"
        widgets.append(players)
        button_y = 720 - 36 - self.px(48)
        back = self.back_button()
        back.rect.right = 630
        back.style = "menu"
        begin = Button(
            assets,
            pygame.Rect(650, button_y, self.px(220), self.px(48)),
            "Begin match",
            self._begin,
            icon="combat",
            style="primary",
            font_size=self.px(20),
        )
        return [*widgets, back, begin]

    def _select(self, game_id: str) -> None:
        if game_id != self.game:
            self.game = game_id
            if game_id == "magistrat":
                self.players = 2
            self.layout()

    def _set_players(self, index: int) -> None:
        self.players = (2, 4)[index]

    def _begin(self) -> None:
        from game.client.match.games import game_client

        client = game_client(self.game)
        if client is not None:
            self.host.options.players = self.players
            try:
                setup = client.setup_scene(self.host)
            except (RulesError, ValueError) as error:  # a damaged bundled data file, named in the message
                self.host.stack.push(
                    DialogScene(self.host, "Cannot start the match", str(error), icon="combat")
                )
                return
            self.host.stack.replace(setup)
            return
        title, icon, _lines = GAMES[self.game]
        self.host.stack.push(
            ComingSoonScene(
                self.host,
                title,
                icon,
                f"{title} matches arrive in the next release",
                f"You chose {title} for {self.players} players. The board, the pieces and the AI "
                "opponents are being finished; this screen will then open the match itself.",
            )
        )

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header and the player-count label."""
        self.header(surface, "New match", "combat")
        players = self.group.widgets[2]
        colour = theme.TEXT if players.enabled else theme.TEXT_DISABLED
        decor.text(
            surface,
            self.host.assets,
            "ui_semibold",
            self.px(19),
            "Players",
            colour,
            (players.rect.x - 20, players.rect.centery),
            "midright",
        )
