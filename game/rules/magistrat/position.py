"""The FEN-like MagiStrat position notation (see docs/magistrat-notation.md).

``<ground>|<high-born>|<divine> <side> <phase> <no-progress> <quality> <result>``

Each layer lists ranks 8 to 1 separated by ``/``, files a to h, digits for
runs of empty cells. A piece is its letter (``KGAPMN``; upper case White,
lower case Black), ``*`` when enhanced, then ``(remaining)`` when below its
full potential, or ``(remaining/full)`` when its full potential differs
from the standard one in ``pieces.json``. Gods carry no numbers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.magistrat.board import (
    APPRENTICE,
    ARCHMAGE,
    CELL_NAMES,
    DIVINE,
    DIVINE_ABOVE,
    GOD,
    GROUND,
    HIGH,
    KIND_LETTERS,
    KIND_NAMES,
    KING,
    MAGE,
    OTHER_LAYER,
    PRIEST,
    SET_COUNTS,
    SIDE_NAMES,
    cell_of,
    layer_of,
)
from game.rules.magistrat.data import PieceTable
from game.rules.protocol import PositionError

PLACEMENT_ORDER: tuple[int, ...] = (KING, *[PRIEST] * 4, *[ARCHMAGE] * 5, *[GOD] * 4)
"""Kinds one player places during set-up, in order: King, 4 Priests, 5 Archmages, 4 Gods."""
SETUP_STEPS = 2 * len(PLACEMENT_ORDER)
"""Placements in the set-up phase (White and Black alternate, White first)."""

RESULT_REASONS = (
    "king_destroyed",
    "no_archmage_or_mage",
    "neither_has_archmage_or_mage",
    "no_progress",
    "resigned",
    "agreed_draw",
)


@dataclass(frozen=True)
class PieceData:
    """One piece on the cube."""

    cell: int
    kind: int
    owner: int
    remaining: int
    full: int
    enhanced: bool


@dataclass(frozen=True)
class PositionData:
    """A decoded position: pieces on the cube plus the scalars of the notation."""

    pieces: tuple[PieceData, ...]
    side: int
    step: int
    """Set-up placements done (``SETUP_STEPS`` once play has begun)."""
    no_progress: int
    quality: tuple[int, int]
    winner: int | None
    """Winning side, or None (a draw when ``reason`` is set)."""
    reason: str | None
    """Why the game ended, or None while it goes on."""


_TOKEN = re.compile(r"([KGAPMNkgapmn])(\*?)(?:\((\d+)(?:/(\d+))?\))?|([1-8])|(/)")


_PREFIX = tuple(
    tuple(tuple((letter if owner == 0 else letter.lower()) + ("*" if enhanced else "") for enhanced in (0, 1))
          for owner in (0, 1))
    for letter in KIND_LETTERS
)
_EMPTY_ROW = [-1] * 8


def encode_row(board: Sequence[int], row: int, kinds: Sequence[int], owners: Sequence[int],
               remaining: Sequence[int], fulls: Sequence[int], enhanced: Sequence[bool],
               standard: Sequence[int]) -> str:
    """Text of one row (``row`` = layer * 8 + rank) of a cube given as flat arrays.

    ``board[cell]`` is a piece id or -1; ``standard`` is the standard full potential per kind.
    """
    start = row * 8
    if board[start:start + 8] == _EMPTY_ROW:
        return "8"
    text, empty = "", 0
    for pid in board[start:start + 8]:
        if pid < 0:
            empty += 1
            continue
        if empty:
            text, empty = text + str(empty), 0
        kind = kinds[pid]
        text += _PREFIX[kind][owners[pid]][enhanced[pid]]
        if kind != GOD:
            if fulls[pid] != standard[kind]:
                text += f"({remaining[pid]}/{fulls[pid]})"
            elif remaining[pid] != fulls[pid]:
                text += f"({remaining[pid]})"
    return text + str(empty) if empty else text


def join_rows(rows: Sequence[str], tail: str) -> str:
    """Position text from the 24 row texts (index layer * 8 + rank) and the fields after the board."""
    return "|".join("/".join(rows[base + 7 - r] for r in range(8)) for base in (0, 8, 16)) + " " + tail


def encode_tail(side: int, step: int, no_progress: int, quality: tuple[int, int],
                winner: int | None, reason: str | None) -> str:
    """The fields after the board: side, phase, no-progress count, quality and result."""
    phase = f"setup{step}" if step < SETUP_STEPS else "play"
    result = "-" if reason is None else f"{'draw' if winner is None else SIDE_NAMES[winner]}:{reason}"
    return f"{'wb'[side]} {phase} {no_progress} {quality[0]},{quality[1]} {result}"


def _decode_layer(text: str, layer: int, table: PieceTable) -> list[PieceData]:
    pieces: list[PieceData] = []
    rank, file, pos = 7, 0, 0
    where = f"layer {('ground', 'high-born', 'divine')[layer]}"
    while pos < len(text):
        found = _TOKEN.match(text, pos)
        if found is None:
            raise PositionError(f"{where}: unexpected {text[pos:pos + 8]!r}")
        pos = found.end()
        if found[6]:
            if file != 8:
                raise PositionError(f"{where}: rank {rank + 1} has {file} cells, expected 8")
            rank, file = rank - 1, 0
            if rank < 0:
                raise PositionError(f"{where}: more than 8 ranks")
            continue
        if found[5]:
            file += int(found[5])
            if file > 8:
                raise PositionError(f"{where}: rank {rank + 1} has more than 8 cells")
            continue
        if file >= 8:
            raise PositionError(f"{where}: rank {rank + 1} has more than 8 cells")
        letter = found[1]
        kind = KIND_LETTERS.index(letter.upper())
        owner = 0 if letter.isupper() else 1
        cell = cell_of(layer, file, rank)
        full = table.potential[kind]
        remaining = full
        if found[3] is not None:
            if kind == GOD:
                raise PositionError(f"{CELL_NAMES[cell]}: a God has no potential")
            remaining = int(found[3])
            if found[4] is not None:
                full = int(found[4])
                if full == table.potential[kind]:
                    raise PositionError(f"{CELL_NAMES[cell]}: write the standard full potential {full} "
                                        f"as ({remaining}), not ({remaining}/{full})")
            elif remaining == full:
                raise PositionError(f"{CELL_NAMES[cell]}: write a full piece without ({remaining})")
        if kind != GOD and not 1 <= remaining <= full:
            raise PositionError(f"{CELL_NAMES[cell]}: remaining potential {remaining} must be 1..{full}")
        pieces.append(PieceData(cell, kind, owner, remaining, full, bool(found[2])))
        file += 1
    if rank != 0 or file != 8:
        raise PositionError(f"{where}: expected 8 ranks of 8 cells")
    return pieces


def _allowed_layer(kind: int, layer: int, enhanced: bool) -> bool:
    if kind == GOD:
        return layer == DIVINE
    if kind in (MAGE, APPRENTICE):
        return layer == GROUND or (layer == HIGH and enhanced)
    return layer in (GROUND, HIGH)


def decode(text: str, table: PieceTable) -> PositionData:
    """Parse and validate position text; raise ``PositionError`` naming the problem."""
    if not isinstance(text, str):
        raise PositionError("position must be text")
    fields = text.split(" ")
    if len(fields) != 6:
        raise PositionError(f"position needs 6 space-separated fields, got {len(fields)}: {text!r}")
    layer_text, side_text, phase_text, np_text, quality_text, result_text = fields
    layer_texts = layer_text.split("|")
    if len(layer_texts) != 3:
        raise PositionError("board field needs 3 layers separated by '|' (ground|high-born|divine)")
    pieces = [p for layer, t in enumerate(layer_texts) for p in _decode_layer(t, layer, table)]
    if side_text not in ("w", "b"):
        raise PositionError(f"side field: expected 'w' or 'b', got {side_text!r}")
    side = "wb".index(side_text)
    if phase_text == "play":
        step = SETUP_STEPS
    elif re.fullmatch(r"setup(0|[1-9]\d?)", phase_text) and int(phase_text[5:]) < SETUP_STEPS:
        step = int(phase_text[5:])
    else:
        raise PositionError(f"phase field: expected 'play' or 'setup0'..'setup{SETUP_STEPS - 1}', "
                            f"got {phase_text!r}")
    if not re.fullmatch(r"0|[1-9]\d{0,5}", np_text):
        raise PositionError(f"no-progress field: expected a count of turns, got {np_text!r}")
    found = re.fullmatch(r"([1-9]\d{1,2}),([1-9]\d{1,2})", quality_text)
    if not found:
        raise PositionError(f"quality field: expected e.g. '100,100', got {quality_text!r}")
    quality = (int(found[1]), int(found[2]))
    winner: int | None = None
    reason: str | None = None
    if result_text != "-":
        head, _, reason = result_text.partition(":")
        if head not in ("white", "black", "draw") or reason not in RESULT_REASONS:
            raise PositionError(f"result field: expected '-' or e.g. 'white:king_destroyed', "
                                f"got {result_text!r}")
        winner = None if head == "draw" else SIDE_NAMES.index(head)
    data = PositionData(tuple(pieces), side, step, int(np_text), quality, winner, reason)
    validate(data)
    return data


def validate(data: PositionData) -> None:
    """Check that a position can occur; raise ``PositionError`` naming the problem."""
    gods = {p.cell: p.owner for p in data.pieces if p.kind == GOD}
    occupied = {p.cell for p in data.pieces}
    for p in data.pieces:
        name = f"{CELL_NAMES[p.cell]} ({KIND_NAMES[p.kind]})"
        if not _allowed_layer(p.kind, layer_of(p.cell), p.enhanced):
            raise PositionError(f"{name}: this piece may not stand on this layer")
        if p.kind == GOD:
            if p.enhanced:
                raise PositionError(f"{name}: a God is never enhanced")
            continue
        under = gods.get(DIVINE_ABOVE[p.cell]) == p.owner
        if data.step < SETUP_STEPS:
            if p.enhanced or p.remaining != p.full:
                raise PositionError(f"{name}: during set-up pieces are full and not enhanced")
        elif p.enhanced != under:
            raise PositionError(f"{name}: marked {'enhanced' if p.enhanced else 'not enhanced'}, but it is "
                                f"{'' if under else 'not '}under its owner's God")
        elif p.enhanced and p.kind in (MAGE, APPRENTICE) and layer_of(p.cell) == GROUND \
                and OTHER_LAYER[p.cell] not in occupied:
            raise PositionError(f"{name}: an enhanced piece rises to the empty High-born cell above it")
    for owner in (0, 1):
        counts = [sum(1 for p in data.pieces if p.owner == owner and p.kind == k) for k in range(6)]
        if counts[KING] > 1 or counts[GOD] > 4:
            raise PositionError(f"{SIDE_NAMES[owner]} has {counts[KING]} Kings and {counts[GOD]} Gods "
                                f"(at most 1 and 4)")
        if data.step < SETUP_STEPS:
            placed = (data.step + 1 - owner) // 2
            expected = [SET_COUNTS[k] if k in (MAGE, APPRENTICE) else
                        PLACEMENT_ORDER[:placed].count(k) for k in range(6)]
            if counts != expected:
                raise PositionError(f"setup{data.step}: {SIDE_NAMES[owner]} should have "
                                    f"{dict(zip(KIND_NAMES, expected, strict=True))} on the cube")
        elif counts[KING] == 0 and data.reason is None:
            raise PositionError(f"{SIDE_NAMES[owner]} has no King but the game is not over")
    if data.step == SETUP_STEPS and data.reason is None:
        _validate_after_outcome(data)
    for kind in range(6):
        total = sum(1 for p in data.pieces if p.kind == kind)
        if total > 2 * SET_COUNTS[kind]:
            raise PositionError(f"{total} {KIND_NAMES[kind]} pieces; two sets have {2 * SET_COUNTS[kind]}")
    if data.step < SETUP_STEPS and (data.side != data.step % 2 or data.no_progress or data.reason):
        raise PositionError(f"setup{data.step}: {'wb'[data.step % 2]} places next, no-progress 0, result '-'")


def _validate_after_outcome(data: PositionData) -> None:
    """A game in progress has just been through an Outcome: nothing it settles may be pending."""
    by_cell = {p.cell: p for p in data.pieces}
    for owner in (0, 1):
        if not any(p.owner == owner and p.kind in (ARCHMAGE, MAGE) for p in data.pieces):
            raise PositionError(f"{SIDE_NAMES[owner]} controls no Archmage or Mage: the game would be over")
    for p in data.pieces:
        if p.enhanced and p.kind in (ARCHMAGE, PRIEST):
            other = by_cell.get(OTHER_LAYER[p.cell])
            if other is not None and other.owner != p.owner and other.kind != KING:
                raise PositionError(f"{CELL_NAMES[p.cell]} ({KIND_NAMES[p.kind]}): its God power on "
                                    f"{CELL_NAMES[other.cell]} would already have been used")
