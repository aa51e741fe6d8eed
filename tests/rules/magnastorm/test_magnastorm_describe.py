"""Plain-language descriptions of every Magnastorm action (the game log and tooltips)."""

from __future__ import annotations

import random

import pytest

from game.rules.magnastorm import MagnastormState, new_game

from .helpers import control, play, set_cubes, started


def _check_descriptions(state: MagnastormState, seen: set[str]) -> None:
    """Every legal action has its own description in words, not its notation."""
    actions = state.legal_actions()
    texts = [state.describe_action(action) for action in actions]
    for action, text in zip(actions, texts, strict=True):
        assert text and text != str(action) and text[0].isupper(), (action, text)
        seen.add(action.verb)
    assert len(set(texts)) == len(texts), sorted(texts)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_of_random_games_has_a_distinct_description(players: int) -> None:
    seen: set[str] = set()
    for seed in range(3):
        state = new_game({"players": players, "start_area": 1 + seed % 2, "artifacts": None})
        rng = random.Random(seed)
        while not state.is_terminal():
            _check_descriptions(state, seen)
            chance = state.is_chance_node()
            state.apply(state.sample_chance(rng) if chance else rng.choice(state.legal_actions()))
    core = {"deal", "start", "res", "crew", "to", "move", "gain", "go", "step", "end", "lab",
            "finish", "artifact", "bag"}
    assert core <= seen, core - seen


def test_descriptions_name_the_commander_the_crew_and_the_place() -> None:
    state = started(2, admin=("dain", "beeper", "outridge", "okzil"))
    seat = state.current_player()
    who = f"Player {seat + 1}"
    words = {str(a): state.describe_action(a) for a in state.legal_actions()}
    crew = next(text for text in words if text.startswith("crew c1 "))
    assert words[crew].startswith(f"{who} takes ") and "column 2 (Forrester Dain)" in words[crew]
    play(state, crew)
    assert state.describe_action(state.parse_action("to r0c0")) == \
        f"{who} places the crew member on the action panel at row 1, column 1"


def test_commander_variants_of_one_action_are_told_apart() -> None:
    state = started(2, admin=("yakuul", "beeper", "outridge", "okzil"),
                    research=("park", "davenpitt", "mbado"))
    seat = state.current_player()
    for commander in ("yakuul", "park"):
        control(state, seat, commander)
    set_cubes(state, seat, y=4, **{f"c{seat + 1}": 4})
    state.refresh()
    seen: set[str] = set()
    _check_descriptions(state, seen)
    takes = [state.describe_action(a) for a in state.legal_actions() if a.verb == "take"]
    assert any("Idris Yakuul" in text for text in takes) and any("Idris Yakuul" not in text for text in takes)
    play(state, next(str(a) for a in state.legal_actions() if a.verb == "crew"))
    _check_descriptions(state, seen)
