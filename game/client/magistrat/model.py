"""The view's own picture of the cube: pieces by cell, changed event by event while animating."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.rules.magistrat import MagiStratState
from game.rules.magistrat.board import ACTING_KIND, CELL_INDEX, KIND_LETTERS


@dataclass(frozen=True, slots=True)
class Shown:
    """A piece as drawn: type, the type it acts as, owner, potential and enhancement."""

    kind: int
    acting: int
    owner: int
    remaining: int
    full: int
    enhanced: bool

    @property
    def fraction(self) -> float:
        """Remaining potential as a share of full (the glow's brightness)."""
        return self.remaining / self.full if self.full else 0.0


@dataclass
class CubeModel:
    """Pieces by cell index."""

    pieces: dict[int, Shown]

    @classmethod
    def from_state(cls, state: MagiStratState) -> CubeModel:
        """The rules' current cube."""
        return cls(
            {
                view.cell: Shown(
                    view.kind, view.acting_kind, view.owner, view.remaining, view.full, view.enhanced
                )
                for view in state.pieces()
            }
        )

    def apply(self, kind: str, data: Mapping[str, Any], full_of: Mapping[int, int]) -> None:
        """Change the picture as ``kind`` says (moves, drains, steals, removals, enhancement)."""
        pieces = self.pieces
        if kind in ("moved", "rose", "dropped"):
            piece = pieces.pop(CELL_INDEX[data["frm"]], None)
            if piece is not None:
                pieces[CELL_INDEX[data["to"]]] = piece
        elif kind == "placed":
            letter = KIND_LETTERS.index(data["piece"])
            full = full_of.get(letter, 100)
            pieces[CELL_INDEX[data["cell"]]] = Shown(letter, letter, data["player"], full, full, False)
        elif kind == "attacked":
            target, attacker = CELL_INDEX[data["target"]], CELL_INDEX[data["attacker"]]
            if target in pieces:
                pieces[target] = replace(pieces[target], remaining=data["remaining"])
            if attacker in pieces:
                pieces[attacker] = replace(pieces[attacker], remaining=data["attacker_remaining"])
        elif kind == "stolen":
            cell = CELL_INDEX[data["cell"]]
            if cell in pieces:
                pieces[cell] = replace(pieces[cell], owner=data["player"])
        elif kind in ("destroyed", "dropped_out"):
            pieces.pop(CELL_INDEX[data["cell"]], None)
        elif kind in ("enhanced", "lost_enhancement"):
            cell = CELL_INDEX[data["cell"]]
            if cell in pieces:
                piece = pieces[cell]
                on = kind == "enhanced"
                pieces[cell] = replace(
                    piece, enhanced=on, acting=ACTING_KIND[piece.kind] if on else piece.kind
                )
