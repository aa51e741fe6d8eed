"""MagiStrat through the shared game protocol: registry, match, no chance, clone and undo."""

from __future__ import annotations

import random

import pytest

from game.rules.match import Match
from game.rules.protocol import IllegalActionError
from game.rules.registry import new_game
from tests.rules.magistrat.helpers import play, state


def test_registry_creates_magistrat_and_a_match_plays_it() -> None:
    s = new_game("magistrat", {"setup": "preset:classic"})
    assert s.game_id == "magistrat" and s.num_players == 2 and s.current_player() == 0
    match = Match(s, seed=3)
    match.play_text("ge1-ge3x")
    assert [entry.to_json() for entry in match.log] == [[0, "ge1-ge3x"]]
    assert s.current_player() == 1  # one action is a whole turn


def test_magistrat_has_no_chance_nodes() -> None:
    s = new_game("magistrat", {"setup": "random"})
    assert not s.is_chance_node() and s.chance_outcomes() == []
    with pytest.raises(IllegalActionError):
        s.sample_chance(random.Random(0))


def test_clone_is_independent_and_undo_restores_exactly() -> None:
    s = state({"gc4": "A", "gd5": "n", "gd3": "n"})
    before = s.position()
    copy = s.clone()
    play(s, "gc4-gd4x")
    assert copy.position() == before and s.position() != before
    s.undo()
    assert s.position() == before
    assert [str(a) for a in s.legal_actions()] == [str(a) for a in copy.legal_actions()]


def test_actions_are_described_in_plain_words() -> None:
    s = state({"gc4": "A", "gd5": "n"})
    assert s.describe_action(s.parse_action("gc4-gd4x")) == \
        "White archmage c4 (Ground) to d4 (Ground), then attacks"
    assert s.describe_action(s.parse_action("pass")) == "White passes"
