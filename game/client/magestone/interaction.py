"""Playing a go with the pointer: selection, routes, targets with odds, and why a click is refused.

Pure logic over the rules' public API (``legal_actions``, ``is_legal``, ``reachable``,
``routes_to``, ``unit_at``, ``go_info``, ``to_scenario``), so it is tested without a display.
The scene feeds it squares and plays the actions it returns.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.magestone import Attack, Bolt, Fall, MageStoneState, Move, UnitAction
from game.rules.magestone.board import (
    ACTIVATIONS_PER_GO,
    KIND_NAMES,
    MAGE,
    PRIEST,
    WARRIOR,
    power_die,
)
from game.rules.magestone.dice import attacker_win_probability, die_name

VERB_LABELS = {"collect": "Collect", "activate": "Activate", "nova": "Nova", "rite": "Declare the Rite"}
VERB_TIPS = {
    "collect": "Pick up every MageStone on this square. It is this Mage's action for the go.",
    "activate": "On your own base: every Unactivated stone the Mage carries becomes Activated, for good.",
    "nova": "Spend 4 Activated stones: every enemy on the 8 squares around the Mage falls, no roll, "
    "nothing can block it. Costs no squares.",
    "rite": "Begin the Rite of the Nexus. Hold the Nexus free of enemies until play comes back round to "
    "you (twice with one rival, once with three) and you win.",
}


@dataclass(frozen=True)
class Target:
    """A square the selected unit can act on, with what clicking it does."""

    square: int
    kind: str
    """``"attack"``, ``"bolt"``, ``"joiner"`` or ``"fall"``."""
    label: str
    actions: tuple[Any, ...] = ()


@dataclass
class Outcome:
    """What a click means: actions to choose from (one: play it), or a message explaining a refusal."""

    actions: list[Any] = field(default_factory=list)
    message: str = ""


def odds_label(sides: int, count: int, defender: int) -> str:
    """Contest odds in words, e.g. ``"2d6 vs d6: 84%"``."""
    p = float(attacker_win_probability(sides, count, defender))
    return f"{die_name(sides, count)} vs {die_name(defender, 1)}: {round(p * 100)}%"


def distance(a: int, b: int) -> int:
    """Orthogonal steps between two squares, ignoring what stands between."""
    return abs((a & 15) - (b & 15)) + abs((a >> 4) - (b >> 4))


class GoInput:
    """The pointer's view of the go for the player to act: selection, route, joiners, targets."""

    def __init__(self, state: MageStoneState) -> None:
        self.state = state
        self.selected: int | None = None
        self.route: tuple[int, ...] = ()
        self.joiners: set[int] = set()
        self.route_choice = 0
        self.refresh()

    # -- facts of the current position ------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the state after it changed (keeps the selection when it is still sensible)."""
        state = self.state
        self.seat = state.current_player()
        data = state.to_scenario()
        sq = state.board.square_of
        self.data = data
        self.active = sq[data["active"]] if data["active"] else -1
        self.done = {sq[name] for name in data["done"]}
        self.squares_left = data["squares"]
        self.activations = data["activations"]
        self.carried = {i: tuple(entry["carried"]) for i, entry in enumerate(data["seats"].values())}
        self.legal = state.legal_actions() if self.seat >= 0 else []
        self.by_square: dict[int, list[Any]] = {}
        for action in self.legal:
            for square in _actors(action):
                self.by_square.setdefault(square, []).append(action)
        self.fall_choice = bool(self.legal) and all(isinstance(a, Fall) for a in self.legal)
        if self.selected is not None and not self._selectable(self.selected):
            self.selected = None
        if self.selected is None and self.active >= 0 and self._selectable(self.active):
            self.selected = self.active
        self.route = ()
        self.joiners &= self._joiner_candidates()

    def own(self, square: int) -> bool:
        """True when the unit on ``square`` belongs to the player to act."""
        unit = self.state.unit_at(square)
        return unit is not None and unit[0] == self.seat

    def _selectable(self, square: int) -> bool:
        return self.own(square) and bool(self.by_square.get(square))

    def kind_at(self, square: int) -> int:
        """Kind of the unit on ``square`` (raises if empty)."""
        unit = self.state.unit_at(square)
        assert unit is not None
        return KIND_NAMES.index(unit[1])

    def movers(self) -> list[int]:
        """Own units that may still move or act this go, in board order."""
        return sorted(s for s in self.by_square if self.own(s) and not self.fall_choice)

    # -- selection -------------------------------------------------------------------------------
    def select(self, square: int | None) -> str:
        """Select one of the player's units; returns a refusal message or ''."""
        self.route, self.route_choice, self.joiners = (), 0, set()
        if square is None:
            self.selected = None
            return ""
        reason = self.why_not_selectable(square)
        if reason:
            return reason
        self.selected = square
        return ""

    def select_next(self, step: int = 1) -> None:
        """Cycle the selection through the units that can still go (keyboard Tab)."""
        movers = self.movers()
        if not movers:
            self.select(None)
            return
        if self.selected in movers:
            index = (movers.index(self.selected) + step) % len(movers)
        else:
            index = 0 if step > 0 else len(movers) - 1
        self.select(movers[index])

    def why_not_selectable(self, square: int) -> str:
        """Why the player's unit on ``square`` cannot be chosen ('' when it can)."""
        if self.by_square.get(square):
            return ""
        if square in self.done:
            return "This unit has already gone this go."
        if self.activations >= ACTIVATIONS_PER_GO:
            return "You have used all 3 units this go: end the go."
        return "This unit has nothing it can do right now."

    # -- movement --------------------------------------------------------------------------------
    def reachable(self) -> dict[int, int]:
        """Squares the selected unit may move to, with their shortest cost."""
        if self.selected is None or self.fall_choice:
            return {}
        return self.state.reachable(self.selected)

    def hover(self, square: int | None) -> None:
        """The pointer is over ``square``: extend the traced route, or take the shortest one there."""
        reach = self.reachable()
        if self.selected is None or square is None or square not in reach:
            return
        route = self.route
        if route and route[0] == self.selected and square in route:
            self.route = route[: route.index(square) + 1]
            return
        if (
            route
            and route[0] == self.selected
            and square in self.state.board.neighbours[route[-1]]
            and len(route) <= self.squares_left
            and self.state.is_legal(Move((*route, square)))
        ):
            self.route = (*route, square)
            return
        self.route_choice = 0
        self.route = self._routes(square)[0].route

    def _routes(self, dest: int) -> list[Move]:
        assert self.selected is not None
        return self.state.routes_to(self.selected, dest) or [Move((self.selected, dest))]

    def cycle_route(self, step: int) -> None:
        """Show the next legal route with a different effect to the same square (mouse wheel)."""
        if self.selected is None or len(self.route) < 2:
            return
        routes = self._routes(self.route[-1])
        self.route_choice = (self.route_choice + step) % len(routes)
        self.route = routes[self.route_choice].route

    def route_cost(self) -> int:
        """Squares the previewed route spends."""
        return max(0, len(self.route) - 1)

    # -- targets ---------------------------------------------------------------------------------
    def _joiner_candidates(self) -> set[int]:
        if self.selected is None:
            return set()
        return {
            q
            for a in self.by_square.get(self.selected, [])
            if isinstance(a, Attack) and a.attackers[0] == self.selected
            for q in a.attackers[1:]
        }

    def targets(self) -> list[Target]:
        """Everything the selected unit can act on now, with odds."""
        if self.fall_choice:
            return [Target(a.square, "fall", "Choose: this Warrior falls", (a,)) for a in self.legal]
        if self.selected is None:
            return []
        out: dict[int, list[Any]] = {}
        for action in self.by_square.get(self.selected, []):
            if isinstance(action, Attack) and action.attackers[0] == self.selected:
                if set(action.attackers[1:]) == self.joiners:
                    out.setdefault(action.target, []).append(action)
            elif isinstance(action, Bolt):
                out.setdefault(action.target, []).append(action)
        targets = [
            Target(square, _target_kind(actions), self.describe_odds(actions), tuple(actions))
            for square, actions in sorted(out.items())
        ]
        for joiner in sorted(self._joiner_candidates()):
            chosen = joiner in self.joiners
            targets.append(
                Target(
                    joiner, "joiner", "Leave out of the attack" if chosen else "Join the attack (coordinated)"
                )
            )
        return targets

    def describe_odds(self, actions: list[Any]) -> str:
        """Odds of each action on one target, e.g. ``"Attack 2d6 vs d6: 84%  ·  Bolt (3 sq): certain"``."""
        return "  ·  ".join(self.action_odds(a) for a in actions)

    def action_odds(self, action: Any) -> str:
        """One action's outcome odds in words."""
        seat = self.seat
        if isinstance(action, Attack):
            target_seat, target_kind = self._unit(action.target)
            defender = power_die(self.carried[target_seat][1]) if target_kind == MAGE else 6
            if self.kind_at(action.attackers[0]) == MAGE:
                return "Attack " + odds_label(power_die(self.carried[seat][1]), 1, defender)
            return "Attack " + odds_label(6, len(action.attackers), defender)
        if isinstance(action, Bolt):
            cost = distance(action.caster, action.target)
            target_seat, target_kind = self._unit(action.target)
            if target_kind != MAGE:
                return f"Bolt ({cost} sq): certain, no defence roll"
            contest = odds_label(
                power_die(self.carried[seat][1] - 1), 1, power_die(self.carried[target_seat][1])
            )
            return f"Bolt ({cost} sq): {contest}"
        return self.state.describe_action(action)

    def _unit(self, square: int) -> tuple[int, int]:
        unit = self.state.unit_at(square)
        assert unit is not None
        return unit[0], KIND_NAMES.index(unit[1])

    def unit_actions(self) -> list[UnitAction]:
        """Collect / activate / Nova / Rite open to the selected unit."""
        if self.selected is None:
            return []
        return [a for a in self.by_square.get(self.selected, []) if isinstance(a, UnitAction)]

    def nova_squares(self) -> list[int]:
        """The 8 squares a Nova of the selected Mage would strike."""
        if self.selected is None:
            return []
        return [s for s in self.state.board.ring[self.selected] if s >= 0]

    # -- clicks ----------------------------------------------------------------------------------
    def click(self, square: int) -> Outcome:
        """What a click on ``square`` means now."""
        if self.fall_choice:
            falls = [a for a in self.legal if a.square == square]
            return Outcome(falls, "" if falls else "Choose one of your attacking Warriors to fall.")
        unit = self.state.unit_at(square)
        if self.selected is not None:
            if square == self.selected:
                self.select(None)
                return Outcome()
            reach = self.reachable()
            if square in reach:
                route = (
                    self.route if self.route and self.route[-1] == square else self._routes(square)[0].route
                )
                return Outcome([Move(route)])
            if unit is not None and unit[0] != self.seat:
                return self._click_enemy(square)
            if unit is not None and square in self._joiner_candidates():
                self.joiners ^= {square}
                return Outcome()
        if unit is not None and unit[0] == self.seat:
            return Outcome(message=self.select(square))
        if unit is not None:
            return Outcome(message="Select one of your own units first, then click the enemy to attack.")
        if self.selected is None:
            return Outcome(message="Select one of your units to move it.")
        return Outcome(message=self._why_unreachable(square))

    def _click_enemy(self, square: int) -> Outcome:
        assert self.selected is not None
        actions = [
            a
            for t in self.targets()
            if t.square == square and t.kind in ("attack", "bolt")
            for a in t.actions
        ]
        if actions:
            return Outcome(actions)
        kind = self.kind_at(self.selected)
        near = square in self.state.board.neighbours[self.selected]
        if kind == PRIEST:
            return Outcome(message="Priests never attack (they only defend).")
        if kind == WARRIOR and not near:
            return Outcome(message="A Warrior attacks only an enemy on a square next to it.")
        if kind == MAGE and not near:
            if self.carried[self.seat][1] < 1:
                return Outcome(
                    message="Bolt needs an Activated MageStone; this enemy is not next to your Mage."
                )
            away = distance(self.selected, square)
            left = self.squares_left
            return Outcome(message=f"{left} square{'s' if left != 1 else ''} left, target is {away} away.")
        return Outcome(message=self.why_not_selectable(self.selected) or "That attack is not possible now.")

    def _why_unreachable(self, square: int) -> str:
        assert self.selected is not None
        board = self.state.board
        if not board.valid[square]:
            return "That square is off the board."
        if self.selected == self.active or self.selected in self.done:
            return "This unit has already moved this go; it can still act."
        if self.squares_left == 0:
            return "No squares left this go."
        empty = board.valid_mask & ~sum(1 << s for s in range(256) if self.state.unit_at(s) is not None)
        layers = board.flood(self.selected, empty, 64)
        for depth, layer in enumerate(layers):
            if layer >> square & 1:
                left = self.squares_left
                return f"{left} square{'s' if left != 1 else ''} left, that square is {depth} away."
        return "No free route reaches that square: units block the way."

    def stone_summary(self, seat: int) -> tuple[int, int]:
        """(unactivated, activated) stones carried by ``seat``'s Mage."""
        u, a = self.carried[seat]
        return int(u), int(a)


def _actors(action: Any) -> list[int]:
    """The squares of the units an action uses (a coordinated attack: leader and joiners)."""
    if isinstance(action, Move):
        return [action.start]
    if isinstance(action, Attack):
        return list(action.attackers)
    if isinstance(action, Bolt):
        return [action.caster]
    if isinstance(action, UnitAction):
        return [action.square]
    return []


def _target_kind(actions: list[Any]) -> str:
    return "attack" if any(isinstance(a, Attack) for a in actions) else "bolt"
