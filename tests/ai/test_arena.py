"""Arena helpers: seeded, seat-swapped, with honest counts and intervals."""

from __future__ import annotations

from game.ai import make_bot
from game.ai.arena import GO_LIMIT_REASON, arena, play_game, selfplay, wilson_interval


def test_play_game_is_reproducible() -> None:
    """The same seed replays the same game, dice and bot choices alike."""
    logs = []
    for _ in range(2):
        bots = [make_bot("toyrace", "normal", 3) for _ in range(3)]
        result, match = play_game("toyrace", {"players": 3}, bots, seed=7)
        logs.append(([e.notation for e in match.log], result))
    assert logs[0] == logs[1]
    assert logs[0][1].winners


def test_go_limit_scores_a_draw() -> None:
    """A game cut off by the go limit is a draw with the reason 'go limit'."""
    bots = [make_bot("toyrace", "random", 2) for _ in range(2)]
    result, _ = play_game("toyrace", {"players": 2}, bots, seed=1, go_limit=2)
    assert result.is_draw and result.reason == GO_LIMIT_REASON


def test_selfplay_returns_a_finished_match() -> None:
    """Self-play runs to the end and keeps the whole log."""
    match = selfplay("toyrace", {"players": 2}, "easy", seed=3)
    assert match.state.is_terminal() and match.log


def test_arena_counts_add_up_and_stronger_wins() -> None:
    """Every game is counted once; the planning level beats random on the toy race."""
    figures = arena("toyrace", 2, "normal", "random", games=40, seed=5)
    assert figures["a_wins"] + figures["b_wins"] + figures["draws"] == 40
    low, high = figures["ci95"]
    assert low <= figures["a_score"] <= high
    assert figures["a_score"] > 0.6


def test_arena_mirror_match_is_balanced_by_seat_swapping() -> None:
    """Random against random: seat swapping keeps the score near one half."""
    figures = arena("toyrace", 4, "random", "random", games=40, seed=2)
    assert 0.2 < figures["a_score"] < 0.8


def test_wilson_interval_brackets_the_rate() -> None:
    """The 95 % interval contains the observed rate and narrows with more games."""
    small, large = wilson_interval(9, 10), wilson_interval(90, 100)
    assert small[0] < 0.9 < small[1] and large[0] < 0.9 < large[1]
    assert large[1] - large[0] < small[1] - small[0]
