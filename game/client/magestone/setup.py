"""Match set-up: 2 or 4 players, each seat Human (with a typed name) or AI (Easy/Normal/Hard) with a
colour, who goes first.

One click on Start plays the default: you (South) against a Normal AI; after that, the screen opens
on the last set-up. Every choice belongs to a seat's name (North keeps its colour and level whether
2 or 4 play).
"""

from __future__ import annotations

from functools import partial

import pygame

from game.client import decor, theme
from game.client.match.seats import Seat
from game.client.match.setup_scene import SetupScene
from game.client.scenes.base import Host
from game.client.widgets import Button, Choice, Toggle, Widget
from game.rules.magestone.board import load_board

DEFAULT_COLOURS = {"S": 0, "N": 1, "W": 2, "E": 3}
"""Each seat's colour (an index into the player palette) until the player changes it."""


class MatchSetupScene(SetupScene):
    """Seats, first player and hand-over, then Start."""

    game_id = "magestone"

    def __init__(self, host: Host) -> None:
        super().__init__(host, {"S": "human", "W": "normal", "N": "normal", "E": "normal"})
        self.board = load_board()
        memory = self.remembered()
        players = host.options.players or memory.get("players")
        self.players = players if players in (2, 4) else 2
        self.colours = _colours(memory.get("colours"))
        """Each seat's colour by its letter (all four, a permutation of the palette)."""
        first = memory.get("first")
        self.first = self.letters().index(first) if first in self.letters() else 0
        self.handover = host.settings.handover_screen
        self.seat_order_set()

    def letters(self) -> tuple[str, ...]:
        """Seat letters in turn order for the chosen player count."""
        return self.board.seats_by_players[self.players]

    def seat_keys(self) -> tuple[str, ...]:
        """The seats at this match: their letters."""
        return self.letters()

    def build(self) -> list[Widget]:
        """Player count, one row per seat, first seat, hand-over, Back and Start."""
        assets = self.host.assets
        r = self.place((240, 150, 900, 470))
        widgets: list[Widget] = [
            Choice(
                assets,
                r.rect(540, 150, 300, 40),
                ["2 players", "4 players"],
                0 if self.players == 2 else 1,
                self._set_players,
                font_size=r.font(17),
                tooltip="MageStone is played by 2 or 4 (never 3).",
            )
        ]
        for index, letter in enumerate(self.letters()):
            y = 220 + index * 62
            side = self.board.seat_names[letter]
            widgets.append(self.name_field(r.rect(352, y, 172, 42), index, side))
            widgets.append(
                self.who_choice(
                    r.rect(540, y, 440, 42),
                    index,
                    "Who plays this seat: a person at this screen, or the AI.",
                )
            )
            widgets.append(
                Button(
                    assets,
                    r.rect(1000, y, 130, 42),
                    "Colour",
                    partial(self._cycle_colour, index),
                    icon="palette",
                    font_size=r.font(16),
                    tooltip="Change this seat's colour",
                )
            )
        names = [self.board.seat_names[letter] for letter in self.letters()]
        widgets.append(
            Choice(
                assets,
                r.rect(540, 480, 440, 40),
                names,
                self.first,
                self._set_first,
                font_size=r.font(16),
                tooltip="Who takes the first go.",
            )
        )
        widgets.append(
            Toggle(
                assets,
                r.rect(540, 532, 300, 40),
                self.handover,
                self._set_handover,
                tooltip="Between two human seats, hide the board until the next player is ready.",
            )
        )
        return [*widgets, *self.footer("combat")]

    def _set_players(self, index: int) -> None:
        first = self.letters()[self.first]
        self.players = (2, 4)[index]
        self.first = self.letters().index(first) if first in self.letters() else 0
        self.seat_order_set()
        self.layout()

    def _cycle_colour(self, index: int) -> None:
        """The seat's next colour; the seat that had it takes this one's (colours stay distinct)."""
        letter = self.letters()[index]
        new = (self.colours[letter] + 1) % 4
        other = next(key for key, colour in self.colours.items() if colour == new)
        self.colours[other], self.colours[letter] = self.colours[letter], new

    def _set_first(self, index: int) -> None:
        self.first = index

    def _set_handover(self, value: bool) -> None:
        self.handover = value

    def seats(self) -> list[Seat]:
        """The chosen seats, named as typed or after their board side."""
        return [
            Seat(self.seat_name(i, self.board.seat_names[letter]), self.who[i], self.colours[letter])
            for i, letter in enumerate(self.letters())
        ]

    def start(self) -> None:
        """Create the match and open the table in place of this scene."""
        options = {"players": self.players, "first_seat": self.letters()[self.first]}
        first = self.letters()[self.first]
        self.remember({"players": self.players, "colours": dict(self.colours), "first": first})
        self.start_match("magestone", options, self.seats())
        top = self.host.stack.top
        if top is not None and hasattr(top, "handover"):
            top.handover = self.handover

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header and the row labels with colour swatches."""
        assets, r = self.host.assets, self.region
        self.header(surface, "MageStone match", "magestone")
        palette = theme.player_colours(self.host.settings.colour_blind)
        decor.text(
            surface, assets, "ui_semibold", r.font(19), "Players", theme.TEXT, r.pos(500, 170), "midright"
        )
        for index, letter in enumerate(self.letters()):
            y = 241 + index * 62
            decor.swatch(surface, palette[self.colours[letter]], r.pos(330, y), r.px(12), r.px(2))
            side = self.board.seat_names[letter]
            decor.text(
                surface, assets, "ui_semibold", r.font(17), side, theme.TEXT_DIM, r.pos(308, y), "midright"
            )
        decor.text(
            surface, assets, "ui_semibold", r.font(19), "First go", theme.TEXT, r.pos(500, 500), "midright"
        )
        decor.text(
            surface,
            assets,
            "ui_semibold",
            r.font(19),
            "Hand-over screen",
            theme.TEXT,
            r.pos(500, 552),
            "midright",
        )
        decor.text(
            surface,
            assets,
            "ui",
            r.font(15),
            "The dice are fair: every roll is drawn from the match's seed, so a save replays exactly"
            + (f" · {self.seed_text()}" if self.seed_text() else "."),
            theme.TEXT_DIM,
            r.pos(640, 596),
            "midtop",
        )


def _colours(memory: object) -> dict[str, int]:
    """The remembered colours by seat letter when they are a permutation of the palette, else the
    defaults."""
    if isinstance(memory, dict) and set(memory) == set(DEFAULT_COLOURS):
        values = list(memory.values())
        whole = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
        if whole and sorted(values) == [0, 1, 2, 3]:
            return {key: int(memory[key]) for key in DEFAULT_COLOURS}
    return dict(DEFAULT_COLOURS)
