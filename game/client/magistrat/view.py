"""Drawing the Étherean cube: layers (cached), highlights, the column line, glowing pieces,
attack beams, steals, enhancement flares and falling pieces. ``draw`` never changes state."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import pygame

from game.client import decor, theme
from game.client.assets import Assets
from game.client.magistrat.animation import Animator
from game.client.magistrat.cube import CubeGeometry, Point
from game.client.magistrat.interaction import Mark
from game.client.magistrat.model import CubeModel, Shown
from game.client.theme import Colour
from game.rules.magistrat.board import FILES, KIND_NAMES, LAYER_NAMES

LAYER_TINTS: tuple[Colour, Colour, Colour] = ((58, 46, 40), (44, 40, 78), (70, 62, 30))
"""Ground (earth), High-born (violet), Divine (gold)."""
GOD_LIGHT = (255, 236, 160)
GLOW_LEVELS = 8
PLACE_COLOUR: Colour = (120, 220, 150)
MOVE_COLOUR: Colour = (120, 200, 240)
ATTACK_COLOUR: Colour = (235, 110, 90)
LIVE_REACH = 1.2
"""How far past its icon a redrawn piece's glow counts as overlapping the pieces in front."""


@dataclass
class Overlay:
    """What the table wants highlighted this frame."""

    hover: int | None = None
    selected: int | None = None
    destinations: dict[int, bool] = field(default_factory=dict)
    """Destination cell -> whether the move there can attack."""
    placements: list[int] = field(default_factory=list)
    marks: dict[int, Mark] = field(default_factory=dict)
    cursor: int | None = None
    last: tuple[int, ...] = ()
    """The last move's (from, to), marked until the next move."""
    last_seat: int = -1
    """Who made it (its colour marks it)."""
    last_changed: tuple[int, ...] = ()
    """Cells whose piece that move destroyed or stole."""
    hint: tuple[int, ...] = ()
    pending_to: int | None = None
    must_move: int | None = None
    ghost: tuple[Shown, int] | None = None
    """The piece of a pending move, drawn translucent at its destination."""


class CubeView:
    """Paints the cube for one geometry; caches the static layers and the piece sprites."""

    def __init__(self, assets: Assets, colours: tuple[Colour, Colour]) -> None:
        self.assets = assets
        self.colours = colours
        self.geometry = CubeGeometry()
        self.clock = 0.0
        self._layers: dict[tuple[CubeGeometry, tuple[int, int]], tuple[pygame.Surface, tuple[int, int]]] = {}
        self._backdrop: tuple[tuple[CubeGeometry, tuple[int, int]], pygame.Surface] | None = None
        self.static_renders = 0
        """How often the static layers were rendered (once per geometry and window size)."""
        self._sprites: dict[tuple[int, int, int, int, int], pygame.Surface] = {}
        self._glows: dict[tuple[int, int, int], pygame.Surface] = {}
        self._halos: dict[tuple[int, int], pygame.Surface] = {}
        self._spot_cache: tuple[CubeGeometry | None, list[tuple[Point, int]]] = (None, [])
        self._still: tuple[pygame.Surface, object, pygame.Surface] | None = None
        self.still_renders = 0
        """How often the still layer (highlights and resting pieces on the backdrop) was rendered."""

    # -- geometry shortcuts -------------------------------------------------------------------------
    def cell_at(self, pos: Point) -> int | None:
        """The cell under a logical point."""
        return self.geometry.cell_at(pos)

    def centre(self, cell: int) -> Point:
        """Drawn centre of a cell."""
        return self.geometry.centre(cell)

    def piece_anchor(self, cell: int) -> Point:
        """Where a piece on ``cell`` is drawn (its icon centre, standing on the cell)."""
        return self._spots()[cell][0]

    def piece_size(self, cell: int) -> int:
        """Icon size of a piece standing on ``cell``."""
        return self._spots()[cell][1]

    def _spots(self) -> list[tuple[Point, int]]:
        """Every cell's piece anchor and icon size for the current geometry (worked out once)."""
        geometry = self.geometry
        if self._spot_cache[0] is not geometry:
            spots = []
            for cell in range(192):
                x, y = geometry.centre(cell)
                size = geometry.piece_size(cell)
                spots.append(((x, y - size * (0.3 if geometry.mode == "oblique" else 0.0)), size))
            self._spot_cache = (geometry, spots)
        return self._spot_cache[1]

    # -- static layers ------------------------------------------------------------------------------
    def _layer_surface(self, size: tuple[int, int]) -> tuple[pygame.Surface, tuple[int, int]]:
        """The static layers for the current geometry, cropped, and where they go (rendered once
        per geometry and window size)."""
        geometry = self.geometry
        key = (geometry, size)
        cached = self._layers.get(key)
        if cached is not None:
            return cached
        if len(self._layers) > 8:  # geometries of layouts left behind
            self._layers.clear()
        self.static_renders += 1
        surface = pygame.Surface(size, pygame.SRCALPHA)
        assets = self.assets
        k = geometry.scale

        def s(value: float) -> int:
            return max(1, round(value * k))

        for layer in range(3):
            tint = LAYER_TINTS[layer]
            outline = geometry.layer_outline(layer)
            shadow = [(x + s(6), y + s(8)) for x, y in outline]
            pygame.draw.polygon(surface, (0, 0, 0, 90), shadow)
            for cell in range(layer * 64, layer * 64 + 64):
                light = ((cell & 7) + (cell >> 3)) % 2 == 0
                colour = theme.mix(tint, (235, 225, 200), 0.16 if light else 0.02)
                pygame.draw.polygon(surface, (*colour, 225), geometry.corners(cell))
            for i in range(9):
                for a, b in (((i, 0), (i, 8)), ((0, i), (8, i))):
                    frame = geometry.frames[layer]
                    p = (frame.x + a[0] * frame.cell_w + a[1] * frame.shear, frame.y - a[1] * frame.cell_h)
                    q = (frame.x + b[0] * frame.cell_w + b[1] * frame.shear, frame.y - b[1] * frame.cell_h)
                    edge = i in (0, 8)
                    pygame.draw.line(
                        surface,
                        (*theme.mix(tint, theme.GOLD, 0.7 if edge else 0.25), 255),
                        p,
                        q,
                        s(2) if edge else 1,
                    )
            front_left, front_right, back_right, back_left = outline
            font = max(9, s(13))
            for file in range(8):
                x, y = geometry.centre(layer * 64 + file)
                decor.text(
                    surface,
                    assets,
                    "ui",
                    font,
                    FILES[file],
                    theme.TEXT_DIM,
                    (x, front_left[1] + s(2)),
                    "midtop",
                )
            for rank in range(8):
                x, y = geometry.centre(layer * 64 + rank * 8)
                frame = geometry.frames[layer]
                decor.text(
                    surface,
                    assets,
                    "ui",
                    font,
                    str(rank + 1),
                    theme.TEXT_DIM,
                    (x - frame.cell_w / 2 - s(6), y),
                    "midright",
                )
            if geometry.mode == "oblique":
                label_pos, anchor = (back_right[0] + s(14), (back_right[1] + front_right[1]) / 2), "midleft"
            else:
                label_pos, anchor = ((back_left[0] + back_right[0]) / 2, back_left[1] - s(8)), "midbottom"
            decor.text(
                surface,
                assets,
                "title",
                max(9, s(20)),
                LAYER_NAMES[layer],
                theme.mix(tint, theme.GOLD_BRIGHT, 0.8),
                label_pos,
                anchor,
                shadow=True,
            )
        if geometry.mode == "oblique":
            for corner in range(4):
                points = [geometry.layer_outline(layer)[corner] for layer in range(3)]
                pygame.draw.line(surface, (*theme.GOLD, 70), points[0], points[2], 1)
        bounds = surface.get_bounding_rect()
        cropped = surface.subsurface(bounds).copy()
        if pygame.display.get_surface() is not None:
            cropped = cropped.convert_alpha()
        self._layers[key] = (cropped, bounds.topleft)
        return self._layers[key]

    # -- sprites ------------------------------------------------------------------------------------
    def sprite(self, piece: Shown, size: int, owner: int | None = None, alpha: int = 255) -> pygame.Surface:
        """A piece's icon in its owner's colour, dimmer as its potential drains (cached by level),
        see-through below an ``alpha`` of 255."""
        owner = piece.owner if owner is None else owner
        level = round(piece.fraction * GLOW_LEVELS) if piece.kind != 1 else GLOW_LEVELS
        key = (piece.acting if piece.enhanced else piece.kind, owner, size, level, alpha)
        cached = self._sprites.get(key)
        if cached is None and alpha < 255:
            cached = self.sprite(piece, size, owner).copy()
            cached.set_alpha(alpha)
            self._sprites[key] = cached
        if cached is None:
            colour = theme.mix((60, 56, 70), self.colours[owner], 0.45 + 0.55 * level / GLOW_LEVELS)
            glow = self._glow(owner, size, level)
            cached = glow.copy()
            icon = self.assets.icon(KIND_NAMES[key[0]], size, colour)
            rim = self.assets.icon(KIND_NAMES[key[0]], size, theme.rim(self.colours[owner]))
            rect = icon.get_rect(center=cached.get_rect().center)
            for offset in ((1, 1), (-1, -1), (1, -1), (-1, 1)) if theme.is_dark(colour) else ((1, 1),):
                cached.blit(rim, rect.move(offset))
            cached.blit(icon, rect)
            self._sprites[key] = cached
        return cached

    def _glow(self, owner: int, size: int, level: int) -> pygame.Surface:
        key = (owner, size, level)
        cached = self._glows.get(key)
        if cached is None:
            side = int(size * 1.7)
            cached = pygame.Surface((side, side), pygame.SRCALPHA)
            colour = theme.legible(self.colours[owner])
            strength = level / GLOW_LEVELS
            for radius in range(side // 2, 0, -2):
                t = radius / (side / 2)
                alpha = int(200 * strength * (1 - t) ** 1.6)
                pygame.draw.circle(cached, (*colour, alpha), (side / 2, side / 2), radius)
            self._glows[key] = cached
        return cached

    # -- frame --------------------------------------------------------------------------------------
    def backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The window's backdrop with the static layers already on it: one opaque blit a frame
        instead of a large translucent one (once per geometry and window size)."""
        key = (self.geometry, size)
        if self._backdrop is None or self._backdrop[0] != key:
            layers, at = self._layer_surface(size)
            backdrop = decor.background(size).copy()
            backdrop.blit(layers, at)
            self._backdrop = (key, backdrop)
        return self._backdrop[1]

    def draw(
        self,
        surface: pygame.Surface,
        model: CubeModel,
        overlay: Overlay,
        animator: Animator | None,
        base: pygame.Surface | None = None,
    ) -> None:
        """Layers, highlights, pieces, the running animation and the raised markers.

        With ``base`` (the window's backdrop: background, static layers, panels) what does not move
        this frame (the highlights under the pieces, every piece not animating) is composed once on
        a copy of it and re-rendered only when the position, the highlights or the geometry change:
        a frame is one opaque blit and the few live parts. Without it everything is drawn on
        ``surface``, layers included.
        """
        pieces = dict(model.pieces)
        flare = animator.flare() if animator is not None else None
        if animator is not None:
            pieces.update(animator.drained())
        order = sorted(pieces, key=drawing_order)
        live = self._live_cells(order, set(animator.drained()) if animator else set(), flare)
        still = [cell for cell in order if cell not in live]
        if base is None:
            layers, at = self._layer_surface(surface.get_size())
            surface.blit(layers, at)
            self._paint_still(surface, overlay, still, pieces)
        else:
            surface.blit(self._still_layer(base, overlay, still, pieces), (0, 0))
        for cell in order:
            if cell in live:
                self._piece(surface, cell, pieces[cell], flare)
        if animator is not None:
            self._animation(surface, animator)
        self._raised(surface, overlay, pieces)
        self._marks(surface, overlay)

    # -- the still layer ------------------------------------------------------------------------------
    def _still_layer(
        self,
        base: pygame.Surface,
        overlay: Overlay,
        still: list[int],
        pieces: dict[int, Shown],
    ) -> pygame.Surface:
        """``base`` with the still highlights and pieces on it (re-rendered when they change)."""
        key = (self.geometry, _still_key(overlay), tuple((cell, pieces[cell]) for cell in still))
        cached = self._still
        if cached is not None and cached[0] is base and cached[1] == key:
            return cached[2]
        if cached is None or cached[0] is not base:
            layer = base.copy()
        else:  # only the cube's columns of the window change
            layer = cached[2]
            x, _, width, _ = self.geometry.area
            region = pygame.Rect(round(x), 0, round(width), layer.get_height())
            layer.blit(base, region, region)
            layer.set_clip(region)
        self._paint_still(layer, overlay, still, pieces)
        layer.set_clip(None)
        self._still = (base, key, layer)
        self.still_renders += 1
        return layer

    def _paint_still(
        self,
        surface: pygame.Surface,
        overlay: Overlay,
        cells: list[int],
        pieces: dict[int, Shown],
    ) -> None:
        self._highlights(surface, overlay)
        for cell in cells:
            self._piece(surface, cell, pieces[cell], None)
        if overlay.ghost is not None:
            piece, cell = overlay.ghost
            ghost = self.sprite(piece, self.piece_size(cell), alpha=150)
            surface.blit(ghost, ghost.get_rect(center=_rounded(self.piece_anchor(cell))))

    def _live_cells(
        self, order: list[int], changing: set[int], flare: tuple[str, int, float, Shown | None] | None
    ) -> set[int]:
        """Pieces drawn every frame: those animating and, so that the drawing order holds, every
        piece drawn after one of them that overlaps it."""
        live = set(changing)
        if flare is not None:
            live.add(flare[1])
        if not live:
            return live
        rects: list[pygame.Rect] = []
        for cell in order:
            if cell in live:
                rects.append(self.sprite_rect(cell, LIVE_REACH))
            elif rects and self.sprite_rect(cell, LIVE_REACH).collidelist(rects) >= 0:
                live.add(cell)
                rects.append(self.sprite_rect(cell, LIVE_REACH))
        return live

    def sprite_rect(self, cell: int, reach: float = 1.0) -> pygame.Rect:
        """Where a piece standing on ``cell`` is drawn: its icon, ``reach`` times as large (1.7:
        the glow's faint edge included)."""
        (x, y), size = self._spots()[cell]
        side = int(size * reach)
        return pygame.Rect(round(x - side / 2), round(y - side / 2), side, side)

    # -- highlights -----------------------------------------------------------------------------------
    def _poly(self, surface: pygame.Surface, cell: int, colour: Colour, alpha: int, width: int = 0) -> None:
        corners = self.geometry.corners(cell)
        if width:
            pygame.draw.polygon(surface, colour, corners, width)
            return
        xs = [p[0] for p in corners]
        ys = [p[1] for p in corners]
        box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
        patch = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(patch, (*colour, alpha), [(x - box.x, y - box.y) for x, y in corners])
        surface.blit(patch, box)

    def _highlights(self, surface: pygame.Surface, overlay: Overlay) -> None:
        """The cell fills under the pieces (the still layer: no pulse here, see :meth:`_raised`)."""
        if overlay.last:
            colour = (
                self.colours[overlay.last_seat] if 0 <= overlay.last_seat < len(self.colours) else theme.GOLD
            )
            start, end = overlay.last[0], overlay.last[-1]
            self._poly(surface, start, colour, 45)
            self._poly(surface, start, colour, 255, width=2)
            self._poly(surface, end, colour, 95)
            self._poly(surface, end, colour, 255, width=4)
            a, b = self.centre(start), self.centre(end)
            pygame.draw.line(surface, theme.INK, a, b, 6)
            pygame.draw.line(surface, colour, a, b, 3)
            pygame.draw.circle(surface, colour, b, 6)
            for cell in overlay.last_changed:
                self._poly(surface, cell, theme.GOLD_BRIGHT, 255, width=2)
        for cell in overlay.placements:
            self._poly(surface, cell, PLACE_COLOUR, 85)
        for cell, attacks in overlay.destinations.items():
            self._poly(surface, cell, ATTACK_COLOUR if attacks else MOVE_COLOUR, 95)
        for cell in overlay.hint:
            self._poly(surface, cell, theme.GOLD_BRIGHT, 65)
        if overlay.selected is not None:
            self._poly(surface, overlay.selected, theme.GOLD_BRIGHT, 110)

    def _raised(self, surface: pygame.Surface, overlay: Overlay, pieces: dict[int, Shown]) -> None:
        """What is drawn over the pieces every frame, so that no piece hides it: the pulsing outlines
        and centre markers of the cells to choose, the selection, the hovered cell and its column
        (its piece lifted in front of the others), the keyboard cursor and the enhanced pieces'
        sparkle."""
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        for cell in overlay.placements:
            self._marker(surface, cell, theme.mix(PLACE_COLOUR, (255, 255, 255), 0.5 * pulse))
        for cell, attacks in overlay.destinations.items():
            colour = theme.mix(ATTACK_COLOUR if attacks else MOVE_COLOUR, (255, 255, 255), 0.5 * pulse)
            self._marker(surface, cell, colour)
        for cell in overlay.hint:
            self._poly(surface, cell, theme.mix(theme.GOLD, theme.GOLD_BRIGHT, pulse), 255, width=3)
        if overlay.selected is not None:
            self._poly(surface, overlay.selected, theme.GOLD_BRIGHT, 255, width=2)
        if overlay.pending_to is not None:
            self._poly(surface, overlay.pending_to, theme.GOLD_BRIGHT, 255, width=3)
        if overlay.must_move is not None:
            self._poly(surface, overlay.must_move, theme.DANGER, 255, width=3)
        for cell, piece in pieces.items():
            if piece.enhanced:
                self._sparkle(surface, self.piece_anchor(cell), self.piece_size(cell), 1.0)
        if overlay.hover is not None:
            self._column(surface, overlay.hover)
            self._poly(surface, overlay.hover, (255, 255, 255), 255, width=2)
            hovered = pieces.get(overlay.hover)
            if hovered is not None:
                size = self.piece_size(overlay.hover)
                x, y = self.piece_anchor(overlay.hover)
                sprite = self.sprite(hovered, size)
                surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
                if hovered.kind != 1:
                    self.potential_bar(surface, hovered, (x, y - size * 0.75), size)
        if overlay.cursor is not None:
            self._poly(surface, overlay.cursor, (255, 255, 255), 255, width=3)

    def _marker(self, surface: pygame.Surface, cell: int, colour: Colour) -> None:
        """A cell to choose: its outline and a dot at its centre, over any piece in front of it."""
        self._poly(surface, cell, colour, 255, width=2)
        frame = self.geometry.frames[cell >> 6]
        radius = max(3, round(min(frame.cell_w, frame.cell_h) * 0.17))
        at = _rounded(self.centre(cell))
        pygame.draw.circle(surface, theme.INK, at, radius + 2)
        pygame.draw.circle(surface, colour, at, radius)

    def _column(self, surface: pygame.Surface, cell: int) -> None:
        """A faint line through the three cells stacked at the hovered (x, y)."""
        xy = cell & 63
        points = [self.geometry.centre(layer * 64 + xy) for layer in range(3)]
        if self.geometry.mode == "oblique":
            for a, b in itertools.pairwise(points):
                _dashed(surface, theme.mix(theme.GOLD, theme.INK, 0.25), a, b)
        for layer in range(3):
            if layer * 64 + xy != cell:
                self._poly(surface, layer * 64 + xy, theme.mix(theme.GOLD, theme.INK, 0.2), 255, width=1)

    # -- pieces ---------------------------------------------------------------------------------------
    def _piece(
        self,
        surface: pygame.Surface,
        cell: int,
        piece: Shown,
        flare: tuple[str, int, float, Shown | None] | None,
    ) -> None:
        size = self.piece_size(cell)
        x, y = self.piece_anchor(cell)
        if self.geometry.mode == "oblique":
            cx, cy = self.geometry.centre(cell)
            shadow = pygame.Rect(0, 0, size * 0.8, size * 0.3)
            shadow.center = (round(cx), round(cy + 2))
            pygame.draw.ellipse(surface, (10, 8, 20), shadow)
        owner: int | None = None
        strength = 1.0 if piece.enhanced else 0.0
        if flare is not None and flare[1] == cell:
            kind, _, progress, before = flare
            if kind == "stolen" and before is not None and progress < 0.5:
                owner = before.owner
            elif kind in ("enhanced", "lost_enhancement"):
                strength = progress if kind == "enhanced" else 1 - progress
                self._sparkle(surface, (x, y), int(size * (1 + 0.6 * (1 - progress))), strength)
            if kind == "stolen":
                ring = int(size * (0.4 + progress))
                pygame.draw.circle(surface, self.colours[piece.owner], (x, y), ring, 2)
        if strength > 0:
            self._halo(surface, (x, y), size, strength)
        sprite = self.sprite(piece, size, owner)
        surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))

    def _halo(self, surface: pygame.Surface, pos: Point, size: int, strength: float) -> None:
        """The God's light under an enhanced piece (cached by size and strength)."""
        radius = int(size * 0.62)
        key = (radius, round(strength * 8))
        glow = self._halos.get(key)
        if glow is None:
            glow = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
            pygame.draw.circle(glow, (*GOD_LIGHT, int(45 * key[1] / 8)), (radius + 2, radius + 2), radius)
            self._halos[key] = glow
        surface.blit(glow, glow.get_rect(center=_rounded(pos)))

    def _sparkle(self, surface: pygame.Surface, pos: Point, size: int, strength: float) -> None:
        """The shimmering ring and the four sparks circling an enhanced piece."""
        shimmer = 0.75 + 0.25 * math.sin(self.clock * 5 + pos[0] * 0.05)
        colour = theme.mix((60, 52, 40), GOD_LIGHT, strength * shimmer)
        radius = int(size * 0.62)
        pygame.draw.circle(surface, colour, pos, radius, 2)
        for i in range(4):
            angle = self.clock * 1.6 + i * math.pi / 2
            spark = (pos[0] + math.cos(angle) * radius, pos[1] + math.sin(angle) * radius)
            pygame.draw.circle(surface, colour, spark, 2)

    def potential_bar(self, surface: pygame.Surface, piece: Shown, pos: Point, size: int) -> None:
        """The remaining-potential bar over a hovered piece."""
        width = max(40, size + 10)
        bar = pygame.Rect(0, 0, width, 8)
        bar.midbottom = (round(pos[0]), round(pos[1]))
        pygame.draw.rect(surface, theme.INK, bar.inflate(4, 4), border_radius=4)
        filled = bar.copy()
        filled.width = max(0, round(width * piece.fraction))
        pygame.draw.rect(
            surface, theme.mix(theme.DANGER, (120, 220, 140), piece.fraction), filled, border_radius=3
        )
        decor.text(
            surface,
            self.assets,
            "ui_bold",
            12,
            f"{piece.remaining}/{piece.full}",
            theme.TEXT,
            (bar.centerx, bar.y - 2),
            "midbottom",
            shadow=True,
        )

    def _animation(self, surface: pygame.Surface, animator: Animator) -> None:
        flying = animator.travelling()
        if flying is not None:
            piece, frm, to, t = flying
            (ax, ay), (bx, by) = self.piece_anchor(frm), self.piece_anchor(to)
            size = round(self.piece_size(frm) * (1 - t) + self.piece_size(to) * t)
            arc = -20 * math.sin(math.pi * t) if (frm >> 6) == (to >> 6) else 0
            sprite = self.sprite(piece, size)
            at = (ax + (bx - ax) * t, ay + (by - ay) * t + arc)
            surface.blit(sprite, sprite.get_rect(center=_rounded(at)))
        beam = animator.beam()
        if beam is not None:
            frm, to, t, amount = beam
            a, b = self.piece_anchor(frm), self.piece_anchor(to)
            reach = min(1.0, t * 2.5)
            end = (a[0] + (b[0] - a[0]) * reach, a[1] + (b[1] - a[1]) * reach)
            shooter = animator.model.pieces.get(frm)
            colour = self.colours[shooter.owner] if shooter else theme.DANGER
            fade = 1.0 - max(0.0, t - 0.7) / 0.3
            for width, mix in ((9, 0.0), (5, 0.4), (2, 0.9)):
                pygame.draw.line(surface, theme.mix(colour, (255, 255, 255), mix * fade), a, end, width)
            if reach >= 1:
                pygame.draw.circle(surface, (255, 240, 220), b, int(6 + 10 * math.sin(math.pi * t)), 2)
                decor.text(
                    surface,
                    self.assets,
                    "ui_bold",
                    20,
                    f"\u2212{amount}",
                    theme.DANGER,
                    (b[0], b[1] - 30 - 20 * t),
                    "midbottom",
                    shadow=True,
                )
        for faller in animator.fallers:
            sprite = self.sprite(faller.piece, faller.size)
            turned = pygame.transform.rotate(sprite, -math.degrees(faller.body.angle))
            turned.set_alpha(max(0, 255 - int(faller.age * 120)))
            x, y = faller.body.position
            surface.blit(turned, turned.get_rect(center=(round(x), round(y))))

    def _marks(self, surface: pygame.Surface, overlay: Overlay) -> None:
        for cell, mark in overlay.marks.items():
            x, y = self.piece_anchor(cell)
            size = self.piece_size(cell)
            if mark.target:
                pygame.draw.circle(surface, theme.DANGER, (x, y), int(size * 0.62), 3)
            top = y - size * 0.7
            for index, label in enumerate(mark.labels[:3]):
                colour = theme.DANGER if mark.danger or label.startswith("\u2212") else theme.GOLD_BRIGHT
                rendered = self.assets.text("ui_bold", 14, label, colour)
                box = rendered.get_rect(midbottom=(round(x), round(top - index * 17)))
                pygame.draw.rect(surface, theme.INK, box.inflate(8, 2), border_radius=5)
                surface.blit(rendered, box)


def drawing_order(cell: int) -> tuple[int, int, int]:
    """Drawing order: Ground first, then back ranks before front ones (nearer pieces overlap)."""
    return cell >> 6, -((cell >> 3) & 7), cell & 7


def _still_key(overlay: Overlay) -> tuple[object, ...]:
    """What of the overlay the still layer shows (the hover, cursor and marks are drawn live)."""
    return (
        overlay.last,
        overlay.last_seat,
        overlay.last_changed,
        tuple(overlay.placements),
        tuple(sorted(overlay.destinations.items())),
        overlay.hint,
        overlay.selected,
        overlay.ghost,
    )


def _rounded(point: Point) -> tuple[int, int]:
    return round(point[0]), round(point[1])


def _dashed(surface: pygame.Surface, colour: Colour, a: Point, b: Point, dash: float = 6) -> None:
    length = math.dist(a, b)
    steps = max(1, int(length // (dash * 2)))
    for i in range(steps):
        t0, t1 = i * 2 * dash / length, min(1.0, (i * 2 + 1) * dash / length)
        pygame.draw.line(
            surface,
            colour,
            (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
            (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
            1,
        )
