"""The turn planner's winning reply check, on Nim (take 1-3, the last take wins; one decision a turn)."""

from __future__ import annotations

import random

from game.ai.base import Budget, rank, terminal_or
from game.ai.turnplan import TurnPlanner
from game.rules.protocol import GameState
from tests.ai.toy_game import ToyNim


def _greedy_for_the_pile(state: GameState) -> list[float]:
    """A short-sighted Nim evaluation: the smaller the pile left to the other seat, the better for the seat
    that just took (it sees no further than its own take)."""
    assert isinstance(state, ToyNim)
    taken = 1.0 - state.pile / 20
    mover = state.current_player()
    return [-taken if seat == mover else taken for seat in range(2)]


def _choice(pile: int, guarded: bool) -> str:
    state = ToyNim(pile)
    planner = TurnPlanner(terminal_or(_greedy_for_the_pile), (2,), (lambda _: True) if guarded else None)
    scored = planner.analyse(state, state.legal_actions(), random.Random(1), Budget(10_000).start())
    assert state.position() == f"{pile}/0"  # the check leaves the state as it was
    return str(rank(scored)[0].action)


def test_without_the_check_the_greedy_turn_leaves_the_last_take() -> None:
    """From 5 the evaluation likes taking 3, and the other seat then takes the last 2."""
    assert _choice(5, guarded=False) == "take3"


def test_the_check_takes_the_best_turn_that_leaves_no_winning_reply() -> None:
    """Taking 3 or 2 leaves 2 or 3, which the other seat takes at once; taking 1 leaves 4, which it cannot."""
    assert _choice(5, guarded=True) == "take1"


def test_when_every_turn_leaves_a_winning_reply_the_planned_order_stands() -> None:
    """From 4 every take loses; the check ranks the refuted turns as the plan did."""
    assert _choice(4, guarded=True) == _choice(4, guarded=False)
