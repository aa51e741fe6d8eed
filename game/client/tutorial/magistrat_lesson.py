"""A MagiStrat lesson at the real table: the shared :class:`LessonScene` on the cube."""

from __future__ import annotations

from typing import Any

import pygame

from game.client import theme
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.tutorial.lesson_scene import LessonScene
from game.rules.magistrat import Move, Place
from game.rules.magistrat.board import CELL_INDEX, SIDE_NAMES
from game.rules.protocol import GameState


def action_cells(action: Any) -> set[int]:
    """Every cell a click may touch while playing ``action`` on the cube."""
    if isinstance(action, Move):
        return {action.frm, action.to}
    if isinstance(action, Place):
        return {action.cell}
    return set()


class MagiStratLessonScene(LessonScene, MagiStratMatchScene):
    """One MagiStrat lesson played at the table."""

    random_setup_offered = False  # the set-up lesson asks for each placement

    def card_ceiling(self) -> int:
        """A short log lets the card reach up to just below the controls (two rows: a lesson has no
        Resign / Offer draw row)."""
        return self.controls_y + self.u(88)

    def hud_rects(self) -> dict[str, pygame.Rect]:
        """The HUD parts a lesson step can point at, as laid out now."""
        u, left = self.u, self.left
        return {
            "players": pygame.Rect(left.x, left.y, left.width, u(260)),
            "layers": pygame.Rect(left.x + u(6), left.bottom - u(124), left.width - u(12), u(116)),
            "log": self.log_rect,
        }

    def seat_names(self, state: GameState) -> list[str]:
        """White and Black."""
        return [name.title() for name in SIDE_NAMES]

    def target_at(self, pos: tuple[float, float]) -> int | None:
        """The cube cell under the pointer (in the current view)."""
        return self.view.cell_at(pos)

    def action_targets(self, action: Any) -> set[int]:
        """A move's from and to cells, a placement's cell."""
        return action_cells(action)

    def cell_of(self, name: str) -> int | None:
        """A cell by its name (``ge2``, ``hd4``...)."""
        return CELL_INDEX.get(name)

    def _info_text(self) -> tuple[str, list[str], tuple[int, int, int]]:
        """The table's own "Your turn" how-to would compete with the lesson card: it only points
        there (a selected piece and an attack preview are still described)."""
        title, lines, colour = super()._info_text()
        if self.input.selected is None and not self.state.in_setup() and not self.controller.over:
            return "Lesson", ["The card below says what to do."], theme.TEXT_DIM
        return title, lines, colour

    def mark_cells(self, overlay: Any, cells: list[int]) -> None:
        """Outline the cells in gold."""
        overlay.hint = (*overlay.hint, *cells)
