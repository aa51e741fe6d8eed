"""Drawing the MageStone board: a cached static layer, then stones, gravestones, units and effects.

The static layer (squares, central 8x8, Nexus, bases in their owners' colours, coordinates)
is rendered once per size and palette; tokens, icons and overlays are cached surfaces, so a
frame is a few dozen blits. ``draw`` never changes any state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise

import pygame

from game.client import decor, theme
from game.client.assets import Assets
from game.client.magestone.animation import Animator, Step
from game.client.magestone.model import BoardModel, LastGo
from game.client.theme import Colour
from game.rules.magestone.board import FILES, MAGE, PRIEST, WARRIOR, Board

KIND_ICONS = {WARRIOR: "warrior", PRIEST: "priest", MAGE: "mage"}
DESIGN_CELL = 40
"""The cell size the board's details (frame, labels, rings, badges) were designed at."""
BOARD_SPAN = 16.9
"""The drawn board (16 cells and the coordinate margins) in cells."""
ACTIVATED = (120, 226, 255)
UNACTIVATED = (150, 140, 176)
GRAVE = (176, 176, 190)
HIGHLIGHTS: dict[str, Colour] = {
    "reach": (250, 222, 150),
    "attack": (236, 84, 72),
    "bolt": (178, 120, 255),
    "joiner": (250, 222, 150),
    "nova": (255, 150, 60),
    "fall": (236, 84, 72),
    "hint": (120, 226, 255),
    "select": (250, 222, 150),
}


@dataclass
class Overlay:
    """What the pointer layer asks the board to show this frame."""

    reach: dict[int, int] = field(default_factory=dict)
    route: tuple[int, ...] = ()
    marks: list[tuple[int, str]] = field(default_factory=list)
    """(square, highlight name) rings."""
    labels: list[tuple[int, str]] = field(default_factory=list)
    """(square, short text) badges, e.g. a Bolt's square cost."""
    selected: int | None = None
    done: set[int] = field(default_factory=set)
    last: LastGo | None = None
    """The previous go, marked in its player's colour until the next go."""


class BoardView:
    """Paints a :class:`BoardModel` (and an :class:`Animator`'s effects) into a square area."""

    def __init__(
        self,
        assets: Assets,
        board: Board,
        players: int,
        origin: tuple[int, int],
        cell: int,
        colours: tuple[Colour, ...],
        seat_letters: tuple[str, ...],
    ) -> None:
        self.assets = assets
        self.board = board
        self.players = players
        self.cell = cell
        self.origin = origin
        self.colours = colours
        self.seat_letters = seat_letters
        self.rect = pygame.Rect(origin[0], origin[1], cell * 16, cell * 16)
        self._static: pygame.Surface | None = None
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self.clock = 0.0
        self.static_renders = 0
        """How often the static layer was rendered (once per size and palette)."""

    def place(self, origin: tuple[int, int], cell: int) -> None:
        """Move the board (a new layout); a new cell size re-renders the static layer and the
        cell-sized pieces once, on their next use."""
        if cell != self.cell:
            self.clear_cache()
        self.origin, self.cell = origin, cell
        self.rect = pygame.Rect(origin[0], origin[1], cell * 16, cell * 16)

    def s(self, value: float) -> int:
        """A design length of the board's details at this cell size, in pixels."""
        return max(1, round(value * self.cell / DESIGN_CELL))

    @property
    def margin(self) -> int:
        """Room around the squares for the frame and the coordinates."""
        return round(self.cell * (BOARD_SPAN - 16) / 2)

    # -- geometry ----------------------------------------------------------------------------------
    def square_rect(self, square: int) -> pygame.Rect:
        """The screen rect of a square."""
        x, y = square & 15, square >> 4
        return pygame.Rect(
            self.origin[0] + x * self.cell, self.origin[1] + (15 - y) * self.cell, self.cell, self.cell
        )

    def centre(self, square: int) -> tuple[float, float]:
        """The screen centre of a square."""
        x, y = square & 15, square >> 4
        return self.origin[0] + (x + 0.5) * self.cell, self.origin[1] + (15.5 - y) * self.cell

    def square_at(self, pos: tuple[float, float]) -> int | None:
        """The playable square under a screen position, or None."""
        x = int((pos[0] - self.origin[0]) // self.cell)
        y = 15 - int((pos[1] - self.origin[1]) // self.cell)
        if not (0 <= x < 16 and 0 <= y < 16) or pos[0] < self.origin[0] or pos[1] < self.origin[1]:
            return None
        square = y * 16 + x
        return square if self.board.valid[square] else None

    # -- static layer --------------------------------------------------------------------------------
    def static_layer(self) -> pygame.Surface:
        """Squares, zones, bases and coordinates, rendered once."""
        if self._static is None:
            self._static = self._render_static()
        return self._static

    def _render_static(self) -> pygame.Surface:
        self.static_renders += 1
        margin, k = self.margin, self.s
        size = self.cell * 16 + 2 * margin
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        board = self.board
        cell = self.cell
        outline = []
        frame = pygame.Surface((size, size), pygame.SRCALPHA)
        for square in range(256):
            if not board.valid[square]:
                continue
            rect = self.square_rect(square).move(margin - self.origin[0], margin - self.origin[1])
            pygame.draw.rect(frame, (0, 0, 0, 255), rect.inflate(k(10), k(10)), border_radius=k(6))
            outline.append(rect)
        shadow = pygame.transform.gaussian_blur(frame, k(6))
        shadow.fill((0, 0, 0, 150), special_flags=pygame.BLEND_RGBA_MULT)
        layer.blit(shadow, (0, k(5)))
        for rect in outline:
            pygame.draw.rect(
                layer, theme.mix(theme.BORDER, theme.GOLD, 0.5), rect.inflate(k(8), k(8)), border_radius=k(5)
            )
        for rect in outline:
            pygame.draw.rect(layer, (24, 20, 44), rect.inflate(k(4), k(4)))
        bases = {}
        for seat, letter in enumerate(self.seat_letters):
            edge = board.edges[letter]
            for square, kind in zip(edge, board.home_row, strict=True):
                if kind != WARRIOR:
                    bases[square] = seat
        for square in range(256):
            if not board.valid[square]:
                continue
            x, y = square & 15, square >> 4
            rect = self.square_rect(square).move(margin - self.origin[0], margin - self.origin[1])
            light = (x + y) % 2 == 0
            central = 4 <= x <= 11 and 4 <= y <= 11
            if board.nexus_mask >> square & 1:
                colour = (86, 58, 132) if light else (78, 52, 122)
            elif central:
                colour = (66, 56, 98) if light else (58, 49, 88)
            else:
                colour = (46, 41, 74) if light else (39, 35, 64)
            pygame.draw.rect(layer, colour, rect)
            if square in bases:
                tint = self.colours[bases[square]]
                pygame.draw.rect(layer, theme.mix(colour, tint, 0.45), rect)
                pygame.draw.rect(layer, tint, rect.inflate(-k(4), -k(4)), width=k(2), border_radius=k(4))
            pygame.draw.rect(layer, theme.mix(colour, (0, 0, 0), 0.35), rect, width=1)
        centre8 = pygame.Rect(margin + 4 * cell, margin + 4 * cell, 8 * cell, 8 * cell)
        pygame.draw.rect(layer, theme.mix(theme.BORDER, theme.GOLD, 0.35), centre8, width=k(2))
        nexus = pygame.Rect(margin + 7 * cell, margin + 7 * cell, 2 * cell, 2 * cell)
        pygame.draw.rect(layer, theme.GOLD, nexus, width=k(2))
        emblem = self.assets.icon("nexus", int(cell * 1.4), (124, 92, 184))
        layer.blit(emblem, emblem.get_rect(center=nexus.center))
        font = max(9, k(13))
        for x in range(16):
            label = self.assets.text("ui_semibold", font, FILES[x], theme.TEXT_DIM)
            for y_pos in (
                margin - k(10) + (4 * cell if x < 4 or x > 11 else 0),
                size - margin + k(9) - (4 * cell if x < 4 or x > 11 else 0),
            ):
                layer.blit(label, label.get_rect(center=(margin + (x + 0.5) * cell, y_pos)))
        for y in range(16):
            label = self.assets.text("ui_semibold", font, str(y + 1), theme.TEXT_DIM)
            inset = 4 * cell if y < 4 or y > 11 else 0
            for x_pos in (margin - k(10) + inset, size - margin + k(10) - inset):
                layer.blit(label, label.get_rect(center=(x_pos, margin + (15.5 - y) * cell)))
        return layer.convert_alpha() if pygame.display.get_surface() else layer

    def backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The window's backdrop with the static board already on it: one opaque blit a frame
        instead of a large translucent one (rendered once per window size and cell size)."""
        key = ("backdrop", size, self.origin, self.cell)
        cached = self._cache.get(key)
        if cached is None:
            self._cache = {k: v for k, v in self._cache.items() if k[0] != "backdrop"}
            cached = decor.background(size).copy()
            cached.blit(self.static_layer(), (self.origin[0] - self.margin, self.origin[1] - self.margin))
            self._cache[key] = cached
        return cached

    # -- cached pieces ---------------------------------------------------------------------------------
    def token(self, seat: int, kind: int, size: int, dim: bool = False) -> pygame.Surface:
        """A unit: its shape (Mage circle, Priest diamond, Warrior shield) in its colour, with its icon."""
        key = ("token", seat, kind, size, dim, self.colours[seat])
        if key in self._cache:
            return self._cache[key]
        colour = self.colours[seat]
        pad = max(2, size // 8)
        full = size + 2 * pad
        drop = max(2, size // 11)
        surface = pygame.Surface((full, full + drop), pygame.SRCALPHA)
        c = full / 2
        r = size / 2

        def shape(target: pygame.Surface, fill: tuple[int, ...], shrink: float, dy: float = 0) -> None:
            rr = r - shrink
            if kind == MAGE:
                pygame.draw.circle(target, fill, (c, c + dy), rr)
            elif kind == PRIEST:
                pygame.draw.polygon(
                    target,
                    fill,
                    [
                        (c, c - rr * 1.1 + dy),
                        (c + rr * 1.1, c + dy),
                        (c, c + rr * 1.1 + dy),
                        (c - rr * 1.1, c + dy),
                    ],
                )
            else:
                body = pygame.Rect(0, 0, rr * 1.8, rr * 1.8)
                body.center = (round(c), round(c + dy))
                pygame.draw.rect(target, fill, body, border_radius=max(3, int(rr * 0.45)))

        shape(surface, (0, 0, 0, 120), 0, drop)
        shape(surface, (*theme.mix(colour, (0, 0, 0), 0.55), 255), 0)
        shape(surface, (*colour, 255), max(1.5, size / 13))
        shape(surface, (*theme.mix(colour, (255, 255, 255), 0.25), 255), r * 0.55, -r * 0.08)
        shape(surface, (*colour, 255), r * 0.58, 0)
        icon = self.assets.icon(KIND_ICONS[kind], int(size * 0.62), (20, 16, 32))
        surface.blit(icon, icon.get_rect(center=(c, c + 1)))
        icon = self.assets.icon(KIND_ICONS[kind], int(size * 0.62), (250, 246, 236))
        surface.blit(icon, icon.get_rect(center=(c, c)))
        if dim:
            surface.fill((120, 120, 130, 150), special_flags=pygame.BLEND_RGBA_MULT)
        self._cache[key] = surface
        return surface

    def stone(self, activated: bool, size: int) -> pygame.Surface:
        """A MageStone: Activated stones glow cyan, Unactivated are dull and outlined."""
        key = ("stone", activated, size)
        if key not in self._cache:
            pad = size // 2
            surface = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
            if activated:
                glow = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                pygame.draw.circle(glow, (*ACTIVATED, 150), glow.get_rect().center, size * 0.62)
                surface.blit(pygame.transform.gaussian_blur(glow, max(2, size // 5)), (0, 0))
            icon = self.assets.icon("magestone", size, ACTIVATED if activated else UNACTIVATED)
            dark = self.assets.icon("magestone", size + 2, (12, 10, 26))
            surface.blit(dark, dark.get_rect(center=surface.get_rect().center))
            surface.blit(icon, icon.get_rect(center=surface.get_rect().center))
            self._cache[key] = surface
        return self._cache[key]

    def fill(self, name: str, alpha: int) -> pygame.Surface:
        """A translucent square fill in a highlight colour."""
        key = ("fill", name, alpha, self.cell)
        if key not in self._cache:
            surface = pygame.Surface((self.cell - 2, self.cell - 2), pygame.SRCALPHA)
            pygame.draw.rect(
                surface,
                (*HIGHLIGHTS.get(name, name and (255, 255, 255)), alpha),
                surface.get_rect(),
                border_radius=self.s(4),
            )
            self._cache[key] = surface
        return self._cache[key]

    def ring(self, name: str) -> pygame.Surface:
        """A target ring in a highlight colour."""
        key = ("ring", name, self.cell)
        if key not in self._cache:
            k = self.s
            size = self.cell + 6
            surface = pygame.Surface((size, size), pygame.SRCALPHA)
            colour = HIGHLIGHTS[name]
            pygame.draw.rect(surface, (*colour, 70), surface.get_rect().inflate(-6, -6), border_radius=k(6))
            pygame.draw.rect(
                surface, (*colour, 255), surface.get_rect().inflate(-4, -4), width=k(3), border_radius=k(7)
            )
            self._cache[key] = surface
        return self._cache[key]

    def clear_cache(self) -> None:
        """Forget cached surfaces (palette change)."""
        self._cache.clear()
        self._static = None

    # -- frame -----------------------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        model: BoardModel,
        overlay: Overlay,
        animator: Animator | None,
        static: bool = True,
    ) -> None:
        """The whole board for this frame (without the static layer when ``static`` is False: the
        caller blitted :meth:`backdrop`)."""
        if static:
            surface.blit(self.static_layer(), (self.origin[0] - self.margin, self.origin[1] - self.margin))
        cell = self.cell
        if model.rite is not None:
            self._nexus_glow(surface, self.colours[model.rite])
        for square in overlay.reach:
            rect = self.square_rect(square)
            surface.blit(self.fill("reach", 46), rect.move(1, 1))
        for square in sorted(model.graves):
            icon = self.assets.icon("gravestone", int(cell * (0.5 if square in model.units else 0.72)), GRAVE)
            rect = self.square_rect(square)
            at = (
                rect.move(2, cell - icon.get_height() - 2).topleft
                if square in model.units
                else icon.get_rect(center=rect.center).topleft
            )
            surface.blit(icon, at)
        for square, (unactivated, activated) in model.stones.items():
            self._stones(surface, square, unactivated, activated, square in model.units)
        if overlay.last is not None:
            self._last_go(surface, overlay.last)
        for square, name in overlay.marks:
            surface.blit(self.ring(name), self.square_rect(square).move(-3, -3))
        if overlay.route:
            self._route(surface, overlay.route)
        current = animator.current if animator is not None else None
        walking = current if current is not None and current.kind == "moved" else None
        for square, (seat, kind) in model.units.items():
            token = self.token(seat, kind, int(cell * 0.84), square in overlay.done)
            surface.blit(token, token.get_rect(center=self.centre(square)))
        if overlay.selected is not None:
            self._selection(surface, overlay.selected)
        for square, cost in overlay.reach.items():
            if cost and not overlay.route:
                badge = self.assets.text("ui_bold", max(9, self.s(12)), str(cost), theme.GOLD_BRIGHT)
                rect = self.square_rect(square)
                surface.blit(badge, badge.get_rect(bottomright=(rect.right - self.s(3), rect.bottom - 1)))
        for square, text in overlay.labels:
            self._badge(surface, square, text)
        if walking is not None:
            self._walker(surface, walking)
        if current is not None:
            self._effect(surface, current)

    def _stones(
        self, surface: pygame.Surface, square: int, unactivated: int, activated: int, occupied: bool
    ) -> None:
        rect = self.square_rect(square)
        size = int(self.cell * (0.34 if occupied else 0.5))
        spots = []
        if activated:
            spots.append((True, activated))
        if unactivated:
            spots.append((False, unactivated))
        for index, (lit, count) in enumerate(spots):
            image = self.stone(lit, size)
            if occupied:
                centre = (rect.right - size * 0.45 - index * size * 0.8, rect.y + size * 0.5)
            elif len(spots) == 2:
                centre = (rect.centerx + (index * 2 - 1) * self.cell * 0.2, rect.centery)
            else:
                centre = rect.center
            surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
            if count > 1:
                badge = self.assets.text("ui_bold", max(11, self.s(14)), str(count), theme.GOLD_BRIGHT)
                pos = (round(centre[0] + size * 0.35), round(centre[1] + size * 0.25))
                pygame.draw.circle(surface, theme.INK, pos, max(7, self.s(9)))
                surface.blit(badge, badge.get_rect(center=pos))

    def _nexus_glow(self, surface: pygame.Surface, colour: Colour) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 3)
        key = ("nexus", colour)
        if key not in self._cache:
            size, k = self.cell * 2, self.s
            pad = k(12)
            glow = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(
                glow, (*colour, 255), pygame.Rect(pad, pad, size, size), width=k(6), border_radius=k(6)
            )
            glow = pygame.transform.gaussian_blur(glow, k(6))
            pygame.draw.rect(glow, (*colour, 60), pygame.Rect(pad, pad, size, size))
            pygame.draw.rect(glow, (*colour, 255), pygame.Rect(pad, pad, size, size), width=k(3))
            self._cache[key] = glow
        glow = self._cache[key]
        glow.set_alpha(int(150 + 105 * pulse))
        nexus = self.square_rect(self.board.nexus[0]).unionall(
            [self.square_rect(s) for s in self.board.nexus]
        )
        surface.blit(glow, (nexus.x - self.s(12), nexus.y - self.s(12)))

    def _last_go(self, surface: pygame.Surface, last: LastGo) -> None:
        """The previous go in its player's colour, by shape as well: a hollow ring where each walk
        began, dots along it, corner brackets where it ended and on each unit attacked, a cross
        where a unit fell."""
        colour = self.colours[last.seat] if 0 <= last.seat < len(self.colours) else theme.GOLD
        k = self.s
        for route in last.routes:
            points = [self.centre(s) for s in route]
            for a, b in pairwise(points):
                for t in (0.25, 0.5, 0.75):
                    at = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                    pygame.draw.circle(surface, theme.INK, at, k(4))
                    pygame.draw.circle(surface, colour, at, k(3))
            pygame.draw.circle(surface, theme.INK, points[0], self.cell * 0.3, k(5))
            pygame.draw.circle(surface, colour, points[0], self.cell * 0.3, k(3))
            self._brackets(surface, route[-1], colour)
        for square in last.targets:
            self._brackets(surface, square, colour)
        for square in last.fallen:
            centre, arm = self.centre(square), self.cell * 0.28
            for dx in (-1, 1):
                ends = ((centre[0] - arm, centre[1] - dx * arm), (centre[0] + arm, centre[1] + dx * arm))
                pygame.draw.line(surface, theme.INK, *ends, k(7))
                pygame.draw.line(surface, colour, *ends, k(4))

    def _brackets(self, surface: pygame.Surface, square: int, colour: Colour) -> None:
        """Four corner brackets just inside ``square``."""
        rect, k = self.square_rect(square).inflate(-self.s(2), -self.s(2)), self.s
        arm = max(4, self.cell // 4)
        for corner, (dx, dy) in (
            (rect.topleft, (1, 1)),
            (rect.topright, (-1, 1)),
            (rect.bottomleft, (1, -1)),
            (rect.bottomright, (-1, -1)),
        ):
            points = [(corner[0] + dx * arm, corner[1]), corner, (corner[0], corner[1] + dy * arm)]
            pygame.draw.lines(surface, theme.INK, False, points, k(6))
            pygame.draw.lines(surface, colour, False, points, k(3))

    def _route(self, surface: pygame.Surface, route: tuple[int, ...]) -> None:
        points = [self.centre(s) for s in route]
        colour = HIGHLIGHTS["reach"]
        pygame.draw.lines(surface, theme.INK, False, points, self.s(7))
        pygame.draw.lines(surface, colour, False, points, self.s(3))
        for point in points[1:-1]:
            pygame.draw.circle(surface, colour, point, self.s(4))
        end = self.square_rect(route[-1])
        surface.blit(self.ring("select"), end.move(-3, -3))
        self._badge(surface, route[-1], str(len(route) - 1))

    def _badge(self, surface: pygame.Surface, square: int, text: str) -> None:
        rect = self.square_rect(square)
        label = self.assets.text("ui_bold", max(9, self.s(13)), text, theme.INK)
        box = label.get_rect().inflate(self.s(8), 2)
        box.midbottom = (rect.centerx, rect.y + self.s(6))
        pygame.draw.rect(surface, theme.GOLD_BRIGHT, box, border_radius=self.s(6))
        surface.blit(label, label.get_rect(center=box.center))

    def _selection(self, surface: pygame.Surface, square: int) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        grow = self.s(4) + self.s(3) * pulse
        rect = self.square_rect(square).inflate(grow, grow)
        pygame.draw.rect(surface, theme.GOLD_BRIGHT, rect, width=self.s(3), border_radius=self.s(8))

    def _walker(self, surface: pygame.Surface, step: Step) -> None:
        route = [self.board.square_of[name] for name in step.data["route"]]
        t = step.progress * (len(route) - 1)
        index = min(int(t), len(route) - 2)
        frac = t - index
        a, b = self.centre(route[index]), self.centre(route[index + 1])
        hop = math.sin(frac * math.pi) * self.cell * 0.12
        pos = (a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac - hop)
        assert step.unit is not None
        token = self.token(step.unit[0], step.unit[1], int(self.cell * 0.84))
        surface.blit(token, token.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _effect(self, surface: pygame.Surface, step: Step) -> None:
        data = step.data
        p = step.progress
        cell = self.cell
        sq = self.board.square_of
        if step.kind == "unit_fell" and step.unit is not None:
            token = self.token(step.unit[0], step.unit[1], max(4, int(cell * 0.84 * (1 - 0.5 * p))))
            token = token.copy()
            token.set_alpha(int(255 * (1 - p)))
            centre = self.centre(sq[data["square"]])
            surface.blit(token, token.get_rect(center=(centre[0], centre[1] + cell * 0.2 * p)))
            pygame.draw.circle(surface, HIGHLIGHTS["attack"], centre, cell * (0.3 + 0.5 * p), self.s(3))
        elif step.kind == "bolt_cast":
            a, b = self.centre(sq[data["from"]]), self.centre(sq[data["target"]])
            for trail in range(6):
                q = max(0.0, p - trail * 0.04)
                pos = (a[0] + (b[0] - a[0]) * q, a[1] + (b[1] - a[1]) * q)
                pygame.draw.circle(
                    surface,
                    theme.mix(HIGHLIGHTS["bolt"], (255, 255, 255), 0.6 - trail * 0.1),
                    pos,
                    max(2, self.s(9 - trail)),
                )
        elif step.kind == "nova_cast":
            centre = self.centre(sq[data["square"]])
            for ring in range(3):
                radius = cell * (0.4 + 1.4 * p) - ring * self.s(8)
                if radius > 2:
                    pygame.draw.circle(surface, HIGHLIGHTS["nova"], centre, radius, max(1, self.s(5 - ring)))
        elif step.kind in ("attack_declared", "contest_declared"):
            target = self.centre(sq[data["target"]])
            for name in data["attackers"]:
                pygame.draw.line(surface, HIGHLIGHTS["attack"], self.centre(sq[name]), target, self.s(3))
            pygame.draw.circle(
                surface, HIGHLIGHTS["attack"], target, cell * (0.5 + 0.1 * math.sin(p * 9)), self.s(3)
            )
        elif step.kind in (
            "respawned",
            "warrior_raised",
            "stones_collected",
            "stones_activated",
            "gravestone_placed",
            "stones_dropped",
            "stones_landed",
        ):
            centre = self.centre(sq[data["square"]])
            colour = ACTIVATED if step.kind.startswith("stones") else theme.GOLD_BRIGHT
            pygame.draw.circle(
                surface, colour, centre, cell * (0.2 + 0.6 * p), max(1, int(self.s(4) * (1 - p)) + 1)
            )
            if step.kind in ("stones_dropped", "stones_landed"):
                image = self.stone(True, int(cell * 0.4))
                surface.blit(image, image.get_rect(center=(centre[0], centre[1] - cell * (1 - p) * 1.2)))


def tray_die(
    assets: Assets,
    sides: int,
    face: int,
    colour: Colour,
    size: int,
    cache: dict[tuple[object, ...], pygame.Surface],
) -> pygame.Surface:
    """One die face, upright: pips for a d6, a numbered gem for d12 and d20; cached."""
    key = ("die", sides, face, colour, size)
    if key in cache:
        return cache[key]
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-2, -2)
    ink = (24, 18, 30)
    if sides == 6:
        pygame.draw.rect(surface, theme.mix(colour, (0, 0, 0), 0.5), rect.move(0, 1), border_radius=size // 5)
        pygame.draw.rect(
            surface, theme.mix(colour, (255, 255, 255), 0.55), rect.inflate(-2, -2), border_radius=size // 5
        )
        spots = {
            1: [(0, 0)],
            2: [(-1, -1), (1, 1)],
            3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
        }[face]
        step = size * 0.26
        for dx, dy in spots:
            pygame.draw.circle(surface, ink, (size / 2 + dx * step, size / 2 + dy * step), max(2, size // 11))
    else:
        corners = 5 if sides == 12 else 3
        points = [
            (
                size / 2 + math.cos(-math.pi / 2 + i * math.tau / corners) * size * 0.52,
                size / 2 + 2 + math.sin(-math.pi / 2 + i * math.tau / corners) * size * 0.52,
            )
            for i in range(corners)
        ]
        pygame.draw.polygon(surface, theme.mix(colour, (0, 0, 0), 0.5), points)
        inner = [(size / 2 + (x - size / 2) * 0.86, size / 2 + (y - size / 2) * 0.86) for x, y in points]
        pygame.draw.polygon(surface, theme.mix(colour, (255, 255, 255), 0.55), inner)
        label = assets.text("ui_bold", max(10, size // 3), str(face), ink)
        surface.blit(label, label.get_rect(center=(size / 2, size / 2 + (3 if corners == 3 else 1))))
    cache[key] = surface
    return surface
