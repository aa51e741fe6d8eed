"""Objective cards: whether a player can fulfil a face now, and which removal or marker step may come next.

Sector faces remove the player's turtle labs from the board; research faces move
the player's research markers down. Each step is chosen by the player; a step is
offered only if the objective can still be completed after it.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.magnastorm.data import Board, ObjectiveFace

SPACE_COLOURS = "grbvw"


def target(face: ObjectiveFace, round_number: int, areas: int) -> int:
    """Labs or levels the face asks for this round (a spread over more areas than exist asks for all)."""
    count = face.count(round_number)
    if face.goal == "spread":
        return min(count, areas)
    if face.goal == "distinct_sectors":
        return min(count, 6)
    if face.goal == "distinct_colours":
        return min(count, areas + 1)
    return count


def sole_most(levels: Sequence[Sequence[int]], seat: int, area: int) -> bool:
    """Whether ``seat`` alone has the greatest knowledge in ``area`` (and some knowledge at all)."""
    mine = levels[seat][area]
    return mine > 0 and all(row[area] < mine for other, row in enumerate(levels) if other != seat)


def research_areas(face: ObjectiveFace, colours: str, levels: Sequence[Sequence[int]], seat: int,
                   need: int, used: int) -> list[int]:
    """Areas whose marker ``seat`` may move down next (``used``: bitmask of areas already moved)."""
    own = levels[seat]
    if face.goal in ("track", "track_most"):
        area = colours.index(face.area)
        ok = own[area] >= need and (face.goal == "track" or sole_most(levels, seat, area))
        return [area] if ok else []
    if face.goal == "most":
        return [a for a in range(len(colours)) if own[a] >= need and sole_most(levels, seat, a)]
    if face.goal == "spread":
        free = [a for a in range(len(colours)) if own[a] >= 1 and not used >> a & 1]
        return free if len(free) >= need else []
    return [a for a in range(len(colours)) if own[a] >= 1] if sum(own) >= need else []


def sector_counts(board: Board, owner: Sequence[int], labs: Sequence[int], players: int) -> list[list[int]]:
    """Labs of each seat in each sector."""
    counts = [[0] * 6 for _ in range(players)]
    for space, seat in enumerate(owner):
        if seat >= 0:
            counts[seat][board.area_sector[board.space_area[space]]] += labs[space]
    return counts


def sole_majority(counts: Sequence[Sequence[int]], seat: int, sector: int) -> bool:
    """Whether ``seat`` has more labs in ``sector`` than every other player (and at least one)."""
    mine = counts[seat][sector]
    return mine > 0 and all(row[sector] < mine for other, row in enumerate(counts) if other != seat)


def removable_spaces(face: ObjectiveFace, board: Board, owner: Sequence[int], labs: Sequence[int],
                     quiet: Sequence[bool], players: int, seat: int, need: int, constraint: int) -> list[int]:
    """Spaces whose lab ``seat`` may remove next to go on fulfilling a sector face.

    ``constraint``: the chosen sector plus one (0: none yet) for one-sector goals, else a bitmask of
    the sectors or space colours already used.
    """
    mine = [s for s, who in enumerate(owner) if who == seat]
    sector_of = [board.area_sector[board.space_area[s]] for s in mine]
    goal = face.goal
    if goal in ("same_sector", "majority_sector"):
        if constraint:
            return [s for s, sec in zip(mine, sector_of, strict=True) if sec == constraint - 1]
        counts = sector_counts(board, owner, labs, players)
        good = {sec for sec in range(6) if counts[seat][sec] >= need
                and (goal == "same_sector" or sole_majority(counts, seat, sec))}
        return [s for s, sec in zip(mine, sector_of, strict=True) if sec in good]
    if goal in ("distinct_sectors", "distinct_colours"):
        keys = sector_of if goal == "distinct_sectors" else \
            [SPACE_COLOURS.index(board.space_colour[s]) for s in mine]
        free = [(s, k) for s, k in zip(mine, keys, strict=True) if not constraint >> k & 1]
        return [s for s, _ in free] if len({k for _, k in free}) >= need else []
    if goal in ("quiet", "storm"):
        want = goal == "quiet"
        pick = [s for s, sec in zip(mine, sector_of, strict=True) if quiet[sec] == want]
        return pick if sum(labs[s] for s in pick) >= need else []
    return mine if sum(labs[s] for s in mine) >= need else []


def research_progress(face: ObjectiveFace, colours: str, levels: Sequence[Sequence[int]], seat: int,
                      need: int) -> int:
    """The largest part of ``need`` levels ``seat`` could move down for a research face now: the greatest
    ``part`` for which :func:`research_areas` offers a first step (0 when none)."""
    own = levels[seat]
    if face.goal in ("track", "track_most"):
        area = colours.index(face.area)
        held = own[area] if face.goal == "track" or sole_most(levels, seat, area) else 0
    elif face.goal == "most":
        held = max((own[a] for a in range(len(colours)) if sole_most(levels, seat, a)), default=0)
    elif face.goal == "spread":
        held = sum(1 for level in own if level >= 1)
    else:
        held = sum(own)
    return min(held, need)


def sector_progress(face: ObjectiveFace, board: Board, owner: Sequence[int], quiet: Sequence[bool],
                    counts: Sequence[Sequence[int]], seat: int, need: int) -> int:
    """The largest part of ``need`` labs ``seat`` could remove for a sector face now (``counts``: every seat's
    labs per sector): the greatest ``part`` for which :func:`removable_spaces` offers a first step."""
    goal, mine = face.goal, counts[seat]
    if goal in ("same_sector", "majority_sector"):
        held = max((mine[sector] for sector in range(6)
                    if goal == "same_sector" or sole_majority(counts, seat, sector)), default=0)
    elif goal == "distinct_sectors":
        held = sum(1 for count in mine if count)
    elif goal == "distinct_colours":
        held = len({board.space_colour[space] for space, who in enumerate(owner) if who == seat})
    elif goal in ("quiet", "storm"):
        held = sum(count for sector, count in enumerate(mine) if quiet[sector] == (goal == "quiet"))
    else:
        held = sum(mine)
    return min(held, need)


def constraint_after(face: ObjectiveFace, board: Board, space: int, constraint: int) -> int:
    """The removal constraint once the lab on ``space`` is removed."""
    sector = board.area_sector[board.space_area[space]]
    if face.goal in ("same_sector", "majority_sector"):
        return sector + 1
    if face.goal == "distinct_sectors":
        return constraint | 1 << sector
    if face.goal == "distinct_colours":
        return constraint | 1 << SPACE_COLOURS.index(board.space_colour[space])
    return constraint
