"""Arena helpers: seeded, seat-swapped, with honest counts and intervals."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from game.ai import arena as arena_module
from game.ai import make_bot
from game.ai.arena import (
    GO_LIMIT_REASON,
    a_seats,
    arena,
    arena_outcomes,
    play_game,
    selfplay,
    wilson_interval,
)
from game.ai.games import new_state
from game.rules.match import Match
from game.rules.protocol import GameResult


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


def test_one_vs_rest_rotates_the_lone_seat() -> None:
    """One-vs-rest puts A at seat 0, 1, 2, 3 in turn; alternate seats A B A B then B A B A."""
    assert [a_seats("one-vs-rest", 4, game) for game in range(5)] == [{0}, {1}, {2}, {3}, {0}]
    assert [a_seats("alternate", 4, game) for game in range(2)] == [{0, 2}, {1, 3}]
    with pytest.raises(ValueError, match="unknown lineup"):
        a_seats("two-vs-two", 4, 0)


def test_two_seat_lineups_are_the_same_games() -> None:
    """With two players both lineups seat the levels alike, so they give the same outcomes."""
    for game in range(4):
        assert a_seats("one-vs-rest", 2, game) == a_seats("alternate", 2, game)
    runs = [arena_outcomes("toyrace", 2, "easy", "random", 8, 4, lineup=lineup)
            for lineup in ("alternate", "one-vs-rest")]
    assert runs[0] == runs[1]


def test_one_vs_rest_mirror_match_scores_the_even_share() -> None:
    """Random against three randoms wins about a quarter of the games, the even share."""
    figures = arena("toyrace", 4, "random", "random", games=80, seed=2, lineup="one-vs-rest")
    assert figures["even_share"] == 0.25
    assert figures["a_wins"] + figures["b_wins"] + figures["draws"] == 80
    assert 0.1 < figures["a_score"] < 0.4


def test_arena_game_is_seeded_by_its_index() -> None:
    """Game g is the game play_game gives with seed * 100003 + g and A at its lineup's seats."""
    outcomes = arena_outcomes("toyrace", 4, "normal", "random", 4, seed=9, lineup="one-vs-rest")
    for game, outcome in enumerate(outcomes):
        bots = [make_bot("toyrace", "normal" if seat == game % 4 else "random", 4) for seat in range(4)]
        result, _ = play_game("toyrace", {"players": 4}, bots, 9 * 100_003 + game, 400)
        expected = "d" if result.is_draw else "a" if game % 4 in result.winners else "b"
        assert outcome == expected


def test_arena_from_a_later_game_plays_that_stretch_of_the_row() -> None:
    """With ``first_game`` the arena plays the same seeded games a longer run plays from that index on."""
    whole = arena_module.arena_games("toyrace", 2, "random", "random", 6, seed=4, keep_logs=True)
    later = arena_module.arena_games("toyrace", 2, "random", "random", 3, seed=4, keep_logs=True,
                                     first_game=3)
    assert later == whole[3:] and later != whole[:3]
    report = arena("toyrace", 2, "random", "random", 3, seed=4, first_game=3)
    assert (report["first_game"], report["outcomes"]) == (3, "".join(game.outcome for game in whole[3:]))


def test_parallel_arena_gives_the_same_games() -> None:
    """Two processes play exactly the games one process plays (each game seeded by its index)."""
    serial, parallel = (arena_outcomes("magestone", 4, "random", "random", 8, seed=1, go_limit=300,
                                       lineup="one-vs-rest", jobs=jobs) for jobs in (1, 2))
    assert len(set(serial)) > 1  # a mix of outcomes, so the comparison means something
    assert parallel == serial


def test_magistrat_arena_varies_the_set_up_and_plays_each_from_both_seats(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Deterministic bots and no dice would replay one game per seat: each pair gets its own set-up.
    seen: list[tuple[dict[str, Any], int]] = []

    def record(game_id: str, options: Mapping[str, Any], bots: Any, seed: int, *rest: Any) -> Any:
        seen.append((dict(options), seed))
        return GameResult((), "test"), Match(new_state(game_id, options), seed)

    monkeypatch.setattr(arena_module, "play_game", record)
    arena_module.arena_outcomes("magistrat", 2, "normal", "easy", 4, seed=7)
    setups = [options["setup_seed"] for options, _ in seen]
    assert all(options["setup"] == "random" for options, _ in seen)
    assert setups[0] == setups[1] != setups[2] == setups[3]
    seen.clear()
    arena_module.arena_outcomes("magistrat", 2, "normal", "easy", 1, seed=7, options={"setup": "manual"})
    assert seen[0][0]["setup"] == "manual"


def _first_goes(log: Any, goes: int) -> list[tuple[int, str]]:
    """The log's entries up to the end of its ``goes``-th go."""
    seats = [seat for seat, _action in log]
    changes = [index for index in range(1, len(seats)) if seats[index] not in (seats[index - 1], -1)]
    return list(log[: changes[goes - 1]])


@pytest.mark.parametrize("opening_goes", [0, 2])
def test_magestone_arena_openings_vary_and_each_is_played_from_both_seats(opening_goes: int) -> None:
    """Deterministic levels and no dice before the first contest replay one opening per seat in every
    MageStone game; with ``opening_goes`` each pair of games (one from each seat) has its own."""
    played = arena_module.arena_games("magestone", 2, "normal", "normal", 4, seed=3, go_limit=4,
                                      keep_logs=True, opening_goes=opening_goes)
    openings = [_first_goes(game.log, 2) for game in played]
    assert openings[0] == openings[1] and openings[2] == openings[3]
    assert (openings[0] != openings[2]) is bool(opening_goes)


def test_the_report_gives_the_median_length_and_the_share_cut_by_the_go_limit() -> None:
    """Random MageStone games rarely end in 30 goes: the report says how many the limit cut, and how long
    the games were (a cut game lasted the whole limit)."""
    report = arena("magestone", 2, "random", "random", 4, seed=1, go_limit=30)
    assert report["cut_share"] == report["draws"] / 4 > 0
    assert report["median_goes"] == 30
    finished = arena("toyrace", 2, "normal", "random", 4, seed=3)
    assert finished["cut_share"] == 0 and 0 < finished["median_goes"] < 400
