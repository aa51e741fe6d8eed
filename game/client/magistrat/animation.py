"""Event-driven animation of the cube: slides, rises and drops, attack beams that drain potential,
steals that turn a piece's colour, enhancement flares, and destroyed pieces falling out (pymunk).

The queue itself is :class:`~game.client.match.animation.StepAnimator`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import pymunk

from game.client.magistrat.model import CubeModel, Shown
from game.client.match.animation import Step as BaseStep
from game.client.match.animation import StepAnimator
from game.rules.magistrat.board import CELL_INDEX
from game.rules.protocol import Event

DURATIONS = {
    "placed": 0.22,
    "moved": 0.32,
    "rose": 0.42,
    "dropped": 0.42,
    "attacked": 0.6,
    "stolen": 0.5,
    "destroyed": 0.18,
    "dropped_out": 0.18,
    "enhanced": 0.4,
    "lost_enhancement": 0.35,
}
GRAVITY = 1500.0
FALL_LIMIT_Y = 780.0


@dataclass
class Step(BaseStep):
    """One animated event and how far it has run."""

    piece: Shown | None = None
    """A moving piece (taken out of the model while it travels) or the piece before a change."""
    before: tuple[int, int] = (0, 0)
    """Target and attacker potential before an exchange."""


@dataclass
class Faller:
    """A destroyed piece dropping out of the cube: a pymunk body."""

    piece: Shown
    body: pymunk.Body
    size: int
    age: float = 0.0


class Animator(StepAnimator[CubeModel, Step]):
    """Plays MagiStrat event batches on a :class:`CubeModel`."""

    def __init__(
        self,
        model: CubeModel,
        fresh_model: Callable[[], CubeModel],
        centre_of: Callable[[int], tuple[float, float]],
        full_of: Mapping[int, int],
        speed: float = 1.0,
    ) -> None:
        super().__init__(model, fresh_model, speed)
        self.centre_of = centre_of
        """Where a cell is drawn now (the fallers start there)."""
        self.full_of = full_of
        self.fallers: list[Faller] = []
        self.space = pymunk.Space()
        self.space.gravity = (0.0, GRAVITY)

    def make_step(self, event: Event) -> Step:
        """A step as long as its kind says."""
        return Step(event.kind, event.data, DURATIONS.get(event.kind, 0.0))

    def _real_time(self, dt: float) -> None:
        self._fall(dt)

    def _begin(self, step: Step) -> None:
        data, pieces = step.data, self.model.pieces
        if step.kind in ("moved", "rose", "dropped"):
            step.piece = pieces.pop(CELL_INDEX[data["frm"]], None)
        elif step.kind == "attacked":
            target = pieces.get(CELL_INDEX[data["target"]])
            attacker = pieces.get(CELL_INDEX[data["attacker"]])
            step.before = (
                target.remaining if target else data["remaining"],
                attacker.remaining if attacker else data["attacker_remaining"],
            )
        elif step.kind in ("stolen", "enhanced", "lost_enhancement"):
            step.piece = pieces.get(CELL_INDEX[data["cell"]])
            self.model.apply(step.kind, data, self.full_of)
        elif step.kind in ("destroyed", "dropped_out"):
            cell = CELL_INDEX[data["cell"]]
            piece = pieces.get(cell)
            if piece is not None:
                self._drop(piece, cell)
            self.model.apply(step.kind, data, self.full_of)
        elif step.kind == "placed":
            self.model.apply(step.kind, data, self.full_of)

    def _finish(self, step: Step) -> None:
        if step.kind in ("moved", "rose", "dropped") and step.piece is not None:
            self.model.pieces[CELL_INDEX[step.data["to"]]] = step.piece
        elif step.kind == "attacked":
            self.model.apply(step.kind, step.data, self.full_of)

    # -- what the view draws ----------------------------------------------------------------------
    def travelling(self) -> tuple[Shown, int, int, float] | None:
        """The piece in flight: (piece, from cell, to cell, eased progress)."""
        step = self.current
        if step is None or step.piece is None or step.kind not in ("moved", "rose", "dropped"):
            return None
        t = step.progress
        eased = 1 - (1 - t) ** 3 if step.kind == "moved" else t * t * (3 - 2 * t)
        return step.piece, CELL_INDEX[step.data["frm"]], CELL_INDEX[step.data["to"]], eased

    def drained(self) -> dict[int, Shown]:
        """Pieces whose potential is visibly draining in the current exchange, by cell."""
        step = self.current
        if step is None or step.kind != "attacked":
            return {}
        t = step.progress
        out: dict[int, Shown] = {}
        for key, before, after in (
            ("target", step.before[0], step.data["remaining"]),
            ("attacker", step.before[1], step.data["attacker_remaining"]),
        ):
            cell = CELL_INDEX[step.data[key]]
            piece = self.model.pieces.get(cell)
            if piece is not None:
                out[cell] = replace(piece, remaining=round(before + (after - before) * t))
        return out

    def beam(self) -> tuple[int, int, float, int] | None:
        """The attack beam: (attacker cell, target cell, progress, amount)."""
        step = self.current
        if step is None or step.kind != "attacked":
            return None
        data = step.data
        return CELL_INDEX[data["attacker"]], CELL_INDEX[data["target"]], step.progress, data["amount"]

    def flare(self) -> tuple[str, int, float, Shown | None] | None:
        """A steal or enhancement change in progress: (kind, cell, progress, the piece before)."""
        step = self.current
        if step is None or step.kind not in ("stolen", "enhanced", "lost_enhancement"):
            return None
        return step.kind, CELL_INDEX[step.data["cell"]], step.progress, step.piece

    # -- falling pieces ---------------------------------------------------------------------------
    def _drop(self, piece: Shown, cell: int) -> None:
        x, y = self.centre_of(cell)
        rng = random.Random(cell * 7919 + len(self.fallers))
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (30, 30)))
        body.position = (x, y)
        body.velocity = (rng.uniform(-160, 160), rng.uniform(-420, -260))
        body.angular_velocity = rng.uniform(-7, 7)
        shape = pymunk.Poly.create_box(body, (30, 30))
        shape.sensor = True
        self.space.add(body, shape)
        self.fallers.append(Faller(piece, body, 34))

    def _fall(self, dt: float) -> None:
        if not self.fallers:
            return
        self.space.step(min(dt, 1 / 30))
        for faller in list(self.fallers):
            faller.age += dt
            if faller.body.position.y > FALL_LIMIT_Y or faller.age > 3:
                self.space.remove(faller.body, *faller.body.shapes)
                self.fallers.remove(faller)
