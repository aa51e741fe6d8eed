"""Bundled fonts, icons and sounds: located through game.resources, loaded lazily, cached.

Fonts come from assets/fonts only (never the system). Icons are white SVGs rendered with
``pygame.image.load_sized_svg`` per size and tinted per colour; both steps are cached.
"""

from __future__ import annotations

import logging
import wave
from pathlib import Path
from typing import Any

import pygame

from game.client.theme import FONT_FILES, Colour
from game.resources import resource_path
from game.safe_json import FileProblem, load_data

ICON_NAMES = (
    "mage",
    "archmage",
    "apprentice",
    "priest",
    "warrior",
    "combat",
    "magestone",
    "gravestone",
    "nexus",
    "dice",
    "die-1",
    "die-2",
    "die-3",
    "die-4",
    "die-5",
    "die-6",
    "d20",
    "king",
    "god",
    "crown",
    "spell",
    "staff",
    "victory",
    "cube",
    "settings",
    "rules",
    "load",
    "quit",
    "continue",
    "tutorial",
    "credits",
    "back",
    "save",
    "sound-on",
    "sound-off",
    "music",
    "animation",
    "palette",
    "fullscreen",
    "ui-scale",
    "undo",
    "ms-sun",
    "ms-moon",
    "ms-clover",
    "ms-spade",
    "ms-crew",
    "ms-runner",
    "ms-station",
    "ms-lab",
    "ms-storm",
    "ms-exchange",
    "ms-bag",
    "ms-range",
    "ms-reputation",
)
SOUND_NAMES = ("click", "hover", "dice", "step", "fall", "spell", "victory")
LICENCE_FILES = (
    ("fonts", "EBGaramond-LICENSE.txt"),
    ("fonts", "Lato-LICENSE.txt"),
    ("icons", "LICENSE"),
    ("icons", "credits.json"),
    ("sounds", "LICENSE"),
)

log = logging.getLogger(__name__)


class AssetError(RuntimeError):
    """A bundled asset is missing or does not load; the message names the file."""


def asset_path(*parts: str) -> Path:
    """Path of a bundled asset below ``assets/``; AssetError names it when missing."""
    try:
        return resource_path("assets", *parts)
    except FileNotFoundError as error:
        raise AssetError(str(error)) from None


class Assets:
    """Caches of fonts, rendered text, icons and sound buffers for one display session."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._text: dict[tuple[str, int, str, Colour], pygame.Surface] = {}
        self._icons: dict[tuple[str, int], pygame.Surface] = {}
        self._tinted: dict[tuple[str, int, Colour], pygame.Surface] = {}

    def font(self, role: str, size: int) -> pygame.font.Font:
        """The font for a type role (see theme.FONT_FILES) at a pixel size."""
        key = (role, size)
        if key not in self._fonts:
            path = asset_path("fonts", FONT_FILES[role])
            try:
                self._fonts[key] = pygame.font.Font(path, size)
            except (OSError, pygame.error) as error:
                raise AssetError(f"font {path} does not load: {error}") from error
        return self._fonts[key]

    def text(self, role: str, size: int, text: str, colour: Colour) -> pygame.Surface:
        """Anti-aliased text, cached (menus redraw the same strings every frame)."""
        key = (role, size, text, colour)
        surface = self._text.get(key)
        if surface is None:
            if len(self._text) > 2000:
                self._text.clear()
            surface = self.font(role, size).render(text, True, colour)
            self._text[key] = surface
        return surface

    def icon(self, name: str, size: int, colour: Colour | None = None) -> pygame.Surface:
        """An icon ``size`` pixels square, white or tinted with ``colour``."""
        key = (name, size)
        if key not in self._icons:
            path = asset_path("icons", f"{name}.svg")
            try:
                surface = pygame.image.load_sized_svg(path, (size, size))
            except (pygame.error, FileNotFoundError) as error:
                raise AssetError(f"icon {path} does not load: {error}") from error
            self._icons[key] = surface.convert_alpha() if pygame.display.get_surface() else surface
        if colour is None:
            return self._icons[key]
        tinted_key = (name, size, colour)
        if tinted_key not in self._tinted:
            tinted = self._icons[key].copy()
            tinted.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._tinted[tinted_key] = tinted
        return self._tinted[tinted_key]


def icon_credits() -> dict[str, Any]:
    """The icon authors and licence written by tools/extract_icons.py."""
    try:
        data = load_data(asset_path("icons", "credits.json"))
    except FileProblem as problem:
        raise AssetError(str(problem)) from None
    if not isinstance(data, dict):
        raise AssetError(f"{asset_path('icons', 'credits.json')}: must be a JSON object")
    return data


def verify_all() -> list[str]:
    """Load every bundled asset once; returns a list of problems (empty when all is well).

    Needs ``pygame.font`` initialised; sounds are checked as WAV files and, when the mixer is
    up, loaded through it. A frozen build missing any asset fails here.
    """
    problems: list[str] = []
    assets = Assets()
    for role in FONT_FILES:
        _check(problems, lambda role=role: assets.font(role, 18).render("MageStone", True, (255, 255, 255)))
    for name in ICON_NAMES:
        _check(problems, lambda name=name: assets.icon(name, 32, (200, 160, 90)))
    for name in SOUND_NAMES:
        _check(problems, lambda name=name: _check_sound(asset_path("sounds", f"{name}.wav")))
    for folder, file_name in LICENCE_FILES:
        _check(problems, lambda folder=folder, file_name=file_name: asset_path(folder, file_name))
    _check(problems, icon_credits)
    return problems


def _check(problems: list[str], load: Any) -> None:
    try:
        load()
    except (AssetError, pygame.error, OSError) as error:
        problems.append(str(error))


def _check_sound(path: Path) -> None:
    try:
        with wave.open(str(path), "rb") as handle:
            frames = handle.getnframes()
        if pygame.mixer.get_init():
            pygame.mixer.Sound(path)
    except (wave.Error, EOFError, pygame.error) as error:
        raise AssetError(f"sound {path} does not load: {error}") from error
    if frames == 0:
        raise AssetError(f"sound {path} is empty")
