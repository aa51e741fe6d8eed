"""Tweens and timers advanced by an explicit ``dt`` (seconds), so they run without a display.

The ``speed`` of a :class:`Tweener` follows the animation-speed setting: durations are divided
by it, and ``math.inf`` (instant) finishes every tween on its next update.
"""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_in_quad(t: float) -> float:
    """Start slow, end fast."""
    return t * t


def ease_out_quad(t: float) -> float:
    """Start fast, end slow."""
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    """Slow at both ends."""
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out_cubic(t: float) -> float:
    """A firmer ease-out, good for things sliding into place."""
    return 1 - (1 - t) ** 3


def ease_in_out_sine(t: float) -> float:
    """Gentle sinusoidal ease, good for pulsing glows."""
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little, then settles: a playful pop."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


class Tween:
    """A number moving from ``start`` to ``end`` over ``duration`` seconds with an easing."""

    def __init__(
        self,
        start: float,
        end: float,
        duration: float,
        easing: Easing = ease_out_cubic,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.easing = easing
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False

    @property
    def value(self) -> float:
        """The current value."""
        if self.done or self.duration == 0:
            return self.end if self.done else self.start
        progress = min(1.0, self.elapsed / self.duration)
        return self.start + (self.end - self.start) * self.easing(progress)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds; calls ``on_done`` once when finished."""
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.duration:
            self.elapsed = self.duration
            self.done = True
            if self.on_done is not None:
                self.on_done()


class Timer:
    """Calls ``callback`` after ``delay`` seconds; with ``repeat`` it keeps firing every ``delay``."""

    def __init__(self, delay: float, callback: Callable[[], None], repeat: bool = False) -> None:
        self.delay = delay
        self.callback = callback
        self.repeat = repeat
        self.elapsed = 0.0
        self.done = False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds, firing as many times as the time covers."""
        if self.done:
            return
        self.elapsed += dt
        while self.elapsed >= self.delay and not self.done:
            self.elapsed -= self.delay
            self.callback()
            if not self.repeat or self.delay <= 0:
                self.done = True


class Tweener:
    """Owns running tweens and timers; ``update(dt)`` advances them all at the current speed."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._items: list[Tween | Timer] = []

    def tween(
        self,
        start: float,
        end: float,
        duration: float,
        easing: Easing = ease_out_cubic,
        on_done: Callable[[], None] | None = None,
    ) -> Tween:
        """Start and return a tween."""
        item = Tween(start, end, duration, easing, on_done)
        self._items.append(item)
        return item

    def after(self, delay: float, callback: Callable[[], None], repeat: bool = False) -> Timer:
        """Start and return a timer."""
        item = Timer(delay, callback, repeat)
        self._items.append(item)
        return item

    @property
    def busy(self) -> bool:
        """True while anything is still running."""
        return any(not item.done for item in self._items)

    def update(self, dt: float) -> None:
        """Advance everything by ``dt`` real seconds scaled by ``speed`` (instant when infinite)."""
        scaled = math.inf if math.isinf(self.speed) else dt * self.speed
        for item in list(self._items):
            if not math.isinf(scaled):
                item.update(scaled)
            elif isinstance(item, Tween):
                item.update(item.duration - item.elapsed + 1.0)
            else:
                item.update(item.delay - item.elapsed)
        self._items = [item for item in self._items if not item.done]

    def clear(self) -> None:
        """Drop everything without finishing it."""
        self._items.clear()
