"""The Magnastorm rules engine: the game state behind the common protocol.

A turn is a sequence of small decisions kept as a stack of tasks (see ``core``);
each job of the rules lives in its own module and ``MagnastormState`` puts them
together: ``setup`` (set-up and starting positions), ``crew`` (the main choice),
``panel`` (the lower panel's row and bonus), ``runner`` (the scout runner, labs,
stations), ``choices`` (payments, picks, the free exchange), ``fulfil`` (the
objective), ``rounds`` and ``administration`` (the course of a round and phase 2),
``chance`` (draws), ``flow`` (running the task stack), ``snapshots`` (undo) and
``concede`` (resigning, agreed draws). Chance tasks (card deals, bag draws,
artifact draws) make ``current_player()`` ``CHANCE``. ``undo`` restores a
snapshot taken before each ``apply``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from game.rules.magnastorm.actions import Action, parse_action
from game.rules.magnastorm.concede import Concessions
from game.rules.magnastorm.core import (
    ACTION,
    AUTO,
    BAG_BLACK,
    BAG_PER_COLOUR,
    BLACK,
    BONUS_CREW,
    COLOURS,
    CREW,
    CUBES_PER_COLOUR,
    FREE_LENGTH_FIELDS,
    LAB_SLOTS,
    LIST_FIELDS,
    MARKERS,
    NEUTRAL_PER_COLUMN,
    ROUNDS,
    SCALAR_FIELDS,
    SOURCES,
    SRC,
    START_CUBES,
    STATION_SLOTS,
    SWEEP,
    THRESHOLD,
    TURN_FIELDS,
    YELLOW,
    Static,
    Task,
    new_task,
)
from game.rules.magnastorm.data import Content, bundled_content
from game.rules.magnastorm.describe import describe
from game.rules.magnastorm.options import normalise_options
from game.rules.magnastorm.position import (
    FIELDS,
    decode_position,
    encode_position,
    fields_from_json,
    fields_to_json,
)
from game.rules.protocol import (
    CHANCE,
    Event,
    GameResult,
    GameState,
    IllegalActionError,
    PositionError,
)

__all__ = [
    "ACTION", "AUTO", "BAG_BLACK", "BAG_PER_COLOUR", "BLACK", "BONUS_CREW", "COLOURS", "CREW",
    "CUBES_PER_COLOUR", "LAB_SLOTS", "MARKERS", "NEUTRAL_PER_COLUMN", "ROUNDS", "SOURCES", "SRC",
    "START_CUBES", "STATION_SLOTS", "SWEEP", "THRESHOLD", "TURN_FIELDS", "YELLOW", "MagnastormState",
    "Task",
]


class MagnastormState(Concessions, GameState):
    """A Magnastorm game for 2, 3 or 4 players (seat ``s`` plays cube colour ``s + 1``)."""

    game_id: ClassVar[str] = "magnastorm"

    __slots__ = ("_cache", "_events", "_history", "s", *FIELDS)

    def __init__(self, static: Static) -> None:
        self.s = static
        self._history: list[list[Any]] = []
        self._cache: list[Action] | None = None
        self._events: list[Event] = []

    @classmethod
    def new(cls, options: Mapping[str, Any], content: Content | None = None) -> MagnastormState:
        """A game at its first chance node (the commander deals), set up as the rule text says."""
        opts = normalise_options(options)
        st = Static(opts, content or bundled_content())
        state = cls(st)
        n, board = st.n, st.board
        state.phase = "setup"
        state.round = 1
        state.rotation = 0
        state.rep = [0] * n
        state.ledger = [0] * (n * len(SOURCES))
        state.cubes = [0] * (n * 5)
        state.supply = [CUBES_PER_COLOUR - BAG_PER_COLOUR] + [0] * 5
        state.bag = [BAG_PER_COLOUR] + [0] * 4 + [BAG_BLACK]
        for seat in range(n):
            colour = seat + 1
            state.bag[colour] = BAG_PER_COLOUR
            state.supply[colour] = CUBES_PER_COLOUR - BAG_PER_COLOUR - START_CUBES
            state.cubes[seat * 5 + colour] = START_CUBES
        state.lab_slots = [1] * (n * LAB_SLOTS)
        state.station_slots = [1] * (n * STATION_SLOTS)
        state.crew_home = [CREW] * n
        state.markers_home = [MARKERS] * n
        state.research = [0] * (n * st.areas)
        state.runner = [board.starting_areas[int(opts["start_area"])]] * n
        state.space_owner = [-1] * st.spaces
        state.space_labs = [0] * st.spaces
        state.station_owner = [-1] * st.transmitters
        state.upper = [0] * (st.columns * 5)
        for column in range(st.columns):
            state.upper[column * 5] = NEUTRAL_PER_COLUMN
        state.lower = [()] * (st.rows * st.columns)
        state.admin = [""] * st.columns
        state.admin_ctrl = [-1] * st.columns
        state.rcmd = [""] * st.areas
        state.rcmd_ctrl = [-1] * st.areas
        state.objectives = [""] * 4
        state.claims = [()] * 4
        state.fp_holder = -1
        state.order = []
        state.pass_order = []
        state.pass_pos = 0
        state.end_triggered = 0
        state.turn = [0] * TURN_FIELDS
        state.kim_used = [0] * n
        state.start_used = []
        state.drawn = []
        state.ranking = []
        state.artifacts_won = [-1] * n
        state.tasks = [new_task("setup", AUTO, 0)]
        state._advance()
        state._events = []
        return state

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self.s.n

    def legal_actions(self) -> list[Any]:
        """Legal actions (abstract chance outcomes at a chance node) in a fixed order."""
        if self._cache is None:
            self._cache = self._legal()
        return list(self._cache)

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` may be applied now."""
        if self._cache is None:
            self._cache = self._legal()
        return isinstance(action, Action) and action in self._cache

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """Outcomes of the pending draw with their exact probabilities."""
        if not self.tasks or self.tasks[-1][1] != CHANCE:
            return []
        weighted = self._chance_weights()
        total = sum(w for _, w in weighted)
        return [(action, w / total) for action, w in weighted]

    def sample_chance(self, rng: random.Random) -> Any:
        """Draw the pending chance outcome from ``rng``."""
        weighted = self._chance_weights()
        pick = rng.random() * sum(w for _, w in weighted)
        for action, weight in weighted:
            pick -= weight
            if pick < 0:
                return action
        return weighted[-1][0]

    def apply(self, action: Any) -> list[Event]:
        """Apply a legal action (a decision or a chance outcome)."""
        self._history.append(self._snapshot())
        self._events = []
        self._cache = None
        self._dispatch(action)
        self._advance()
        events, self._events = self._events, []
        return events

    def undo(self) -> None:
        """Restore the state before the last ``apply``."""
        if not self._history:
            raise IllegalActionError("nothing to undo")
        self._restore(self._history.pop())

    def result(self) -> GameResult | None:
        """The winner (first in the ranking) once the game is over; no winner after an agreed draw."""
        if self.tasks:
            return None
        if not self.ranking:
            return GameResult((), "agreed_draw")
        if len(self.order) == 1:
            return GameResult((self.ranking[0],), "resigned")
        reason = "reputation" if self.end_triggered else "round limit"
        return GameResult((self.ranking[0],), reason)

    def returns(self) -> list[float]:
        """+1 to the winner, -1 to every other seat; 0 to all before the end or after an agreed draw."""
        outcome = self.result()
        if outcome is None or not outcome.winners:
            return [0.0] * self.s.n
        return [1.0 if seat in outcome.winners else -1.0 for seat in range(self.s.n)]

    def clone(self) -> Self:
        """An independent copy (without undo history)."""
        other = type(self)(self.s)
        for name in SCALAR_FIELDS:
            setattr(other, name, getattr(self, name))
        for name in LIST_FIELDS:
            setattr(other, name, getattr(self, name)[:])
        return other

    def parse_action(self, text: str) -> Any:
        """Parse action notation."""
        return parse_action(text)

    def position(self) -> str:
        """The whole state in the Magnastorm position notation."""
        return encode_position(self.s.options, self._values())

    @classmethod
    def from_position(cls, text: str, options: Mapping[str, Any] | None = None) -> Self:
        """Rebuild a state from ``position()`` text; ``options`` add to (or override) its set-up options."""
        setup, values = decode_position(text)
        return cls._from_values(values, {**setup, **(options or {})})

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: the options and every field."""
        return {"game": self.game_id, "schema": 1, "options": self.options(),
                "fields": fields_to_json(self._values())}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from ``to_json`` data."""
        if not isinstance(data, Mapping) or data.get("game") != cls.game_id or data.get("schema") != 1:
            raise PositionError("not a Magnastorm state (game 'magnastorm', schema 1 expected)")
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise PositionError("options: expected an object")
        return cls._from_values(fields_from_json(data.get("fields")), options)

    def options(self) -> dict[str, Any]:
        """The match options."""
        return dict(self.s.options)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MagnastormState) and self.position() == other.position() \
            and self.s.options == other.s.options

    def describe_action(self, action: Any) -> str:
        """Plain-language description of ``action`` here, e.g. ``Player 1 moves the runner``."""
        return describe(self, action) if isinstance(action, Action) else str(action)

    def refresh(self) -> None:
        """Forget cached legal actions after fields were edited directly (scenarios, tests)."""
        self._cache = None

    @classmethod
    def _from_values(cls, values: dict[str, Any], options: Mapping[str, Any]) -> Self:
        try:
            fresh = cls.new(options)
        except ValueError as exc:
            raise PositionError(f"options: {exc}") from exc
        state = cls(fresh.s)
        for name in FIELDS:
            template = getattr(fresh, name)
            value = values[name]
            if isinstance(template, list) and name not in FREE_LENGTH_FIELDS and len(value) != len(template):
                raise PositionError(f"{name}: expected {len(template)} entries, got {len(value)}")
            setattr(state, name, value)
        state._check()
        return state
