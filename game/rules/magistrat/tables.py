"""Move-generation tables: for each cell, the candidate destinations with their interned moves.

Each entry is ``(destination, move, attacking_move)`` so generation appends shared
``Move`` objects without building anything.
"""

from __future__ import annotations

from game.rules.magistrat.actions import Move, move
from game.rules.magistrat.board import (
    APPRENTICE_CELLS,
    BLACK,
    KING_RING,
    MAGE_STEPS,
    NUM_CELLS,
    OTHER_LAYER,
    RAYS,
    WHITE,
)

Entry = tuple[int, Move, Move]


def _entries(frm: int, cells: tuple[int, ...]) -> tuple[Entry, ...]:
    return tuple((to, move(frm, to, False), move(frm, to, True)) for to in cells)


RAY_MOVES: tuple[tuple[tuple[Entry, ...], ...], ...] = tuple(
    tuple(_entries(c, ray) for ray in RAYS[c]) for c in range(NUM_CELLS)
)
"""``RAY_MOVES[cell][direction]``: sliding destinations along that direction, nearest first."""

VERTICAL_MOVE: tuple[tuple[Entry, ...], ...] = tuple(
    _entries(c, (OTHER_LAYER[c],)) if OTHER_LAYER[c] >= 0 else () for c in range(NUM_CELLS)
)
"""``VERTICAL_MOVE[cell]``: the step straight up/down between Ground and High-born (empty on Divine)."""

KING_MOVES: tuple[tuple[Entry, ...], ...] = tuple(
    _entries(c, KING_RING[WHITE][c]) + VERTICAL_MOVE[c] for c in range(NUM_CELLS)
)
"""``KING_MOVES[cell]``: the 8 neighbours on the layer, then the vertical step."""

MAGE_MOVES: tuple[tuple[Entry, ...], ...] = tuple(_entries(c, MAGE_STEPS[c]) for c in range(NUM_CELLS))
"""``MAGE_MOVES[cell]``: one or two cells forward or backward in the column."""

APPRENTICE_MOVES: tuple[tuple[tuple[Entry, ...], ...], ...] = tuple(
    tuple(_entries(c, APPRENTICE_CELLS[side][c]) for c in range(NUM_CELLS)) for side in (WHITE, BLACK)
)
"""``APPRENTICE_MOVES[side][cell]``: forward, forward-left, forward-right."""


LINE_MASKS: tuple[int, ...] = tuple(sum(1 << s for ray in RAYS[c] for s in ray) for c in range(NUM_CELLS))
"""``LINE_MASKS[cell]``: bit mask of every cell on the row, column and diagonals of ``cell`` (its layer)."""

