"""MageStone's animation: walks, falls, stones, banners, and dice thrown in the tray (the queue
itself is :class:`~game.client.match.animation.StepAnimator`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.client.magestone.dice import DiceTray, Roll
from game.client.magestone.model import BoardModel, Unit
from game.client.match.animation import Step as BaseStep
from game.client.match.animation import StepAnimator
from game.rules.magestone.board import KIND_NAMES
from game.rules.protocol import Event

SECONDS_PER_SQUARE = 0.13
DURATIONS = {
    "attack_declared": 0.3,
    "contest_declared": 0.3,
    "bolt_cast": 0.42,
    "nova_cast": 0.6,
    "unit_fell": 0.5,
    "gravestone_placed": 0.3,
    "stones_dropped": 0.35,
    "stones_landed": 0.3,
    "respawned": 0.45,
    "stones_collected": 0.35,
    "stones_activated": 0.55,
    "warrior_raised": 0.5,
    "rite_declared": 0.5,
    "rite_broken": 0.4,
    "go_started": 0.12,
}
BANNERS = {
    "go_started",
    "rite_declared",
    "rite_broken",
    "rite_lap",
    "eliminated",
    "game_over",
    "bolt_blocked",
}


@dataclass
class Step(BaseStep):
    """One animated event, with the unit it shows (a walker, or a fallen unit's ghost)."""

    unit: Unit | None = None


@dataclass
class Banner:
    """A short caption over the board (whose go, the Rite, eliminations)."""

    kind: str
    data: Mapping[str, Any]
    age: float = 0.0
    life: float = 1.6


class Animator(StepAnimator[BoardModel, Step]):
    """Plays event batches on a :class:`BoardModel` and a :class:`DiceTray`."""

    def __init__(
        self, model: BoardModel, tray: DiceTray, fresh_model: Callable[[], BoardModel], speed: float = 1.0
    ) -> None:
        super().__init__(model, fresh_model, speed)
        self.tray = tray
        self.banners: list[Banner] = []
        self.rolls_seen = 0
        self.dice_pending = 0
        """Dice contests queued or rolling that have not settled yet (the log holds their lines back)."""
        self.dice_seats: tuple[int, int] = (-1, -1)
        """(attacker, defender) seat of the contest in the tray (-1: none yet)."""
        self.dice_names: tuple[str, str] = ("", "")
        """The dice of each side of that contest, e.g. ("2d6", "d6")."""

    def make_step(self, event: Event) -> Step:
        """A step as long as its kind says (a walk: by the squares it crosses)."""
        duration = DURATIONS.get(event.kind, 0.0)
        if event.kind == "moved":
            duration = max(0.2, SECONDS_PER_SQUARE * (len(event.data["route"]) - 1))
        return Step(event.kind, event.data, duration)

    def play(self, events: tuple[Event, ...] | list[Event]) -> None:
        """Queue a batch, counting its dice contests as pending until they settle."""
        self.dice_pending += sum(1 for event in events if event.kind == "dice_rolled")
        super().play(events)

    def reset(self) -> None:
        """Drop everything, banners too, and show the rules' state (after an undo or a load)."""
        self.banners.clear()
        self.dice_pending = 0
        super().reset()

    def _hurry(self) -> None:
        self.tray.finish()

    def _advance(self, scaled: float) -> None:
        self.tray.update(scaled)
        for banner in self.banners:
            banner.age += scaled
        self.banners = [b for b in self.banners if b.age < b.life]

    def _held(self, step: Step) -> bool | None:
        return not self.tray.done if step.kind == "dice_rolled" else None

    def _begin(self, step: Step) -> None:
        data = step.data
        board = self.model.board
        if step.kind == "moved":
            step.unit = self.model.units.pop(board.square_of[data["from"]], None) or (
                data["seat"],
                KIND_NAMES.index(data["unit"]),
            )
        elif step.kind == "unit_fell":
            step.unit = self.model.units.get(board.square_of[data["square"]]) or (
                data["seat"],
                KIND_NAMES.index(data["unit"]),
            )
            self.model.apply(step.kind, data)
        elif step.kind == "dice_rolled":
            self.rolls_seen += 1
            sides_a = _die(data["attacker_dice"])
            sides_d = _die(data["defender_dice"])
            rolls = [Roll(tuple(r["attacker"]), r["defender"], sides_a, sides_d) for r in data["rolls"]]
            seed = random.Random(f"{data['target']}/{self.rolls_seen}").getrandbits(32)
            defender = self.model.units.get(board.square_of[data["target"]])
            self.dice_seats = (data["seat"], defender[0] if defender is not None else -1)
            self.dice_names = (data["attacker_dice"], data["defender_dice"])
            self.tray.throw(rolls, data["winner"], seed)
        elif step.kind != "moved":
            self.model.apply(step.kind, data)
        if step.kind in BANNERS:
            self.banners = [b for b in self.banners if b.kind != step.kind]
            self.banners.append(Banner(step.kind, data))

    def _finish(self, step: Step) -> None:
        if step.kind == "dice_rolled":
            self.dice_pending = max(0, self.dice_pending - 1)
        if step.kind == "moved":
            assert step.unit is not None
            self.model.units[self.model.board.square_of[step.data["to"]]] = step.unit


def _die(name: str) -> int:
    """Sides of a die name: ``"2d6"`` -> 6, ``"d20"`` -> 20."""
    return int(name.partition("d")[2])
