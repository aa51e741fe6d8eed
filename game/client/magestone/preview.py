"""What an attack, Bolt or Nova would do, read from the rules before the player commits.

The action is applied to a clone of the state. A dice contest leaves the clone at a chance node:
its ``chance_outcomes`` give the exact odds, and each outcome is applied to a further clone to
learn what falls either way. A certain action (Bolt on a Warrior or Priest, Nova) is read from the
clone's events. Nothing here knows a rule of its own, so the preview cannot disagree with the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.client.magestone.interaction import distance
from game.rules.magestone import Attack, Bolt, Fall, MageStoneState
from game.rules.protocol import Event

SeatName = Callable[[int], str]
"""A seat index to the player's name."""


@dataclass(frozen=True)
class Preview:
    """One action's preview: a heading, the odds of the attacker (None: no roll) and what follows."""

    heading: str
    chance: float | None
    lines: tuple[str, ...]

    def text(self) -> str:
        """Everything in one line (tests and tooltips read it)."""
        return " ".join((self.heading, *self.lines))


def percent(chance: float) -> str:
    """A probability as a whole percentage, never rounding a possible outcome to 0 % or 100 %."""
    value = round(chance * 100)
    if 0 < chance < 1:
        value = min(99, max(1, value))
    return f"{value} %"


def falls(events: Sequence[Event], name_of: SeatName) -> list[str]:
    """ "North's Warrior on e6" for every unit that falls in ``events``."""
    return [
        f"{name_of(event.data['seat'])}'s {event.data['unit'].title()} on {event.data['square']}"
        for event in events
        if event.kind == "unit_fell"
    ]


def _consequence(state: MageStoneState, events: Sequence[Event], name_of: SeatName) -> str:
    fallen = falls(events, name_of)
    if fallen:
        return ", ".join(fallen) + (" falls" if len(fallen) == 1 else " fall")
    legal = state.legal_actions()
    if legal and all(isinstance(a, Fall) for a in legal):
        return "one of the attacking Warriors falls (its player chooses)"
    if any(event.kind == "bolt_blocked" for event in events):
        return "the Bolt is blocked"
    return "nobody falls"


def _heading(action: Any, declared: Event | None, name_of: SeatName, state: MageStoneState) -> str:
    actor = name_of(state.current_player())
    if isinstance(action, Attack):
        assert declared is not None
        joiners = len(action.attackers) - 1
        who = f"{actor}'s {_kind(state, action.attackers[0])}"
        if joiners:
            who += f" and {joiners} more Warrior{'s' if joiners > 1 else ''}"
        return (
            f"Attack: {who} ({declared.data['attacker_dice']}) against "
            f"{name_of(_seat(state, action.target))}'s {_kind(state, action.target)} "
            f"({declared.data['defender_dice']})"
        )
    if isinstance(action, Bolt):
        cost = distance(action.caster, action.target)
        head = f"Bolt: {cost} square{'s' if cost != 1 else ''} and 1 Activated stone"
        if declared is not None:
            head += f"; {declared.data['attacker_dice']} against the Mage's {declared.data['defender_dice']}"
        return head
    return state.describe_action(action)


def _kind(state: MageStoneState, square: int) -> str:
    unit = state.unit_at(square)
    assert unit is not None
    return str(unit[1]).title()


def _seat(state: MageStoneState, square: int) -> int:
    unit = state.unit_at(square)
    assert unit is not None
    return int(unit[0])


def preview(state: MageStoneState, action: Any, name_of: SeatName) -> Preview:
    """The preview of ``action`` (legal now in ``state``): its odds and what falls either way."""
    after = state.clone()
    events = after.apply(action)
    declared = next((e for e in events if e.kind in ("attack_declared", "contest_declared")), None)
    heading = _heading(action, declared, name_of, state)
    if not after.is_chance_node():
        return Preview(heading, None, ("Certain, no roll: " + _consequence(after, events, name_of) + ".",))
    lines = []
    chance = 0.0
    for outcome, probability in after.chance_outcomes():
        resolved = after.clone()
        outcome_events = resolved.apply(outcome)
        won = any(e.kind == "dice_rolled" and e.data["winner"] == "attacker" for e in outcome_events)
        if won:
            chance = probability
        label = "Win" if won else "Lose"
        lines.append(f"{label} {percent(probability)}: {_consequence(resolved, outcome_events, name_of)}.")
    lines.append("Ties are re-rolled.")
    return Preview(heading, chance, tuple(lines))
