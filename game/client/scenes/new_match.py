"""The new-match menu: a card for every game in the client registry and its number of players."""

from __future__ import annotations

from functools import partial

import pygame

from game.client import decor, theme
from game.client.match.games import GameClient, game_client, registered_games
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
from game.client.scenes.dialog import DialogScene
from game.client.widgets import Button, Card, Choice, Widget
from game.rules.protocol import RulesError


class NewMatchScene(MenuScene):
    """Choose the game and its number of players; Begin opens that game's set-up scene."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        options = host.options
        self.games = {game_id: _client(game_id) for game_id in registered_games()}
        self.game = options.game if options.game in self.games else next(iter(self.games))
        counts = self.games[self.game].player_counts
        self.players = options.players if options.players in counts else counts[0]

    def build(self) -> list[Widget]:
        """A card per game, a player-count choice and Begin/Back."""
        assets, frame, px = self.host.assets, self.frame, self.px
        widgets: list[Widget] = []
        centre_x = frame.width // 2
        top = self.header_bottom()
        choice_h, button_h = px(42), px(48)
        gap = px(40)
        count = len(self.games)
        width = min(px(380), (frame.width - 2 * px(24) - gap * (count - 1)) // count)
        height = min(px(300), self.footer_top() - top - choice_h - px(26) - px(16))
        card_scale = min(self.scale, height / 240, width / 380)
        x = centre_x - (count * width + (count - 1) * gap) // 2
        for game_id, client in self.games.items():
            widgets.append(
                Card(
                    assets,
                    pygame.Rect(x, top, width, height),
                    client.title,
                    list(client.blurb),
                    client.icon,
                    partial(self._select, game_id),
                    selected=game_id == self.game,
                    scale=card_scale,
                )
            )
            x += width + gap
        choice_y = top + height + px(26)
        counts = self.games[self.game].player_counts
        players = Choice(
            assets,
            pygame.Rect(centre_x - px(60), choice_y, px(130) * max(2, len(counts)), choice_h),
            [f"{count} players" for count in counts],
            counts.index(self.players),
            self._set_players,
            font_size=self.px(17),
            tooltip="; ".join(
                f"{client.title}: {' or '.join(map(str, client.player_counts))} players"
                for client in self.games.values()
            ),
        )
        players.enabled = len(counts) > 1
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
            counts = self.games[game_id].player_counts
            if self.players not in counts:
                self.players = counts[0]
            self.layout()

    def _set_players(self, index: int) -> None:
        self.players = self.games[self.game].player_counts[index]

    def _begin(self) -> None:
        self.host.options.players = self.players
        try:
            setup = self.games[self.game].setup_scene(self.host)
        except (RulesError, ValueError) as error:  # a damaged bundled data file, named in the message
            self.host.stack.push(DialogScene(self.host, "Cannot start the match", str(error), icon="combat"))
            return
        self.host.stack.replace(setup)
    def draw_content(self, surface: pygame.Surface) -> None:
        """Header and the player-count label."""
        self.header(surface, "New match", "combat")
        players = self.group.widgets[len(self.games)]
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


def _client(game_id: str) -> GameClient:
    client = game_client(game_id)
    assert client is not None, game_id
    return client
