"""A Magnastorm lesson at the real table: the shared :class:`LessonScene` on the Magnastorm table.

A Magnastorm turn is a chain of small decisions (a crew member, a space, an option, a step, a lab),
each one step of a lesson. The administration's stages keep pace with the card: each waits while
the card explains it, and Continue moves both on. The table's targets are the lesson's cells: only
the targets of what the step accepts glow (the rest of the table stays readable but quiet), and a
decision made with a button (Move the runner, Take the cubes, End turn) has its button outlined.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import pygame

from game.client import theme
from game.client.magnastorm.geometry import Target
from game.client.magnastorm.scene import MagnastormMatchScene
from game.client.magnastorm.targets import target_of
from game.client.magnastorm.view import Overlay
from game.client.tutorial.lesson_scene import LessonScene
from game.rules.magnastorm import MagnastormState
from game.rules.protocol import GameState

FEDERATIONS = ("NEU", "SONA", "PACO", "DASH")
"""The seats' names in a lesson: the four federations of the story."""
STAGE_HOLD = 0.9
"""While the card explains the administration, a stage stops this far through and waits for Continue."""


def action_targets(state: MagnastormState, action: Any) -> set[Target]:
    """Every table target a click may use while playing ``action``: its own target and, for a step to
    an area, the spaces of that area (a click on a space one step away is that step)."""
    where = target_of(state, action)
    if where is None:
        return set()
    found = {where}
    if where.kind == "area":
        board = state.s.board
        area = board.area_names.index(where.key)
        found |= {Target("space", f"s{space}") for space in board.area_spaces[area]}
    if getattr(action, "verb", "") == "build":
        found.add(Target("station", action.args[1]))
    return found


def named_target(name: str) -> Target | None:
    """A target a lesson file points at, written ``kind:key`` (``column:c1``, ``space:s37``)."""
    kind, colon, key = name.partition(":")
    return Target(kind, key) if colon and kind and key else None


class MagnastormLessonScene(LessonScene, MagnastormMatchScene):
    """One Magnastorm lesson played at the table."""

    def card_ceiling(self) -> int:
        """A short log lets the card reach up to just below the controls (two rows: a lesson has no
        Resign / Offer draw row)."""
        return self.controls_y + self.u(88)

    def hud_rects(self) -> dict[str, pygame.Rect]:
        """The HUD parts a lesson step can point at, as laid out now."""
        return {"info": self.info, "decisions": self.decisions, "log": self.log_rect}

    def seat_names(self, state: GameState) -> list[str]:
        """The federations, in seat order."""
        return list(FEDERATIONS[: state.num_players])

    def target_at(self, pos: tuple[float, float]) -> Hashable | None:
        """The table target under the pointer."""
        return self.table_layout.hit(pos) if self.table_layout else None

    def action_targets(self, action: Any) -> set[Any]:
        """The targets of ``action`` (see :func:`action_targets`)."""
        return set(action_targets(self.state, action))

    def guide_cells(self, action: Any) -> tuple[Any, ...]:
        """The target the decision is made on (none for a button)."""
        where = target_of(self.state, action)
        return () if where is None else (where,)

    def cell_of(self, name: str) -> Any:
        """A target named ``kind:key`` in a lesson file."""
        return named_target(name)

    def mark_cells(self, overlay: Any, cells: list[Any]) -> None:
        """Only the step's targets glow (with the table's own previews where it has one)."""
        overlay.legal = {cell: overlay.legal.get(cell, "") for cell in cells}

    def update(self, dt: float) -> None:
        """The table's frame; an administration stage waits while the learner reads about it."""
        stage, step = self.animator.stage, self.run.step
        if stage is not None and step is not None and step.kind == "say":
            stage.elapsed = min(stage.elapsed, stage.duration * STAGE_HOLD)
        super().update(dt)

    def proceed(self) -> None:
        """Continue: the next text, and while the administration is shown, its next stage with it."""
        if self.animator.stage is not None:
            self.animator.next_stage()
        super().proceed()

    def after_refusal(self) -> None:
        """Close the choice popup and drop the keyboard cursor."""
        self.popup = []
        self.input.cursor = None

    def overlay(self) -> Overlay:
        """While the learner reads, the table glows nowhere; while a step waits for a decision, only
        where that decision is made (or the targets the step points at)."""
        overlay: Overlay = super().overlay()
        step = self.run.step
        if step is None or step.kind not in ("do", "free"):
            pointed = {cell for cell in map(self.cell_of, step.points if step else ()) if cell is not None}
            overlay.legal = {cell: label for cell, label in overlay.legal.items() if cell in pointed}
            overlay.greyed = {}
        elif step.kind == "do" and not self.guide() and not step.points:
            overlay.legal = {}  # the decision is a button: it is outlined instead
        return overlay

    def turn_title(self) -> tuple[str, tuple[int, int, int]]:
        """The info panel's headline: the lesson's own words while the learner reads."""
        step = self.run.step
        if step is not None and step.kind in ("say", "celebrate"):
            return "Lesson", theme.GOLD
        return super().turn_title()

    def draw(self, surface: pygame.Surface) -> None:
        """The table and the lesson card, with the button of a button decision outlined."""
        super().draw(surface)
        step = self.run.step
        if step is None or step.kind != "do" or not self.controller.human_to_act() or self.animator.busy:
            return
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        colour = theme.mix(theme.GOLD, (120, 226, 255), pulse)
        for action in self.run.accepted():
            button = self.choice_buttons.get(str(action))
            if button is not None:
                rect = button.rect.inflate(self.cu(6), self.cu(6))
                pygame.draw.rect(surface, colour, rect, width=self.cu(3), border_radius=self.cu(10))
