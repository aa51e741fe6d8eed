"""The course of a round: passes of turns in turn order, the round end and the game end.

A pass ends with the last player in turn order; the round ends when the upper panel is empty.
"""

from __future__ import annotations

from game.rules.magnastorm.administration import AdministrationRules
from game.rules.magnastorm.core import (
    AUTO,
    ROUNDS,
    T_CELL,
    TURN_FIELDS,
    new_task,
)
from game.rules.protocol import (
    CHANCE,
)


class RoundRules(AdministrationRules):
    """The course of a round."""

    def _start_pass(self) -> None:
        self.pass_order = list(self.order)
        self.pass_pos = 0
        self._begin_turn(self.pass_order[0])

    def _begin_turn(self, seat: int) -> None:
        self.turn = [0] * TURN_FIELDS
        self.turn[T_CELL] = -1
        self.tasks.append(new_task("turn_end", AUTO, seat))
        self.tasks.append(new_task("objective", seat))
        self.tasks.append(new_task("main", seat))

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

    def _game_over(self) -> None:
        playing = sorted(self.order, key=lambda seat: (-self.rep[seat], self.order.index(seat)))
        self.ranking = playing + self._resigned()
        self._emit("ranking", ranking=list(self.ranking), reputation=list(self.rep))
        self.tasks.append(new_task("final", AUTO))
        for seat in reversed(playing):
            self.tasks.append(new_task("artifact", CHANCE, seat))

    def _tier(self, seat: int) -> str:
        rank = self.ranking.index(seat)
        last = len(self.ranking) - len(self._resigned()) - 1
        return "gold" if rank == 0 else "bronze" if rank == last else "silver"
