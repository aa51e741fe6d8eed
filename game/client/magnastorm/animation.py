"""Magnastorm animations: bag draws, the runner's steps, and the administration phase as steps a
player can follow (income, majorities, research commanders, turn order, panel swap, rotation).

The rules resolve the whole administration at once; the animator splits its events into those six
stages, each shown for a while with its narration (Next ends a stage, Skip ends them all). During
the first four the table shows the position before the administration; the panel swap and the
centre tile's rotation are then animated on the new position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.client.magnastorm.narrator import event_lines
from game.client.match.animation import Step, StepAnimator
from game.rules.magnastorm import MagnastormState
from game.rules.protocol import Event

ADMIN_STAGES = ("income", "majorities", "research", "turn_order", "panel_swap", "rotation")
STAGE_TITLES = {
    "income": "Income: every quiet sector pays its labs",
    "majorities": "Sector majorities: 1 reputation for the sole majority of a quiet sector",
    "research": "Research commanders go to the leader of each area",
    "turn_order": "Turn order: the first-player token's holder goes first",
    "panel_swap": "The action panels swap: the crew below moves up for the next round",
    "rotation": "The centre tile turns: the storm moves on one sector",
}
STAGE_SECONDS = 2.4
"""How long one administration stage stays up at normal speed (Next ends it sooner)."""
SECONDS = {"bag_drawn": 0.55, "runner_moved": 0.28, "runner_stopped": 0.2, "lab_dropped": 0.25,
           "station_built": 0.3, "took_over": 0.3, "objective": 0.4}
"""Play-time events that get an animated step, and how long it lasts."""


@dataclass
class TableStep(Step):
    """A step: a play-time event, or an administration stage with its narration."""

    stage: str = ""
    lines: list[str] = field(default_factory=list)


def admin_stages(events: Sequence[Event]) -> list[tuple[str, list[Event]]]:
    """The administration's events split into its six stages, in order (each may hold no event)."""
    stages: dict[str, list[Event]] = {stage: [] for stage in ADMIN_STAGES}
    for event in events:
        kind = event.kind
        source = event.data.get("source", "")
        if kind == "cubes_gained":
            stages["income"].append(event)
        elif kind == "reputation" and source in ("majority", "yilmark"):
            stages["majorities"].append(event)
        elif kind == "research_commander" or (kind == "reputation" and source in ("commander",
                                                                                   "commander_lost",
                                                                                   "lebeaux")):
            stages["research"].append(event)
        elif kind == "turn_order":
            stages["turn_order"].append(event)
        elif kind == "centre_rotated":
            stages["rotation"].append(event)
    return list(stages.items())


class MagnastormAnimator(StepAnimator[MagnastormState, TableStep]):
    """Plays event batches on the table; the administration as six narrated stages."""

    def __init__(
        self,
        model: MagnastormState,
        fresh_model: Callable[[], MagnastormState],
        names: Callable[[], list[str]],
        speed: float = 1.0,
    ) -> None:
        super().__init__(model, fresh_model, speed)
        self.names = names
        self.shown: list[TableStep] = []
        """The administration stages shown so far (the current one last)."""

    def play(self, events: tuple[Event, ...] | list[Event]) -> None:
        """Queue a batch; an administration in it becomes its six stages."""
        events = list(events)
        start = next((i for i, e in enumerate(events) if e.kind == "administration"), None)
        if start is None:
            super().play(events)
            return
        end = next((i for i in range(start, len(events)) if events[i].kind == "centre_rotated"),
                   len(events) - 1)
        super().play(events[:start])
        self.shown = []
        state = self.fresh_model()
        names = self.names()
        for stage, grouped in admin_stages(events[start:end + 1]):
            lines = [line.strip() for line in event_lines(state, grouped, names)]
            if not lines:
                lines = ["Nothing changes hands."] if stage not in ("panel_swap", "rotation") else []
            self.steps.append(TableStep(stage, {}, STAGE_SECONDS, stage=stage, lines=lines))
        super().play(events[end + 1:])

    def _begin(self, step: TableStep) -> None:
        if step.stage:
            self.shown.append(step)

    def make_step(self, event: Event) -> TableStep:
        """A play-time event's step (zero time for events that only the log shows)."""
        return TableStep(event.kind, event.data, SECONDS.get(event.kind, 0.0))

    @property
    def stage(self) -> TableStep | None:
        """The administration stage being shown, if any."""
        step = self.current
        return step if step is not None and step.stage else None

    def admin_pending(self) -> bool:
        """True while an administration stage is shown or queued."""
        return self.stage is not None or any(step.stage for step in self.steps)

    def next_stage(self) -> None:
        """End the stage being shown now (the Next button)."""
        if self.current is not None and self.current.stage:
            self.current.elapsed = self.current.duration
            self._end()

    def progress(self, stage: str) -> float | None:
        """How far the given administration stage is (0..1), None when it is not being shown."""
        step = self.stage
        if step is None or step.stage != stage:
            return None
        return step.progress

    def before_swap(self) -> bool:
        """True while a stage before the panel swap is shown (the table keeps the old position)."""
        step = self.stage
        return step is not None and ADMIN_STAGES.index(step.stage) < ADMIN_STAGES.index("panel_swap")

    def bag_draw(self) -> tuple[str, float] | None:
        """The cube colour being drawn from the bag and the draw's progress, while one animates."""
        step = self.current
        if step is None or step.kind != "bag_drawn":
            return None
        return (str(step.data["colour"]), step.progress)
