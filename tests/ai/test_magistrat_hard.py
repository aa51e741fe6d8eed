"""MagiStrat Hard: its own search settings and evaluation weights; Easy and Normal keep the defaults."""

from __future__ import annotations

import pytest

from game.ai import make_bot
from game.ai.magistrat_eval import (
    DEFAULT,
    HARD,
    HARD_REF,
    MagiStratEval,
    Weights,
    evaluate,
    few_offensive_pieces,
    is_tactical,
)
from game.rules.magistrat import MagiStratState
from tests.rules.magistrat.helpers import state

# Black (Hard's side in a ladder game) well ahead: White's King on Ground d5 has 41 potential left.
_MIDGAME = (
    "mm2mmM*(48)m(41)/1nnm(41)nnn1/1p*3A*(68)a1/3K(41)1a(37)2/1P(108)5M(41)/MM(48)2n*(27)1a(88)1/"
    "N*n(27)1m(48)A*NNN/1n(27)M2m(48)M1|2m*3P*(72)1/1k6/n*a*3A*(44)2/8/8/3pa*(33)3/A*3M*(40)3/5p(36)2|"
    "2g3G1/8/gg3G2/8/8/4g3/G3G3/8 w play 0 100,100 -"
)


def _value(level: str, s: MagiStratState) -> float:
    bot = make_bot("magistrat", level, 2)
    return bot.searcher.evaluator(s)[0]  # type: ignore[attr-defined]


def test_hard_searches_deeper_with_a_budget_for_it_and_its_own_weights() -> None:
    """Hard is alpha-beta to depth 4 with 40k nodes, under 2 s CPU per move on this machine (depth 3
    needs 20-85k, depth 4 completes once the cube thins out; a cut-short depth still corrects the last
    full one by the moves it searched whole), root ties searched exactly, a quiescence step after moves
    that take material (attacks, God powers), on every leaf while a side has two Archmages and Mages
    or fewer, and judges with ``HARD``;
    ``hard-ref`` (the arena's fixed yardstick, in no menu) is the Hard of 1 Dec: depth 3, 60k nodes,
    no quiescence, judging with ``HARD_REF``."""
    s = MagiStratState.from_position(_MIDGAME)
    for level, weights, tactical, depth, nodes, cut, every_leaf in (
            ("hard", HARD, is_tactical, 4, 40_000, True, few_offensive_pieces),
            ("hard-ref", HARD_REF, None, 3, 60_000, False, None)):
        bot = make_bot("magistrat", level, 2)
        assert bot.searcher.max_depth == depth  # type: ignore[attr-defined]
        assert 0 < bot.searcher.root_margin < 1e-6  # type: ignore[attr-defined]
        assert bot.searcher.tactical is tactical  # type: ignore[attr-defined]
        assert bot.searcher.use_cut_depth is cut  # type: ignore[attr-defined]
        assert bot.searcher.every_leaf is every_leaf  # type: ignore[attr-defined]
        assert bot.budget.nodes == nodes
        assert _value(level, s) == MagiStratEval(weights)(s)[0] != evaluate(s)[0]
    assert MagiStratEval(HARD)(s) != MagiStratEval(HARD_REF)(s)


@pytest.mark.parametrize(("level", "depth", "nodes"), [("easy", 1, 2_000), ("normal", 2, 8_000)])
def test_easy_and_normal_keep_their_search_and_evaluation(level: str, depth: int, nodes: int) -> None:
    """Easy and Normal are unchanged: same depth and budget, and the default evaluation's exact values."""
    bot = make_bot("magistrat", level, 2)
    assert (bot.searcher.max_depth, bot.budget.nodes) == (depth, nodes)  # type: ignore[attr-defined]
    s = MagiStratState.from_position(_MIDGAME)
    assert _value(level, s) == evaluate(s)[0] == -0.8893657023559117  # the value before Hard had weights


def test_hard_values_an_archmage_one_slide_from_the_enemy_king() -> None:
    """An Archmage on the enemy King's layer with a clear slide and line onto it is worth more to Hard
    than the same Archmage on the other layer; the default evaluation sees no difference."""
    hunting = state({"hc5": "A"})  # slides to hh5, then h6 and h7 are clear up to Black's King on hh8
    idle = state({"gc5": "A"})
    assert MagiStratEval(HARD)(hunting)[0] > MagiStratEval(HARD)(idle)[0]
    assert evaluate(hunting) == evaluate(idle)


def _priests(files: str) -> dict[str, str]:
    """White two Archmages up, with a Priest each on ``files`` (White rank 2, Black rank 7)."""
    return {"gc3": "A", "gd3": "A", **{f"g{f}2": "P" for f in files}, **{f"g{f}7": "p" for f in files}}


def test_hard_trades_down_when_ahead() -> None:
    """With the same lead (an extra Archmage), Hard prefers fewer pieces on the cube: trading pays."""
    small = state(_priests("bcd"))
    large = state(_priests("bcde"))
    assert MagiStratEval(HARD)(small)[0] > MagiStratEval(HARD)(large)[0]
    assert evaluate(small)[0] == pytest.approx(evaluate(large)[0])


def test_a_lead_fades_for_hard_as_the_no_progress_draw_nears() -> None:
    """The side ahead sees its lead shrink as the no-progress counter runs (so it makes progress)."""
    fresh = state({"gc3": "A", "gd3": "A"})
    stale = state({"gc3": "A", "gd3": "A"}, no_progress=80)
    assert 0 < MagiStratEval(HARD)(stale)[0] < MagiStratEval(HARD)(fresh)[0]
    assert evaluate(stale) == evaluate(fresh)
    assert MagiStratEval(DEFAULT)(stale) == evaluate(stale)


@pytest.mark.parametrize(("king", "cramped_costs"), [("K(4)", True), ("K", False)])
def test_hard_keeps_a_weakened_king_out_of_a_corner_it_cannot_leave(king: str, cramped_costs: bool) -> None:
    """White's King on ha1 with Black Priests on its three free cells around (ga1 holds its own Mage) has
    nowhere to step: weakened, that costs it with Hard (the King walk of ply 166); at full potential it
    does not, and the default evaluation never minds."""
    shut_in = state({"ha1": king, "hb1": "p", "hb2": "p", "ha2": "p"})
    free = state({"ha1": king, "hd3": "p", "he3": "p", "hf3": "p"})
    hard_shut, hard_free = MagiStratEval(HARD)(shut_in)[0], MagiStratEval(HARD)(free)[0]
    assert (hard_shut < hard_free) == cramped_costs
    assert hard_shut <= hard_free
    assert evaluate(shut_in) == evaluate(free)


def test_hard_prices_a_hit_on_a_weak_king_far_above_one_on_a_healthy_king() -> None:
    """The same 20-point hit costs Hard's evaluation little on a full King (an even 20 on a healthy King is
    no reason to leave a Priest to a steal, ply 26 of the 2 Dec game) and several times more on a King with
    55 left (a weak King stays in an Archmage's file at its peril, ply 136); the default evaluation counts
    both hits the same."""
    def raw(weights: Weights, king: str) -> float:
        white, black, _ = MagiStratEval(weights).raw_scores(state({"ha1": king}))
        return white - black

    def hit(weights: Weights, before: int) -> float:
        return raw(weights, f"K({before})" if before < 200 else "K") - raw(weights, f"K({before - 20})")

    assert hit(HARD, 55) > 4 * hit(HARD, 200) > 0
    assert hit(HARD, 200) < hit(HARD_REF, 200)
    assert hit(DEFAULT, 55) == pytest.approx(hit(DEFAULT, 200))


def test_a_side_with_two_offensive_pieces_or_fewer_has_few() -> None:
    """Hard quiesces every leaf once a side is down to two Archmages and Mages (the base gives each one
    Mage); three each is not few."""
    assert not few_offensive_pieces(state({"gb1": "A", "gc1": "M", "gb8": "a", "gc8": "m"}))
    assert few_offensive_pieces(state({"gb1": "A", "gc1": "M", "gb8": "a"}))
