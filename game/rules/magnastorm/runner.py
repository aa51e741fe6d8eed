"""The scout runner: where a move may start and go, the storm, transmitter stations and turtle labs.

Station starts, steps along lines, the storm drift, Mira Mascovic, Justin B. Beeper, Adira
Okzil, and on landing the station, the lab and the extra lab (Azrea Bonsmai, Kaysia Vasidis).
"""

from __future__ import annotations

from game.rules.magnastorm.actions import Action, act
from game.rules.magnastorm.core import (
    LAB_SLOTS,
    MODE_DRIFT,
    MODE_MIRA,
    MODE_NORMAL,
    STATION_SLOTS,
    T_ADIRA,
    T_AZREA,
    T_BUILT,
    T_DROPPED,
    T_EXTRA,
    T_JUSTIN,
    T_KAYSIA,
    T_MODE,
    T_PASSED,
    T_RANGE,
    T_SPACE,
    StateCore,
    Task,
    new_task,
)
from game.rules.magnastorm.data import Cost
from game.rules.magnastorm.planet import drift_areas


class RunnerRules(StateCore):
    """The scout runner."""

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

    def _do_justin(self, task: Task, args: tuple[str, ...]) -> None:
        seat = task[1]
        self.turn[T_JUSTIN] = 1
        self.turn[T_RANGE] += 1
        self.tasks.append(new_task("pay", seat, -1, seat + 1))

    def _do_adira(self, task: Task, args: tuple[str, ...]) -> None:
        seat = task[1]
        self.turn[T_ADIRA] = 1
        self._pay_colour(seat, seat + 1, 2)
        self._push_research(seat, self._any_area())

    def _do_mira(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        self.turn[T_MODE] = MODE_MIRA
        self.tasks.append(new_task("mira", seat))

    def _do_go(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        if not args:
            self.tasks.append(new_task("step", seat, -1, 0))
            return
        station = self.s.transmitter_index[args[0]]
        self.tasks.append(new_task("step", seat, station, 0))
        owner = self.station_owner[station]
        if owner != seat:
            self.tasks.append(new_task("pay", seat, owner, -1))
        self._emit("station_start", seat=seat, station=args[0], owner=owner)

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
        self.tasks.append(new_task("step", seat, -1, taken + 1))

    def _do_end(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        space = int(args[0][1:])
        area = self.s.board.space_area[space]
        if task[0] == "step" and task[2] < 0 and not self._area_quiet(self.runner[seat]):
            self.turn[T_MODE] = MODE_DRIFT
        self.runner[seat] = area
        self.turn[T_SPACE] = space
        self._emit("runner_stopped", seat=seat, space=space, area=self.s.board.area_names[area])
        self.tasks.append(new_task("land", seat))

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
