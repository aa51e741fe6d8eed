"""Every legal Magnastorm action has a place on the table (or is one of the button kinds), and
actions that share a place are only the documented variants."""

from __future__ import annotations

from collections import defaultdict

import pygame
import pytest

from game.client.magnastorm.geometry import TableLayout, Target
from game.client.magnastorm.samples import random_positions
from game.client.magnastorm.targets import BUTTON_VERBS, area_of_space, target_of
from game.rules.magnastorm import parse_action

RECT = pygame.Rect(0, 0, 1600, 1000)


def shared_ok(actions: list) -> bool:  # type: ignore[type-arg]
    """Whether legal actions sharing one target are variants the scene tells apart by design."""
    verbs = {a.verb for a in actions}
    if verbs <= {"take"} or verbs <= {"build"} or verbs <= {"lab"}:
        return len({a.args[0] for a in actions}) == 1
    if verbs <= {"pay", "get", "give", "trade"}:
        return len(verbs - {"trade"}) <= 1
    return False


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_has_a_place_or_is_a_button(players: int) -> None:
    layouts: dict[int, TableLayout] = {}
    seen_kinds: set[str] = set()
    checked = 0
    for seed in range(6):
        for state in random_positions(players, seed=100 * players + seed, limit=500):
            seat = state.current_player()
            if seat not in layouts:
                layouts[seat] = TableLayout.compute(RECT, 1.0, state, seat)
            layout = layouts[seat]
            groups: dict[Target, list] = defaultdict(list)  # type: ignore[type-arg]
            for action in state.legal_actions():
                target = target_of(state, action)
                checked += 1
                if target is None:
                    assert action.verb in BUTTON_VERBS or str(action) == "go", action
                    continue
                assert layout.contains(target), (action, target)
                seen_kinds.add(target.kind)
                groups[target].append(action)
            for target, actions in groups.items():
                if len(actions) > 1:
                    assert shared_ok(actions), (target, actions)
    assert checked > 1000
    assert {"column", "crew", "lower", "area", "space", "lab", "cube", "research"} <= seen_kinds


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("crew c2 1", Target("crew", "c2 1")),
        ("crew c2 y", Target("crew", "c2 k")),
        ("to r4c1", Target("lower", "r4c1")),
        ("to r4c1 kim", Target("lower", "r4c1")),
        ("step 4o", Target("area", "4o")),
        ("end s37", Target("space", "s37")),
        ("remove s12", Target("space", "s12")),
        ("lab 3", Target("lab", "3")),
        ("lab 3 free azrea", Target("lab", "3")),
        ("build t4 2", Target("transmitter", "t4")),
        ("go t4o", Target("transmitter", "t4o")),
        ("obj 3", Target("objective", "3")),
        ("pay 1", Target("cube", "1")),
        ("get 2", Target("cube", "2")),
        ("trade y", Target("cube", "y")),
        ("give 1", Target("cube", "1")),
        ("res b", Target("research", "b")),
        ("down b", Target("research", "b")),
        ("take c2", Target("column", "c2")),
        ("take c2 iy", Target("column", "c2")),
        ("start c2", Target("column", "c2")),
        ("up c3", Target("column", "c3")),
    ],
)
def test_actions_map_to_their_place(text: str, target: Target) -> None:
    state = next(random_positions(2, seed=1))
    assert target_of(state, parse_action(text)) == target


@pytest.mark.parametrize(
    "text",
    ["move", "move iy", "gain", "done", "finish", "joy", "nojoy", "dain 2", "justin", "adira", "mira", "go"],
)
def test_button_actions_have_no_place(text: str) -> None:
    state = next(random_positions(2, seed=1))
    assert target_of(state, parse_action(text)) is None


def test_a_space_belongs_to_its_area() -> None:
    state = next(random_positions(4, seed=1))
    board = state.s.board
    for space, area in enumerate(board.space_area):
        assert area_of_space(state, Target("space", f"s{space}")) == Target("area", board.area_names[area])
