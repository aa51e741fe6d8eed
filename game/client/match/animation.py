"""Event-driven animation shared by both tables: each rules event becomes a timed step.

Steps play one after another at the animation-speed setting (instant plays them all at once);
``skip`` finishes the batch. The model is the view's own copy: when the queue empties it is
replaced by the rules' state, so whatever the animations did, the picture ends right. A game's
animator says what a step does when it begins and ends (and may hold a step until something
outside the clock is done, such as dice settling).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.rules.protocol import Event


@dataclass
class Step:
    """One animated event: its kind and data, how long it runs and how far it is."""

    kind: str
    data: Mapping[str, Any]
    duration: float
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        """0..1 through the step."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


ModelT = TypeVar("ModelT")
StepT = TypeVar("StepT", bound=Step)


class StepAnimator(Generic[ModelT, StepT]):
    """Plays event batches as a queue of steps on a game's picture model."""

    def __init__(self, model: ModelT, fresh_model: Callable[[], ModelT], speed: float = 1.0) -> None:
        self.model = model
        self.fresh_model = fresh_model
        """The rules' current picture (read when a batch has fully played)."""
        self.speed = speed
        self.steps: deque[StepT] = deque()
        self.current: StepT | None = None
        self._stale = False

    # -- game hooks ------------------------------------------------------------------------------------
    def make_step(self, event: Event) -> StepT:
        """The step that shows ``event``."""
        raise NotImplementedError

    def _begin(self, step: StepT) -> None:
        """``step`` starts: change the picture as it begins."""

    def _finish(self, step: StepT) -> None:
        """``step`` ends: change the picture as it ends."""

    def _held(self, step: StepT) -> bool | None:
        """None for a step timed by its duration; else True while it waits, False once it may end."""
        return None

    def _hurry(self) -> None:
        """Finish at once whatever plays beside the steps (called when skipping)."""

    def _real_time(self, dt: float) -> None:
        """What runs in real time whatever the speed (called first in every update)."""

    def _advance(self, scaled: float) -> None:
        """What runs at the animation speed beside the steps (not at instant speed)."""

    # -- queue -----------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while any step is still to play."""
        return self.current is not None or bool(self.steps)

    def play(self, events: tuple[Event, ...] | list[Event]) -> None:
        """Queue a batch of events."""
        for event in events:
            self.steps.append(self.make_step(event))
        self._stale = True
        if math.isinf(self.speed):
            self.skip()

    def reset(self) -> None:
        """Drop everything and show the rules' state (after an undo or a load)."""
        self.steps.clear()
        self.current = None
        self.model = self.fresh_model()

    def skip(self) -> None:
        """Finish every queued step at once (a click during an animation)."""
        while self.busy:
            if self.current is None:
                self._start(self.steps.popleft())
            self._hurry()
            self._end()
        self.model = self.fresh_model()
        self._stale = False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` real seconds at the animation speed."""
        self._real_time(dt)
        if math.isinf(self.speed):
            if self.busy:
                self.skip()
            self._hurry()
            return
        budget = dt * self.speed
        self._advance(budget)
        while budget > 0 or (self.current is None and self.steps):
            if self.current is None:
                if not self.steps:
                    break
                self._start(self.steps.popleft())
                continue
            step = self.current
            held = self._held(step)
            if held is not None:
                if held:
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

    def _start(self, step: StepT) -> None:
        self.current = step
        self._begin(step)

    def _end(self) -> None:
        step = self.current
        self.current = None
        if step is not None:
            self._finish(step)
