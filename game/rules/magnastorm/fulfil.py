"""The free objective at the end of a turn: whether it can be met, and removing labs or moving markers down.

The reputation space claimed and Ellen B. Outridge; the conditions themselves are in ``objectives``.
"""

from __future__ import annotations

from game.rules.magnastorm.actions import Action, act
from game.rules.magnastorm.core import (
    AUTO,
    LAB_SLOTS,
    StateCore,
    Task,
    new_task,
)
from game.rules.magnastorm.objectives import (
    constraint_after,
    removable_spaces,
    research_areas,
    target,
)


class ObjectiveRules(StateCore):
    """The free objective at the end of a turn."""

    def can_fulfil(self, seat: int, slot: int) -> bool:
        """Whether ``seat`` may fulfil the objective in ``slot`` now."""
        st = self.s
        claims = self.claims[slot]
        if seat in claims or len(claims) >= len(st.rep_spaces) or not self.markers_home[seat]:
            return False
        face = self.objective_face(slot)
        need = target(face, self.round, st.areas)
        if face.kind == "research":
            if sum(self.research[seat * st.areas:(seat + 1) * st.areas]) < need:
                return False
            return bool(research_areas(face, st.colours, self.research_levels(), seat, need, 0))
        if LAB_SLOTS - sum(self.lab_slots[seat * LAB_SLOTS:(seat + 1) * LAB_SLOTS]) < need:
            return False
        return bool(removable_spaces(face, st.board, self.space_owner, self.space_labs, self._quiet(),
                                     st.n, seat, need, 0))

    def _legal_objective(self, task: Task) -> list[Action]:
        seat = task[1]
        out = [act(f"obj {slot + 1}") for slot in range(4) if self.can_fulfil(seat, slot)]
        out.append(act("finish"))
        return out

    def _do_obj(self, task: Task, args: tuple[str, ...]) -> None:
        seat = self.tasks.pop()[1]
        slot = int(args[0]) - 1
        face = self.objective_face(slot)
        need = target(face, self.round, self.s.areas)
        self._emit("objective", seat=seat, slot=slot + 1, card=self.objectives[slot])
        self.tasks.append(new_task("claim", AUTO, seat, slot))
        self.tasks.append(new_task("remove" if face.kind == "sector" else "down", seat, slot, need, 0))

    def _legal_remove(self, task: Task) -> list[Action]:
        _, seat, slot, need, constraint = task
        st = self.s
        spaces = removable_spaces(self.objective_face(slot), st.board, self.space_owner, self.space_labs,
                                  self._quiet(), st.n, seat, need, constraint)
        return [act(f"remove s{space}") for space in spaces]

    def _do_remove(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, slot, need, constraint = self.tasks.pop()
        space = int(args[0][1:])
        self.space_labs[space] -= 1
        if not self.space_labs[space]:
            self.space_owner[space] = -1
        base = seat * LAB_SLOTS
        free = max(i for i in range(LAB_SLOTS) if not self.lab_slots[base + i])
        self.lab_slots[base + free] = 1  # labs come back from the right
        self._emit("lab_removed", seat=seat, space=space)
        if need > 1:
            face = self.objective_face(slot)
            self.tasks.append(new_task("remove", seat, slot, need - 1,
                                    constraint_after(face, self.s.board, space, constraint)))

    def _legal_down(self, task: Task) -> list[Action]:
        _, seat, slot, need, used = task
        st = self.s
        levels = self.research_levels()
        areas = research_areas(self.objective_face(slot), st.colours, levels, seat, need, used)
        return [act(f"down {st.colours[a]}") for a in areas]

    def _do_down(self, task: Task, args: tuple[str, ...]) -> None:
        _, seat, slot, need, used = self.tasks.pop()
        area = self.s.colours.index(args[0])
        goal = self.objective_face(slot).goal
        steps = 1 if goal in ("spread", "total") else need
        self.research[seat * self.s.areas + area] -= steps
        self._emit("research_down", seat=seat, area=args[0], levels=steps)
        if need > steps:
            self.tasks.append(new_task("down", seat, slot, need - steps, used | 1 << area))

    def _claim(self, seat: int, slot: int) -> None:
        reward = self.s.rep_spaces[len(self.claims[slot])]
        self.claims[slot] = (*self.claims[slot], seat)
        self.markers_home[seat] -= 1
        self._rep(seat, reward, "objective")
        if self.controls(seat, "outridge"):
            self._rep(seat, 1, "outridge")
            self._push_research(seat, self._any_area())

    def _do_finish(self, task: Task, args: tuple[str, ...]) -> None:
        self.tasks.pop()
