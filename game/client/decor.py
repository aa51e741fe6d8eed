"""Shared decoration: the night-sky background, drifting motes, panels, shadows and text helpers."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.client import theme
from game.client.assets import Assets
from game.client.theme import Colour


@dataclass
class Drawn:
    """What was drawn while :func:`recording`, in drawing order and window pixels: every line of
    text (kind "text", its rect and words) and every panel (kind "panel"). Layout tests check that
    text stays inside the panel it is drawn on and that nothing overlaps."""

    items: list[tuple[str, pygame.Rect, str]] = field(default_factory=list)

    @property
    def texts(self) -> list[tuple[pygame.Rect, str]]:
        """Every line of text that is not hidden under a panel drawn after it, in drawing order."""
        return [
            (rect, content)
            for index, (kind, rect, content) in enumerate(self.items)
            if kind == "text" and not self.covered(index)
        ]

    def covered(self, index: int) -> bool:
        """Whether item ``index`` lies wholly under a panel drawn after it (a card over the log)."""
        rect = self.items[index][1]
        return any(kind == "panel" and later.contains(rect) for kind, later, _ in self.items[index + 1 :])

    @property
    def panels(self) -> list[pygame.Rect]:
        """Every panel, in drawing order."""
        return [rect for kind, rect, _content in self.items if kind == "panel"]

    def panel_under(self, index: int) -> pygame.Rect | None:
        """The topmost panel drawn before item ``index`` that lies under its centre."""
        centre = self.items[index][1].center
        for kind, rect, _content in reversed(self.items[:index]):
            if kind == "panel" and rect.collidepoint(centre):
                return rect
        return None


_recording: list[Drawn] = []


@contextmanager
def recording() -> Iterator[Drawn]:
    """Record the text and panels drawn inside the ``with`` block."""
    drawn = Drawn()
    _recording.append(drawn)
    try:
        yield drawn
    finally:
        _recording.remove(drawn)


def record_text(rect: pygame.Rect, content: str) -> None:
    """Note a line of text drawn at ``rect`` (for :func:`recording`)."""
    for drawn in _recording:
        drawn.items.append(("text", pygame.Rect(rect), content))


def record_panel(rect: pygame.Rect) -> None:
    """Note a panel drawn at ``rect`` (for :func:`recording`)."""
    for drawn in _recording:
        drawn.items.append(("panel", pygame.Rect(rect), ""))


@lru_cache(maxsize=4)
def background(size: tuple[int, int]) -> pygame.Surface:
    """The menu backdrop at the window's size: a deep indigo gradient, a violet glow, faint stars
    and a vignette (rendered once per window size)."""
    width, height = size
    surface = pygame.Surface(size)
    column = pygame.Surface((1, 64))
    for y in range(64):
        column.set_at((0, y), theme.mix(theme.NIGHT_TOP, theme.NIGHT_BOTTOM, (y / 63) ** 1.4))
    surface.blit(pygame.transform.smoothscale(column, size), (0, 0))
    glow = _radial(360, theme.GLOW)
    surface.blit(
        pygame.transform.smoothscale(glow, (int(width * 1.1), int(height * 1.3))),
        (int(width * 0.35), int(-height * 0.1)),
        special_flags=pygame.BLEND_RGB_ADD,
    )
    rng = random.Random(1907)
    for _ in range(170 * width * height // (1280 * 720)):
        x, y = rng.randrange(width), rng.randrange(int(height * 0.85))
        shade = rng.randint(60, 170)
        surface.set_at((x, y), theme.mix(theme.NIGHT_TOP, (shade + 40, shade + 30, shade + 70), 0.8))
        if rng.random() < 0.08:
            pygame.draw.circle(surface, theme.mix(theme.NIGHT_TOP, theme.GOLD_BRIGHT, 0.45), (x, y), 1)
    vignette = _radial(256, (0, 0, 0), inverse=True)
    surface.blit(pygame.transform.smoothscale(vignette, size), (0, 0))
    return surface.convert() if pygame.display.get_surface() else surface


def _radial(size: int, colour: Colour, inverse: bool = False) -> pygame.Surface:
    """A square radial gradient: colour in the middle fading out (or, inverted, dark edges)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = size / 2
    for radius in range(int(centre), 0, -2):
        t = radius / centre
        if inverse:
            alpha = int(210 * max(0.0, (t - 0.55) / 0.45) ** 1.8)
            pygame.draw.circle(surface, (*colour, alpha), (centre, centre), radius)
        else:
            strength = (1 - t) ** 2
            pygame.draw.circle(
                surface,
                (int(colour[0] * strength), int(colour[1] * strength), int(colour[2] * strength), 255),
                (centre, centre),
                radius,
            )
    if inverse:
        framed = pygame.Surface((size, size), pygame.SRCALPHA)
        framed.fill((*colour, 210))
        pygame.draw.circle(framed, (0, 0, 0, 0), (centre, centre), int(centre))
        framed.blit(surface, (0, 0))
        return framed
    return surface


class Motes:
    """Slow golden sparks drifting upwards; ``update`` moves them, ``draw`` only paints.

    Positions are fractions of the window, so the motes fill a window of any size.
    """

    def __init__(self, count: int = 46, seed: int = 5) -> None:
        self._rng = random.Random(seed)
        self._motes = [self._spawn(initial=True) for _ in range(count)]
        self._sprites: dict[int, list[pygame.Surface]] = {}

    def _spawn(self, initial: bool = False) -> list[float]:
        rng = self._rng
        y = rng.uniform(0, 1) if initial else 1.02
        return [
            rng.uniform(0, 1),
            y,
            rng.uniform(8, 26) / 720,
            rng.uniform(0, math.tau),
            rng.randrange(3),
            rng.uniform(0.3, 1.0),
        ]

    def update(self, dt: float) -> None:
        """Drift every mote; those that leave the top come back at the bottom."""
        for index, mote in enumerate(self._motes):
            mote[1] -= mote[2] * dt
            mote[3] += dt * 0.8
            mote[0] += math.sin(mote[3]) * 6 / 1280 * dt
            if mote[1] < -0.02:
                self._motes[index] = self._spawn()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the motes additively, sized to the window."""
        width, height = surface.get_size()
        grade = max(1, round(height / 720))
        if grade not in self._sprites:
            self._sprites[grade] = [_spark(radius * grade) for radius in (2, 3, 4)]
        sprites = self._sprites[grade]
        for x, y, _speed, phase, kind, brightness in self._motes:
            sprite = sprites[int(kind)]
            sprite.set_alpha(int(255 * brightness * (0.55 + 0.45 * math.sin(phase * 2.1))))
            surface.blit(sprite, (x * width, y * height), special_flags=pygame.BLEND_RGB_ADD)


def _spark(radius: int) -> pygame.Surface:
    size = radius * 6
    surface = pygame.Surface((size, size))
    for step in range(size // 2, 0, -1):
        t = step / (size / 2)
        strength = (1 - t) ** 2.2
        pygame.draw.circle(
            surface, tuple(int(c * strength) for c in theme.GOLD_BRIGHT), (size // 2, size // 2), step
        )
    return surface


@lru_cache(maxsize=256)
def panel(
    size: tuple[int, int],
    radius: int = 14,
    fill: Colour = theme.PANEL,
    alpha: int = 228,
    border: Colour = theme.BORDER,
    border_alpha: int = 255,
    shadow: int = 18,
) -> pygame.Surface:
    """A rounded translucent panel with a soft drop shadow; cached per look.

    The returned surface is larger than ``size`` by ``shadow`` on every side.
    """
    width, height = size
    surface = pygame.Surface((width + 2 * shadow, height + 2 * shadow), pygame.SRCALPHA)
    if shadow:
        for step in range(shadow, 0, -2):
            alpha_step = int(70 * (1 - step / shadow) ** 2)
            shade = pygame.Rect(shadow - step, shadow - step + 6, width + 2 * step, height + 2 * step)
            pygame.draw.rect(surface, (0, 0, 0, alpha_step), shade, border_radius=radius + step)
    body = pygame.Rect(shadow, shadow, width, height)
    pygame.draw.rect(surface, (*fill, alpha), body, border_radius=radius)
    sheen = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(sheen, (255, 255, 255, 255), sheen.get_rect(), border_radius=radius)
    fade = pygame.Surface((1, 32), pygame.SRCALPHA)
    for y in range(32):
        fade.set_at((0, y), (255, 255, 255, int(16 * (1 - y / 31) ** 2)))
    sheen.blit(
        pygame.transform.smoothscale(fade, (width, height)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT
    )
    surface.blit(sheen, body.topleft)
    if border_alpha:
        pygame.draw.rect(surface, (*border, border_alpha), body, width=1, border_radius=radius)
        inner = body.inflate(-6, -6)
        pygame.draw.rect(
            surface, (*border, border_alpha // 3), inner, width=1, border_radius=max(2, radius - 3)
        )
    return surface


def blit_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int = 14,
    fill: Colour = theme.PANEL,
    alpha: int = 228,
    border: Colour = theme.BORDER,
    border_alpha: int = 255,
    shadow: int = 18,
    unit: float = 1.0,
) -> None:
    """Draw :func:`panel` so that its body covers ``rect``; ``unit`` scales the corner radius and the
    shadow (pixels per design pixel)."""
    radius, shadow = round(radius * unit), round(shadow * unit)
    look = panel((rect.width, rect.height), radius, fill, alpha, border, border_alpha, shadow)
    surface.blit(look, (rect.x - shadow, rect.y - shadow))
    record_panel(rect)


def text(
    surface: pygame.Surface,
    assets: Assets,
    role: str,
    size: int,
    content: str,
    colour: Colour,
    pos: tuple[float, float],
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    """Draw one line of text anchored at ``pos`` (any pygame.Rect anchor name); returns its rect."""
    rendered = assets.text(role, size, content, colour)
    rect = rendered.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(text_shadow(assets, role, size, content), rect.move(0, max(2, size // 18)))
    surface.blit(rendered, rect)
    record_text(rect, content)
    return rect


def fit_size(assets: Assets, role: str, size: int, content: str, width: int, smallest: int = 12) -> int:
    """The largest type size from ``size`` down to ``smallest`` at which ``content`` fits ``width``."""
    while size > smallest and assets.font(role, size).size(content)[0] > width:
        size -= 1
    return size


def centred_title(
    surface: pygame.Surface,
    assets: Assets,
    size: int,
    content: str,
    colour: Colour,
    midtop: tuple[float, float],
    width: int,
) -> pygame.Rect:
    """A shadowed title centred under ``midtop``, at ``size`` or smaller so that it fits ``width``."""
    fitted = fit_size(assets, "title", size, content, width)
    return text(surface, assets, "title", fitted, content, colour, midtop, "midtop", shadow=True)


def elide(assets: Assets, role: str, size: int, content: str, width: int) -> str:
    """``content`` cut with an ellipsis so that it is no wider than ``width`` pixels."""
    font = assets.font(role, size)
    if font.size(content)[0] <= width:
        return content
    while content and font.size(content + "…")[0] > width:
        content = content[:-1]
    return content.rstrip() + "…"


def wrap(assets: Assets, role: str, size: int, content: str, width: int) -> list[str]:
    """Split ``content`` into lines no wider than ``width`` pixels (explicit newlines kept)."""
    font = assets.font(role, size)
    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def line_step(assets: Assets, role: str, size: int, line_gap: float = 1.35) -> float:
    """The distance between two lines of a :func:`paragraph`."""
    return float(assets.font(role, size).get_linesize() * line_gap / 1.2)


def paragraph_height(
    assets: Assets, role: str, size: int, content: str, width: int, line_gap: float = 1.35
) -> float:
    """How tall :func:`paragraph` draws ``content`` (for layouts that must fit it)."""
    return len(wrap(assets, role, size, content, width)) * line_step(assets, role, size, line_gap)


def paragraph(
    surface: pygame.Surface,
    assets: Assets,
    role: str,
    size: int,
    content: str,
    colour: Colour,
    pos: tuple[float, float],
    width: int,
    line_gap: float = 1.35,
    centred: bool = False,
) -> float:
    """Draw wrapped text; returns the y just below it."""
    x, y = pos
    step = line_step(assets, role, size, line_gap)
    for line in wrap(assets, role, size, content, width):
        anchor, at = ("midtop", (x + width / 2, y)) if centred else ("topleft", (x, y))
        text(surface, assets, role, size, line, colour, at, anchor)
        y += step
    return y


def ornament(
    surface: pygame.Surface,
    centre: tuple[float, float],
    width: int,
    colour: Colour = theme.GOLD,
    unit: float = 1.0,
) -> None:
    """A thin divider with a small diamond in the middle (``unit``: pixels per design pixel)."""
    x, y = int(centre[0]), int(centre[1])
    half = width // 2
    big, small = max(3, round(5 * unit)), max(1, round(2 * unit))
    room = max(1, half - 2 * big)
    line = _ornament_line(room, colour)
    surface.blit(line, (x + 2 * big, y))
    surface.blit(pygame.transform.flip(line, True, False), (x - 2 * big - room, y))
    pygame.draw.polygon(surface, colour, [(x, y - big), (x + big, y), (x, y + big), (x - big, y)])
    pygame.draw.polygon(surface, theme.INK, [(x, y - small), (x + small, y), (x, y + small), (x - small, y)])


@lru_cache(maxsize=16)
def _ornament_line(length: int, colour: Colour) -> pygame.Surface:
    """A 1 px line fading from ``colour`` into the night over ``length`` pixels."""
    line = pygame.Surface((length, 1))
    for step in range(length):
        line.set_at((step, 0), theme.mix(theme.NIGHT_TOP, colour, 1 - step / length))
    return line


def halo(assets: Assets, name: str, size: int, colour: Colour) -> pygame.Surface:
    """A soft blurred glow in the shape of an icon, ``size * 4 / 3`` square, centred on the icon."""
    key = (id(assets), name, size, colour)
    if key not in _HALOS:
        pad = size // 6
        shape = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
        shape.fill((*colour, 0))
        shape.blit(assets.icon(name, size, colour), (pad, pad), special_flags=pygame.BLEND_RGBA_MAX)
        blurred = pygame.transform.gaussian_blur(shape, max(2, pad // 2))
        glow = blurred.copy()
        glow.blit(blurred, (0, 0))
        _HALOS[key] = glow
    return _HALOS[key]


def glow_icon(assets: Assets, name: str, size: int, colour: Colour, halo_colour: Colour) -> pygame.Surface:
    """An icon over its own soft halo (for emblems); the icon sits in the centre."""
    key = (id(assets), name, size, colour, halo_colour)
    if key not in _GLOWING:
        glow = halo(assets, name, size, halo_colour).copy()
        icon = assets.icon(name, size, colour)
        glow.blit(icon, icon.get_rect(center=glow.get_rect().center))
        _GLOWING[key] = glow
    return _GLOWING[key]


_HALOS: dict[tuple[int, str, int, Colour], pygame.Surface] = {}
_GLOWING: dict[tuple[int, str, int, Colour, Colour], pygame.Surface] = {}


_GRADIENT_TEXT: dict[tuple[int, str, int, str, Colour, Colour], pygame.Surface] = {}


def gradient_text(
    assets: Assets, role: str, size: int, content: str, top: Colour, bottom: Colour
) -> pygame.Surface:
    """Text shaded from ``top`` to ``bottom`` (the gilded look of titles); cached."""
    key = (id(assets), role, size, content, top, bottom)
    if key not in _GRADIENT_TEXT:
        rendered = assets.font(role, size).render(content, True, (255, 255, 255)).convert_alpha()
        column = pygame.Surface((1, 2), pygame.SRCALPHA)
        column.set_at((0, 0), (*top, 255))
        column.set_at((0, 1), (*bottom, 255))
        shade = pygame.transform.smoothscale(column, rendered.get_size())
        rendered.blit(shade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        _GRADIENT_TEXT[key] = rendered
    return _GRADIENT_TEXT[key]


_SHADOWS: dict[tuple[int, str, int, str], pygame.Surface] = {}


def text_shadow(assets: Assets, role: str, size: int, content: str) -> pygame.Surface:
    """A translucent black copy of some text, drawn a little below it; cached."""
    key = (id(assets), role, size, content)
    if key not in _SHADOWS:
        dark = assets.text(role, size, content, theme.SHADOW).copy()
        dark.set_alpha(150)
        _SHADOWS[key] = dark
    return _SHADOWS[key]


def swatch(surface: pygame.Surface, colour: Colour, centre: tuple[int, int], radius: int, rim: int) -> None:
    """A seat's colour as a disc with a ``rim``-pixel outline that sets it off the dark panels (ink
    round a bright colour, parchment round a dark one such as MagiStrat's Black)."""
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme.rim(colour), centre, radius, max(1, rim))
