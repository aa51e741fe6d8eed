"""The Magnastorm rules engine: set-up, turns, administration, game end.

A turn is a sequence of small decisions. The state keeps a stack of *tasks*
(``(kind, actor, a, b, c)`` tuples, the top one last): the top task says who acts
and what may be chosen. Applying an action pops or rewrites the top task and may
push follow-up tasks (a lab pushes its research advance, a research bonus pushes
a bag draw...). Automatic tasks run at once; a decision with a single legal
action is taken at once too, so every decision left to a player is a real one.
Chance tasks (card deals, bag draws, artifact draws) make ``current_player()``
``CHANCE``. ``undo`` restores a snapshot taken before each ``apply``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

from game.rules.magnastorm.actions import Action, act, parse_action
from game.rules.magnastorm.data import Content, Cost, ObjectiveFace, bundled_content
from game.rules.magnastorm.describe import describe
from game.rules.magnastorm.objectives import (
    constraint_after,
    removable_spaces,
    research_areas,
    sector_counts,
    sole_majority,
    target,
)
from game.rules.magnastorm.options import normalise_options
from game.rules.magnastorm.planet import drift_areas, income_table, quiet_sectors
from game.rules.magnastorm.position import (
    FIELD_KINDS,
    FIELDS,
    decode_position,
    encode_position,
    fields_from_json,
    fields_to_json,
)
from game.rules.protocol import (
    CHANCE,
    TERMINAL,
    Event,
    GameResult,
    GameState,
    IllegalActionError,
    PositionError,
)

AUTO = -3
"""Actor of a task the rules resolve by themselves."""
COLOURS = "y1234k"
"""Cube colours: yellow, the four seat colours, black (bag only)."""
YELLOW, BLACK = 0, 5
CUBES_PER_COLOUR = 25
BAG_BLACK, BAG_PER_COLOUR = 25, 3
START_CUBES = 2
LAB_SLOTS, STATION_SLOTS, CREW, MARKERS = 10, 3, 5, 8
NEUTRAL_PER_COLUMN = 3
ROUNDS = 4
THRESHOLD = {2: 25, 3: 23, 4: 27}
SOURCES = ("objective", "commander", "commander_lost", "majority", "station", "dain", "outridge",
           "yilmark", "lebeaux", "artifact")
"""Where reputation comes from; ``reputation[seat] == sum(ledger[seat])`` always."""
SRC = {name: i for i, name in enumerate(SOURCES)}

# Purposes of a crew placement.
ACTION, SWEEP, BONUS_CREW = 0, 1, 2
# Fields of the per-turn context list.
(T_CELL, T_OPTION, T_RANGE, T_PASSED, T_BUILT, T_SPACE, T_DROPPED, T_EXTRA, T_AZREA, T_KAYSIA,
 T_JUSTIN, T_ADIRA, T_MODE) = range(13)
TURN_FIELDS = 13
MODE_NORMAL, MODE_MIRA, MODE_DRIFT = 0, 1, 2
OPTION_MOVE, OPTION_GAIN = 1, 2
# Tasks where the free exchange may be made (every point of a turn where cubes can be paid).
TRADE_TASKS = frozenset({"main", "option", "premove", "land", "dain", "objective"})
CHANCE_TASKS = frozenset({"deal_rc", "deal_ac", "deal_ob", "first", "draw", "tie", "bag", "artifact"})

Task = tuple[str, int, int, int, int]
_FREE_LENGTH = frozenset({"order", "pass_order", "start_used", "drawn", "ranking", "tasks"})
"""Fields whose length changes during a game (the others have a fixed length per match)."""
_SCALAR_FIELDS = tuple(name for name in FIELDS if FIELD_KINDS[name] in ("i", "s"))
_LIST_FIELDS = tuple(name for name in FIELDS if name not in _SCALAR_FIELDS)


def _task(kind: str, actor: int, a: int = 0, b: int = 0, c: int = 0) -> Task:
    return (kind, actor, a, b, c)


class _Static:
    """What a match never changes: content, side, sizes (shared by clones)."""

    def __init__(self, options: dict[str, Any], content: Content) -> None:
        self.options = options
        self.content = content
        self.n = n = int(options["players"])
        self.side = side = "4p" if n == 4 else "2-3p"
        self.board = content.boards[side]
        self.face = content.centre[int(options["start_area"])]
        self.research = content.research[side]
        self.panel = content.actions[side]
        self.colours = self.research.colours
        self.areas = len(self.colours)
        self.columns = self.panel.columns
        self.rows = self.panel.rows
        self.threshold = THRESHOLD[n]
        spaces = list(self.research.reputation_spaces)
        if n == 2:
            spaces.remove(3)  # the 2-player cover-up tiles
        self.rep_spaces = tuple(spaces)
        self.player_colours = tuple(range(1, n + 1))
        self.spaces = len(self.board.space_colour)
        self.transmitters = len(self.board.transmitter_names)
        self.transmitter_index = {name: i for i, name in enumerate(self.board.transmitter_names)}
        self.area_index = {name: i for i, name in enumerate(self.board.area_names)}
        self.admin_ids = tuple(c.id for c in content.commanders.values() if c.kind == "administrative")
        self.research_ids = tuple(c.id for c in content.commanders.values() if c.kind == "research")
        self.card_faces = {f"{cid}{'ab'[i]}": faces[i]
                           for cid, faces in content.objectives.items() for i in (0, 1)}
        self.collections: list[list[int]] | None = options["artifacts"]
        self.advanced = self.collections is not None and all(len(c) >= 2 for c in self.collections)
        self.quiet = tuple(quiet_sectors(self.face, r) for r in range(6))
        cells = range(self.rows * self.columns)
        self.to_actions = tuple(act(f"to r{c // self.columns}c{c % self.columns}") for c in cells)
        self.kim_actions = tuple(act(f"to r{c // self.columns}c{c % self.columns} kim") for c in cells)
        self.crew_actions = tuple(tuple(act(f"crew c{column} {COLOURS[colour]}") for colour in range(5))
                                  for column in range(self.columns))
        self.take_actions = {(column, swap): act(f"take c{column}{' ' + swap if swap else ''}")
                             for column in range(self.columns) for swap in ("", "iy", "ik")}


class MagnastormState(GameState):
    """A Magnastorm game for 2, 3 or 4 players (seat ``s`` plays cube colour ``s + 1``)."""

    game_id: ClassVar[str] = "magnastorm"

    __slots__ = ("_cache", "_events", "_history", "s", *FIELDS)

    s: _Static
    phase: str
    round: int
    rotation: int
    rep: list[int]
    ledger: list[int]
    cubes: list[int]
    supply: list[int]
    bag: list[int]
    lab_slots: list[int]
    station_slots: list[int]
    crew_home: list[int]
    markers_home: list[int]
    research: list[int]
    runner: list[int]
    space_owner: list[int]
    space_labs: list[int]
    station_owner: list[int]
    upper: list[int]
    lower: list[tuple[int, ...]]
    admin: list[str]
    admin_ctrl: list[int]
    rcmd: list[str]
    rcmd_ctrl: list[int]
    objectives: list[str]
    claims: list[tuple[int, ...]]
    fp_holder: int
    order: list[int]
    pass_order: list[int]
    pass_pos: int
    end_triggered: int
    turn: list[int]
    kim_used: list[int]
    start_used: list[int]
    drawn: list[int]
    ranking: list[int]
    artifacts_won: list[int]
    tasks: list[Task]

    def __init__(self, static: _Static) -> None:
        self.s = static
        self._history: list[list[Any]] = []
        self._cache: list[Action] | None = None
        self._events: list[Event] = []

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(cls, options: Mapping[str, Any], content: Content | None = None) -> MagnastormState:
        """A game at its first chance node (the commander deals), set up as the rule text says."""
        opts = normalise_options(options)
        st = _Static(opts, content or bundled_content())
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
        state.tasks = [_task("setup", AUTO, 0)]
        state._advance()
        state._events = []
        return state

    # ----------------------------------------------------------------- protocol

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return self.s.n

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        if not self.tasks:
            return TERMINAL
        return self.tasks[-1][1]

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
        for name in _SCALAR_FIELDS:
            setattr(other, name, getattr(self, name))
        for name in _LIST_FIELDS:
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

    __hash__ = None  # type: ignore[assignment]

    # ----------------------------------------------------------------- resigning and agreed draws

    def in_game(self, seat: int) -> bool:
        """True while ``seat`` still plays: the game goes on and it has not resigned."""
        return bool(self.tasks) and seat in self.order

    def resign(self, seat: int) -> list[Event]:
        """``seat`` resigns, on its own turn or not. Undoable like an action.

        With one rival left, that rival wins at once (reason ``resigned``; the
        resigner ranks second). With more rivals left the game goes on without
        it: its labs and stations leave the planet (back to its board), the
        commanders it controls become free, it leaves the turn order (a turn
        it was playing ends there), it takes no part in later administrations
        and draws no artifact, and it ranks below every player still in.
        Its crew stays on the panels as neutral crew.
        """
        if not self.in_game(seat):
            raise IllegalActionError(f"seat {seat} is not in the game")
        self._begin_concession()
        self._emit("resigned", seat=seat)
        rivals = [other for other in self.order if other != seat]
        if len(rivals) == 1:  # the planet stays as it was played
            self.order = rivals
            self.ranking = rivals + self._resigned()
            self._end_now("resigned", rivals)
        else:
            self._withdraw(seat)
            self._advance()
        events, self._events = self._events, []
        return events

    def agree_draw(self) -> list[Event]:
        """The players agree a draw (the match allows it only between humans). Undoable like an action."""
        if not self.tasks:
            raise IllegalActionError("the game is already over")
        self._begin_concession()
        self.ranking = []
        self._end_now("agreed_draw", [])
        events, self._events = self._events, []
        return events

    def _begin_concession(self) -> None:
        """Refuse a concession at a chance node; else take the undo snapshot, as ``apply`` does."""
        if self.current_player() == CHANCE:
            raise IllegalActionError("the draw must be made first")
        self._history.append(self._snapshot())
        self._cache = None
        self._events = []

    def _resigned(self) -> list[int]:
        """Seats that resigned (left the turn order once it was drawn), best reputation first."""
        out = [seat for seat in range(self.s.n) if self.order and seat not in self.order]
        return sorted(out, key=lambda seat: (-self.rep[seat], seat))

    def _end_now(self, reason: str, winners: list[int]) -> None:
        self.tasks = []
        self.phase = "over"
        self._cache = []
        self._emit("game_over", winners=winners, reason=reason, ranking=list(self.ranking),
                   reputation=list(self.rep))

    def _withdraw(self, seat: int) -> None:
        """Take ``seat`` out of the game: its turn, its place in the turn order, its pieces on the planet."""
        if self.phase == "play" and self.current_player() == seat:
            turn_end = max(i for i, t in enumerate(self.tasks) if t[0] == "turn_end")
            in_hand = [t for t in reversed(self.tasks[turn_end + 1:]) if t[0] == "place" and t[3] <= SWEEP]
            del self.tasks[turn_end + 1:]
            for kind, actor, colour, _, c in in_hand:  # crew taken up goes down on the first free cell
                task = _task(kind, actor, colour, SWEEP, c)
                self.tasks.append(task)
                self._do_to(task, self._cells(seat, SWEEP)[0].args)
        self.tasks = [t for t in self.tasks if t[1] != seat]
        if seat in self.pass_order:
            if self.pass_order.index(seat) <= self.pass_pos:  # the next turn_end moves on to the right seat
                self.pass_pos -= 1
            self.pass_order = [other for other in self.pass_order if other != seat]
        self.order = [other for other in self.order if other != seat]
        if self.fp_holder == seat:
            self.fp_holder = -1
        for space, owner in enumerate(self.space_owner):
            if owner == seat:
                self.space_owner[space], self.space_labs[space] = -1, 0
        self.lab_slots[seat * LAB_SLOTS:(seat + 1) * LAB_SLOTS] = [1] * LAB_SLOTS
        for station, owner in enumerate(self.station_owner):
            if owner == seat:
                self.station_owner[station] = -1
        self.station_slots[seat * STATION_SLOTS:(seat + 1) * STATION_SLOTS] = [1] * STATION_SLOTS
        for column, controller in enumerate(self.admin_ctrl):
            if controller == seat:
                self.admin_ctrl[column] = -1
                self.markers_home[seat] += 1
        self.rcmd_ctrl = [-1 if controller == seat else controller for controller in self.rcmd_ctrl]

    def describe_action(self, action: Any) -> str:
        """Plain-language description of ``action`` here, e.g. ``Player 1 moves the runner``."""
        return describe(self, action) if isinstance(action, Action) else str(action)

    def refresh(self) -> None:
        """Forget cached legal actions after fields were edited directly (scenarios, tests)."""
        self._cache = None

    # ----------------------------------------------------------------- snapshots

    def _values(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in FIELDS}

    def _snapshot(self) -> list[Any]:
        """The whole state as one flat list: the scalars, then each list field's length and items.

        One object per snapshot keeps the undo history cheap for the garbage collector.
        """
        return [self.phase, self.round, self.rotation, self.fp_holder, self.pass_pos, self.end_triggered,
                len(self.rep), *self.rep, len(self.ledger), *self.ledger, len(self.cubes),
                *self.cubes, len(self.supply), *self.supply, len(self.bag), *self.bag,
                len(self.lab_slots), *self.lab_slots, len(self.station_slots),
                *self.station_slots, len(self.crew_home), *self.crew_home,
                len(self.markers_home), *self.markers_home, len(self.research), *self.research,
                len(self.runner), *self.runner, len(self.space_owner), *self.space_owner,
                len(self.space_labs), *self.space_labs, len(self.station_owner),
                *self.station_owner, len(self.upper), *self.upper, len(self.lower), *self.lower,
                len(self.admin), *self.admin, len(self.admin_ctrl), *self.admin_ctrl,
                len(self.rcmd), *self.rcmd, len(self.rcmd_ctrl), *self.rcmd_ctrl,
                len(self.objectives), *self.objectives, len(self.claims), *self.claims,
                len(self.order), *self.order, len(self.pass_order), *self.pass_order,
                len(self.turn), *self.turn, len(self.kim_used), *self.kim_used,
                len(self.start_used), *self.start_used, len(self.drawn), *self.drawn,
                len(self.ranking), *self.ranking, len(self.artifacts_won), *self.artifacts_won,
                len(self.tasks), *self.tasks]

    def _restore(self, snap: list[Any]) -> None:
        (self.phase, self.round, self.rotation, self.fp_holder, self.pass_pos, self.end_triggered) = snap[:6]
        index = 6
        for name in _LIST_FIELDS:
            end = index + 1 + snap[index]
            setattr(self, name, snap[index + 1:end])
            index = end
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
            if isinstance(template, list) and name not in _FREE_LENGTH and len(value) != len(template):
                raise PositionError(f"{name}: expected {len(template)} entries, got {len(value)}")
            setattr(state, name, value)
        state._check()
        return state

    def _check(self) -> None:
        """Refuse an impossible state: counts out of range or components not conserved."""
        st = self.s
        for colour in range(5):
            if colour and colour > st.n:
                continue
            held = sum(self.cubes[seat * 5 + colour] for seat in range(st.n))
            if held + self.supply[colour] + self.bag[colour] != CUBES_PER_COLOUR or min(
                    self.cubes[colour::5]) < 0:
                raise PositionError(f"cubes: colour {COLOURS[colour]} does not add up to {CUBES_PER_COLOUR}")
        for seat in range(st.n):
            labs = sum(self.lab_slots[seat * LAB_SLOTS:(seat + 1) * LAB_SLOTS])
            placed = sum(c for o, c in zip(self.space_owner, self.space_labs, strict=True) if o == seat)
            if labs + placed != LAB_SLOTS:
                raise PositionError(f"labs: seat {seat} has {labs} on the board and {placed} placed")
            if self.rep[seat] != sum(self.ledger[seat * len(SOURCES):(seat + 1) * len(SOURCES)]):
                raise PositionError(f"ledger: seat {seat}'s reputation is not the sum of its sources")
        for name, task in enumerate(self.tasks):
            if not (isinstance(task, tuple) and len(task) == 5 and isinstance(task[0], str)):
                raise PositionError(f"tasks[{name}]: malformed")
        if any(not 0 <= r < len(st.board.area_names) for r in self.runner):
            raise PositionError("runner: unknown area")

    # ----------------------------------------------------------------- helpers

    def _own(self, seat: int) -> int:
        return seat * 5 + seat + 1

    def _total(self, seat: int) -> int:
        return sum(self.cubes[seat * 5:seat * 5 + 5])

    def controls(self, seat: int, commander: str) -> bool:
        """Whether ``seat`` controls ``commander`` (by id)."""
        if commander in self.admin:
            return self.admin_ctrl[self.admin.index(commander)] == seat
        if commander in self.rcmd:
            return self.rcmd_ctrl[self.rcmd.index(commander)] == seat
        return False

    def _emit(self, kind: str, **data: Any) -> None:
        self._events.append(Event(kind, data))

    def _gain(self, seat: int, colour: int, count: int = 1) -> None:
        got = min(count, self.supply[colour])
        self.supply[colour] -= got
        self.cubes[seat * 5 + colour] += got
        if got:
            self._emit("cubes_gained", seat=seat, colour=COLOURS[colour], count=got)

    def _gain_cost(self, seat: int, cost: Cost) -> None:
        self._gain(seat, YELLOW, cost.yellow)
        self._gain(seat, seat + 1, cost.own)

    def _affordable(self, seat: int, cost: Cost) -> bool:
        base = seat * 5
        return (self.cubes[base] >= cost.yellow and self.cubes[self._own(seat)] >= cost.own
                and self._total(seat) - cost.yellow - cost.own >= cost.any)

    def _pay(self, seat: int, cost: Cost) -> None:
        """Pay the fixed part of ``cost`` now and push one payment choice per cube of any colour."""
        self._pay_colour(seat, YELLOW, cost.yellow)
        self._pay_colour(seat, seat + 1, cost.own)
        for _ in range(cost.any):
            self.tasks.append(_task("pay", seat, -1, -1))

    def _pay_colour(self, seat: int, colour: int, count: int, to: int = -1) -> None:
        if not count:
            return
        self.cubes[seat * 5 + colour] -= count
        if to < 0:
            self.supply[colour] += count
        else:
            self.cubes[to * 5 + colour] += count
        self._emit("cubes_paid", seat=seat, colour=COLOURS[colour], count=count, to=to)

    def _rep(self, seat: int, amount: int, source: str) -> None:
        if amount < 0:
            amount = max(amount, -self.rep[seat])
        if not amount:
            return
        self.rep[seat] += amount
        self.ledger[seat * len(SOURCES) + SRC[source]] += amount
        self._emit("reputation", seat=seat, amount=amount, source=source, total=self.rep[seat])
        if self.phase == "play" and self.rep[seat] >= self.s.threshold and not self.end_triggered:
            self.end_triggered = 1
            self._emit("end_triggered", seat=seat)

    def level(self, seat: int, area: int) -> int:
        """Research level of ``seat`` in ``area``."""
        return self.research[seat * self.s.areas + area]

    def _levels(self) -> list[list[int]]:
        a = self.s.areas
        return [self.research[seat * a:(seat + 1) * a] for seat in range(self.s.n)]

    def _quiet(self) -> tuple[bool, ...]:
        return self.s.quiet[self.rotation]

    def _area_quiet(self, area: int) -> bool:
        return self._quiet()[self.s.board.area_sector[area]]

    def _push_research(self, seat: int, mask: int) -> None:
        """Advance one research level in an area of ``mask`` (Franzkarl Huber: any area)."""
        if self.phase == "play" and self.controls(seat, "huber"):
            mask = (1 << self.s.areas) - 1
        self.tasks.append(_task("research", seat, mask))

    def _any_area(self) -> int:
        return (1 << self.s.areas) - 1

    def _push_bag(self, seat: int, count: int) -> None:
        if self.controls(seat, "obondov"):
            self.tasks.append(_task("joy", seat, count))
        else:
            self._push_draws(seat, count)

    def _push_draws(self, seat: int, count: int) -> None:
        for _ in range(count):
            self.tasks.append(_task("bag", CHANCE, seat))

    def _track_bonus(self, seat: int, bonus: str) -> None:
        self._emit("bonus", seat=seat, bonus=bonus, source="research")
        if bonus == "own":
            self._gain(seat, seat + 1)
        elif bonus == "yellow":
            self._gain(seat, YELLOW)
        elif bonus == "colour":
            self.tasks.append(_task("getcolour", seat))
        elif bonus in ("bag2", "bag3"):
            self._push_bag(seat, int(bonus[-1]))
        elif bonus == "crew" and self.crew_home[seat]:
            self.tasks.append(_task("place", seat, seat + 1, BONUS_CREW))

    def lab_cost(self, slot: int) -> Cost:
        """The printed cost of lab slot ``slot`` (0-based)."""
        return self.s.content.lab_costs[slot]

    # ----------------------------------------------------------------- flow

    def _advance(self) -> None:
        """Run automatic tasks and single-choice decisions until a real choice or the end."""
        while self.tasks:
            top = self.tasks[-1]
            actor = top[1]
            if actor == AUTO:
                self.tasks.pop()
                self._auto(top)
                continue
            if actor == CHANCE:
                weights = self._chance_weights()
                if not weights:
                    self.tasks.pop()  # an empty bag gives nothing; an exhausted deck likewise
                    continue
                if len(weights) == 1:
                    self._apply_chance(weights[0][0])  # nothing left to chance
                    continue
                self._cache = None
                return
            legal = self._legal()
            if not legal:
                self.tasks.pop()  # e.g. a research step with every track at its top: lost
                continue
            if len(legal) == 1:
                self._dispatch(legal[0])
                continue
            self._cache = legal
            return
        self._cache = []

    def _auto(self, task: Task) -> None:
        kind, _, a, b, _c = task
        if kind == "setup":
            self._setup_step(a)
        elif kind == "took":
            self._took(a, b)
        elif kind == "space_bonus":
            self._space_bonus(a)
        elif kind == "claim":
            self._claim(a, b)
        elif kind == "turn_end":
            self._turn_end()
        elif kind == "adv_order":
            self._advanced_order()
        elif kind == "final":
            self.phase = "over"
            self._emit("game_over", ranking=list(self.ranking), reputation=list(self.rep))

    def _setup_step(self, step: int) -> None:
        st = self.s
        push = self.tasks.append
        push(_task("setup", AUTO, step + 1))
        if step == 0:  # the deals, drawn from the seed
            for slot in (3, 2, 1, 0):
                push(_task("deal_ob", CHANCE, slot))
            for column in reversed(range(1, st.columns)):
                push(_task("deal_ac", CHANCE, column))
            for slot in reversed(range(st.areas)):
                push(_task("deal_rc", CHANCE, slot))
        elif step == 1:  # turn order
            if st.advanced:
                push(_task("adv_order", AUTO))
                for seat in reversed(range(st.n)):
                    push(_task("draw", CHANCE, seat))
                    push(_task("draw", CHANCE, seat))
            elif st.options["first_player"] is not None:
                self._set_first(int(st.options["first_player"]))
            else:
                push(_task("first", CHANCE))
        elif step == 2:  # crew into the command centre, in turn order
            for seat in reversed(self.order):
                push(_task("start_crew", seat))
        elif step == 3:  # research, from the last player backwards, each in a different area
            for seat in self.order:
                push(_task("research", seat, self._any_area(), 1))
        elif step == 4:  # turn-order bonuses
            self.phase = "play"
            if st.advanced:
                for seat in reversed(self.order):
                    for card in reversed(self._drawn_cards(seat)):
                        self._artifact_bonus(seat, st.content.artifacts[card].bonus)
            else:
                for seat in self.order[2:]:
                    self._gain(seat, seat + 1)
        elif step == 5:
            self.tasks.pop()
            self._emit("round_started", round=self.round)
            self._start_pass()

    def _artifact_bonus(self, seat: int, bonus: str) -> None:
        if bonus == "reputation":
            self._rep(seat, 1, "artifact")
        elif bonus == "own_cube":
            self._gain(seat, seat + 1)
        else:
            area = self.s.colours.index(bonus[-1])
            self.tasks.append(_task("research", seat, 1 << area))

    def _set_first(self, first: int) -> None:
        self.order = [(first + i) % self.s.n for i in range(self.s.n)]
        self._emit("turn_order", order=list(self.order))

    def _drawn_cards(self, seat: int) -> list[int]:
        return [self.drawn[i + 1] for i in range(0, len(self.drawn), 2) if self.drawn[i] == seat]

    def _adv_key(self, seat: int) -> tuple[int, int]:
        levels = [self.s.content.artifacts[c].level for c in self._drawn_cards(seat)]
        return (sum(levels), max(levels))

    def _adv_candidates(self) -> list[int]:
        left = [seat for seat in range(self.s.n) if seat not in self.order]
        best = max(self._adv_key(seat) for seat in left)
        return [seat for seat in left if self._adv_key(seat) == best]

    def _advanced_order(self) -> None:
        if len(self.order) == self.s.n:
            self._emit("turn_order", order=list(self.order))
            return
        self.tasks.append(_task("adv_order", AUTO))
        candidates = self._adv_candidates()
        if len(candidates) == 1:
            self.order.append(candidates[0])
        else:
            self.tasks.append(_task("tie", CHANCE))

    def _start_pass(self) -> None:
        self.pass_order = list(self.order)
        self.pass_pos = 0
        self._begin_turn(self.pass_order[0])

    def _begin_turn(self, seat: int) -> None:
        self.turn = [0] * TURN_FIELDS
        self.turn[T_CELL] = -1
        self.tasks.append(_task("turn_end", AUTO, seat))
        self.tasks.append(_task("objective", seat))
        self.tasks.append(_task("main", seat))

    def _turn_end(self) -> None:
        self.turn = [0] * TURN_FIELDS
        if not any(self.upper):
            self._administration()
            if self.end_triggered or self.round >= ROUNDS:
                self._game_over()
            else:
                self.round += 1
                self._emit("round_started", round=self.round)
                self._start_pass()
        elif self.pass_pos == len(self.pass_order) - 1:
            if self.end_triggered:
                self._game_over()
            else:
                self._start_pass()
        else:
            self.pass_pos += 1
            self._begin_turn(self.pass_order[self.pass_pos])

    def _administration(self) -> None:
        st = self.s
        self._emit("administration", round=self.round)
        quiet = self._quiet()
        counts = sector_counts(st.board, self.space_owner, self.space_labs, st.n)
        for sector in range(6):  # 1) income
            if quiet[sector]:
                table = income_table(st.face, self.rotation, sector)
                for seat in range(st.n):
                    if counts[seat][sector]:
                        self._gain_cost(seat, table[min(counts[seat][sector], len(table) - 1)])
        for sector in range(6):  # 2) sector majorities
            if quiet[sector]:
                for seat in range(st.n):
                    if sole_majority(counts, seat, sector):
                        self._rep(seat, 1, "majority")
                        if self.controls(seat, "yilmark"):
                            self._rep(seat, 1, "yilmark")
        levels = self._levels()
        for area in range(st.areas):  # 3) research commanders, among the players still in
            top = max(levels[seat][area] for seat in self.order)
            leaders = [seat for seat in sorted(self.order) if levels[seat][area] == top]
            winner = leaders[0] if len(leaders) == 1 else -1
            previous = self.rcmd_ctrl[area]
            if winner == previous:
                continue
            commander = st.content.commanders[self.rcmd[area]]
            if previous >= 0:
                self._rep(previous, -commander.red, "commander_lost")
            self.rcmd_ctrl[area] = winner
            self._emit("research_commander", area=st.colours[area], commander=commander.id, seat=winner)
            if winner >= 0:
                self._rep(winner, commander.green, "commander")
                if commander.id == "lebeaux":
                    self._rep(winner, 1, "lebeaux")
        if self.fp_holder >= 0:  # 4) turn order
            self.order = [self.fp_holder] + [seat for seat in self.order if seat != self.fp_holder]
            self.fp_holder = -1
            self._emit("turn_order", order=list(self.order))
        columns = st.columns  # 5) swap the action panels
        self.upper = [0] * (columns * 5)
        for cell, crew in enumerate(self.lower):
            for colour in crew:
                self.upper[(cell % columns) * 5 + colour] += 1
        self.lower = [()] * (st.rows * columns)
        self.rotation = (self.rotation + 1) % 6  # 6) rotate the centre tile
        self.kim_used = [0] * st.n
        self._emit("centre_rotated", rotation=self.rotation)

    def _game_over(self) -> None:
        playing = sorted(self.order, key=lambda seat: (-self.rep[seat], self.order.index(seat)))
        self.ranking = playing + self._resigned()
        self._emit("ranking", ranking=list(self.ranking), reputation=list(self.rep))
        self.tasks.append(_task("final", AUTO))
        for seat in reversed(playing):
            self.tasks.append(_task("artifact", CHANCE, seat))

    def _tier(self, seat: int) -> str:
        rank = self.ranking.index(seat)
        last = len(self.ranking) - len(self._resigned()) - 1
        return "gold" if rank == 0 else "bronze" if rank == last else "silver"

    # ----------------------------------------------------------------- chance

    def _chance_weights(self) -> list[tuple[Action, int]]:
        st = self.s
        kind, _, a, _b, _c = self.tasks[-1]
        if kind == "bag":
            colours = [c for c in (YELLOW, *st.player_colours, BLACK) if self.bag[c]]
            return [(act(f"bag {COLOURS[c]}"), self.bag[c]) for c in colours]
        if kind == "deal_rc":
            return [(act(f"deal rc{a} {cid}"), 1) for cid in st.research_ids if cid not in self.rcmd]
        if kind == "deal_ac":
            return [(act(f"deal ac{a} {cid}"), 1) for cid in st.admin_ids if cid not in self.admin]
        if kind == "deal_ob":
            want = "research" if a < 2 else "sector"
            dealt = {o[:-1] for o in self.objectives if o}
            return [(act(f"deal ob{a} {key}"), 1) for key, face in st.card_faces.items()
                    if face.kind == want and key[:-1] not in dealt]
        if kind == "first":
            return [(act(f"first {seat}"), 1) for seat in range(st.n)]
        if kind == "draw":
            assert st.collections is not None
            taken = set(self._drawn_cards(a))
            return [(act(f"draw {a} {card}"), 1) for card in st.collections[a] if card not in taken]
        if kind == "tie":
            return [(act(f"tie {seat}"), 1) for seat in self._adv_candidates()]
        if kind == "artifact":
            tier = self._tier(a)
            owned = {c for coll in (st.collections or []) for c in coll} | set(self.artifacts_won)
            return [(act(f"artifact {a} {cid}"), 1) for cid, card in st.content.artifacts.items()
                    if card.tier == tier and cid not in owned]
        return []

    def _apply_chance(self, action: Action) -> None:
        st = self.s
        kind, _, a, _b, _c = self.tasks.pop()
        args = action.args
        if kind == "bag":
            colour = COLOURS.index(args[0])
            seat = a
            if colour == BLACK:  # back into the bag; a cube of the player's own colour instead
                self._emit("bag_drawn", seat=seat, colour="k")
                self._gain(seat, seat + 1)
            else:
                self.bag[colour] -= 1
                self.cubes[seat * 5 + colour] += 1
                self._emit("bag_drawn", seat=seat, colour=args[0])
        elif kind == "deal_rc":
            self.rcmd[a] = args[1]
        elif kind == "deal_ac":
            self.admin[a] = args[1]
        elif kind == "deal_ob":
            self.objectives[a] = args[1]
        elif kind == "first":
            self._set_first(int(args[0]))
        elif kind == "draw":
            self.drawn = [*self.drawn, a, int(args[1])]
        elif kind == "tie":
            self.order = [*self.order, int(args[0])]
        elif kind == "artifact":
            self.artifacts_won[a] = int(args[1])
            self._emit("artifact", seat=a, card=int(args[1]), tier=st.content.artifacts[int(args[1])].tier)

    # ----------------------------------------------------------------- legal actions

    def _legal(self) -> list[Action]:
        if not self.tasks:
            return []
        top = self.tasks[-1]
        if top[1] == CHANCE:
            return [a for a, _ in self._chance_weights()]
        kind = top[0]
        actions = _LEGAL[kind](self, top)
        if kind in TRADE_TASKS and self.phase == "play":
            actions.extend(self._legal_trades(top[1]))
        return actions

    def _legal_trades(self, seat: int) -> list[Action]:
        total = self._total(seat)
        return [act(f"trade {COLOURS[c]}") for c in (YELLOW, *self.s.player_colours)
                if self.supply[c] and total - self.cubes[seat * 5 + c] >= 3]

    def _legal_give(self, task: Task) -> list[Action]:
        seat, want = task[1], task[2]
        return [act(f"give {COLOURS[c]}") for c in (YELLOW, *self.s.player_colours)
                if c != want and self.cubes[seat * 5 + c]]

    def _legal_start_crew(self, task: Task) -> list[Action]:
        used = {column for column in range(self.s.columns) if any(self.upper[column * 5 + 1:column * 5 + 5])}
        return [act(f"start c{c}") for c in range(self.s.columns) if c not in used]

    def _legal_research(self, task: Task) -> list[Action]:
        seat, mask, start = task[1], task[2], task[3]
        top = self.s.research.top
        return [act(f"res {self.s.colours[a]}") for a in range(self.s.areas)
                if mask >> a & 1 and self.level(seat, a) < top and not (start and a in self.start_used)]

    def take_cost(self, seat: int, column: int, swap: str = "") -> list[int] | None:
        """Cubes by colour to take over the commander of ``column`` (None: not allowed now)."""
        crew = self.upper[column * 5:column * 5 + 5]
        controlled = self.admin_ctrl[column] == seat if column else self.fp_holder == seat
        if not any(crew) or controlled:
            return None
        cost = list(crew)
        controller = self.admin_ctrl[column] if column else -1
        if controller >= 0:
            cost[controller + 1] += 1
        own = seat + 1
        if swap == "iy":
            if not cost[YELLOW]:
                return None
            cost[YELLOW] -= 1
            cost[own] += 1
        elif swap == "ik":
            if not cost[own]:
                return None
            cost[own] -= 1
            cost[YELLOW] += 1
        held = self.cubes[seat * 5:seat * 5 + 5]
        for colour in range(5):
            if held[colour] < cost[colour]:
                return None
        return cost

    def _legal_main(self, task: Task) -> list[Action]:
        seat = task[1]
        out: list[Action] = []
        swaps = ("", "iy", "ik") if self.controls(seat, "yakuul") else ("",)
        for column in range(self.s.columns):
            for swap in swaps:
                if self.take_cost(seat, column, swap) is not None:
                    out.append(self.s.take_actions[column, swap])
        crew = self.s.crew_actions
        out.extend(crew[column][colour] for column, colour in self._takeable_crew(seat))
        return out

    def _takeable_crew(self, seat: int) -> list[tuple[int, int]]:
        present = [(column, colour) for column in range(self.s.columns) for colour in range(5)
                   if self.upper[column * 5 + colour]]
        mine = [(column, colour) for column, colour in present if colour in (YELLOW, seat + 1)]
        return mine or present

    def _cells(self, seat: int, purpose: int) -> list[Action]:
        st = self.s
        free = [cell for cell, crew in enumerate(self.lower) if not crew]
        cells = free or list(range((st.rows - 1) * st.columns, st.rows * st.columns))
        out = [st.to_actions[cell] for cell in cells]
        if purpose == ACTION and not self.kim_used[seat] and self.controls(seat, "park"):
            out += [st.kim_actions[cell] for cell, crew in enumerate(self.lower)
                    if crew and cell not in cells]
        if purpose == BONUS_CREW:
            out += [act(f"up c{column}") for column in range(st.columns)
                    if 0 < sum(self.upper[column * 5:column * 5 + 5]) < st.rows]
        return out

    def _legal_place(self, task: Task) -> list[Action]:
        return self._cells(task[1], task[3])

    def move_cost(self, seat: int, swap: str = "") -> Cost | None:
        """The movement cost of the row of this turn's crew (Sayuri Modo and Idris Yakuul applied)."""
        row = self.turn[T_CELL] // self.s.columns
        cost = self.s.panel.move_costs[row]
        yellow, own = cost.yellow, cost.own
        if own and self.controls(seat, "modo"):
            own -= 1
        if swap == "iy":
            if not yellow:
                return None
            yellow, own = yellow - 1, own + 1
        elif swap == "ik":
            if not own:
                return None
            yellow, own = yellow + 1, own - 1
        result = Cost(yellow, own)
        return result if self._affordable(seat, result) else None

    def _legal_option(self, task: Task) -> list[Action]:
        seat = task[1]
        swaps = ("", "iy", "ik") if self.controls(seat, "yakuul") else ("",)
        out = [act(f"move{' ' + swap if swap else ''}") for swap in swaps
               if self.move_cost(seat, swap) is not None]
        out.append(act("gain"))
        return out

    def _station_starts(self, seat: int) -> list[int]:
        board = self.s.board
        starts = []
        for t, owner in enumerate(self.station_owner):
            if owner < 0 or (owner != seat and not self._total(seat)):
                continue
            if any(self._area_quiet(area) for area in board.transmitter_areas[t]):
                starts.append(t)
        return starts

    def _mira_areas(self) -> list[int]:
        board = self.s.board
        return [area for area, spaces in enumerate(board.area_spaces)
                if self._area_quiet(area) and any(self.space_labs[s] for s in spaces)]

    def _legal_premove(self, task: Task) -> list[Action]:
        seat = task[1]
        out = [act("go")]
        out += [act(f"go {self.s.board.transmitter_names[t]}") for t in self._station_starts(seat)]
        if not self.turn[T_JUSTIN] and self.controls(seat, "beeper") \
                and self._total(seat) - self.cubes[self._own(seat)] >= 1:
            out.append(act("justin"))
        if not self.turn[T_ADIRA] and self.controls(seat, "okzil") and self.cubes[self._own(seat)] >= 2:
            out.append(act("adira"))
        if self.controls(seat, "mascovic") and self._mira_areas():
            out.append(act("mira"))
        return out

    def _space_names(self, areas: list[int] | tuple[int, ...]) -> list[Action]:
        return [act(f"end s{space}") for area in areas for space in self.s.board.area_spaces[area]]

    def _legal_step(self, task: Task) -> list[Action]:
        seat, station, taken = task[1], task[2], task[3]
        board = self.s.board
        names = board.area_names
        if station >= 0:
            return [act(f"step {names[a]}") for a in board.transmitter_areas[station] if self._area_quiet(a)]
        here = self.runner[seat]
        if not self._area_quiet(here):
            quiet = [a for a in board.neighbours[here] if self._area_quiet(a)]
            if quiet:
                return [act(f"step {names[a]}") for a in quiet]
            return self._space_names(drift_areas(board, here))
        out = self._space_names([here])
        if taken < self.turn[T_RANGE]:
            out += [act(f"step {names[a]}") for a in board.neighbours[here] if self._area_quiet(a)]
        return out

    def _legal_mira(self, task: Task) -> list[Action]:
        return self._space_names(self._mira_areas())

    def _kaysia(self, seat: int) -> bool:
        return not self.turn[T_KAYSIA] and self.controls(seat, "vasidis")

    def _legal_land(self, task: Task) -> list[Action]:
        seat = task[1]
        st = self.s
        out: list[Action] = []
        mode = self.turn[T_MODE]
        if mode == MODE_DRIFT:
            return [act("done")]
        kaysia = self._kaysia(seat)
        if mode == MODE_NORMAL and not self.turn[T_BUILT]:
            for t in range(st.transmitters):
                if self.turn[T_PASSED] >> t & 1 and self.station_owner[t] < 0:
                    for slot in range(STATION_SLOTS):
                        if self.station_slots[seat * STATION_SLOTS + slot]:
                            name = f"build {st.board.transmitter_names[t]} {slot + 1}"
                            if self._affordable(seat, st.content.station_costs[slot]):
                                out.append(act(name))
                            if kaysia:
                                out.append(act(name + " free"))
        space = self.turn[T_SPACE]
        extra_for: list[str] = []
        if self.space_owner[space] < 0:
            if self._area_quiet(st.board.space_area[space]):
                extra_for = [""]
        elif self.space_owner[space] == seat and self.turn[T_DROPPED]:
            if self.turn[T_EXTRA]:
                extra_for.append("")
            if not self.turn[T_AZREA] and self.controls(seat, "bonsmai"):
                extra_for.append(" azrea")
        for suffix in extra_for:
            surcharge = 1 if suffix else 0
            for slot in range(LAB_SLOTS):
                if not self.lab_slots[seat * LAB_SLOTS + slot]:
                    continue
                cost = self.lab_cost(slot)
                if self._affordable(seat, Cost(cost.yellow, cost.own + surcharge, cost.any)):
                    out.append(act(f"lab {slot + 1}{suffix}"))
                if kaysia and cost.total and self.cubes[self._own(seat)] >= surcharge:
                    out.append(act(f"lab {slot + 1} free{suffix}"))
        out.append(act("done"))
        return out

    def _legal_pay(self, task: Task) -> list[Action]:
        seat, exclude = task[1], task[3]
        return [act(f"pay {COLOURS[c]}") for c in (YELLOW, *self.s.player_colours)
                if c != exclude and self.cubes[seat * 5 + c]]

    def _legal_getcolour(self, task: Task) -> list[Action]:
        return [act(f"get {COLOURS[c]}") for c in self.s.player_colours if self.supply[c]]

    def _legal_joy(self, task: Task) -> list[Action]:
        return [act("joy"), act("nojoy")]

    def _legal_dain(self, task: Task) -> list[Action]:
        yellow = self.cubes[task[1] * 5]
        return [act(f"dain {n}") for n in range(min(2, yellow) + 1)]

    def objective_face(self, slot: int) -> ObjectiveFace:
        """The face dealt to objective slot ``slot`` (0-1 research, 2-3 sector)."""
        return self.s.card_faces[self.objectives[slot]]

    def can_fulfil(self, seat: int, slot: int) -> bool:
        """Whether ``seat`` may fulfil the objective in ``slot`` now."""
        st = self.s
        claims = self.claims[slot]
        if seat in claims or len(claims) >= len(st.rep_spaces) or not self.markers_home[seat]:
            return False
        face = self.objective_face(slot)
        need = target(face, self.round, st.areas)
        if face.kind == "research":
            if sum(self.research[seat * st.areas:(seat + 1) * st.areas]) < need:
                return False
            return bool(research_areas(face, st.colours, self._levels(), seat, need, 0))
        if LAB_SLOTS - sum(self.lab_slots[seat * LAB_SLOTS:(seat + 1) * LAB_SLOTS]) < need:
            return False
        return bool(removable_spaces(face, st.board, self.space_owner, self.space_labs, self._quiet(),
                                     st.n, seat, need, 0))

    def _legal_objective(self, task: Task) -> list[Action]:
        seat = task[1]
        out = [act(f"obj {slot + 1}") for slot in range(4) if self.can_fulfil(seat, slot)]
        out.append(act("finish"))
        return out

    def _legal_remove(self, task: Task) -> list[Action]:
        _, seat, slot, need, constraint = task
        st = self.s
        spaces = removable_spaces(self.objective_face(slot), st.board, self.space_owner, self.space_labs,
                                  self._quiet(), st.n, seat, need, constraint)
        return [act(f"remove s{space}") for space in spaces]

    def _legal_down(self, task: Task) -> list[Action]:
        _, seat, slot, need, used = task
        st = self.s
        areas = research_areas(self.objective_face(slot), st.colours, self._levels(), seat, need, used)
        return [act(f"down {st.colours[a]}") for a in areas]

    # ----------------------------------------------------------------- applying

    def _dispatch(self, action: Action) -> None:
        top = self.tasks[-1]
        if top[1] == CHANCE:
            self._apply_chance(action)
            return
        _APPLY[action.verb](self, top, action.args)

    def _do_trade(self, task: Task, args: tuple[str, ...]) -> None:
        self.tasks.append(_task("give", task[1], COLOURS.index(args[0]), 3))

    def _do_give(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, want, left, _ = self.tasks.pop()
        self._pay_colour(seat, COLOURS.index(args[0]), 1)
        if left > 1:
            self.tasks.append(_task("give", seat, want, left - 1))
        else:
            self.supply[want] -= 1
            self.cubes[seat * 5 + want] += 1
            self._emit("exchanged", seat=seat, colour=COLOURS[want])

    def _do_start(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        column = int(args[0][1:])
        self.upper[column * 5 + seat + 1] += 1
        self.crew_home[seat] -= 1
        self._emit("crew_placed", seat=seat, column=column, panel="upper")

    def _do_res(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, _, start, _ = self.tasks.pop()
        area = self.s.colours.index(args[0])
        if start:
            self.start_used = [*self.start_used, area]
        self._advance_research(seat, area)

    def _advance_research(self, seat: int, area: int) -> None:
        index = seat * self.s.areas + area
        self.research[index] += 1
        level = self.research[index]
        self._emit("research", seat=seat, area=self.s.colours[area], level=level)
        bonus = self.s.research.bonuses[area].get(level)
        if bonus:
            self._track_bonus(seat, bonus)

    def _do_take(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        column = int(args[0][1:])
        cost = self.take_cost(seat, column, args[1] if len(args) > 1 else "")
        assert cost is not None
        controller = self.admin_ctrl[column] if column else -1
        for colour, count in enumerate(cost):
            self._pay_colour(seat, colour, count)
        crew = self.upper[column * 5:column * 5 + 5]
        self.upper[column * 5:column * 5 + 5] = [0] * 5
        self._emit("took_over", seat=seat, column=column, commander=self.admin[column] or "first_player",
                   previous=controller)
        self.tasks.append(_task("took", AUTO, seat, column))
        for colour in reversed(range(5)):
            for _ in range(crew[colour]):
                self.tasks.append(_task("place", seat, colour, SWEEP))

    def _took(self, seat: int, column: int) -> None:
        if not column:
            self.fp_holder = seat
            self.tasks.append(_task("getcolour", seat))
            self._push_research(seat, self._any_area())
            return
        commander = self.s.content.commanders[self.admin[column]]
        previous = self.admin_ctrl[column]
        if previous >= 0:
            self.markers_home[previous] += 1
            self._rep(previous, -commander.red, "commander_lost")
        self.markers_home[seat] -= 1
        self.admin_ctrl[column] = seat
        self._rep(seat, commander.green, "commander")
        if commander.id == "dain" and self.cubes[seat * 5]:
            self.tasks.append(_task("dain", seat))

    def _do_dain(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        count = int(args[0])
        self._pay_colour(seat, YELLOW, count)
        self._rep(seat, count, "dain")

    def _do_crew(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        column, colour = int(args[0][1:]), COLOURS.index(args[1])
        self.upper[column * 5 + colour] -= 1
        self.tasks.append(_task("option", seat))
        self.tasks.append(_task("place", seat, colour, ACTION))

    def _do_to(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, colour, purpose, _ = self.tasks.pop()
        row, column = (int(x) for x in args[0][1:].split("c"))
        cell = row * self.s.columns + column
        self.lower[cell] = (*self.lower[cell], colour)
        if purpose == BONUS_CREW:
            self.crew_home[seat] -= 1
        if purpose == ACTION:
            self.turn[T_CELL] = cell
            if len(args) > 1:
                self.kim_used[seat] = 1
        self._emit("crew_placed", seat=seat, colour=COLOURS[colour], row=row, column=column, panel="lower")

    def _do_up(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        column = int(args[0][1:])
        self.upper[column * 5 + seat + 1] += 1
        self.crew_home[seat] -= 1
        self._emit("crew_placed", seat=seat, colour=COLOURS[seat + 1], column=column, panel="upper")

    def _cell_bonus(self) -> str:
        cell = self.turn[T_CELL]
        return self.s.panel.bonuses.get((cell // self.s.columns, cell % self.s.columns), "")

    def _do_move(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        cost = self.move_cost(seat, args[0] if args else "")
        assert cost is not None
        self._pay(seat, cost)
        bonus = self._cell_bonus()
        self.turn[T_OPTION] = OPTION_MOVE
        self.turn[T_RANGE] = 2 if bonus == "range" else 1
        self.turn[T_EXTRA] = 1 if bonus == "extra_lab" else 0
        if bonus in ("range", "extra_lab"):
            self._emit("bonus", seat=seat, bonus=bonus, source="panel")
        self.tasks.append(_task("space_bonus", AUTO, seat))
        self.tasks.append(_task("premove", seat))

    def _do_gain(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        self.turn[T_OPTION] = OPTION_GAIN
        self._gain_cost(seat, self.s.panel.gains[self.turn[T_CELL] // self.s.columns])
        self.tasks.append(_task("space_bonus", AUTO, seat))
        if self.controls(seat, "mbado"):
            self.tasks.append(_task("getcolour", seat))
        if self.controls(seat, "davenpitt"):
            levels = self._levels()[seat]
            lowest = min(levels)
            self._push_research(seat, sum(1 << a for a, v in enumerate(levels) if v == lowest))

    def _space_bonus(self, seat: int) -> None:
        bonus = self._cell_bonus()
        option = self.turn[T_OPTION]
        if not bonus or bonus in ("range", "extra_lab") or (bonus == "bag" and option != OPTION_GAIN):
            return  # range and extra lab take effect when the move begins; the bag only with cubes
        self._emit("bonus", seat=seat, bonus=bonus, source="panel")
        if bonus.startswith("research:"):
            self._push_research(seat, 1 << self.s.colours.index(bonus[-1]))
        elif bonus == "crew":
            if self.crew_home[seat]:
                self.tasks.append(_task("place", seat, seat + 1, BONUS_CREW))
        elif bonus == "swap":
            position = self.order.index(seat)
            if position:
                self.order[position - 1], self.order[position] = seat, self.order[position - 1]
                self._emit("turn_order", order=list(self.order))
        elif bonus == "bag":
            self._push_bag(seat, 1)

    def _do_justin(self, task: Task, args: tuple[str, ...]) -> None:
        seat = task[1]
        self.turn[T_JUSTIN] = 1
        self.turn[T_RANGE] += 1
        self.tasks.append(_task("pay", seat, -1, seat + 1))

    def _do_adira(self, task: Task, args: tuple[str, ...]) -> None:
        seat = task[1]
        self.turn[T_ADIRA] = 1
        self._pay_colour(seat, seat + 1, 2)
        self._push_research(seat, self._any_area())

    def _do_mira(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        self.turn[T_MODE] = MODE_MIRA
        self.tasks.append(_task("mira", seat))

    def _do_go(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        if not args:
            self.tasks.append(_task("step", seat, -1, 0))
            return
        station = self.s.transmitter_index[args[0]]
        self.tasks.append(_task("step", seat, station, 0))
        owner = self.station_owner[station]
        if owner != seat:
            self.tasks.append(_task("pay", seat, owner, -1))
        self._emit("station_start", seat=seat, station=args[0], owner=owner)

    def _do_step(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, station, taken, _ = self.tasks.pop()
        board = self.s.board
        area = self.s.area_index[args[0]]
        if station < 0:
            here = self.runner[seat]
            key = (min(here, area), max(here, area))
            t = board.line_transmitter.get(key)
            if t is not None:
                self.turn[T_PASSED] |= 1 << t
        self.runner[seat] = area
        self._emit("runner_moved", seat=seat, area=args[0])
        self.tasks.append(_task("step", seat, -1, taken + 1))

    def _do_end(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        space = int(args[0][1:])
        area = self.s.board.space_area[space]
        if task[0] == "step" and task[2] < 0 and not self._area_quiet(self.runner[seat]):
            self.turn[T_MODE] = MODE_DRIFT
        self.runner[seat] = area
        self.turn[T_SPACE] = space
        self._emit("runner_stopped", seat=seat, space=space, area=self.s.board.area_names[area])
        self.tasks.append(_task("land", seat))

    def _do_build(self, task: Task, args: tuple[str, ...]) -> None:
        seat = task[1]
        t = self.s.transmitter_index[args[0]]
        slot = int(args[1]) - 1
        self.station_slots[seat * STATION_SLOTS + slot] = 0
        self.station_owner[t] = seat
        self.turn[T_BUILT] = 1
        self._emit("station_built", seat=seat, station=args[0])
        self._rep(seat, 2, "station")
        if "free" in args:
            self.turn[T_KAYSIA] = 1
        else:
            self._pay(seat, self.s.content.station_costs[slot])

    def _do_lab(self, task: Task, args: tuple[str, ...]) -> None:
        seat = task[1]
        slot = int(args[0]) - 1
        space = self.turn[T_SPACE]
        first = self.space_owner[space] < 0
        self.lab_slots[seat * LAB_SLOTS + slot] = 0
        self.space_owner[space] = seat
        self.space_labs[space] += 1
        self._emit("lab_dropped", seat=seat, space=space, slot=slot + 1)
        if first:
            self.turn[T_DROPPED] = 1
            colour = self.s.board.space_colour[space]
            mask = self._any_area() if colour == "w" else 1 << self.s.colours.index(colour)
            self._push_research(seat, mask)
        elif "azrea" in args:
            self.turn[T_AZREA] = 1
            self._pay_colour(seat, seat + 1, 1)
        else:
            self.turn[T_EXTRA] = 0
        if "free" in args:
            self.turn[T_KAYSIA] = 1
        else:
            self._pay(seat, self.lab_cost(slot))

    def _do_done(self, task: Task, args: tuple[str, ...]) -> None:
        self.tasks.pop()

    def _do_pay(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, to, _, _ = self.tasks.pop()
        self._pay_colour(seat, COLOURS.index(args[0]), 1, to)

    def _do_get(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        self._gain(seat, COLOURS.index(args[0]))

    def _do_joy(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, count, _, _ = self.tasks.pop()
        self._push_draws(seat, count + 2)

    def _do_nojoy(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, count, _, _ = self.tasks.pop()
        self._push_draws(seat, count)

    def _do_obj(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        slot = int(args[0]) - 1
        face = self.objective_face(slot)
        need = target(face, self.round, self.s.areas)
        self._emit("objective", seat=seat, slot=slot + 1, card=self.objectives[slot])
        self.tasks.append(_task("claim", AUTO, seat, slot))
        self.tasks.append(_task("remove" if face.kind == "sector" else "down", seat, slot, need, 0))

    def _claim(self, seat: int, slot: int) -> None:
        reward = self.s.rep_spaces[len(self.claims[slot])]
        self.claims[slot] = (*self.claims[slot], seat)
        self.markers_home[seat] -= 1
        self._rep(seat, reward, "objective")
        if self.controls(seat, "outridge"):
            self._rep(seat, 1, "outridge")
            self._push_research(seat, self._any_area())

    def _do_remove(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, slot, need, constraint = self.tasks.pop()
        space = int(args[0][1:])
        self.space_labs[space] -= 1
        if not self.space_labs[space]:
            self.space_owner[space] = -1
        base = seat * LAB_SLOTS
        free = max(i for i in range(LAB_SLOTS) if not self.lab_slots[base + i])
        self.lab_slots[base + free] = 1  # labs come back from the right
        self._emit("lab_removed", seat=seat, space=space)
        if need > 1:
            face = self.objective_face(slot)
            self.tasks.append(_task("remove", seat, slot, need - 1,
                                    constraint_after(face, self.s.board, space, constraint)))

    def _do_down(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, slot, need, used = self.tasks.pop()
        area = self.s.colours.index(args[0])
        goal = self.objective_face(slot).goal
        steps = 1 if goal in ("spread", "total") else need
        self.research[seat * self.s.areas + area] -= steps
        self._emit("research_down", seat=seat, area=args[0], levels=steps)
        if need > steps:
            self.tasks.append(_task("down", seat, slot, need - steps, used | 1 << area))

    def _do_finish(self, task: Task, args: tuple[str, ...]) -> None:
        self.tasks.pop()


_LEGAL: dict[str, Callable[[MagnastormState, Task], list[Action]]] = {
    name.removeprefix("_legal_"): method for name, method in vars(MagnastormState).items()
    if name.startswith("_legal_") and name != "_legal_trades"}
"""Legal-action generator of each decision task, by task kind."""
_APPLY: dict[str, Callable[[MagnastormState, Task, tuple[str, ...]], None]] = {
    name.removeprefix("_do_"): method for name, method in vars(MagnastormState).items()
    if name.startswith("_do_")}
"""Handler of each action verb."""
