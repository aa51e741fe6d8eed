"""The settings screen: sound, animation speed, display and accessibility, saved as they change."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.client import decor, theme
from game.client.input import Intent, Key, KeyIntent, Scroll
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
from game.client.scrollbar import ScrollBar
from game.client.widgets import Choice, Slider, Toggle, Widget
from game.storage.settings import ANIMATION_SPEEDS, UI_SCALES

ROWS = (
    ("music", "Music volume", "music_volume"),
    ("sound-on", "Effects volume", "effects_volume"),
    ("animation", "Animation speed", "animation_speed"),
    ("fullscreen", "Fullscreen", "fullscreen"),
    ("palette", "Colour-blind-safe colours", "colour_blind"),
    ("ui-scale", "Interface size", "ui_scale"),
    ("rules", "Contextual rule tips", "contextual_tips"),
    ("continue", "Hand-over screen between humans", "handover_screen"),
    ("dice", "Confirm attacks", "confirm_attacks"),
)


ROW_HEIGHT = 44
"""The least height of a row, in design pixels: when the rows do not fit at it, the list scrolls
rather than shrinking its text (a large Interface size in a short window)."""
CONTROL_KEYS = ("music_volume", "effects_volume", "animation_speed", "ui_scale", "colour_blind")
"""Rows whose control (or colour preview) takes the full control width; the others are a switch."""


class SettingsScene(MenuScene):
    """One row per setting; every change is applied and saved at once. The rows scroll when the
    window cannot hold them all at a comfortable size."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.panel = pygame.Rect(0, 0, 1, 1)
        self.first = 0
        self.row_widgets: dict[str, Widget] = {}

    def _row_height(self) -> int:
        return max(self.px(ROW_HEIGHT), (self.panel.height - 2 * self.px(20)) // len(ROWS))

    def _capacity(self) -> int:
        return max(1, min(len(ROWS), (self.panel.height - 2 * self.px(20)) // self._row_height()))

    def visible_rows(self) -> range:
        """The indices of the rows in view."""
        return range(self.first, min(len(ROWS), self.first + self._capacity()))

    def _scrolls(self) -> bool:
        return self._capacity() < len(ROWS)

    def _row_rect(self, index: int) -> pygame.Rect:
        pad, row_h = self.px(20), self._row_height()
        bar = self.px(24) if self._scrolls() else 0
        return pygame.Rect(
            self.panel.x + 2 * pad,
            self.panel.y + pad + (index - self.first) * row_h,
            self.panel.width - 4 * pad - bar,
            row_h,
        )

    def _control_width(self) -> int:
        return min(self.px(380), self._row_rect(0).width // 2)

    def _control_extent(self, key: str) -> int:
        """How far left of the row's right edge its control draws (a switch needs far less room)."""
        return self._control_width() if key in CONTROL_KEYS else min(self._control_width(), self.px(130))

    def build(self) -> list[Widget]:
        """Sliders, choices and toggles bound to the settings, in a panel between header and Back."""
        assets, frame, px = self.host.assets, self.frame, self.px
        top, bottom = self.header_bottom(), self.footer_top()
        self.panel = pygame.Rect(0, top, min(px(800), frame.width - 2 * px(24)), max(1, bottom - top))
        self.panel.centerx = frame.width // 2
        self.first = max(0, min(self.first, len(ROWS) - self._capacity()))
        self.panel.height = min(self.panel.height, self._capacity() * self._row_height() + 2 * px(20))
        self.row_widgets = {}
        for index in self.visible_rows():
            key = ROWS[index][2]
            row = self._row_rect(index)
            height = min(px(40), row.height - px(4))
            width = self._control_extent(key)
            control = pygame.Rect(row.right - width, row.centery - height // 2, width, height)
            self.row_widgets[key] = self._control(key, control, round(height * 0.4))
        widgets = list(self.row_widgets.values())
        if self._scrolls():
            shown = self.visible_rows()
            bar = pygame.Rect(
                self.panel.right - 2 * px(20) - px(10),
                self._row_rect(shown[0]).y,
                px(10),
                self._row_height() * len(shown),
            )
            widgets.append(
                ScrollBar(
                    assets,
                    bar,
                    len(ROWS),
                    len(shown),
                    self.first,
                    self.scroll_to,
                    tooltip="More settings: drag, or use the wheel.",
                )
            )
        return [*widgets, self.back_button()]

    def _control(self, key: str, control: pygame.Rect, font_size: int) -> Widget:
        """The widget that sets ``key``, in the rect ``control``."""
        assets, settings = self.host.assets, self.host.settings
        if key in ("music_volume", "effects_volume"):
            return Slider(
                assets,
                control,
                getattr(settings, key),
                partial(self._set, key),
                on_release=self._preview if key == "effects_volume" else None,
            )
        if key == "animation_speed":
            return Choice(
                assets,
                control,
                [speed.title() for speed in ANIMATION_SPEEDS],
                ANIMATION_SPEEDS.index(settings.animation_speed),
                lambda index: self._change(animation_speed=ANIMATION_SPEEDS[index]),
                tooltip="Instant skips every animation.",
                font_size=font_size,
            )
        if key == "ui_scale":
            return Choice(
                assets,
                control,
                [f"{round(scale * 100)} %" for scale in UI_SCALES],
                UI_SCALES.index(settings.ui_scale),
                lambda index: self._change(ui_scale=UI_SCALES[index]),
                tooltip="Size of text and controls.",
                font_size=font_size,
            )
        tooltip = {
            "colour_blind": (
                "Okabe–Ito colours that stay distinct with every kind of colour blindness."  # noqa: RUF001
            ),
            "contextual_tips": "In a match, explain a rule the first time it comes into play.",
            "handover_screen": "New matches hide the board until the next human player is ready "
            "(each match set-up can still change it).",
            "confirm_attacks": "MageStone: a click on an enemy shows the odds; a second click or "
            "the Attack button rolls. Off: the first click attacks.",
        }.get(key, "Also F11, or Alt+Enter.")
        return Toggle(assets, control, getattr(settings, key), partial(self._set, key), tooltip=tooltip)

    def scroll_to(self, first: int) -> None:
        """Show the rows from ``first`` on."""
        first = max(0, min(first, len(ROWS) - self._capacity()))
        if first != self.first:
            self.first = first
            self.layout()

    def handle(self, intent: Intent) -> None:
        """The wheel scrolls the rows; the arrow keys past the last row in view scroll it in."""
        if isinstance(intent, Scroll):
            self.scroll_to(self.first - intent.dy)
            return
        focused = self.group.focused
        keys = [key for key, widget in self.row_widgets.items() if widget is focused]
        if isinstance(intent, KeyIntent) and intent.key in (Key.NEXT, Key.PREV) and keys:
            index = [row[2] for row in ROWS].index(keys[0]) + (1 if intent.key is Key.NEXT else -1)
            if 0 <= index < len(ROWS) and index not in self.visible_rows():
                self.scroll_to(self.first + (1 if intent.key is Key.NEXT else -1))
                self.group.focus(self.row_widgets[ROWS[index][2]], by_keyboard=True)
                return
        super().handle(intent)

    def _set(self, key: str, value: object) -> None:
        self._change(**{key: value})

    def _change(self, **changes: Any) -> None:
        self.host.change_settings(self.host.settings.with_changes(**changes))

    def _preview(self) -> None:
        self.host.audio.play("dice")

    def resume(self) -> None:
        """F11 may have changed the window mode while a dialog was open: refresh the controls."""
        self.layout()

    def update(self, dt: float) -> None:
        """Keep the fullscreen toggle in step with F11."""
        super().update(dt)
        toggle = self.row_widgets.get("fullscreen")
        if isinstance(toggle, Toggle) and toggle.value != self.host.settings.fullscreen:
            toggle.value = self.host.settings.fullscreen

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header, panel, row labels and the player-colour preview."""
        assets, settings = self.host.assets, self.host.settings
        self.header(surface, "Settings", "settings")
        decor.blit_panel(surface, self.panel, radius=18, alpha=210, unit=self.scale)
        for index in self.visible_rows():
            icon, label, key = ROWS[index]
            row = self._row_rect(index)
            if index != self.first:
                pygame.draw.line(
                    surface, theme.mix(theme.PANEL, theme.BORDER, 0.5), (row.x, row.y), (row.right, row.y)
                )
            focused = self.group.focused is self.row_widgets.get(key)
            colour = theme.GOLD_BRIGHT if focused else theme.TEXT
            icon_size = min(self.px(28), row.height - 2)
            surface.blit(assets.icon(icon, icon_size, theme.GOLD), (row.x, row.centery - icon_size // 2))
            size = min(self.px(20), round(row.height * 0.5))
            left = row.x + icon_size + self.px(16)
            room = row.right - self._control_extent(key) - self.px(16) - left
            decor.text(
                surface,
                assets,
                "ui_semibold",
                size,
                decor.elide(assets, "ui_semibold", size, label, room),
                colour,
                (left, row.centery),
                "midleft",
            )
            if key == "colour_blind":
                self._swatches(surface, row, settings.colour_blind)

    def _swatches(self, surface: pygame.Surface, row: pygame.Rect, safe: bool) -> None:
        """The four seat colours, in the toggle's row left of its On/Off label."""
        px = self.px
        x = row.right - self._control_width()
        radius = px(11)
        for index, colour in enumerate(theme.player_colours(safe)):
            centre = (x + px(12) + index * px(28), row.centery)
            pygame.draw.circle(surface, theme.INK, (centre[0], centre[1] + px(2)), radius)
            pygame.draw.circle(surface, colour, centre, radius)
            pygame.draw.circle(surface, theme.PARCHMENT, centre, radius, width=1)
