"""The MageStone rules engine: ``MageStoneState`` implements the game protocol.

Squares are ints (see ``board``); a unit is a code ``seat * 4 + kind`` in a
dict keyed by square, with per-seat bitmasks for fast flood fills. Seats are
indices in turn order (two players: 0 = South, 1 = North; four players:
0 = South, 1 = West, 2 = North, 3 = East).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import repeat
from typing import Any, Self

from game.rules.magestone import position as notation
from game.rules.magestone.actions import (
    Action,
    Attack,
    Bolt,
    DiceOutcome,
    DiceRoll,
    EndGo,
    Fall,
    LazyMove,
    Move,
    UnitAction,
    parse_action,
)
from game.rules.magestone.board import (
    ACTIVATIONS_PER_GO,
    KIND_NAMES,
    MAGE,
    MAX_WARRIORS,
    NOVA_COST,
    PRIEST,
    SQUARES_PER_GO,
    STONES_TO_WIN,
    WARRIOR,
    Board,
    bits,
    load_board,
    power_die,
    squares_of,
)
from game.rules.magestone.dice import attacker_win_probability, die_name, roll_contest
from game.rules.protocol import (
    CHANCE,
    TERMINAL,
    Event,
    GameResult,
    GameState,
    IllegalActionError,
    PositionError,
)

_END = EndGo()
_ABSTRACT = (DiceOutcome(True), DiceOutcome(False))
Pending = tuple[str, tuple[int, ...], int]
"""A pending contest or choice: (kind "attack" | "bolt" | "fall", attackers, target)."""
Rite = tuple[int, int, int]
"""A running Rite: (declaring seat, laps counted, laps needed)."""
_Snapshot = tuple[Any, ...]


class MageStoneState(GameState):
    """A MageStone position with everything needed to continue the game (2 or 4 players)."""

    game_id = "magestone"

    __slots__ = (
        "_active",
        "_acts",
        "_alive",
        "_b",
        "_bank",
        "_base_owner",
        "_ca",
        "_cache",
        "_cu",
        "_done",
        "_first",
        "_go",
        "_go_limit",
        "_graves",
        "_history",
        "_mage",
        "_mstart",
        "_n",
        "_pending",
        "_priest",
        "_pstart",
        "_result",
        "_rite",
        "_seats",
        "_smask",
        "_squares",
        "_stones",
        "_turn",
        "_umask",
        "_units",
        "_warriors",
    )

    _b: Board
    _n: int
    _seats: tuple[str, ...]
    _mstart: tuple[int, ...]
    _pstart: tuple[int, ...]
    _base_owner: dict[int, int]
    _first: str
    _go_limit: int | None
    _units: dict[int, int]
    _umask: int
    _smask: list[int]
    _mage: list[int]
    _priest: list[int]
    _cu: list[int]
    _ca: list[int]
    _warriors: list[int]
    _alive: list[bool]
    _stones: dict[int, tuple[int, int]]
    _graves: int
    _bank: int
    _turn: int
    _squares: int
    _acts: int
    _active: int
    _done: int
    _rite: Rite | None
    _pending: Pending | None
    _result: GameResult | None
    _go: int
    _history: list[_Snapshot]
    _cache: list[Action] | None

    # ------------------------------------------------------------------ setup

    def __init__(self, board: Board, players: int, first_seat: str = "S",
                 go_limit: int | None = None) -> None:
        """An empty board for ``players`` seats; use ``new_game`` or ``from_scenario`` to fill it."""
        if players not in board.seats_by_players:
            raise PositionError(f"players: must be 2 or 4, got {players!r}")
        seats = board.seats_by_players[players]
        if first_seat not in seats:
            raise PositionError(f"first_seat: must be one of {', '.join(seats)}, got {first_seat!r}")
        if go_limit is not None and (not isinstance(go_limit, int) or go_limit < 1):
            raise PositionError(f"go_limit: must be a positive int or null, got {go_limit!r}")
        self._b = board
        self._n = players
        self._seats = seats
        self._mstart = tuple(board.start_square(s, MAGE) for s in seats)
        self._pstart = tuple(board.start_square(s, PRIEST) for s in seats)
        self._base_owner = {sq: i for i in range(players) for sq in (self._mstart[i], self._pstart[i])}
        self._first = first_seat
        self._go_limit = go_limit
        self._units = {}
        self._umask = 0
        self._smask = [0] * players
        self._mage = [-1] * players
        self._priest = [-1] * players
        self._cu = [0] * players
        self._ca = [0] * players
        self._warriors = [0] * players
        self._alive = [True] * players
        self._stones = {}
        self._graves = 0
        self._bank = board.bank_per_player * players
        self._turn = seats.index(first_seat)
        self._squares = SQUARES_PER_GO
        self._acts = 0
        self._active = -1
        self._done = 0
        self._rite = None
        self._pending = None
        self._result = None
        self._go = 1
        self._history = []
        self._cache = None

    @classmethod
    def new(cls, players: int = 2, first_seat: str = "S", go_limit: int | None = None) -> Self:
        """The standard set-up: home rows filled, stones on the default layout, ``first_seat`` to play."""
        board = load_board()
        state = cls(board, players, first_seat, go_limit)
        for i, seat in enumerate(state._seats):
            for sq, kind in zip(board.edges[seat], board.home_row, strict=True):
                state._place(sq, i, kind)
        for sq in board.stones_by_players[players]:
            state._stones[sq] = (1, 0)
        state._go = 0
        state._start_go(state._turn, [])
        return state

    def _place(self, sq: int, seat: int, kind: int) -> None:
        """Put a unit on an empty square (set-up, respawn, resurrection)."""
        self._units[sq] = seat * 4 + kind
        bit = 1 << sq
        self._umask |= bit
        self._smask[seat] |= bit
        if kind == MAGE:
            self._mage[seat] = sq
        elif kind == PRIEST:
            self._priest[seat] = sq
        else:
            self._warriors[seat] += 1

    # --------------------------------------------------------------- protocol

    @property
    def num_players(self) -> int:
        """Number of seats (2 or 4)."""
        return self._n

    @property
    def board(self) -> Board:
        """The static board data."""
        return self._b

    @property
    def seats(self) -> tuple[str, ...]:
        """Seat letters by seat index, in turn order."""
        return self._seats

    # Read-only views for evaluations (the AI's): the live tables, not copies, so never change them.

    @property
    def units(self) -> Mapping[int, int]:
        """Square -> unit on it, as ``seat * 4 + kind``."""
        return self._units

    @property
    def stones(self) -> Mapping[int, tuple[int, int]]:
        """Square -> (Unactivated, Activated) MageStones lying there."""
        return self._stones

    @property
    def turn(self) -> int:
        """The seat whose go it is (also during its dice contests)."""
        return self._turn

    @property
    def rite(self) -> Rite | None:
        """The running Rite: (declaring seat, laps counted, laps needed), or None."""
        return self._rite

    @property
    def alive(self) -> Sequence[bool]:
        """Per seat: still in the game."""
        return self._alive

    @property
    def mage_squares(self) -> Sequence[int]:
        """Per seat: its Mage's square, -1 while queued."""
        return self._mage

    @property
    def priest_squares(self) -> Sequence[int]:
        """Per seat: its Priest's square, -1 while queued."""
        return self._priest

    @property
    def warriors(self) -> Sequence[int]:
        """Per seat: Warriors on the board."""
        return self._warriors

    @property
    def carried(self) -> tuple[Sequence[int], Sequence[int]]:
        """Per seat: Activated and Unactivated stones its Mage carries."""
        return self._ca, self._cu

    @property
    def start_squares(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per seat: its Mage's and its Priest's start (base) squares."""
        return self._mstart, self._pstart

    def enemy_mask(self, seat: int) -> int:
        """Squares (bit = square index) holding a unit of a seat other than ``seat``."""
        return self._umask & ~self._smask[seat]

    def current_player(self) -> int:
        """Seat to act, ``CHANCE`` during a dice contest, or ``TERMINAL``."""
        if self._result is not None:
            return TERMINAL
        pending = self._pending
        if pending is not None and pending[0] != "fall":
            return CHANCE
        return self._turn

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._result is not None

    def pending_contest(self) -> tuple[str, tuple[int, ...], int] | None:
        """The dice contest waiting for its outcome: ("attack" or "bolt", the attackers' squares, the
        target's square), or None."""
        pending = self._pending
        if pending is None or pending[0] == "fall" or self._result is not None:
            return None
        return pending[0], tuple(pending[1]), pending[2]

    def is_chance_node(self) -> bool:
        """True while a dice contest waits for its outcome."""
        pending = self._pending
        return pending is not None and pending[0] != "fall" and self._result is None

    def options(self) -> dict[str, Any]:
        """Match options: players, first seat and the simulation go limit."""
        return {"players": self._n, "first_seat": self._first, "go_limit": self._go_limit}

    def result(self) -> GameResult | None:
        """Winners (seat indices) and reason once the game is over."""
        return self._result

    def legal_actions(self) -> list[Any]:
        """Legal actions: moves (one route per destination and distinct effects), unit actions, end.

        At a chance node: the abstract outcomes ``dice attacker`` / ``dice defender``.
        """
        cache = self._cache
        if cache is None:
            cache = self._cache = self._generate()
        return list(cache)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """``dice attacker`` / ``dice defender`` with their exact probabilities (ties re-rolled)."""
        if self.current_player() != CHANCE:
            return []
        p = float(self.win_probability())
        return [(_ABSTRACT[0], p), (_ABSTRACT[1], 1.0 - p)]

    def win_probability(self) -> Fraction:
        """Exact ``Fraction`` chance that the pending contest goes to the attacker."""
        sides, count, defender = self._contest_dice()
        return attacker_win_probability(sides, count, defender)

    def sample_chance(self, rng: random.Random) -> Any:
        """Roll the pending contest with ``rng``: concrete faces, every tie re-roll included."""
        sides, count, defender = self._contest_dice()
        return DiceRoll(roll_contest(rng, sides, count, defender))

    def parse_action(self, text: str) -> Any:
        """Parse action notation; ``ActionParseError`` when malformed."""
        return parse_action(self._b, text)

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` may be applied now (any legal route; concrete dice included)."""
        if self._result is not None:
            return False
        pending = self._pending
        kind = type(action)
        if kind is LazyMove:
            kind = Move
        if pending is not None:
            if pending[0] == "fall":
                return kind is Fall and action.square in pending[1]
            if kind is DiceOutcome:
                return True
            return kind is DiceRoll and self._dice_legal(action)
        if kind is Move:
            return self._move_legal(action)
        if kind is EndGo:
            return True
        if kind is Attack:
            return self._attack_legal(action)
        if kind is Bolt:
            return self._bolt_legal(action)
        if kind is UnitAction:
            return self._unit_action_legal(action)
        return False

    def apply(self, action: Any) -> list[Event]:
        """Apply a legal action (unchecked), push an undo entry and return the events."""
        self._history.append(self._snapshot())
        self._cache = None
        events: list[Event] = []
        kind = type(action)
        if kind is LazyMove:
            kind = Move
        if kind is Move:
            self._apply_move(action, events)
        elif kind is EndGo:
            self._end_go(events)
            return events
        elif kind is Attack:
            self._apply_attack(action, events)
        elif kind is Bolt:
            self._apply_bolt(action, events)
        elif kind is UnitAction:
            self._apply_unit_action(action, events)
        elif kind is DiceRoll or kind is DiceOutcome:
            self._resolve(action, events)
        elif kind is Fall:
            self._pending = None
            self._fall(action.square, events)
        else:
            self._history.pop()
            raise TypeError(f"not a MageStone action: {action!r}")
        self._check_magestone(events)
        return events

    def undo(self) -> None:
        """Restore the state before the last ``apply``."""
        self._restore(self._history.pop())
        self._cache = None

    def clone(self) -> Self:
        """An independent copy without undo history."""
        other = object.__new__(type(self))
        other._b = self._b
        other._n = self._n
        other._seats = self._seats
        other._mstart = self._mstart
        other._pstart = self._pstart
        other._base_owner = self._base_owner
        other._first = self._first
        other._go_limit = self._go_limit
        other._restore(self._snapshot())
        other._history = []
        other._cache = self._cache
        return other

    def position(self) -> str:
        """The position in MageStone notation (see docs/magestone-notation.md)."""
        return notation.format_position(self._b, self.to_scenario())

    def to_json(self) -> dict[str, Any]:
        """Options plus the full position as scenario data."""
        return {"game": self.game_id, "options": self.options(), "state": self.to_scenario()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state from ``to_json`` data; ``PositionError`` when malformed."""
        if not isinstance(data, Mapping) or data.get("game") != cls.game_id:
            raise PositionError("json: game: must be 'magestone'")
        options = data.get("options")
        state = data.get("state")
        if not isinstance(options, Mapping) or not isinstance(state, Mapping):
            raise PositionError("json: options and state must be objects")
        return cls.from_scenario(state, "json", options)

    @classmethod
    def from_position(cls, text: str, options: Mapping[str, Any] | None = None) -> Self:
        """A state from position notation (``options`` supplies first seat and go limit)."""
        return cls.from_scenario(notation.parse_position(load_board(), text), "position", options)

    @classmethod
    def from_scenario(cls, data: Mapping[str, Any], source: str = "scenario",
                      options: Mapping[str, Any] | None = None) -> Self:
        """A state from scenario data (see ``levels/magestone/scenarios``); errors name source and field."""
        board = load_board()
        spec = notation.validate_scenario(board, data, source)
        opts = dict(options or {})
        players = spec["players"]
        first = opts.get("first_seat", board.seats_by_players[players][0])
        go_limit = opts.get("go_limit")
        try:
            state = cls(board, players, first, go_limit)
        except PositionError as exc:
            raise PositionError(f"{source}: options: {exc}") from None
        state._load_spec(spec)
        return state

    def describe_action(self, action: Any) -> str:
        """Plain-language description of ``action`` in this state."""
        names = self._b.names
        kind = type(action)
        if kind is LazyMove:
            kind = Move
        if kind is Move:
            route = action.route
            via = f" via {', '.join(names[s] for s in route[1:-1])}" if len(route) > 2 else ""
            return (f"{self._unit_label(route[0])} moves to {names[route[-1]]}{via} "
                    f"({len(route) - 1} square{'s' if len(route) > 2 else ''})")
        if kind is Attack:
            who = " and ".join(self._unit_label(s) for s in action.attackers)
            verb = "attacks" if len(action.attackers) == 1 else "attack"
            return f"{who} {verb} {self._unit_label(action.target)}"
        if kind is Bolt:
            return f"{self._unit_label(action.caster)} casts Bolt at {self._unit_label(action.target)}"
        if kind is UnitAction:
            verb = {"collect": "collects the MageStones on its square",
                    "activate": "activates its carried MageStones",
                    "nova": "casts Nova", "rite": "declares the Rite of the Nexus"}[action.verb]
            return f"{self._unit_label(action.square)} {verb}"
        if kind is Fall:
            return f"{self._unit_label(action.square)} falls for the lost attack"
        if kind is EndGo:
            return f"{self._board_seat_name(self._turn)} ends the go"
        if kind is DiceOutcome:
            return "the attacker wins the roll" if action.attacker_wins else "the defender wins the roll"
        if kind is DiceRoll:
            rolls = "; ".join(f"{'+'.join(map(str, f))} against {d}" for f, d in action.rolls)
            return f"dice: {rolls} - {'attacker' if action.attacker_wins else 'defender'} wins"
        return str(action)

    # ------------------------------------------------------------ UI helpers

    def reachable(self, square: int) -> dict[int, int]:
        """Squares the unit on ``square`` may move to now, with shortest cost ({} if it cannot move)."""
        if not self._can_move(square):
            return {}
        layers = self._b.flood(square, self._b.valid_mask & ~self._umask, self._squares)
        return {dest: depth for depth in range(1, len(layers)) for dest in bits(layers[depth])}

    def can_move(self, square: int) -> bool:
        """Whether the unit on ``square`` may still move in the current go (its owner's, not yet moved)."""
        return self._can_move(square)

    def routes_to(self, square: int, dest: int) -> list[Move]:
        """Routes of the unit on ``square`` to ``dest``: the shortest first, then each distinct effect."""
        if not self._can_move(square):
            return []
        moves: list[Action] = []
        self._unit_moves((square,), self._b.valid_mask & ~self._umask, moves)
        found = [m for m in moves if isinstance(m, Move) and m.dest == dest]
        return sorted(found, key=lambda m: m.cost)

    def unit_at(self, square: int) -> tuple[int, str] | None:
        """(seat, kind name) of the unit on ``square``, or None."""
        code = self._units.get(square)
        return None if code is None else (code >> 2, KIND_NAMES[code & 3])

    def go_info(self) -> dict[str, int]:
        """Squares left, activations used and the go number of the current go."""
        return {"squares": self._squares, "activations": self._acts, "go": self._go}

    # ------------------------------------------------------ state bookkeeping

    def _snapshot(self) -> _Snapshot:
        return (self._units.copy(), self._umask, self._smask[:], self._mage[:], self._priest[:], self._cu[:],
                self._ca[:], self._warriors[:], self._alive[:], self._stones.copy(), self._graves, self._bank,
                self._turn, self._squares, self._acts, self._active, self._done, self._rite, self._pending,
                self._result, self._go)

    def _restore(self, snap: _Snapshot) -> None:
        (self._units, self._umask, self._smask, self._mage, self._priest, self._cu, self._ca, self._warriors,
         self._alive, self._stones, self._graves, self._bank, self._turn, self._squares, self._acts,
         self._active, self._done, self._rite, self._pending, self._result, self._go) = snap

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, MageStoneState) and self._n == other._n
                and self._snapshot() == other._snapshot())

    __hash__ = None  # type: ignore[assignment]

    def _unit_label(self, square: int) -> str:
        code = self._units.get(square)
        if code is None:
            return self._b.names[square]
        return f"{self._board_seat_name(code >> 2)} {KIND_NAMES[code & 3].title()} on {self._b.names[square]}"

    def _board_seat_name(self, seat: int) -> str:
        return self._b.seat_names[self._seats[seat]]

    # ---------------------------------------------------------- generation

    def _can_act(self, square: int) -> bool:
        """The unit on ``square`` (the player's) may take its action now."""
        if square == self._active:
            return True
        return self._acts < ACTIVATIONS_PER_GO and not self._done >> square & 1

    def _can_move(self, square: int) -> bool:
        code = self._units.get(square)
        return (code is not None and code >> 2 == self._turn and self._pending is None
                and self._result is None and self._squares > 0 and self._acts < ACTIVATIONS_PER_GO
                and square != self._active and not self._done >> square & 1)

    def _generate(self) -> list[Action]:
        if self._result is not None:
            return []
        pending = self._pending
        if pending is not None:
            if pending[0] == "fall":
                return [Fall(s) for s in sorted(pending[1])]
            return list(_ABSTRACT)
        out: list[Action] = []
        b = self._b
        units = self._units
        p = self._turn
        mine = self._smask[p]
        own = mine & ~self._done
        active = self._active
        active_bit = 1 << active if active >= 0 else 0
        if self._acts < ACTIVATIONS_PER_GO:
            if self._squares:
                empty = b.valid_mask & ~self._umask
                self._unit_moves(bits(own & ~active_bit), empty, out)
        else:
            own &= active_bit
        # units that may have an action: next to an enemy, the Mage, anyone on the Nexus (a Priest's Rite)
        mage = self._mage[p]
        actors = own & (b.adjacent(self._umask & ~mine) | b.nexus_mask | (1 << mage if mage >= 0 else 0))
        for sq in bits(actors):
            kind = units[sq] & 3
            if kind == WARRIOR:
                self._warrior_attacks(sq, out)
            elif kind == MAGE:
                self._mage_actions(sq, out)
            elif self._can_declare(sq):
                out.append(UnitAction("rite", sq))
        out.append(_END)
        return out

    def _unit_moves(self, squares: Iterable[int], empty: int, out: list[Action]) -> None:
        """Append the representative moves of the units on ``squares``."""
        b = self._b
        flood = b.flood_reach
        units = self._units
        budget = self._squares
        rite = self._rite
        for sq in squares:
            kind = units[sq] & 3
            layers, reach = flood(sq, empty, budget)
            if rite is not None and (kind == PRIEST if rite[0] == self._turn else reach & b.nexus_mask):
                self._rite_moves(sq, kind, empty, layers, reach, out)
            elif reach:
                self._plain_moves(sq, kind, empty, layers, reach, out)

    def _plain_moves(self, sq: int, kind: int, empty: int, layers: list[int], dests: int,
                     out: list[Action]) -> None:
        """Canonical shortest moves to the ``dests`` squares reached by flood ``layers``, ascending.

        A Priest that can raise a Warrior also gets a route per other square it can step back to.
        """
        b = self._b
        out.extend(map(LazyMove, zip(repeat((b, layers, {})), squares_of(dests))))
        if kind == PRIEST and self._graves & dests and self._warriors[self._turn] < MAX_WARRIORS:
            for grave in bits(self._graves & dests):
                self._step_backs(sq, grave, empty, layers, out)

    def _step_backs(self, sq: int, grave: int, empty: int, layers: list[int], out: list[Action]) -> None:
        """Shortest routes onto ``grave`` for each square to step back to but the canonical route's."""
        b = self._b
        around = b.neighbours[grave]
        before_layer = layers[_depth_of(layers, grave) - 1]
        canonical = next(nb for nb in around if before_layer >> nb & 1)
        inner: list[int] | None = None
        for before in around:
            if before == canonical:
                continue
            if before == sq:
                out.append(Move((sq, grave)))
            elif empty >> before & 1:
                if inner is None:
                    inner = b.flood(sq, empty & ~(1 << grave), self._squares - 1)
                depth = _depth_of(inner, before)
                if depth > 0:
                    out.append(Move((*b.walk_back(inner, before, depth), grave)))

    def _rite_moves(self, sq: int, kind: int, empty: int, layers: list[int], reach: int,
                    out: list[Action]) -> None:
        """Moves while a Rite runs, where the route decides whether it breaks: one per square and effect.

        A rival's unit: routes that keep off the Nexus, routes onto it, and routes
        through it to other squares. The declarer's Priest: routes that stay on the
        Nexus, routes off it, and routes that leave it and come back.
        """
        b = self._b
        nexus = b.nexus_mask
        rival = self._rite is not None and self._rite[0] != self._turn
        inside = empty & ~nexus if rival else empty & nexus
        inner_layers, inner_reach = b.flood_reach(sq, inside, self._squares)
        if inner_reach:
            self._plain_moves(sq, kind, inside, inner_layers, inner_reach, out)
        reach &= nexus if rival else ~nexus
        if reach:
            self._plain_moves(sq, kind, empty, layers, reach, out)
        self._nexus_detours(sq, kind, empty, rival, out)

    def _nexus_detours(self, sq: int, kind: int, empty: int, rival: bool, out: list[Action]) -> None:
        """Shortest routes via the Nexus to other squares (rival) or off and back onto it (declarer's Priest).

        A depth-first search over simple routes, pruned once the Nexus is out of
        reach of the squares left.
        """
        b = self._b
        nexus = b.nexus_mask
        to_nexus = b.nexus_distance
        graves = self._graves if kind == PRIEST and self._warriors[self._turn] < MAX_WARRIORS else 0
        neighbours = b.neighbours
        best: dict[tuple[int, int], tuple[int, ...]] = {}
        path = [sq]

        def walk(seen: int, detoured: bool, budget: int) -> None:
            here = path[-1]
            if detoured and bool(nexus >> here & 1) != rival:
                key = (here, path[-2] if graves >> here & 1 else -1)
                known = best.get(key)
                if known is None or len(known) > len(path):
                    best[key] = tuple(path)
            if budget < to_nexus[here] and detoured != rival:
                return
            for nb in neighbours[here]:
                bit = 1 << nb
                if budget and empty & bit and not seen & bit:
                    path.append(nb)
                    walk(seen | bit, detoured or bool(nexus & bit) == rival, budget - 1)
                    path.pop()

        walk(1 << sq, False, self._squares)
        out.extend(Move(best[key]) for key in sorted(best))

    def _warrior_attacks(self, sq: int, out: list[Action]) -> None:
        units = self._units
        p = self._turn
        own_warrior = p * 4 + WARRIOR
        done = self._done
        active = self._active
        room = ACTIVATIONS_PER_GO - self._acts - (sq != active)
        for target in self._b.neighbours[sq]:
            code = units.get(target)
            if code is None or code >> 2 == p:
                continue
            out.append(Attack((sq,), target))
            if room <= 0:
                continue
            joiners = sorted(q for q in self._b.neighbours[target]
                             if q != sq and q != active and units.get(q) == own_warrior and not done >> q & 1
                             and (sq == active or q > sq))
            for i, first in enumerate(joiners):
                out.append(Attack((sq, first), target))
                if room >= 2:
                    out.extend(Attack((sq, first, second), target) for second in joiners[i + 1:])

    def _mage_actions(self, sq: int, out: list[Action]) -> None:
        units = self._units
        p = self._turn
        for target in self._b.neighbours[sq]:
            code = units.get(target)
            if code is not None and code >> 2 != p:
                out.append(Attack((sq,), target))
        if sq != self._active and sq in self._stones:
            out.append(UnitAction("collect", sq))
        if self._cu[p] and (sq == self._mstart[p] or sq == self._pstart[p]):
            out.append(UnitAction("activate", sq))
        activated = self._ca[p]
        reach = self._squares
        if activated and reach:
            out.extend(Bolt(sq, target) for target in bits(self.enemy_mask(p) & self._b.within[sq][reach]))
        if activated >= NOVA_COST:
            out.append(UnitAction("nova", sq))

    def _can_declare(self, sq: int) -> bool:
        p = self._turn
        nexus = self._b.nexus_mask
        return (self._rite is None and bool(nexus >> sq & 1) and self._units.get(sq) == p * 4 + PRIEST
                and not nexus & self._umask & ~self._smask[p])

    # ------------------------------------------------------------ legality

    def _move_legal(self, move: Move) -> bool:
        route = move.route
        start = route[0]
        if len(route) < 2 or len(route) - 1 > self._squares or not self._can_move(start):
            return False
        empty = self._b.valid_mask & ~self._umask
        seen = 1 << start
        prev = start
        neighbours = self._b.neighbours
        for sq in route[1:]:
            bit = 1 << sq
            if not empty & bit or seen & bit or sq not in neighbours[prev]:
                return False
            seen |= bit
            prev = sq
        return True

    def _attack_legal(self, attack: Attack) -> bool:
        units = self._units
        p = self._turn
        leader = attack.attackers[0]
        target = attack.target
        code = units.get(leader)
        tcode = units.get(target)
        if (code is None or code >> 2 != p or code & 3 == PRIEST or tcode is None or tcode >> 2 == p
                or not self._can_act(leader) or target not in self._b.neighbours[leader]):
            return False
        joiners = attack.attackers[1:]
        if not joiners:
            return True
        if (code & 3 != WARRIOR or len(joiners) > 2 or len(set(attack.attackers)) != len(attack.attackers)
                or list(joiners) != sorted(joiners)):
            return False
        cost = len(joiners) + (leader != self._active)
        if self._acts + cost > ACTIVATIONS_PER_GO:
            return False
        return all(units.get(q) == p * 4 + WARRIOR and q != self._active and not self._done >> q & 1
                   and target in self._b.neighbours[q] for q in joiners)

    def _bolt_legal(self, bolt: Bolt) -> bool:
        p = self._turn
        caster, target = bolt.caster, bolt.target
        tcode = self._units.get(target)
        distance = abs((caster & 15) - (target & 15)) + abs((caster >> 4) - (target >> 4))
        return (self._units.get(caster) == p * 4 + MAGE and self._can_act(caster) and self._ca[p] >= 1
                and tcode is not None and tcode >> 2 != p and 1 <= distance <= self._squares)

    def _unit_action_legal(self, action: UnitAction) -> bool:
        sq = action.square
        p = self._turn
        if action.verb == "rite":
            return self._can_declare(sq) and self._can_act(sq)
        if self._units.get(sq) != p * 4 + MAGE or not self._can_act(sq):
            return False
        if action.verb == "collect":
            return sq != self._active and sq in self._stones
        if action.verb == "activate":
            return self._cu[p] > 0 and (sq == self._mstart[p] or sq == self._pstart[p])
        return action.verb == "nova" and self._ca[p] >= NOVA_COST

    def _contest_dice(self) -> tuple[int, int, int]:
        """(attacker die sides, attacker dice count, defender die sides) of the pending contest."""
        pending = self._pending
        if pending is None or pending[0] == "fall":
            raise ValueError("no dice contest is pending")
        kind, attackers, target = pending
        seat = self._turn
        tcode = self._units[target]
        defender = power_die(self._ca[tcode >> 2]) if tcode & 3 == MAGE else 6
        if kind == "bolt":
            return power_die(self._ca[seat] - 1), 1, defender
        if self._units[attackers[0]] & 3 == MAGE:
            return power_die(self._ca[seat]), 1, defender
        return 6, len(attackers), defender

    def _dice_legal(self, roll: DiceRoll) -> bool:
        sides, count, defender = self._contest_dice()
        rolls = roll.rolls
        if not rolls:
            return False
        for i, (faces, face) in enumerate(rolls):
            if len(faces) != count or not all(1 <= f <= sides for f in faces) or not 1 <= face <= defender:
                return False
            if (sum(faces) == face) != (i < len(rolls) - 1):
                return False
        return True

    # ------------------------------------------------------------ applying

    def _activate(self, sq: int) -> None:
        """Make ``sq`` the acting unit's square: a fresh unit uses an activation, the previous one is done."""
        active = self._active
        if sq != active:
            if active >= 0:
                self._done |= 1 << active
            self._acts += 1
        self._active = sq

    def _finish_action(self, sq: int) -> None:
        """The unit on ``sq`` has taken its action: it is done."""
        self._done |= 1 << sq
        self._active = -1

    def _apply_move(self, move: Move, events: list[Event]) -> None:
        route = move.route
        start, dest = route[0], route[-1]
        p = self._turn
        units = self._units
        code = units.pop(start)
        kind = code & 3
        units[dest] = code
        change = (1 << start) | (1 << dest)
        self._umask ^= change
        self._smask[p] ^= change
        self._activate(start)
        self._active = dest
        self._squares -= len(route) - 1
        names = self._b.names
        events.append(Event("moved", {"seat": p, "unit": KIND_NAMES[kind], "from": names[start],
                                      "to": names[dest], "route": list(map(names.__getitem__, route)),
                                      "cost": len(route) - 1}))
        if self._rite is not None:
            self._check_rite_route(kind, route, events)
        if kind == MAGE:
            self._mage[p] = dest
            if dest in self._stones:
                self._collect(dest, events)
        elif kind == PRIEST:
            self._priest[p] = dest
            if self._graves >> dest & 1:
                self._resurrect(route, events)

    def _check_rite_route(self, kind: int, route: tuple[int, ...], events: list[Event]) -> None:
        assert self._rite is not None
        seat = self._rite[0]
        nexus = self._b.nexus_mask
        if seat != self._turn:
            entered = [s for s in route[1:] if nexus >> s & 1]
            if entered:
                self._break_rite("enemy_entered", entered[0], events)
        elif kind == PRIEST:
            left = [s for s in route[1:] if not nexus >> s & 1]
            if left:
                self._break_rite("priest_left", left[0], events)

    def _break_rite(self, reason: str, square: int, events: list[Event]) -> None:
        assert self._rite is not None
        events.append(Event("rite_broken", {"seat": self._rite[0], "reason": reason,
                                            "square": self._b.names[square]}))
        self._rite = None

    def _collect(self, sq: int, events: list[Event]) -> None:
        p = self._turn
        unactivated, activated = self._stones.pop(sq)
        self._cu[p] += unactivated
        self._ca[p] += activated
        self._finish_action(sq)
        events.append(Event("stones_collected", {"seat": p, "square": self._b.names[sq],
                                                 "unactivated": unactivated, "activated": activated}))

    def _resurrect(self, route: tuple[int, ...], events: list[Event]) -> None:
        p = self._turn
        grave = route[-1]
        if self._warriors[p] >= MAX_WARRIORS:
            self._finish_action(grave)
            events.append(Event("warrior_not_raised", {"seat": p, "square": self._b.names[grave],
                                                       "reason": "six_warriors"}))
            return
        back = route[-2]
        self._graves ^= 1 << grave
        units = self._units
        units[back] = units.pop(grave)
        self._umask |= 1 << back
        self._smask[p] |= 1 << back
        self._priest[p] = back
        units[grave] = p * 4 + WARRIOR
        self._warriors[p] += 1
        self._done |= (1 << back) | (1 << grave)
        self._active = -1
        events.append(Event("warrior_raised", {"seat": p, "square": self._b.names[grave],
                                               "priest_to": self._b.names[back]}))

    def _apply_attack(self, attack: Attack, events: list[Event]) -> None:
        leader = attack.attackers[0]
        self._activate(leader)
        self._acts += len(attack.attackers) - 1
        for sq in attack.attackers:
            self._done |= 1 << sq
        self._active = -1
        self._pending = ("attack", attack.attackers, attack.target)
        self._declare_contest("attack_declared", events)

    def _declare_contest(self, kind: str, events: list[Event]) -> None:
        assert self._pending is not None
        sides, count, defender = self._contest_dice()
        names = self._b.names
        events.append(Event(kind, {"seat": self._turn, "attackers": [names[s] for s in self._pending[1]],
                                   "target": names[self._pending[2]], "attacker_dice": die_name(sides, count),
                                   "defender_dice": die_name(defender, 1)}))

    def _apply_bolt(self, bolt: Bolt, events: list[Event]) -> None:
        p = self._turn
        caster, target = bolt.caster, bolt.target
        self._activate(caster)
        self._finish_action(caster)
        cost = abs((caster & 15) - (target & 15)) + abs((caster >> 4) - (target >> 4))
        self._squares -= cost
        names = self._b.names
        events.append(Event("bolt_cast", {"seat": p, "from": names[caster], "target": names[target],
                                          "cost": cost}))
        events.append(Event("stones_spent", {"seat": p, "square": names[caster], "count": 1,
                                             "spell": "bolt"}))
        if self._units[target] & 3 == MAGE:
            self._pending = ("bolt", (caster,), target)
            self._declare_contest("contest_declared", events)
            return
        self._ca[p] -= 1
        self._fall(target, events)
        self._land(target, 1, events)

    def _apply_unit_action(self, action: UnitAction, events: list[Event]) -> None:
        sq = action.square
        p = self._turn
        self._activate(sq)
        verb = action.verb
        if verb == "collect":
            self._collect(sq, events)
            return
        self._finish_action(sq)
        names = self._b.names
        if verb == "activate":
            count = self._cu[p]
            self._ca[p] += count
            self._cu[p] = 0
            events.append(Event("stones_activated", {"seat": p, "square": names[sq], "count": count}))
        elif verb == "rite":
            rivals = sum(self._alive) - 1
            needed = 2 if rivals == 1 else 1
            self._rite = (p, 0, needed)
            events.append(Event("rite_declared", {"seat": p, "square": names[sq], "laps": needed}))
        else:
            self._nova(sq, events)

    def _nova(self, sq: int, events: list[Event]) -> None:
        p = self._turn
        self._ca[p] -= NOVA_COST
        names = self._b.names
        events.append(Event("nova_cast", {"seat": p, "square": names[sq]}))
        events.append(Event("stones_spent", {"seat": p, "square": names[sq], "count": NOVA_COST,
                                             "spell": "nova"}))
        ring = self._b.ring[sq]
        units = self._units
        fallen = [(s, units[s]) for s in ring if s >= 0 and s in units and units[s] >> 2 != p]
        for s, _ in fallen:
            self._remove(s, events)
        for s, code in fallen:
            if code & 3 == WARRIOR:
                self._gravestone(s, events)
        for s, code in fallen:
            if code & 3 == MAGE:
                self._drop(s, code >> 2, events)
        for corner in (ring[1], ring[3], ring[5], ring[7]):
            self._land(corner if corner >= 0 else sq, 1, events)

    def _resolve(self, outcome: DiceOutcome | DiceRoll, events: list[Event]) -> None:
        """Apply a contest's outcome (abstract or concrete: the same rules effect)."""
        assert self._pending is not None
        sides, count, defender = self._contest_dice()
        kind, attackers, target = self._pending
        self._pending = None
        wins = outcome.attacker_wins
        rolls: list[dict[str, Any]] = []
        if isinstance(outcome, DiceRoll):
            rolls = [{"attacker": list(f), "defender": d} for f, d in outcome.rolls]
        names = self._b.names
        events.append(Event("dice_rolled", {"seat": self._turn, "attackers": [names[s] for s in attackers],
                                            "target": names[target], "attacker_dice": die_name(sides, count),
                                            "defender_dice": die_name(defender, 1), "rolls": rolls,
                                            "winner": "attacker" if wins else "defender"}))
        if kind == "bolt":
            self._ca[self._turn] -= 1
            if wins:
                self._fall(target, events)
            else:
                events.append(Event("bolt_blocked", {"seat": self._turn, "square": names[target]}))
            self._land(target, 1, events)
        elif wins:
            self._fall(target, events)
        elif len(attackers) == 1:
            self._fall(attackers[0], events)
        else:
            self._pending = ("fall", attackers, target)

    # --------------------------------------------------------------- falling

    def _fall(self, sq: int, events: list[Event]) -> None:
        code = self._remove(sq, events)
        if code & 3 == WARRIOR:
            self._gravestone(sq, events)
        elif code & 3 == MAGE:
            self._drop(sq, code >> 2, events)

    def _remove(self, sq: int, events: list[Event], resigned: bool = False) -> int:
        """Take the unit off ``sq``: it falls, or (``resigned``) leaves with its resigning player."""
        code = self._units.pop(sq)
        seat, kind = code >> 2, code & 3
        bit = 1 << sq
        self._umask &= ~bit
        self._smask[seat] &= ~bit
        self._done &= ~bit
        if self._active == sq:
            self._active = -1
        events.append(Event("unit_removed" if resigned else "unit_fell",
                            {"seat": seat, "unit": KIND_NAMES[kind], "square": self._b.names[sq]}))
        if kind == WARRIOR:
            self._warriors[seat] -= 1
        elif kind == MAGE:
            self._mage[seat] = -1
        else:
            self._priest[seat] = -1
            if self._rite is not None and self._rite[0] == seat:
                self._break_rite("resigned" if resigned else "priest_fell", sq, events)
        return code

    def _gravestone(self, sq: int, events: list[Event]) -> None:
        name = self._b.names[sq]
        if self._b.nexus_mask >> sq & 1:
            reason = "nexus"
        elif self._graves >> sq & 1:
            reason = "already_one"
        elif not self._bank:
            reason = "bank_empty"
        else:
            self._graves |= 1 << sq
            self._bank -= 1
            events.append(Event("gravestone_placed", {"square": name, "bank": self._bank}))
            return
        events.append(Event("gravestone_not_placed", {"square": name, "reason": reason}))

    def _drop(self, sq: int, seat: int, events: list[Event]) -> None:
        unactivated = self._cu[seat]
        activated = 1 if self._ca[seat] else 0
        if not unactivated and not activated:
            return
        self._cu[seat] = 0
        self._ca[seat] -= activated
        self._add_stones(sq, unactivated, activated)
        events.append(Event("stones_dropped", {"seat": seat, "square": self._b.names[sq],
                                               "unactivated": unactivated, "activated": activated}))

    def _land(self, sq: int, activated: int, events: list[Event]) -> None:
        self._add_stones(sq, 0, activated)
        events.append(Event("stones_landed", {"square": self._b.names[sq], "activated": activated}))

    def _add_stones(self, sq: int, unactivated: int, activated: int) -> None:
        old_u, old_a = self._stones.get(sq, (0, 0))
        self._stones[sq] = (old_u + unactivated, old_a + activated)

    # ------------------------------------------------------- goes and endings

    def _end_go(self, events: list[Event]) -> None:
        events.append(Event("go_ended", {"seat": self._turn, "go": self._go}))
        if self._stalemate():
            self._finish((), "stalemate", events)
        elif self._go_limit is not None and self._go >= self._go_limit:
            self._finish((), "go_limit", events)
        else:
            self._start_go(self._next_seat(self._turn), events)

    def _next_seat(self, seat: int) -> int:
        n = self._n
        nxt = (seat + 1) % n
        while not self._alive[nxt]:
            nxt = (nxt + 1) % n
        return nxt

    def _start_go(self, seat: int, events: list[Event]) -> None:
        """Begin ``seat``'s go: Rite lap, respawns, MageStone, elimination/Conquest, stalemate."""
        while True:
            self._turn = seat
            self._go += 1
            self._squares = SQUARES_PER_GO
            self._acts = 0
            self._active = -1
            self._done = 0
            events.append(Event("go_started", {"seat": seat, "go": self._go}))
            rite = self._rite
            if rite is not None and rite[0] == seat:
                laps = rite[1] + 1
                self._rite = (seat, laps, rite[2])
                events.append(Event("rite_lap", {"seat": seat, "lap": laps, "needed": rite[2]}))
                if laps >= rite[2]:
                    events.append(Event("rite_won", {"seat": seat}))
                    self._finish((seat,), "ritual", events)
                    return
            self._respawn(seat, events)
            if self._check_magestone(events):
                return
            if self._smask[seat]:
                if self._stalemate():
                    self._finish((), "stalemate", events)
                return
            self._eliminate(seat, events)
            alive = [i for i in range(self._n) if self._alive[i]]
            if len(alive) == 1:
                self._finish((alive[0],), "conquest", events)
                return
            seat = self._next_seat(seat)

    def _besieged(self, seat: int) -> bool:
        units = self._units
        for sq in (self._mstart[seat], self._pstart[seat]):
            code = units.get(sq)
            if code is not None and code >> 2 != seat:
                return True
        return False

    def _respawn(self, seat: int, events: list[Event]) -> None:
        queued = [kind for kind in (MAGE, PRIEST) if (self._mage if kind == MAGE else self._priest)[seat] < 0]
        if not queued:
            return
        names = self._b.names
        waiting = [KIND_NAMES[k] for k in queued]
        if self._besieged(seat):
            events.append(Event("respawn_held", {"seat": seat, "units": waiting, "reason": "siege"}))
            return
        own = {MAGE: self._mstart[seat], PRIEST: self._pstart[seat]}
        other = {MAGE: self._pstart[seat], PRIEST: self._mstart[seat]}
        for squares in (own, other):
            for kind in list(queued):
                sq = squares[kind]
                if sq not in self._units:
                    self._place(sq, seat, kind)
                    queued.remove(kind)
                    events.append(Event("respawned", {"seat": seat, "unit": KIND_NAMES[kind],
                                                      "square": names[sq]}))
        if queued:
            events.append(Event("respawn_held", {"seat": seat, "units": [KIND_NAMES[k] for k in queued],
                                                 "reason": "blocked"}))

    def _eliminate(self, seat: int, events: list[Event]) -> None:
        self._alive[seat] = False
        square = self._mstart[seat]
        unactivated, activated = self._cu[seat], self._ca[seat]
        self._cu[seat] = self._ca[seat] = 0
        if unactivated or activated:
            self._add_stones(square, unactivated, activated)
        events.append(Event("eliminated", {"seat": seat, "stones_square": self._b.names[square],
                                           "unactivated": unactivated, "activated": activated}))

    def _check_magestone(self, events: list[Event]) -> bool:
        """A Mage on its own base with 6+ Activated stones wins (the player to act checked first)."""
        if self._result is not None:
            return True
        if max(self._ca) < STONES_TO_WIN:
            return False
        n = self._n
        for i in range(n):
            seat = (self._turn + i) % n
            sq = self._mage[seat]
            if sq >= 0 and self._ca[seat] >= STONES_TO_WIN and (sq == self._mstart[seat]
                                                               or sq == self._pstart[seat]):
                self._finish((seat,), "magestone", events)
                return True
        return False

    def _stalemate(self) -> bool:
        """Each remaining player has only Warriors, all on other remaining players' bases, and is besieged.

        A remaining player with no unit on the board at all makes no stalemate: it is eliminated at the
        start of its next go and play goes on (rulings: Victory and draw).
        """
        alive = self._alive
        owner = self._base_owner
        for seat in range(self._n):
            if not alive[seat]:
                continue
            units = self._smask[seat]
            if not units or self._mage[seat] >= 0 or self._priest[seat] >= 0 or not self._besieged(seat):
                return False
            for sq in bits(units):
                holder = owner.get(sq)
                if holder is None or holder == seat or not alive[holder]:
                    return False
        return True

    # ------------------------------------------------ resigning and agreed draws

    def in_game(self, seat: int) -> bool:
        """True while ``seat`` still plays: the game goes on and it was neither eliminated nor resigned."""
        return self._result is None and 0 <= seat < self._n and self._alive[seat]

    def resign(self, seat: int) -> list[Event]:
        """``seat`` resigns, on its own go or not (rulings: Victory and draw). Undoable like an action.

        Resigning changes no rule: the player is out as if eliminated. When one rival is left, that
        rival wins at once (reason ``resigned``) and the board stays as it was played. With more
        rivals left (four players) the game goes on without it: its units leave the board (they do
        not fall: no gravestones), the stones its Mage carries go, as they are, to its Mage start
        square as for any eliminated player, a Rite it runs ends, turn order skips it, and on its
        own go the next player's go starts.
        """
        if not self.in_game(seat):
            raise IllegalActionError(f"seat {seat} is not in the game")
        if self.is_chance_node():
            raise IllegalActionError("the dice must be rolled first")
        self._history.append(self._snapshot())
        self._cache = None
        events = [Event("resigned", {"seat": seat})]
        rivals = [i for i in range(self._n) if self._alive[i] and i != seat]
        if len(rivals) == 1:
            self._finish((rivals[0],), "resigned", events)
            return events
        for sq in bits(self._smask[seat]):
            self._remove(sq, events, resigned=True)
        self._eliminate(seat, events)
        if seat == self._turn:
            self._pending = None
            self._start_go(self._next_seat(seat), events)
        return events

    def agree_draw(self) -> list[Event]:
        """The players agree a draw (the match allows it only between humans). Undoable like an action."""
        if self._result is not None:
            raise IllegalActionError("the game is already over")
        if self.is_chance_node():
            raise IllegalActionError("the dice must be rolled first")
        self._history.append(self._snapshot())
        self._cache = None
        events: list[Event] = []
        self._finish((), "agreed_draw", events)
        return events

    def _finish(self, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
        self._result = GameResult(winners, reason)
        self._pending = None
        events.append(Event("game_over", {"winners": list(winners), "reason": reason}))

    # ------------------------------------------------------------ scenarios

    def to_scenario(self) -> dict[str, Any]:
        """The position as scenario data (the JSON form of ``levels/magestone/scenarios``)."""
        names = self._b.names
        seats: dict[str, Any] = {}
        for i, letter in enumerate(self._seats):
            warriors = [names[s] for s in bits(self._smask[i]) if self._units[s] & 3 == WARRIOR]
            seats[letter] = {
                "mage": names[self._mage[i]] if self._mage[i] >= 0 else None,
                "priest": names[self._priest[i]] if self._priest[i] >= 0 else None,
                "warriors": warriors,
                "carried": [self._cu[i], self._ca[i]],
                "eliminated": not self._alive[i],
            }
        pending = None
        if self._pending is not None:
            kind, attackers, target = self._pending
            pending = {"kind": kind, "attackers": [names[s] for s in attackers], "target": names[target]}
        result = None
        if self._result is not None:
            result = {"winners": [self._seats[s] for s in self._result.winners],
                      "reason": self._result.reason}
        return {
            "players": self._n,
            "seats": seats,
            "stones": {names[s]: list(self._stones[s]) for s in sorted(self._stones)},
            "gravestones": [names[s] for s in bits(self._graves)],
            "bank": self._bank,
            "turn": self._seats[self._turn],
            "squares": self._squares,
            "activations": self._acts,
            "active": names[self._active] if self._active >= 0 else None,
            "done": [names[s] for s in bits(self._done)],
            "rite": None if self._rite is None else {"seat": self._seats[self._rite[0]],
                                                    "laps": self._rite[1], "needed": self._rite[2]},
            "pending": pending,
            "go": self._go,
            "result": result,
        }

    def _load_spec(self, spec: Mapping[str, Any]) -> None:
        """Fill an empty state from validated scenario data (square indices, seat indices)."""
        for i, seat in enumerate(self._seats):
            entry = spec["seats"][seat]
            self._alive[i] = not entry["eliminated"]
            for kind, key in ((MAGE, "mage"), (PRIEST, "priest")):
                if entry[key] is not None:
                    self._place(entry[key], i, kind)
            for sq in entry["warriors"]:
                self._place(sq, i, WARRIOR)
            self._cu[i], self._ca[i] = entry["carried"]
        self._stones = dict(spec["stones"])
        self._graves = sum(1 << s for s in spec["gravestones"])
        self._bank = spec["bank"]
        self._turn = self._seats.index(spec["turn"])
        self._squares = spec["squares"]
        self._acts = spec["activations"]
        self._active = -1 if spec["active"] is None else spec["active"]
        self._done = sum(1 << s for s in spec["done"])
        rite = spec["rite"]
        self._rite = None if rite is None else (self._seats.index(rite["seat"]), rite["laps"], rite["needed"])
        pending = spec["pending"]
        self._pending = None if pending is None else (pending["kind"], tuple(pending["attackers"]),
                                                      pending["target"])
        self._go = spec["go"]
        result = spec["result"]
        self._result = None if result is None else GameResult(
            tuple(self._seats.index(s) for s in result["winners"]), result["reason"])


def _depth_of(layers: list[int], sq: int) -> int:
    """Layer index holding ``sq`` (0 if it is not reached beyond the start)."""
    for depth in range(1, len(layers)):
        if layers[depth] >> sq & 1:
            return depth
    return 0
