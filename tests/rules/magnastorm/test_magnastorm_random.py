"""Random-simulation invariants over seeded 2-, 3- and 4-player games, checked at every step."""

from __future__ import annotations

import json
import random

import pytest

from game.rules.magnastorm import MagnastormState, new_game
from game.rules.magnastorm.state import (
    BAG_BLACK,
    BLACK,
    CREW,
    CUBES_PER_COLOUR,
    LAB_SLOTS,
    MARKERS,
    NEUTRAL_PER_COLUMN,
    SOURCES,
    STATION_SLOTS,
    SWEEP,
)
from game.rules.match import Match
from game.rules.protocol import TERMINAL


def _in_hand(state: MagnastormState, seat_colour: int) -> int:
    """Crew taken from the upper panel and not yet placed (a pending action or sweep placement)."""
    return sum(1 for t in state.tasks if t[0] == "place" and t[3] <= SWEEP and t[2] == seat_colour)


def check_invariants(state: MagnastormState) -> None:
    """Every component is conserved and reputation is the sum of its sources."""
    n = state.num_players
    for colour in [0, *range(1, n + 1)]:
        held = sum(state.cubes[seat * 5 + colour] for seat in range(n))
        assert held + state.supply[colour] + state.bag[colour] == CUBES_PER_COLOUR
    assert state.bag[BLACK] == BAG_BLACK
    assert min(state.cubes) >= 0 and min(state.supply) >= 0 and min(state.bag) >= 0
    lower = [colour for crew in state.lower for colour in crew]
    columns = state.s.columns
    neutral = sum(state.upper[c * 5] for c in range(columns)) + lower.count(0) + _in_hand(state, 0)
    assert neutral == NEUTRAL_PER_COLUMN * columns
    for seat in range(n):
        colour = seat + 1
        crew = state.crew_home[seat] + sum(state.upper[c * 5 + colour] for c in range(columns))
        assert crew + lower.count(colour) + _in_hand(state, colour) == CREW
        labs = sum(state.lab_slots[seat * LAB_SLOTS:(seat + 1) * LAB_SLOTS])
        placed = sum(c for o, c in zip(state.space_owner, state.space_labs, strict=True) if o == seat)
        assert labs + placed == LAB_SLOTS
        stations = sum(state.station_slots[seat * STATION_SLOTS:(seat + 1) * STATION_SLOTS])
        assert stations + state.station_owner.count(seat) == STATION_SLOTS
        markers = state.markers_home[seat] + state.admin_ctrl[1:].count(seat)
        assert markers + sum(claims.count(seat) for claims in state.claims) == MARKERS
        ledger = state.ledger[seat * len(SOURCES):(seat + 1) * len(SOURCES)]
        assert state.rep[seat] == sum(ledger) >= 0
    assert all((o < 0) == (c == 0) for o, c in zip(state.space_owner, state.space_labs, strict=True))


def check_round_trips(state: MagnastormState, rng: random.Random) -> None:
    """Clone, position, JSON, notation and apply/undo all give the state back."""
    position = state.position()
    assert state.clone() == state
    assert MagnastormState.from_position(position, state.options()) == state
    data = json.loads(json.dumps(state.to_json()))
    assert MagnastormState.from_json(data) == state
    actions = state.legal_actions()
    texts = [str(a) for a in actions]
    assert len(set(texts)) == len(texts)
    if state.current_player() == TERMINAL:
        assert actions == [] and state.result() is not None
        return
    assert len(actions) >= 2, "a single choice is taken automatically"
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert [a for a, _ in outcomes] == actions
    for action in rng.sample(actions, min(3, len(actions))):
        assert state.parse_action(str(action)) == action and state.is_legal(action)
        state.apply(action)
        state.undo()
        assert state.position() == position


def random_game(players: int, seed: int, checks: bool = True) -> MagnastormState:
    """A seeded random game, its invariants checked after every action."""
    state = new_game({"players": players, "start_area": 1 + seed % 2})
    rng = random.Random(seed)
    while not state.is_terminal():
        if checks:
            check_invariants(state)
            check_round_trips(state, rng)
        action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply(action)
    check_invariants(state)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(3):
        state = random_game(players, seed)
        result = state.result()
        assert result is not None and len(result.winners) == 1
        assert result.winners[0] == state.ranking[0]


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_soak(players: int) -> None:
    for seed in range(100):
        random_game(players, 1000 + seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_gives_the_same_log_and_a_replay_gives_the_same_state(players: int) -> None:
    def match_game(seed: int) -> Match:
        match = Match(new_game({"players": players}), seed=seed)
        match.resolve_chance()
        rng = random.Random(seed)
        while not match.state.is_terminal():
            match.play(rng.choice(match.state.legal_actions()))
        return match

    first, second = match_game(5), match_game(5)
    assert [e.to_json() for e in first.log] == [e.to_json() for e in second.log]
    replay = Match(new_game({"players": players}), seed=5)
    for entry in first.log:
        replay.apply_logged(entry.actor, entry.notation)
    assert replay.state.state_hash() == first.state.state_hash()
