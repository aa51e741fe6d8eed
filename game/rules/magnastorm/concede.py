"""Resigning and agreed draws (not in the rule text; see ruling 14 of docs/magnastorm-design.md).

Both are undoable like an action.
"""

from __future__ import annotations

from game.rules.magnastorm.core import (
    LAB_SLOTS,
    STATION_SLOTS,
    SWEEP,
    new_task,
)
from game.rules.magnastorm.flow import Flow
from game.rules.protocol import (
    CHANCE,
    Event,
    IllegalActionError,
)


class Concessions(Flow):
    """Resigning and agreed draws (not in the rule text; see ruling 14 of docs/magnastorm-design.md)."""

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
                task = new_task(kind, actor, colour, SWEEP, c)
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
