"""MagiStrat Hard far ahead finishes the game: its King walks to strike the enemy's last Archmage.

From the arena (``--game magistrat --a hard --b hard-ref --seed 2026``,
``docs/arena/magistrat-hard-hardref-v12-slip-guard.jsonl`` game 8, Hard as White): from ply 219 White had
20 pieces to Black's King and one enhanced Archmage, and shuffled until the 400-move limit. The Archmage
(6 left) sat beside Black's King in a corner, where no White Archmage's line reached it; White's King,
which destroys a weak piece beside it and which only Archmages and Mages can hurt, was five steps away,
past the search's horizon. The second position ends the ``--b normal`` v11 row's game 74 the same way
(White's King straight below one of Black's two Archmages, 50 left, and five steps from the other, 19 left).

Since the twenty-third session Hard's evaluation counts how near its King stands to the enemy's last
Archmages and Mages (``finish``). From the starts of eleven such cut games Hard now wins all eleven within
120 plies against the level it met; without the term it won three (docs/ai.md).
"""

from __future__ import annotations

import random

import pytest

from game.ai import make_bot
from game.rules.magistrat import MagiStratState

_HARDREF_GAME_8_END = (
    "8/P*(93)7/M(28)NK(80)NN(27)2M(21)/3N*1NN(24)M(1)/5N(27)N1/6M*(12)1/8/8|6a*(6)1/M*(36)5k(100)1/P(72)3P(84)3/"
    "3M*(48)4/8/5P(33)M*(21)1/8/8|6g1/Gg4Gg/7g/3G4/8/6G1/8/8 w play 55 100,100 -"
)
_NORMAL_GAME_74_END = (
    "5k(174)N(24)N/4N1K(89)1/8/2P*(85)5/6P*(108)1/8/4A(20)3/8|1P(112)a*(19)1p*(100)P(84)2/5A(2)a*(50)1/8/"
    "2P*(108)1P*(117)3/7P*(119)/8/8/8|2g1g3/4g1g1/8/2G1G3/6GG/8/8/8 w play 14 100,100 -"
)


@pytest.mark.parametrize(("position", "plies"), [(_HARDREF_GAME_8_END, 16), (_NORMAL_GAME_74_END, 16)])
def test_hard_far_ahead_strikes_the_last_archmage_with_its_king(position: str, plies: int) -> None:
    """Hard (White) beats Normal from the position within ``plies`` by leaving Black no Archmage or Mage."""
    state = MagiStratState.from_position(position)
    bots = [make_bot("magistrat", "hard", 2), make_bot("magistrat", "normal", 2)]
    rngs = [random.Random(seat) for seat in range(2)]
    for _ in range(plies):
        if state.is_terminal():
            break
        seat = state.current_player()
        state.apply(bots[seat].choose(state, rngs[seat]))
    assert state.is_terminal() and state.returns()[0] > 0
    assert state.reason == "no_archmage_or_mage"
