"""The settings screen: sound, animation speed, display and accessibility, saved as they change."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.client import decor, theme
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
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


class SettingsScene(MenuScene):
    """One row per setting; every change is applied and saved at once."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.panel = pygame.Rect(0, 0, 1, 1)

    def _row_rect(self, index: int) -> pygame.Rect:
        pad = self.px(20)
        row_h = (self.panel.height - 2 * pad) // len(ROWS)
        return pygame.Rect(
            self.panel.x + 2 * pad, self.panel.y + pad + index * row_h, self.panel.width - 4 * pad, row_h
        )

    def _control_width(self) -> int:
        return min(self.px(380), self.panel.width // 2)

    def build(self) -> list[Widget]:
        """Sliders, choices and toggles bound to the settings, in a panel between header and Back."""
        assets, settings, frame, px = self.host.assets, self.host.settings, self.frame, self.px
        top, bottom = self.header_bottom(), self.footer_top()
        self.panel = pygame.Rect(0, top, min(px(800), frame.width - 2 * px(24)), max(1, bottom - top))
        self.panel.centerx = frame.width // 2
        widgets: list[Widget] = []
        for index, (_icon, _label, key) in enumerate(ROWS):
            row = self._row_rect(index)
            height = min(px(40), row.height - px(4))
            control = pygame.Rect(
                row.right - self._control_width(), row.centery - height // 2, self._control_width(), height
            )
            if key in ("music_volume", "effects_volume"):
                widget: Widget = Slider(
                    assets,
                    control,
                    getattr(settings, key),
                    partial(self._set, key),
                    on_release=self._preview if key == "effects_volume" else None,
                )
            elif key == "animation_speed":
                widget = Choice(
                    assets,
                    control,
                    [speed.title() for speed in ANIMATION_SPEEDS],
                    ANIMATION_SPEEDS.index(settings.animation_speed),
                    lambda index: self._change(animation_speed=ANIMATION_SPEEDS[index]),
                    tooltip="Instant skips every animation.",
                    font_size=self.px(16),
                )
            elif key == "ui_scale":
                widget = Choice(
                    assets,
                    control,
                    [f"{round(scale * 100)} %" for scale in UI_SCALES],
                    UI_SCALES.index(settings.ui_scale),
                    lambda index: self._change(ui_scale=UI_SCALES[index]),
                    tooltip="Size of text and controls.",
                    font_size=self.px(16),
                )
            else:
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
                widget = Toggle(
                    assets,
                    control,
                    getattr(settings, key),
                    partial(self._set, key),
                    tooltip=tooltip,
                )
            widgets.append(widget)
        return [*widgets, self.back_button()]

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
        toggle = self.group.widgets[3]
        if isinstance(toggle, Toggle) and toggle.value != self.host.settings.fullscreen:
            toggle.value = self.host.settings.fullscreen

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header, panel, row labels and the player-colour preview."""
        assets, settings = self.host.assets, self.host.settings
        self.header(surface, "Settings", "settings")
        decor.blit_panel(surface, self.panel, radius=18, alpha=210, unit=self.scale)
        for index, (icon, label, key) in enumerate(ROWS):
            row = self._row_rect(index)
            if index:
                pygame.draw.line(
                    surface, theme.mix(theme.PANEL, theme.BORDER, 0.5), (row.x, row.y), (row.right, row.y)
                )
            focused = self.group.focus_index == index
            colour = theme.GOLD_BRIGHT if focused else theme.TEXT
            icon_size = min(self.px(28), row.height - 2)
            surface.blit(assets.icon(icon, icon_size, theme.GOLD), (row.x, row.centery - icon_size // 2))
            size = min(self.px(20), round(row.height * 0.5))
            left = row.x + icon_size + self.px(16)
            room = row.right - self._control_width() - self.px(16) - left
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
