"""The turn planner's winning reply check, on Nim (take 1-3, the last take wins; one decision a turn)."""

from __future__ import annotations

import random

from game.ai.base import Budget, Noise, rank, terminal_or
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


def _cautious_for_the_pile(state: GameState) -> list[float]:
    """A Nim evaluation that likes taking little: the bigger the pile left, the better for the taker."""
    assert isinstance(state, ToyNim)
    left = state.pile / 20
    mover = state.current_player()
    return [-left if seat == mover else left for seat in range(2)]


def _noisy_choices(margin: float) -> set[str]:
    """What a noisy level (mistakes within 0.2 of the best) takes from a pile of 5 over 40 seeds, its reply
    check covering ends within ``margin`` of the best end not refuted."""
    noise = Noise(temperature=0.5, margin=0.2)
    choices = set()
    for seed in range(40):
        state = ToyNim(5)
        planner = TurnPlanner(terminal_or(_cautious_for_the_pile), (), lambda _: True, reply_margin=margin)
        scored = planner.analyse(state, state.legal_actions(), random.Random(seed), Budget(10_000).start())
        choices.add(str(noise.pick(rank(scored), random.Random(seed))))
    return choices


def test_a_noisy_level_checks_every_turn_its_noise_may_choose() -> None:
    """From 5, taking 1 (the evaluation's favourite) leaves no winning reply; taking 2 or 3 does, and both are
    within the noise's margin. Checking only the best end, the noise still takes them; checking every end
    within the margin, it never does."""
    assert _noisy_choices(0.0) > {"take1"}
    assert _noisy_choices(0.2) == {"take1"}
