"""Undo snapshots and the consistency check of a rebuilt state.

The state as one flat list for ``undo``, and the check that refuses an impossible state.
"""

from __future__ import annotations

from typing import Any

from game.rules.magnastorm.core import (
    COLOURS,
    CUBES_PER_COLOUR,
    LAB_SLOTS,
    LIST_FIELDS,
    SOURCES,
    StateCore,
)
from game.rules.protocol import (
    PositionError,
)


class Snapshots(StateCore):
    """Undo snapshots and the consistency check of a rebuilt state."""

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
        for name in LIST_FIELDS:
            end = index + 1 + snap[index]
            setattr(self, name, snap[index + 1:end])
            index = end
        self._cache = None

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
