"""Phase 2, the administration: income, sector majorities, research commanders, turn order,
the panel swap and the rotation of the centre tile.

Run in one go at the end of a round, in the order of the rule text. The reputation it would
award now (majorities and research commanders) is also offered as a preview, for the AI.
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

    def _majority_reputation(self) -> list[tuple[int, int, str]]:
        """The reputation of each sole majority in a quiet sector (and Yilmark's bonus), sector by sector."""
        counts = sector_counts(self.s.board, self.space_owner, self.space_labs, self.s.n)
        quiet = self._quiet()
        changes = []
        for sector in range(6):
            for seat in range(self.s.n):
                if quiet[sector] and sole_majority(counts, seat, sector):
                    changes.append((seat, 1, "majority"))
                    if self.controls(seat, "yilmark"):
                        changes.append((seat, 1, "yilmark"))
        return changes

    def _research_commander_moves(self) -> list[tuple[int, int, int]]:
        """``(area, previous, winner)`` for each research commander changing hands now (-1: nobody).

        The sole leader of an area among the players still in wins its commander; a tie takes it
        from its holder.
        """
        levels = self.research_levels()
        moves = []
        for area in range(self.s.areas):
            top = max(levels[seat][area] for seat in self.order)
            leaders = [seat for seat in sorted(self.order) if levels[seat][area] == top]
            winner = leaders[0] if len(leaders) == 1 else -1
            if winner != self.rcmd_ctrl[area]:
                moves.append((area, self.rcmd_ctrl[area], winner))
        return moves

    def _commander_loss(self, area: int, previous: int) -> list[tuple[int, int, str]]:
        """The reputation its holder loses with an area's research commander (none if nobody held it)."""
        commander = self.s.content.commanders[self.rcmd[area]]
        return [(previous, -commander.red, "commander_lost")] if previous >= 0 else []

    def _commander_gain(self, area: int, winner: int) -> list[tuple[int, int, str]]:
        """The reputation the winner of an area's research commander gains (none if nobody won it)."""
        commander = self.s.content.commanders[self.rcmd[area]]
        if winner < 0:
            return []
        gains = [(winner, commander.green, "commander")]
        return [*gains, (winner, 1, "lebeaux")] if commander.id == "lebeaux" else gains

    def administration_preview(self) -> list[int]:
        """Reputation each seat would gain (negative: lose) if the administration ran now.

        Sector majorities (with Yilmark's bonus) and research commanders changing hands, with the
        rules' floor at zero reputation.
        """
        rep = list(self.rep)
        changes = self._majority_reputation()
        for area, previous, winner in self._research_commander_moves():
            changes += self._commander_loss(area, previous) + self._commander_gain(area, winner)
        for seat, amount, _ in changes:
            rep[seat] = max(0, rep[seat] + amount)
        return [after - before for after, before in zip(rep, self.rep, strict=True)]

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
        for seat, amount, source in self._majority_reputation():  # 2) sector majorities
            self._rep(seat, amount, source)
        for area, previous, winner in self._research_commander_moves():  # 3) research commanders
            for seat, amount, source in self._commander_loss(area, previous):
                self._rep(seat, amount, source)
            self.rcmd_ctrl[area] = winner
            self._emit("research_commander", area=st.colours[area], commander=self.rcmd[area], seat=winner)
            for seat, amount, source in self._commander_gain(area, winner):
                self._rep(seat, amount, source)
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
