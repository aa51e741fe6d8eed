"""A side ahead converts instead of shuffling: MagiStrat bots never bring back a position they made.

Over seeded games no position (board and side to move, move counters aside) comes round a third
time with the side to move ahead by the default evaluation. Before the bots remembered their
positions, Normal against Normal did so by moves 37 and 88 of these two set-ups.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from game.ai import Budget, make_bot
from game.ai.base import ScoredAction, SearchBot
from game.ai.games import new_state, random_setup
from game.ai.history import PositionHistory
from game.ai.magistrat_eval import evaluate, repetition_key
from game.ai.worker import AiWorker
from game.rules.match import Match

_AHEAD = 0.2
"""The side to move counts as ahead when the default evaluation gives it more than this."""


Chooser = Callable[[Match, int], Any]
"""The move for the side to act in a match at move number ``move``."""


def _third_repeats_ahead(levels: tuple[str, str], setup: int, moves: int) -> list[int]:
    """The moves at which a position comes round a third time with the side to move ahead."""
    bots = [make_bot("magistrat", level, 2) for level in levels]
    rngs = [random.Random(f"repeat/{setup}/{seat}") for seat in range(2)]

    def choose(match: Match, move: int) -> Any:
        seat = match.state.current_player()
        return bots[seat].choose(match.state, rngs[seat])

    return _repeats(choose, setup, moves)


def _repeats(choose: Chooser, setup: int, moves: int) -> list[int]:
    """The moves of a game played by ``choose`` at which a position comes round a third time with the
    side to move ahead."""
    match = Match(new_state("magistrat", random_setup(setup)), setup)
    seen: Counter[str] = Counter()
    repeats = []
    for move in range(moves):
        state = match.state
        if state.is_terminal():
            break
        seat = state.current_player()
        if not state.in_setup() and evaluate(state)[seat] > _AHEAD:  # type: ignore[attr-defined]
            key = repetition_key(state)
            seen[key] += 1
            if seen[key] == 3:
                repeats.append(move)
        match.play(choose(match, move))
    return repeats


@pytest.mark.parametrize("setup", [1, 2])
def test_magistrat_normal_does_not_shuffle_while_ahead(setup: int) -> None:
    """Normal against Normal, 120 moves of a seeded random set-up."""
    assert _third_repeats_ahead(("normal", "normal"), setup, 120) == []


@pytest.mark.parametrize("remembered", [True, False], ids=["with-history", "without"])
def test_magistrat_bots_of_the_worker_do_not_shuffle_while_ahead(remembered: bool) -> None:
    """Through the client's worker, which makes a new bot for every request, Normal against Normal
    does not shuffle because each request carries the match's positions; without them it does
    (the first repeat of set-up 5 comes at move 35)."""
    history = PositionHistory("magistrat")
    with AiWorker(timeout_s=60.0) as worker:

        def choose(match: Match, move: int) -> Any:
            positions = history.keys(match) if remembered else []
            worker.request("magistrat", match.state.to_json(), "normal", move, Budget(8_000), positions)
            deadline = time.monotonic() + 120.0
            while (result := worker.poll()) is None:
                assert time.monotonic() < deadline, "the worker never answered"
                time.sleep(0.005)
            assert not result.fallback
            return match.state.parse_action(result.action)

        repeats = _repeats(choose, 5, 40)
    assert (repeats == []) is remembered, repeats


def test_position_history_follows_the_match_through_undo() -> None:
    """The history holds every position of the match, start included, and forgets an undone one."""
    match = Match(new_state("magistrat", random_setup(4)), 4)
    history = PositionHistory("magistrat")
    expected = [repetition_key(match.state)]
    for _ in range(40):
        match.play(match.state.legal_actions()[0])
        expected.append(repetition_key(match.state))
        assert history.keys(match) == expected
    match.undo(across_turns=True)
    assert history.keys(match) == expected[:-1]
    assert PositionHistory("magestone").keys(Match(new_state("magestone", {"players": 2}), 1)) == []


@pytest.mark.soak
def test_magistrat_hard_does_not_shuffle_while_ahead() -> None:
    """Hard against Normal (Hard ahead most of the game), 160 moves."""
    assert _third_repeats_ahead(("hard", "normal"), 1, 160) == []


def test_a_move_back_to_a_position_the_bot_made_is_worth_a_draw_at_most() -> None:
    """The bot's memory: once it has made a position, a move making it again scores at most 0 (a draw);
    a move already scored below 0 keeps its score."""
    state = new_state("magistrat", random_setup(1))
    while state.in_setup():  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    bot = make_bot("magistrat", "normal", 2)
    assert isinstance(bot, SearchBot) and bot.repetition_key is repetition_key
    first = bot.choose(state, random.Random(0))
    assert bot._shunned(state.clone(), ScoredAction(first, 0.5), repetition_key).value == 0.0
    assert bot._shunned(state.clone(), ScoredAction(first, -0.5), repetition_key).value == -0.5
    other = next(a for a in state.legal_actions() if a != first)
    assert bot._shunned(state.clone(), ScoredAction(other, 0.5), repetition_key).value == 0.5
