"""Credits: who made the typefaces, icons and sounds, and under which licences."""

from __future__ import annotations

import pygame

from game.client import decor, theme
from game.client.assets import icon_credits
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
from game.client.widgets import Widget

TYPEFACES = (
    ("EB Garamond", "Georg Duffner", "titles"),
    ("Lato", "Łukasz Dziedzic", "interface text"),
)


class CreditsScene(MenuScene):
    """Three columns: typefaces, icons (CC BY 3.0, authors named), sound and software."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.icons = icon_credits()

    def build(self) -> list[Widget]:
        """Only a Back button."""
        return [self.back_button()]

    def draw_content(self, surface: pygame.Surface) -> None:
        """The three credit panels."""
        top = self.header(surface, "Credits", "credits")
        bottom = 720 - 36 - self.px(48) - 24
        width, gap = 360, 30
        x = 640 - (3 * width + 2 * gap) // 2
        columns = (self._typefaces, self._icons, self._software)
        for column in columns:
            rect = pygame.Rect(x, top + 6, width, bottom - top - 6)
            decor.blit_panel(surface, rect, radius=16, alpha=205)
            column(surface, rect.inflate(-48, -40))
            x += width + gap

    def _title(self, surface: pygame.Surface, rect: pygame.Rect, title: str, icon: str) -> float:
        assets = self.host.assets
        size = self.px(26)
        surface.blit(assets.icon(icon, size, theme.GOLD), (rect.x, rect.y))
        decor.text(
            surface, assets, "serif_bold", self.px(26), title, theme.GOLD, (rect.x + size + 12, rect.y - 4)
        )
        return rect.y + self.px(46)

    def _entry(self, surface: pygame.Surface, x: int, y: float, width: int, heading: str, body: str) -> float:
        assets = self.host.assets
        decor.text(surface, assets, "ui_bold", self.px(17), heading, theme.PARCHMENT, (x, y))
        return decor.paragraph(
            surface, assets, "ui", self.px(15), body, theme.TEXT_DIM, (x, y + self.px(24)), width
        ) + self.px(12)

    def _typefaces(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = self._title(surface, rect, "Typefaces", "credits")
        for name, author, use in TYPEFACES:
            y = self._entry(
                surface,
                rect.x,
                y,
                rect.width,
                name,
                f"by {author}, for {use}. SIL Open Font License 1.1; licence text in assets/fonts.",
            )

    def _icons(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = self._title(surface, rect, "Icons", "magestone")
        y = decor.paragraph(
            surface,
            self.host.assets,
            "ui",
            self.px(15),
            "From game-icons.net, licensed under Creative Commons Attribution 3.0 (CC BY 3.0), "
            "recoloured for MageStone.",
            theme.TEXT,
            (rect.x, y),
            rect.width,
        ) + self.px(10)
        authors = sorted(self.icons["authors"].items(), key=lambda item: -len(item[1]))
        for author, names in authors:
            count = f"{len(names)} icon{'s' if len(names) != 1 else ''}"
            y = self._entry(
                surface,
                rect.x,
                y,
                rect.width,
                author,
                f"{count}: {', '.join(names[:4])}" + (", …" if len(names) > 4 else ""),
            )
        decor.paragraph(
            surface,
            self.host.assets,
            "ui",
            self.px(14),
            "Every icon and its author: assets/icons/LICENSE.",
            theme.TEXT_DIM,
            (rect.x, y),
            rect.width,
        )

    def _software(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = self._title(surface, rect, "Sound & code", "sound-on")
        y = self._entry(
            surface,
            rect.x,
            y,
            rect.width,
            "Sound effects",
            "Synthesized for MageStone from sine waves and noise (tools/make_sounds.py).",
        )
        y = self._entry(
            surface,
            rect.x,
            y,
            rect.width,
            "Built with",
            "Python, pygame-ce and SDL (LGPL), pymunk, platformdirs.",
        )
        self._entry(
            surface,
            rect.x,
            y,
            rect.width,
            "Game rules",
            "MageStone and MagiStrat, adapted from their original rule texts.",
        )
