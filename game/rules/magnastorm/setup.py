"""Set-up and starting positions: the deals, turn order, crew, research and the turn-order bonuses.

The advanced starting positions (artifact cards) included.
"""

from __future__ import annotations

from game.rules.magnastorm.core import (
    AUTO,
    new_task,
)
from game.rules.magnastorm.rounds import RoundRules
from game.rules.protocol import (
    CHANCE,
)


class SetUpRules(RoundRules):
    """Set-up and starting positions."""

    def _setup_step(self, step: int) -> None:
        st = self.s
        push = self.tasks.append
        push(new_task("setup", AUTO, step + 1))
        if step == 0:  # the deals, drawn from the seed
            for slot in (3, 2, 1, 0):
                push(new_task("deal_ob", CHANCE, slot))
            for column in reversed(range(1, st.columns)):
                push(new_task("deal_ac", CHANCE, column))
            for slot in reversed(range(st.areas)):
                push(new_task("deal_rc", CHANCE, slot))
        elif step == 1:  # turn order
            if st.advanced:
                push(new_task("adv_order", AUTO))
                for seat in reversed(range(st.n)):
                    push(new_task("draw", CHANCE, seat))
                    push(new_task("draw", CHANCE, seat))
            elif st.options["first_player"] is not None:
                self._set_first(int(st.options["first_player"]))
            else:
                push(new_task("first", CHANCE))
        elif step == 2:  # crew into the command centre, in turn order
            for seat in reversed(self.order):
                push(new_task("start_crew", seat))
        elif step == 3:  # research, from the last player backwards, each in a different area
            for seat in self.order:
                push(new_task("research", seat, self._any_area(), 1))
        elif step == 4:  # turn-order bonuses
            self.phase = "play"
            if st.advanced:
                for seat in reversed(self.order):
                    for card in reversed(self._drawn_cards(seat)):
                        self._artifact_bonus(seat, st.content.artifacts[card].bonus)
            else:
                for seat in self.order[2:]:
                    self._gain(seat, seat + 1)
        elif step == 5:
            self.tasks.pop()
            self._emit("round_started", round=self.round)
            self._start_pass()

    def _artifact_bonus(self, seat: int, bonus: str) -> None:
        if bonus == "reputation":
            self._rep(seat, 1, "artifact")
        elif bonus == "own_cube":
            self._gain(seat, seat + 1)
        else:
            area = self.s.colours.index(bonus[-1])
            self.tasks.append(new_task("research", seat, 1 << area))

    def _set_first(self, first: int) -> None:
        self.order = [(first + i) % self.s.n for i in range(self.s.n)]
        self._emit("turn_order", order=list(self.order))

    def _drawn_cards(self, seat: int) -> list[int]:
        return [self.drawn[i + 1] for i in range(0, len(self.drawn), 2) if self.drawn[i] == seat]

    def _adv_key(self, seat: int) -> tuple[int, int]:
        levels = [self.s.content.artifacts[c].level for c in self._drawn_cards(seat)]
        return (sum(levels), max(levels))

    def _adv_candidates(self) -> list[int]:
        left = [seat for seat in range(self.s.n) if seat not in self.order]
        best = max(self._adv_key(seat) for seat in left)
        return [seat for seat in left if self._adv_key(seat) == best]

    def _advanced_order(self) -> None:
        if len(self.order) == self.s.n:
            self._emit("turn_order", order=list(self.order))
            return
        self.tasks.append(new_task("adv_order", AUTO))
        candidates = self._adv_candidates()
        if len(candidates) == 1:
            self.order.append(candidates[0])
        else:
            self.tasks.append(new_task("tie", CHANCE))
