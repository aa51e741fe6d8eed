"""Tweens and timers follow dt and the animation-speed setting."""

from __future__ import annotations

import math

import pytest

from game.client import tween


@pytest.mark.parametrize(
    "easing",
    [
        tween.linear,
        tween.ease_in_quad,
        tween.ease_out_quad,
        tween.ease_in_out_quad,
        tween.ease_out_cubic,
        tween.ease_in_out_sine,
        tween.ease_out_back,
    ],
)
def test_every_easing_starts_at_zero_and_ends_at_one(easing: tween.Easing) -> None:
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9)
    assert easing(1.0) == pytest.approx(1.0, abs=1e-9)


def test_ease_out_back_overshoots_before_settling() -> None:
    assert max(tween.ease_out_back(t / 100) for t in range(101)) > 1.0


def test_a_tween_moves_with_dt_and_calls_on_done_once() -> None:
    done: list[bool] = []
    item = tween.Tween(10, 20, 1.0, tween.linear, on_done=lambda: done.append(True))
    item.update(0.25)
    assert item.value == pytest.approx(12.5)
    item.update(1.0)
    item.update(1.0)
    assert item.value == 20 and item.done and done == [True]


def test_the_tweener_scales_time_by_speed() -> None:
    fast = tween.Tweener(speed=2.0)
    item = fast.tween(0, 1, 1.0, tween.linear)
    fast.update(0.25)
    assert item.value == pytest.approx(0.5)


def test_instant_speed_finishes_every_tween_on_the_next_update() -> None:
    instant = tween.Tweener(speed=math.inf)
    finished: list[str] = []
    item = instant.tween(0, 100, 5.0, on_done=lambda: finished.append("tween"))
    instant.after(3.0, lambda: finished.append("timer"))
    instant.update(0.001)
    assert item.value == 100 and sorted(finished) == ["timer", "tween"]
    assert not instant.busy


def test_a_timer_fires_after_its_delay_and_a_repeating_one_keeps_firing() -> None:
    fired: list[str] = []
    clock = tween.Tweener()
    clock.after(0.5, lambda: fired.append("once"))
    clock.after(0.2, lambda: fired.append("tick"), repeat=True)
    clock.update(0.45)
    assert fired == ["tick", "tick"]
    clock.update(0.1)
    assert fired.count("once") == 1 and fired.count("tick") == 2
    clock.update(1.0)
    assert fired.count("once") == 1 and fired.count("tick") == 7
    assert clock.busy
