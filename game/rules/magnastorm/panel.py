"""The lower action panel's row: option A (move, for the row's cost) or B (the row's
cubes), and the bonus space.

Movement cost (Sayuri Modo, Idris Yakuul), cube gains (Yuul Mbado, Rain Davenpitt) and the bonus spaces.
"""

from __future__ import annotations

from game.rules.magnastorm.actions import Action, act
from game.rules.magnastorm.core import (
    AUTO,
    BONUS_CREW,
    OPTION_GAIN,
    OPTION_MOVE,
    T_CELL,
    T_EXTRA,
    T_OPTION,
    T_RANGE,
    StateCore,
    Task,
    new_task,
)
from game.rules.magnastorm.data import Cost


class PanelRules(StateCore):
    """The lower action panel's row."""

    def _cell_bonus(self) -> str:
        cell = self.turn[T_CELL]
        return self.s.panel.bonuses.get((cell // self.s.columns, cell % self.s.columns), "")

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
        self.tasks.append(new_task("space_bonus", AUTO, seat))
        self.tasks.append(new_task("premove", seat))

    def _do_gain(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        self.turn[T_OPTION] = OPTION_GAIN
        self._gain_cost(seat, self.s.panel.gains[self.turn[T_CELL] // self.s.columns])
        self.tasks.append(new_task("space_bonus", AUTO, seat))
        if self.controls(seat, "mbado"):
            self.tasks.append(new_task("getcolour", seat))
        if self.controls(seat, "davenpitt"):
            levels = self.research_levels()[seat]
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
                self.tasks.append(new_task("place", seat, seat + 1, BONUS_CREW))
        elif bonus == "swap":
            position = self.order.index(seat)
            if position:
                self.order[position - 1], self.order[position] = seat, self.order[position - 1]
                self._emit("turn_order", order=list(self.order))
        elif bonus == "bag":
            self._push_bag(seat, 1)
