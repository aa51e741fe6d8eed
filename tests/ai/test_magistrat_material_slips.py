"""MagiStrat: Hard's plain material slips in the careful games of 3 and 4 Dec, mended by its slip guard.

From ``docs/games/magistrat-classic-black-vs-hard-2026-12-03.json`` (seed 2029, the careful player Black,
Hard White; docs/games/README.md lists every mistake found). At ply 106 ge4-gb7x destroys an
8-potential Archmage and leaves the Priest where dd7-db7's God power destroys it (61 potential lost);
at ply 240 hf8-hg7x steals a Mage with the Priest, which hf5-hg6x steals back at once (78 lost).
Other moves lose nothing in potential. Hard's evaluation at the depth it completes weighs other
things above the material: at 106 the tempo of sheltering its King with de2-dc2 after the exchange, at
240 its ge5 Archmage (1 potential, one of its three offensive pieces), which Black's King could take
after the quiet moves (it took it three plies later anyway). A deeper search does not mend both (150k
nodes: both mended; 400k: 106 again ge4-gb7x). Since the twenty-second session Hard's last look at its
ranking (``slip_guard``) refuses a move that gives a slip's worth of material within three plies when
one of the next best, close in value, does not.

From ``docs/games/magistrat-classic-white-vs-hard-2026-12-04.json`` (seed 2032, the careful player White,
Hard Black, the shipped Hard): at ply 23 he3-hd2x steals an Apprentice with the Priest, which hf1-hd3x
steals back (156 lost); at ply 25 ha2-ha4 leaves that Priest to the same steal (192 lost). The keys are
the plies of each game (106 and 240 of the first, 23 and 25 of the second).

From a game of a three-ply material script as White against the twenty-second session's Hard (seed 2040,
docs/ai.md): at ply 35 every one of Hard's eight best moves gives 54 (the sound gf7-gf6 ranks 52nd, all
within 0.07 in value), at ply 41 every one gives 90 (hd8-he8, 16th, gives 30). The keys are 1035 and 1041.
Since the twenty-fourth session the guard looks past the eighth move.
"""

from __future__ import annotations

import random
import time

import pytest

from game.ai import make_bot
from game.ai.base import ScoredAction
from game.ai.magistrat_material import GUARD_MARGIN, material_change, slip_guard
from game.rules.magistrat import MagiStratState

_PLY_106 = (
    "m5m*1/N(27)2m*(22)m(22)2m/1a*(8)3m*(21)2/N(24)7/4P(69)3/1N2N*N2/1N*(10)N(11)M(22)2N*(18)N/M5MM(51)|"
    "2k2p(100)a*1/1a(40)p(110)p*a(10)3/1m*A(80)1a(60)a*(10)2/5p(108)2/4A(53)3/4P*(100)3/1P*K3P*1/8|"
    "6g1/3g4/1g3g2/8/8/4G3/1G2G1G1/8 w play 0 100,100 -"
)
_PLY_240 = (
    "m6m/2M(18)3m(30)1/8/N(24)1P*(88)1A*(1)2N/3n(4)4/1N5m(39)/1N(10)6/MK6|1p(110)3P*(81)a(20)1/1a(20)6/"
    "5k1p(100)/2A*(48)P(73)1p(108)2/8/8/2N*(11)5/1p(74)6|3g1G2/8/1g2g3/2G1G3/8/4g3/2G5/8 w play 3 100,100 -"
)
_PLY_23 = (
    "mmmmmmmm/nnnnnN(18)nn/8/8/8/8/NNNNN1NN/MMMMMMMM|2p1apa(40)a(80)/4kP(108)2/2p5/3a(80)3A(80)/1P6/4p*3/"
    "a(80)A(60)3N*A(40)1/1APAKP2|8/8/8/2gGGg2/8/2G1g3/5Gg1/8 b play 2 100,100 -"
)
_PLY_25 = (
    "mmmmmmmm/nnnnnN(18)nn/8/8/8/8/NNNn(18)N1NN/MMMMMMMM|2p1apa(40)a(80)/4kP(108)2/2pP(108)4/3A*(68)3A(80)/"
    "8/8/a(80)A(60)1p(108)1N*A(40)1/1APAKP2|8/8/8/2gGGg2/8/2G1g3/5Gg1/8 b play 0 100,100 -"
)
_PLY_1035 = (
    "M*(48)mmmm1mm/nnnnnnN*N(27)/8/8/8/8/NN1NN1n*N/MMMMMMMM|p(84)a(80)pka(60)m*a(80)a/p(108)5P*1/8/8/1P(108)6/"
    "p*(108)7/1A(60)3A*(74)p*(84)1/1A1AK(160)P(100)1A|G4g2/6G1/8/8/3g4/g7/2G2Gg1/8 b play 1 100,100 -"
)
_PLY_1041 = (
    "M*(48)mmmmN(27)mm/nnnnn2N(27)/8/8/8/8/NN1NN1n*N/MMMMMMMM|p(84)1pk(180)1m*a(80)a/p(108)a(80)1A(80)1N*(27)P*1/"
    "4a(20)3/8/1P(108)6/p*(108)7/1A(60)3A(74)p*(84)1/1A2K(120)P(100)1A|G4g2/5GG1/8/8/3g4/g7/2G3g1/8 "
    "b play 1 100,100 -"
)
_SLIPS = {106: (_PLY_106, "ge4-gb7x", "de2-df3"), 240: (_PLY_240, "hf8-hg7x", "hc5-hc7"),
          23: (_PLY_23, "he3-hd2x", "hf8-hg7"), 25: (_PLY_25, "ha2-ha4", "dg2-dg7"),
          1035: (_PLY_1035, "hb8-hb7", "gf7-gf6"), 1041: (_PLY_1041, "hb7-hb5", "ha7-he3")}
_A_SLIP = -40
"""Losing this much potential (or more) within three plies is a slip."""


def _change(position: str, move: str) -> float:
    state = MagiStratState.from_position(position)
    return material_change(state, state.parse_action(move))


@pytest.mark.parametrize("ply", sorted(_SLIPS))
def test_the_game_move_is_a_slip_and_another_is_not(ply: int) -> None:
    """As the careful game had it: Hard's move loses material at three plies, another move nothing."""
    position, slip, sound = _SLIPS[ply]
    assert _change(position, slip) <= _A_SLIP
    assert _change(position, sound) >= 0


@pytest.mark.parametrize("ply", sorted(_SLIPS))
def test_hard_does_not_slip(ply: int) -> None:
    """Hard's move in the careful game's position loses less than a slip's material."""
    position = _SLIPS[ply][0]
    state = MagiStratState.from_position(position)
    move = make_bot("magistrat", "hard", 2).choose(state, random.Random(0))
    assert _change(position, str(move)) > _A_SLIP


@pytest.mark.parametrize(("sound_value", "first"), [(-0.01, "sound"), (-2 * GUARD_MARGIN, "slip")])
def test_the_slip_guard_puts_a_close_sound_move_first(sound_value: float, first: str) -> None:
    """Ply 23's slip ranked first gives way to a sound move close in value, not to one far below it."""
    position, slip, sound = _SLIPS[23]
    state = MagiStratState.from_position(position)
    moves = {"slip": state.parse_action(slip), "sound": state.parse_action(sound)}
    ranked = [ScoredAction(moves["slip"], 0.0), ScoredAction(moves["sound"], sound_value)]
    guarded = slip_guard(state, ranked)
    assert guarded[0].action == moves[first]
    assert sorted(str(s.action) for s in guarded) == sorted([slip, sound])
    assert state.position() == position


def test_the_slip_guard_leaves_a_sound_first_move() -> None:
    """A first move that gives nothing away stays first, however the others rank."""
    position, slip, sound = _SLIPS[25]
    state = MagiStratState.from_position(position)
    ranked = [ScoredAction(state.parse_action(sound), 0.0), ScoredAction(state.parse_action(slip), 0.0)]
    assert slip_guard(state, ranked) == ranked


def test_the_slip_guard_out_of_time_keeps_the_ranking() -> None:
    """Past its deadline the guard looks at no move after the first (the live think time is spent)."""
    position, slip, sound = _SLIPS[23]
    state = MagiStratState.from_position(position)
    ranked = [ScoredAction(state.parse_action(slip), 0.0), ScoredAction(state.parse_action(sound), 0.0)]
    assert slip_guard(state, ranked, time.perf_counter() - 1.0) == ranked
    assert slip_guard(state, ranked, time.perf_counter() + 60.0)[0] == ranked[1]
