"""The action log in plain language, e.g. "North's Mage casts Bolt at h9 (3 squares): 14 vs 9,
South's Priest falls, the Rite is broken"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.client.match.games import plural
from game.client.match.seats import Seat
from game.rules.magestone import Attack, Bolt, EndGo, Fall, MageStoneState, Move, UnitAction
from game.rules.protocol import Event, GameState

REASONS = {
    "magestone": "MageStone (six Activated stones home)",
    "ritual": "the Rite of the Nexus",
    "conquest": "Conquest",
    "stalemate": "stalemate",
    "go_limit": "the go limit",
}
_GO_EVENTS = {
    "go_ended",
    "go_started",
    "rite_lap",
    "rite_won",
    "respawned",
    "respawn_held",
    "eliminated",
    "game_over",
}


class MageStoneNarrator:
    """Narrates MageStone actions and their events with the seats' names."""

    def narrate(
        self, before: GameState, actor: int, action: Any, events: Sequence[Event], seats: Sequence[Seat]
    ) -> list[str]:
        """One headline for the action and its immediate outcome, then a line per go change."""
        assert isinstance(before, MageStoneState)
        self.seats = seats
        head = self._action(before, actor, action)
        outcome: list[str] = []
        lines: list[str] = []
        for event in events:
            text = self._event(event.kind, event.data)
            if not text:
                continue
            if event.kind in _GO_EVENTS or lines:
                lines.append(text)
            else:
                outcome.append(text)
        if head:
            headline = head + (": " + ", ".join(outcome) if outcome else "")
            return [headline.replace(", —", " —"), *lines]
        return [", ".join(outcome), *lines] if outcome else lines

    def name(self, seat: int) -> str:
        """A seat's player name."""
        return self.seats[seat].name if 0 <= seat < len(self.seats) else "?"

    def _unit(self, state: MageStoneState, square: int) -> str:
        unit = state.unit_at(square)
        if unit is None:
            return state.board.names[square]
        return f"{self.name(unit[0])}'s {unit[1].title()}"

    def _action(self, state: MageStoneState, actor: int, action: Any) -> str:
        names = state.board.names
        if isinstance(action, Move):
            route = action.route
            return (
                f"{self._unit(state, route[0])} moves {names[route[0]]}→{names[route[-1]]} "
                f"({plural(len(route) - 1, 'square')})"
            )
        if isinstance(action, Attack):
            others = len(action.attackers) - 1
            joined = f" with {plural(others, 'more Warrior')}" if others else ""
            return (
                f"{self._unit(state, action.attackers[0])} on {names[action.attackers[0]]}{joined} attacks "
                f"{self._unit(state, action.target)} on {names[action.target]}"
            )
        if isinstance(action, Bolt):
            cost = abs((action.caster & 15) - (action.target & 15)) + abs(
                (action.caster >> 4) - (action.target >> 4)
            )
            return (
                f"{self._unit(state, action.caster)} casts Bolt at {names[action.target]} "
                f"({plural(cost, 'square')})"
            )
        if isinstance(action, UnitAction):
            verb = {
                "collect": "collects the MageStones on " + names[action.square],
                "activate": "activates its MageStones",
                "nova": "casts Nova",
                "rite": "declares the Rite of the Nexus",
            }[action.verb]
            return f"{self._unit(state, action.square)} {verb}"
        if isinstance(action, Fall):
            return f"{self._unit(state, action.square)} on {names[action.square]} falls for the lost attack"
        if isinstance(action, EndGo):
            return f"{self.name(actor)} ends the go"
        return state.describe_action(action)

    def _event(self, kind: str, data: Mapping[str, Any]) -> str:
        seat = data.get("seat", -1)
        if kind == "dice_rolled":
            rolls = data["rolls"]
            parts = [f"tie {sum(r['attacker'])} to {r['defender']}, re-roll" for r in rolls[:-1]]
            if rolls:
                last = rolls[-1]
                parts.append(f"{sum(last['attacker'])} vs {last['defender']}")
            return ", ".join(parts)
        if kind == "unit_fell":
            return f"{self.name(seat)}'s {data['unit'].title()} falls"
        if kind == "gravestone_placed":
            return f"a gravestone marks {data['square']}"
        if kind == "gravestone_not_placed" and data["reason"] == "bank_empty":
            return "no gravestone is left in the bank"
        if kind == "stones_collected":
            return "picks up " + self._stones(data["unactivated"], data["activated"])
        if kind == "stones_activated":
            return f"{plural(data['count'], 'stone')} now Activated"
        if kind == "stones_dropped":
            return f"drops {self._stones(data['unactivated'], data['activated'])} on {data['square']}"
        if kind == "bolt_blocked":
            return "the Bolt is blocked"
        if kind == "warrior_raised":
            return f"raises a Warrior on {data['square']}"
        if kind == "warrior_not_raised":
            return "no Warrior rises (already six)"
        if kind == "rite_declared":
            return f"the Nexus glows — {plural(data['laps'], 'lap')} to hold it"
        if kind == "rite_broken":
            return "the Rite is broken"
        if kind == "rite_lap":
            return f"{self.name(seat)}'s Rite holds: lap {data['lap']} of {data['needed']}"
        if kind == "go_started":
            return f"— {self.name(seat)}'s go —"
        if kind == "respawned":
            return f"{self.name(seat)}'s {data['unit'].title()} respawns on {data['square']}"
        if kind == "respawn_held":
            why = "the base is under siege" if data["reason"] == "siege" else "the base is blocked"
            return (
                f"{self.name(seat)}'s {' and '.join(u.title() for u in data['units'])} cannot respawn: {why}"
            )
        if kind == "eliminated":
            return f"{self.name(seat)} is eliminated"
        if kind == "game_over":
            winners = [self.name(s) for s in data["winners"]]
            if not winners:
                return f"The game is drawn by {REASONS.get(data['reason'], data['reason'])}"
            return f"{' and '.join(winners)} wins by {REASONS.get(data['reason'], data['reason'])}"
        return ""

    @staticmethod
    def _stones(unactivated: int, activated: int) -> str:
        parts = []
        if activated:
            parts.append(f"{activated} Activated")
        if unactivated:
            parts.append(f"{unactivated} Unactivated")
        return " and ".join(parts) + (" stone" if unactivated + activated == 1 else " stones")
