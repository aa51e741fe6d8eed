"""The turn planner's draw streams: a root action whose turn meets a bag draw is judged over several."""

from __future__ import annotations

import random

from game.ai.base import Budget, ScoredAction, SearchBot
from game.ai.games import reply_danger
from game.ai.levels import make_bot
from game.ai.turnplan import TurnPlanner
from game.rules.magnastorm import MagnastormState
from tests.ai.test_magnastorm_prospects import _STORM_COMING

_RESEARCH_CHOICE = (
    "magnastorm players=2 start_area=1 phase=setup round=1 rotation=0 rep=0,0 ledger=0,0,0,0,0,0,0,0,0,0,"
    "0,0,0,0,0,0,0,0,0,0 cubes=1,2,0,0,0,0,0,2,0,0 supply=21,20,20,0,0,0 bag=3,3,3,0,0,25 lab_slots=1,1,1"
    ",1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 station_slots=1,1,1,1,1,1 crew_home=4,4 markers_home=8,8 research"
    "=1,0,0,0,0,0 runner=19,19 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1"
    ",-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1 space_labs=0,0,0,0"
    ",0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 station_own"
    "er=-1,-1,-1,-1,-1,-1 upper=3,1,0,0,0,3,0,0,0,0,3,0,0,0,0,3,0,1,0,0 lower=-,-,-,-,-,-,-,-,-,-,-,-,-,-"
    ",-,-,-,-,-,- admin=-,bonsmai,dain,mascovic admin_ctrl=-1,-1,-1,-1 rcmd=huber,modo,vasidis rcmd_ctrl="
    "-1,-1,-1 objectives=R4a,R3b,S3a,S2b claims=-,-,-,- fp_holder=-1 order=1,0 pass_order= pass_pos=0 end"
    "_triggered=0 turn=0,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=0 drawn= ranking= artifacts_won="
    "-1,-1 tasks=setup.-3.4.0.0,research.1.7.1.0"
)
"""The fifth careful game's ply 14 (docs/games/magnastorm-2p-vs-hard-2026-12-04-d.json, seed 2035): Hard's
set-up research, `res r` or `res b`; the turn that follows draws from the bag, and one stream's draws put
either first by up to 0.27."""


def _planner(draw_streams: int, guarded: bool = False) -> TurnPlanner:
    """Hard's planner (its widths, reply budget and streams' cap) with ``draw_streams``; with or without the
    reply check."""
    bot = make_bot("magnastorm", "hard", 2)
    assert isinstance(bot, SearchBot) and isinstance(bot.searcher, TurnPlanner)
    bot.searcher.draw_streams = draw_streams
    if not guarded:
        bot.searcher.danger = None
    return bot.searcher


def _analysed(position: str, planner: TurnPlanner, seed: int,
              nodes: int = 60_000) -> tuple[list[ScoredAction], int]:
    """The planner's root scores at ``position`` with the bot RNG ``seed``, and the evaluations it used."""
    state = MagnastormState.from_position(position)
    limit = Budget(nodes).start()
    scored = planner.analyse(state, state.legal_actions(), random.Random(seed), limit)
    assert state.position() == position
    return scored, limit.used


def _spreads(draw_streams: int) -> dict[str, float]:
    """Per root action at the research choice, how far its value ranges over five bot seeds."""
    values: dict[str, list[float]] = {}
    for seed in range(5):
        for item in _analysed(_RESEARCH_CHOICE, _planner(draw_streams), seed)[0]:
            values.setdefault(str(item.action), []).append(item.value)
    return {action: max(seen) - min(seen) for action, seen in values.items()}


def test_draw_streams_steady_a_turns_value_across_seeds() -> None:
    """With eight draw streams each research choice's value ranges less than half as far over the bot's seeds
    as with one: the choice rests on the action, not on one stream's luck."""
    one, eight = _spreads(1), _spreads(8)
    assert set(one) == {"res r", "res b"}
    for action, spread in one.items():
        assert eight[action] < spread / 2


def test_a_budget_with_no_room_for_a_whole_stream_keeps_the_first_pass() -> None:
    """Extra streams are taken only whole: a budget half a stream above the first pass scores the roots as one
    stream does, and stays within its evaluations."""
    first, used = _analysed(_RESEARCH_CHOICE, _planner(1), 3)
    scored, used_now = _analysed(_RESEARCH_CHOICE, _planner(8), 3, used + used // 2)
    assert [(str(item.action), item.value) for item in scored] == [
        (str(item.action), item.value) for item in first]
    assert used_now <= used + used // 2


def test_the_extra_streams_keep_to_their_cap() -> None:
    """With Hard's cap (15k evaluations, each stream costed at the first pass's price) eight streams take more
    than the first pass and no more than the cap and one stream's overrun: not the 60k budget."""
    cap = _planner(8).draw_evaluations
    assert 0 < cap < 60_000
    for seed in range(3):
        first = _analysed(_RESEARCH_CHOICE, _planner(1), seed)[1]
        capped = _analysed(_RESEARCH_CHOICE, _planner(8), seed)[1]
        assert first < capped < 2 * first + cap


def test_a_guarded_decision_spends_no_budget_on_draw_streams() -> None:
    """Where the reply check runs (the next seat's turn may close the round with the threshold in reach) the
    spare budget goes to the checks: the scores and the evaluations are those of one stream; unguarded, the
    same position takes more."""
    danger = reply_danger("magnastorm")
    assert danger is not None and danger(MagnastormState.from_position(_STORM_COMING))
    guarded_one, used_one = _analysed(_STORM_COMING, _planner(1, guarded=True), 0)
    guarded_eight, used_eight = _analysed(_STORM_COMING, _planner(8, guarded=True), 0)
    assert guarded_eight == guarded_one and used_eight == used_one
    assert _analysed(_STORM_COMING, _planner(8), 0)[1] > _analysed(_STORM_COMING, _planner(1), 0)[1]
