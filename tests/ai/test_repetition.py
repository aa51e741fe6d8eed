"""A side ahead converts instead of shuffling: MagiStrat bots never bring back a position they made.

Over seeded games no position (board and side to move, move counters aside) comes round a third
time with the side to move ahead by the default evaluation. Before the bots remembered their
positions, Normal against Normal did so by moves 37 and 88 of these two set-ups.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai import make_bot
from game.ai.base import ScoredAction, SearchBot
from game.ai.games import new_state, random_setup
from game.ai.magistrat_eval import evaluate, repetition_key
from game.rules.match import Match

_AHEAD = 0.2
"""The side to move counts as ahead when the default evaluation gives it more than this."""


def _third_repeats_ahead(levels: tuple[str, str], setup: int, moves: int) -> list[int]:
    """The moves at which a position comes round a third time with the side to move ahead."""
    match = Match(new_state("magistrat", random_setup(setup)), setup)
    bots = [make_bot("magistrat", level, 2) for level in levels]
    rngs = [random.Random(f"repeat/{setup}/{seat}") for seat in range(2)]
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
        match.play(bots[seat].choose(state, rngs[seat]))
    return repeats


@pytest.mark.parametrize("setup", [1, 2])
def test_magistrat_normal_does_not_shuffle_while_ahead(setup: int) -> None:
    """Normal against Normal, 120 moves of a seeded random set-up."""
    assert _third_repeats_ahead(("normal", "normal"), setup, 120) == []


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
