"""The Magnastorm evaluation's objective prospects: storm preparation, denial, and claims not held back."""

from __future__ import annotations

import pytest

from game.ai.magnastorm_prospects import prospects
from game.rules.magnastorm import MagnastormState
from tests.ai.test_magnastorm_levels import _after_whole_turn

_STORM_COMING = (
    "magnastorm players=2 start_area=1 phase=play round=1 rotation=0 rep=13,13 ledger=9,2,0,0,2,0,0,0,0,0"
    ",10,1,0,0,0,2,0,0,0,0 cubes=1,1,0,0,0,0,0,1,0,0 supply=22,21,23,0,0,0 bag=2,3,1,0,0,25 lab_slots=0,0"
    ",1,1,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1 station_slots=1,0,1,1,1,1 crew_home=4,4 markers_home=5,5 resear"
    "ch=1,0,1,0,1,1 runner=14,19 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,"
    "-1,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1,-1,-1,-1,-1,-1,-1,1 space_labs=0,0,0,0,"
    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,1 station_owne"
    "r=-1,-1,-1,0,-1,-1 upper=0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,0,0 lower=0,0,0,-,-,-,0,-,0,0,-,2,-,0,0"
    ",-,-,0,-,- admin=-,bonsmai,dain,mascovic admin_ctrl=-1,0,1,-1 rcmd=huber,modo,vasidis rcmd_ctrl=-1,-"
    "1,-1 objectives=R4a,R3b,S3a,S2b claims=0,1,-,1.0 fp_holder=-1 order=1,0 pass_order=1,0 pass_pos=0 en"
    "d_triggered=0 turn=-1,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=0,2 drawn= ranking= artifacts_"
    "won=-1,-1 tasks=turn_end.-3.1.0.0,objective.1.0.0.0,option.1.0.0.0,place.1.0.0.0"
)
"""The fifth careful game's ply 100 (docs/games/magnastorm-2p-vs-hard-2026-12-04-d.json, seed 2035): the
player (seat 0) has two labs on s27, in sector 3, quiet in round 1 and in the storm in round 2, where S3a (two
labs from storm sectors) pays 5 for the first claim; the player did claim it first there and won."""


def _moved_labs(position: str, space_from: int, space_to: int) -> MagnastormState:
    """``position`` with the labs of ``space_from`` standing on the free ``space_to`` instead."""
    state = MagnastormState.from_position(position)
    assert state.space_owner[space_to] == -1
    state.space_owner[space_to], state.space_labs[space_to] = state.space_owner[space_from], state.space_labs[
        space_from]
    state.space_owner[space_from], state.space_labs[space_from] = -1, 0
    return state


def test_labs_where_next_rounds_storm_comes_count_for_the_storm_objective() -> None:
    """Seat 0's two labs in sector 3 make S3a's first space (5) its prospect a round early; the same labs in
    sector 5, quiet in both rounds, leave it only R3b's half (4 levels down, 2 in place: 2)."""
    here = MagnastormState.from_position(_STORM_COMING)
    assert prospects(here)[0] == pytest.approx(5.0)
    elsewhere = _moved_labs(_STORM_COMING, 27, 46)
    assert prospects(elsewhere)[0] == pytest.approx(2.0)


_CLAIM_READY = (
    "magnastorm players=2 start_area=1 phase=play round=1 rotation=0 rep=19,10 ledger=15,2,0,0,2,0,0,0,0,0,8,"
    "0,0,0,2,0,0,0,0,0 cubes=0,4,0,0,0,0,0,2,0,0 supply=23,19,20,0,0,0 bag=2,2,3,0,0,25 lab_slots=0,0,1,1,1,1"
    ",1,1,1,1,0,1,1,1,1,1,1,1,1,1 station_slots=0,1,1,1,0,1 crew_home=4,3 markers_home=4,6 research=0,1,1,1,2"
    ",1 runner=15,14 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-"
    "1,-1,-1,1,-1,0,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,0,-1 space_labs=0,0,0,0,0,0,0,0,0,0,0,0,0,0,"
    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0 station_owner=-1,-1,-1,1,0,-1 upper="
    "2,1,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,1,0,0 lower=0,0,2,-,0,0,0,-,-,0,-,0,-,0,-,-,-,0,-,- admin=-,okzil,bons"
    "mai,mascovic admin_ctrl=-1,0,-1,-1 rcmd=modo,davenpitt,obondov rcmd_ctrl=-1,-1,-1 objectives=R1b,R2b,S4b"
    ",S3a claims=0.1,0,0.1,- fp_holder=-1 order=0,1 pass_order=0,1 pass_pos=1 end_triggered=0 turn=-1,0,0,0,0"
    ",0,0,0,0,0,0,0,0 kim_used=0,0 start_used=2,1 drawn= ranking= artifacts_won=-1,-1 tasks=turn_end.-3.1.0.0"
    ",objective.1.0.0.0,main.1.0.0.0"
)
"""The fourth careful game's ply 115 (docs/games/magnastorm-2p-vs-hard-2026-12-04-c.json, seed 2034): Hard
(seat 1) can reach R2b's second space (+4) this turn; its labs and levels also serve S3a next round."""


@pytest.mark.parametrize("seed", [0, 1])
def test_hard_does_not_hold_back_a_claim_for_its_prospects(seed: int) -> None:
    """Hard claims R2b second in its turn, as it did before the prospects (a sum of every objective's prospect
    made it keep the labs and levels that serve several, and claim nothing)."""
    start = MagnastormState.from_position(_CLAIM_READY)
    after = _after_whole_turn(_CLAIM_READY, "hard", seed)
    assert 1 in after.claims[1]
    assert after.rep[1] - start.rep[1] >= 4


def test_a_first_claim_lowers_the_rivals_prospect_to_the_second_space() -> None:
    """With the storm-objective labs in place, seat 0's prospect is S3a's first space (5); once seat 1 has
    claimed S3a first, seat 0's is the second space (4): the evaluation sees what a first claim denies."""
    state = MagnastormState.from_position(_STORM_COMING)
    state.claims[2] = (1,)
    assert prospects(state)[0] == pytest.approx(4.0)
