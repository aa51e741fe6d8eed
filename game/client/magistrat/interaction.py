"""What a click on the cube means: place a set-up piece, select, move, then attack or skip.

The rules decide; this module only offers their legal actions, previews a move before it is
committed (``preview`` / ``preview_attack``) and explains in words why a click does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.client.magistrat.narrator import cell_words, kind_word
from game.rules.magistrat import MagiStratState, Move, Place, Preview, move
from game.rules.magistrat.board import (
    APPRENTICE,
    ARCHMAGE,
    CELL_INDEX,
    DIVINE,
    DIVINE_ABOVE,
    GOD,
    GROUND,
    KING,
    MAGE,
    OTHER_LAYER,
    PRIEST,
    SIDE_NAMES,
    home_ranks,
)
from game.rules.protocol import Event

MOVE_RULES = {
    KING: "The King moves one cell in any direction on its layer, or one step straight up or down.",
    GOD: "A God slides any number of empty cells along its row, column or diagonal on the Divine layer.",
    ARCHMAGE: "An Archmage slides along its row or column (no jumping), or steps straight up or down.",
    PRIEST: "A Priest slides diagonally (no jumping), or steps straight up or down.",
    MAGE: "A Mage moves one or two cells forward or backward in its column (the two-step may jump).",
    APPRENTICE: "An Apprentice moves one cell forward or diagonally forward.",
}
NOTABLE = {"stolen", "destroyed", "dropped_out", "enhanced", "lost_enhancement", "rose", "dropped"}
"""Consequences of a quiet move worth a look before committing it."""


@dataclass(frozen=True)
class Mark:
    """What a previewed turn does to one cell: labels to draw there, and whether it is a target."""

    labels: tuple[str, ...]
    target: bool
    danger: bool


@dataclass
class Pending:
    """A chosen move waiting for Attack / Skip attack (or Move when it cannot attack)."""

    plain: Move
    attack: Move | None
    plain_preview: Preview
    attack_preview: Preview | None

    @property
    def shown(self) -> Preview:
        """The preview drawn on the cube: the attack's when there is one."""
        return self.attack_preview or self.plain_preview


@dataclass
class Outcome:
    """The result of a click: an action to play, or an explanation (maybe empty)."""

    action: Place | Move | None = None
    message: str = ""


@dataclass
class TurnInput:
    """Selection, destinations, the pending preview and the keyboard cursor of the player to act."""

    state: MagiStratState
    selected: int | None = None
    pending: Pending | None = None
    cursor: int | None = None
    _legal: list[object] = field(default_factory=list)
    _key: str = ""

    def refresh(self) -> None:
        """Re-read the legal actions after the state changed; drop a stale selection."""
        key = self.state.position()
        if key != self._key:
            self._key = key
            self._legal = list(self.state.legal_actions())
            self.selected = None
            self.pending = None
            self.cursor = None

    def legal(self) -> list[object]:
        """The legal actions now."""
        self.refresh()
        return self._legal

    # -- queries ------------------------------------------------------------------------------------
    def placement_cells(self) -> list[int]:
        """Cells where the next set-up piece may go."""
        return [a.cell for a in self.legal() if isinstance(a, Place)]

    def movable(self) -> list[int]:
        """Cells of the pieces the player to act may move."""
        return sorted({a.frm for a in self.legal() if isinstance(a, Move)})

    def destinations(self, frm: int | None = None) -> dict[int, Move | None]:
        """For the selected piece: each destination and its attacking variant (None if no target)."""
        frm = self.selected if frm is None else frm
        out: dict[int, Move | None] = {}
        for action in self.legal():
            if isinstance(action, Move) and action.frm == frm:
                if action.attack:
                    out[action.to] = action
                else:
                    out.setdefault(action.to, None)
        return out

    def candidates(self) -> list[int]:
        """What the keyboard cursor steps through now."""
        if self.state.in_setup():
            return self.placement_cells()
        if self.selected is not None:
            return sorted(self.destinations())
        return self.movable()

    # -- clicks -------------------------------------------------------------------------------------
    def select(self, cell: int | None) -> None:
        """Select a piece (or nothing)."""
        self.selected = cell
        self.pending = None
        self.cursor = None

    def step_cursor(self, delta: int) -> None:
        """Move the keyboard cursor through the candidates."""
        options = self.candidates()
        if not options:
            self.cursor = None
            return
        index = options.index(self.cursor) if self.cursor in options else (-1 if delta > 0 else 0)
        self.cursor = options[(index + delta) % len(options)]

    def click(self, cell: int) -> Outcome:
        """Interpret a click on ``cell``."""
        self.refresh()
        if self.state.in_setup():
            return self._place(cell)
        if self.pending is not None:
            self.pending = None
        piece = self.state.piece_at(cell)
        me = self.state.current_player()
        if self.selected is not None and cell in self.destinations():
            return self._choose(self.selected, cell)
        if piece is not None and piece.owner == me:
            if cell not in self.movable():
                self.select(None)
                return Outcome(message=self._why_stuck(cell))
            self.select(None if cell == self.selected else cell)
            return Outcome()
        if self.selected is not None:
            return Outcome(message=self._why_not(self.selected, cell))
        if piece is not None:
            return Outcome(
                message=f"That is {SIDE_NAMES[piece.owner].title()}'s {kind_word(piece.kind)}. "
                f"Select one of your own ({SIDE_NAMES[me].title()}) pieces."
            )
        return Outcome(message="Select one of your pieces first, then where it goes.")

    def _place(self, cell: int) -> Outcome:
        kind = self.state.next_placement()
        assert kind is not None
        action = next((a for a in self.legal() if isinstance(a, Place) and a.cell == cell), None)
        if action is not None:
            return Outcome(action)
        if self.state.piece_at(cell) is not None:
            return Outcome(message="That cell is taken: one piece per cell.")
        home = home_ranks(self.state.current_player())
        ranks = f"{home[0] + 1} to {home[-1] + 1}"
        if kind == GOD:
            return Outcome(message="Gods go anywhere on the Divine layer (the top one).")
        if kind == KING:
            return Outcome(message=f"The King goes on the High-born layer, in your ranks {ranks}.")
        return Outcome(message=f"{kind_word(kind)}s go on High-born or Ground, in your ranks {ranks}.")

    def _choose(self, frm: int, to: int) -> Outcome:
        plain = move(frm, to, False)
        attack = self.destinations(frm)[to]
        plain_preview = self.state.preview(plain)
        attack_preview = self.state.preview_attack(plain) if attack is not None else None
        if attack is None and not any(e.kind in NOTABLE for e in plain_preview.events):
            return Outcome(plain)
        self.pending = Pending(plain, attack, plain_preview, attack_preview)
        return Outcome(message="")

    def _why_stuck(self, cell: int) -> str:
        piece = self.state.piece_at(cell)
        assert piece is not None
        if self.state.king_must_move() and piece.kind != KING:
            return "Your King is enhanced: it must move this turn (and not under any God)."
        return f"This {kind_word(piece.acting_kind)} has no legal move: every way is blocked."

    def _why_not(self, frm: int, to: int) -> str:
        piece = self.state.piece_at(frm)
        assert piece is not None
        layer = to >> 6
        if self.state.piece_at(to) is not None:
            return "Moves go to empty cells only: nothing is captured by moving (attack after moving)."
        if piece.acting_kind == GOD and layer != DIVINE:
            return "Gods stay on the Divine layer."
        if piece.acting_kind != GOD and layer == DIVINE:
            return "Only Gods stand on the Divine layer."
        if piece.acting_kind in (MAGE, APPRENTICE) and layer != GROUND:
            return f"{kind_word(piece.acting_kind)}s stay on the Ground layer."
        if piece.kind == KING and piece.enhanced and self.state.piece_at(DIVINE_ABOVE[to]) is not None:
            return "An enhanced King may not move under a God, yours or your opponent's."
        if piece.kind != piece.acting_kind and to == OTHER_LAYER[frm]:
            return ("A transformed piece never steps up or down: a move must change the position, and under "
                    "its God it would rise straight back.")
        if piece.acting_kind in (ARCHMAGE, PRIEST, KING) and layer != frm >> 6 and (to & 63) != (frm & 63):
            return "Between High-born and Ground a piece only steps straight up or down."
        return f"{cell_words(to)} is out of reach. " + MOVE_RULES[piece.acting_kind]

    # -- preview words ------------------------------------------------------------------------------
    def marks(self) -> dict[int, Mark]:
        """Per-cell labels of the pending preview (amounts, stolen, destroyed, enhancement)."""
        if self.pending is None:
            return {}
        return preview_marks(self.pending.shown.events)


def preview_marks(events: tuple[Event, ...]) -> dict[int, Mark]:
    """Labels by cell for a previewed turn's events."""
    labels: dict[int, list[str]] = {}
    targets: set[int] = set()
    danger: set[int] = set()
    for event in events:
        data = event.data
        if event.kind == "attacked":
            cell = CELL_INDEX[data["target"]]
            targets.add(cell)
            labels.setdefault(cell, []).append(f"\u2212{data['amount']}")
        elif event.kind == "stolen":
            labels.setdefault(CELL_INDEX[data["cell"]], []).append("will be stolen")
        elif event.kind == "destroyed":
            cell = CELL_INDEX[data["cell"]]
            danger.add(cell)
            labels.setdefault(cell, []).append("will be destroyed")
        elif event.kind == "dropped_out":
            cell = CELL_INDEX[data["cell"]]
            danger.add(cell)
            labels.setdefault(cell, []).append("drops out!")
        elif event.kind == "enhanced":
            labels.setdefault(CELL_INDEX[data["cell"]], []).append("enhanced")
        elif event.kind == "lost_enhancement":
            labels.setdefault(CELL_INDEX[data["cell"]], []).append("loses enhancement")
    return {cell: Mark(tuple(text), cell in targets, cell in danger) for cell, text in labels.items()}


def preview_lines(events: tuple[Event, ...], names: list[str]) -> list[str]:
    """The pending turn in words, for the side panel."""
    lines: list[str] = []
    for event in events:
        data = event.data
        if event.kind == "attacked":
            left = data["remaining"]
            lines.append(
                f"{cell_words(data['target'])}: \u2212{data['amount']} → "
                + ("destroyed" if left == 0 else f"{left} left")
            )
        elif event.kind == "stolen":
            lines.append(f"{cell_words(data['cell'])} will be stolen (to {names[data['player']]})")
        elif event.kind == "destroyed" and data["reason"] != "attack":
            lines.append(f"{cell_words(data['cell'])} will be destroyed by God power")
        elif event.kind == "dropped_out":
            lines.append(
                f"WARNING: the {kind_word(data['piece'])} on {cell_words(data['cell'])} "
                "drops out of the cube!"
            )
        elif event.kind == "enhanced":
            lines.append(f"{cell_words(data['cell'])} becomes enhanced")
        elif event.kind == "lost_enhancement":
            lines.append(f"{cell_words(data['cell'])} loses its enhancement")
        elif event.kind == "game_over":
            lines.append("This ends the game!")
    return lines
