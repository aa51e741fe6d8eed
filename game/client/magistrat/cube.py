"""Where every cell of the Étherean cube is drawn: the oblique stack and the flat side-by-side view.

Pure geometry in window pixels (no pygame): the cube fills the ``area`` it is given, keeping the
proportions it was designed with in a 716x690 area (``DESIGN_AREA``). Each layer is an 8x8 grid
drawn as a parallelogram (oblique) or a square (flat). Cell ``c = layer*64 + rank*8 + file`` as in
the rules.
White sits at rank 1, drawn nearest the viewer (the bottom edge of each layer).
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]

DESIGN_AREA = (272.0, 8.0, 716.0, 690.0)
"""The area the cube was designed in (x, y, width, height at 1280x720); the default area."""
LAYERS = 3
FOCUS_DEPTH = 1.45
"""How much taller (oblique) or wider (flat) the layer brought to the front is drawn."""
WIDEST = 1.4
"""How much wider than designed the oblique view's cells may grow in a wide area."""
OBLIQUE_HEIGHT = 1.15
"""A standing piece's height in cell depths (oblique view): a piece hides no more than the foot
of the one behind it."""


@dataclass(frozen=True, slots=True)
class LayerFrame:
    """One layer's placement: origin (front-left corner of file a, rank 1), cell width, depth and shear."""

    layer: int
    x: float
    y: float
    cell_w: float
    cell_h: float
    shear: float
    """Horizontal shift per rank (0 in the flat view)."""


@dataclass(frozen=True, slots=True)
class CubeGeometry:
    """The cube laid out in ``mode`` ("oblique" or "flat") with ``front`` (a layer or None) enlarged."""

    mode: str = "oblique"
    front: int | None = None
    area: tuple[float, float, float, float] = DESIGN_AREA
    """Where the cube is drawn: x, y, width, height in window pixels."""

    @property
    def frames(self) -> tuple[LayerFrame, ...]:
        """The three layers, Ground first."""
        return _frames(self.mode, self.front, self.area)

    @property
    def scale(self) -> float:
        """Drawn size relative to the design (for line widths, labels and gaps)."""
        return _scale(self.area)

    def placed(self, area: tuple[float, float, float, float]) -> CubeGeometry:
        """The same view in another area (a new layout)."""
        return CubeGeometry(self.mode, self.front, area)

    def corners(self, cell: int) -> tuple[Point, Point, Point, Point]:
        """The four drawn corners of a cell: front-left, front-right, back-right, back-left."""
        frame = self.frames[cell >> 6]
        file, rank = cell & 7, (cell >> 3) & 7
        return (
            _point(frame, file, rank),
            _point(frame, file + 1, rank),
            _point(frame, file + 1, rank + 1),
            _point(frame, file, rank + 1),
        )

    def centre(self, cell: int) -> Point:
        """The drawn centre of a cell."""
        frame = self.frames[cell >> 6]
        return _point(frame, (cell & 7) + 0.5, ((cell >> 3) & 7) + 0.5)

    def layer_outline(self, layer: int) -> tuple[Point, Point, Point, Point]:
        """The four corners of a whole layer."""
        frame = self.frames[layer]
        return (_point(frame, 0, 0), _point(frame, 8, 0), _point(frame, 8, 8), _point(frame, 0, 8))

    def cell_at(self, pos: Point) -> int | None:
        """The cell under a logical point, or None."""
        for frame in self.frames:
            rank = (frame.y - pos[1]) / frame.cell_h
            if not 0 <= rank < 8:
                continue
            file = (pos[0] - frame.x - rank * frame.shear) / frame.cell_w
            if 0 <= file < 8:
                return frame.layer * 64 + int(rank) * 8 + int(file)
        return None

    def piece_size(self, cell: int) -> int:
        """Icon size of a piece standing on ``cell``."""
        frame = self.frames[cell >> 6]
        return int(min(frame.cell_w * 0.82, frame.cell_h * (OBLIQUE_HEIGHT if frame.shear else 0.86)))


def _point(frame: LayerFrame, file: float, rank: float) -> Point:
    return frame.x + file * frame.cell_w + rank * frame.shear, frame.y - rank * frame.cell_h


Area = tuple[float, float, float, float]
_CACHE: dict[tuple[str, int | None, Area], tuple[LayerFrame, ...]] = {}


def _scale(area: Area) -> float:
    return max(0.05, min(area[2] / DESIGN_AREA[2], area[3] / DESIGN_AREA[3]))


def _frames(mode: str, front: int | None, area: Area) -> tuple[LayerFrame, ...]:
    key = (mode, front, area)
    if key not in _CACHE:
        if len(_CACHE) > 64:  # areas of layouts left behind by resizes
            _CACHE.clear()
        _CACHE[key] = _oblique(front, area) if mode == "oblique" else _flat(front, area)
    return _CACHE[key]


def _weights(front: int | None) -> list[float]:
    return [FOCUS_DEPTH if layer == front else 1.0 for layer in range(LAYERS)]


def _oblique(front: int | None, area: Area) -> tuple[LayerFrame, ...]:
    """Ground at the bottom, Divine on top, separated by gaps; every layer shares its x mapping,
    so a column of cells lines up vertically. The design's proportions, centred in ``area``; a
    wide area widens the cells (up to ``WIDEST`` times their designed width)."""
    k = _scale(area)
    wide = max(k, min(area[2] / DESIGN_AREA[2], k * WIDEST))
    width, height = DESIGN_AREA[2] * wide, DESIGN_AREA[3] * k
    x = area[0] + (area[2] - width) / 2
    y = area[1] + (area[3] - height) / 2
    gap = 34.0 * k
    top_room = 26.0 * k
    weights = _weights(front)
    unit = (height - top_room - 2 * gap) / (8 * sum(weights))
    cell_w = 60.0 * wide
    shear = 12.0 * k * min(1.0, unit / (22 * k))
    left = x + 36 * k
    frames: list[LayerFrame] = []
    bottom = y + height
    for layer in range(LAYERS):
        depth = unit * weights[layer]
        frames.append(LayerFrame(layer, left, bottom, cell_w, depth, shear))
        bottom -= 8 * depth + gap
    return tuple(frames)


FLAT_ARRANGEMENTS: tuple[tuple[tuple[int, ...], ...], ...] = (
    ((0, 1, 2),),
    ((2,), (0, 1)),
    ((2,), (1,), (0,)),
)
"""The flat view's layouts, rows from the top: the three in a row, Divine above the other two,
or the three stacked (Divine on top). The one giving the largest cells is used."""


def _flat(front: int | None, area: Area) -> tuple[LayerFrame, ...]:
    """Three square boards with room for their labels, arranged (see ``FLAT_ARRANGEMENTS``) for
    the largest cells ``area`` allows, centred in it."""
    x, y, width, height = area
    k = _scale(area)
    title, files, ranks, gap = 34.0 * k, 20.0 * k, 18.0 * k, 10.0 * k
    weights = _weights(front)

    def unit_for(rows: tuple[tuple[int, ...], ...]) -> float:
        across = max(8 * sum(weights[layer] for layer in row) for row in rows)
        fixed_w = max(len(row) * ranks + (len(row) - 1) * gap for row in rows)
        down = sum(8 * max(weights[layer] for layer in row) for row in rows)
        return min((width - fixed_w) / across, (height - len(rows) * (title + files)) / down)

    rows = max(FLAT_ARRANGEMENTS, key=unit_for)
    unit = unit_for(rows)
    heights = [8 * unit * max(weights[layer] for layer in row) for row in rows]
    top = y + (height - sum(heights) - len(rows) * (title + files)) / 2
    frames: dict[int, LayerFrame] = {}
    for row, row_height in zip(rows, heights, strict=True):
        row_width = sum(8 * unit * weights[layer] + ranks for layer in row) + gap * (len(row) - 1)
        left = x + (width - row_width) / 2
        for layer in row:
            size = unit * weights[layer]
            left += ranks
            bottom = top + title + row_height - (row_height - 8 * size) / 2
            frames[layer] = LayerFrame(layer, left, bottom, size, size, 0.0)
            left += 8 * size + gap
        top += title + row_height + files
    return tuple(frames[layer] for layer in range(LAYERS))
