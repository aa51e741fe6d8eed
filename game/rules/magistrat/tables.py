"""Move-generation tables: for each cell, the candidate destinations with their interned moves.

A ``Step`` is ``(destination, move, attacking_move)`` so generation appends shared
``Move`` objects without building anything. A ``Slide`` (one cell of a sliding ray)
adds the bit mask of the cells a generator has read when it stops there: every
cell of the ray up to this one (plus, for the Priest, their attack targets). The
masks tell the move cache (``movegen``) which cells a piece's moves depend on.

A read mask has two parts: bit ``cell`` when what the cell holds matters, and bit
``TARGET_SHIFT + cell`` when the cell is only looked at as the target of an
Apprentice, Priest or King (all that matters is whether it holds an enemy non-King).
"""

from __future__ import annotations

from game.rules.magistrat.actions import Move, move
from game.rules.magistrat.board import (
    APPRENTICE_CELLS,
    BLACK,
    DIVINE_ABOVE,
    KING_RING,
    MAGE_STEPS,
    NE,
    NUM_CELLS,
    NW,
    OTHER_LAYER,
    PRIEST_CELLS,
    RAYS,
    SE,
    SW,
    WHITE,
    N,
    S,
)

Step = tuple[int, Move, Move]
Slide = tuple[int, Move, Move, int]
Scan = tuple[tuple[int, int], ...]
"""Cells along a line, each with the mask of the cells up to it."""

TARGET_SHIFT = NUM_CELLS
"""Where the target part of a read mask starts (beyond every cell)."""


def _steps(frm: int, cells: tuple[int, ...]) -> tuple[Step, ...]:
    return tuple((to, move(frm, to, False), move(frm, to, True)) for to in cells)


def _slides(frm: int, cells: tuple[int, ...], targets: tuple[tuple[int, ...], ...] | None = None
            ) -> tuple[Slide, ...]:
    """The ray ``cells`` from ``frm``, each with the mask of the cells up to it (and their ``targets``)."""
    seen = 0
    slides: list[Slide] = []
    for to in cells:
        seen |= _mask((to,)) | _mask(targets[to] if targets else ()) << TARGET_SHIFT
        slides.append((to, move(frm, to, False), move(frm, to, True), seen))
    return tuple(slides)


def _mask(cells: tuple[int, ...]) -> int:
    return sum(1 << c for c in set(cells))


def _scan(slides: tuple[Slide, ...]) -> Scan:
    return tuple((slide[0], slide[3]) for slide in slides)


def _vertical(c: int) -> tuple[int, ...]:
    return (OTHER_LAYER[c],) if OTHER_LAYER[c] >= 0 else ()


RAY_MOVES: tuple[tuple[tuple[Slide, ...], ...], ...] = tuple(
    tuple(_slides(c, ray) for ray in RAYS[c]) for c in range(NUM_CELLS)
)
"""``RAY_MOVES[cell][direction]``: sliding destinations along that direction, nearest first."""

GOD_RAYS: tuple[tuple[tuple[tuple[Slide, ...], tuple[Move, ...], int], ...], ...] = tuple(
    tuple((ray, tuple(slide[1] for slide in ray), ray[-1][3]) for ray in RAY_MOVES[c] if ray)
    for c in range(NUM_CELLS)
)
"""``GOD_RAYS[cell]``: each non-empty ray with all its moves and the mask of its cells (an open ray's
moves are taken whole)."""

COLUMN_SCANS: tuple[tuple[tuple[Scan, Scan], ...], ...] = tuple(
    tuple((_scan(RAY_MOVES[c][forward]), _scan(RAY_MOVES[c][forward ^ 4])) for c in range(NUM_CELLS))
    for forward in (N, S)
)
"""``COLUMN_SCANS[side][cell]``: the cells forward, then backward, in the column of ``cell``, each with
the mask of the cells up to it (where an Archmage or Mage looks for the piece it would attack)."""

VERTICAL_MOVE: tuple[tuple[Slide, ...], ...] = tuple(_slides(c, _vertical(c)) for c in range(NUM_CELLS))
"""``VERTICAL_MOVE[cell]``: the step straight up/down between Ground and High-born (empty on Divine)."""

PRIEST_SLIDES: tuple[tuple[tuple[tuple[Slide, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(_slides(c, cells, PRIEST_CELLS[side])
              for cells in (RAYS[c][NE], RAYS[c][SE], RAYS[c][SW], RAYS[c][NW], _vertical(c)))
        for c in range(NUM_CELLS)
    )
    for side in (WHITE, BLACK)
)
"""``PRIEST_SLIDES[side][cell]``: the Priest's rays (NE, SE, SW, NW, vertical), masks with the targets."""

KING_MOVES: tuple[tuple[Step, ...], ...] = tuple(
    _steps(c, KING_RING[WHITE][c] + _vertical(c)) for c in range(NUM_CELLS)
)
"""``KING_MOVES[cell]``: the 8 neighbours on the layer, then the vertical step."""

MAGE_MOVES: tuple[tuple[Step, ...], ...] = tuple(_steps(c, MAGE_STEPS[c]) for c in range(NUM_CELLS))
"""``MAGE_MOVES[cell]``: one or two cells forward or backward in the column."""

APPRENTICE_MOVES: tuple[tuple[tuple[Step, ...], ...], ...] = tuple(
    tuple(_steps(c, APPRENTICE_CELLS[side][c]) for c in range(NUM_CELLS)) for side in (WHITE, BLACK)
)
"""``APPRENTICE_MOVES[side][cell]``: forward, forward-left, forward-right."""

KING_READS: tuple[tuple[int, int], ...] = tuple(
    (
        _mask((c, *(s[0] for s in KING_MOVES[c])))
        | _mask(tuple(r for s in KING_MOVES[c] for r in KING_RING[WHITE][s[0]])) << TARGET_SHIFT,
        _mask(tuple(DIVINE_ABOVE[s[0]] for s in KING_MOVES[c])),
    )
    for c in range(NUM_CELLS)
)
"""``KING_READS[cell]``: the cells a King's moves read (its cell, destinations and their targets), and
the Divine cells above the destinations (read when it is enhanced)."""

MAGE_READS: tuple[int, ...] = tuple(_mask((c, *MAGE_STEPS[c])) for c in range(NUM_CELLS))
"""``MAGE_READS[cell]``: a Mage's cell and destinations (its attack scans add their own masks)."""

PREY_SHIFT = (0, TARGET_SHIFT)
"""Where each side's non-King pieces sit in ``MagiStratState.prey`` (White's at bit ``cell``)."""

APPRENTICE_TARGETS, PRIEST_TARGETS, KING_TARGETS = (
    tuple(tuple(_mask(cells) << PREY_SHIFT[side ^ 1] for cells in by_side[side]) for side in (WHITE, BLACK))
    for by_side in (APPRENTICE_CELLS, PRIEST_CELLS, KING_RING)
)
"""``X_TARGETS[side][cell]``: the cells an Apprentice, Priest or King of ``side`` on ``cell`` attacks, as a
mask over the enemy's part of ``prey`` (it has a target when the two meet)."""

APPRENTICE_READS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_mask((c, *ahead)) | _mask(tuple(r for s in ahead for r in cells[s])) << TARGET_SHIFT
          for c, ahead in enumerate(cells))
    for cells in APPRENTICE_CELLS
)
"""``APPRENTICE_READS[side][cell]``: an Apprentice's cell, destinations and their targets."""
