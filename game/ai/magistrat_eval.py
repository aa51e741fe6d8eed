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
  lined up on the King's column with a clear line; with ``king_danger`` (off in ``DEFAULT``) a
  King's loss also grows like the inverse of what it has left, so a hit on a healthy King is worth
  little and one on a weak King, a few hits from its end, a lot;
* God control: own pieces enhanced by own Gods (an enhanced Archmage or Priest
  also wields a God power each Outcome);
* God-power threats (off in ``DEFAULT``): the side to move can often slide an Archmage (or a
  Priest) into the column below one of its Gods, where, enhanced, it destroys (steals) the enemy
  piece above or below it; the best such threat counts for the side to move, so a piece left
  under an enemy God is seen to hang even when the search's horizon cuts the move off;
* King hunt (off in ``DEFAULT``): own Archmages (an enhanced Mage included)
  that one move brings to a clear line on the enemy King, and own offensive
  pieces on the enemy King's layer, the nearer its file the more;
* King room (off in ``DEFAULT``): a weakened King with fewer than three empty cells to step to
  counts against its side, the more the weaker it is (enemy pieces shut a King in a corner);
* offensive danger (off in ``DEFAULT``): like ``king_danger`` for the other way to lose, a side's
  Archmages and Mages count against it like the inverse of their potential left, so trading the last
  ones away (or leaving them to be taken) is seen as the danger it is;
* the finish (off in ``DEFAULT``): once the enemy is down to its last Archmages and Mages, own King's
  nearness to the nearest of them (a King destroys a weak piece beside it and only those pieces can hurt
  it), so a side far ahead walks its King to the win beyond its search's horizon.
Values are ``tanh`` of the difference, so the two seats' values sum to zero.
With ``trade`` > 0 the difference counts more as material leaves the cube (the
side ahead gains by trading down), and with ``contempt`` > 0 a lead is worth
less as the no-progress counter runs towards its draw.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.ai.weights import load_weights
from game.rules.magistrat.actions import Move
from game.rules.magistrat.board import (
    APPRENTICE,
    ARCHMAGE,
    BISHOP_DIRS,
    DIVINE,
    DIVINE_ABOVE,
    GOD,
    KING,
    KING_RING,
    MAGE,
    NUM_CELLS,
    OTHER_LAYER,
    PRIEST,
    RAYS,
    ROOK_DIRS,
)
from game.rules.magistrat.tables import PREY_SHIFT
from game.rules.protocol import GameState

_NORTH, _SOUTH = 0, 4
_OFFENSIVE = frozenset({ARCHMAGE, MAGE})
_GOD_POWERS = frozenset({ARCHMAGE, PRIEST})
"""Enhanced, these kinds wield a God power each Outcome."""
_FIRST_DIVINE_CELL = DIVINE * 64
_FULL_MATERIAL = 40.0
"""Both sides' material term at the start of a game (about 20 each), the reference for ``trade``."""
_MATERIAL_FLOOR = 10.0
"""Below a quarter of the start the ``trade`` factor stops growing, so a lead never saturates the value to
exactly +-1 (where the search could no longer tell a lost position from a bad one)."""


@dataclass(frozen=True)
class Weights:
    """Feature weights, in units of 100 potential of a defensive piece."""

    scale: float = 8.0
    potential_unit: float = 100.0
    offensive_weight: float = 1.3
    apprentice_weight: float = 1.0
    offensive_bonus: float = 2.0
    king_weight: float = 8.0
    king_threat: float = 0.6
    enhanced: float = 0.25
    god_power: float = 0.5
    king_reach: float = 0.0
    king_near: float = 0.0
    trade: float = 0.0
    contempt: float = 0.0
    god_threat: float = 0.0
    king_room: float = 0.0
    king_danger: float = 0.0
    offensive_danger: float = 0.0
    finish: float = 0.0


DEFAULT = load_weights("magistrat", "default", Weights)
"""Easy and Normal's weights (``levels/ai/magistrat.json``, like the sets below)."""

HARD_REF = load_weights("magistrat", "hard-ref", Weights)
"""Hard's weights of 1 Dec 2026 (the ``hard-ref`` arena level): hunt the enemy King, trade down when
ahead, and shun a no-progress draw."""

HARD = load_weights("magistrat", "hard", Weights)
"""Hard's weights: those of ``HARD_REF``, and a piece left where an enemy God power takes it next move
counts as hanging; an enhanced piece's power and protection count less (they were worth more than an
Apprentice, which Hard gave away to enhance its back rank); Apprentices count double (they guard:
an attacker that fails to destroy one is stolen); since 2 Dec the King terms weigh less (the lined-up
threat 0.25, the hunt's reach 0.25: far behind, Hard threw Archmages at a healthy enemy King and lost
pieces meanwhile) and a weakened King is kept out of corners (``king_room``); since the fourth
session (2 Dec) a King's potential counts less while it is healthy and far more once it is weak
(``king_weight`` 3, ``king_danger`` 2.5: a 20-point hit costs 0.53 on a full King, 2.7 on a King with
55 left); since the eighth session (3 Dec) an Archmage or Mage counts 1.15 per 100 potential (was 1.3)
and the offensive bonus is 1.5 (was 2.0), so a Priest is no longer given for an offensive piece of less
potential; since the ninth session (3 Dec) few and weak Archmages and Mages are a danger
(``offensive_danger`` 1: ahead on a weak enemy King, Hard traded them down and lost the last ones);
since the twenty-third session (5 Dec) its King walks to strike the enemy's last Archmages and Mages
(``finish`` 0.5: far ahead, Hard shuffled until the arena's move limit where the win lay a King's walk
beyond its horizon) (docs/ai.md)."""


def evaluate(state: GameState) -> list[float]:
    """Per-seat values in (-1, 1) of a live MagiStrat position, with the ``DEFAULT`` weights."""
    return _DEFAULT_EVAL(state)


_Tally = tuple[tuple[float, float], float, tuple[tuple[int, ...], ...]]
"""Per-piece sums: each side's score from material, enhancement and offensive pieces, both sides' piece
material (Kings left out), and each side's King hunters (Archmages and Mages, in piece order)."""

_TALLY_LIMIT = 10_000
"""Tallies kept per evaluation before the cache starts again (a Hard move makes about 4,000; each
takes about 2 kB with its key)."""


class MagiStratEval:
    """The evaluation with a given set of :class:`Weights` (an ``Evaluator``).

    The per-piece tally depends only on which pieces are placed (the set-up step), their remaining
    potential (0 exactly when a piece other than a God has left the cube; Gods are not counted), owners
    and enhancement (the state's ``enhanced`` pieces), so it is cached by those: most positions of a
    search differ from another only by where pieces stand.
    """

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.weights = weights
        self._tallies: dict[tuple[Any, ...], _Tally] = {}

    def __call__(self, state: GameState) -> list[float]:
        """Per-seat values in (-1, 1) of a live MagiStrat position."""
        w = self.weights
        white, black, material = self.raw_scores(state)
        diff = (white - black) / w.scale
        if w.trade:
            diff *= (_FULL_MATERIAL / max(material, _MATERIAL_FLOOR)) ** w.trade
        if w.contempt:
            s: Any = state
            limit = s.t.no_progress_limit
            if limit:
                diff *= 1.0 - w.contempt * min(s.no_progress, limit) / limit
        value = math.tanh(diff)
        return [value, -value]

    def raw_scores(self, state: GameState) -> tuple[float, float, float]:
        """White's and Black's raw scores (see the module docstring), and both sides' piece material."""
        s: Any = state
        w = self.weights
        key = (s.t, s.step, tuple(s.rem), tuple(s.owner), s.enhanced)
        tally = self._tallies.get(key)
        if tally is None:
            if len(self._tallies) >= _TALLY_LIMIT:
                self._tallies.clear()
            tally = self._tallies[key] = _tally(s, w)
        base, material, hunters = tally
        white = base[0] - w.king_threat * _king_threats(s, 0)
        black = base[1] - w.king_threat * _king_threats(s, 1)
        if w.finish:
            white += w.finish * _finish(s, 0, hunters[1])
            black += w.finish * _finish(s, 1, hunters[0])
        hunt, god_threat, room = w.king_reach or w.king_near, w.god_threat, w.king_room
        if hunt or god_threat or room:
            occupied = _occupied(s)
            if hunt:
                white += _king_hunt(s, 0, hunters[0], w, occupied)
                black += _king_hunt(s, 1, hunters[1], w, occupied)
            if god_threat:
                if s.side == 0:
                    white += god_threat * _god_threat(s, 0, w, occupied)
                else:
                    black += god_threat * _god_threat(s, 1, w, occupied)
            if room:
                white -= room * _king_cramp(s, 0, occupied)
                black -= room * _king_cramp(s, 1, occupied)
        return white, black, material


_DEFAULT_EVAL = MagiStratEval(DEFAULT)


def _tally(s: Any, w: Weights) -> _Tally:
    """One pass over the pieces (its sums keep piece order and the score's order of additions, so values
    are the same to the bit)."""
    t = s.t
    kinds: tuple[int, ...] = t.kind
    fulls: tuple[int, ...] = t.full
    unit, offensive_weight, king_weight = w.potential_unit, w.offensive_weight, w.king_weight
    apprentice_weight, king_danger = w.apprentice_weight, w.king_danger
    material = [0.0, 0.0]
    kings = 0.0
    offensive = [0, 0]
    offensive_left = [0.0, 0.0]
    enhanced = [0.0, 0.0]
    hunters: tuple[list[int], list[int]] = ([], [])
    for pid, cell, kind, side, left, enhanced_now in zip(range(t.count), s.cell, kinds, s.owner, s.rem, s.enh,
                                                         strict=True):
        if cell < 0 or kind == GOD:
            continue
        if kind == KING:
            king = king_weight * left / fulls[pid]
            if king_danger:
                king -= king_danger * (1.0 / (left / fulls[pid] + _DANGER_EDGE) - _DANGER_FULL)
            material[side] += king
            kings += king
            continue
        if kind in _OFFENSIVE:
            material[side] += left / unit * offensive_weight
            offensive[side] += 1
            offensive_left[side] += left / unit
            hunters[side].append(pid)
        elif kind == APPRENTICE:
            material[side] += left / unit * apprentice_weight
        else:
            material[side] += left / unit
        if enhanced_now:
            enhanced[side] += w.god_power if kind in _GOD_POWERS else w.enhanced
    bonus = w.offensive_bonus
    base = (material[0] + enhanced[0] + bonus * math.sqrt(offensive[0]),
            material[1] + enhanced[1] + bonus * math.sqrt(offensive[1]))
    if w.offensive_danger:
        base = (base[0] - w.offensive_danger / (offensive_left[0] + _OFFENSIVE_EDGE),
                base[1] - w.offensive_danger / (offensive_left[1] + _OFFENSIVE_EDGE))
    return base, material[0] + material[1] - kings, (tuple(hunters[0]), tuple(hunters[1]))


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


def repetition_key(state: GameState) -> str:
    """The position's board, side to move and phase, without the no-progress count (which grows every
    quiet move, so the same position again has a different text)."""
    board, side, phase = state.position().split(" ")[:3]
    return f"{board} {side} {phase}"


def is_tactical(state: GameState, action: Any) -> bool:
    """A move that takes material at once: an attack, or a move after which one of the mover's God
    powers destroys or steals (a God arriving above its side's Priest or Archmage with an enemy
    non-King on the column's other cell, or such a Priest or Archmage arriving under its side's God
    opposite one). What a quiescence step looks at; a God move that only changes enhancement is not
    (since 3 Dec such moves were three quarters of the quiescence answers, and almost never the best)."""
    if type(action) is not Move:
        return False
    if action.attack:
        return True
    s: Any = state
    board: list[int] = s.board
    owner: list[int] = s.owner
    kinds: tuple[int, ...] = s.t.kind
    frm, to = action.frm, action.to
    side = owner[board[frm]]
    pairs: tuple[tuple[int, int], ...]
    if frm < _FIRST_DIVINE_CELL:  # not a God (only Gods stand on Divine): it must arrive under its side's God
        god = board[DIVINE_ABOVE[to]]
        if god < 0 or owner[god] != side:
            return False
        pairs = ((board[frm], board[OTHER_LAYER[to]]),)
    else:  # a God: its new column's two cells, either way round
        column = to & 63
        pairs = ((board[column], board[column + 64]), (board[column + 64], board[column]))
    for wielder, victim in pairs:
        if (wielder >= 0 and victim >= 0 and owner[wielder] == side and kinds[wielder] in _GOD_POWERS
                and owner[victim] != side and kinds[victim] != KING and not s.enh[victim]):
            return True
    return False


def few_offensive_pieces(state: GameState) -> bool:
    """A side has at most ``FEW_OFFENSIVE`` Archmages and Mages left: losing them loses the game, so a
    quiet move that leaves the last ones to be taken must be seen (Hard then quiesces every leaf)."""
    return min(offensive_counts(state)) <= FEW_OFFENSIVE


def offensive_counts(state: GameState) -> list[int]:
    """How many Archmages and Mages each side has on the cube (White's, Black's)."""
    s: Any = state
    kinds: tuple[int, ...] = s.t.kind
    counts = [0, 0]
    for pid, cell, side in zip(range(s.t.count), s.cell, s.owner, strict=True):
        if cell >= 0 and kinds[pid] in _OFFENSIVE:
            counts[side] += 1
    return counts


def _god_threat(s: Any, side: int, w: Weights, occupied: int) -> float:
    """The most ``side`` (to move) can win in one move by a God power: an Archmage sliding along its
    rank or file, or a Priest along a diagonal, onto the empty cell of a column under one of its Gods
    whose other cell (High-born or Ground) holds an enemy piece other than the King. A Priest's steal
    counts the piece twice (it changes sides). ``occupied``: the cube's occupied cells (:func:`_occupied`).

    The columns worth a look (one of the side's Gods above, an enemy non-King on one cell and the other
    empty) are found on the bit masks first: in most positions there is none.
    """
    prey: int = s.prey
    own, enemy = prey >> PREY_SHIFT[side], prey >> PREY_SHIFT[1 - side]
    empty = ~occupied
    columns = own >> 128 & (enemy & empty >> 64 | enemy >> 64 & empty) & _LAYER
    if not columns:
        return 0.0
    board: list[int] = s.board
    owner: list[int] = s.owner
    kinds: tuple[int, ...] = s.t.kind
    best = 0.0
    while columns:
        column = (columns & -columns).bit_length() - 1
        columns &= columns - 1
        for empty_cell, other in ((64 + column, column), (column, 64 + column)):
            victim = board[other]
            if board[empty_cell] >= 0 or victim < 0 or owner[victim] == side or kinds[victim] == KING:
                continue
            gain = _piece_worth(s, victim, w)
            if gain <= best / 2:
                continue
            for direction in range(8):
                for step in RAYS[empty_cell][direction]:
                    piece = board[step]
                    if piece < 0:
                        continue
                    if owner[piece] == side:
                        kind = kinds[piece]
                        if kind == ARCHMAGE and direction in ROOK_DIRS:
                            best = max(best, gain)
                        elif kind == PRIEST and direction in BISHOP_DIRS:
                            best = max(best, 2 * gain)
                    break
    return best


def _piece_worth(s: Any, pid: int, w: Weights) -> float:
    """A non-King piece's part of its side's material score."""
    left: float = s.rem[pid] / w.potential_unit
    kind = s.t.kind[pid]
    if kind in _OFFENSIVE:
        return left * w.offensive_weight
    return left * w.apprentice_weight if kind == APPRENTICE else left


def _king_hunt(s: Any, side: int, hunters: tuple[int, ...], w: Weights, occupied: int) -> float:
    """``side``'s pressure on the enemy King: pieces one move from a clear line on it, and nearness.

    An Archmage (or enhanced Mage) reaches the King's column by sliding along its rank; from there
    its column must be clear up to the King. Only pieces on the King's layer count. ``occupied``: the
    cube's occupied cells (:func:`_occupied`).
    """
    king = s.t.king[1 - side]
    if king < 0:
        return 0.0
    target = s.cell[king]
    if target < 0 or s.enh[king]:
        return 0.0
    cells: list[int] = s.cell
    kinds: tuple[int, ...] = s.t.kind
    enh: list[bool] = s.enh
    base = target & ~63
    layer = occupied >> base
    paths = _PATHS[target & 63]
    nearness = _NEARNESS[target & 7]
    reach = 0
    near = 0.0
    for pid in hunters:
        cell = cells[pid]
        if cell & ~63 != base:
            continue
        near += nearness[cell & 7]
        if (enh[pid] or kinds[pid] == ARCHMAGE) and not layer & paths[cell & 63]:
            reach += 1
    return w.king_reach * reach + w.king_near * near


def _finish(s: Any, side: int, targets: tuple[int, ...]) -> float:
    """How near ``side``'s King stands to the nearest of the enemy's Archmages and Mages ``targets``, once the
    enemy has at most ``FEW_OFFENSIVE`` left: from 1 (beside one, or straight above or below it) down to 0
    (``_FINISH_RANGE`` King steps or more). A King destroys a weak piece beside it, and only those pieces can
    hurt it."""
    if not targets or len(targets) > FEW_OFFENSIVE:
        return 0.0
    king = s.t.king[side]
    cells: list[int] = s.cell
    home = cells[king] if king >= 0 else -1
    if home < 0:
        return 0.0
    steps = min(_KING_DISTANCE[home][cells[pid]] for pid in targets)
    return (_FINISH_RANGE - min(steps, _FINISH_RANGE)) / (_FINISH_RANGE - 1)


def _king_cramp(s: Any, side: int, occupied: int) -> float:
    """How shut in ``side``'s King is, the more the weaker it is: the empty cells it could step to (its
    8 neighbours and the cell above or below) short of ``_ROOM``, times the share of its potential
    lost (a full King on its home rank among its own pieces is not cramped; a weakened one in a
    corner that enemy pieces close is)."""
    king = s.t.king[side]
    cell = s.cell[king] if king >= 0 else -1
    if cell < 0:
        return 0.0
    free = (_KING_STEPS[cell] & ~occupied).bit_count()
    if free >= _ROOM:
        return 0.0
    lost: float = 1.0 - s.rem[king] / s.t.full[king]
    return (_ROOM - free) * lost


def _occupied(s: Any) -> int:
    """Bit ``cell`` set for every occupied cell of the cube: the non-King pieces of both sides (the
    state's ``prey``) and the Kings."""
    prey: int = s.prey
    occupied = (prey | prey >> _BLACK_PREY) & _ALL_CELLS
    for king in s.t.king:
        if king >= 0 and s.cell[king] >= 0:
            occupied |= 1 << s.cell[king]
    return occupied


def _hunt_path(hunter: int, king: int) -> int:
    """The cells (of one layer, 0-63) a hunter on ``hunter`` needs empty to hit a King on ``king``: along
    its rank up to the King's file (that cell included), then along the King's file strictly between
    the two ranks. A hunter on the King's rank needs the King's own cell empty, so never reaches it."""
    file, rank, king_file, king_rank = hunter & 7, hunter >> 3, king & 7, king >> 3
    files = range(file + 1, king_file + 1) if king_file > file else range(king_file, file)
    ranks = range(min(rank, king_rank) + 1, max(rank, king_rank))
    return sum(1 << (rank * 8 + f) for f in files) | sum(1 << (r * 8 + king_file) for r in ranks)


_PATHS: tuple[tuple[int, ...], ...] = tuple(tuple(_hunt_path(hunter, king) for hunter in range(64))
                                            for king in range(64))
"""``_PATHS[king][hunter]``: :func:`_hunt_path` for every pair of cells of a layer."""

_NEARNESS: tuple[tuple[float, ...], ...] = tuple(tuple((7 - abs(file - king_file)) / 7 for file in range(8))
                                                 for king_file in range(8))
"""``_NEARNESS[king_file][file]``: a King hunter's nearness to the King's file."""

_KING_STEPS: tuple[int, ...] = tuple(
    sum(1 << step for step in (*KING_RING[0][cell], OTHER_LAYER[cell]) if step >= 0)
    for cell in range(NUM_CELLS)
)
"""``_KING_STEPS[cell]``: the cells a King on ``cell`` may step to, as a mask."""

_KING_DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(max(abs(((a & 63) >> 3) - ((b & 63) >> 3)), abs((a & 7) - (b & 7))) + (a >> 6 != b >> 6)
          for b in range(NUM_CELLS)) for a in range(NUM_CELLS))
"""``_KING_DISTANCE[a][b]``: a King's steps from cell ``a`` to cell ``b`` on an empty cube (a step up or down
between High-born and Ground counts one)."""
_FINISH_RANGE = 12
"""The finish (:func:`_finish`) counts a King this many steps or more from the nearest target as far."""

_ROOM = 3
"""A King with fewer empty cells than this to step to counts as cramped (:func:`_king_cramp`)."""

_DANGER_EDGE = 0.1
"""``king_danger`` counts ``1 / (share left + _DANGER_EDGE)``: the edge keeps it finite at a destroyed King
(a terminal position anyway) and sets how steeply it grows: 0.09 for a full King's first 20-point hit,
0.97 for the hit from 55 to 35 of 200."""
_DANGER_FULL = 1.0 / (1.0 + _DANGER_EDGE)
"""The same for a full King, taken off so a full King costs nothing."""
FEW_OFFENSIVE = 2
"""At most this many Archmages and Mages left to a side count as few (:func:`few_offensive_pieces`)."""
_OFFENSIVE_EDGE = 0.5
"""``offensive_danger`` counts ``1 / (offensive potential left + _OFFENSIVE_EDGE)`` (in hundreds): about
0.1 for a full set, 0.9 for three weak Mages of 20, 1.4 for one (losing the last one loses the game)."""

_BLACK_PREY = PREY_SHIFT[1]
_ALL_CELLS = (1 << NUM_CELLS) - 1
_LAYER = (1 << 64) - 1
"""The 64 cells of one layer, as bits 0-63."""
