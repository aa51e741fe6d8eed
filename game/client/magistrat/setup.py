"""MagiStrat match set-up: who plays White and Black (a named human or an AI level), the
piece-quality handicap, and how the pieces are set up (by hand, a preset formation, or random).

One click on Start plays the default: you (White) against a Normal AI, placing by hand; after that,
the screen opens on the last set-up.
"""

from __future__ import annotations

import random
from functools import partial
from typing import TypeVar

import pygame

from game.client import decor, theme
from game.client.match.games import seat_colours
from game.client.match.seats import Seat
from game.client.match.setup_scene import SetupScene
from game.client.scenes.base import Host
from game.client.widgets import Choice, Widget
from game.rules.magistrat.data import formation_names

QUALITIES = (80, 90, 100, 110, 120)
MODES = ("manual", "preset", "random")
MODE_LABELS = ("By hand", "Formation", "Random")
SIDES = ("White", "Black")
T = TypeVar("T")


class MagiStratSetupScene(SetupScene):
    """Seats, quality, set-up mode (and formation), then Start."""

    game_id = "magistrat"

    def __init__(self, host: Host) -> None:
        super().__init__(host, {"White": "human", "Black": "normal"})
        memory = self.remembered()
        self.formations = formation_names()
        qualities = memory.get("quality")
        if not (isinstance(qualities, list) and len(qualities) == 2):
            qualities = [100, 100]
        self.quality = [_chosen(quality, QUALITIES, 100) for quality in qualities]
        self.mode = _chosen(memory.get("mode"), MODES, "manual")
        formations = memory.get("formations")
        self.formation = [
            self.formations.index(name) if name in self.formations else 0
            for name in (formations if isinstance(formations, list) and len(formations) == 2 else ["", ""])
        ]
        self.seat_order_set()

    def seat_keys(self) -> tuple[str, ...]:
        """White and Black."""
        return SIDES

    def build(self) -> list[Widget]:
        """One row per side (who, quality), the set-up mode, formations, Back and Start."""
        assets = self.host.assets
        r = self.place((200, 180, 880, 420))
        widgets: list[Widget] = []
        for side in (0, 1):
            y = 190 + side * 110
            widgets.append(self.name_field(r.rect(318, y, 140, 40), side, SIDES[side]))
            widgets.append(
                self.who_choice(
                    r.rect(470, y, 460, 40), side, "A person at this screen, or the AI at a level."
                )
            )
            widgets.append(
                Choice(
                    assets,
                    r.rect(470, y + 48, 460, 36),
                    [f"{q}%" for q in QUALITIES],
                    QUALITIES.index(self.quality[side]),
                    partial(self._set_quality, side),
                    font_size=r.font(15),
                    tooltip="Piece quality, a handicap: below 100% every piece of this side starts with less "
                    "magic potential (the points it can lose before it falls).",
                )
            )
        widgets.append(
            Choice(
                assets,
                r.rect(470, 420, 460, 40),
                list(MODE_LABELS),
                MODES.index(self.mode),
                self._set_mode,
                font_size=r.font(16),
                tooltip="Place King, Priests, Archmages and Gods yourselves, use a preset, or random.",
            )
        )
        if self.mode == "preset":
            labels = [name.title() for name in self.formations]
            for side in (0, 1):
                widgets.append(
                    Choice(
                        assets,
                        r.rect(470 + side * 236, 472, 224, 36),
                        labels,
                        self.formation[side],
                        partial(self._set_formation, side),
                        font_size=r.font(14),
                        tooltip=f"{SIDES[side]}'s preset formation.",
                    )
                )
        return [*widgets, *self.footer("cube")]

    def _set_quality(self, side: int, index: int) -> None:
        self.quality[side] = QUALITIES[index]

    def _set_mode(self, index: int) -> None:
        self.mode = MODES[index]
        self.layout()

    def _set_formation(self, side: int, index: int) -> None:
        self.formation[side] = index

    def options(self) -> dict[str, object]:
        """The rules options for the chosen set-up."""
        setup = self.mode
        if self.mode == "preset":
            setup = f"preset:{self.formations[self.formation[0]]}/{self.formations[self.formation[1]]}"
        options: dict[str, object] = {
            "setup": setup,
            "quality": {"white": self.quality[0], "black": self.quality[1]},
        }
        if self.mode == "random":
            options["setup_seed"] = (
                self.seed if self.seed is not None else random.SystemRandom().getrandbits(31)
            )
        return options

    def seats(self) -> list[Seat]:
        """White and Black, named as typed or after their colour."""
        return [Seat(self.seat_name(side, SIDES[side]), self.who[side], side) for side in (0, 1)]

    def start(self) -> None:
        """Create the match and open the table in place of this scene."""
        formations = [self.formations[index] for index in self.formation]
        self.remember({"quality": list(self.quality), "mode": self.mode, "formations": formations})
        self.start_match("magistrat", self.options(), self.seats())

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header and row labels."""
        assets, r = self.host.assets, self.region
        self.header(surface, "MagiStrat match", "cube")
        palette = seat_colours(self.game_id, self.seats(), self.host.settings.colour_blind)
        for side in (0, 1):
            y = 210 + side * 110
            decor.swatch(surface, palette[side], r.pos(300, y), r.px(12), r.px(2))
            decor.text(
                surface,
                assets,
                "ui_semibold",
                r.font(17),
                SIDES[side],
                theme.TEXT_DIM,
                r.pos(278, y),
                "midright",
            )
            decor.text(
                surface,
                assets,
                "ui",
                r.font(16),
                "Piece quality",
                theme.TEXT_DIM,
                r.pos(450, y + 56),
                "midright",
            )
        decor.text(
            surface, assets, "ui_semibold", r.font(19), "Set-up", theme.TEXT, r.pos(450, 440), "midright"
        )
        if self.mode == "preset":
            decor.text(
                surface, assets, "ui", r.font(16), "Formations", theme.TEXT_DIM, r.pos(450, 490), "midright"
            )
        note = {
            "manual": "Mages and Apprentices stand ready; then each side places King, Priests, Archmages "
            "and Gods in turn, White first.",
            "preset": "Both sides start from the chosen formations (White's left, Black's right).",
            "random": "Every placement is drawn at random (seeded).",
        }[self.mode]
        decor.paragraph(
            surface, assets, "ui", r.font(15), note, theme.TEXT_DIM, r.pos(340, 530), r.px(600), centred=True
        )
        decor.text(
            surface,
            assets,
            "ui",
            r.font(14),
            "White moves first" + (f" · {self.seed_text()}" if self.seed_text() else ""),
            theme.TEXT_DISABLED,
            r.pos(640, 590),
            "midtop",
        )


def _chosen(value: object, allowed: tuple[T, ...], default: T) -> T:
    """``value`` when it is one of ``allowed`` (a remembered choice), else ``default``."""
    return next((option for option in allowed if option == value and type(option) is type(value)), default)
