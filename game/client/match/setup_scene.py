"""The part of a match set-up screen both games share: who plays each seat and under what name,
Back and Start, the seed, and the memory of the last set-up.

A game's set-up scene subclasses :class:`SetupScene`, names its seats (:meth:`~SetupScene.seat_keys`,
e.g. ``"S"``, ``"N"``: every choice follows the seat's name, not its position in the list), adds its
own rows in ``build`` (around :meth:`~SetupScene.who_choice`, :meth:`~SetupScene.name_field` and
:meth:`~SetupScene.footer`) and calls :meth:`~SetupScene.start_match` with its rules options, seats
(named by :meth:`~SetupScene.seat_name`) and its own choices to remember
(:meth:`~SetupScene.remembered` reads them back next time).
"""

from __future__ import annotations

from functools import partial
from typing import Any

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
    """Seats chosen as Human or an AI level (the last set-up, or ``--seats``), then Back or Start."""

    game_id = ""
    """The game this screen sets up (the key of its memory in the settings)."""

    def __init__(self, host: Host, who: dict[str, str]) -> None:
        super().__init__(host)
        memory = self.remembered()
        self._who = {key: _known(memory.get("who"), key, WHO, level) for key, level in who.items()}
        """Every seat's controller (a value of ``WHO``) by seat key, playing this match or not."""
        self._names = {key: _typed_name(memory.get("names"), key) for key in who}
        self.who: list[str] = []
        """The controllers of the seats at this match, in seat order (see :meth:`seat_keys`)."""
        self.names: list[str] = []
        """What the player typed as each seat's name, in seat order ('' keeps the default name)."""
        self._listed: tuple[str, ...] = ()
        """The seats the ``who`` and ``names`` lists were made for."""
        self.seed = host.options.seed
        self.region = Region((0, 0), (0, 0), 1.0)
        """Where the game's rows go (set by the game's ``build`` with :meth:`place`)."""

    def seat_keys(self) -> tuple[str, ...]:
        """The seats at this match, in order (a game's set-up says which)."""
        raise NotImplementedError

    def seat_order_set(self) -> None:
        """Call once the game knows its seats (and whenever they change, e.g. a new player count):
        each seat keeps its own level and name; ``--seats`` fills the seats in on the first call."""
        self._keep_seats()
        keys = self.seat_keys()
        if self.host.options.seats and not self.who:
            for key, text in zip(keys, self.host.options.seats, strict=False):
                level = text.removeprefix("ai:")  # the command line says "human" or "ai:LEVEL"
                self._who[key] = level if level in WHO else HUMAN
        self.who = [self._who[key] for key in keys]
        self.names = [self._names[key] for key in keys]
        self._listed = keys

    def _keep_seats(self) -> None:
        """Copy the ``who`` and ``names`` lists back to the seats they were made for."""
        for key, level, name in zip(self._listed, self.who, self.names, strict=False):
            self._who[key], self._names[key] = level, name

    def remembered(self) -> dict[str, Any]:
        """What the last match of this game was set up with (checked by whoever reads a value)."""
        memory = self.host.settings.setups.get(self.game_id)
        return memory if isinstance(memory, dict) else {}

    def remember(self, choices: dict[str, Any]) -> None:
        """Keep this set-up (every seat's level and typed name, plus the game's ``choices``) in the
        settings, so the next match of this game starts from it."""
        self._keep_seats()
        settings = self.host.settings
        memory = {"who": dict(self._who), "names": dict(self._names), **choices}
        self.host.change_settings(settings.with_changes(setups={**settings.setups, self.game_id: memory}))

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


def _known(memory: object, key: str, allowed: tuple[str, ...], default: str) -> str:
    """``memory[key]`` when it is one of ``allowed``, else ``default`` (a hand-edited file)."""
    value = memory.get(key) if isinstance(memory, dict) else None
    return value if isinstance(value, str) and value in allowed else default


def _typed_name(memory: object, key: str) -> str:
    """The remembered typed name of seat ``key`` ('' when none, or when it does not fit)."""
    value = memory.get(key) if isinstance(memory, dict) else None
    return value if isinstance(value, str) and len(value) <= NAME_LENGTH else ""
