"""Perft: counts of action sequences from named positions (data in levels/magestone/perft/).

Chance nodes branch over the abstract outcomes. On a mismatch the test prints
the per-action breakdown (divide) that differs. Regenerate the data only after a
deliberate rules change: ``python -m tests.rules.magestone.test_ms_perft``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.resources import resource_path
from game.rules.magestone import MageStoneState, load_scenario, new_game
from tests.rules.perft import divide, perft

PERFT_DIR = resource_path("levels", "magestone", "perft")
CASES = sorted(PERFT_DIR.glob("*.json"))


def start_state(case: dict[str, Any]) -> MageStoneState:
    """The named start position of a perft case."""
    if "new_game" in case:
        return new_game(case["new_game"])
    return load_scenario(resource_path("levels", "magestone", "scenarios", case["scenario"] + ".json"))


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_perft(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    state = start_state(case)
    before = state.position()
    for depth, expected in case["counts"].items():
        got = perft(state, int(depth))
        if got != expected:
            got_divide = divide(state, case["divide_depth"])
            want = case["divide"]
            diff = {a: (want.get(a), n) for a, n in got_divide.items() if want.get(a) != n}
            diff.update({a: (n, None) for a, n in want.items() if a not in got_divide})
            pytest.fail(f"{path.name}: perft({depth}) = {got}, expected {expected}; "
                        f"differing actions (expected, got): {diff}")
    assert state.position() == before


def test_hand_counted_parked_position() -> None:
    # h16 may step to g16, i16 or h15 (3 moves) or end (4). After a move only "end" remains;
    # after "end" the game is a stalemate draw, so depth 2 counts 3.
    state = load_scenario(resource_path("levels", "magestone", "scenarios", "parked_2p.json"))
    assert perft(state, 1) == 4
    assert perft(state, 2) == 3


def _write_all() -> None:
    """Recompute every perft data file from its recorded case definition."""
    for path in CASES:
        case = json.loads(path.read_text(encoding="utf-8"))
        state = start_state(case)
        case["counts"] = {d: perft(state, int(d)) for d in case["counts"]}
        case["divide"] = divide(state, case["divide_depth"])
        path.write_text(json.dumps(case, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    _write_all()


def test_hand_counted_start_moves() -> None:
    # e1 walks north through e2; within 6 squares it reaches rows 2..7 as a diamond clipped by the
    # cut corner and the home row: 6 + 5 + 4 + 5 + 3 + 1 = 24 squares. f1 likewise: 7+6+5+5+3+1 = 27.
    starts = [str(a).split("-")[0] for a in new_game({"players": 2}).legal_actions()]
    assert starts.count("e1") == 24 and starts.count("f1") == 27
    assert starts.count("l1") == 24 and starts.count("k1") == 27          # mirror image
