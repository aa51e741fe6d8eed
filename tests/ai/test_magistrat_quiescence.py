"""MagiStrat Hard's quiescence step looks at the moves that take material at once, and only those."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai.games import new_state
from game.ai.magistrat_eval import is_tactical
from game.rules.protocol import Event
from tests.rules.magistrat.helpers import state


def _mover_takes_by_god_power(events: list[Event], mover: int) -> bool:
    """One of ``mover``'s God powers destroyed or stole an enemy piece during the move's Outcome."""
    for event in events:
        data = event.data
        if event.kind == "destroyed" and data["reason"] == "god_power" and data["player"] != mover:
            return True
        if event.kind == "stolen" and data["by"] == "god_power" and data["player"] == mover:
            return True
    return False


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_quiet_move_is_tactical_exactly_when_a_god_power_of_the_mover_then_takes(seed: int) -> None:
    """Over seeded random games, every legal move without an attack: the quiescence predicate holds
    exactly when playing it makes one of the mover's God powers destroy or steal an enemy piece (so a
    God move that only changes enhancement is not tactical); every attack is tactical."""
    rng = random.Random(seed)
    s: Any = new_state("magistrat", {"players": 2})
    kinds_seen = {True: 0, False: 0}
    while s.in_setup():
        s.apply(rng.choice(s.legal_actions()))
    for _ in range(120):
        if s.is_terminal():
            break
        mover = s.current_player()
        for action in s.legal_actions():
            if getattr(action, "attack", False):
                assert is_tactical(s, action)
                continue
            events = s.apply(action)
            takes = _mover_takes_by_god_power(events, mover)
            s.undo()
            assert is_tactical(s, action) == takes, (s.position(), str(action))
            kinds_seen[takes] += 1
        s.apply(rng.choice(s.legal_actions()))
    assert kinds_seen[False] > 1000


_CASES = {"dc3": "G", "gd3": "A", "hd3": "p", "de4": "G", "he4": "a", "gf3": "P", "gb1": "P"}
"""White Gods above c3 and e4, White's Archmage on Ground d3 below Black's Priest, Black's Archmage on
High-born e4 under White's God, White Priests on f3 and b1."""


@pytest.mark.parametrize(("move", "tactical"), [
    ("dc3-dd3", True),   # the God arrives above White's Archmage, opposite Black's Priest: destroyed
    ("dc3-dc2", False),  # the same God moved over an empty column: no power
    ("gf3-ge4", True),   # the Priest arrives under White's God, opposite Black's Archmage: stolen
    ("gb1-gc2", False),  # a Priest's step under no God
])
def test_god_power_moves_are_tactical_and_plain_god_moves_are_not(move: str, tactical: bool) -> None:
    """Hand-set cases of the predicate, each checked against what the rules then do."""
    s = state(_CASES)
    action = s.parse_action(move)
    assert action in s.legal_actions()
    assert is_tactical(s, action) is tactical
    assert _mover_takes_by_god_power(s.apply(action), 0) is tactical
