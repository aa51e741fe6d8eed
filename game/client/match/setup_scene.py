"""The part of a match set-up screen both games share: who plays each seat and under what name,
Back and Start, the seed.

A game's set-up scene subclasses :class:`SetupScene`, adds its own rows in ``build`` (around
:meth:`~SetupScene.who_choice`, :meth:`~SetupScene.name_field` and :meth:`~SetupScene.footer`) and
calls :meth:`~SetupScene.start_match` with its rules options and seats (named by
:meth:`~SetupScene.seat_name`).
"""

from __future__ import annotations

from functools import partial

import pygame

from game.client.layout import Region
from game.client.match.seats import HUMAN, Seat
from game.client.match.session import new_controller, open_match
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
from game.client.scenes.dialog import DialogScene
from game.client.widgets import Button, Choice, TextField, Widget
from game.rules.protocol import RulesError

WHO = ("human", "easy", "normal", "hard")
WHO_LABELS = ("Human", "Easy AI", "Normal AI", "Hard AI")
NAME_LENGTH = 16
NAME_WIDTH = 130
"""The longest and widest (in pixels, as typed) seat name: it has to fit the tables' panels."""


class SetupScene(MenuScene):
    """Seats chosen as Human or an AI level (``--seats`` fills them in), then Back or Start."""

    def __init__(self, host: Host, who: list[str]) -> None:
        super().__init__(host)
        self.who = who
        """Each seat's controller (a value of ``WHO``), in seat order."""
        for index, text in enumerate((host.options.seats or [])[: len(who)]):
            level = text.removeprefix("ai:")  # the command line says "human" or "ai:LEVEL"
            self.who[index] = level if level in WHO else HUMAN
        self.names = ["" for _ in who]
        """What the player typed as each seat's name ('' keeps the default name)."""
        self.seed = host.options.seed
        self.region = Region((0, 0), (0, 0), 1.0)
        """Where the game's rows go (set by the game's ``build`` with :meth:`place`)."""

    def place(self, design: tuple[float, float, float, float]) -> Region:
        """Lay the game's rows (designed at 1280x720 coordinates ``design``) between header and footer."""
        self.region = self.form(design)
        return self.region

    def who_choice(self, rect: pygame.Rect, index: int, tooltip: str) -> Choice:
        """The Human / Easy / Normal / Hard choice of seat ``index``."""
        return Choice(
            self.host.assets,
            rect,
            list(WHO_LABELS),
            WHO.index(self.who[index]),
            partial(self._set_who, index),
            font_size=self.region.font(16),
            tooltip=tooltip,
        )

    def _set_who(self, index: int, choice: int) -> None:
        self.who[index] = WHO[choice]
        self.layout()  # only a human seat's name can be typed

    def name_field(self, rect: pygame.Rect, index: int, default: str) -> TextField:
        """The name of seat ``index``: typed for a human seat; an AI seat keeps ``default``."""
        human = self.who[index] == HUMAN
        return TextField(
            self.host.assets,
            rect,
            self.names[index] if human else "",
            partial(self._set_name, index),
            placeholder=default,
            max_length=NAME_LENGTH,
            tooltip="This player's name: click and type (empty keeps the default).",
            enabled=human,
            font_size=self.region.font(17),
            max_width=round(NAME_WIDTH * self.region.unit),
        )

    def _set_name(self, index: int, name: str) -> None:
        self.names[index] = name

    def seat_name(self, index: int, default: str) -> str:
        """Seat ``index``'s name at the table: what was typed for a human seat, else ``default``."""
        typed = self.names[index].strip() if self.who[index] == HUMAN else ""
        return typed or default

    def footer(self, start_icon: str) -> list[Widget]:
        """Back (left of centre) and Start (right of centre) at the bottom."""
        back = self.back_button()
        back.rect.right = self.frame.width // 2 - self.px(10)
        back.style = "menu"
        start = Button(
            self.host.assets,
            pygame.Rect(self.frame.width // 2 + self.px(10), back.rect.y, self.px(220), self.px(48)),
            "Start",
            self.start,
            icon=start_icon,
            style="primary",
            font_size=self.px(20),
        )
        return [back, start]

    def start(self) -> None:
        """Create the match and open the table (the game's scene says how)."""
        raise NotImplementedError

    def start_match(self, game: str, options: dict[str, object], seats: list[Seat]) -> None:
        """Create the match, autosave it and open the table in place of this scene."""
        try:
            controller = new_controller(self.host, game, options, seats, self.seed)
        except (RulesError, ValueError) as error:  # a damaged bundled data file: named in the message
            self.host.stack.push(DialogScene(self.host, "Cannot start the match", str(error), icon="combat"))
            return
        controller.autosave()
        open_match(self.host, controller, replace=True)

    def seed_text(self) -> str:
        """The seed in words for the player: nothing unless ``--seed`` gave one (developers and
        bug reports use it; a newcomer need not hear of it)."""
        return "" if self.seed is None else f"seed {self.seed} (from the command line)"
