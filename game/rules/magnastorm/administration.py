"""Phase 2, the administration: income, sector majorities, research commanders, turn order,
the panel swap and the rotation of the centre tile.

Run in one go at the end of a round, in the order of the rule text.
"""

from __future__ import annotations

from game.rules.magnastorm.core import (
    StateCore,
)
from game.rules.magnastorm.objectives import (
    sector_counts,
    sole_majority,
)
from game.rules.magnastorm.planet import income_table


class AdministrationRules(StateCore):
    """Phase 2, the administration."""

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
