"""Action generation checked against straightforward references over seeded random positions.

The generator works on bitmasks, builds moves in bulk and finds their routes
lazily; these tests hold it to a plain breadth-first search over squares and
to brute force over every candidate action filtered by ``is_legal``.
"""

from __future__ import annotations

import random
from collections import deque
from itertools import combinations

import pytest

from game.rules.magestone import Attack, Bolt, EndGo, MageStoneState, Move, UnitAction, new_game
from game.rules.magestone.actions import UNIT_VERBS, LazyMove
from game.rules.protocol import TERMINAL

from .helpers import BOARD


def _positions(count: int, seed: int) -> list[MageStoneState]:
    """``count`` decision positions sampled from seeded random 2- and 4-player games."""
    rng = random.Random(seed)
    states: list[MageStoneState] = []
    while len(states) < count:
        state = new_game({"players": rng.choice((2, 4)), "go_limit": 150})
        while not state.is_terminal() and len(states) < count:
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            if rng.random() < 0.1:
                states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return states


def _empowered(state: MageStoneState) -> MageStoneState | None:
    """``state`` with up to four board stones moved into the acting Mage's hands, Activated (Bolt, Nova)."""
    data = state.to_scenario()
    turn = data["seats"][data["turn"]]
    if data["pending"] is not None or data["result"] is not None or turn["mage"] is None:
        return None
    moved = 0
    for square, pair in list(data["stones"].items()):
        while moved < 4 and pair[0]:
            pair[0] -= 1
            moved += 1
        if pair == [0, 0]:
            del data["stones"][square]
    turn["carried"] = [turn["carried"][0], turn["carried"][1] + moved]
    return MageStoneState.from_scenario(data, "empowered", state.options()) if moved else None


def _distances(state: MageStoneState, start: int, budget: int) -> dict[int, int]:
    """Breadth-first search over empty squares: shortest step count to each square within ``budget``."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if seen[here] == budget:
            continue
        for nb in BOARD.neighbours[here]:
            if nb not in seen and state.unit_at(nb) is None:
                seen[nb] = seen[here] + 1
                queue.append(nb)
    del seen[start]
    return seen


def _canonical_route(state: MageStoneState, start: int, dest: int, budget: int) -> tuple[int, ...]:
    """The documented canonical route: walk back from ``dest``, each step to the first neighbour
    (south, west, north, east) one step nearer the start."""
    distance = _distances(state, start, budget)
    distance[start] = 0
    route = [dest]
    while route[-1] != start:
        depth = distance[route[-1]]
        route.append(next(nb for nb in BOARD.neighbours[route[-1]] if distance.get(nb, -1) == depth - 1
                          and (nb == start or state.unit_at(nb) is None)))
    return tuple(reversed(route))


def _candidates(state: MageStoneState) -> list[object]:
    """Every non-move action of any shape for the player to act (most of them illegal).

    A coordinated attack is listed once: led by the acting unit, else by the lowest square.
    """
    seat = state.current_player()
    occupied = [s for s in range(256) if BOARD.valid[s] and state.unit_at(s) is not None]
    own = [s for s in occupied if state.unit_at(s)[0] == seat]  # type: ignore[index]
    active = BOARD.square_of.get(state.to_scenario()["active"] or "", -1)
    out: list[object] = [EndGo()]
    for leader in own:
        out.extend(UnitAction(verb, leader) for verb in UNIT_VERBS)
        out.extend(Bolt(leader, target) for target in occupied)
        for target in BOARD.neighbours[leader]:
            joiners = sorted(q for q in own if target in BOARD.neighbours[q]
                             and (q > leader or (q != leader and leader == active)))
            out.append(Attack((leader,), target))
            out.extend(Attack((leader, *group), target)
                       for size in (1, 2) for group in combinations(joiners, size))
    return out


def _check(state: MageStoneState) -> tuple[int, int]:
    """Check one position; returns the counts of moves and of other actions checked."""
    actions = state.legal_actions()
    if state.current_player() == TERMINAL:
        assert actions == []
        return 0, 0
    assert state.legal_actions() == actions and state.legal_actions() is not actions
    assert len({str(a) for a in actions}) == len(actions)
    if state.current_player() < 0 or not isinstance(actions[-1], EndGo):
        return 0, 0  # a dice contest or a fall choice: covered by the combat tests
    budget = state.go_info()["squares"]
    moves = [a for a in actions if isinstance(a, Move)]
    others = [a for a in actions if not isinstance(a, Move)]
    assert actions[:len(moves)] == moves, "moves come first"
    assert set(others) == {c for c in _candidates(state) if state.is_legal(c)}, state.position()
    for move in moves:
        assert state.is_legal(move) and Move(move.route) == move and hash(Move(move.route)) == hash(move)
        assert state.parse_action(str(move)) == move and move.dest == move.route[-1]
    canonical = [m for m in moves if type(m) is LazyMove]
    starts = [m.start for m in canonical]
    assert starts == sorted(starts), "units in ascending square order"
    if state.to_scenario()["rite"] is not None:
        return len(moves), len(others) - 1  # a Rite splits moves by their effect: see test_ms_routes
    for start in dict.fromkeys(starts):
        mine = [m for m in canonical if m.start == start]
        expected = _distances(state, start, budget)
        assert [m.dest for m in mine] == sorted(expected), state.position()
        assert {m.dest: m.cost for m in mine} == expected and state.reachable(start) == expected
        for move in mine:
            assert move.route == _canonical_route(state, start, move.dest, budget), state.position()
    return len(moves), len(others) - 1


def test_generation_matches_the_references_over_seeded_positions() -> None:
    positions = _positions(200, seed=11)
    counts = [_check(state) for state in positions]
    assert sum(moves > 0 for moves, _ in counts) > 100 and sum(others > 0 for _, others in counts) > 20
    powered = [_empowered(state) for state in positions[::2]]
    assert sum(_check(state)[1] > 1 for state in powered if state is not None) > 30


def test_generation_after_apply_and_undo_matches_a_fresh_copy() -> None:
    """The per-state action cache never serves a stale list."""
    for state in _positions(40, seed=5):
        rng = random.Random(state.go_info()["go"])
        for _ in range(3):
            if state.is_terminal():
                break
            listed = [str(a) for a in state.legal_actions()]
            action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            state.apply(action)
            fresh = MageStoneState.from_json(state.to_json())
            assert [str(a) for a in state.legal_actions()] == [str(a) for a in fresh.legal_actions()]
            state.undo()
            assert [str(a) for a in state.legal_actions()] == listed
            state.apply(action)


@pytest.mark.soak
def test_generation_matches_the_references_soak() -> None:
    for seed in range(20):
        for state in _positions(200, seed=1000 + seed):
            _check(state)
            powered = _empowered(state)
            if powered is not None:
                _check(powered)
