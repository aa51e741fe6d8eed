"""MagiStrat actions and their text notation (see docs/magistrat-notation.md).

* ``Place``: a set-up placement, ``K@he1`` (kind letter, ``@``, cell).
* ``Move``: a turn, ``ge2-ge3`` (move only) or ``ge2-ge3x`` (move, then the
  moved piece attacks with its whole pattern).
* ``Pass``: ``pass``, the only action of a player with no legal move.

Actions are interned: the constructors below return shared instances, so
generating legal actions allocates nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.rules.magistrat.board import CELL_INDEX, CELL_NAMES, KIND_LETTERS
from game.rules.protocol import ActionParseError


@dataclass(frozen=True, slots=True)
class Place:
    """Place the next set-up piece (of ``kind``) on ``cell``."""

    kind: int
    cell: int

    def __str__(self) -> str:
        return f"{KIND_LETTERS[self.kind]}@{CELL_NAMES[self.cell]}"

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True, slots=True)
class Move:
    """Move the piece on ``frm`` to ``to``; with ``attack`` it then attacks."""

    frm: int
    to: int
    attack: bool
    text: str = field(init=False, repr=False, compare=False)
    """The notation, made once (searches key their tables by it)."""

    def __post_init__(self) -> None:
        text = f"{CELL_NAMES[self.frm]}-{CELL_NAMES[self.to]}{'x' if self.attack else ''}"
        object.__setattr__(self, "text", text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn (legal only when no move is)."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return str(self)


Action = Place | Move | Pass
PASS = Pass()

_MOVES: dict[tuple[int, int, bool], Move] = {}
_PLACES: dict[tuple[int, int], Place] = {}


def move(frm: int, to: int, attack: bool) -> Move:
    """The interned ``Move``."""
    found = _MOVES.get((frm, to, attack))
    if found is None:
        found = _MOVES[(frm, to, attack)] = Move(frm, to, attack)
    return found


def place(kind: int, cell: int) -> Place:
    """The interned ``Place``."""
    found = _PLACES.get((kind, cell))
    if found is None:
        found = _PLACES[(kind, cell)] = Place(kind, cell)
    return found


_CELL = r"([ghd][a-h][1-8])"
_MOVE_RE = re.compile(_CELL + "-" + _CELL + "(x?)")
_PLACE_RE = re.compile(f"([{KIND_LETTERS}])@" + _CELL)


def parse_action(text: str) -> Action:
    """Parse action notation; raise ``ActionParseError`` when malformed.

    >>> str(parse_action("ge2-ge3x"))
    'ge2-ge3x'
    """
    if not isinstance(text, str):
        raise ActionParseError(f"action must be text, got {type(text).__name__}")
    if text == "pass":
        return PASS
    found = _MOVE_RE.fullmatch(text)
    if found:
        return move(CELL_INDEX[found[1]], CELL_INDEX[found[2]], found[3] == "x")
    found = _PLACE_RE.fullmatch(text)
    if found:
        return place(KIND_LETTERS.index(found[1]), CELL_INDEX[found[2]])
    raise ActionParseError(f"not a MagiStrat action: {text!r} "
                           "(expected e.g. 'ge2-ge3', 'ge2-ge3x', 'K@he1', 'pass')")
