"""The Magnastorm state's fields, constants and the bookkeeping every rule shares.

A turn is a sequence of small decisions. The state keeps a stack of *tasks*
(``(kind, actor, a, b, c)`` tuples, the top one last): the top task says who acts
and what may be chosen. Applying an action pops or rewrites the top task and may
push follow-up tasks (a lab pushes its research advance, a research bonus pushes
a bag draw...). ``StateCore`` holds the fields and the helpers that move cubes,
book reputation and push the common follow-ups; the rule mixins build on it.
"""

from __future__ import annotations

from typing import Any

from game.rules.magnastorm.actions import Action, act
from game.rules.magnastorm.data import Content, Cost, ObjectiveFace
from game.rules.magnastorm.planet import quiet_sectors
from game.rules.magnastorm.position import FIELD_KINDS, FIELDS
from game.rules.protocol import CHANCE, TERMINAL, Event

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
FREE_LENGTH_FIELDS = frozenset({"order", "pass_order", "start_used", "drawn", "ranking", "tasks"})
"""Fields whose length changes during a game (the others have a fixed length per match)."""
SCALAR_FIELDS = tuple(name for name in FIELDS if FIELD_KINDS[name] in ("i", "s"))
LIST_FIELDS = tuple(name for name in FIELDS if name not in SCALAR_FIELDS)


def new_task(kind: str, actor: int, a: int = 0, b: int = 0, c: int = 0) -> Task:
    return (kind, actor, a, b, c)


class Static:
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




class StateCore:
    """The fields of a Magnastorm state and the helpers the rules share (no rule of its own)."""

    s: Static
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

    _history: list[list[Any]]
    _cache: list[Action] | None
    _events: list[Event]

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        if not self.tasks:
            return TERMINAL
        return self.tasks[-1][1]

    def _values(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in FIELDS}

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
            self.tasks.append(new_task("pay", seat, -1, -1))

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

    def research_levels(self) -> list[list[int]]:
        """Each seat's research level in every area."""
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
        self.tasks.append(new_task("research", seat, mask))

    def _any_area(self) -> int:
        return (1 << self.s.areas) - 1

    def _advance_research(self, seat: int, area: int) -> None:
        index = seat * self.s.areas + area
        self.research[index] += 1
        level = self.research[index]
        self._emit("research", seat=seat, area=self.s.colours[area], level=level)
        bonus = self.s.research.bonuses[area].get(level)
        if bonus:
            self._track_bonus(seat, bonus)

    def _push_bag(self, seat: int, count: int) -> None:
        if self.controls(seat, "obondov"):
            self.tasks.append(new_task("joy", seat, count))
        else:
            self._push_draws(seat, count)

    def _push_draws(self, seat: int, count: int) -> None:
        for _ in range(count):
            self.tasks.append(new_task("bag", CHANCE, seat))

    def _track_bonus(self, seat: int, bonus: str) -> None:
        self._emit("bonus", seat=seat, bonus=bonus, source="research")
        if bonus == "own":
            self._gain(seat, seat + 1)
        elif bonus == "yellow":
            self._gain(seat, YELLOW)
        elif bonus == "colour":
            self.tasks.append(new_task("getcolour", seat))
        elif bonus in ("bag2", "bag3"):
            self._push_bag(seat, int(bonus[-1]))
        elif bonus == "crew" and self.crew_home[seat]:
            self.tasks.append(new_task("place", seat, seat + 1, BONUS_CREW))

    def lab_cost(self, slot: int) -> Cost:
        """The printed cost of lab slot ``slot`` (0-based)."""
        return self.s.content.lab_costs[slot]

    def objective_face(self, slot: int) -> ObjectiveFace:
        """The face dealt to objective slot ``slot`` (0-1 research, 2-3 sector)."""
        return self.s.card_faces[self.objectives[slot]]

    def _resigned(self) -> list[int]:
        """Seats that resigned (left the turn order once it was drawn), best reputation first."""
        out = [seat for seat in range(self.s.n) if self.order and seat not in self.order]
        return sorted(out, key=lambda seat: (-self.rep[seat], seat))
