"""The MagiStrat log in plain language: "White's Archmage High-born d2 → d5 attacks: Black's Mage
(Ground d7) loses 20, 40 left — stolen"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.client.match.seats import Seat
from game.rules.magistrat import MagiStratState, Move, Place
from game.rules.magistrat.board import CELL_INDEX, CELL_NAMES, KIND_LETTERS, KIND_NAMES, LAYER_NAMES
from game.rules.protocol import Event, GameState

REASONS = {
    "king_destroyed": "destroying the King",
    "no_archmage_or_mage": "leaving the opponent no Archmage or Mage",
    "neither_has_archmage_or_mage": "neither side keeping an Archmage or Mage",
    "no_progress": "100 turns without progress",
    "resigned": "resignation",
    "agreed_draw": "agreement",
}


def cell_words(cell: int | str) -> str:
    """``"hd2"`` -> ``"High-born d2"``."""
    name = cell if isinstance(cell, str) else CELL_NAMES[cell]
    return f"{LAYER_NAMES[CELL_INDEX[name] >> 6]} {name[1:]}"


def kind_word(kind: int | str) -> str:
    """A type's display name from its index or letter."""
    index = KIND_LETTERS.index(kind) if isinstance(kind, str) else kind
    return KIND_NAMES[index].title()


class MagiStratNarrator:
    """Narrates one MagiStrat action: a headline, then one line per consequence."""

    def narrate(
        self, before: GameState, actor: int, action: Any, events: Sequence[Event], seats: Sequence[Seat]
    ) -> list[str]:
        """Headline for the move (or placement), then the exchanges, steals, removals and enhancements."""
        assert isinstance(before, MagiStratState)
        names = [seat.name for seat in seats]
        owners = {view.cell: (view.owner, view.kind) for view in before.pieces()}

        def who(cell: str) -> str:
            owner, kind = owners.get(CELL_INDEX[cell], (-1, 0))
            return f"{names[owner] if 0 <= owner < len(names) else '?'}'s {kind_word(kind)}"

        head = f"{names[actor]} passes" if 0 <= actor < len(names) else "pass"
        if isinstance(action, Place):
            head = f"{names[actor]} places the {kind_word(action.kind)} on {cell_words(action.cell)}"
        elif isinstance(action, Move):
            mover = who(CELL_NAMES[action.frm])
            head = f"{mover} {cell_words(action.frm)} → {cell_words(action.to)}"
            if action.attack:
                head += " and attacks"
        lines = [head]
        for event in events:
            text = self._event(event.kind, event.data, who, names)
            if event.kind in ("moved", "rose", "dropped"):
                owners[CELL_INDEX[event.data["to"]]] = owners.pop(CELL_INDEX[event.data["frm"]], (-1, 0))
            elif event.kind == "stolen":
                cell = CELL_INDEX[event.data["cell"]]
                owners[cell] = (event.data["player"], owners.get(cell, (-1, 0))[1])
            if text:
                lines.append(text)
        return lines

    def _event(self, kind: str, data: Mapping[str, Any], who: Any, names: list[str]) -> str:
        if kind == "attacked":
            left = data["remaining"]
            return (
                f"  {who(data['target'])} ({cell_words(data['target'])}) loses {data['amount']}"
                f"{', destroyed' if left == 0 else f', {left} left'}; the attacker keeps "
                f"{data['attacker_remaining']}"
            )
        if kind == "stolen":
            how = "by the Priest's God power" if data["by"] == "god_power" else "in the attack"
            where = f"{kind_word(data['piece'])} on {cell_words(data['cell'])}"
            return f"  {where} is stolen {how}: now {names[data['player']]}'s"
        if kind == "destroyed":
            why = "by an Archmage's God power" if data["reason"] == "god_power" else "out of potential"
            where = f"{kind_word(data['piece'])} on {cell_words(data['cell'])}"
            return f"  {names[data['player']]}'s {where} falls — {why}"
        if kind == "dropped_out":
            return (
                f"  {names[data['player']]}'s {kind_word(data['piece'])} drops out of the cube from "
                f"{cell_words(data['cell'])} (the Ground cell below was taken)"
            )
        if kind == "enhanced":
            return f"  {who(data['cell'])} on {cell_words(data['cell'])} is enhanced by its God"
        if kind == "lost_enhancement":
            return f"  {who(data['cell'])} on {cell_words(data['cell'])} loses its enhancement"
        if kind == "rose":
            return f"  {kind_word(data['piece'])} rises to {cell_words(data['to'])}"
        if kind == "dropped":
            return f"  {kind_word(data['piece'])} drops back to {cell_words(data['to'])}"
        if kind == "game_over":
            winners = data["winners"]
            reason = REASONS.get(data["reason"], data["reason"])
            if not winners:
                return f"— Drawn by {reason}"
            return f"— {names[winners[0]]} wins by {reason}"
        return ""
