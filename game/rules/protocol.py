"""The one game protocol both games implement (OpenSpiel-style).

A state is mutable: ``apply`` changes it and records an undo entry, ``undo``
restores the previous state exactly, ``clone`` makes an independent copy.
A state is either a decision node (``current_player()`` is a seat index), a
chance node (``CHANCE``) or terminal (``TERMINAL``).

Chance nodes offer two views of the same event:

* ``chance_outcomes()`` lists *abstract* outcomes with exact probabilities
  (for search: a dice contest is a win/lose event).
* ``sample_chance(rng)`` draws a *concrete* outcome (the dice faces, every
  tie re-roll included) from the match's RNG; applying it has the same effect
  on the rules as the abstract outcome it belongs to. Matches record the
  concrete outcome in the action log, so a saved game replays exactly.

Actions are small frozen values whose ``str()`` is their stable text
notation; ``parse_action(str(a)) == a`` for every legal action.
"""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -2
"""``current_player()`` once the game is over."""


class RulesError(Exception):
    """Base class of every error the rules raise for bad input."""


class ActionParseError(RulesError):
    """The text is not an action in this game's notation."""


class IllegalActionError(RulesError):
    """The action is well formed but not legal in this state."""


class PositionError(RulesError):
    """A position string, scenario or JSON state is malformed or impossible."""


@dataclass(slots=True)
class Event:
    """Something that happened while an action resolved, in order.

    ``kind`` is a short stable name (e.g. ``"moved"``, ``"dice_rolled"``);
    ``data`` holds JSON-compatible details. The view animates events and the
    log prints them; events never feed back into the rules.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON form of this event."""
        return {"kind": self.kind, **dict(self.data)}


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended: ``winners`` empty means a draw."""

    winners: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners


class GameState(ABC):
    """A game position plus whatever the rules need to continue from it."""

    game_id: ClassVar[str]
    """Registry name of the game, e.g. ``"magestone"``."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats in this match."""

    @abstractmethod
    def current_player(self) -> int:
        """Seat index to act, or ``CHANCE``, or ``TERMINAL``."""

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self.current_player() == CHANCE

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """Legal actions in a deterministic order (empty when terminal).

        At a chance node these are the abstract outcomes.
        """

    @abstractmethod
    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` may be applied now (concrete chance outcomes included)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """Abstract chance outcomes with exact probabilities summing to 1."""

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> Any:
        """Draw a concrete chance outcome (with dice faces) from ``rng``."""

    @abstractmethod
    def apply(self, action: Any) -> list[Event]:
        """Apply a legal action, push an undo entry, return what happened.

        Trusts its caller (search fast path): validate with ``is_legal``.
        """

    @abstractmethod
    def undo(self) -> None:
        """Restore the state as it was before the last ``apply``."""

    @abstractmethod
    def result(self) -> GameResult | None:
        """The result once terminal, else None."""

    def returns(self) -> list[float]:
        """Per-seat payoff: +1 each winner, -1 each loser, 0 all on a draw."""
        outcome = self.result()
        if outcome is None or outcome.is_draw:
            return [0.0] * self.num_players
        return [1.0 if seat in outcome.winners else -1.0 for seat in range(self.num_players)]

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (its undo history may be dropped)."""

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """Parse action notation; raise ``ActionParseError`` if malformed."""

    @abstractmethod
    def position(self) -> str:
        """The position in this game's FEN-like notation."""

    @classmethod
    @abstractmethod
    def from_position(cls, text: str, options: Mapping[str, Any] | None = None) -> Self:
        """Rebuild a state from ``position()`` text; raise ``PositionError``."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The full state as plain JSON data."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from ``to_json`` data; raise ``PositionError``."""

    @abstractmethod
    def options(self) -> dict[str, Any]:
        """The match options this state was created with (JSON data)."""

    def state_hash(self) -> str:
        """Stable hash of the position, for save files and replay checks."""
        return hashlib.sha256(self.position().encode("utf-8")).hexdigest()[:32]

    def describe_action(self, action: Any) -> str:
        """Plain-language description of an action, for logs and tooltips."""
        return str(action)


def action_strings(state: GameState) -> Sequence[str]:
    """Notation of every legal action in ``state``."""
    return [str(action) for action in state.legal_actions()]
