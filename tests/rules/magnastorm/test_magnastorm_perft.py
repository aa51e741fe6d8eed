"""Perft counts from the named scenarios (levels/magnastorm/perft/*.json); a mismatch prints the breakdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.resources import resource_path
from game.rules.magnastorm.scenarios import load_scenario, scenario_names
from tests.rules.perft import divide, perft

PERFT_FILES = sorted(resource_path("levels", "magnastorm", "perft").glob("*.json"))


def test_every_scenario_has_perft_counts() -> None:
    assert sorted(p.stem for p in PERFT_FILES) == scenario_names() and len(PERFT_FILES) >= 4


@pytest.mark.parametrize("path", PERFT_FILES, ids=lambda p: p.stem)
def test_perft(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    state = load_scenario(data["scenario"])
    depth = data["divide_depth"]
    found = divide(state, depth)
    if found != data["divide"]:
        lines = [f"{action}: expected {data['divide'].get(action)}, found {found.get(action)}"
                 for action in sorted(set(found) | set(data["divide"]))
                 if found.get(action) != data["divide"].get(action)]
        pytest.fail(f"{path.name}: perft({depth}) breakdown differs:\n" + "\n".join(lines))
    for text, expected in data["depths"].items():
        assert perft(state, int(text)) == expected, f"{path.name}: perft({text})"
