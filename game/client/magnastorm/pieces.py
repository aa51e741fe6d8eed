"""Magnastorm pieces as cached sprites: every piece a federation owns carries its emblem and colour.

A lab is a rounded tile, a research or reputation marker a disc, a station a diamond, crew a
meeple and the scout runner a rocket, each in the seat colour with the emblem in ink on it, so
pieces are told apart by shape and emblem as well as by colour (colour-blind safe).
"""

from __future__ import annotations

import pygame

from game.client import theme
from game.client.assets import Assets
from game.client.theme import Colour

EMBLEMS = ("ms-sun", "ms-moon", "ms-clover", "ms-spade")
"""The federations' emblems, by seat."""
RESEARCH_RGB: dict[str, Colour] = {
    "g": (86, 178, 92),
    "r": (214, 84, 72),
    "b": (70, 128, 222),
    "v": (158, 96, 210),
    "w": (236, 234, 226),
}
"""Research areas (and white spaces)."""
RESEARCH_NAMES = {"g": "Green", "r": "Red", "b": "Blue", "v": "Violet"}
YELLOW: Colour = (238, 196, 58)
BLACK: Colour = (40, 40, 48)
NEUTRAL: Colour = (150, 150, 162)
STORM: Colour = (92, 58, 132)
QUIET: Colour = (48, 118, 112)


class Pieces:
    """Sprites of the pieces in the seat colours, cached by kind, seat and size."""

    def __init__(
        self, assets: Assets, colours: tuple[Colour, ...], emblems: tuple[str, ...] = EMBLEMS
    ) -> None:
        self.assets = assets
        self.colours = colours
        self.emblems = emblems
        self._cache: dict[tuple[str, int, int], pygame.Surface] = {}

    def colour(self, seat: int) -> Colour:
        """The seat's colour (neutral grey for -1)."""
        return self.colours[seat] if 0 <= seat < len(self.colours) else NEUTRAL

    def emblem(self, seat: int, size: int, colour: Colour) -> pygame.Surface:
        """The seat's emblem, tinted."""
        return self.assets.icon(self.emblems[seat % len(self.emblems)], max(4, size), colour)

    def sprite(self, kind: str, seat: int, size: int) -> pygame.Surface:
        """A piece ``size`` pixels across: ``lab``, ``marker``, ``station``, ``crew`` or ``runner``;
        seat -1 is the neutral crew."""
        size = max(6, int(size))
        key = (kind, seat, size)
        found = self._cache.get(key)
        if found is not None:
            return found
        if len(self._cache) > 1500:
            self._cache.clear()
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        fill = self.colour(seat)
        rim = theme.mix(fill, (0, 0, 0), 0.55)
        light = theme.mix(fill, (255, 255, 255), 0.35)
        middle = size // 2
        if kind in ("crew", "runner"):
            name = "ms-crew" if kind == "crew" else "ms-runner"
            outline = self.assets.icon(name, size, rim)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surface.blit(outline, (dx, dy))
            surface.blit(self.assets.icon(name, size, fill), (0, 0))
            if seat >= 0:
                badge = max(5, int(size * (0.42 if kind == "crew" else 0.46)))
                centre = (middle, int(size * 0.62)) if kind == "crew" else (int(size * 0.3), int(size * 0.72))
                pygame.draw.circle(surface, rim, centre, badge // 2 + 1)
                pygame.draw.circle(surface, light, centre, badge // 2)
                mark = self.emblem(seat, badge - 2, theme.INK)
                surface.blit(mark, mark.get_rect(center=centre))
        else:
            if kind == "lab":
                body = pygame.Rect(1, 1, size - 2, size - 2)
                pygame.draw.rect(surface, rim, body, border_radius=max(2, size // 4))
                pygame.draw.rect(surface, fill, body.inflate(-2, -2), border_radius=max(2, size // 4 - 1))
                pygame.draw.rect(surface, light, body.inflate(-2, -2), 1, border_radius=max(2, size // 4 - 1))
            elif kind == "station":
                points = [(middle, 0), (size - 1, middle), (middle, size - 1), (0, middle)]
                inner = [(middle, 2), (size - 3, middle), (middle, size - 3), (2, middle)]
                pygame.draw.polygon(surface, rim, points)
                pygame.draw.polygon(surface, fill, inner)
            else:  # marker
                pygame.draw.circle(surface, rim, (middle, middle), middle)
                pygame.draw.circle(surface, fill, (middle, middle), max(1, middle - 1))
                pygame.draw.circle(surface, light, (middle, middle), max(1, middle - 1), 1)
            mark_size = int(size * (0.5 if kind == "station" else 0.7))
            if seat >= 0 and mark_size >= 4:
                mark = self.emblem(seat, mark_size, theme.INK)
                surface.blit(mark, mark.get_rect(center=(middle, middle)))
        self._cache[key] = surface
        return surface

    def cube(self, colour: Colour, size: int, label: str = "") -> pygame.Surface:
        """A cube (a bevelled square) ``size`` pixels across; ``label`` marks colour-only cubes."""
        size = max(5, int(size))
        key = (f"cube:{colour}{label}", 0, size)
        found = self._cache.get(key)
        if found is None:
            found = pygame.Surface((size, size), pygame.SRCALPHA)
            body = pygame.Rect(0, 0, size, size)
            edge = (118, 118, 132) if sum(colour) < 200 else theme.mix(colour, (0, 0, 0), 0.5)
            pygame.draw.rect(found, edge, body, border_radius=max(1, size // 5))
            pygame.draw.rect(found, colour, body.inflate(-2, -2), border_radius=max(1, size // 5))
            top = pygame.Rect(2, 2, size - 4, max(1, (size - 4) // 3))
            pygame.draw.rect(
                found, theme.mix(colour, (255, 255, 255), 0.35), top, border_radius=max(1, size // 6)
            )
            self._cache[key] = found
        return found

    def seat_cube(self, seat: int, size: int) -> pygame.Surface:
        """A cube of the seat's colour with its emblem (the seat colours' cubes in trays and costs)."""
        size = max(5, int(size))
        key = ("seatcube", seat, size)
        found = self._cache.get(key)
        if found is None:
            found = self.cube(self.colour(seat), size).copy()
            if size >= 9:
                mark = self.emblem(seat, int(size * 0.7), theme.INK)
                found.blit(mark, mark.get_rect(center=(size // 2, size // 2 + 1)))
            self._cache[key] = found
        return found

    def cube_for(self, key: str, size: int) -> pygame.Surface:
        """A cube by its notation colour: ``y`` yellow, ``k`` black, ``1``-``4`` a seat's colour."""
        if key == "y":
            return self.cube(YELLOW, size)
        if key == "k":
            return self.cube(BLACK, size)
        return self.seat_cube(int(key) - 1, size)
