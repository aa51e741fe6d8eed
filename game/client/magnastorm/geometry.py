"""Where every part of the Magnastorm table sits in a rect, and what is under a pixel.

``TableLayout.compute(rect, unit, state, seat)`` places the whole physical table in ``rect``:

* the **planet** (a square): six sector wedges around the centre tile, the areas as islands of
  one to three coloured spaces, the lines between them, the transmitter spaces on the lines
  between sectors, and the reputation track as a ring around it with the end threshold;
* the **info strip**: round, turn order, the first-player token and the bag;
* the **action board**: a column per commander (the first-player column first) with its crew
  (the upper panel) and the lower panel's rows with their movement cost and cube gain;
* the **research board**: a track per research area with its bonuses and research commander,
  and the four objectives with their reputation spaces;
* a **player board** per seat: labs and stations left with their costs, crew, cubes by colour,
  commanders held.

Sizes are design pixels (at 1280x720, 100 %) scaled by one factor chosen so that every block
fits; the planet takes what is left, so a wider window gives it more room. The blocks are
arranged in one of a few patterns, whichever lets them be drawn largest.

Targets are what a player clicks (see ``Target``); each has one hit shape (a rect, a circle or a
polygon), and ``hit`` tests them exactly. Spaces and transmitter spaces lie on the board's
areas: ``hit`` prefers them, and an area's hit shape is its island minus its spaces.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.rules.magnastorm.state import MagnastormState

Point = tuple[float, float]

KINDS = (
    "column",
    "crew",
    "lower",
    "area",
    "space",
    "transmitter",
    "lab",
    "station",
    "objective",
    "research",
    "cube",
    "bag",
    "first_player",
)
"""Every kind of target, in the order ``targets()`` yields them."""
CREW_KEYS = "k1234"
"""Crew colours as target keys: ``k`` the neutral crew (written ``y`` in actions), ``1``-``4`` seats."""
CUBE_KEYS = "y1234"
"""Cube colours of a player's tray: yellow and the seat colours."""
REPUTATION_SPACES = 45
"""Spaces on the reputation ring (0-44; a higher reputation goes round again, shown with a badge)."""
LEVELS = 8
"""Research levels 0-7 on each track."""
LAB_SLOTS, STATION_SLOTS, ROWS = 10, 3, 5

# Design sizes (pixels at 1280x720, 100 %).
GAP = 10
PAD = 8
TITLE_H = 18
INFO_H = 44
ROW_HEAD = 80
ACTION_COLUMN = 74
COMMANDER_H = 62
UPPER_H = 50
LOWER_GAP = 6
ROW_H = 31
RESEARCH_LABEL = 64
LEVEL_W = 35
COMMANDER_CHIP = 86
TRACK_H = 27
OBJECTIVE_H = 78
BOARD_W = 356
BOARD_H = 122
MIN_PLANET = 340
MAX_BLOCK_SCALE = 1.3
"""The blocks grow at most this much beyond the UI unit; the planet takes the rest."""

# The planet, as fractions of its radius R.
TILE_R = 0.27
BOARD_R = 0.88
RING_R = 0.935
SECTOR_INNER = 0.285
AREA_PLACES = {
    "2-3p": {"a": (0.39, 0.0), "l": (0.6, -16.0), "r": (0.6, 16.0), "o": (0.805, 0.0)},
    "4p": {"a": (0.39, 0.0), "l": (0.6, -19.0), "m": (0.6, 0.0), "r": (0.6, 19.0), "o": (0.805, 0.0)},
}
"""Each kind of area: (radius, bearing offset in degrees from its sector's centre)."""
SPACE_R = 0.046
ISLAND = 1.6
"""An area's island reaches this many space radii around its spaces."""
TRANSMITTER_R = 0.032


@dataclass(frozen=True, slots=True)
class Target:
    """A clickable part of the table, named with the engine's notation (see the module docs)."""

    kind: str
    key: str


@dataclass(frozen=True)
class Shape:
    """A hit shape: a rect, a circle (``centre``, ``radius``) or a polygon (``points``)."""

    bounds: pygame.Rect
    centre: Point
    radius: float = 0.0
    points: tuple[Point, ...] = ()

    @classmethod
    def box(cls, rect: pygame.Rect) -> Shape:
        """A rect shape."""
        return cls(pygame.Rect(rect), (rect.centerx, rect.centery))

    @classmethod
    def circle(cls, centre: Point, radius: float) -> Shape:
        """A circle shape."""
        x, y = centre
        bounds = pygame.Rect(math.floor(x - radius), math.floor(y - radius), 0, 0)
        bounds.width = math.ceil(x + radius) - bounds.x
        bounds.height = math.ceil(y + radius) - bounds.y
        return cls(bounds, centre, radius)

    @classmethod
    def polygon(cls, points: Sequence[Point], centre: Point) -> Shape:
        """A polygon shape; ``centre`` is a point inside it."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        left, top = math.floor(min(xs)), math.floor(min(ys))
        bounds = pygame.Rect(left, top, math.ceil(max(xs)) - left, math.ceil(max(ys)) - top)
        return cls(bounds, centre, 0.0, tuple(points))

    def contains(self, pos: Point) -> bool:
        """Whether ``pos`` is inside the shape."""
        x, y = pos
        if self.points:
            return self.bounds.collidepoint(x, y) and point_in_polygon(pos, self.points)
        if self.radius:
            return (x - self.centre[0]) ** 2 + (y - self.centre[1]) ** 2 <= self.radius**2
        return self.bounds.collidepoint(x, y)


def point_in_polygon(pos: Point, points: Sequence[Point]) -> bool:
    """Even-odd rule test of ``pos`` against a closed polygon."""
    x, y = pos
    inside = False
    j = len(points) - 1
    for i, (xi, yi) in enumerate(points):
        xj, yj = points[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def convex_hull(points: Sequence[Point]) -> list[Point]:
    """The convex hull of ``points``, counter-clockwise (monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


@dataclass
class Planet:
    """The game board in window pixels."""

    centre: Point
    radius: float
    side: str
    sector_bearing: tuple[float, ...]
    sectors: tuple[tuple[Point, ...], ...]
    area_names: tuple[str, ...]
    area_sector: tuple[int, ...]
    area_centre: tuple[Point, ...]
    area_points: tuple[tuple[Point, ...], ...]
    area_spot: tuple[Point, ...]
    """Where each area is clicked off its spaces: between two spaces, or on the island's rim
    outside the middle space."""
    space_centre: tuple[Point, ...]
    space_radius: float
    space_colour: tuple[str, ...]
    transmitter_names: tuple[str, ...]
    transmitter_centre: tuple[Point, ...]
    transmitter_radius: float
    lines: tuple[tuple[int, int, int], ...]
    """(area, area, transmitter index or -1)."""
    ring: tuple[Point, ...]
    ring_radius: float

    def at(self, radius: float, bearing: float) -> Point:
        """The point ``radius`` (fraction of R) out at ``bearing`` degrees clockwise from up."""
        theta = math.radians(bearing)
        r = radius * self.radius
        return self.centre[0] + r * math.sin(theta), self.centre[1] - r * math.cos(theta)


@dataclass
class ActionBoard:
    """The action board: commander heads, upper-panel cells with crew slots, lower-panel rows."""

    rect: pygame.Rect
    columns: int
    heads: tuple[pygame.Rect, ...]
    upper: tuple[pygame.Rect, ...]
    crew: dict[tuple[int, str], pygame.Rect]
    lower: tuple[pygame.Rect, ...]
    """Row-major: cell ``row * columns + column``."""
    row_heads: tuple[pygame.Rect, ...]
    upper_head: pygame.Rect
    head_head: pygame.Rect
    lower_frame: pygame.Rect
    upper_frame: pygame.Rect


@dataclass
class ResearchBoard:
    """Tracks (label, level cells, commander chip) and the objectives with their reputation spaces."""

    rect: pygame.Rect
    colours: str
    tracks: tuple[pygame.Rect, ...]
    labels: tuple[pygame.Rect, ...]
    cells: tuple[tuple[pygame.Rect, ...], ...]
    commanders: tuple[pygame.Rect, ...]
    objectives: tuple[pygame.Rect, ...]
    rep_spaces: tuple[tuple[pygame.Rect, ...], ...]


@dataclass
class PlayerBoard:
    """One seat's board."""

    seat: int
    rect: pygame.Rect
    header: pygame.Rect
    labs: tuple[pygame.Rect, ...]
    stations: tuple[pygame.Rect, ...]
    cubes: dict[str, pygame.Rect]
    commanders: pygame.Rect


@dataclass
class InfoStrip:
    """Round, turn order, the first-player token and the bag."""

    rect: pygame.Rect
    round: pygame.Rect
    order: tuple[pygame.Rect, ...]
    first_player: pygame.Rect
    bag: pygame.Rect


@dataclass
class TableLayout:
    """Every part of the table placed in a rect (window pixels); see the module docs."""

    bounds: pygame.Rect
    """The rect the table was laid out in."""
    unit: float
    scale: float
    """Window pixels per design pixel of the blocks (the planet scales with its square)."""
    players: int
    seat: int
    arrangement: str
    planet_rect: pygame.Rect
    planet: Planet
    info: InfoStrip
    action: ActionBoard
    research: ResearchBoard
    boards: tuple[PlayerBoard, ...]
    shapes: dict[Target, Shape] = field(default_factory=dict)
    order: tuple[Target, ...] = ()
    """Targets in hit priority (spaces and transmitters before the areas they lie on)."""

    # ------------------------------------------------------------------ public API

    @classmethod
    def compute(cls, rect: pygame.Rect, unit: float, state: MagnastormState, seat: int) -> TableLayout:
        """The table laid out in ``rect`` for ``state``'s player count and side; ``seat`` is the seat
        to act (its board carries the lab, station and cube targets); ``unit`` is the Frame's UI
        scale times its size factor."""
        n = state.num_players
        static = state.s
        columns = static.columns
        colours = static.colours
        rep_spaces = len(static.rep_spaces)
        arrangement, k, b = _arrange(rect.width, rect.height, unit, n, columns, len(colours))
        blocks = _blocks(arrangement, b, n, columns, len(colours))
        width, height = blocks["size"]
        ox = rect.x + (rect.width - width * k) / 2
        oy = rect.y + (rect.height - height * k) / 2

        def place(name: str) -> pygame.Rect:
            x, y, w, h = blocks[name]
            left, top = round(ox + x * k), round(oy + y * k)
            return pygame.Rect(left, top, round(ox + (x + w) * k) - left, round(oy + (y + h) * k) - top)

        planet_rect = place("planet")
        planet = _planet(planet_rect, state)
        info = _info(place("info"), k, n)
        action = _action(place("action"), k, columns, n)
        research = _research(place("research"), k, colours, rep_spaces)
        boards = tuple(_player_board(place(f"board{s}"), k, s, n) for s in range(n))
        layout = cls(
            bounds=pygame.Rect(rect),
            unit=unit,
            scale=k,
            players=n,
            seat=seat,
            arrangement=arrangement,
            planet_rect=planet_rect,
            planet=planet,
            info=info,
            action=action,
            research=research,
            boards=boards,
        )
        layout._index(state)
        return layout

    def hit(self, pos: tuple[float, float]) -> Target | None:
        """The target drawn under window pixel ``pos``, or None."""
        if not self.bounds.collidepoint(pos):
            return None
        for target in self.order:
            if self.shapes[target].contains(pos):
                return target
        return None

    def rect(self, target: Target) -> pygame.Rect:
        """The bounding rect of ``target``'s hit shape (KeyError for a target not on this table)."""
        return pygame.Rect(self.shapes[target].bounds)

    def centre(self, target: Target) -> tuple[int, int]:
        """A pixel inside ``target`` where ``hit`` finds it (the middle of its shape where possible)."""
        x, y = self.shapes[target].centre
        return round(x), round(y)

    def targets(self) -> Iterator[Target]:
        """Every target of this table, kind by kind (see ``KINDS``)."""
        return iter(sorted(self.shapes, key=lambda t: (KINDS.index(t.kind), self._key_order(t))))

    def contains(self, target: Target) -> bool:
        """Whether ``target`` is on this table."""
        return target in self.shapes

    def board_of(self, seat: int) -> PlayerBoard:
        """The player board of ``seat``."""
        return self.boards[seat]

    # ------------------------------------------------------------------ internals

    def _key_order(self, target: Target) -> tuple[int, str]:
        digits = "".join(ch for ch in target.key if ch.isdigit())
        return (
            int(digits) if digits and target.kind in ("space", "lab", "station", "objective") else 0,
            target.key,
        )

    def _index(self, state: MagnastormState) -> None:
        """Build the hit shapes and their priority order."""
        shapes: dict[Target, Shape] = {}
        planet = self.planet
        for i, centre in enumerate(planet.space_centre):
            shapes[Target("space", f"s{i}")] = Shape.circle(centre, planet.space_radius)
        for name, centre in zip(planet.transmitter_names, planet.transmitter_centre, strict=True):
            r = planet.transmitter_radius
            x, y = centre
            diamond = ((x, y - r * 1.25), (x + r, y), (x, y + r * 1.25), (x - r, y))
            shapes[Target("transmitter", name)] = Shape.polygon(diamond, centre)
        for i, name in enumerate(planet.area_names):
            shapes[Target("area", name)] = Shape.polygon(planet.area_points[i], planet.area_spot[i])
        action = self.action
        for column in range(action.columns):
            shapes[Target("column", f"c{column}")] = Shape.box(action.heads[column])
        for (column, key), box in action.crew.items():
            shapes[Target("crew", f"c{column} {key}")] = Shape.box(box)
        for cell, box in enumerate(action.lower):
            shapes[Target("lower", f"r{cell // action.columns}c{cell % action.columns}")] = Shape.box(box)
        research = self.research
        for area, box in zip(research.colours, research.tracks, strict=True):
            shapes[Target("research", area)] = Shape.box(box)
        for slot, box in enumerate(research.objectives):
            shapes[Target("objective", str(slot + 1))] = Shape.box(box)
        if 0 <= self.seat < self.players:
            board = self.boards[self.seat]
            for slot, box in enumerate(board.labs):
                shapes[Target("lab", str(slot + 1))] = Shape.box(box)
            for slot, box in enumerate(board.stations):
                shapes[Target("station", str(slot + 1))] = Shape.box(box)
            for key, box in board.cubes.items():
                shapes[Target("cube", key)] = Shape.box(box)
        shapes[Target("bag", "")] = Shape.box(self.info.bag)
        shapes[Target("first_player", "")] = Shape.box(self.info.first_player)
        self.shapes = shapes
        self.order = tuple(shapes)


# ---------------------------------------------------------------------- arrangement


def _column_size(n: int, columns: int, areas: int) -> tuple[float, float, float, float]:
    """Width of the middle column and the heights of the action and research boards, info strip."""
    action_w = 2 * PAD + ROW_HEAD + columns * ACTION_COLUMN
    research_w = 2 * PAD + RESEARCH_LABEL + LEVELS * LEVEL_W + COMMANDER_CHIP
    width = max(action_w, research_w)
    action_h = 2 * PAD + TITLE_H + COMMANDER_H + UPPER_H + LOWER_GAP + ROWS * ROW_H
    research_h = 2 * PAD + TITLE_H + areas * TRACK_H + LOWER_GAP + OBJECTIVE_H
    return width, action_h, research_h, INFO_H


ARRANGEMENTS = ("three", "under", "bottom", "wide")
"""three: planet | boards | players stacked; under: players under the planet in two columns;
bottom: players in a row under planet and boards; wide: players in two columns at the right."""


def _blocks(arrangement: str, b: float, n: int, columns: int, areas: int) -> dict[str, tuple[float, ...]]:
    """Design rects of every block for one arrangement and planet size ``b``; ``size`` is the total."""
    mw, ah, rh, ih = _column_size(n, columns, areas)
    mh = ih + GAP + ah + GAP + rh
    out: dict[str, tuple[float, ...]] = {}

    def middle(x: float, y: float, height: float) -> None:
        top = y + (height - mh) / 2
        out["info"] = (x, top, mw, ih)
        out["action"] = (x, top + ih + GAP, mw, ah)
        out["research"] = (x, top + ih + GAP + ah + GAP, mw, rh)

    def grid(x: float, y: float, cols: int) -> tuple[float, float]:
        rows = math.ceil(n / cols)
        for s in range(n):
            out[f"board{s}"] = (
                x + (s % cols) * (BOARD_W + GAP),
                y + (s // cols) * (BOARD_H + GAP),
                BOARD_W,
                BOARD_H,
            )
        return cols * BOARD_W + (cols - 1) * GAP, rows * BOARD_H + (rows - 1) * GAP

    if arrangement == "three":
        stack_h = n * BOARD_H + (n - 1) * GAP
        height = max(b, mh, stack_h)
        out["planet"] = (0, (height - b) / 2, b, b)
        middle(b + GAP, 0, height)
        grid(b + GAP + mw + GAP, (height - stack_h) / 2, 1)
        width = b + GAP + mw + GAP + BOARD_W
    elif arrangement == "wide":
        cols = 2 if n > 2 else 1
        rows = math.ceil(n / cols)
        stack_h = rows * BOARD_H + (rows - 1) * GAP
        height = max(b, mh, stack_h)
        out["planet"] = (0, (height - b) / 2, b, b)
        middle(b + GAP, 0, height)
        grid_w, _ = grid(b + GAP + mw + GAP, (height - stack_h) / 2, cols)
        width = b + GAP + mw + GAP + grid_w
    elif arrangement == "under":
        cols = 2 if n > 1 else 1
        rows = math.ceil(n / cols)
        grid_w = cols * BOARD_W + (cols - 1) * GAP
        grid_h = rows * BOARD_H + (rows - 1) * GAP
        left = max(b, grid_w)
        height = max(b + GAP + grid_h, mh)
        top = (height - (b + GAP + grid_h)) / 2
        out["planet"] = ((left - b) / 2, top, b, b)
        grid((left - grid_w) / 2, top + b + GAP, cols)
        middle(left + GAP, 0, height)
        width = left + GAP + mw
    else:  # bottom
        row_w = n * BOARD_W + (n - 1) * GAP
        top_w = b + GAP + mw
        width = max(row_w, top_w)
        top_h = max(b, mh)
        x0 = (width - top_w) / 2
        out["planet"] = (x0, (top_h - b) / 2, b, b)
        middle(x0 + b + GAP, 0, top_h)
        grid((width - row_w) / 2, top_h + GAP, n)
        height = top_h + GAP + BOARD_H
    out["size"] = (width, height)
    return out


def _arrange(
    width: int, height: int, unit: float, n: int, columns: int, areas: int
) -> tuple[str, float, float]:
    """The arrangement, block scale and design planet size that draw the table largest."""
    cap = max(0.05, unit * MAX_BLOCK_SCALE)
    candidates: list[tuple[float, float, str, float]] = []
    for arrangement in ARRANGEMENTS:
        b = float(MIN_PLANET)
        while b <= 4000:
            w, h = _blocks(arrangement, b, n, columns, areas)["size"]
            k = min(width / w, height / h, cap)
            candidates.append((k, b * k, arrangement, b))
            b += 10
    best_k = max(c[0] for c in candidates)
    fitting = [c for c in candidates if c[0] >= best_k * 0.96]
    k, _, arrangement, b = max(fitting, key=lambda c: (c[1], c[0]))
    return arrangement, k, b


# ---------------------------------------------------------------------- blocks


def _planet(rect: pygame.Rect, state: MagnastormState) -> Planet:
    """The planet in its square."""
    static = state.s
    board = static.board
    side = static.side
    radius = rect.width / 2 * 0.985
    centre = (rect.centerx, rect.centery)
    bearings = tuple(60.0 * s - 30.0 for s in range(6))
    planet = Planet(
        centre=centre,
        radius=radius,
        side=side,
        sector_bearing=bearings,
        sectors=(),
        area_names=board.area_names,
        area_sector=board.area_sector,
        area_centre=(),
        area_points=(),
        area_spot=(),
        space_centre=(),
        space_radius=SPACE_R * radius,
        space_colour=board.space_colour,
        transmitter_names=board.transmitter_names,
        transmitter_centre=(),
        transmitter_radius=TRANSMITTER_R * radius,
        lines=(),
        ring=(),
        ring_radius=0.0,
    )
    sectors = []
    for s in range(6):
        outer = [planet.at(BOARD_R, bearings[s] - 30 + 60 * i / 16) for i in range(17)]
        inner = [planet.at(SECTOR_INNER, bearings[s] + 30 - 60 * i / 16) for i in range(17)]
        sectors.append(tuple(outer + inner))
    planet.sectors = tuple(sectors)
    space_r = planet.space_radius
    spaces: list[Point] = [(0.0, 0.0)] * len(board.space_colour)
    area_centres: list[Point] = []
    area_points: list[tuple[Point, ...]] = []
    spots: list[Point] = []
    for area, name in enumerate(board.area_names):
        frac, offset = AREA_PLACES[side][name[1]]
        bearing = bearings[board.area_sector[area]] + offset
        members = board.area_spaces[area]
        r = frac * radius
        if len(members) == 1:
            places = [planet.at(frac, bearing)]
        elif len(members) == 2:
            d = 1.12 * space_r / radius
            places = [planet.at(frac - d, bearing), planet.at(frac + d, bearing)]
        else:
            step = math.degrees(2.35 * space_r / r)
            places = [
                planet.at(frac, bearing + step * (i - (len(members) - 1) / 2)) for i in range(len(members))
            ]
        for space, place in zip(members, places, strict=True):
            spaces[space] = place
        area_centres.append(planet.at(frac, bearing))
        if len(members) == 2:
            spots.append(planet.at(frac, bearing))
        else:
            spots.append(planet.at(frac + (1 + ISLAND) / 2 * space_r / radius, bearing))
        hull_points = [
            (
                x + ISLAND * space_r * math.cos(a * math.pi / 8),
                y + ISLAND * space_r * math.sin(a * math.pi / 8),
            )
            for x, y in places
            for a in range(16)
        ]
        area_points.append(tuple(convex_hull(hull_points)))
    planet.space_centre = tuple(spaces)
    planet.area_centre = tuple(area_centres)
    planet.area_points = tuple(area_points)
    planet.area_spot = tuple(spots)
    transmitters = []
    for a, b in board.transmitter_areas:
        (x1, y1), (x2, y2) = area_centres[a], area_centres[b]
        transmitters.append(((x1 + x2) / 2, (y1 + y2) / 2))
    planet.transmitter_centre = tuple(transmitters)
    lines = []
    for a, near in enumerate(board.neighbours):
        for b in near:
            if a < b:
                lines.append((a, b, board.line_transmitter.get((a, b), -1)))
    planet.lines = tuple(lines)
    ring_r = RING_R * radius
    planet.ring = tuple(planet.at(RING_R, 360.0 * i / REPUTATION_SPACES) for i in range(REPUTATION_SPACES))
    planet.ring_radius = min(0.05 * radius, math.pi * ring_r / REPUTATION_SPACES * 0.86)
    return planet


def _scaled(k: float) -> Callable[[float], int]:
    """Design pixels to window pixels at block scale ``k`` (at least 1)."""
    return lambda v: max(1, round(v * k))


def _info(rect: pygame.Rect, k: float, n: int) -> InfoStrip:
    """Round, turn order (one emblem slot a seat), the first-player token and the bag."""
    s = _scaled(k)
    inner = rect.inflate(-2 * s(PAD), -2 * s(6))
    round_box = pygame.Rect(inner.x, inner.y, s(74), inner.height)
    slot = s(34)
    x = round_box.right + s(8)
    order = []
    for i in range(n):
        order.append(pygame.Rect(x + i * (slot + s(4)), inner.y, slot, inner.height))
    fp = pygame.Rect(x + n * (slot + s(4)) + s(6), inner.y, s(44), inner.height)
    bag = pygame.Rect(fp.right + s(8), inner.y, inner.right - fp.right - s(8), inner.height)
    return InfoStrip(rect, round_box, tuple(order), fp, bag)


def _action(rect: pygame.Rect, k: float, columns: int, n: int) -> ActionBoard:
    """Commander heads, crew slots and the lower panel's cells, a column per commander."""
    s = _scaled(k)
    x0 = rect.x + s(PAD) + s(ROW_HEAD)
    top = rect.y + s(PAD) + s(TITLE_H)
    cw = (rect.right - s(PAD) - x0) / columns

    def column_x(c: int) -> tuple[int, int]:
        left = round(x0 + c * cw) + s(2)
        return left, round(x0 + (c + 1) * cw) - s(2) - left

    heads, uppers, lowers = [], [], []
    crew: dict[tuple[int, str], pygame.Rect] = {}
    keys = CREW_KEYS[: n + 1]
    upper_y = top + s(COMMANDER_H)
    lower_y = upper_y + s(UPPER_H) + s(LOWER_GAP)
    for c in range(columns):
        left, width = column_x(c)
        heads.append(pygame.Rect(left, top, width, s(COMMANDER_H) - s(4)))
        cell = pygame.Rect(left, upper_y, width, s(UPPER_H) - s(4))
        uppers.append(cell)
        per_row = 3
        slot_w = (cell.width - s(4)) / per_row
        slot_h = (cell.height - s(4)) / 2
        for i, key in enumerate(keys):
            row, col = divmod(i, per_row)
            sx = round(cell.x + s(2) + col * slot_w)
            sy = round(cell.y + s(2) + row * slot_h)
            crew[c, key] = pygame.Rect(
                sx + 1,
                sy + 1,
                round(cell.x + s(2) + (col + 1) * slot_w) - sx - 2,
                round(cell.y + s(2) + (row + 1) * slot_h) - sy - 2,
            )
    row_heads = []
    for r in range(ROWS):
        y = lower_y + r * s(ROW_H)
        row_heads.append(pygame.Rect(rect.x + s(PAD), y, s(ROW_HEAD) - s(6), s(ROW_H) - s(3)))
        for c in range(columns):
            left, width = column_x(c)
            lowers.append(pygame.Rect(left, y, width, s(ROW_H) - s(3)))
    upper_head = pygame.Rect(rect.x + s(PAD), upper_y, s(ROW_HEAD) - s(6), s(UPPER_H) - s(4))
    head_head = pygame.Rect(rect.x + s(PAD), top, s(ROW_HEAD) - s(6), s(COMMANDER_H) - s(4))
    lower_frame = pygame.Rect(
        rect.x + s(PAD) - s(3), lower_y - s(3), rect.width - 2 * s(PAD) + s(6), ROWS * s(ROW_H) + s(3)
    )
    upper_frame = pygame.Rect(
        rect.x + s(PAD) - s(3), upper_y - s(3), rect.width - 2 * s(PAD) + s(6), s(UPPER_H) + s(2)
    )
    return ActionBoard(
        rect,
        columns,
        tuple(heads),
        tuple(uppers),
        crew,
        tuple(lowers),
        tuple(row_heads),
        upper_head,
        head_head,
        lower_frame,
        upper_frame,
    )


def _research(rect: pygame.Rect, k: float, colours: str, rep_spaces: int) -> ResearchBoard:
    """A track per area and the objectives row."""
    s = _scaled(k)
    top = rect.y + s(PAD) + s(TITLE_H)
    left = rect.x + s(PAD)
    right = rect.right - s(PAD)
    tracks, labels, cells, chips = [], [], [], []
    cells_x = left + s(RESEARCH_LABEL)
    chip_w = s(COMMANDER_CHIP)
    level_w = (right - chip_w - cells_x) / LEVELS
    for a in range(len(colours)):
        y = top + a * s(TRACK_H)
        h = s(TRACK_H) - s(3)
        tracks.append(pygame.Rect(left, y, right - left, h))
        labels.append(pygame.Rect(left, y, s(RESEARCH_LABEL) - s(4), h))
        row = []
        for level in range(LEVELS):
            x = round(cells_x + level * level_w)
            row.append(pygame.Rect(x, y, round(cells_x + (level + 1) * level_w) - x - s(2), h))
        cells.append(tuple(row))
        chips.append(pygame.Rect(right - chip_w + s(2), y, chip_w - s(2), h))
    obj_y = top + len(colours) * s(TRACK_H) + s(LOWER_GAP)
    obj_h = rect.bottom - s(PAD) - obj_y
    gap = s(6)
    obj_w = (right - left - 3 * gap) / 4
    objectives, spaces = [], []
    for slot in range(4):
        x = round(left + slot * (obj_w + gap))
        card = pygame.Rect(x, obj_y, round(left + slot * (obj_w + gap) + obj_w) - x, obj_h)
        objectives.append(card)
        size = min(s(17), (card.width - s(8)) // max(1, rep_spaces) - s(2))
        row_w = rep_spaces * (size + s(3)) - s(3)
        sx = card.centerx - row_w // 2
        spaces.append(
            tuple(
                pygame.Rect(sx + i * (size + s(3)), card.bottom - s(4) - size, size, size)
                for i in range(rep_spaces)
            )
        )
    return ResearchBoard(
        rect,
        colours,
        tuple(tracks),
        tuple(labels),
        tuple(cells),
        tuple(chips),
        tuple(objectives),
        tuple(spaces),
    )


def _player_board(rect: pygame.Rect, k: float, seat: int, n: int) -> PlayerBoard:
    """Header; labs and stations with their costs; cubes by colour and commanders held."""
    s = _scaled(k)
    inner = rect.inflate(-2 * s(PAD), -2 * s(6))
    header = pygame.Rect(inner.x, inner.y, inner.width, s(24))
    slots_y = header.bottom + s(4)
    slots_h = s(44)
    station_w = s(30)
    stations_x = inner.right - STATION_SLOTS * station_w
    lab_w = (stations_x - s(8) - inner.x) / LAB_SLOTS
    labs = []
    for i in range(LAB_SLOTS):
        x = round(inner.x + i * lab_w)
        labs.append(pygame.Rect(x, slots_y, round(inner.x + (i + 1) * lab_w) - x - s(2), slots_h))
    stations = tuple(
        pygame.Rect(stations_x + i * station_w, slots_y, station_w - s(2), slots_h)
        for i in range(STATION_SLOTS)
    )
    cube_y = slots_y + slots_h + s(4)
    cube_h = inner.bottom - cube_y
    cube_w = s(38)
    cubes = {}
    for i, key in enumerate(CUBE_KEYS[: n + 1]):
        cubes[key] = pygame.Rect(inner.x + i * (cube_w + s(3)), cube_y, cube_w, cube_h)
    commanders_x = inner.x + (n + 1) * (cube_w + s(3)) + s(6)
    commanders = pygame.Rect(commanders_x, cube_y, inner.right - commanders_x, cube_h)
    return PlayerBoard(seat, rect, header, tuple(labs), stations, cubes, commanders)
