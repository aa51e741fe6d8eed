"""Event-driven animation: each rules event becomes a timed step that changes the board picture.

Steps play one after another at the animation-speed setting (instant plays them all at once);
``skip`` finishes the batch. The board model is the view's own copy: when the queue empties it
is replaced by the rules' state, so whatever the animations did, the picture ends right.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.client.magestone.dice import DiceTray, Roll
from game.client.magestone.model import BoardModel, Unit
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
class Step:
    """One animated event: its kind and data, how long it runs and how far it is."""

    kind: str
    data: Mapping[str, Any]
    duration: float
    elapsed: float = 0.0
    unit: Unit | None = None
    """The unit the step shows (a walker, or a fallen unit's ghost)."""

    @property
    def progress(self) -> float:
        """0..1 through the step."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


@dataclass
class Banner:
    """A short caption over the board (whose go, the Rite, eliminations)."""

    kind: str
    data: Mapping[str, Any]
    age: float = 0.0
    life: float = 1.6


@dataclass
class Animator:
    """Plays event batches on a :class:`BoardModel` and a :class:`DiceTray`."""

    model: BoardModel
    tray: DiceTray
    fresh_model: Callable[[], BoardModel]
    """The rules' current picture (read when a batch has fully played)."""
    speed: float = 1.0
    steps: deque[Step] = field(default_factory=deque)
    current: Step | None = None
    banners: list[Banner] = field(default_factory=list)
    rolls_seen: int = 0
    _stale: bool = False

    @property
    def busy(self) -> bool:
        """True while any step is still to play."""
        return self.current is not None or bool(self.steps)

    def play(self, events: tuple[Event, ...] | list[Event]) -> None:
        """Queue a batch of events."""
        for event in events:
            duration = DURATIONS.get(event.kind, 0.0)
            if event.kind == "moved":
                duration = max(0.2, SECONDS_PER_SQUARE * (len(event.data["route"]) - 1))
            self.steps.append(Step(event.kind, event.data, duration))
        self._stale = True
        if math.isinf(self.speed):
            self.skip()

    def reset(self) -> None:
        """Drop everything and show the rules' state (after an undo or a load)."""
        self.steps.clear()
        self.current = None
        self.banners.clear()
        self.model = self.fresh_model()

    def skip(self) -> None:
        """Finish every queued step at once (a click during an animation)."""
        while self.busy:
            if self.current is None:
                self._begin(self.steps.popleft())
            self.tray.finish()
            self._end()
        self.model = self.fresh_model()

    def update(self, dt: float) -> None:
        """Advance by ``dt`` real seconds at the animation speed."""
        if math.isinf(self.speed):
            if self.busy:
                self.skip()
            self.tray.finish()
            return
        scaled = dt * self.speed
        self.tray.update(scaled)
        for banner in self.banners:
            banner.age += scaled
        self.banners = [b for b in self.banners if b.age < b.life]
        budget = scaled
        while budget > 0 or (self.current is None and self.steps):
            if self.current is None:
                if not self.steps:
                    break
                self._begin(self.steps.popleft())
                continue
            step = self.current
            if step.kind == "dice_rolled":
                if not self.tray.done:
                    break
                self._end()
                continue
            used = min(budget, step.duration - step.elapsed)
            step.elapsed += used
            budget -= used
            if step.elapsed >= step.duration:
                self._end()
            else:
                break
        if self._stale and not self.busy:
            self._stale = False
            self.model = self.fresh_model()

    def _begin(self, step: Step) -> None:
        self.current = step
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
            self.tray.throw(rolls, data["winner"], seed)
        elif step.kind != "moved":
            self.model.apply(step.kind, data)
        if step.kind in BANNERS:
            self.banners = [b for b in self.banners if b.kind != step.kind]
            self.banners.append(Banner(step.kind, data))

    def _end(self) -> None:
        step = self.current
        if step is not None and step.kind == "moved":
            assert step.unit is not None
            self.model.units[self.model.board.square_of[step.data["to"]]] = step.unit
        self.current = None


def _die(name: str) -> int:
    """Sides of a die name: ``"2d6"`` -> 6, ``"d20"`` -> 20."""
    return int(name.partition("d")[2])
