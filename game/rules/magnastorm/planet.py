"""The planet: quiet and storm sectors under the rotating centre tile, and the scout runner's reach."""

from __future__ import annotations

from game.rules.magnastorm.data import Board, CentreFace, Cost


def tile_slot(sector: int, rotation: int) -> int:
    """Which of the centre tile's six slots faces ``sector`` after ``rotation`` clockwise turns."""
    return (sector - rotation) % 6


def quiet_sectors(face: CentreFace, rotation: int) -> tuple[bool, ...]:
    """For each sector, whether it is quiet (green) at ``rotation``."""
    return tuple(face.income[tile_slot(s, rotation)] is not None for s in range(6))


def income_table(face: CentreFace, rotation: int, sector: int) -> tuple[Cost, ...]:
    """The income table a quiet ``sector`` shows at ``rotation`` (empty for a storm sector)."""
    return face.income[tile_slot(sector, rotation)] or ()


def drift_areas(board: Board, area: int) -> tuple[int, ...]:
    """Where a runner stuck in the storm drifts: the nearest areas of the next sector clockwise.

    Nearest by lines, through any sector; the areas at the smallest distance, in board order.
    """
    target = (board.area_sector[area] + 1) % 6
    seen = {area}
    frontier = [area]
    while frontier:
        hits = sorted(a for a in frontier if board.area_sector[a] == target)
        if hits:
            return tuple(hits)
        nxt: list[int] = []
        for a in frontier:
            for b in board.neighbours[a]:
                if b not in seen:
                    seen.add(b)
                    nxt.append(b)
        frontier = nxt
    return ()
