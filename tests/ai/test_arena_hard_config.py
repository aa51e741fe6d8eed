"""MageStone Hard's configuration, as measured in the arena ladder (docs/ai.md), is pinned here.

The ladder's Hard figures (docs/ai.md, MageStone) were measured with the
``HARD`` evaluation weights, the beam (16, 4), the greedy reply on the four
best plans, caution 0.5 on dice contests and a 200k-node budget; dropping any
of them silently would leave the documented figures describing a different
bot. ``hard-ref`` keeps the Hard of 1 Dec 2026 (beam (8, 2), reply 2, 40k).
"""

from __future__ import annotations

import random

import pytest

from game.ai import make_bot
from game.ai.base import SearchBot
from game.ai.games import new_state
from game.ai.goplan import GoPlanner
from game.ai.levels import LEVELS, REFERENCE_LEVELS
from game.ai.magestone_eval import DEFAULT, HARD, HARD_MULTI, HARD_RACER, HARD_REF, MageStoneEval
from game.rules.match import Match
from game.rules.protocol import GameState


def _midgame_positions(players: int) -> list[GameState]:
    """A few positions from a seeded random game, where the weights tell positions apart."""
    match = Match(new_state("magestone", {"players": players}), 5)
    rng = random.Random(5)
    positions = []
    match.resolve_chance()
    for step in range(60):
        if match.state.is_terminal():
            break
        match.play(rng.choice(match.state.legal_actions()))
        if step % 10 == 9:
            positions.append(match.state.clone())
    return positions


def test_magestone_hard_plans_with_the_hard_weights() -> None:
    """make_bot('magestone', 'hard', 2) evaluates with HARD (not DEFAULT), beam (16, 4), reply 4, caution
    0.5, 200k nodes."""
    players = 2
    bot = make_bot("magestone", "hard", players)
    assert isinstance(bot, SearchBot) and isinstance(bot.searcher, GoPlanner)
    planner = bot.searcher
    assert (planner.widths, planner.reply_top, planner.caution, bot.budget.nodes, bot.noise) == (
        (16, 4), 4, 0.5, 200_000, None)
    hard, default = MageStoneEval(HARD), MageStoneEval(DEFAULT)
    positions = _midgame_positions(players)
    assert all(planner.evaluator(state) == hard(state) for state in positions)
    assert any(hard(state) != default(state) for state in positions)


@pytest.mark.parametrize("players", [2, 4])
def test_magestone_hard_ref_searches_as_on_1_december(players: int) -> None:
    """The arena's fixed yardstick 'hard-ref' is the earlier Hard (HARD_REF weights); no menu offers it."""
    bot = make_bot("magestone", "hard-ref", players)
    assert isinstance(bot, SearchBot) and isinstance(bot.searcher, GoPlanner)
    planner = bot.searcher
    assert (planner.widths, planner.reply_top, planner.caution, bot.budget.nodes) == ((8, 2), 2, 0.0, 40_000)
    assert planner.next_go_weight == 0.0 and not planner.answered_only
    reference = MageStoneEval(HARD_REF)
    assert all(planner.evaluator(state) == reference(state) for state in _midgame_positions(players))
    assert "hard-ref" not in LEVELS and "hard-ref" in REFERENCE_LEVELS


def test_magestone_four_player_hard_plays_out_the_rivals_round() -> None:
    """With four players Hard keeps 'hard-ref''s beam (the two-player Hard is weaker there: docs/ai.md)
    with the HARD_MULTI weights, and after the next rival's reply plays the other two rivals' goes
    greedily, each blended in at half; a plan so answered is judged by its answered line alone."""
    players = 4
    bot = make_bot("magestone", "hard", players)
    assert isinstance(bot, SearchBot) and isinstance(bot.searcher, GoPlanner)
    planner = bot.searcher
    assert (planner.widths, planner.reply_top, planner.caution, bot.budget.nodes) == ((8, 2), 2, 0.0, 200_000)
    assert (planner.next_go_weight, planner.next_goes, planner.answered_only) == (0.5, 2, True)
    two_players = make_bot("magestone", "hard", 2)
    assert isinstance(two_players, SearchBot) and isinstance(two_players.searcher, GoPlanner)
    assert not two_players.searcher.answered_only
    reference = MageStoneEval(HARD_MULTI)
    assert all(planner.evaluator(state) == reference(state) for state in _midgame_positions(players))


def test_magestone_hard_racer_is_hard_going_home_at_four_stones() -> None:
    """The arena's 'hard-racer' searches as Hard does, with Hard's weights but home only at four stones
    (HARD_RACER); no menu offers it."""
    bot = make_bot("magestone", "hard-racer", 2)
    assert isinstance(bot, SearchBot) and isinstance(bot.searcher, GoPlanner)
    planner = bot.searcher
    search = (planner.widths, planner.reply_top, planner.caution, bot.budget.nodes)
    assert search == ((16, 4), 4, 0.5, 200_000)
    assert HARD_RACER.home_min_stones == 4 and HARD.home_min_stones == 0
    racer = MageStoneEval(HARD_RACER)
    assert all(planner.evaluator(state) == racer(state) for state in _midgame_positions(2))
    assert "hard-racer" not in LEVELS and "hard-racer" in REFERENCE_LEVELS
