"""Move generation for one MagiStrat piece, with the cells its moves depend on.

A piece's moves (each followed by its attacking variant when the moved piece's
attack would have a target) depend only on the piece itself (cell, owner,
enhancement, and a King's remaining potential) and on what the cells the
generator reads hold: its destinations and the cells that stop its slides, the
first piece along an Archmage's or Mage's attack line, the Divine cells above an
enhanced King's steps, and the fixed targets of an Apprentice, Priest or King
seen from each destination (there only "an enemy non-King or not" matters: the
target bits of a read mask, see ``tables``). ``piece_moves`` returns the moves
with the mask of those cells, the piece's own cell included, so the state can
cache each piece's moves and recompute only the pieces whose mask meets a
change (``MagiStratState._moves``). A mask may hold a few cells more than were
read; that only costs a recomputation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.magistrat.actions import Move
from game.rules.magistrat.board import (
    ACTING_KIND,
    APPRENTICE,
    DIVINE_ABOVE,
    GOD,
    KING,
    MAGE,
    NUM_CELLS,
    PRIEST,
    E,
    N,
    S,
    W,
)
from game.rules.magistrat.tables import (
    APPRENTICE_MOVES,
    APPRENTICE_READS,
    APPRENTICE_TARGETS,
    COLUMN_SCANS,
    GOD_RAYS,
    KING_MOVES,
    KING_READS,
    KING_TARGETS,
    MAGE_MOVES,
    MAGE_READS,
    PRIEST_SLIDES,
    PRIEST_TARGETS,
    RAY_MOVES,
    VERTICAL_MOVE,
    Scan,
)

if TYPE_CHECKING:
    from game.rules.magistrat.state import MagiStratState

PieceMoves = tuple[list[Move], int]
"""A piece's moves in generation order and the mask of the cells they depend on."""

_TARGET = 1 << 2 * NUM_CELLS
"""Flag of ``_line_target`` (beyond every bit of a read mask): the piece found may be attacked."""


def piece_moves(state: MagiStratState, pid: int, c: int) -> PieceMoves:
    """The moves of piece ``pid`` (on ``c``) and the cells they depend on, computed from scratch."""
    board, owner, enh = state.board, state.owner, state.enh
    t = state.t
    kinds = t.kind
    kind = kinds[pid]
    out: list[Move] = []
    if kind == GOD:
        return out, _god_moves(board, c, state.divine, out) | 1 << c
    me = owner[pid]
    enhanced = enh[pid]
    acting = ACTING_KIND[kind] if enhanced else kind
    # It attacks with strength to spend (a King keeps 1 potential).
    can_attack = ((t.acting_strength[pid] if enhanced else t.strength[pid]) > 0
                  and (kind != KING or state.rem[pid] >= 2))
    # The enemy non-King pieces an Apprentice, Priest or King may attack (none without strength).
    prey = state.prey if can_attack else 0
    if acting == APPRENTICE:
        mask = _apprentice_moves(board, c, me, prey, out)
    else:
        # The moved piece's origin is empty when its attack is checked from a destination.
        board[c] = -1
        if acting == MAGE:
            mask = _mage_moves(board, owner, kinds, enh, c, me, can_attack, out)
        elif acting == KING:
            mask = _king_moves(board, c, me, enhanced, prey, out)
        # A transformed piece (acting != kind) has no vertical step (rulings: Gods and enhancement): on
        # Ground the High-born cell above it is taken (else it would have risen), and on High-born it
        # stands under its own God, so a step down would rise straight back in the Outcome, a pass in
        # disguise.
        elif acting == PRIEST:
            mask = _priest_moves(board, c, me, prey, acting == kind, out)
        else:
            mask = _archmage_moves(board, owner, kinds, enh, c, me, can_attack, acting == kind, out)
        board[c] = pid
    return out, mask | 1 << c


def _god_moves(board: list[int], c: int, divine: int, out: list[Move]) -> int:
    """A God's moves: along each ray up to the first piece (all of it when no piece is on it)."""
    append = out.append
    mask = seen = 0
    for ray, everything, cells in GOD_RAYS[c]:
        if not cells & divine:
            out += everything
            mask |= cells
            continue
        for s, plain, _, seen in ray:  # noqa: B007 - after the loop: what the slide read
            if board[s] >= 0:
                break
            append(plain)
        mask |= seen
    return mask


def _line_target(board: list[int], scan: Scan, owner: list[int], kinds: tuple[int, ...], enh: list[bool],
                 me: int) -> int:
    """Look for the first piece along ``scan`` (``COLUMN_SCANS``): the mask of the cells read, with
    ``_TARGET`` set when an Archmage or Mage of ``me`` may attack it (an enemy, not an enhanced King)."""
    for r, seen in scan:
        q = board[r]
        if q >= 0:
            return seen | _TARGET if owner[q] != me and (kinds[q] != KING or not enh[q]) else seen
    return scan[-1][1] if scan else 0


def _apprentice_moves(board: list[int], c: int, me: int, prey: int, out: list[Move]) -> int:
    # An Apprentice's targets lie ahead of its destination, never on its origin.
    targets = APPRENTICE_TARGETS[me]
    append = out.append
    for s, plain, attacking in APPRENTICE_MOVES[me][c]:
        if board[s] < 0:
            append(plain)
            if targets[s] & prey:
                append(attacking)
    return APPRENTICE_READS[me][c]


def _mage_moves(board: list[int], owner: list[int], kinds: tuple[int, ...], enh: list[bool], c: int,
                me: int, can_attack: bool, out: list[Move]) -> int:
    mask = MAGE_READS[c]
    scans = COLUMN_SCANS[me]
    append = out.append
    read = 0
    for s, plain, attacking in MAGE_MOVES[c]:
        if board[s] < 0:
            append(plain)
            if can_attack:
                # The first piece forward in the destination's column (as _line_target).
                q = -1
                for r, read in scans[s][0]:  # noqa: B007 - after the loop: what the scan read
                    q = board[r]
                    if q >= 0:
                        break
                mask |= read
                if q >= 0 and owner[q] != me and (kinds[q] != KING or not enh[q]):
                    append(attacking)
    return mask


def _king_moves(board: list[int], c: int, me: int, enhanced: bool, prey: int, out: list[Move]) -> int:
    targets = KING_TARGETS[me]
    append = out.append
    for s, plain, attacking in KING_MOVES[c]:
        if board[s] >= 0 or (enhanced and board[DIVINE_ABOVE[s]] >= 0):
            continue  # an enhanced King may not move under any God, of either side
        append(plain)
        if targets[s] & prey:
            append(attacking)
    area, divine = KING_READS[c]
    return area | divine if enhanced else area


def _priest_moves(board: list[int], c: int, me: int, prey: int, vertical: bool, out: list[Move]) -> int:
    """Moves of an (acting) Priest on ``c``: its diagonal slides, and the vertical step if ``vertical``."""
    targets = PRIEST_TARGETS[me]
    append = out.append
    mask = seen = 0
    slides = PRIEST_SLIDES[me][c]
    for ray in slides if vertical else slides[:4]:
        for s, plain, attacking, seen in ray:  # noqa: B007 - after the loop: what the slide read
            if board[s] >= 0:
                break
            append(plain)
            if targets[s] & prey:
                append(attacking)
        mask |= seen
    return mask


def _archmage_moves(board: list[int], owner: list[int], kinds: tuple[int, ...], enh: list[bool], c: int,
                    me: int, can_attack: bool, vertical: bool, out: list[Move]) -> int:
    """Moves of an (acting) Archmage on ``c`` (its origin already emptied), with attacking variants;
    the vertical step only if ``vertical``.

    Its attack reads the first piece forward and backward in the destination's column. Along its
    own column every destination sees the same two pieces (the ones just beyond both ends of its
    run), so one answer serves them all; those scans read what the slides read.
    """
    append = out.append
    slides = RAY_MOVES[c]
    scans = COLUMN_SCANS[me]
    ahead, behind = scans[c]
    column_target = can_attack and bool(_line_target(board, ahead, owner, kinds, enh, me) & _TARGET
                                        or _line_target(board, behind, owner, kinds, enh, me) & _TARGET)
    mask = seen = read = 0
    for direction in (N, S):
        for s, plain, attacking, seen in slides[direction]:  # noqa: B007 - after the loop: what the slide read
            if board[s] >= 0:
                break
            append(plain)
            if column_target:
                append(attacking)
        mask |= seen
    for ray in (slides[E], slides[W], VERTICAL_MOVE[c]) if vertical else (slides[E], slides[W]):
        for s, plain, attacking, seen in ray:  # noqa: B007 - after the loop: what the slide read
            if board[s] >= 0:
                break
            append(plain)
            if can_attack:
                # The first piece forward, then backward, in the destination's column (as _line_target).
                for line in scans[s]:
                    q = -1
                    for r, read in line:  # noqa: B007 - after the loop: what the scan read
                        q = board[r]
                        if q >= 0:
                            break
                    mask |= read
                    if q >= 0 and owner[q] != me and (kinds[q] != KING or not enh[q]):
                        append(attacking)
                        break
        mask |= seen
    return mask
