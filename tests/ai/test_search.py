"""Search algorithms on the toy games: correct choices, reproducibility, budgets, chance."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai import LEVELS, Budget, make_bot
from game.ai.alphabeta import AlphaBeta, _Entry, _OutOfBudget
from game.ai.base import ScoredAction, SearchBot, Searcher, SearchLimit
from game.ai.games import evaluator, new_state
from game.ai.goplan import GoPlanner
from game.ai.mcts import Mcts
from tests.ai.toy_game import ToyNim, ToyRace


@pytest.mark.parametrize("pile", [5, 6, 7, 9, 10, 11, 13, 14, 15])
def test_alphabeta_solves_nim(pile: int) -> None:
    """From a winning pile the bot leaves a multiple of 4 (the only winning reply)."""
    bot = SearchBot("ab", AlphaBeta(evaluator("toynim"), max_depth=16), Budget(200_000))
    action = bot.choose(ToyNim(pile), random.Random(0))
    assert (pile - int(action[4:])) % 4 == 0


def _race(positions: list[int], seat: int = 0, left: int = 2) -> ToyRace:
    state = ToyRace(len(positions))
    state.positions, state.seat, state.left = list(positions), seat, left
    return state


def _searcher(kind: str) -> Searcher:
    evaluate = evaluator("toyrace")
    if kind == "goplan":
        return GoPlanner(evaluate, (4,))
    if kind == "mcts":
        return Mcts(evaluate)
    return AlphaBeta(evaluate, 4)


@pytest.mark.parametrize("kind", ["goplan", "mcts", "alphabeta"])
def test_takes_the_sure_win_over_a_gamble(kind: str) -> None:
    """At 6 with two actions left, step-step wins surely; a dash wins only 1 time in 3."""
    bot = SearchBot("t", _searcher(kind), Budget(3_000))
    assert bot.choose(_race([6, 7]), random.Random(1)) == "step"


@pytest.mark.parametrize("kind", ["goplan", "mcts", "alphabeta"])
def test_gambles_when_only_the_dice_can_win(kind: str) -> None:
    """At 5 with one action left and the rival at 7 (it wins next go), only a dash can win now."""
    bot = SearchBot("t", _searcher(kind), Budget(3_000))
    assert bot.choose(_race([5, 7], left=1), random.Random(1)) == "dash"


def test_goplanner_values_dice_by_exact_probability() -> None:
    """A dash from 5 (the only action) is worth exactly 1/3 win + 2/3 the evaluation after a miss."""
    planner = GoPlanner(evaluator("toyrace"), (4,))
    state = _race([5, 0], left=1)
    scored = {s.action: s.value for s in planner.analyse(state, state.legal_actions(), random.Random(0),
                                                         Budget(1_000).start())}
    assert scored["dash"] == pytest.approx(1 / 3 * 1.0 + 2 / 3 * (5 / 8), abs=2e-4)


def test_goplanner_next_go_weight_blends_in_the_planners_own_next_go() -> None:
    """At 6 with one action left, a step leaves the racer a step from the goal, which its own next go
    takes: judged after the rival's answer alone the step is worth the evaluation there; with the next go
    weighted w its worth moves w of the way to the win that go brings."""
    state = _race([6, 0], left=1)

    def step_value(weight: float) -> float:
        planner = GoPlanner(evaluator("toyrace"), (4,), reply_top=3, next_go_weight=weight)
        scored = planner.analyse(state, state.legal_actions(), random.Random(0), Budget(10_000).start())
        return next(s.value for s in scored if s.action == "step")

    after_the_answer = step_value(0.0)
    assert after_the_answer < 0.9
    assert step_value(1.0) == pytest.approx(1.0, abs=1e-3)
    assert step_value(0.25) == pytest.approx(after_the_answer + 0.25 * (1.0 - after_the_answer), abs=1e-3)
    assert state.position() == _race([6, 0], left=1).position()


def test_goplanner_next_goes_blends_in_each_further_go() -> None:
    """Three racers, the planner at 6 with one action left: its step is answered by the next racer's go, then
    the third racer's, then its own next go wins. Each further go moves the value ``next_go_weight`` of the
    way to what that go brings, so two further goes at weight 1 reach the win."""
    state = _race([6, 0, 0], left=1)

    def step_value(weight: float, goes: int) -> float:
        planner = GoPlanner(evaluator("toyrace"), (4,), reply_top=3, next_go_weight=weight, next_goes=goes)
        scored = planner.analyse(state, state.legal_actions(), random.Random(0), Budget(10_000).start())
        return next(s.value for s in scored if s.action == "step")

    after_the_answer, after_the_third = step_value(0.0, 2), step_value(1.0, 1)
    assert after_the_third < 0.9
    assert step_value(1.0, 2) == pytest.approx(1.0, abs=1e-3)
    third_then_own = after_the_third + 0.5 * (1.0 - after_the_third)
    expected = after_the_answer + 0.5 * (third_then_own - after_the_answer)
    assert step_value(0.5, 2) == pytest.approx(expected, abs=1e-3)


def test_goplanner_answered_only_judges_a_plan_by_the_line_it_plays() -> None:
    """At 5 with two actions left and the rival at 7 (its next go wins), only the dice win now. A step
    then leaves a dash (1 in 3) before the rival's go: -1/3; a dash now wins 1 in 3 and otherwise leaves
    one more dash: 1/3 + 2/3 x -1/3 = 1/9. Without ``answered_only`` a step is worth the quick score of a
    sibling that saw no answer, more than any line it can play."""
    state = _race([5, 7], left=2)

    def values(answered_only: bool) -> dict[str, float]:
        planner = GoPlanner(evaluator("toyrace"), (4,), reply_top=3, answered_only=answered_only)
        scored = planner.analyse(state, state.legal_actions(), random.Random(0), Budget(10_000).start())
        return {s.action: s.value for s in scored}

    answered = values(True)
    assert answered["step"] == pytest.approx(-1 / 3, abs=1e-3)
    assert answered["dash"] == pytest.approx(1 / 9, abs=1e-3)
    assert values(False)["step"] > answered["step"] + 0.2


def test_goplanner_ranks_no_answer_the_budget_cut_short_as_answered() -> None:
    """Answered plans rank first, so one whose answer the budget cut short keeps its unanswered value and
    weight: at every budget each plan ranked as answered is worth what the full search finds it worth."""
    state = _race([5, 7], left=2)

    def analyse(nodes: int) -> tuple[dict[str, ScoredAction], int]:
        planner = GoPlanner(evaluator("toyrace"), (4,), reply_top=3)
        limit = Budget(nodes).start()
        scored = planner.analyse(state, state.legal_actions(), random.Random(0), limit)
        return {s.action: s for s in scored}, limit.used

    full, used = analyse(10_000)
    assert sum(s.weight for s in full.values()) >= 2
    for nodes in range(1, used):
        answered = {action: s.value for action, s in analyse(nodes)[0].items() if s.weight}
        assert answered == {action: pytest.approx(full[action].value) for action in answered}, nodes


@pytest.mark.parametrize("game_id", ["toyrace", "toynim"])
@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_move(game_id: str, level: str) -> None:
    """Reproducibility: a fixed seed and node budget always give the same action."""
    for seed in range(5):
        state = new_state(game_id, {"players": 3} if game_id == "toyrace" else {"pile": 9})
        rng = random.Random(seed)
        for _ in range(seed):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal() or state.is_chance_node():
            continue
        moves = {str(make_bot(game_id, level, state.num_players).choose(state, random.Random(seed)))
                 for _ in range(3)}
        assert len(moves) == 1


def test_choose_leaves_the_state_untouched() -> None:
    """The bot works on a clone: the caller's position and undo history are unchanged."""
    state = _race([3, 4])
    before = state.position()
    make_bot("toyrace", "hard", 2).choose(state, random.Random(0))
    assert state.position() == before


def test_budget_bounds_the_work() -> None:
    """The node budget is honoured (a search stops within one node of it)."""
    limit = Budget(50).start()
    Mcts(evaluator("toyrace")).analyse(_race([0, 0]), ["step", "dash", "end"], random.Random(0), limit)
    assert limit.used == 50


def test_time_cap_stops_a_huge_budget() -> None:
    """With a wall-time cap the search returns promptly even with a huge node budget."""
    import time

    started = time.perf_counter()
    make_bot("toyrace", "hard", 2).choose(_race([0, 0]), random.Random(0), Budget(10**9, max_seconds=0.2))
    assert time.perf_counter() - started < 1.0


def test_a_guard_gets_the_think_time_the_search_leaves_it() -> None:
    """Under a time cap the search stops ``guard_seconds`` early and the guard is told the full cap;
    without one the guard has no deadline (its look is reproducible)."""
    import time

    deadlines: list[tuple[float | None, float]] = []

    def guard(state: Any, ranked: list[ScoredAction], deadline: float | None) -> list[ScoredAction]:
        deadlines.append((deadline, time.perf_counter()))
        return ranked

    class Spender(Searcher):
        """Searches until its limit says stop."""

        def analyse(self, state: Any, actions: list[Any], rng: random.Random,
                    limit: SearchLimit) -> list[ScoredAction]:
            while not limit.exhausted:
                limit.tick()
            return [ScoredAction(action, 0.0) for action in actions]

    bot = SearchBot("spender", Spender(), Budget(10**9), guard=guard, guard_seconds=1.5)
    started = time.perf_counter()
    bot.choose(_race([0, 0]), random.Random(0), Budget(10**9, max_seconds=2.0))
    deadline, called = deadlines[0]
    assert deadline is not None and abs(deadline - (started + 2.0)) < 0.1
    assert deadline - called > 0.5
    bot.choose(_race([0, 0]), random.Random(0), Budget(2_000))
    assert deadlines[1][0] is None


def test_easy_noise_still_plays_near_best() -> None:
    """Easy varies its moves but never picks an action far below the best."""
    state = _race([6, 7])
    moves = {make_bot("toyrace", "easy", 2).choose(state, random.Random(seed)) for seed in range(30)}
    assert "end" not in moves


@pytest.mark.parametrize("game_id", ["toyrace", "toynim"])
def test_toy_positions_round_trip(game_id: str) -> None:
    state = new_state(game_id, {"players": 3} if game_id == "toyrace" else {"pile": 9})
    rebuilt = type(state).from_position(state.position())
    assert rebuilt.position() == state.position()


def test_alphabeta_orders_the_table_move_then_history_then_the_rest() -> None:
    """Move ordering: the transposition table's best move, then moves with a history score (highest
    first, ties in the given order), then every other move in the given order."""
    searcher = AlphaBeta(evaluator("toynim"), 4)
    searcher._history = {"take2": 4, "take5": 9, "take6": 4}
    entry = _Entry(depth=1, value=0.0, flag=0, best="take3")
    actions = [f"take{n}" for n in range(1, 8)]
    ordered = searcher._order(ToyNim(9), actions, entry)
    assert ordered == ["take3", "take5", "take2", "take6", "take1", "take4", "take7"]


class _CutAtDepthTwo(AlphaBeta):
    """Depth 1 ranks the three root moves 0.5, 0.2, 0.1; depth 2 runs out of budget after searching
    the moves in ``done`` whole (the previous best first)."""

    def __init__(self, done: dict[int, float], use_cut_depth: bool) -> None:
        super().__init__(evaluator("toynim"), 3, use_cut_depth=use_cut_depth)
        self.done_at_two = done

    def _root(self, state: Any, actions: list[Any], depth: int) -> list[ScoredAction]:
        if depth == 1:
            return [ScoredAction(a, v) for a, v in zip(actions, (0.5, 0.2, 0.1), strict=True)]
        self._first = str(actions[0])
        self._done = {str(actions[index]): value for index, value in self.done_at_two.items()}
        raise _OutOfBudget


@pytest.mark.parametrize(("done", "cut", "best"), [
    ({0: 0.1, 2: 0.3}, True, 2),   # the previous best fell to 0.1 a ply deeper; the third move holds 0.3
    ({0: 0.1, 2: 0.3}, False, 0),  # without the option the last full depth decides
    ({2: 0.3}, True, 0),           # the previous best was not searched whole: nothing to compare with
    ({0: 0.4, 1: 0.3}, True, 0),   # searched whole, nothing beat it
])
def test_a_cut_short_deeper_iteration_corrects_the_last_full_depth(
    done: dict[int, float], cut: bool, best: int
) -> None:
    state = ToyNim(15)
    actions = state.legal_actions()[:3]
    scored = _CutAtDepthTwo(done, cut).analyse(state, actions, random.Random(0), Budget(10).start())
    assert max(scored, key=lambda s: s.value).action == actions[best]
