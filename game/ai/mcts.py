"""Monte Carlo tree search over the protocol, with explicit chance nodes (OpenSpiel-style).

* Chance nodes are sampled by their exact ``chance_outcomes()`` probabilities;
  they are not choices, so their value is simply what flows back through them,
  credited to whoever decided before.
* Every node keeps a per-seat value vector; at a decision node the seat to act
  picks the child best for itself (max^n), so 2-4 players need no special case.
* Leaves are scored by the game's heuristic evaluation (optionally after a
  short random playout), not by long random rollouts: the lesson of Bot Bowl,
  where search became competitive with a fast forward model and a heuristic.
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.ai.base import Evaluator, ScoredAction, Searcher, SearchLimit
from game.rules.protocol import CHANCE, GameState


class _Node:
    __slots__ = ("children", "outcomes", "player", "total", "untried", "visits")

    def __init__(self, state: GameState, rng: random.Random) -> None:
        self.player = state.current_player()
        self.visits = 0
        self.total = [0.0] * state.num_players
        self.children: dict[int, _Node] = {}
        self.outcomes: list[tuple[Any, float]] = []
        self.untried: list[int] = []
        if self.player == CHANCE:
            self.outcomes = state.chance_outcomes()
        elif self.player >= 0:
            self.outcomes = [(a, 0.0) for a in state.legal_actions()]
            self.untried = list(range(len(self.outcomes)))
            rng.shuffle(self.untried)

    def mean(self, seat: int) -> float:
        return self.total[seat] / self.visits if self.visits else 0.0


class Mcts(Searcher):
    """UCT with max^n backups and heuristic leaves; one node of budget per iteration."""

    def __init__(self, evaluator: Evaluator, exploration: float = 1.0, playout: int = 0) -> None:
        self.evaluator = evaluator
        self.exploration = exploration
        self.playout = playout

    def analyse(
        self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit
    ) -> list[ScoredAction]:
        """Run iterations until the budget is spent; score root actions by visits then value."""
        root = _Node(state, rng)
        seat = root.player
        while not limit.exhausted:
            self._iterate(root, state, rng)
            limit.tick()
        scored = []
        for index, (action, _) in enumerate(root.outcomes):
            child = root.children.get(index)
            if child is None:
                scored.append(ScoredAction(action, -math.inf, 0.0))
            else:
                scored.append(ScoredAction(action, child.mean(seat), float(child.visits)))
        return scored

    def _iterate(self, root: _Node, state: GameState, rng: random.Random) -> None:
        path = [root]
        node = root
        applied = 0
        values: list[float] | None = None
        while values is None:
            if node.player < 0 and node.player != CHANCE:
                values = state.returns()
                break
            if node.player == CHANCE:
                index = _sample(node.outcomes, rng)
            elif node.untried:
                index = node.untried.pop()
            else:
                index = self._select(node)
            state.apply(node.outcomes[index][0])
            applied += 1
            child = node.children.get(index)
            if child is None:
                child = node.children[index] = _Node(state, rng)
                path.append(child)
                values = self._leaf(state, rng)
            else:
                path.append(child)
                node = child
        for visited in path:
            visited.visits += 1
            for seat, value in enumerate(values):
                visited.total[seat] += value
        for _ in range(applied):
            state.undo()

    def _select(self, node: _Node) -> int:
        seat = node.player
        log_n = math.log(node.visits)
        best_index, best_score = -1, -math.inf
        for index, child in node.children.items():
            score = child.mean(seat) + self.exploration * math.sqrt(log_n / child.visits)
            if score > best_score:
                best_index, best_score = index, score
        return best_index

    def _leaf(self, state: GameState, rng: random.Random) -> list[float]:
        steps = 0
        while steps < self.playout and not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[_sample(outcomes, rng)][0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
            steps += 1
        values = self.evaluator(state)
        for _ in range(steps):
            state.undo()
        return values


def _sample(outcomes: list[tuple[Any, float]], rng: random.Random) -> int:
    """Index of an outcome drawn by its probability."""
    draw = rng.random()
    for index, (_, probability) in enumerate(outcomes):
        draw -= probability
        if draw < 0:
            return index
    return len(outcomes) - 1
