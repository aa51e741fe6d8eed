"""Shared helpers for the MageStone rules tests: build positions, play notation, read events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.magestone import MageStoneState
from game.rules.magestone.board import load_board
from game.rules.protocol import Event

BOARD = load_board()


def sq(name: str) -> int:
    """Square index of a name."""
    return BOARD.parse_square(name)


def seat(mage: str | None = None, priest: str | None = None, warriors: tuple[str, ...] = (),
         carried: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    """One seat's scenario entry (None = queued)."""
    return {"mage": mage, "priest": priest, "warriors": list(warriors), "carried": list(carried)}


def position(seats: Mapping[str, Any], **fields: Any) -> MageStoneState:
    """A state from seat entries plus scenario fields; 2 or 4 players by the seats given.

    Stones default to one Unactivated stone per free default square, with any
    carried stones taken out of the layout from the end, so totals stay right.
    """
    players = len(seats)
    data: dict[str, Any] = {"players": players, "seats": dict(seats), **fields}
    if "stones" not in data:
        carried = sum(sum(s.get("carried", (0, 0))) for s in seats.values() if not s.get("eliminated"))
        layout = [BOARD.names[s] for s in BOARD.stones_by_players[players]]
        data["stones"] = {name: [1, 0] for name in layout[:len(layout) - carried]}
    return MageStoneState.from_scenario(data, "test")


def play(state: MageStoneState, *texts: str) -> list[Event]:
    """Apply each action notation (asserting it is legal) and return all events."""
    events: list[Event] = []
    for text in texts:
        action = state.parse_action(text)
        assert state.is_legal(action), f"{text!r} should be legal in {state.position()}"
        events.extend(state.apply(action))
    return events


def kinds(events: list[Event]) -> list[str]:
    """The event kinds in order."""
    return [e.kind for e in events]


def find(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """The data of every event of ``kind``."""
    return [dict(e.data) for e in events if e.kind == kind]


def legal(state: MageStoneState) -> set[str]:
    """Notation of every listed legal action."""
    return {str(a) for a in state.legal_actions()}


def is_legal(state: MageStoneState, text: str) -> bool:
    """Whether the notation parses and is legal."""
    return state.is_legal(state.parse_action(text))
