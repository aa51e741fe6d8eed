"""The title screen (main menu) and the scenes the client starts with."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import __version__
from game.client import decor, theme
from game.client.scenes.base import Host, Scene
from game.client.scenes.common import MenuScene
from game.client.scenes.credits import CreditsScene
from game.client.scenes.dialog import DialogScene
from game.client.scenes.placeholders import NewMatchScene
from game.client.scenes.settings import SettingsScene
from game.client.widgets import Button, Widget

ORBIT = ("mage", "priest", "warrior", "nexus", "dice", "gravestone")


class TitleScene(MenuScene):
    """The main menu: the game's name, an animated emblem and the menu buttons."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.angle = 0.0
        self.pulse = 0.0

    def resume(self) -> None:
        """Coming back (e.g. from settings): the autosave may have appeared, the scale changed."""
        self.layout()

    def build(self) -> list[Widget]:
        """The eight menu buttons in three groups."""
        assets = self.host.assets
        has_autosave = self.host.autosave_exists()
        entries: list[tuple[str, str, object, str] | None] = [
            ("Continue", "continue", self._continue, "" if has_autosave else "Nothing to continue yet"),
            ("New match", "combat", self._new_match, "Start a MageStone or MagiStrat match"),
            ("Tutorial", "tutorial", self._tutorial, "Learn MageStone and MagiStrat step by step"),
            None,
            ("Load", "load", self._load, "Open a saved match"),
            ("Rules", "rules", self._rules, "Read the rules of both games"),
            ("Settings", "settings", self._settings, "Sound, animation, display and accessibility"),
            ("Credits", "credits", self._credits, "Typefaces, icons and their authors"),
            None,
            ("Quit", "quit", self.host.quit, "Close MageStone"),
        ]
        height, gap, extra_gap = 45, 6, 14
        buttons: list[Widget] = []
        y = 238
        for entry in entries:
            if entry is None:
                y += extra_gap
                continue
            label, icon, action, tooltip = entry
            button = Button(
                assets,
                pygame.Rect(110, y, self.px(330), height),
                label,
                action,  # type: ignore[arg-type]
                icon=icon,
                font_size=self.px(21),
                tooltip=tooltip,
            )
            if label == "Continue" and not has_autosave:
                button.enabled = False
                button.detail = "no saved match"
            buttons.append(button)
            y += height + gap
        return buttons

    def _continue(self) -> None:
        from game.client.match.loading import continue_match

        continue_match(self.host)

    def _new_match(self) -> None:
        self.host.stack.push(NewMatchScene(self.host))

    def _tutorial(self) -> None:
        from game.client.tutorial.menu import open_tutorial

        open_tutorial(self.host)

    def _load(self) -> None:
        from game.client.match.scenes import SaveSlotsScene

        self.host.stack.push(SaveSlotsScene(self.host))

    def _rules(self) -> None:
        from game.client.rules_reference.scene import RulesReferenceScene

        self.host.stack.push(RulesReferenceScene(self.host))

    def _settings(self) -> None:
        self.host.stack.push(SettingsScene(self.host))

    def _credits(self) -> None:
        self.host.stack.push(CreditsScene(self.host))

    def back(self) -> None:
        """Back on the title asks before quitting."""
        self.host.stack.push(
            DialogScene(
                self.host,
                "Leave MageStone?",
                "Your settings are saved.",
                confirm=("Quit", self.host.quit),
                cancel_label="Stay",
                icon="quit",
            )
        )

    def update(self, dt: float) -> None:
        """Turn the emblem's orbit and pulse its glow."""
        super().update(dt)
        self.angle = (self.angle + dt * 0.12) % math.tau
        self.pulse = (self.pulse + dt * 0.9) % math.tau

    def draw_content(self, surface: pygame.Surface) -> None:
        """Title, tagline, emblem and footer."""
        assets = self.host.assets
        surface.blit(decor.text_shadow(assets, "title", 100, "MageStone"), (104, 49))
        surface.blit(
            decor.gradient_text(assets, "title", 100, "MageStone", theme.GOLD_BRIGHT, (176, 128, 58)),
            (104, 44),
        )
        decor.text(
            surface,
            assets,
            "serif_italic",
            27,
            "Mages, stones and dice: two games of arcane strategy",
            theme.mix(theme.PARCHMENT, theme.TEXT_DIM, 0.35),
            (112, 162),
        )
        pygame.draw.line(surface, theme.mix(theme.NIGHT_TOP, theme.GOLD, 0.7), (112, 214), (440, 214))
        pygame.draw.polygon(surface, theme.GOLD, [(446, 210), (450, 214), (446, 218), (442, 214)])
        self._emblem(surface)
        decor.text(
            surface,
            assets,
            "ui",
            15,
            f"Version {__version__}",
            theme.TEXT_DISABLED,
            (24, 720 - 18),
            "bottomleft",
        )
        decor.text(
            surface,
            assets,
            "ui",
            15,
            "F11  fullscreen    ·    Esc  back    ·    Tab / arrows  choose",
            theme.TEXT_DISABLED,
            (1280 - 24, 720 - 18),
            "bottomright",
        )

    def _emblem(self, surface: pygame.Surface) -> None:
        assets = self.host.assets
        centre = (880, 360)
        glow = 0.5 + 0.5 * math.sin(self.pulse)
        for radius, shade in ((218, 0.55), (150, 0.3)):
            pygame.draw.circle(
                surface, theme.mix(theme.NIGHT_TOP, theme.GOLD, shade), centre, radius, width=1
            )
        for index in range(24):
            angle = -self.angle * 0.5 + index * math.tau / 24
            x = centre[0] + math.cos(angle) * 184
            y = centre[1] + math.sin(angle) * 184
            size = 3 if index % 2 == 0 else 2
            pygame.draw.circle(
                surface, theme.mix(theme.NIGHT_TOP, theme.GOLD, 0.5 + 0.3 * (index % 3 == 0)), (x, y), size
            )
        disc = pygame.Surface((300, 300), pygame.SRCALPHA)
        pygame.draw.circle(disc, (*theme.PANEL, 150), (150, 150), 150)
        surface.blit(disc, disc.get_rect(center=centre))
        halo = decor.halo(assets, "magestone", 200, (150, 120, 255))
        halo.set_alpha(int(140 + 115 * glow))
        surface.blit(halo, halo.get_rect(center=centre))
        crystal = assets.icon("magestone", 200, theme.GOLD_BRIGHT)
        surface.blit(crystal, crystal.get_rect(center=centre))
        for index, name in enumerate(ORBIT):
            angle = self.angle + index * math.tau / len(ORBIT)
            x = centre[0] + math.cos(angle) * 218
            y = centre[1] + math.sin(angle) * 218
            spot = (round(x), round(y))
            pygame.draw.circle(surface, theme.PANEL, spot, 32)
            pygame.draw.circle(surface, theme.mix(theme.BORDER, theme.GOLD, 0.6), spot, 32, width=2)
            icon = assets.icon(name, 38, theme.PARCHMENT)
            surface.blit(icon, icon.get_rect(center=spot))


@dataclass(frozen=True)
class StartupNotice:
    """A message shown over the title at start, with an optional action (label, command)."""

    message: str
    action: tuple[str, Callable[[], None]] | None = None


def initial_scenes(host: Host, notices: list[StartupNotice]) -> list[Scene]:
    """The title screen, with one dialog per startup notice over it (settings reset, crash report)."""
    scenes: list[Scene] = [TitleScene(host)]
    options = host.options
    if options.game is not None:
        scenes.append(NewMatchScene(host))
    for notice in notices:
        scenes.append(DialogScene(host, "Notice", notice.message, confirm=notice.action,
                                  cancel_label="OK" if notice.action is None else "Not now", icon="rules"))
    return scenes
