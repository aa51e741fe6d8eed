"""Geometry of the Étherean cube: cells, names, kinds and precomputed move/attack tables.

A cell is an int ``layer * 64 + rank * 8 + file`` (all 0-based): layer 0 is
Ground, 1 High-born, 2 Divine. Its name is the layer letter (``g``, ``h``,
``d``) followed by the file and rank, e.g. ``he1`` (High-born e1).
"""

from __future__ import annotations

GROUND, HIGH, DIVINE = 0, 1, 2
NUM_CELLS = 192
LAYER_LETTERS = "ghd"
LAYER_NAMES = ("Ground", "High-born", "Divine")
FILES = "abcdefgh"

WHITE, BLACK = 0, 1
SIDE_NAMES = ("white", "black")

KING, GOD, ARCHMAGE, PRIEST, MAGE, APPRENTICE = range(6)
KIND_NAMES = ("king", "god", "archmage", "priest", "mage", "apprentice")
KIND_LETTERS = "KGAPMN"
ACTING_KIND = (KING, GOD, ARCHMAGE, PRIEST, ARCHMAGE, PRIEST)
"""How an *enhanced* piece acts: an enhanced Mage acts as an Archmage, an enhanced Apprentice as a Priest."""
SET_COUNTS = (1, 4, 5, 4, 8, 8)
"""Pieces of each kind in one player's set."""

CELL_NAMES: tuple[str, ...] = tuple(
    LAYER_LETTERS[c >> 6] + FILES[c & 7] + str(((c >> 3) & 7) + 1) for c in range(NUM_CELLS)
)
CELL_INDEX: dict[str, int] = {name: c for c, name in enumerate(CELL_NAMES)}

# Directions clockwise from White's forward (north = up the ranks).
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
N, NE, E, SE, S, SW, W, NW = range(8)
ROOK_DIRS = (N, E, S, W)
BISHOP_DIRS = (NE, SE, SW, NW)
FORWARD_DIR = (N, S)
"""Forward for each side: White moves up the ranks, Black down."""


def cell_of(layer: int, file: int, rank: int) -> int:
    """Cell index of 0-based ``file`` and ``rank`` on ``layer``."""
    return layer * 64 + rank * 8 + file


def layer_of(cell: int) -> int:
    """Layer (GROUND, HIGH, DIVINE) of ``cell``."""
    return cell >> 6


def rank_of(cell: int) -> int:
    """0-based rank of ``cell``."""
    return (cell >> 3) & 7


def file_of(cell: int) -> int:
    """0-based file of ``cell``."""
    return cell & 7


def _step(cell: int, direction: int) -> int:
    dx, dy = DIRECTIONS[direction]
    x, y = (cell & 7) + dx, ((cell >> 3) & 7) + dy
    if 0 <= x < 8 and 0 <= y < 8:
        return (cell & ~63) + y * 8 + x
    return -1


def _ray(cell: int, direction: int) -> tuple[int, ...]:
    cells: list[int] = []
    current = _step(cell, direction)
    while current >= 0:
        cells.append(current)
        current = _step(current, direction)
    return tuple(cells)


RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(c, d) for d in range(8)) for c in range(NUM_CELLS)
)
"""``RAYS[cell][direction]``: the cells along that direction on the same layer, nearest first."""

KING_RING: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(s for s in (_step(c, (FORWARD_DIR[side] + k) % 8) for k in range(8)) if s >= 0)
        for c in range(NUM_CELLS)
    )
    for side in (WHITE, BLACK)
)
"""``KING_RING[side][cell]``: the 8 neighbours clockwise from forward (F, FR, R, BR, B, BL, L, FL)."""

APPRENTICE_CELLS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            s
            for s in (
                _step(c, FORWARD_DIR[side]),
                _step(c, (FORWARD_DIR[side] - 1) % 8),
                _step(c, (FORWARD_DIR[side] + 1) % 8),
            )
            if s >= 0
        )
        for c in range(NUM_CELLS)
    )
    for side in (WHITE, BLACK)
)
"""``APPRENTICE_CELLS[side][cell]``: forward, forward-left, forward-right (moves and attack order)."""

MAGE_STEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r[i] for r in (RAYS[c][N], RAYS[c][S]) for i in (0, 1) if i < len(r)) for c in range(NUM_CELLS)
)
"""``MAGE_STEPS[cell]``: one or two cells forward or backward in the column (the two-step may jump)."""

BEHIND: tuple[tuple[int, ...], ...] = tuple(
    tuple(_step(c, (FORWARD_DIR[side] + 4) % 8) for c in range(NUM_CELLS)) for side in (WHITE, BLACK)
)
"""``BEHIND[side][cell]``: the cell one step backward on the same layer, or -1."""

OTHER_LAYER: tuple[int, ...] = tuple(
    c + 64 if c < 64 else c - 64 if c < 128 else -1 for c in range(NUM_CELLS)
)
"""The cell straight up/down between Ground and High-born, or -1 on Divine."""

DIVINE_ABOVE: tuple[int, ...] = tuple(128 + (c & 63) for c in range(NUM_CELLS))
"""The Divine cell above the (x, y) of any cell."""


def mirror(cell: int) -> int:
    """The cell seen from the other seat: same layer, rotated half a turn."""
    return (cell & ~63) + (7 - rank_of(cell)) * 8 + (7 - file_of(cell))


def home_ranks(side: int) -> range:
    """The 0-based ranks of a side's first three rows."""
    return range(0, 3) if side == WHITE else range(5, 8)

PRIEST_CELLS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in (BEHIND[side][c], c - 64 if c >= 64 else -1) if s >= 0) for c in range(NUM_CELLS))
    for side in (WHITE, BLACK)
)
"""``PRIEST_CELLS[side][cell]``: the Priest's targets, behind then below (none below on Ground)."""
