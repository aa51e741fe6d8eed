"""Phase 1's main choice: taking over a commander (or the first-player token) or a crew
member, and where crew goes.

Take-over costs and effects (Forrester Dain), crew from the upper panel, placements on
the lower panel, start crew and bonus crew.
"""

from __future__ import annotations

from game.rules.magnastorm.actions import Action, act
from game.rules.magnastorm.core import (
    ACTION,
    AUTO,
    BONUS_CREW,
    COLOURS,
    SWEEP,
    T_CELL,
    YELLOW,
    StateCore,
    Task,
    new_task,
)


class CrewRules(StateCore):
    """Phase 1's main choice."""

    def _legal_start_crew(self, task: Task) -> list[Action]:
        used = {column for column in range(self.s.columns) if any(self.upper[column * 5 + 1:column * 5 + 5])}
        return [act(f"start c{c}") for c in range(self.s.columns) if c not in used]

    def _do_start(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        column = int(args[0][1:])
        self.upper[column * 5 + seat + 1] += 1
        self.crew_home[seat] -= 1
        self._emit("crew_placed", seat=seat, column=column, panel="upper")

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
        self.tasks.append(new_task("took", AUTO, seat, column))
        for colour in reversed(range(5)):
            for _ in range(crew[colour]):
                self.tasks.append(new_task("place", seat, colour, SWEEP))

    def _took(self, seat: int, column: int) -> None:
        if not column:
            self.fp_holder = seat
            self.tasks.append(new_task("getcolour", seat))
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
            self.tasks.append(new_task("dain", seat))

    def _legal_dain(self, task: Task) -> list[Action]:
        yellow = self.cubes[task[1] * 5]
        return [act(f"dain {n}") for n in range(min(2, yellow) + 1)]

    def _do_dain(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        count = int(args[0])
        self._pay_colour(seat, YELLOW, count)
        self._rep(seat, count, "dain")

    def _do_crew(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        column, colour = int(args[0][1:]), COLOURS.index(args[1])
        self.upper[column * 5 + colour] -= 1
        self.tasks.append(new_task("option", seat))
        self.tasks.append(new_task("place", seat, colour, ACTION))

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
