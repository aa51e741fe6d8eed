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
        assets, px = self.host.assets, self.px
        y = self.header(surface, self.title, self.icon)
        centre_x = self.frame.width // 2
        width = min(px(760), self.frame.width - 2 * px(24))
        body = px(19)
        lines = decor.wrap(assets, "ui", body, self.body, width - px(140))
        card = pygame.Rect(
            0, y + px(10), width, px(230) + round(len(lines) * decor.line_step(assets, "ui", body))
        )
        card.centerx = centre_x
        decor.blit_panel(surface, card, radius=18, alpha=200, unit=self.scale)
        emblem = decor.glow_icon(assets, self.icon, px(96), theme.GOLD_BRIGHT, theme.GLOW)
        surface.blit(emblem, emblem.get_rect(center=(centre_x, card.y + px(80))))
        text_y = card.y + px(150)
        decor.text(
            surface,
            assets,
            "serif_italic",
            self.px(32),
            self.headline,
            theme.PARCHMENT,
            (centre_x, text_y),
            "midtop",
            shadow=True,
        )
        decor.paragraph(
            surface,
            assets,
            "ui",
            body,
            self.body,
            theme.TEXT_DIM,
            (card.x + px(70), text_y + px(56)),
            card.width - px(140),
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
        assets, frame, px = self.host.assets, self.frame, self.px
        widgets: list[Widget] = []
        centre_x = frame.width // 2
        top = self.header_bottom()
        choice_h, button_h = px(42), px(48)
        gap = px(40)
        width = min(px(380), (frame.width - 2 * px(24) - gap) // 2)
        height = min(px(300), self.footer_top() - top - choice_h - px(26) - px(16))
        card_scale = min(self.scale, height / 240, width / 380)
        x = centre_x - width - gap // 2
        for game_id, (title, icon, lines) in GAMES.items():
            widgets.append(
                Card(
                    assets,
                    pygame.Rect(x, top, width, height),
                    title,
                    lines,
                    icon,
                    partial(self._select, game_id),
                    selected=game_id == self.game,
                    scale=card_scale,
                )
            )
            x += width + gap
        choice_y = top + height + px(26)
        players = Choice(
            assets,
            pygame.Rect(centre_x - px(60), choice_y, px(260), choice_h),
            ["2 players", "4 players"],
            0 if self.players == 2 else 1,
            self._set_players,
            font_size=self.px(17),
            tooltip="MageStone is played by 2 or 4; MagiStrat always by 2.",
        )
        players.enabled = self.game == "magestone"
        widgets.append(players)
        back = self.back_button()
        back.rect.right = centre_x - px(10)
        back.style = "menu"
        begin = Button(
            assets,
            pygame.Rect(centre_x + px(10), back.rect.y, px(220), button_h),
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
            (players.rect.x - self.px(20), players.rect.centery),
            "midright",
        )
