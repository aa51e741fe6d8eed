"""The player profiles screen (each name's Magnastorm artifact cards), and recording a match's awards."""

from __future__ import annotations

import hashlib
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.client import decor, theme
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
from game.client.scenes.dialog import DialogScene
from game.client.widgets import Button, Widget
from game.rules.magnastorm.data import TIERS, Artifact, bundled_content
from game.storage.profiles import awards_from_log, load_profiles

if TYPE_CHECKING:
    from game.client.match.controller import MatchController

DESIGN = (60, 130, 1160, 470)
ROWS = 8
"""Profiles listed per page."""
TIER_COLOURS = {"bronze": (196, 128, 74), "silver": (196, 204, 218), "gold": theme.GOLD_BRIGHT}
BONUS_NAMES = {
    "reputation": "1 reputation",
    "own_cube": "1 own CreditCube",
    "research:g": "1 green research",
    "research:r": "1 red research",
    "research:b": "1 blue research",
}


def record_artifact_awards(controller: MatchController) -> None:
    """Add each seat's ``artifact <seat> <card>`` outcome to the profile of the seat's name, once per
    match (the profiles file remembers the match by its game, seed and log)."""
    notations = [entry.notation for entry in controller.match.log]
    digest = hashlib.sha256("\n".join(notations).encode("utf-8")).hexdigest()[:16]
    key = f"{controller.game_id}:{controller.match.seed}:{digest}"
    profiles, notice = load_profiles()
    if notice:
        controller.notice = notice.replace("\n", " ")
    profiles.record_awards(awards_from_log([seat.name for seat in controller.seats], notations), key)


def bonus_text(card: Artifact) -> str:
    """What the card gives in the advanced start: "Level 2 · +1 reputation"."""
    return f"Level {card.level} · +{BONUS_NAMES.get(card.bonus, card.bonus)}"


class ProfilesScene(MenuScene):
    """The profiles on the left, the chosen one's artifact cards by tier on the right; Delete confirms."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.profiles, self.notice = load_profiles()
        names = self.profiles.names()
        self.chosen = names[0] if names else ""
        self.page = 0
        self.message = ""
        self.region = self.form(DESIGN)

    def enter(self) -> None:
        """Build; a damaged file is told once."""
        super().enter()
        if self.notice:
            self.host.stack.push(DialogScene(self.host, "Player profiles", self.notice, icon="quit"))
            self.notice = None

    def build(self) -> list[Widget]:
        """A button per listed profile, paging, Delete and Back."""
        assets = self.host.assets
        r = self.region = self.form(DESIGN)
        names = self.profiles.names()
        pages = max(1, -(-len(names) // ROWS))
        self.page = min(self.page, pages - 1)
        widgets: list[Widget] = []
        for index, name in enumerate(names[self.page * ROWS:(self.page + 1) * ROWS]):
            count = len(self.profiles.collection(name))
            widgets.append(Button(
                assets, r.rect(60, 150 + index * 52, 320, 44), name, partial(self._choose, name),
                style="primary" if name == self.chosen else "ghost",
                font_size=r.font(18), tooltip=f"{name}: {count} artifact card{'' if count == 1 else 's'}",
            ))
        if pages > 1:
            widgets.append(Button(assets, r.rect(60, 562, 155, 36), "Previous", partial(self._turn, -1),
                                  style="ghost", font_size=r.font(16), enabled=self.page > 0))
            widgets.append(Button(assets, r.rect(225, 562, 155, 36), "Next", partial(self._turn, 1),
                                  style="ghost", font_size=r.font(16), enabled=self.page < pages - 1))
        if self.chosen:
            widgets.append(Button(
                assets, r.rect(1040, 150, 160, 40), "Delete", self._ask_delete, icon="quit", style="ghost",
                font_size=r.font(16), tooltip=f"Delete {self.chosen}'s profile (you are asked to confirm)",
            ))
        widgets.append(self.back_button())
        return widgets

    def _choose(self, name: str) -> None:
        self.chosen, self.message = name, ""
        self.layout()

    def _turn(self, step: int) -> None:
        self.page += step
        self.layout()

    def _ask_delete(self) -> None:
        name = self.chosen
        count = len(self.profiles.collection(name))
        self.host.stack.push(DialogScene(
            self.host,
            f"Delete {name}?",
            f"{name}'s profile and its {count} artifact card{'' if count == 1 else 's'} "
            "will be gone for good.",
            confirm=("Delete", partial(self._delete, name)),
            cancel_label="Keep it",
            icon="quit",
        ))

    def _delete(self, name: str) -> None:
        self.profiles.delete(name)
        names = self.profiles.names()
        self.chosen = names[0] if names else ""
        self.message = f"{name}'s profile deleted."
        self.layout()

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header, the chosen profile's collection, and any message."""
        assets, r = self.host.assets, self.region
        self.header(surface, "Player profiles", "crown")
        if not self.chosen:
            for line, text in enumerate((
                "No profiles yet.",
                "Every player who finishes a Magnastorm match gets a profile, named after their seat,",
                "keeping the artifact card they win. With two cards each, the advanced start opens up.",
            )):
                role, size, colour = ("ui", 17, theme.TEXT_DIM) if line else ("serif_italic", 24, theme.TEXT)
                at = r.pos(640, 230 + line * 40)
                decor.text(surface, assets, role, r.font(size), text, colour, at, "midtop")
        else:
            self._draw_collection(surface)
        if self.message:
            size = self.px(18)
            text = decor.elide(assets, "ui_semibold", size, self.message, self.frame.width - self.px(48))
            decor.text(surface, assets, "ui_semibold", size, text, theme.GOLD_BRIGHT,
                       (self.frame.width // 2, self.footer_top() - self.px(6)), "midbottom")

    def _draw_collection(self, surface: pygame.Surface) -> None:
        assets, r = self.host.assets, self.region
        known = bundled_content().artifacts
        cards = [known[card] for card in self.profiles.collection(self.chosen) if card in known]
        decor.blit_panel(surface, r.rect(410, 136, 810, 470), radius=12, alpha=170, shadow=0, unit=r.unit)
        name = decor.elide(assets, "ui_bold", r.font(26), self.chosen, r.px(600))
        decor.text(surface, assets, "ui_bold", r.font(26), name, theme.GOLD, r.pos(436, 150))
        counts = ", ".join(f"{sum(c.tier == tier for c in cards)} {tier}" for tier in reversed(TIERS))
        total = f"{len(cards)} artifact card{'' if len(cards) == 1 else 's'}: {counts}"
        decor.text(surface, assets, "ui", r.font(16), total, theme.TEXT_DIM, r.pos(436, 186))
        ready = "ready for the advanced start" if len(cards) >= 2 else "two cards open the advanced start"
        decor.text(surface, assets, "ui_semibold", r.font(15), ready,
                   theme.GOLD_BRIGHT if len(cards) >= 2 else theme.TEXT_DISABLED, r.pos(436, 208))
        for column, tier in enumerate(reversed(TIERS)):
            x = 436 + column * 262
            own = [card for card in cards if card.tier == tier]
            colour = TIER_COLOURS[tier]
            decor.text(surface, assets, "ui_bold", r.font(18), f"{tier.title()} ({len(own)})", colour,
                       r.pos(x, 240))
            self._draw_cards(surface, own, x, colour)

    def _draw_cards(
        self, surface: pygame.Surface, cards: list[Artifact], x: int, colour: tuple[int, int, int]
    ) -> None:
        """One chip per card (number, level, bonus); "+N more" when the column is full."""
        assets, r = self.host.assets, self.region
        room = 11
        shown = cards if len(cards) <= room else cards[:room - 1]
        for row, card in enumerate(shown):
            chip = r.rect(x, 270 + row * 30, 246, 26)
            pygame.draw.rect(surface, theme.mix(theme.PANEL_HIGH, colour, 0.18), chip, border_radius=r.px(6))
            pygame.draw.rect(surface, colour, chip, width=1, border_radius=r.px(6))
            decor.text(surface, assets, "ui_bold", r.font(14), f"#{card.id}", colour,
                       (chip.x + r.px(8), chip.centery), "midleft")
            detail = decor.elide(assets, "ui", r.font(14), bonus_text(card), chip.width - r.px(56))
            decor.text(surface, assets, "ui", r.font(14), detail, theme.TEXT,
                       (chip.x + r.px(50), chip.centery), "midleft")
        if len(shown) < len(cards):
            decor.text(surface, assets, "ui_semibold", r.font(14), f"+{len(cards) - len(shown)} more",
                       theme.TEXT_DIM, r.pos(x + 8, 270 + len(shown) * 30 + 4))
        if not cards:
            decor.text(surface, assets, "serif_italic", r.font(15), "none yet", theme.TEXT_DISABLED,
                       r.pos(x, 272))

