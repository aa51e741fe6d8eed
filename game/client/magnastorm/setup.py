"""Magnastorm match set-up: 2, 3 or 4 players, each a named human or an AI level, the starting area
(and with it the centre tile's face) and the hand-over screen.

One click on Start plays the default: you against Normal AIs from starting area 1.
"""

from __future__ import annotations

import pygame

from game.client import decor, theme
from game.client.match.seats import Seat
from game.client.match.setup_scene import SetupScene
from game.client.scenes.base import Host
from game.client.widgets import Choice, Toggle, Widget
from game.storage.profiles import load_profiles

PLAYER_COUNTS = (2, 3, 4)
START_AREAS = (1, 2)
START_AREA_LABELS = ("Area 1 (first game)", "Area 2 (two storms)")
START_AREA_HELP = (
    "Where every scout runner starts, and the face of the centre tile: area 1 (lower left) with the "
    "quiet sectors side by side, as the rules suggest for a first game; area 2 (upper right) with "
    "two storm fronts."
)


SEAT_KEYS = ("P1", "P2", "P3", "P4")
"""The seats by their place at the table (each keeps its level and typed name between matches)."""


class MagnastormSetupScene(SetupScene):
    """Player count, one row per seat, starting area, hand-over, then Start."""

    game_id = "magnastorm"

    def __init__(self, host: Host) -> None:
        super().__init__(host, dict(zip(SEAT_KEYS, ("human", "normal", "normal", "normal"), strict=True)))
        memory = self.remembered()
        players = host.options.players or memory.get("players")
        self.players = players if players in PLAYER_COUNTS else 2
        area = memory.get("start_area")
        self.start_area = area if area in START_AREAS else 1
        self.handover = bool(host.settings.handover_screen)
        self.advanced = True
        """Play the advanced starting positions when every seat's profile has two artifact cards."""
        self.colour_names = theme.player_names(host.settings.colour_blind)
        """The default seat names: their federations' colours, as the player boards name them."""
        self.seat_order_set()

    def seat_keys(self) -> tuple[str, ...]:
        """The seats at this match: the federations in seat order (a seat is its colour)."""
        return SEAT_KEYS[: self.players]

    def build(self) -> list[Widget]:
        """Player count, seats, starting area, hand-over, Back and Start."""
        assets = self.host.assets
        r = self.place((200, 140, 900, 480))
        widgets: list[Widget] = [
            Choice(
                assets,
                r.rect(470, 140, 420, 40),
                [f"{count} players" for count in PLAYER_COUNTS],
                PLAYER_COUNTS.index(self.players),
                self._set_players,
                font_size=r.font(17),
                tooltip="Magnastorm is played by 2, 3 or 4.",
            )
        ]
        for index in range(self.players):
            y = 200 + index * 56
            widgets.append(self.name_field(r.rect(290, y, 160, 42), index, self.colour_names[index]))
            widgets.append(
                self.who_choice(
                    r.rect(470, y, 460, 42), index, "A person at this screen, or the AI at a level."
                )
            )
        widgets.append(
            Choice(
                assets,
                r.rect(470, 436, 460, 40),
                list(START_AREA_LABELS),
                START_AREAS.index(self.start_area),
                self._set_area,
                font_size=r.font(15),
                tooltip=START_AREA_HELP,
            )
        )
        widgets.append(
            Toggle(
                assets,
                r.rect(470, 488, 300, 40),
                self.handover,
                self._set_handover,
                tooltip="Between two human seats, hide the table until the next player is ready.",
            )
        )
        advanced = Toggle(
            assets,
            r.rect(470, 540, 300, 40),
            self.advanced and self.collections() is not None,
            self._set_advanced,
            tooltip="Turn order and start bonuses from two of each player's artifact cards, drawn at "
            "random (each seat's profile needs at least two: see Profiles on the title screen).",
        )
        advanced.enabled = self.collections() is not None
        widgets.append(advanced)
        return [*widgets, *self.footer("nexus")]

    def collections(self) -> list[list[int]] | None:
        """The seats' artifact collections by their names, or None unless every seat has two cards."""
        return load_profiles()[0].advanced_start_collections([seat.name for seat in self.seats()])

    def _set_advanced(self, value: bool) -> None:
        self.advanced = value

    def _set_players(self, index: int) -> None:
        self.players = PLAYER_COUNTS[index]
        self.seat_order_set()
        self.layout()

    def _set_area(self, index: int) -> None:
        self.start_area = START_AREAS[index]

    def _set_handover(self, value: bool) -> None:
        self.handover = value

    def options(self) -> dict[str, object]:
        """The rules options: players, starting area (the first player is drawn from the seed) and,
        for the advanced starting positions, every seat's artifact collection."""
        options: dict[str, object] = {"players": self.players, "start_area": self.start_area}
        collections = self.collections() if self.advanced else None
        if collections is not None:
            options["artifacts"] = collections
        return options

    def seats(self) -> list[Seat]:
        """The seats, named as typed or after their colour, each in its own colour."""
        return [Seat(self.seat_name(i, self.colour_names[i]), self.who[i], i) for i in range(self.players)]

    def start(self) -> None:
        """Remember this set-up, create the match and open the table in place of this scene."""
        self.remember({"players": self.players, "start_area": self.start_area})
        self.start_match("magnastorm", self.options(), self.seats())
        top = self.host.stack.top
        if top is not None and hasattr(top, "handover"):
            top.handover = self.handover

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header, the row labels with colour swatches and a line about the draw of the first player."""
        assets, r = self.host.assets, self.region
        self.header(surface, "Magnastorm match", "nexus")
        palette = theme.player_colours(self.host.settings.colour_blind)
        label = ("ui_semibold", r.font(19), theme.TEXT)
        decor.text(surface, assets, label[0], label[1], "Players", label[2], r.pos(450, 160), "midright")
        for index in range(self.players):
            y = 221 + index * 56
            pygame.draw.circle(surface, palette[index], r.pos(268, y), r.px(12))
            pygame.draw.circle(surface, theme.INK, r.pos(268, y), r.px(12), r.px(2))
        for text, y in (("Starting area", 456), ("Hand-over screen", 508), ("Advanced start", 560)):
            decor.text(surface, assets, label[0], label[1], text, label[2], r.pos(450, y), "midright")
        decor.text(
            surface,
            assets,
            "ui",
            r.font(15),
            "The first player and every bag draw come from the match's seed, so a save replays exactly"
            + (f" · {self.seed_text()}" if self.seed_text() else "."),
            theme.TEXT_DIM,
            r.pos(640, 600),
            "midtop",
        )
