"""Drawing the Magnastorm table: a cached static layer (boards, tracks, panels, printed costs and
bonuses) and, each frame, the pieces of the position, the overlay and the animations.

``TableView.draw(surface, state, layout, overlay)`` reads the state and never changes it. The
static layer is rendered once per layout (window size, UI scale, player count) and colour
settings; the storm shading once per rotation of the centre tile.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.client import decor, theme
from game.client.assets import Assets
from game.client.magnastorm.geometry import (
    BOARD_R,
    CREW_KEYS,
    CUBE_KEYS,
    LEVELS,
    ROWS,
    TILE_R,
    Shape,
    TableLayout,
    Target,
)
from game.client.magnastorm.pieces import (
    BLACK,
    EMBLEMS,
    QUIET,
    RESEARCH_NAMES,
    RESEARCH_RGB,
    STORM,
    YELLOW,
    Pieces,
)
from game.client.theme import Colour
from game.rules.magnastorm.data import Cost
from game.rules.magnastorm.objectives import target as objective_target
from game.rules.magnastorm.planet import quiet_sectors, tile_slot
from game.rules.magnastorm.state import MagnastormState

TILE_STEP = 1.5
"""Degrees between the cached frames of the turning centre tile."""
HIGHLIGHT: Colour = (255, 214, 96)
HOVER: Colour = (255, 255, 255)
SELECTED: Colour = (96, 230, 255)
LAST: Colour = (255, 130, 200)
BOARD_FILL: Colour = (17, 22, 42)
ISLAND_FILL: Colour = (44, 52, 78)
ISLAND_EDGE: Colour = (150, 160, 196)
LINE: Colour = (170, 150, 104)
CELL: Colour = (30, 27, 58)
CELL_EDGE: Colour = (86, 76, 120)
BONUS_WORDS = {"crew": "crew", "swap": "swap", "range": "+2 areas", "extra_lab": "+lab", "bag": "bag"}
GOAL_TEXT = {
    "track": ("{area} track", "{n} levels down"),
    "track_most": ("Most in {area}", "{n} levels down"),
    "most": ("Most in an area", "{n} levels down"),
    "spread": ("{n} areas", "1 level down each"),
    "total": ("Any areas", "{n} levels down"),
    "same_sector": ("{n} labs", "from one sector"),
    "distinct_sectors": ("1 lab from", "each of {n} sectors"),
    "majority_sector": ("{n} labs from", "your majority sector"),
    "quiet": ("{n} labs", "from quiet sectors"),
    "storm": ("{n} labs", "from storm sectors"),
    "distinct_colours": ("{n} labs on", "different colours"),
    "any": ("{n} labs", "from anywhere"),
}
"""Two short lines describing an objective face (``n`` is this round's count)."""


@dataclass
class Overlay:
    """What the table shows on top of the position this frame (the scene fills it in)."""

    legal: dict[Target, str] = field(default_factory=dict)
    """Targets that can be clicked now, with a small label (a cost, a gain) or ""."""
    greyed: dict[Target, str] = field(default_factory=dict)
    """Targets drawn dimmed (the reason is for the scene's tooltip)."""
    hover: Target | None = None
    selected: Target | None = None
    last: frozenset[Target] = frozenset()
    """The last turn's targets, marked with a pin (a shape, not only a colour)."""
    rotation: float = 0.0
    """Centre-tile turn progress 0..1 after a rotation (0 or 1: at rest)."""
    panel_swap: float = 0.0
    """Panel swap progress 0..1 (crew rising from the lower panel into the upper; 0 or 1: at rest)."""
    bag_draw: tuple[str, float] | None = None
    """A cube being drawn from the bag: its colour (notation) and progress 0..1."""


def _fs(k: float, design: float) -> int:
    """A type size at block scale ``k`` (never below 9 px)."""
    return max(9, round(design * k))


class TableView:
    """Paints the Magnastorm table for a layout; caches the static layer and the sprites."""

    def __init__(
        self,
        assets: Assets,
        colours: tuple[Colour, ...],
        emblems: tuple[str, ...] = EMBLEMS,
        names: tuple[str, ...] = (),
    ) -> None:
        self.assets = assets
        self.pieces = Pieces(assets, colours, emblems)
        self.names = names
        """The players' names on their boards (the colour names when empty)."""
        self.static_renders = 0
        """How often the static layer was rendered (once per layout and settings)."""
        self._static: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._base_cache: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.base_renders = 0
        """How often the position was drawn into the base layer (once per position and layout)."""
        self._storm: dict[tuple[object, ...], pygame.Surface] = {}
        self._tiles: dict[tuple[object, ...], pygame.Surface] = {}
        self._washes: dict[tuple[object, ...], pygame.Surface] = {}

    def set_colours(self, colours: tuple[Colour, ...]) -> None:
        """New seat colours (the colour-blind setting): drops what was drawn in the old ones."""
        if colours != self.colours:
            self.pieces = Pieces(self.assets, colours, self.pieces.emblems)
            self._static = None
            self._base_cache = None
            self._washes.clear()

    @property
    def colours(self) -> tuple[Colour, ...]:
        """The seat colours the pieces are drawn in."""
        return self.pieces.colours

    # ------------------------------------------------------------------ caches

    def _key(self, layout: TableLayout) -> tuple[object, ...]:
        return (
            tuple(layout.bounds),
            layout.scale,
            layout.arrangement,
            layout.players,
            layout.planet.side,
            self.colours,
            layout.seat,
        )

    def static_layer(self, layout: TableLayout, state: MagnastormState) -> pygame.Surface:
        """The printed table for ``layout`` (rendered once per layout and colours)."""
        key = self._key(layout)
        if self._static is None or self._static[0] != key:
            self.static_renders += 1
            self._storm.clear()
            self._tiles.clear()
            self._washes.clear()
            self._static = (key, self._render_static(layout, state))
        return self._static[1]

    # ------------------------------------------------------------------ drawing

    def draw(
        self,
        surface: pygame.Surface,
        state: MagnastormState,
        layout: TableLayout,
        overlay: Overlay | None = None,
    ) -> None:
        """Draw the table for ``state`` (which is only read) with ``overlay`` on top.

        The position is drawn once into a cached base layer (static layer, storm, pieces) and
        redrawn only when the position, layout or colours change; each frame blits it and draws
        the animations and the overlay on top."""
        overlay = overlay or Overlay()
        turning = 0.0 < overlay.rotation < 1.0
        rising = 0.0 < overlay.panel_swap < 1.0
        shown = (state.rotation - 1) % 6 if turning and overlay.rotation < 0.5 else state.rotation
        base = self._base(state, layout, shown, turning, rising)
        surface.blits([(base, region.topleft, region) for region in self._regions(layout)], doreturn=False)
        if turning:
            planet = layout.planet
            pygame.draw.circle(surface, BOARD_FILL, planet.centre, planet.radius * TILE_R * 1.03)
            self._centre_tile(surface, layout, state, state.rotation, (overlay.rotation - 1.0) * 60.0)
        if rising:
            self._upper_crew(surface, state, layout, overlay.panel_swap)
        self._overlay(surface, layout, overlay)
        if overlay.bag_draw is not None:
            self._bag_draw(surface, state, layout, *overlay.bag_draw)

    def _regions(self, layout: TableLayout) -> list[pygame.Rect]:
        """The parts of the table that hold anything (the blocks with their shadows), so a frame
        blits no more than those."""
        margin = round(14 * layout.scale) + 4
        blocks = [layout.planet_rect, layout.info.rect, layout.action.rect, layout.research.rect]
        blocks += [board.rect for board in layout.boards]
        return [block.inflate(margin * 2, margin * 2).clip(layout.bounds) for block in blocks]

    def _base(
        self, state: MagnastormState, layout: TableLayout, shown: int, turning: bool, rising: bool
    ) -> pygame.Surface:
        """The static layer with the storm at ``shown`` and the position's pieces (cached), in
        window coordinates; without the centre tile while it turns and without the upper-panel
        crew while it rises."""
        static = self.static_layer(layout, state)
        key = (self._key(layout), self.names, state.position(), shown, turning, rising)
        if self._base_cache is not None and self._base_cache[0] == key:
            return self._base_cache[1]
        self.base_renders += 1
        base = static.copy()
        storm = self._storm_layer(layout, state, shown)
        base.blit(storm, layout.planet_rect.topleft)
        if not turning:
            self._centre_tile(base, layout, state, state.rotation, 0.0)
        self._planet_pieces(base, state, layout)
        self._info(base, state, layout)
        self._action(base, state, layout)
        if not rising:
            self._upper_crew(base, state, layout, 1.0)
        self._research(base, state, layout)
        for board in layout.boards:
            self._player_board(base, state, layout, board.seat)
        self._base_cache = (key, base)
        return base

    # ------------------------------------------------------------------ static layer

    def _render_static(self, layout: TableLayout, state: MagnastormState) -> pygame.Surface:
        bounds = layout.bounds
        surface = pygame.Surface((bounds.right, bounds.bottom), pygame.SRCALPHA)
        shift = (0, 0)
        self._static_planet(surface, layout, state, shift)
        k = layout.scale
        for rect, title in (
            (layout.info.rect, ""),
            (layout.action.rect, "Action board"),
            (layout.research.rect, "Research"),
        ):
            local = rect.move(shift)
            decor.blit_panel(surface, local, radius=10, shadow=10, unit=k)
            if title:
                decor.text(
                    surface,
                    self.assets,
                    "title",
                    _fs(k, 15),
                    title,
                    theme.GOLD,
                    (local.x + round(8 * k), local.y + round(5 * k)),
                )
        self._static_action(surface, layout, state, shift)
        self._static_research(surface, layout, state, shift)
        for board in layout.boards:
            self._static_board(surface, layout, state, board.seat, shift)
        if pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        return surface

    def _static_planet(
        self, surface: pygame.Surface, layout: TableLayout, state: MagnastormState, shift: tuple[int, int]
    ) -> None:
        planet = layout.planet
        cx, cy = planet.centre[0] + shift[0], planet.centre[1] + shift[1]
        radius = planet.radius

        def local(p: tuple[float, float]) -> tuple[float, float]:
            return p[0] + shift[0], p[1] + shift[1]

        # reputation ring
        pygame.draw.circle(surface, (0, 0, 0, 110), (cx, cy + radius * 0.02), radius)
        pygame.draw.circle(surface, (28, 24, 52), (cx, cy), radius)
        pygame.draw.circle(surface, theme.BORDER, (cx, cy), radius, max(1, round(radius * 0.006)))
        threshold = state.s.threshold
        ring_r = planet.ring_radius
        number = max(8, round(ring_r * 0.95))
        for value, centre in enumerate(planet.ring):
            x, y = local(centre)
            special = value == threshold
            fill = theme.mix(theme.GOLD, (60, 40, 10), 0.2) if special else (40, 35, 72)
            pygame.draw.circle(surface, fill, (x, y), ring_r)
            pygame.draw.circle(
                surface, theme.GOLD if special or value % 5 == 0 else CELL_EDGE, (x, y), ring_r, 1
            )
            if special:
                icon = self.assets.icon("ms-reputation", round(ring_r * 1.5), theme.INK)
                surface.blit(icon, icon.get_rect(center=(x, y)))
            elif value % 5 == 0:
                decor.text(
                    surface,
                    self.assets,
                    "ui_bold",
                    max(9, number),
                    str(value),
                    theme.TEXT_DIM,
                    (x, y),
                    "center",
                )
        # the disc and the sectors
        board_r = radius * BOARD_R
        pygame.draw.circle(surface, BOARD_FILL, (cx, cy), board_r)
        for s, points in enumerate(planet.sectors):
            tint = theme.mix(BOARD_FILL, (70, 90, 130), 0.16 if s % 2 else 0.08)
            pygame.draw.polygon(surface, tint, [local(p) for p in points])
        for s in range(6):
            a = local(planet.at(0.28, planet.sector_bearing[s] + 30))
            b = local(planet.at(BOARD_R, planet.sector_bearing[s] + 30))
            pygame.draw.line(surface, (80, 90, 130), a, b, 1)
        pygame.draw.circle(surface, theme.GOLD, (cx, cy), board_r, max(1, round(radius * 0.008)))
        # lines between areas, then the islands, spaces and transmitter spaces
        width = max(1, round(radius * 0.012))
        for first, second, transmitter in planet.lines:
            pa, pb = local(planet.area_centre[first]), local(planet.area_centre[second])
            tone = theme.mix(LINE, BOARD_FILL, 0.1 if transmitter >= 0 else 0.35)
            pygame.draw.line(surface, tone, pa, pb, width)
        for points in planet.area_points:
            shape = [local(p) for p in points]
            pygame.draw.polygon(surface, ISLAND_FILL, shape)
            pygame.draw.polygon(surface, ISLAND_EDGE, shape, 1)
        space_r = planet.space_radius
        for centre, colour in zip(planet.space_centre, planet.space_colour, strict=True):
            x, y = local(centre)
            pygame.draw.circle(surface, (12, 12, 24), (x, y + 1), space_r + 1)
            pygame.draw.circle(surface, RESEARCH_RGB[colour], (x, y), space_r)
            pygame.draw.circle(
                surface, theme.mix(RESEARCH_RGB[colour], (255, 255, 255), 0.45), (x, y), space_r, 1
            )
            if colour == "w":
                for i, area in enumerate(state.s.colours):
                    angle = math.pi * 2 * i / len(state.s.colours)
                    dot = (x + math.cos(angle) * space_r * 0.45, y + math.sin(angle) * space_r * 0.45)
                    pygame.draw.circle(surface, RESEARCH_RGB[area], dot, max(1, space_r * 0.22))
        for name in planet.transmitter_names:
            self._diamond(
                surface, layout.shapes[Target("transmitter", name)], shift, (34, 30, 60), theme.GOLD
            )

    def _diamond(
        self, surface: pygame.Surface, shape: Shape, shift: tuple[int, int], fill: Colour, edge: Colour
    ) -> None:
        points = [(x + shift[0], y + shift[1]) for x, y in shape.points]
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, edge, points, 1)

    def _cost_row(
        self,
        surface: pygame.Surface,
        cost: Cost | str,
        size: int,
        centre: tuple[float, float],
        gap: int = 2,
        room: int = 0,
    ) -> None:
        """Cubes of a cost in a row centred on ``centre`` (``k``: own colour, printed black); a free
        cost says "free" where it fits ``room`` pixels (any room when 0)."""
        letters = cost if isinstance(cost, str) else "y" * cost.yellow + "k" * cost.own + "a" * cost.any
        if not letters:
            if room and self.assets.font("ui_semibold", max(9, size)).size("free")[0] > room:
                return
            decor.text(
                surface, self.assets, "ui_semibold", max(9, size), "free", theme.TEXT_DIM, centre, "center"
            )
            return
        width = len(letters) * (size + gap) - gap
        x = centre[0] - width / 2
        for letter in letters:
            if letter == "a":
                cube = self.pieces.cube((200, 200, 210), size)
                surface.blit(cube, (x, centre[1] - size / 2))
                if size >= 9:
                    decor.text(
                        surface,
                        self.assets,
                        "ui_bold",
                        max(9, round(size * 0.9)),
                        "?",
                        theme.INK,
                        (x + size / 2, centre[1]),
                        "center",
                    )
            else:
                surface.blit(self.pieces.cube_for(letter, size), (x, centre[1] - size / 2))
            x += size + gap

    def _static_action(
        self, surface: pygame.Surface, layout: TableLayout, state: MagnastormState, shift: tuple[int, int]
    ) -> None:
        action = layout.action
        k = layout.scale
        panel = state.s.panel
        small = _fs(k, 11)
        for frame in (action.upper_frame, action.lower_frame):
            pygame.draw.rect(surface, (24, 21, 48), frame.move(shift), border_radius=round(6 * k))
        self._fitting_label(surface, "Commander", small, action.head_head.move(shift))
        self._fitting_label(surface, "Crew", small, action.upper_head.move(shift))
        cube = max(7, round(11 * k))
        for row, head in enumerate(action.row_heads):
            # one line: the boot and the movement cost, a divider, the cubes gained
            local = head.move(shift)
            pygame.draw.rect(surface, CELL, local, border_radius=round(4 * k))
            cube = max(6, min(round(10 * k), local.height - 6, (local.width - 10) // 7))
            split = local.x + local.width * 0.46
            boot = self.assets.icon("ms-range", cube + 2, theme.TEXT_DIM)
            surface.blit(boot, boot.get_rect(midleft=(local.x + 2, local.centery)))
            self._cost_row(
                surface, panel.move_costs[row], cube, ((local.x + 4 + cube + split) / 2, local.centery), 1
            )
            self._cost_row(surface, panel.gains[row], cube, ((split + local.right) / 2, local.centery), 1)
            pygame.draw.line(surface, CELL_EDGE, (split, local.y + 3), (split, local.bottom - 3))
        for cell, box in enumerate(action.lower):
            local = box.move(shift)
            pygame.draw.rect(surface, CELL, local, border_radius=round(4 * k))
            pygame.draw.rect(surface, CELL_EDGE, local, 1, border_radius=round(4 * k))
            bonus = panel.bonuses.get((cell // action.columns, cell % action.columns))
            if bonus:
                self._bonus(surface, bonus, local, k)
        for head in action.heads:
            pygame.draw.rect(surface, (36, 31, 70), head.move(shift), border_radius=round(6 * k))
            pygame.draw.rect(surface, theme.BORDER, head.move(shift), 1, border_radius=round(6 * k))
        for upper in action.upper:
            pygame.draw.rect(surface, CELL, upper.move(shift), border_radius=round(4 * k))

    def _fitting_label(self, surface: pygame.Surface, word: str, size: int, rect: pygame.Rect) -> None:
        """A dim label at the left of ``rect``, left out where it does not fit."""
        if self.assets.font("ui_semibold", size).size(word)[0] <= rect.width:
            decor.text(
                surface, self.assets, "ui_semibold", size, word, theme.TEXT_DIM, rect.midleft, "midleft"
            )

    def _bonus(self, surface: pygame.Surface, bonus: str, cell: pygame.Rect, k: float) -> None:
        """A lower-panel bonus printed at the right of its cell."""
        size = max(8, min(cell.height - 6, round(16 * k)))
        spot = (cell.right - size // 2 - round(4 * k), cell.centery)
        if bonus.startswith("research:"):
            colour = RESEARCH_RGB[bonus[-1]]
            box = pygame.Rect(0, 0, size, size)
            box.center = spot
            pygame.draw.rect(surface, colour, box, border_radius=max(2, size // 3))
            decor.text(
                surface,
                self.assets,
                "ui_bold",
                max(9, round(size * 0.7)),
                "+1",
                theme.INK,
                box.center,
                "center",
            )
            return
        icon = {
            "crew": "ms-crew",
            "swap": "ms-exchange",
            "range": "ms-range",
            "extra_lab": "ms-lab",
            "bag": "ms-bag",
        }[bonus]
        sprite = self.assets.icon(icon, size, theme.GOLD_BRIGHT)
        surface.blit(sprite, sprite.get_rect(center=spot))
        if bonus in ("range", "extra_lab"):
            decor.text(
                surface,
                self.assets,
                "ui_bold",
                _fs(k, 9),
                "+",
                theme.GOLD_BRIGHT,
                (spot[0] - size // 2 - 1, spot[1]),
                "midright",
            )

    def _track_bonus(
        self, surface: pygame.Surface, bonus: str, centre: tuple[float, float], size: int
    ) -> None:
        """A research-track bonus: a cube (own, yellow, any colour), the bag with a count, or crew."""
        x, y = centre
        if bonus == "yellow":
            surface.blit(self.pieces.cube(YELLOW, size), (x - size / 2, y - size / 2))
        elif bonus == "own":
            surface.blit(self.pieces.cube(BLACK, size), (x - size / 2, y - size / 2))
        elif bonus == "colour":
            cube = self.pieces.cube((200, 200, 210), size)
            surface.blit(cube, (x - size / 2, y - size / 2))
            quarter = max(2, size // 2 - 1)
            for i, colour in enumerate(self.colours[:4]):
                pygame.draw.rect(
                    surface,
                    colour,
                    (x - quarter + (i % 2) * quarter, y - quarter + (i // 2) * quarter, quarter, quarter),
                )
        elif bonus.startswith("bag"):
            icon = self.assets.icon("ms-bag", size, theme.GOLD_BRIGHT)
            surface.blit(icon, icon.get_rect(center=(x - size * 0.2, y)))
            decor.text(
                surface,
                self.assets,
                "ui_bold",
                max(9, round(size * 0.75)),
                bonus[3:],
                theme.TEXT,
                (x + size * 0.35, y + size * 0.1),
                "midleft",
            )
        elif bonus == "crew":
            icon = self.assets.icon("ms-crew", size, theme.GOLD_BRIGHT)
            surface.blit(icon, icon.get_rect(center=(x, y)))

    def _static_research(
        self, surface: pygame.Surface, layout: TableLayout, state: MagnastormState, shift: tuple[int, int]
    ) -> None:
        research = layout.research
        k = layout.scale
        side = state.s.research
        for a, colour in enumerate(research.colours):
            rgb = RESEARCH_RGB[colour]
            label = research.labels[a].move(shift)
            pygame.draw.rect(surface, theme.mix(rgb, CELL, 0.35), label, border_radius=round(4 * k))
            decor.text(
                surface,
                self.assets,
                "ui_bold",
                _fs(k, 12),
                RESEARCH_NAMES[colour],
                theme.INK,
                label.center,
                "center",
            )
            for level, cell in enumerate(research.cells[a]):
                local = cell.move(shift)
                pygame.draw.rect(surface, theme.mix(rgb, CELL, 0.82), local, border_radius=round(3 * k))
                pygame.draw.rect(surface, theme.mix(rgb, CELL, 0.5), local, 1, border_radius=round(3 * k))
                if local.height >= 20:
                    decor.text(
                        surface,
                        self.assets,
                        "ui",
                        _fs(k, 9),
                        str(level),
                        theme.TEXT_DIM,
                        (local.x + 2, local.y + 1),
                    )
                bonus = side.bonuses[a].get(level)
                if bonus:
                    size = max(7, min(local.height - 8, round(13 * k)))
                    self._track_bonus(surface, bonus, (local.right - size * 0.75, local.centery + 1), size)
            chip = research.commanders[a].move(shift)
            pygame.draw.rect(surface, (36, 31, 70), chip, border_radius=round(4 * k))
            pygame.draw.rect(surface, theme.mix(rgb, theme.BORDER, 0.5), chip, 1, border_radius=round(4 * k))
        for slot, card in enumerate(research.objectives):
            local = card.move(shift)
            fill = (44, 36, 70) if slot < 2 else (30, 44, 64)
            pygame.draw.rect(surface, fill, local, border_radius=round(6 * k))
            pygame.draw.rect(surface, theme.BORDER, local, 1, border_radius=round(6 * k))
            for value, space in zip(state.s.rep_spaces, research.rep_spaces[slot], strict=True):
                box = space.move(shift)
                pygame.draw.circle(surface, (24, 20, 44), box.center, box.width / 2)
                pygame.draw.circle(surface, theme.GOLD, box.center, box.width / 2, 1)
                decor.text(
                    surface,
                    self.assets,
                    "ui_bold",
                    max(9, round(box.width * 0.6)),
                    str(value),
                    theme.GOLD_BRIGHT,
                    box.center,
                    "center",
                )

    def _static_board(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        state: MagnastormState,
        seat: int,
        shift: tuple[int, int],
    ) -> None:
        board = layout.boards[seat]
        k = layout.scale
        colour = self.pieces.colour(seat)
        local = board.rect.move(shift)
        decor.blit_panel(
            surface,
            local,
            radius=10,
            shadow=10,
            unit=k,
            fill=theme.mix(theme.PANEL, colour, 0.10),
            border=theme.mix(theme.BORDER, colour, 0.5),
        )
        stripe = pygame.Rect(
            local.x, local.y + round(6 * k), max(2, round(4 * k)), local.height - round(12 * k)
        )
        pygame.draw.rect(surface, colour, stripe, border_radius=2)
        watermark = self.pieces.emblem(seat, round(local.height * 0.62), theme.mix(theme.PANEL, colour, 0.22))
        surface.blit(watermark, watermark.get_rect(midright=(local.right - round(6 * k), local.centery)))
        cube = max(6, round(9 * k))
        for slot, box in enumerate(board.labs):
            cell = box.move(shift)
            pygame.draw.rect(surface, (22, 19, 44), cell, border_radius=round(4 * k))
            pygame.draw.rect(surface, CELL_EDGE, cell, 1, border_radius=round(4 * k))
            cost = state.s.content.lab_costs[slot]
            self._cost_stack(surface, cost, cube, cell)
        for slot, box in enumerate(board.stations):
            cell = box.move(shift)
            pygame.draw.rect(surface, (22, 19, 44), cell, border_radius=round(4 * k))
            pygame.draw.rect(
                surface, theme.mix(CELL_EDGE, theme.GOLD, 0.4), cell, 1, border_radius=round(4 * k)
            )
            self._cost_stack(surface, state.s.content.station_costs[slot], cube, cell)
        for box in board.cubes.values():
            cell = box.move(shift)
            pygame.draw.rect(surface, (22, 19, 44), cell, border_radius=round(4 * k))

    def _cost_stack(self, surface: pygame.Surface, cost: Cost, cube: int, cell: pygame.Rect) -> None:
        """A slot's cost under its piece: one or two rows of small cubes."""
        letters = "y" * cost.yellow + "k" * cost.own + "a" * cost.any
        bottom = cell.bottom - cube / 2 - 2
        if len(letters) <= 2 or cell.width >= 4 * (cube + 1):
            self._cost_row(surface, letters, cube, (cell.centerx, bottom), gap=1, room=cell.width - 4)
        else:
            self._cost_row(surface, letters[2:], cube, (cell.centerx, bottom), gap=1)
            self._cost_row(surface, letters[:2], cube, (cell.centerx, bottom - cube - 1), gap=1)

    # ------------------------------------------------------------------ the planet in play

    def _storm_layer(self, layout: TableLayout, state: MagnastormState, rotation: int) -> pygame.Surface:
        """Storm and quiet shading of the sectors at ``rotation`` (cached)."""
        key = (self._key(layout), rotation, state.s.options["start_area"])
        found = self._storm.get(key)
        if found is not None:
            return found
        bounds = layout.planet_rect
        surface = pygame.Surface(bounds.size, pygame.SRCALPHA)
        planet = layout.planet
        quiet = quiet_sectors(state.s.face, rotation)
        for s, points in enumerate(planet.sectors):
            local = [(x - bounds.x, y - bounds.y) for x, y in points]
            if quiet[s]:
                pygame.draw.polygon(surface, (*QUIET, 46), local)
            else:
                pygame.draw.polygon(surface, (*STORM, 130), local)
                for area, points_of in enumerate(planet.area_points):  # the islands stay readable
                    if planet.area_sector[area] == s:
                        island = [(x - bounds.x, y - bounds.y) for x, y in points_of]
                        pygame.draw.polygon(surface, (*STORM, 60), island)
                icon = self.assets.icon("ms-storm", max(10, round(planet.radius * 0.11)), (190, 160, 240))
                spot = planet.at(0.81, planet.sector_bearing[s] + 26)
                faded = icon.copy()
                faded.set_alpha(150)
                surface.blit(faded, faded.get_rect(center=(spot[0] - bounds.x, spot[1] - bounds.y)))
        if pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        self._storm[key] = surface
        return surface

    def _tile(self, layout: TableLayout, state: MagnastormState, rotation: int) -> pygame.Surface:
        """The centre tile at ``rotation``: storm slots and the quiet slots' income (cached)."""
        key = (self._key(layout), rotation)
        found = self._tiles.get(key)
        if found is not None:
            return found
        planet = layout.planet
        r = planet.radius * 0.27
        size = math.ceil(r * 2) + 4
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        face = state.s.face

        def at(radius: float, bearing: float) -> tuple[float, float]:
            t = math.radians(bearing)
            return c + radius * math.sin(t), c - radius * math.cos(t)

        corners = [at(r, 60 * i) for i in range(6)]
        pygame.draw.polygon(surface, (14, 12, 30), corners)
        for s in range(6):
            bearing = planet.sector_bearing[s]
            wedge = [(c, c), at(r * 0.97, bearing - 30), at(r * 0.97, bearing + 30)]
            table = face.income[tile_slot(s, rotation)]
            pygame.draw.polygon(surface, theme.mix(QUIET, (10, 10, 20), 0.3) if table else STORM, wedge)
            if table:
                cube = max(4, round(r * 0.085))
                for i, cost in enumerate(table[1:4]):
                    spot = at(r * (0.36 + 0.2 * i), bearing)
                    letters = "y" * cost.yellow + "k" * cost.own
                    width = len(letters) * (cube + 1)
                    x = spot[0] - width / 2
                    for letter in letters:
                        surface.blit(
                            self.pieces.cube(YELLOW if letter == "y" else BLACK, cube),
                            (x, spot[1] - cube / 2),
                        )
                        x += cube + 1
            else:
                icon = self.assets.icon("ms-storm", max(6, round(r * 0.36)), (214, 190, 255))
                surface.blit(icon, icon.get_rect(center=at(r * 0.6, bearing)))
        pygame.draw.polygon(surface, theme.GOLD, corners, max(1, round(r * 0.03)))
        pygame.draw.circle(surface, theme.GOLD, (c, c), max(2, r * 0.12))
        self._tiles[key] = surface
        return surface

    def _centre_tile(
        self,
        surface: pygame.Surface,
        layout: TableLayout,
        state: MagnastormState,
        rotation: int,
        angle: float,
    ) -> None:
        tile = self._tile(layout, state, rotation)
        if angle:
            step = round(angle / TILE_STEP)
            key = (self._key(layout), rotation, step)
            turned = self._tiles.get(key)
            if turned is None:
                if len(self._tiles) > 48:  # the frames of an earlier turn
                    self._tiles.clear()
                turned = self._tiles[key] = pygame.transform.rotozoom(tile, -step * TILE_STEP, 1.0)
            tile = turned
        surface.blit(
            tile, tile.get_rect(center=(round(layout.planet.centre[0]), round(layout.planet.centre[1])))
        )

    def _planet_pieces(self, surface: pygame.Surface, state: MagnastormState, layout: TableLayout) -> None:
        planet = layout.planet
        lab = max(7, round(planet.space_radius * 1.38))
        for space, owner in enumerate(state.space_owner):
            if owner < 0:
                continue
            x, y = planet.space_centre[space]
            sprite = self.pieces.sprite("lab", owner, lab)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
            if state.space_labs[space] > 1:
                self._badge(
                    surface, str(state.space_labs[space]), (x + lab * 0.5, y - lab * 0.5), layout.scale
                )
        for t, owner in enumerate(state.station_owner):
            if owner >= 0:
                x, y = planet.transmitter_centre[t]
                sprite = self.pieces.sprite("station", owner, round(planet.transmitter_radius * 2.6))
                surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
        # runners: beside their area, fanned out when several share it
        by_area: dict[int, list[int]] = {}
        for seat in state.order or range(state.num_players):
            by_area.setdefault(state.runner[seat], []).append(seat)
        size = max(10, round(planet.radius * 0.085))
        for area, seats in by_area.items():
            cx, cy = planet.area_centre[area]
            base = math.atan2(cy - planet.centre[1], cx - planet.centre[0])
            for i, seat in enumerate(seats):
                spread = (i - (len(seats) - 1) / 2) * 0.9
                angle = base + math.pi / 2 + spread
                reach = planet.space_radius * 2.3
                pos = (cx + math.cos(angle) * reach, cy + math.sin(angle) * reach)
                sprite = self.pieces.sprite("runner", seat, size)
                surface.blit(sprite, sprite.get_rect(center=(round(pos[0]), round(pos[1]))))
        # reputation markers on the ring
        stacks: dict[int, int] = {}
        marker = max(8, round(planet.ring_radius * 1.55))
        for seat in range(state.num_players):
            value = state.rep[seat]
            space = value % len(planet.ring)
            depth = stacks.get(space, 0)
            stacks[space] = depth + 1
            x, y = planet.ring[space]
            dx, dy = x - planet.centre[0], y - planet.centre[1]
            norm = math.hypot(dx, dy) or 1.0
            inward = depth * marker * 0.55
            pos = (x - dx / norm * inward, y - dy / norm * inward)
            sprite = self.pieces.sprite("marker", seat, marker)
            surface.blit(sprite, sprite.get_rect(center=(round(pos[0]), round(pos[1]))))
            if value >= len(planet.ring):
                self._badge(
                    surface,
                    f"+{value // len(planet.ring) * len(planet.ring)}",
                    (pos[0] + marker * 0.5, pos[1] - marker * 0.5),
                    layout.scale,
                )

    def _badge(self, surface: pygame.Surface, text: str, centre: tuple[float, float], k: float) -> None:
        """A small dark pill with white text."""
        label = self.assets.text("ui_bold", _fs(k, 10), text, theme.TEXT)
        box = label.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(6, 2)
        pygame.draw.rect(surface, theme.INK, box, border_radius=box.height // 2)
        pygame.draw.rect(surface, theme.GOLD, box, 1, border_radius=box.height // 2)
        surface.blit(label, label.get_rect(center=box.center))

    # ------------------------------------------------------------------ info strip

    def _info(self, surface: pygame.Surface, state: MagnastormState, layout: TableLayout) -> None:
        info = layout.info
        k = layout.scale
        assets = self.assets
        label = decor.text(
            surface, assets, "ui_semibold", _fs(k, 11), "Round", theme.TEXT_DIM, info.round.midleft, "midleft"
        )
        decor.text(
            surface,
            assets,
            "title",
            _fs(k, 20),
            f"{state.round}/4",
            theme.GOLD_BRIGHT,
            (label.right + round(5 * k), info.round.centery),
            "midleft",
        )
        order = state.pass_order or state.order
        to_act = state.current_player()
        for i, box in enumerate(info.order):
            if i >= len(order):
                break
            seat = order[i]
            active = seat == to_act
            if active:
                pygame.draw.rect(
                    surface,
                    theme.mix(self.pieces.colour(seat), theme.PANEL, 0.5),
                    box,
                    border_radius=round(5 * k),
                )
            size = min(box.width, box.height) - round(12 * k)
            sprite = self.pieces.sprite("marker", seat, size)
            surface.blit(sprite, sprite.get_rect(center=(box.centerx, box.centery - round(4 * k))))
            decor.text(
                surface,
                assets,
                "ui_bold",
                _fs(k, 10),
                str(i + 1),
                theme.TEXT if active else theme.TEXT_DIM,
                (box.centerx, box.bottom),
                "midbottom",
            )
        fp = info.first_player
        pygame.draw.rect(surface, CELL, fp, border_radius=round(5 * k))
        holder = state.fp_holder
        token = min(fp.width, fp.height) - round(14 * k)
        pygame.draw.circle(surface, theme.GOLD, (fp.centerx, fp.centery - round(4 * k)), token / 2)
        crown = assets.icon("crown", max(6, round(token * 0.7)), theme.INK)
        surface.blit(crown, crown.get_rect(center=(fp.centerx, fp.centery - round(4 * k))))
        if holder >= 0:
            mark = self.pieces.sprite("marker", holder, max(8, round(token * 0.6)))
            surface.blit(
                mark, mark.get_rect(center=(fp.right - mark.get_width() // 2, fp.y + mark.get_height() // 2))
            )
        decor.text(
            surface, assets, "ui", _fs(k, 9), "1st", theme.TEXT_DIM, (fp.centerx, fp.bottom), "midbottom"
        )
        bag = info.bag
        pygame.draw.rect(surface, CELL, bag, border_radius=round(5 * k))
        icon = assets.icon("ms-bag", min(bag.height - 4, round(26 * k)), theme.GOLD)
        surface.blit(icon, icon.get_rect(midleft=(bag.x + round(4 * k), bag.centery)))
        x = bag.x + icon.get_width() + round(10 * k)
        cube = max(7, round(11 * k))
        font = _fs(k, 11)
        for index, key in enumerate("y1234k"):
            if index and index <= 4 and index > state.num_players:
                continue
            count = state.bag[index]
            if x + cube + round(18 * k) > bag.right:
                break
            surface.blit(self.pieces.cube_for(key, cube), (x, bag.centery - cube / 2))
            rect = decor.text(
                surface,
                assets,
                "ui_bold",
                font,
                str(count),
                theme.TEXT,
                (x + cube + 2, bag.centery),
                "midleft",
            )
            x = rect.right + round(6 * k)

    # ------------------------------------------------------------------ action board in play

    def _action(self, surface: pygame.Surface, state: MagnastormState, layout: TableLayout) -> None:
        """Commanders with their holders, and the crew on the lower panel."""
        action = layout.action
        k = layout.scale
        assets = self.assets
        names = state.s.content.commanders
        for column, head in enumerate(action.heads):
            inner = head.inflate(-round(6 * k), -round(4 * k))
            if column == 0:
                title, sub = "First player", "token"
                holder = state.fp_holder
            else:
                commander = names.get(state.admin[column])
                title = commander.name if commander else "—"
                sub = f"+{commander.green} / -{commander.red}" if commander else ""
                holder = state.admin_ctrl[column]
            font = _fs(k, 11)
            floor = inner.bottom
            if sub:
                floor = decor.text(
                    surface, assets, "ui", _fs(k, 10), sub, theme.GOLD, inner.bottomleft, "bottomleft"
                ).top
            step = assets.font("ui_semibold", font).get_linesize()
            room = max(1, min(2, (floor - inner.y) // step))
            lines = decor.wrap(assets, "ui_semibold", font, title, inner.width)
            if len(lines) > room:  # the surname alone where the full name does not fit
                short = "1st player" if column == 0 else title.split(" ")[-1]
                lines = decor.wrap(assets, "ui_semibold", font, short, inner.width)
            y = inner.y
            for line in lines[:room]:
                text = decor.elide(assets, "ui_semibold", font, line, inner.width)
                y = decor.text(
                    surface, assets, "ui_semibold", font, text, theme.TEXT, (inner.centerx, y), "midtop"
                ).bottom
            if holder >= 0:
                size = max(9, round(16 * k))
                sprite = self.pieces.sprite("marker", holder, size)
                surface.blit(sprite, sprite.get_rect(bottomright=inner.bottomright))
        for cell, crew in enumerate(state.lower):
            if not crew:
                continue
            box = action.lower[cell]
            size = max(8, min(box.height - 4, round(20 * k)))
            spacing = (
                min(size * 0.7, (box.width * 0.6 - size) / max(1, len(crew) - 1)) if len(crew) > 1 else 0.0
            )
            for i, colour in enumerate(crew):
                sprite = self.pieces.sprite("crew", colour - 1, size)
                surface.blit(sprite, sprite.get_rect(midleft=(round(box.x + 3 + i * spacing), box.centery)))

    def _upper_crew(
        self, surface: pygame.Surface, state: MagnastormState, layout: TableLayout, swap: float
    ) -> None:
        """The crew in the upper panel, risen ``swap`` (0..1) of the way from the lower panel."""
        action = layout.action
        k = layout.scale
        assets = self.assets
        crew_size_cap = round(18 * k)
        rise = 0.0 < swap < 1.0
        for (column, key), box in action.crew.items():
            colour = CREW_KEYS.index(key)
            count = state.upper[column * 5 + colour]
            if not count:
                continue
            seat = colour - 1
            size = max(8, min(box.height, crew_size_cap))
            sprite = self.pieces.sprite("crew", seat, size)
            target: tuple[float, float] = (box.x + size // 2 + 1, box.centery)
            if rise:
                start = (target[0], action.lower_frame.centery)
                eased = 1 - (1 - swap) ** 3
                target = (
                    start[0] + (target[0] - start[0]) * eased,
                    start[1] + (target[1] - start[1]) * eased,
                )
            surface.blit(sprite, sprite.get_rect(center=(round(target[0]), round(target[1]))))
            if count > 1:
                decor.text(
                    surface,
                    assets,
                    "ui_bold",
                    _fs(k, 11),
                    str(count),
                    theme.TEXT,
                    (round(target[0]) + size // 2 + 1, round(target[1])),
                    "midleft",
                )

    # ------------------------------------------------------------------ research board in play

    def _research(self, surface: pygame.Surface, state: MagnastormState, layout: TableLayout) -> None:
        research = layout.research
        k = layout.scale
        assets = self.assets
        areas = len(research.colours)
        names = state.s.content.commanders
        for a in range(areas):
            by_level: dict[int, list[int]] = {}
            for seat in range(state.num_players):
                by_level.setdefault(state.research[seat * areas + a], []).append(seat)
            for level, seats in by_level.items():
                cell = research.cells[a][min(level, LEVELS - 1)]
                size = max(8, min(cell.height - 2, round(cell.width * 0.55)))
                step = (
                    min(size * 0.75, (cell.width - size - 2) / max(1, len(seats) - 1))
                    if len(seats) > 1
                    else 0
                )
                for i, seat in enumerate(seats):
                    sprite = self.pieces.sprite("marker", seat, size)
                    surface.blit(
                        sprite, sprite.get_rect(midleft=(round(cell.x + 1 + i * step), cell.centery))
                    )
            chip = research.commanders[a].inflate(-round(4 * k), 0)
            commander = names.get(state.rcmd[a])
            holder = state.rcmd_ctrl[a]
            marker = max(8, min(chip.height - 4, round(15 * k)))
            width = chip.width - (marker + 2 if holder >= 0 else 0)
            if commander:
                text = decor.elide(assets, "ui_semibold", _fs(k, 10), commander.name, width)
                decor.text(
                    surface, assets, "ui_semibold", _fs(k, 10), text, theme.TEXT, chip.midleft, "midleft"
                )
            if holder >= 0:
                sprite = self.pieces.sprite("marker", holder, marker)
                surface.blit(sprite, sprite.get_rect(midright=chip.midright))
        for slot, card in enumerate(research.objectives):
            dealt = state.objectives[slot]
            inner = card.inflate(-round(8 * k), -round(6 * k))
            title = f"{'Research' if slot < 2 else 'Sector'} {slot + 1}"
            font = _fs(k, 10)
            head = decor.text(surface, assets, "ui_bold", font, title, theme.GOLD, inner.topleft)
            if dealt:
                card_id = assets.font("ui", _fs(k, 9)).size(dealt)[0]
                if head.right + card_id + 4 <= inner.right:
                    decor.text(
                        surface, assets, "ui", _fs(k, 9), dealt, theme.TEXT_DIM, inner.topright, "topright"
                    )
                face = state.objective_face(slot)
                count = objective_target(face, state.round, areas)
                area = RESEARCH_NAMES.get(face.area, face.area)
                y = head.bottom
                floor = min(box.y for box in research.rep_spaces[slot]) - 1
                step = assets.font("ui", font).get_linesize()
                for line in GOAL_TEXT[face.goal]:
                    if y + step > floor:
                        break
                    text = decor.elide(assets, "ui", font, line.format(n=count, area=area), inner.width)
                    y = decor.text(surface, assets, "ui", font, text, theme.TEXT, (inner.x, y)).bottom
            for i, seat in enumerate(state.claims[slot]):
                if i < len(research.rep_spaces[slot]):
                    box = research.rep_spaces[slot][i]
                    sprite = self.pieces.sprite("marker", seat, box.width + 2)
                    surface.blit(sprite, sprite.get_rect(center=box.center))

    # ------------------------------------------------------------------ player boards in play

    def _player_board(
        self, surface: pygame.Surface, state: MagnastormState, layout: TableLayout, seat: int
    ) -> None:
        board = layout.boards[seat]
        k = layout.scale
        assets = self.assets
        header = board.header
        active = state.current_player() == seat
        if active:
            pygame.draw.rect(
                surface,
                HIGHLIGHT,
                board.rect.inflate(2, 2),
                max(1, round(2 * k)),
                border_radius=round(10 * k),
            )
        emblem = self.pieces.sprite("marker", seat, header.height)
        surface.blit(emblem, emblem.get_rect(midleft=(header.x + round(4 * k), header.centery)))
        colour_names = (
            theme.PLAYER_NAMES_SAFE if self.colours == theme.PLAYER_COLOURS_SAFE else theme.PLAYER_NAMES
        )
        names = self.names or colour_names
        name = names[seat] if seat < len(names) else f"Player {seat + 1}"
        name = decor.elide(assets, "ui_bold", _fs(k, 13), name, header.width // 3)
        resigned = state.phase == "play" and seat not in state.order
        label = f"{name} (resigned)" if resigned else name
        x = header.x + header.height + round(10 * k)
        rect = decor.text(
            surface, assets, "ui_bold", _fs(k, 13), label, theme.TEXT, (x, header.centery), "midleft"
        )
        laurel = assets.icon("ms-reputation", max(8, round(16 * k)), theme.GOLD)
        x = rect.right + round(10 * k)
        surface.blit(laurel, laurel.get_rect(midleft=(x, header.centery)))
        rect = decor.text(
            surface,
            assets,
            "ui_bold",
            _fs(k, 13),
            str(state.rep[seat]),
            theme.GOLD_BRIGHT,
            (x + laurel.get_width() + 2, header.centery),
            "midleft",
        )
        # crew at home and markers at home, at the right of the header
        right = header.right
        markers = state.markers_home[seat]
        mark = self.pieces.sprite("marker", seat, max(8, round(13 * k)))
        text = decor.text(
            surface,
            assets,
            "ui_bold",
            _fs(k, 11),
            str(markers),
            theme.TEXT,
            (right, header.centery),
            "midright",
        )
        surface.blit(mark, mark.get_rect(midright=(text.x - 2, header.centery)))
        crew = self.pieces.sprite("crew", seat, max(9, round(17 * k)))
        text = decor.text(
            surface,
            assets,
            "ui_bold",
            _fs(k, 11),
            str(state.crew_home[seat]),
            theme.TEXT,
            (text.x - mark.get_width() - round(10 * k), header.centery),
            "midright",
        )
        surface.blit(crew, crew.get_rect(midright=(text.x - 1, header.centery)))
        if seat in state.order:
            position = (
                (state.pass_order or state.order).index(seat) + 1
                if seat in (state.pass_order or state.order)
                else 0
            )
            if position:
                decor.text(
                    surface,
                    assets,
                    "ui",
                    _fs(k, 10),
                    f"turn {position}",
                    theme.TEXT_DIM,
                    (crew.get_rect(midright=(text.x - 1, header.centery)).x - round(8 * k), header.centery),
                    "midright",
                )
        lab_size = max(8, round(min(board.labs[0].width - 4, board.labs[0].height * 0.5)))
        for slot, box in enumerate(board.labs):
            if state.lab_slots[seat * 10 + slot]:
                sprite = self.pieces.sprite("lab", seat, lab_size)
                surface.blit(sprite, sprite.get_rect(midtop=(box.centerx, box.y + 2)))
        station_size = max(8, round(min(board.stations[0].width - 4, board.stations[0].height * 0.52)))
        for slot, box in enumerate(board.stations):
            if state.station_slots[seat * 3 + slot]:
                sprite = self.pieces.sprite("station", seat, station_size)
                surface.blit(sprite, sprite.get_rect(midtop=(box.centerx, box.y + 2)))
        cube = max(8, round(min(14 * k, board.cubes["y"].height - 4)))
        for key, box in board.cubes.items():
            count = state.cubes[seat * 5 + CUBE_KEYS.index(key)]
            sprite = self.pieces.cube_for(key, cube)
            surface.blit(sprite, sprite.get_rect(midleft=(box.x + 2, box.centery)))
            decor.text(
                surface,
                assets,
                "ui_bold",
                _fs(k, 12),
                str(count),
                theme.TEXT if count else theme.TEXT_DIM,
                (box.x + cube + 5, box.centery),
                "midleft",
            )
        held = [
            state.s.content.commanders[state.admin[c]].name
            for c in range(1, len(state.admin))
            if state.admin_ctrl[c] == seat and state.admin[c]
        ]
        held += [
            state.s.content.commanders[state.rcmd[a]].name
            for a in range(len(state.rcmd))
            if state.rcmd_ctrl[a] == seat and state.rcmd[a]
        ]
        box = board.commanders
        if held:
            short = ", ".join(name.split(" ")[-1] for name in held)
            line = decor.elide(assets, "ui", _fs(k, 10), short, box.width)
            decor.text(surface, assets, "ui", _fs(k, 10), line, theme.TEXT, box.midleft, "midleft")

    # ------------------------------------------------------------------ overlay

    def _wash(self, shape: Shape, colour: Colour, alpha: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """A translucent fill of ``shape`` (cached), and where it goes."""
        bounds = shape.bounds
        key = (tuple(bounds), shape.radius, len(shape.points), colour, alpha)
        found = self._washes.get(key)
        if found is None:
            if len(self._washes) > 600:
                self._washes.clear()
            found = pygame.Surface((bounds.width + 2, bounds.height + 2), pygame.SRCALPHA)
            if shape.points:
                pygame.draw.polygon(
                    found, (*colour, alpha), [(x - bounds.x + 1, y - bounds.y + 1) for x, y in shape.points]
                )
            elif shape.radius:
                pygame.draw.circle(
                    found,
                    (*colour, alpha),
                    (shape.centre[0] - bounds.x + 1, shape.centre[1] - bounds.y + 1),
                    shape.radius,
                )
            else:
                pygame.draw.rect(
                    found, (*colour, alpha), (1, 1, bounds.width, bounds.height), border_radius=4
                )
            self._washes[key] = found
        return found, (bounds.x - 1, bounds.y - 1)

    def _outline(self, surface: pygame.Surface, shape: Shape, colour: Colour, width: int) -> None:
        if shape.points:
            pygame.draw.polygon(surface, colour, shape.points, width)
        elif shape.radius:
            pygame.draw.circle(surface, colour, shape.centre, shape.radius + width / 2, width)
        else:
            pygame.draw.rect(surface, colour, shape.bounds.inflate(width, width), width, border_radius=4)

    def _overlay(self, surface: pygame.Surface, layout: TableLayout, overlay: Overlay) -> None:
        k = layout.scale
        width = max(2, round(2 * k))
        shapes = layout.shapes
        for target in overlay.greyed:
            shape = shapes.get(target)
            if shape is not None:
                wash, at = self._wash(shape, (8, 6, 18), 150)
                surface.blit(wash, at)
        for target in overlay.legal:
            shape = shapes.get(target)
            if shape is not None:
                wash, at = self._wash(shape, HIGHLIGHT, 52)
                surface.blit(wash, at)
                self._outline(surface, shape, HIGHLIGHT, width)
        for target in overlay.last:
            shape = shapes.get(target)
            if shape is not None:
                self._pin(surface, shape, k)
        if overlay.selected is not None and overlay.selected in shapes:
            self._outline(surface, shapes[overlay.selected], SELECTED, width + 1)
        if overlay.hover is not None and overlay.hover in shapes:
            shape = shapes[overlay.hover]
            wash, at = self._wash(shape, HOVER, 46)
            surface.blit(wash, at)
            self._outline(surface, shape, HOVER, width)
        for target, label in overlay.legal.items():
            shape = shapes.get(target)
            if label and shape is not None:
                self._label(surface, label, shape, k)

    def _pin(self, surface: pygame.Surface, shape: Shape, k: float) -> None:
        """The last turn's mark: a small pink triangle with a dark rim at the shape's top left."""
        size = max(6, round(9 * k))
        x, y = float(shape.bounds.x), float(shape.bounds.y)
        if shape.radius:
            x, y = shape.centre[0] - shape.radius * 0.9, shape.centre[1] - shape.radius * 0.9
        points = [(x - 1, y - 1), (x + size, y - 1), (x - 1, y + size)]
        pygame.draw.polygon(surface, theme.INK, [(px - 1, py - 1) for px, py in points])
        pygame.draw.polygon(surface, LAST, points)

    def _label(self, surface: pygame.Surface, text: str, shape: Shape, k: float) -> None:
        """A highlighted target's small label, in a pill above its top edge."""
        rendered = self.assets.text("ui_bold", _fs(k, 10), text, theme.INK)
        box = rendered.get_rect(midbottom=(shape.bounds.centerx, shape.bounds.y + rendered.get_height() // 2))
        box = box.inflate(8, 2)
        pygame.draw.rect(surface, HIGHLIGHT, box, border_radius=box.height // 2)
        surface.blit(rendered, rendered.get_rect(center=box.center))

    def _bag_draw(
        self,
        surface: pygame.Surface,
        state: MagnastormState,
        layout: TableLayout,
        colour: str,
        progress: float,
    ) -> None:
        """A cube rising out of the bag and flying to the tray of the seat that draws it (a black
        cube goes back into the bag)."""
        bag = layout.info.bag
        start = (bag.x + bag.height * 0.5, bag.centery)
        task = state.tasks[-1] if state.tasks else None
        seat = task[2] if task and task[0] == "bag" else max(0, state.current_player())
        seat = seat if 0 <= seat < state.num_players else 0
        p = min(1.0, max(0.0, progress))
        key = colour if colour in CUBE_KEYS else "y"
        end_box = layout.boards[seat].cubes.get(key, layout.boards[seat].cubes["y"])
        end: tuple[float, float] = end_box.center
        if colour == "k":
            p = p * 2 if p < 0.5 else 2 - p * 2
            end = (start[0], start[1] - layout.scale * 50)
        x = start[0] + (end[0] - start[0]) * p
        y = start[1] + (end[1] - start[1]) * p - math.sin(p * math.pi) * layout.scale * 40
        size = max(8, round(layout.scale * 16 * (1 + 0.3 * math.sin(p * math.pi))))
        cube = self.pieces.cube_for(colour, size)
        surface.blit(cube, cube.get_rect(center=(round(x), round(y))))


__all__ = ["ROWS", "Overlay", "TableLayout", "TableView", "Target"]
