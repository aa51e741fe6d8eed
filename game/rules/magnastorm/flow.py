"""Running the task stack: automatic tasks, forced choices, legal actions and the handler of each action.

A decision with one legal action is taken at once, as is a chance node with one outcome.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules.magnastorm.actions import Action
from game.rules.magnastorm.chance import ChanceRules
from game.rules.magnastorm.choices import ChoiceRules
from game.rules.magnastorm.core import (
    AUTO,
    TRADE_TASKS,
    Task,
)
from game.rules.magnastorm.crew import CrewRules
from game.rules.magnastorm.fulfil import ObjectiveRules
from game.rules.magnastorm.panel import PanelRules
from game.rules.magnastorm.runner import RunnerRules
from game.rules.magnastorm.snapshots import Snapshots
from game.rules.protocol import (
    CHANCE,
)


class Flow(ChanceRules, ObjectiveRules, RunnerRules, PanelRules, CrewRules, ChoiceRules, Snapshots):
    """Running the task stack."""

    def _advance(self) -> None:
        """Run automatic tasks and single-choice decisions until a real choice or the end."""
        while self.tasks:
            top = self.tasks[-1]
            actor = top[1]
            if actor == AUTO:
                self.tasks.pop()
                self._auto(top)
                continue
            if actor == CHANCE:
                weights = self._chance_weights()
                if not weights:
                    self.tasks.pop()  # an empty bag gives nothing; an exhausted deck likewise
                    continue
                if len(weights) == 1:
                    self._apply_chance(weights[0][0])  # nothing left to chance
                    continue
                self._cache = None
                return
            legal = self._legal()
            if not legal:
                self.tasks.pop()  # e.g. a research step with every track at its top: lost
                continue
            if len(legal) == 1:
                self._dispatch(legal[0])
                continue
            self._cache = legal
            return
        self._cache = []

    def _auto(self, task: Task) -> None:
        kind, _, a, b, _c = task
        if kind == "setup":
            self._setup_step(a)
        elif kind == "took":
            self._took(a, b)
        elif kind == "space_bonus":
            self._space_bonus(a)
        elif kind == "claim":
            self._claim(a, b)
        elif kind == "turn_end":
            self._turn_end()
        elif kind == "adv_order":
            self._advanced_order()
        elif kind == "final":
            self.phase = "over"
            self._emit("game_over", ranking=list(self.ranking), reputation=list(self.rep))

    def _legal(self) -> list[Action]:
        if not self.tasks:
            return []
        top = self.tasks[-1]
        if top[1] == CHANCE:
            return [a for a, _ in self._chance_weights()]
        kind = top[0]
        actions = _LEGAL[kind](self, top)
        if kind in TRADE_TASKS and self.phase == "play":
            actions.extend(self._legal_trades(top[1]))
        return actions

    def _dispatch(self, action: Action) -> None:
        top = self.tasks[-1]
        if top[1] == CHANCE:
            self._apply_chance(action)
            return
        _APPLY[action.verb](self, top, action.args)


_LEGAL: dict[str, Callable[[Flow, Task], list[Action]]] = {
    name.removeprefix("_legal_"): getattr(Flow, name) for name in dir(Flow)
    if name.startswith("_legal_") and name != "_legal_trades"}
"""Legal-action generator of each decision task, by task kind."""
_APPLY: dict[str, Callable[[Flow, Task, tuple[str, ...]], None]] = {
    name.removeprefix("_do_"): getattr(Flow, name) for name in dir(Flow) if name.startswith("_do_")}
"""Handler of each action verb."""
