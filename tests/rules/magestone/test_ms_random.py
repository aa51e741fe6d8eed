"""Random-simulation invariants over seeded 2- and 4-player games."""

from __future__ import annotations

import random

import pytest

from game.rules.magestone import MageStoneState, new_game
from game.rules.match import Match
from game.rules.protocol import CHANCE, TERMINAL

from .helpers import BOARD


def _check_state(state: MageStoneState, raised: int, rng: random.Random) -> None:
    n = state.num_players
    position = state.position()
    assert MageStoneState.from_position(position, state.options()).position() == position
    assert MageStoneState.from_json(state.to_json()) == state
    assert state.clone() == state
    scenario = state.to_scenario()
    stones = sum(u + a for u, a in scenario["stones"].values())
    stones += sum(sum(s["carried"]) for s in scenario["seats"].values())
    assert stones == 4 * n
    assert scenario["bank"] + len(scenario["gravestones"]) + raised == BOARD.bank_per_player * n
    info = state.go_info()
    assert 0 <= info["squares"] <= 6 and 0 <= info["activations"] <= 3
    actions = state.legal_actions()
    if state.current_player() == TERMINAL:
        assert actions == [] and state.result() is not None
        return
    texts = [str(a) for a in actions]
    assert len(set(texts)) == len(texts)
    for action in rng.sample(actions, min(4, len(actions))):
        assert state.parse_action(str(action)) == action
        assert state.is_legal(action)
        state.apply(action)
        state.undo()
        assert state.position() == position
    if state.current_player() == CHANCE:
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def _random_game(players: int, seed: int, go_limit: int) -> MageStoneState:
    state = new_game({"players": players, "go_limit": go_limit})
    rng = random.Random(seed)
    raised = 0
    while True:
        _check_state(state, raised, rng)
        if state.is_terminal():
            return state
        chance = state.is_chance_node()
        action = state.sample_chance(rng) if chance else rng.choice(state.legal_actions())
        before = state.position()
        events = state.apply(action)
        raised += sum(e.kind == "warrior_raised" for e in events)
        after = state.position()
        state.undo()
        assert state.position() == before
        assert state.apply(action) == events and state.position() == after


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(25):
        state = _random_game(players, seed, go_limit=40)
        assert state.result() is not None


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 4])
def test_random_games_keep_every_invariant_soak(players: int) -> None:
    for seed in range(2000):
        _random_game(players, 10_000 + seed, go_limit=300)


def _match_game(players: int, seed: int) -> Match:
    match = Match(new_game({"players": players, "go_limit": 120}), seed=seed)
    rng = random.Random(seed)
    while not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    return match


@pytest.mark.parametrize("players", [2, 4])
def test_same_seed_gives_the_same_log_and_final_hash(players: int) -> None:
    first, second = _match_game(players, 7), _match_game(players, 7)
    assert [e.to_json() for e in first.log] == [e.to_json() for e in second.log]
    assert first.state.state_hash() == second.state.state_hash()
    replay = Match(new_game({"players": players, "go_limit": 120}), seed=7)
    for entry in first.log:
        replay.apply_logged(entry.actor, entry.notation)
    assert replay.state.state_hash() == first.state.state_hash()
