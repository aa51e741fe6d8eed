"""The small choices inside a turn: the free exchange, which cube to pay or take, which
research area, Joy D. Obondov's extra draw.

Follow-up decisions that several rules push: payments of any colour, cube picks, research advances.
"""

from __future__ import annotations

from game.rules.magnastorm.actions import Action, act
from game.rules.magnastorm.core import (
    COLOURS,
    YELLOW,
    StateCore,
    Task,
    new_task,
)


class ChoiceRules(StateCore):
    """The small choices inside a turn."""

    def _legal_trades(self, seat: int) -> list[Action]:
        total = self._total(seat)
        return [act(f"trade {COLOURS[c]}") for c in (YELLOW, *self.s.player_colours)
                if self.supply[c] and total - self.cubes[seat * 5 + c] >= 3]

    def _do_trade(self, task: Task, args: tuple[str, ...]) -> None:
        self.tasks.append(new_task("give", task[1], COLOURS.index(args[0]), 3))

    def _legal_give(self, task: Task) -> list[Action]:
        seat, want = task[1], task[2]
        return [act(f"give {COLOURS[c]}") for c in (YELLOW, *self.s.player_colours)
                if c != want and self.cubes[seat * 5 + c]]

    def _do_give(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, want, left, _ = self.tasks.pop()
        self._pay_colour(seat, COLOURS.index(args[0]), 1)
        if left > 1:
            self.tasks.append(new_task("give", seat, want, left - 1))
        else:
            self.supply[want] -= 1
            self.cubes[seat * 5 + want] += 1
            self._emit("exchanged", seat=seat, colour=COLOURS[want])

    def _legal_research(self, task: Task) -> list[Action]:
        seat, mask, start = task[1], task[2], task[3]
        top = self.s.research.top
        return [act(f"res {self.s.colours[a]}") for a in range(self.s.areas)
                if mask >> a & 1 and self.level(seat, a) < top and not (start and a in self.start_used)]

    def _do_res(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, _, start, _ = self.tasks.pop()
        area = self.s.colours.index(args[0])
        if start:
            self.start_used = [*self.start_used, area]
        self._advance_research(seat, area)

    def _legal_pay(self, task: Task) -> list[Action]:
        seat, exclude = task[1], task[3]
        return [act(f"pay {COLOURS[c]}") for c in (YELLOW, *self.s.player_colours)
                if c != exclude and self.cubes[seat * 5 + c]]

    def _do_pay(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, to, _, _ = self.tasks.pop()
        self._pay_colour(seat, COLOURS.index(args[0]), 1, to)

    def _legal_getcolour(self, task: Task) -> list[Action]:
        return [act(f"get {COLOURS[c]}") for c in self.s.player_colours if self.supply[c]]

    def _do_get(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        self._gain(seat, COLOURS.index(args[0]))

    def _legal_joy(self, task: Task) -> list[Action]:
        return [act("joy"), act("nojoy")]

    def _do_joy(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, count, _, _ = self.tasks.pop()
        self._push_draws(seat, count + 2)

    def _do_nojoy(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, count, _, _ = self.tasks.pop()
        self._push_draws(seat, count)
