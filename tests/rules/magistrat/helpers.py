"""Helpers for MagiStrat rule tests: positions from a cell map, playing notation, reading events."""

from __future__ import annotations

from typing import Any

from game.rules.magistrat import MagiStratState, Move, PieceView, parse_action
from game.rules.magistrat.board import CELL_INDEX
from game.rules.protocol import Event

BASE = {"ha1": "K", "hh8": "k", "ga1": "M", "gh8": "m"}
"""Kings and one Mage each, out of the way on files a and h (a position needs both)."""


def position(cells: dict[str, str], side: str = "w", no_progress: int = 0, base: bool = True) -> str:
    """Position notation of a play-phase position: ``cells`` maps cell names to piece tokens."""
    placed = {**BASE, **cells} if base else dict(cells)
    layers = []
    for layer in "ghd":
        ranks = []
        for rank in range(8, 0, -1):
            row, empty = "", 0
            for file in "abcdefgh":
                token = placed.get(f"{layer}{file}{rank}")
                if token is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + token
                empty = 0
            ranks.append(row + (str(empty) if empty else ""))
        layers.append("/".join(ranks))
    return f"{'|'.join(layers)} {side} play {no_progress} 100,100 -"


def state(cells: dict[str, str], side: str = "w", options: dict[str, Any] | None = None,
          no_progress: int = 0, base: bool = True) -> MagiStratState:
    """A state from a cell map (see ``position``)."""
    return MagiStratState.from_position(position(cells, side, no_progress, base), options or {})


def play(s: MagiStratState, text: str) -> list[Event]:
    """Apply an action given in notation, asserting it is legal."""
    action = s.parse_action(text)
    assert s.is_legal(action), f"{text} not legal; legal: {[str(a) for a in s.legal_actions()]}"
    return s.apply(action)


def at(s: MagiStratState, cell: str) -> PieceView:
    """The piece on a named cell (which must hold one)."""
    piece = s.piece_at(CELL_INDEX[cell])
    assert piece is not None, f"no piece on {cell}"
    return piece


def empty(s: MagiStratState, cell: str) -> bool:
    """True when the named cell is empty."""
    return s.piece_at(CELL_INDEX[cell]) is None


def kinds(events: list[Event]) -> list[str]:
    """Event kinds in order."""
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """Data of the events of one kind, in order."""
    return [dict(e.data) for e in events if e.kind == kind]


def legal(s: MagiStratState) -> set[str]:
    """Notation of every legal action."""
    return {str(a) for a in s.legal_actions()}


def moves_from(s: MagiStratState, cell: str) -> set[str]:
    """Legal actions moving the piece on ``cell`` (attacking variants included)."""
    return {a for a in legal(s) if a.startswith(cell + "-")}


def as_move(text: str) -> Move:
    """Parse move notation (asserting it is a move)."""
    action = parse_action(text)
    assert isinstance(action, Move)
    return action
