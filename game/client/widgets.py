"""Small hand-written widgets: buttons, cards, sliders, toggles, choices, text fields, tooltips.

A :class:`FocusGroup` routes intents to its widgets and gives them keyboard navigation
(Next/Prev move focus, Left/Right adjust, Confirm activates) and pointer focus on hover.
A widget that is ``capturing`` (a text field being edited) gets typed text and keys first.
Widgets animate their highlight in ``update(dt)``; ``draw`` only paints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.client import decor, theme
from game.client.assets import Assets
from game.client.audio import Audio
from game.client.input import Click, Hover, Intent, Key, KeyIntent, Release, Typed

Pos = tuple[float, float]


class Widget:
    """Base widget: a rect in window pixels, enabled/focused state and a 0..1 highlight that eases.

    Paddings, knobs and borders scale with the widget's height (:attr:`k`, 1.0 at
    :attr:`design_height`), so a control laid out at any size or UI scale keeps its proportions.
    """

    focusable = True
    design_height = 40

    def __init__(self, assets: Assets, rect: pygame.Rect, tooltip: str = "", enabled: bool = True) -> None:
        self.assets = assets
        self.rect = pygame.Rect(rect)
        self.tooltip = tooltip
        self.enabled = enabled
        self.focused = False
        self.glow = 0.0

    @property
    def k(self) -> float:
        """The widget's size relative to its design height (scales paddings and knobs)."""
        return max(0.5, self.rect.height / self.design_height)

    def u(self, value: float) -> int:
        """A design length inside the widget, in pixels."""
        return max(1, round(value * self.k)) if value else 0

    def hit(self, pos: Pos) -> bool:
        """True when ``pos`` is on the widget."""
        return bool(self.rect.collidepoint(pos))

    def activate(self) -> bool:
        """Confirm pressed while focused; returns True when something happened."""
        return False

    def press(self, pos: Pos) -> bool:
        """Primary button pressed on the widget."""
        del pos
        return self.activate()

    def drag(self, pos: Pos) -> None:
        """Pointer moved while this widget holds the press."""

    def release(self) -> None:
        """Primary button released after a press on this widget."""

    def adjust(self, step: int) -> bool:
        """Left (-1) or Right (+1) while focused; False when the widget does not adjust."""
        del step
        return False

    def on_focus(self, by_keyboard: bool) -> None:
        """The focus arrived (by Tab or the arrows when ``by_keyboard``)."""

    def on_blur(self) -> None:
        """The focus left."""

    @property
    def capturing(self) -> bool:
        """True while the widget takes the keyboard for itself (a text field being edited)."""
        return False

    def type_text(self, text: str) -> None:
        """Printable text typed while capturing."""

    def type_key(self, key: Key) -> bool:
        """A key while capturing (as a text field reads it); False lets the group use it."""
        del key
        return False

    def update(self, dt: float) -> None:
        """Ease the highlight towards focused (1) or not (0)."""
        target = 1.0 if self.focused and self.enabled else 0.0
        self.glow += (target - self.glow) * min(1.0, dt * 14)
        if abs(target - self.glow) < 0.01:
            self.glow = target

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the widget."""
        raise NotImplementedError


class Button(Widget):
    """A labelled button with an optional icon; ``style`` is "menu", "primary" or "ghost"."""

    design_height = 45

    def __init__(
        self,
        assets: Assets,
        rect: pygame.Rect,
        label: str,
        on_click: Callable[[], None],
        icon: str | None = None,
        style: str = "menu",
        font_size: int = 22,
        tooltip: str = "",
        enabled: bool = True,
        detail: str = "",
    ) -> None:
        super().__init__(assets, rect, tooltip, enabled)
        self.label = label
        self.detail = detail
        self.on_click = on_click
        self.icon = icon
        self.style = style
        self.font_size = font_size

    def activate(self) -> bool:
        """Run the action when enabled."""
        if not self.enabled:
            return False
        self.on_click()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """A panel that warms to gold when focused; menu buttons slide their content right."""
        glow = round(self.glow * 8) / 8
        fill = theme.mix(theme.PANEL, theme.PANEL_HIGH, glow)
        border = theme.mix(theme.BORDER, theme.GOLD, glow)
        if self.style == "primary":
            fill = theme.mix((92, 66, 30), (140, 102, 44), glow)
            border = theme.mix(theme.GOLD, theme.GOLD_BRIGHT, glow)
        alpha = 150 + int(80 * glow) if self.style != "ghost" else int(200 * glow)
        decor.blit_panel(
            surface,
            self.rect,
            radius=min(self.u(12), self.rect.height // 3),
            fill=fill,
            alpha=alpha,
            border=border,
            border_alpha=255 if self.style != "ghost" else int(255 * glow),
            shadow=self.u(8) if self.style != "ghost" else 0,
        )
        if not self.enabled:
            colour, icon_colour = theme.TEXT_DISABLED, theme.TEXT_DISABLED
        else:
            colour = theme.mix(theme.TEXT, theme.GOLD_BRIGHT, glow)
            icon_colour = theme.mix(theme.GOLD, theme.GOLD_BRIGHT, glow)
        if self.style == "menu" and self.enabled and glow > 0:
            bar = pygame.Rect(
                self.rect.x + self.u(6), self.rect.y + self.u(10), self.u(3), self.rect.height - self.u(20)
            )
            pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.GOLD_BRIGHT, glow), bar, border_radius=2)
        shift = int(self.u(8) * self.glow) if self.style == "menu" else 0
        icon_size = int(self.rect.height * 0.52)
        if self.style == "menu":
            x = self.rect.x + self.u(22) + shift
            icon_room = icon_size + self.u(16) if self.icon else 0
            detail_room = self._detail_width() + self.u(12) if self.detail else 0
            label = self._label(colour, self.rect.right - self.u(18) - (x - shift) - icon_room - detail_room)
            if self.icon:
                surface.blit(
                    self.assets.icon(self.icon, icon_size, icon_colour),
                    (x, self.rect.centery - icon_size // 2),
                )
                x += icon_size + self.u(16)
            surface.blit(label, label.get_rect(midleft=(x, self.rect.centery)))
            decor.record_text(label.get_rect(midleft=(x, self.rect.centery)), self.label)
            if self.detail:
                decor.text(
                    surface,
                    self.assets,
                    "serif_italic",
                    self._detail_size(),
                    self.detail,
                    theme.TEXT_DISABLED if not self.enabled else theme.TEXT_DIM,
                    (self.rect.right - self.u(18), self.rect.centery),
                    "midright",
                )
            return
        gap = self.u(10)
        label = self._label(colour, self.rect.width - self.u(20) - ((icon_size + gap) if self.icon else 0))
        total = label.get_width() + ((icon_size + gap) if self.icon else 0)
        x = self.rect.centerx - total // 2
        if self.icon:
            surface.blit(
                self.assets.icon(self.icon, icon_size, icon_colour), (x, self.rect.centery - icon_size // 2)
            )
            x += icon_size + gap
        surface.blit(label, label.get_rect(midleft=(x, self.rect.centery)))
        decor.record_text(label.get_rect(midleft=(x, self.rect.centery)), self.label)

    def _detail_size(self) -> int:
        return max(9, round(self.font_size * 0.8))

    def _detail_width(self) -> int:
        return int(self.assets.font("serif_italic", self._detail_size()).size(self.detail)[0])

    def label_size(self, room: int) -> int:
        """The font size the label is drawn at: the button's, or smaller (down to 60 %, at least
        9 px) so that it fits ``room`` pixels."""
        smallest = max(9, round(self.font_size * 0.6))
        return decor.fit_size(self.assets, "ui_semibold", self.font_size, self.label, room, smallest)

    def _label(self, colour: tuple[int, int, int], room: int) -> pygame.Surface:
        """The label at the button's font size, or smaller so that it fits ``room`` px."""
        return self.assets.text("ui_semibold", self.label_size(room), self.label, colour)


class Card(Widget):
    """A large selectable card (icon, title, a few lines); one of a radio group."""

    def __init__(
        self,
        assets: Assets,
        rect: pygame.Rect,
        title: str,
        lines: Sequence[str],
        icon: str,
        on_select: Callable[[], None],
        selected: bool = False,
        scale: float = 1.0,
    ) -> None:
        super().__init__(assets, rect)
        self.title = title
        self.lines = list(lines)
        self.icon = icon
        self.on_select = on_select
        self.selected = selected
        self.scale = scale

    def activate(self) -> bool:
        """Select this card."""
        self.on_select()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Selected cards get a gold frame and a glowing icon; focus brightens the panel."""
        glow = round(self.glow * 8) / 8
        chosen = 1.0 if self.selected else 0.0
        fill = theme.mix(theme.PANEL, theme.PANEL_HIGH, max(glow * 0.7, chosen))
        border = theme.mix(theme.BORDER, theme.GOLD_BRIGHT, max(chosen, glow * 0.6))
        decor.blit_panel(surface, self.rect, radius=16, fill=fill, alpha=215, border=border, unit=self.scale)
        if self.selected:
            pygame.draw.rect(
                surface,
                theme.GOLD,
                self.rect.inflate(round(6 * self.scale), round(6 * self.scale)),
                width=max(1, round(2 * self.scale)),
                border_radius=round(19 * self.scale),
            )
        icon_size = min(int(self.rect.height * 0.32), self.rect.height - round(214 * self.scale))
        colour = theme.GOLD_BRIGHT if self.selected else theme.mix(theme.TEXT_DIM, theme.GOLD, glow)
        if icon_size >= 12:  # a short card gives its room to the words
            emblem = decor.glow_icon(self.assets, self.icon, icon_size, colour, theme.GLOW)
            centre_y = self.rect.y + round(30 * self.scale) + icon_size // 2
            surface.blit(emblem, emblem.get_rect(center=(self.rect.centerx, centre_y)))
        icon_size = max(0, icon_size)
        y = self.rect.y + icon_size + round(54 * self.scale)
        decor.text(
            surface,
            self.assets,
            "title",
            int(36 * self.scale),
            self.title,
            theme.PARCHMENT if self.selected else theme.TEXT,
            (self.rect.centerx, y),
            "midtop",
            shadow=True,
        )
        y += int(48 * self.scale)
        for line in self.lines:
            decor.text(
                surface,
                self.assets,
                "ui",
                int(17 * self.scale),
                line,
                theme.TEXT_DIM,
                (self.rect.centerx, y),
                "midtop",
            )
            y += int(25 * self.scale)


class Slider(Widget):
    """A 0..1 value with a gold track; drag, click, or Left/Right in steps of 5 %."""

    def __init__(
        self,
        assets: Assets,
        rect: pygame.Rect,
        value: float,
        on_change: Callable[[float], None],
        on_release: Callable[[], None] | None = None,
        tooltip: str = "",
    ) -> None:
        super().__init__(assets, rect, tooltip)
        self.value = value
        self.on_change = on_change
        self.on_release = on_release

    def _set(self, value: float) -> None:
        value = round(min(1.0, max(0.0, value)), 2)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def _track(self) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x + self.u(10), self.rect.centery - self.u(3), self.rect.width - self.u(90), self.u(6)
        )

    def press(self, pos: Pos) -> bool:
        """Jump to the pressed point (and start dragging)."""
        self.drag(pos)
        return True

    def drag(self, pos: Pos) -> None:
        """Follow the pointer along the track."""
        track = self._track()
        self._set((pos[0] - track.x) / track.width)

    def release(self) -> None:
        """Report the end of a drag (e.g. to preview the volume)."""
        if self.on_release is not None:
            self.on_release()

    def adjust(self, step: int) -> bool:
        """Move by 5 %."""
        self._set(self.value + 0.05 * step)
        self.release()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Track, filled part, knob and percentage."""
        track = self._track()
        filled = max(0, int(track.width * self.value))
        knob = (track.x + filled, track.centery)
        radius = self.u(10) + int(self.u(2) * self.glow)
        draw_track(surface, track, [(filled, theme.GOLD)], knob, radius, self.glow)
        if self.glow > 0.05:
            pygame.draw.circle(
                surface,
                theme.mix(theme.PANEL, theme.GOLD_BRIGHT, self.glow * 0.6),
                knob,
                radius + self.u(5),
                width=1,
            )
        decor.text(
            surface,
            self.assets,
            "ui_semibold",
            self.u(18),
            f"{round(self.value * 100)} %",
            theme.mix(theme.TEXT, theme.GOLD_BRIGHT, self.glow),
            (self.rect.right, self.rect.centery),
            "midright",
        )


def draw_track(
    surface: pygame.Surface,
    track: pygame.Rect,
    fills: Sequence[tuple[int, theme.Colour]],
    knob: tuple[int, int],
    radius: int,
    glow: float,
) -> None:
    """A slider's track with filled parts (their widths from its left, drawn in order) and its knob."""
    pygame.draw.rect(surface, theme.INK, track.inflate(2, 2), border_radius=4)
    pygame.draw.rect(surface, (52, 44, 88), track, border_radius=3)
    for width, colour in fills:
        if width > 0:
            pygame.draw.rect(surface, colour, (track.x, track.y, width, track.height), border_radius=3)
    pygame.draw.circle(surface, theme.INK, (knob[0], knob[1] + 2), radius + 1)
    pygame.draw.circle(surface, theme.mix(theme.PARCHMENT, theme.GOLD_BRIGHT, glow), knob, radius)
    pygame.draw.circle(surface, theme.GOLD, knob, radius, width=2)


class Toggle(Widget):
    """An on/off switch."""

    def __init__(
        self,
        assets: Assets,
        rect: pygame.Rect,
        value: bool,
        on_change: Callable[[bool], None],
        tooltip: str = "",
    ) -> None:
        super().__init__(assets, rect, tooltip)
        self.value = value
        self.on_change = on_change
        self.knob = 1.0 if value else 0.0

    def activate(self) -> bool:
        """Flip the switch."""
        self.value = not self.value
        self.on_change(self.value)
        return True

    def adjust(self, step: int) -> bool:
        """Right switches on, Left switches off."""
        if (step > 0) != self.value:
            self.activate()
        return True

    def update(self, dt: float) -> None:
        """Slide the knob."""
        super().update(dt)
        target = 1.0 if self.value else 0.0
        self.knob += (target - self.knob) * min(1.0, dt * 16)
        if abs(target - self.knob) < 0.01:
            self.knob = target

    def draw(self, surface: pygame.Surface) -> None:
        """A pill that fills with gold when on."""
        u = self.u
        pill = pygame.Rect(0, 0, u(60), u(30))
        pill.midright = self.rect.midright
        pygame.draw.rect(surface, theme.mix((52, 44, 88), theme.GOLD, self.knob), pill, border_radius=u(15))
        pygame.draw.rect(
            surface,
            theme.mix(theme.BORDER, theme.GOLD_BRIGHT, self.glow),
            pill,
            width=u(2),
            border_radius=u(15),
        )
        x = pill.x + u(15) + int(u(30) * self.knob)
        pygame.draw.circle(surface, theme.INK, (x, pill.centery + u(2)), u(11))
        pygame.draw.circle(surface, theme.PARCHMENT, (x, pill.centery), u(11))
        label = "On" if self.value else "Off"
        decor.text(
            surface,
            self.assets,
            "ui_semibold",
            u(18),
            label,
            theme.mix(theme.TEXT_DIM, theme.GOLD_BRIGHT, max(self.glow, self.knob * 0.6)),
            (pill.x - u(14), pill.centery),
            "midright",
        )


class Choice(Widget):
    """A segmented control choosing one of a few labelled options."""

    def __init__(
        self,
        assets: Assets,
        rect: pygame.Rect,
        options: Sequence[str],
        index: int,
        on_change: Callable[[int], None],
        tooltip: str = "",
        font_size: int = 17,
    ) -> None:
        super().__init__(assets, rect, tooltip)
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.font_size = font_size

    def _segments(self) -> list[pygame.Rect]:
        width = self.rect.width / len(self.options)
        return [
            pygame.Rect(round(self.rect.x + i * width), self.rect.y, round(width), self.rect.height)
            for i in range(len(self.options))
        ]

    def _choose(self, index: int) -> None:
        if index != self.index:
            self.index = index
            self.on_change(index)

    def press(self, pos: Pos) -> bool:
        """Choose the pressed segment."""
        for index, segment in enumerate(self._segments()):
            if segment.collidepoint(pos):
                self._choose(index)
        return True

    def activate(self) -> bool:
        """Confirm cycles to the next option."""
        self._choose((self.index + 1) % len(self.options))
        return True

    def adjust(self, step: int) -> bool:
        """Left/Right pick the neighbouring option."""
        self._choose(min(len(self.options) - 1, max(0, self.index + step)))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Segments in a rounded frame, the chosen one filled with gold."""
        pygame.draw.rect(surface, (26, 22, 52), self.rect, border_radius=self.u(10))
        for index, segment in enumerate(self._segments()):
            chosen = index == self.index
            if chosen:
                pygame.draw.rect(
                    surface,
                    theme.mix(theme.GOLD, theme.GOLD_BRIGHT, self.glow * 0.5),
                    segment.inflate(-self.u(6), -self.u(6)),
                    border_radius=self.u(8),
                )
            colour = theme.INK if chosen else theme.mix(theme.TEXT_DIM, theme.TEXT, self.glow)
            decor.text(
                surface,
                self.assets,
                "ui_bold" if chosen else "ui_semibold",
                self.font_size,
                self.options[index],
                colour,
                segment.center,
                "center",
            )
        pygame.draw.rect(
            surface,
            theme.mix(theme.BORDER, theme.GOLD_BRIGHT, self.glow),
            self.rect,
            width=1,
            border_radius=self.u(10),
        )


class TextField(Widget):
    """A one-line text input, e.g. a player's name.

    Click it, or reach it with Tab, and type. Backspace/Delete erase, Left/Right/Home/End move the
    caret, Enter keeps the text, Esc restores what was there before; at most ``max_length``
    characters, and with ``max_width`` no wider than that many pixels in the field's font (a name
    that has to fit other panels). An empty field shows ``placeholder`` (what empty stands for) in grey.
    """

    def __init__(
        self,
        assets: Assets,
        rect: pygame.Rect,
        value: str,
        on_change: Callable[[str], None],
        placeholder: str = "",
        max_length: int = 16,
        tooltip: str = "",
        enabled: bool = True,
        font_size: int = 18,
        max_width: int | None = None,
    ) -> None:
        super().__init__(assets, rect, tooltip, enabled)
        self.value = value[:max_length]
        self.on_change = on_change
        self.placeholder = placeholder
        self.max_length = max_length
        self.max_width = max_width
        self.font_size = font_size
        self.caret = len(self.value)
        self.editing = False
        self.blink = 0.0
        self._before = self.value

    @property
    def capturing(self) -> bool:
        """True while being edited."""
        return self.editing

    def _set(self, value: str, caret: int) -> None:
        self.caret = caret
        self.blink = 0.0
        if value != self.value:
            self.value = value
            self.on_change(value)

    def begin(self) -> None:
        """Start editing with the caret at the end."""
        if self.enabled and not self.editing:
            self.editing = True
            self._before = self.value
            self.caret = len(self.value)
            self.blink = 0.0

    def finish(self, keep: bool = True) -> None:
        """Stop editing: keep the text (trimmed of outer spaces) or restore the text from before."""
        if self.editing:
            self.editing = False
            value = self.value.strip() if keep else self._before
            self._set(value, len(value))

    def on_focus(self, by_keyboard: bool) -> None:
        """Tabbing into the field starts editing (hovering only highlights it)."""
        if by_keyboard:
            self.begin()

    def on_blur(self) -> None:
        """Leaving the field keeps what was typed."""
        self.finish()

    def activate(self) -> bool:
        """Enter on the highlighted field starts editing."""
        self.begin()
        return self.enabled

    def press(self, pos: Pos) -> bool:
        """A click starts editing and puts the caret at the nearest letter gap."""
        shift = self._scroll()  # as drawn when clicked
        self.begin()
        if self.editing:
            font = self.assets.font("ui_semibold", self.font_size)
            x = pos[0] - self._text_x() + shift
            gaps = [abs(font.size(self.value[:i])[0] - x) for i in range(len(self.value) + 1)]
            self.caret = gaps.index(min(gaps))
        return True

    def _fits(self, value: str) -> bool:
        if len(value) > self.max_length:
            return False
        font = self.assets.font("ui_semibold", self.font_size)
        return self.max_width is None or font.size(value)[0] <= self.max_width

    def type_text(self, text: str) -> None:
        """Insert at the caret, as much as fits ``max_length`` and ``max_width``."""
        head, tail = self.value[: self.caret], self.value[self.caret :]
        kept = ""
        for char in text:
            if not self._fits(head + kept + char + tail):
                break
            kept += char
        if kept:
            self._set(head + kept + tail, self.caret + len(kept))

    def type_key(self, key: Key) -> bool:
        """Editing keys; Tab, arrows up/down and the rest go on to the group."""
        value, caret = self.value, self.caret
        if key is Key.ERASE and caret > 0:
            self._set(value[: caret - 1] + value[caret:], caret - 1)
        elif key is Key.DELETE and caret < len(value):
            self._set(value[:caret] + value[caret + 1 :], caret)
        elif key in (Key.LEFT, Key.RIGHT, Key.HOME, Key.END):
            moves = {Key.LEFT: caret - 1, Key.RIGHT: caret + 1, Key.HOME: 0, Key.END: len(value)}
            self._set(value, min(len(value), max(0, moves[key])))
        elif key in (Key.CONFIRM, Key.BACK):
            self.finish(keep=key is Key.CONFIRM)
        elif key not in (Key.ERASE, Key.DELETE, Key.SPACE):  # Space arrives as typed text
            return False
        return True

    def update(self, dt: float) -> None:
        """Highlight, and the caret's blink."""
        super().update(dt)
        self.blink += dt

    def _text_x(self) -> int:
        return self.rect.x + self.u(12)

    def _scroll(self) -> int:
        """How far the text is shifted left so that the caret stays inside the box."""
        if not self.editing:
            return 0
        caret_x = self.assets.font("ui_semibold", self.font_size).size(self.value[: self.caret])[0]
        return max(0, caret_x - (self.rect.width - self.u(26)))

    def draw(self, surface: pygame.Surface) -> None:
        """A sunken box; gold while editing, with a blinking caret; the placeholder in grey when empty."""
        glow = 1.0 if self.editing else round(self.glow * 8) / 8 * 0.6
        pygame.draw.rect(surface, (26, 22, 52), self.rect, border_radius=self.u(8))
        border = theme.mix(theme.BORDER, theme.GOLD_BRIGHT, glow) if self.enabled else theme.BORDER
        width = self.u(2) if self.editing else 1
        pygame.draw.rect(surface, border, self.rect, width=width, border_radius=self.u(8))
        previous = surface.get_clip()
        surface.set_clip(self.rect.inflate(-self.u(8), -self.u(4)).clip(previous))
        x, y = self._text_x() - self._scroll(), self.rect.centery
        shown, role, colour = self.value, "ui_semibold", theme.TEXT
        if not shown:
            shown, role, colour = self.placeholder, "serif_italic", theme.TEXT_DIM
        if shown:
            colour = colour if self.enabled else theme.TEXT_DISABLED
            decor.text(surface, self.assets, role, self.font_size, shown, colour, (x, y), "midleft")
        if self.editing and self.blink % 1.0 < 0.6:
            font = self.assets.font("ui_semibold", self.font_size)
            caret_x = x + font.size(self.value[: self.caret])[0]
            half = font.get_height() // 2
            pygame.draw.line(
                surface, theme.GOLD_BRIGHT, (caret_x, y - half + 2), (caret_x, y + half - 2), self.u(2)
            )
        surface.set_clip(previous)


class FocusGroup:
    """Routes intents to widgets: pointer hits, dragging, and keyboard focus navigation."""

    def __init__(self, widgets: Sequence[Widget], audio: Audio | None = None, wraps: bool = True) -> None:
        self.widgets = list(widgets)
        self.audio = audio
        self.wraps = wraps
        """Whether the arrow keys go round from the last widget to the first (a dialog's do not:
        ← past its safe choice must not land on the dangerous one)."""
        self.focus_index: int | None = None
        self._held: Widget | None = None
        self.hover_time = 0.0
        self._pointer: Pos = (-1.0, -1.0)

    @property
    def focused(self) -> Widget | None:
        """The focused widget, if any."""
        return None if self.focus_index is None else self.widgets[self.focus_index]

    def focus(self, widget: Widget | None, sound: bool = True, by_keyboard: bool = False) -> None:
        """Move the focus (None clears it); the widget left and the widget reached are told."""
        index = None if widget is None else self.widgets.index(widget)
        if index == self.focus_index:
            return
        left = self.focused
        for item in self.widgets:
            item.focused = False
        self.focus_index = index
        self.hover_time = 0.0
        if left is not None:
            left.on_blur()
        if widget is not None:
            widget.focused = True
            widget.on_focus(by_keyboard)
            if sound:
                self._play("hover")

    @property
    def capturing(self) -> Widget | None:
        """The focused widget while it takes the keyboard (a text field being edited)."""
        focused = self.focused
        return focused if focused is not None and focused.capturing else None

    def _play(self, name: str) -> None:
        if self.audio is not None:
            self.audio.play(name)

    def _at(self, pos: Pos) -> Widget | None:
        for widget in self.widgets:
            if widget.focusable and widget.enabled and widget.hit(pos):
                return widget
        return None

    def _step(self, direction: int) -> None:
        candidates = [i for i, w in enumerate(self.widgets) if w.focusable and w.enabled]
        if not candidates:
            return
        if self.focus_index not in candidates:
            target = candidates[0] if direction > 0 else candidates[-1]
        else:
            position = candidates.index(self.focus_index) if self.focus_index is not None else 0
            position += direction
            if not self.wraps:
                position = max(0, min(len(candidates) - 1, position))
            target = candidates[position % len(candidates)]
        self.focus(self.widgets[target], by_keyboard=True)

    def handle(self, intent: Intent) -> bool:
        """Handle one intent; True when a widget used it."""
        if isinstance(intent, Hover):
            self._pointer = intent.pos
            if self._held is not None and intent.dragging:
                self._held.drag(intent.pos)
                return True
            widget = self._at(intent.pos)
            if widget is not None and self.capturing is None:
                self.focus(widget)
            elif self.focused is not None and not self.focused.hit(intent.pos):
                self.hover_time = 0.0
            return widget is not None
        if isinstance(intent, Click):
            widget = self._at(intent.pos)
            if widget is None:
                if self.capturing is not None:
                    self.focus(None)
                return False
            self.focus(widget, sound=False)
            self._held = widget
            self._play("click")
            widget.press(intent.pos)
            return True
        if isinstance(intent, Release):
            if self._held is None:
                return False
            held, self._held = self._held, None
            held.release()
            return True
        capturing = self.capturing
        if isinstance(intent, Typed):
            if capturing is not None:
                capturing.type_text(intent.text)
            return capturing is not None
        if isinstance(intent, KeyIntent):
            if capturing is not None and capturing.type_key(intent.text_key):
                return True
            return self._key(intent.key)
        return False

    def _key(self, key: Key) -> bool:
        if key in (Key.NEXT, Key.PREV):
            self._step(1 if key is Key.NEXT else -1)
            return True
        focused = self.focused
        if key in (Key.LEFT, Key.RIGHT):
            step = 1 if key is Key.RIGHT else -1
            if focused is not None and focused.enabled and focused.adjust(step):
                self._play("hover")
                return True
            self._step(step)
            return True
        if key is Key.CONFIRM and focused is not None and focused.enabled:
            self._play("click")
            return focused.activate()
        return False

    def update(self, dt: float) -> None:
        """Animate every widget and time the tooltip."""
        self.hover_time += dt
        for widget in self.widgets:
            widget.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint every widget."""
        for widget in self.widgets:
            widget.draw(surface)

    def tooltip(self) -> tuple[str, Pos] | None:
        """Tooltip text and anchor once the pointer has rested on a widget that has one."""
        focused = self.focused
        if focused is None or not focused.tooltip or self.hover_time < 0.45 or not focused.hit(self._pointer):
            return None
        return focused.tooltip, (focused.rect.right + focused.u(14), focused.rect.centery)


def draw_tooltip(surface: pygame.Surface, assets: Assets, content: str, pos: Pos, unit: float = 1.0) -> None:
    """A small parchment-on-ink box whose left edge is centred on ``pos``, kept inside the window;
    ``unit`` is the frame's pixels per design pixel."""

    def u(value: float) -> int:
        return max(1, round(value * unit))

    size = max(9, u(16))
    lines = decor.wrap(assets, "ui", size, content, min(u(320), surface.get_width() - u(40)))
    width = max(assets.font("ui", size).size(line)[0] for line in lines) + u(24)
    line_h = assets.font("ui", size).get_linesize()
    height = len(lines) * line_h + u(14)
    box = pygame.Rect(0, 0, width, height)
    box.midleft = (round(pos[0]), round(pos[1]))
    box.clamp_ip(surface.get_rect().inflate(-u(8), -u(8)))
    decor.blit_panel(
        surface, box, radius=8, fill=theme.INK, alpha=240, border=theme.GOLD, shadow=10, unit=unit
    )
    for index, line in enumerate(lines):
        decor.text(
            surface, assets, "ui", size, line, theme.PARCHMENT, (box.x + u(12), box.y + u(7) + index * line_h)
        )
