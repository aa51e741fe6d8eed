"""Timing helpers: one sample per go, and the full benchmark's keys (soak)."""

from __future__ import annotations

import pytest

from game.ai.bench import bench_ai, go_times


def test_go_times_gives_one_sample_per_go() -> None:
    """A go is all decisions of one seat; skipped goes are not timed."""
    times = go_times("toyrace", {"players": 2}, "easy", seed=1, goes=3, skip=1)
    assert len(times) == 3 and all(t >= 0 for t in times)


@pytest.mark.soak
def test_bench_ai_reports_every_game_and_level() -> None:
    """bench_ai times MageStone goes, MagiStrat moves and Magnastorm turns at every search level, and the
    four-player MageStone Hard's goes."""
    figures = bench_ai(goes=2, games=1)
    levels = ("easy", "normal", "hard")
    games = ("magestone", "magistrat", "magnastorm")
    assert set(figures) == {f"{g}_{lvl}_s" for g in games for lvl in levels} | {"magestone_4p_hard_s"}
    assert all(value < 5.0 for value in figures.values())
