"""tools/draw_stream_regret.py: Hard's picks measured against a many-stream oracle."""

from __future__ import annotations

import random

from game.ai.turnplan import TurnPlanner
from game.rules.magnastorm import MagnastormState
from tests.ai.test_turnplan_draws import _RESEARCH_CHOICE


def test_the_oracle_scores_every_action_hard_may_pick() -> None:
    """At the set-up research choice the oracle scores both research actions, and Hard, with the stream count
    asked for, picks one of them (so its regret is defined)."""
    from tools.draw_stream_regret import hard_bot, oracle_values
    state = MagnastormState.from_position(_RESEARCH_CHOICE)
    values = oracle_values(state, 4)
    assert set(values) == {str(action) for action in state.legal_actions()} == {"res r", "res b"}
    for streams in (1, 8):
        bot = hard_bot(2, streams)
        assert isinstance(bot.searcher, TurnPlanner) and bot.searcher.draw_streams == streams
        assert str(bot.choose(state, random.Random(0))) in values
