"""The title screen (main menu) and the scenes the client starts with."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial

import pygame

from game import __version__
from game.client import decor, theme
from game.client.match.games import game_client, registered_games
from game.client.scenes.base import Host, Scene
from game.client.scenes.common import MenuScene
from game.client.scenes.dialog import DialogScene
from game.client.scenes.screens import make_screen, open_screen
from game.client.widgets import Button, Widget

TAGLINE = "Mages, stones and dice: two games of arcane strategy"
ORBIT = ("mage", "priest", "warrior", "nexus", "dice", "gravestone")


class TitleScene(MenuScene):
    """The main menu: the game's name, an animated emblem and the menu buttons."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.angle = 0.0
        self.pulse = 0.0
        self.title_pos = (0, 0)
        self.title_size = 100
        self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self.emblem_centre = (0, 0)
        self.emblem_scale = 1.0

    def resume(self) -> None:
        """Coming back (e.g. from settings): the autosave may have appeared, the scale changed."""
        self.layout()

    def build(self) -> list[Widget]:
        """The eight menu buttons in three groups."""
        assets = self.host.assets
        has_autosave = self.host.autosave_exists()
        games = _game_titles()
        entries: list[tuple[str, str, str, str] | None] = [
            ("Continue", "continue", "continue", "" if has_autosave else "Nothing to continue yet"),
            ("New match", "combat", "new_match", f"Start a {games} match"),
            ("Tutorial", "tutorial", "tutorial", f"Learn {games} step by step"),
            None,
            ("Load", "load", "load", "Open a saved match"),
            ("Rules", "rules", "rules", f"Read the rules of {games}"),
            ("Settings", "settings", "settings", "Sound, animation, display and accessibility"),
            ("Profiles", "crown", "profiles", "Players' Magnastorm artifact cards"),
            ("Credits", "credits", "credits", "Typefaces, icons and their authors"),
            None,
            ("Quit", "quit", "", "Close MageStone"),
        ]
        frame, px = self.frame, self.px
        left = min(px(110), frame.width // 12)
        self.title_size = min(px(100), frame.span(100) * 5 // 4)
        self.title_pos = (left - px(6), max(px(12), frame.height // 16))
        top = self.title_pos[1] + self.title_size + px(88)
        footer = frame.height - px(48)
        buttons_count = sum(1 for entry in entries if entry is not None)
        gaps = len(entries) - buttons_count
        height = px(45)
        gap, extra_gap = px(6), px(14)
        room = footer - top
        if buttons_count * (height + gap) + gaps * extra_gap > room:  # a short window: smaller buttons
            shrink = room / (buttons_count * (height + gap) + gaps * extra_gap)
            height, gap, extra_gap = int(height * shrink), int(gap * shrink), int(extra_gap * shrink)
        width = min(px(330), frame.width // 2 - left)
        self.menu_rect = pygame.Rect(left, top, width, footer - top)
        tagline = self.host.assets.font("serif_italic", px(27)).size(TAGLINE)[0] + px(8)
        right = left + max(width, min(tagline, frame.width // 2 - left)) + px(40)
        self.emblem_centre = ((right + frame.width) // 2, frame.height // 2)
        self.emblem_scale = max(0.2, min(frame.fit, (frame.width - right) / 2 / 260, frame.height / 2 / 260))
        buttons: list[Widget] = []
        y = top
        for entry in entries:
            if entry is None:
                y += extra_gap
                continue
            label, icon, screen, tooltip = entry
            button = Button(
                assets,
                pygame.Rect(left, y, width, height),
                label,
                partial(open_screen, self.host, screen) if screen else self.host.quit,
                icon=icon,
                font_size=min(px(21), round(height * 0.47)),
                tooltip=tooltip,
            )
            if label == "Continue" and not has_autosave:
                button.enabled = False
                button.detail = "no saved match"
            buttons.append(button)
            y += height + gap
        return buttons

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
        assets, frame, px = self.host.assets, self.frame, self.px
        self._emblem(surface)
        size = self.title_size
        x, y = self.title_pos
        surface.blit(decor.text_shadow(assets, "title", size, "MageStone"), (x, y + max(2, size // 20)))
        surface.blit(
            decor.gradient_text(assets, "title", size, "MageStone", theme.GOLD_BRIGHT, (176, 128, 58)), (x, y)
        )
        tagline = decor.elide(
            assets,
            "serif_italic",
            px(27),
            TAGLINE,
            frame.width - x - px(24),
        )
        decor.text(
            surface,
            assets,
            "serif_italic",
            px(27),
            tagline,
            theme.mix(theme.PARCHMENT, theme.TEXT_DIM, 0.35),
            (x + px(8), y + size + px(18)),
        )
        line_y = self.menu_rect.y - px(24)
        line_right = self.menu_rect.right
        pygame.draw.line(
            surface,
            theme.mix(theme.NIGHT_TOP, theme.GOLD, 0.7),
            (self.menu_rect.x, line_y),
            (line_right, line_y),
        )
        d = px(4)
        pygame.draw.polygon(
            surface,
            theme.GOLD,
            [
                (line_right + d + 2, line_y - d),
                (line_right + 2 * d + 2, line_y),
                (line_right + d + 2, line_y + d),
                (line_right + 2, line_y),
            ],
        )
        decor.text(
            surface,
            assets,
            "ui",
            px(15),
            f"Version {__version__}",
            theme.TEXT_DISABLED,
            (px(24), frame.height - px(16)),
            "bottomleft",
        )
        decor.text(
            surface,
            assets,
            "ui",
            px(15),
            "F11  fullscreen    ·    Esc  back    ·    Tab / arrows  choose",
            theme.TEXT_DISABLED,
            (frame.width - px(24), frame.height - px(16)),
            "bottomright",
        )

    def _emblem(self, surface: pygame.Surface) -> None:
        assets = self.host.assets
        centre = self.emblem_centre
        k = self.emblem_scale

        def s(value: float) -> int:
            return max(1, round(value * k))

        glow = 0.5 + 0.5 * math.sin(self.pulse)
        for radius, shade in ((218, 0.55), (150, 0.3)):
            pygame.draw.circle(
                surface, theme.mix(theme.NIGHT_TOP, theme.GOLD, shade), centre, s(radius), width=s(1)
            )
        for index in range(24):
            angle = -self.angle * 0.5 + index * math.tau / 24
            x = centre[0] + math.cos(angle) * s(184)
            y = centre[1] + math.sin(angle) * s(184)
            size = s(3) if index % 2 == 0 else s(2)
            pygame.draw.circle(
                surface, theme.mix(theme.NIGHT_TOP, theme.GOLD, 0.5 + 0.3 * (index % 3 == 0)), (x, y), size
            )
        surface.blit(_disc(s(150)), (centre[0] - s(150), centre[1] - s(150)))
        halo = decor.halo(assets, "magestone", s(200), (150, 120, 255))
        halo.set_alpha(int(140 + 115 * glow))
        surface.blit(halo, halo.get_rect(center=centre))
        crystal = assets.icon("magestone", s(200), theme.GOLD_BRIGHT)
        surface.blit(crystal, crystal.get_rect(center=centre))
        for index, name in enumerate(ORBIT):
            angle = self.angle + index * math.tau / len(ORBIT)
            x = centre[0] + math.cos(angle) * s(218)
            y = centre[1] + math.sin(angle) * s(218)
            spot = (round(x), round(y))
            pygame.draw.circle(surface, theme.PANEL, spot, s(32))
            pygame.draw.circle(surface, theme.mix(theme.BORDER, theme.GOLD, 0.6), spot, s(32), width=s(2))
            icon = assets.icon(name, s(38), theme.PARCHMENT)
            surface.blit(icon, icon.get_rect(center=spot))


@lru_cache(maxsize=4)
def _disc(radius: int) -> pygame.Surface:
    """The translucent disc behind the emblem's crystal."""
    disc = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    pygame.draw.circle(disc, (*theme.PANEL, 150), (radius, radius), radius)
    return disc


@dataclass(frozen=True)
class StartupNotice:
    """A message shown over the title at start, with an optional action (label, command)."""

    message: str
    action: tuple[str, Callable[[], None]] | None = None


def _game_titles() -> str:
    """"MageStone or MagiStrat": the titles of the games with a table, for the menu's tooltips."""
    titles = [client.title for client in map(game_client, registered_games()) if client is not None]
    return " or ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 2 else titles)


def initial_scenes(host: Host, notices: list[StartupNotice]) -> list[Scene]:
    """The title screen, with one dialog per startup notice over it (settings reset, crash report)."""
    scenes: list[Scene] = [TitleScene(host)]
    options = host.options
    if options.game is not None:
        scenes.append(make_screen(host, "new_match"))
    for notice in notices:
        scenes.append(DialogScene(host, "Notice", notice.message, confirm=notice.action,
                                  cancel_label="OK" if notice.action is None else "Not now", icon="rules"))
    return scenes
