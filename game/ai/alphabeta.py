"""Iterative-deepening alpha-beta (negamax) for two-player games, on apply/undo.

Move ordering: the transposition table's best move first, then a history
score per action text. The table is keyed by ``position()`` (the game's
FEN-like text, which includes the side to move). Chance nodes, should a game
have them, are averaged over ``chance_outcomes()`` with a full window
(a plain expectimax step, enough for the rare dice of a deterministic game).
A search out of budget keeps the last fully searched depth's answer (with ``use_cut_depth``,
corrected by the root moves the cut-short deeper iteration searched whole: a move found better than
the previous best there, once that one was searched, is played).

With a ``tactical`` predicate (MagiStrat: a move that attacks, or a God's move), a leaf reached by
a tactical move is not judged as it stands: the side to move there may answer with a tactical move
of its own (a recapture), or stand pat, whichever is better for it (a one-ply quiescence search), so
an exchange that the horizon cuts in half is not mistaken for a gain. With an ``every_leaf`` predicate true
of the root position (MagiStrat: a side down to its last Archmages or Mages), every leaf gets that step,
so a quiet move that leaves a game-ending answer (the last offensive piece taken) is seen one ply
beyond the horizon.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ai.base import Evaluator, ScoredAction, Searcher, SearchLimit
from game.rules.protocol import GameState

WIN = 10.0
"""A won game is worth ``WIN`` plus the depth left (quicker wins score higher); evaluations lie in [-1, 1]."""

_EXACT, _LOWER, _UPPER = 0, 1, 2


@dataclass
class _Entry:
    depth: int
    value: float
    flag: int
    best: str | None


class _OutOfBudget(Exception):
    pass


class AlphaBeta(Searcher):
    """Negamax with iterative deepening, a transposition table and history ordering.

    ``root_margin`` > 0 makes every root action within that margin of the best
    exactly scored (for noisy, human-like levels); 0 gives plain alpha-beta.
    """

    def __init__(
        self, evaluator: Evaluator, max_depth: int, root_margin: float = 0.0,
        tactical: Callable[[GameState, Any], bool] | None = None, use_cut_depth: bool = False,
        every_leaf: Callable[[GameState], bool] | None = None,
    ) -> None:
        self.evaluator = evaluator
        self.max_depth = max_depth
        self.root_margin = root_margin
        self.tactical = tactical
        self.use_cut_depth = use_cut_depth
        """Correct the last full depth by the root moves a cut-short deeper iteration searched whole."""
        self.every_leaf = every_leaf
        """True of a root position where every leaf (not only one after a tactical move) is quiesced."""
        self._quiesce_every_leaf = False
        self._table: dict[str, _Entry] = {}
        self._history: dict[str, int] = {}
        self._limit: SearchLimit | None = None
        self._done: dict[str, float] = {}
        """Root moves fully searched at the depth being searched, with their values."""
        self._first: str | None = None

    def analyse(
        self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit
    ) -> list[ScoredAction]:
        """Deepen from 1 to ``max_depth`` while the budget lasts; scores of the last full depth."""
        self._table = {}
        self._history = {}
        self._limit = limit
        self._quiesce_every_leaf = (self.tactical is not None and self.every_leaf is not None
                                    and self.every_leaf(state))
        scored = [ScoredAction(a, 0.0) for a in actions]
        for depth in range(1, self.max_depth + 1):
            try:
                scored = self._root(state, actions, depth)
            except _OutOfBudget:
                if depth > 1 and self.use_cut_depth:
                    scored = self._deeper_where_searched(scored)
                break
            if limit.exhausted or abs(max(s.value for s in scored)) >= WIN:
                break
        return scored

    def _deeper_where_searched(self, previous: list[ScoredAction]) -> list[ScoredAction]:
        """The last full depth's scores, corrected by the deeper iteration the budget cut short.

        That iteration searched the previous best move first; once it was done, any root move whose
        deeper search finished above it is better at the new depth, and the best such move is ranked
        first (just above the previous best value). A search whose first move was not done changes
        nothing.
        """
        done, first = self._done, self._first
        if first is None or first not in done:
            return previous
        better = [(value, text) for text, value in done.items() if value > done[first]]
        if not better:
            return previous
        promoted = max(better)[1]
        top = max(s.value for s in previous)
        return [ScoredAction(s.action, top + 1e-9) if str(s.action) == promoted else s for s in previous]

    def _root(self, state: GameState, actions: list[Any], depth: int) -> list[ScoredAction]:
        seat = state.current_player()
        ordered = self._order(state, actions)
        results: dict[str, float] = {}
        self._done, self._first = results, str(ordered[0])
        best = -math.inf
        for action in ordered:
            alpha = best - self.root_margin if self.root_margin > 0 else best
            tactical = self._is_tactical(state, action)
            state.apply(action)
            try:
                value = self._value(state, seat, depth - 1, alpha, math.inf, tactical)
            finally:
                state.undo()
            results[str(action)] = value
            best = max(best, value)
        best_action = max(ordered, key=lambda a: results[str(a)])
        self._table[state.position()] = _Entry(depth, best, _EXACT, str(best_action))
        return [ScoredAction(a, results[str(a)]) for a in actions]

    def _is_tactical(self, state: GameState, action: Any) -> bool:
        """``action`` (about to be played in ``state``) is tactical."""
        return self.tactical is not None and self.tactical(state, action)

    def _value(
        self, state: GameState, seat: int, depth: int, alpha: float, beta: float, tactical: bool = False
    ) -> float:
        """Value of ``state`` for ``seat`` searched ``depth`` decisions deep, in window (alpha, beta).

        Zero-sum: a node where the other seat acts is the negation of its own value.
        Several decisions in a row by one seat (a multi-action go) are simply a deeper max.
        ``tactical``: the move that led here was tactical (a leaf then gets its quiescence step).
        """
        if state.is_terminal():
            return state.returns()[seat] * (WIN + depth)
        if state.is_chance_node():
            return self._expect(state, seat, depth)
        player = state.current_player()
        if player != seat:
            return -self._value(state, player, depth, -beta, -alpha, tactical)
        limit = self._limit
        assert limit is not None
        limit.tick()
        if limit.exhausted:
            raise _OutOfBudget
        if depth <= 0:
            if tactical or self._quiesce_every_leaf:
                return self._quiesce(state, seat, beta)
            return self.evaluator(state)[seat]
        key = state.position()
        entry = self._table.get(key)
        if entry is not None and entry.depth >= depth:
            if entry.flag == _EXACT:
                return entry.value
            if entry.flag == _LOWER and entry.value >= beta:
                return entry.value
            if entry.flag == _UPPER and entry.value <= alpha:
                return entry.value
        original_alpha = alpha
        best, best_action = -math.inf, None
        for action in self._order(state, state.legal_actions(), entry):
            tactical = self._is_tactical(state, action)
            state.apply(action)
            try:
                value = self._value(state, seat, depth - 1, alpha, beta, tactical)
            finally:
                state.undo()
            if value > best:
                best, best_action = value, action
            alpha = max(alpha, value)
            if alpha >= beta:
                text = str(action)
                self._history[text] = self._history.get(text, 0) + depth * depth
                break
        flag = _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT
        self._table[key] = _Entry(depth, best, flag, None if best_action is None else str(best_action))
        return best

    def _quiesce(self, state: GameState, seat: int, beta: float) -> float:
        """A leaf after a tactical move: ``seat`` (to move) stands pat or plays its best tactical answer."""
        best = self.evaluator(state)[seat]
        if best >= beta:
            return best
        tactical = self.tactical
        assert tactical is not None and self._limit is not None
        for action in state.legal_actions():
            if not tactical(state, action):
                continue
            self._limit.tick()
            state.apply(action)
            try:
                if state.is_terminal():
                    value = state.returns()[seat] * WIN
                elif state.is_chance_node():
                    value = self._expect(state, seat, 0)
                else:
                    value = self.evaluator(state)[seat]
            finally:
                state.undo()
            if value > best:
                best = value
                if best >= beta:
                    break
        return best

    def _expect(self, state: GameState, seat: int, depth: int) -> float:
        """Expectation for ``seat`` over the chance outcomes (full window)."""
        total = 0.0
        for outcome, probability in state.chance_outcomes():
            state.apply(outcome)
            try:
                total += probability * self._value(state, seat, depth, -math.inf, math.inf)
            finally:
                state.undo()
        return total

    def _order(self, state: GameState, actions: list[Any], entry: _Entry | None = None) -> list[Any]:
        best = entry.best if entry is not None else None
        if best is None:
            root = self._table.get(state.position())
            best = root.best if root is not None else None
        # The best move first, then those with a history score (highest first), then the rest, each
        # group in the given order: a stable sort by (not best, -score), without a key call per action.
        history = self._history
        first: list[Any] = []
        scored: list[tuple[int, int, Any]] = []
        rest: list[Any] = []
        for index, action in enumerate(actions):
            text = str(action)
            if text == best:
                first.append(action)
            elif text in history:
                scored.append((-history[text], index, action))
            else:
                rest.append(action)
        scored.sort()
        return first + [action for _, _, action in scored] + rest
