"""Perft counts from named positions (levels/magistrat/perft/*.json); a mismatch prints the breakdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.resources import resource_path
from game.rules.magistrat import MagiStratState
from tests.rules.perft import check_perft

PERFT_FILES = sorted(resource_path("levels", "magistrat", "perft").glob("*.json"))


def test_perft_files_exist() -> None:
    assert len(PERFT_FILES) >= 4


@pytest.mark.parametrize("path", PERFT_FILES, ids=lambda p: p.stem)
def test_perft(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    state = MagiStratState.from_position(data["position"])
    check_perft(state, data, path.name)
    assert sum(data["divide"].values()) == data["depths"][str(data["divide_depth"])]
