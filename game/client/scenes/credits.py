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


Entry = tuple[str, str]
"""A heading and its paragraph."""


class CreditsScene(MenuScene):
    """Three columns: typefaces, icons (CC BY 3.0, authors named), sound and software.

    The columns share the window's width; when a small window at a large Interface size cannot
    hold the text, the text steps down (:attr:`text_scale`) until every column fits its panel.
    """

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.icons = icon_credits()
        self.columns: list[pygame.Rect] = []
        self.text_scale = 1.0

    def build(self) -> list[Widget]:
        """Only a Back button; the three panels are laid out between the header and it."""
        frame, px = self.frame, self.px
        top, bottom = self.header_bottom() + px(6), self.footer_top()
        gap = px(30)
        width = min(px(360), (frame.width - 2 * px(24) - 2 * gap) // 3)
        x = frame.width // 2 - (3 * width + 2 * gap) // 2
        self.columns = [
            pygame.Rect(x + i * (width + gap), top, width, max(1, bottom - top)) for i in range(3)
        ]
        self.text_scale = 1.0
        while self.text_scale > 0.5 and any(
            self._column_height(content, rect.inflate(-px(48), -px(40)).width) > rect.height - px(40)
            for content, rect in zip(self._contents(), self.columns, strict=True)
        ):
            self.text_scale -= 0.05
        return [self.back_button()]

    def size(self, value: float) -> int:
        """A design font size or spacing at this scene's text scale, in pixels."""
        return max(1, round(self.px(value) * self.text_scale))

    def _contents(self) -> list[tuple[str, str, str, list[Entry], str]]:
        """Per column: title, icon, introduction, entries, closing note."""
        typefaces = [
            (name, f"by {author}, for {use}. SIL Open Font License 1.1; licence text in assets/fonts.")
            for name, author, use in TYPEFACES
        ]
        authors = sorted(self.icons["authors"].items(), key=lambda item: -len(item[1]))
        icons = [
            (
                author,
                f"{len(names)} icon{'s' if len(names) != 1 else ''}: {', '.join(names[:4])}"
                + (", …" if len(names) > 4 else ""),
            )
            for author, names in authors
        ]
        software = [
            ("Sound effects", "Synthesized for MageStone from sine waves and noise (tools/make_sounds.py)."),
            ("Built with", "Python, pygame-ce and SDL (LGPL), pymunk, platformdirs."),
            ("Game rules", "MageStone and MagiStrat, adapted from their original rule texts."),
        ]
        return [
            ("Typefaces", "credits", "", typefaces, ""),
            (
                "Icons",
                "magestone",
                "From game-icons.net, licensed under Creative Commons Attribution 3.0 (CC BY 3.0), "
                "recoloured for MageStone.",
                icons,
                "Every icon and its author: assets/icons/LICENSE.",
            ),
            ("Sound & code", "sound-on", "", software, ""),
        ]

    def _column_height(self, content: tuple[str, str, str, list[Entry], str], width: int) -> float:
        assets, size = self.host.assets, self.size
        _title, _icon, intro, entries, note = content
        height = float(size(46))
        if intro:
            height += decor.paragraph_height(assets, "ui", size(15), intro, width) + size(10)
        for _heading, body in entries:
            height += size(24) + decor.paragraph_height(assets, "ui", size(15), body, width) + size(12)
        if note:
            height += decor.paragraph_height(assets, "ui", size(14), note, width)
        return height

    def draw_content(self, surface: pygame.Surface) -> None:
        """The three credit panels."""
        self.header(surface, "Credits", "credits")
        for content, rect in zip(self._contents(), self.columns, strict=True):
            decor.blit_panel(surface, rect, radius=16, alpha=205, unit=self.scale)
            self._column(surface, rect.inflate(-self.px(48), -self.px(40)), content)

    def _column(
        self, surface: pygame.Surface, rect: pygame.Rect, content: tuple[str, str, str, list[Entry], str]
    ) -> None:
        assets, size = self.host.assets, self.size
        title, icon, intro, entries, note = content
        icon_size = size(26)
        surface.blit(assets.icon(icon, icon_size, theme.GOLD), (rect.x, rect.y))
        decor.text(
            surface,
            assets,
            "serif_bold",
            size(26),
            title,
            theme.GOLD,
            (rect.x + icon_size + size(12), rect.y - size(4)),
        )
        y: float = rect.y + size(46)
        if intro:
            y = decor.paragraph(
                surface, assets, "ui", size(15), intro, theme.TEXT, (rect.x, y), rect.width
            ) + size(10)
        for heading, body in entries:
            decor.text(surface, assets, "ui_bold", size(17), heading, theme.PARCHMENT, (rect.x, y))
            y = decor.paragraph(
                surface, assets, "ui", size(15), body, theme.TEXT_DIM, (rect.x, y + size(24)), rect.width
            ) + size(12)
        if note:
            decor.paragraph(surface, assets, "ui", size(14), note, theme.TEXT_DIM, (rect.x, y), rect.width)
