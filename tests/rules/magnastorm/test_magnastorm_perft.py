"""Perft counts from the named scenarios (levels/magnastorm/perft/*.json); a mismatch prints the breakdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.resources import resource_path
from game.rules.magnastorm.scenarios import load_scenario, scenario_names
from tests.rules.perft import check_perft

PERFT_FILES = sorted(resource_path("levels", "magnastorm", "perft").glob("*.json"))


def test_every_scenario_has_perft_counts() -> None:
    assert sorted(p.stem for p in PERFT_FILES) == scenario_names() and len(PERFT_FILES) >= 4


@pytest.mark.parametrize("path", PERFT_FILES, ids=lambda p: p.stem)
def test_perft(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    state = load_scenario(data["scenario"])
    check_perft(state, data, path.name)
