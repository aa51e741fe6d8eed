"""Bot interface, search budgets and the scored-root-action picture every search shares.

A bot only sees the game protocol: it works on a clone of the state, draws
randomness from its own ``random.Random`` (never the match's dice RNG) and
spends a :class:`Budget` counted in search nodes, so the same seed and budget
always give the same move. An optional wall-time cap trades that
reproducibility for a bounded wait in live play.
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.protocol import GameState

Evaluator = Callable[[GameState], list[float]]
"""Heuristic value of a position for every seat, each in [-1, 1] (terminal: ``returns()``, or a game's
final value, which keeps every win at or above +1 and every loss at or below -1)."""


@dataclass(frozen=True)
class Budget:
    """How much a search may spend: ``nodes`` visited, optionally capped by ``max_seconds``.

    With ``max_seconds`` None the search is fully reproducible.
    """

    nodes: int
    max_seconds: float | None = None

    def start(self, stop: Callable[[], bool] | None = None) -> SearchLimit:
        """A fresh counter for one search; ``stop`` may cancel it from outside."""
        return SearchLimit(self, stop)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON form (the worker passes budgets between processes)."""
        return {"nodes": self.nodes, "max_seconds": self.max_seconds}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Budget:
        """Inverse of :meth:`to_json`."""
        seconds = data.get("max_seconds")
        return cls(int(data["nodes"]), None if seconds is None else float(seconds))


class SearchLimit:
    """Counts the nodes one search visits and says when to stop."""

    _CLOCK_EVERY = 32

    def __init__(self, budget: Budget, stop: Callable[[], bool] | None = None) -> None:
        self.budget = budget
        self.used = 0
        self._stop = stop
        self._deadline = None if budget.max_seconds is None else time.perf_counter() + budget.max_seconds
        self._out = False

    def tick(self, nodes: int = 1) -> None:
        """Record ``nodes`` more visited nodes."""
        self.used += nodes
        clock_due = self.used % self._CLOCK_EVERY < nodes
        if self.used >= self.budget.nodes or (clock_due and self._external_stop()):
            self._out = True

    def _external_stop(self) -> bool:
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            return True
        return self._stop is not None and self._stop()

    def reserve(self, seconds: float) -> float | None:
        """Bring this search's time cap ``seconds`` earlier, keeping them for work after the search; the
        cap as it was (a ``time.perf_counter()`` value), or None without one."""
        if self._deadline is None:
            return None
        deadline = self._deadline
        self._deadline = deadline - seconds
        return deadline

    @property
    def exhausted(self) -> bool:
        """True once the node budget, the time cap or a cancel request is reached."""
        return self._out


@dataclass(frozen=True)
class ScoredAction:
    """One root action with its value for the player to act (higher is better).

    ``weight`` ranks before ``value`` (MCTS visit counts); other searches leave it 0.
    """

    action: Any
    value: float
    weight: float = 0.0


_LEAD_CLAMP = 1.0 - 1e-9


def lead(value: float) -> float:
    """The score lead behind a value in (-1, 1) (``atanh``, the inverse of the evaluations' ``tanh``)."""
    return math.atanh(max(-_LEAD_CLAMP, min(_LEAD_CLAMP, value)))


@dataclass(frozen=True)
class Noise:
    """Human-like mistakes: pick by softmax among actions within ``margin`` of the best.

    With ``by_lead`` the margin and temperature are measured on the score lead behind each value
    (:func:`lead`) rather than on the value: far ahead or far behind, where ``tanh`` flattens every
    value towards +-1, a mistake still costs what it costs near equality, so a side far ahead keeps
    pressing instead of choosing among all moves alike.
    """

    temperature: float
    margin: float
    by_lead: bool = False

    def pick(self, scored: Sequence[ScoredAction], rng: random.Random) -> Any:
        """Choose an action from ``scored`` (best first); a proven win (value >= 1) is never passed over."""
        if scored[0].value >= 1.0:
            return scored[0].action
        measure = lead if self.by_lead else float
        values = [measure(s.value) for s in scored]
        best = values[0]
        near = [(s, v) for s, v in zip(scored, values, strict=True) if v >= best - self.margin]
        weights = [math.exp((v - best) / self.temperature) for _, v in near]
        return rng.choices([s for s, _ in near], weights=weights)[0].action


def rank(scored: Sequence[ScoredAction]) -> list[ScoredAction]:
    """Best first: by weight, then value; ties keep the legal-action order (stable)."""
    return sorted(scored, key=lambda s: (-s.weight, -s.value))


class Bot(ABC):
    """Chooses an action for the player to act in a state."""

    name: str = "bot"

    def __init__(self, budget: Budget) -> None:
        self.budget = budget

    def choose(self, state: GameState, rng: random.Random, budget: Budget | None = None) -> Any:
        """A legal action for ``state.current_player()``; ``state`` itself is never changed."""
        actions = state.legal_actions()
        if not actions or state.is_chance_node():
            raise ValueError("choose() needs a decision node with legal actions")
        if len(actions) == 1:
            return actions[0]
        return self._choose(state.clone(), actions, rng, (budget or self.budget).start())

    def choose_with(self, state: GameState, rng: random.Random, limit: SearchLimit) -> Any:
        """Like :meth:`choose`, with a caller-made limit (the worker adds a cancel hook)."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self._choose(state.clone(), actions, rng, limit)

    def remember(self, positions: Iterable[str]) -> None:
        """Positions (by the game's repetition key) the game has already been in; a bot that shuns
        repeating them (:class:`SearchBot`) counts them as made. Others ignore them."""
        return None

    @abstractmethod
    def _choose(self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit) -> Any:
        """Pick from ``actions`` (at least two) working on ``state``, a private clone."""


class RandomBot(Bot):
    """Uniformly random legal actions: the baseline of every ladder."""

    name = "random"

    def _choose(self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit) -> Any:
        return rng.choice(actions)


class Searcher(ABC):
    """A search that scores the root actions of a decision node."""

    @abstractmethod
    def analyse(
        self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit
    ) -> list[ScoredAction]:
        """Scores for ``actions`` (the legal actions of ``state``) for the player to act.

        ``state`` is the searcher's own clone; it must be restored before returning.
        """


RepetitionKey = Callable[[GameState], str]
"""The part of a position that makes it "the same position again" (no move counters)."""

Guard = Callable[[GameState, list[ScoredAction], float | None], list[ScoredAction]]
"""A last look at the ranked root actions before one is played: may put another first (the state is the
bot's own clone, to be restored). The third argument is the ``time.perf_counter()`` by which to be done,
or None (no time cap: the look is then fully reproducible)."""


class SearchBot(Bot):
    """Plays the best action a :class:`Searcher` finds, or a noisy near-best one.

    With a ``repetition_key`` the bot remembers every position its own moves made in this game, and a
    move that would make one of them again is worth no more than a draw (0) to it: a side ahead never
    shuffles back to a position it has had before while another move keeps its lead (a side behind
    may still repeat). A bot serves one game: :func:`~game.ai.levels.make_bot` makes a fresh one; a
    bot made for one request (the client's worker) is told the game's positions by :meth:`remember`.
    A ``guard`` has the last look at the ranking (MagiStrat Hard's check for a move that gives material);
    under a time cap the search leaves it ``guard_seconds`` of the think time.
    """

    def __init__(
        self, name: str, searcher: Searcher, budget: Budget, noise: Noise | None = None,
        repetition_key: RepetitionKey | None = None, guard: Guard | None = None, guard_seconds: float = 0.0,
    ) -> None:
        super().__init__(budget)
        self.name = name
        self.searcher = searcher
        self.noise = noise
        self.repetition_key = repetition_key
        self.guard = guard
        self.guard_seconds = guard_seconds
        self._made: set[str] = set()

    def remember(self, positions: Iterable[str]) -> None:
        """Count ``positions`` as made (the client's worker passes the match's history this way)."""
        if self.repetition_key is not None:
            self._made.update(positions)

    def _choose(self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit) -> Any:
        guard_deadline = limit.reserve(self.guard_seconds) if self.guard is not None else None
        scored = rank(self.searcher.analyse(state, actions, rng, limit))
        key = self.repetition_key
        if key is not None:
            scored = rank([self._shunned(state, s, key) for s in scored])
        if self.guard is not None:
            scored = self.guard(state, scored, guard_deadline)
        choice = scored[0].action if self.noise is None else self.noise.pick(scored, rng)
        if key is not None:
            state.apply(choice)
            self._made.add(key(state))
            state.undo()
        return choice

    def _shunned(self, state: GameState, scored: ScoredAction, key: RepetitionKey) -> ScoredAction:
        """``scored``, worth at most a draw if its action makes a position this bot has made before."""
        if scored.value <= 0:
            return scored
        state.apply(scored.action)
        again = key(state) in self._made
        state.undo()
        return ScoredAction(scored.action, 0.0, scored.weight) if again else scored


def terminal_or(evaluator: Evaluator, final: Evaluator | None = None) -> Evaluator:
    """``evaluator`` for live positions; for finished ones ``final`` (a game's margin-aware result), else
    the exact ``returns()``."""

    def evaluate(state: GameState) -> list[float]:
        if state.is_terminal():
            return state.returns() if final is None else final(state)
        return evaluator(state)

    return evaluate

