"""The arena's MagiStrat openings: random set-ups that no first move decides."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.games import balanced_seeds, balanced_setups_path, new_state, opening_options, random_setup
from game.ai.magistrat_material import best_first_move_gain
from game.safe_json import FileProblem


def _gain(seed: int) -> float:
    return best_first_move_gain(new_state("magistrat", {**random_setup(seed), "players": 2}))


def test_the_arena_plays_the_listed_set_ups_in_turn() -> None:
    seeds = balanced_seeds(balanced_setups_path())
    assert len(seeds) >= 100  # a 200-game row plays 100 openings, each from both seats
    assert [opening_options("magistrat", i) for i in range(3)] == [random_setup(seed) for seed in seeds[:3]]
    assert opening_options("magistrat", len(seeds)) == random_setup(seeds[0])


def test_a_listed_set_up_is_balanced_and_a_skipped_one_is_not() -> None:
    """The list was screened with today's rules: its first set-up gives White at most 60 potential on the
    first move; the first seed it skips gives one side more."""
    document = json.loads(balanced_setups_path().read_text())
    seeds = balanced_seeds(balanced_setups_path())
    skipped = min(set(range(seeds[-1])) - set(seeds))
    assert abs(_gain(seeds[0])) <= document["max_gain"]
    assert abs(_gain(skipped)) > document["max_gain"]


@pytest.mark.parametrize(("content", "problem"), [
    ("[]", "top level"),
    ('{"schema": 2, "setup_seeds": [1]}', "schema"),
    ('{"schema": 1, "setup_seeds": []}', "setup_seeds"),
    ('{"schema": 1, "setup_seeds": [1, "two"]}', "setup_seeds"),
])
def test_a_damaged_list_is_named(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "openings.json"
    path.write_text(content)
    with pytest.raises(FileProblem, match=problem) as raised:
        balanced_seeds(path)
    assert "openings.json" in str(raised.value)
