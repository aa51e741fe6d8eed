"""Representative routes: checked against brute force over every simple route."""

from __future__ import annotations

import random

from game.rules.magestone import MageStoneState, Move, new_game
from game.rules.magestone.board import MAX_WARRIORS

from .helpers import BOARD


def _effect(state: MageStoneState, route: tuple[int, ...]) -> tuple[int, bool, int]:
    """What a route changes: destination, whether it breaks a running Rite, the Priest's step-back square."""
    scenario = state.to_scenario()
    seat = state.current_player()
    unit = state.unit_at(route[0])
    assert unit is not None
    nexus = set(BOARD.nexus)
    rite = scenario["rite"]
    breaks = False
    if rite is not None:
        if rite["seat"] != state.seats[seat]:
            breaks = any(s in nexus for s in route[1:])
        elif unit[1] == "priest":
            breaks = any(s not in nexus for s in route[1:])
    graves = {BOARD.square_of[g] for g in scenario["gravestones"]}
    warriors = len(scenario["seats"][state.seats[seat]]["warriors"])
    raises = unit[1] == "priest" and route[-1] in graves and warriors < MAX_WARRIORS
    return route[-1], breaks, route[-2] if raises else -1


def _all_routes(state: MageStoneState, start: int) -> dict[tuple[int, bool, int], int]:
    """Shortest length per effect over every simple route the unit on ``start`` may take."""
    squares = state.go_info()["squares"]
    occupied = {s for s in range(256) if BOARD.valid[s] and state.unit_at(s) is not None}
    best: dict[tuple[int, bool, int], int] = {}
    path = [start]

    def walk() -> None:
        if len(path) > 1:
            key = _effect(state, tuple(path))
            best[key] = min(best.get(key, 99), len(path) - 1)
        if len(path) - 1 == squares:
            return
        for nb in BOARD.neighbours[path[-1]]:
            if nb not in occupied and nb not in path:
                path.append(nb)
                walk()
                path.pop()

    walk()
    return best


def _sample_states() -> list[MageStoneState]:
    states = []
    for players in (2, 4):
        for seed in range(10):
            state = new_game({"players": players, "go_limit": 60})
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                if state.to_scenario()["rite"] is not None or rng.random() < 0.01:
                    states.append(state.clone())
                state.apply(rng.choice(state.legal_actions()))
    return states


def test_listed_routes_are_one_shortest_route_per_destination_and_effect() -> None:
    checked = rites = 0
    for state in _sample_states():
        rites += state.to_scenario()["rite"] is not None
        moves = [a for a in state.legal_actions() if isinstance(a, Move)]
        starts = {m.start for m in moves}
        for start in starts:
            listed: dict[tuple[int, bool, int], int] = {}
            for move in (m for m in moves if m.start == start):
                key = _effect(state, move.route)
                assert key not in listed, f"two routes with the same effect: {move} in {state.position()}"
                listed[key] = move.cost
            assert listed == _all_routes(state, start), state.position()
            checked += 1
    assert checked > 50 and rites > 10


def test_rival_priest_with_a_rite_and_gravestones_gets_every_effect() -> None:
    state = MageStoneState.from_scenario({
        "players": 2,
        "seats": {"S": {"mage": "i1", "priest": "h8", "warriors": ["e5"]},
                  "N": {"mage": "h16", "priest": "g9", "warriors": ["l12"]}},
        "gravestones": ["g7", "j9"], "rite": {"seat": "S", "laps": 0, "needed": 2},
        "stones": {"f8": [8, 0]}, "turn": "N"}, "test")
    start = BOARD.square_of["g9"]
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.start == start]
    listed = {_effect(state, m.route): m.cost for m in moves}
    assert listed == _all_routes(state, start)
    j9 = BOARD.square_of["j9"]
    # onto j9: through the Nexus stepping back to i9 (g9-h9-i9-j9), j8 (via i8) or j10 (via h10);
    # around it only by g10-h10-i10-j10 (j8 and k9 are 7 squares away without the Nexus)
    assert {(key[1], BOARD.names[key[2]]) for key in listed if key[0] == j9} == {
        (True, "i9"), (True, "j8"), (True, "j10"), (False, "j10")}
