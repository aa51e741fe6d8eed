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
)


class SettingsScene(MenuScene):
    """One row per setting; every change is applied and saved at once."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.panel = pygame.Rect(240, 140, 800, 500)

    def _row_rect(self, index: int) -> pygame.Rect:
        row_h = (self.panel.height - 40) // len(ROWS)
        return pygame.Rect(self.panel.x + 40, self.panel.y + 20 + index * row_h, self.panel.width - 80, row_h)

    def build(self) -> list[Widget]:
        """Sliders, choices and toggles bound to the settings."""
        assets, settings = self.host.assets, self.host.settings
        widgets: list[Widget] = []
        for index, (_icon, _label, key) in enumerate(ROWS):
            row = self._row_rect(index)
            control = pygame.Rect(row.right - 380, row.centery - 20, 380, 40)
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
        decor.blit_panel(surface, self.panel, radius=18, alpha=210)
        for index, (icon, label, key) in enumerate(ROWS):
            row = self._row_rect(index)
            if index:
                pygame.draw.line(
                    surface, theme.mix(theme.PANEL, theme.BORDER, 0.5), (row.x, row.y), (row.right, row.y)
                )
            focused = self.group.focus_index == index
            colour = theme.GOLD_BRIGHT if focused else theme.TEXT
            icon_size = self.px(28)
            surface.blit(assets.icon(icon, icon_size, theme.GOLD), (row.x, row.centery - icon_size // 2))
            decor.text(
                surface,
                assets,
                "ui_semibold",
                self.px(20),
                label,
                colour,
                (row.x + icon_size + 16, row.centery),
                "midleft",
            )
            if key == "colour_blind":
                self._swatches(surface, row, settings.colour_blind)

    def _swatches(self, surface: pygame.Surface, row: pygame.Rect, safe: bool) -> None:
        x = row.right - 240
        for index, colour in enumerate(theme.player_colours(safe)):
            centre = (x + 12 + index * 30, row.centery)
            pygame.draw.circle(surface, theme.INK, (centre[0], centre[1] + 2), 11)
            pygame.draw.circle(surface, colour, centre, 11)
            pygame.draw.circle(surface, theme.PARCHMENT, centre, 11, width=1)
