"""Heuristic evaluation of MagiStrat positions, per seat, for alpha-beta.

Reads the MagiStrat state's public tables (``cell``, ``owner``, ``rem``,
``enh`` and the per-piece kinds) directly, for speed. A side's raw score adds:

* material potential: the remaining potential of every non-King piece it
  controls (a stolen piece counts for its new owner), Mages and Archmages
  weighted up because they are the only offensive pieces;
* offensive pieces: a bonus per Archmage or Mage (an enhanced Mage acting as
  an Archmage included) that grows sharply as the last ones go, since losing
  them all loses the game;
* King safety: the King's remaining potential (each point lost is progress
  towards the only other way to lose), minus the enemy Archmages and Mages
  lined up on the King's column with a clear line;
* God control: own pieces enhanced by own Gods (an enhanced Archmage or Priest
  also wields a God power each Outcome).
Values are ``tanh`` of the difference, so the two seats' values sum to zero.
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.magistrat.board import ARCHMAGE, GOD, KING, MAGE, PRIEST, RAYS
from game.rules.protocol import GameState

SCALE = 8.0
POTENTIAL_UNIT = 100.0
OFFENSIVE_WEIGHT = 1.3
OFFENSIVE_BONUS = 2.0
KING_WEIGHT = 8.0
KING_THREAT = 0.6
ENHANCED, GOD_POWER = 0.25, 0.5
_NORTH, _SOUTH = 0, 4


def evaluate(state: GameState) -> list[float]:
    """Per-seat values in (-1, 1) of a live MagiStrat position."""
    white, black = raw_scores(state)
    value = math.tanh((white - black) / SCALE)
    return [value, -value]


def raw_scores(state: GameState) -> tuple[float, float]:
    """White's and Black's raw scores (see the module docstring)."""
    s: Any = state
    kinds: tuple[int, ...] = s.t.kind
    fulls: tuple[int, ...] = s.t.full
    cells: list[int] = s.cell
    owners: list[int] = s.owner
    rem: list[int] = s.rem
    enh: list[bool] = s.enh
    material = [0.0, 0.0]
    offensive = [0, 0]
    enhanced = [0.0, 0.0]
    for pid, cell in enumerate(cells):
        if cell < 0:
            continue
        kind = kinds[pid]
        if kind == GOD:
            continue
        side = owners[pid]
        if kind == KING:
            material[side] += KING_WEIGHT * rem[pid] / fulls[pid]
            continue
        attacking = kind in (ARCHMAGE, MAGE)
        material[side] += rem[pid] / POTENTIAL_UNIT * (OFFENSIVE_WEIGHT if attacking else 1.0)
        if attacking:
            offensive[side] += 1
        if enh[pid]:
            enhanced[side] += GOD_POWER if kind in (ARCHMAGE, PRIEST) else ENHANCED
    scores = []
    for side in (0, 1):
        score = material[side] + enhanced[side]
        score += OFFENSIVE_BONUS * math.sqrt(offensive[side])
        score -= KING_THREAT * _king_threats(s, side)
        scores.append(score)
    return scores[0], scores[1]


def _king_threats(s: Any, side: int) -> int:
    """Enemy Archmages (or Mages facing it) first in line on the King's column, same layer."""
    king = s.t.king[side]
    if king < 0 or s.cell[king] < 0 or s.enh[king]:
        return 0
    board: list[int] = s.board
    threats = 0
    for direction in (_NORTH, _SOUTH):
        for cell in RAYS[s.cell[king]][direction]:
            pid = board[cell]
            if pid < 0:
                continue
            if s.owner[pid] != side:
                acting = ARCHMAGE if s.enh[pid] else s.t.kind[pid]
                facing = (direction == _NORTH) == (s.owner[pid] == 1)
                if acting == ARCHMAGE or (acting == MAGE and facing):
                    threats += 1
            break
    return threats
