"""A MageStone lesson at the real table: the shared :class:`LessonScene` on the MageStone table."""

from __future__ import annotations

from typing import Any

import pygame

from game.client.magestone.scene import MageStoneMatchScene
from game.client.tutorial.lesson_scene import LessonScene
from game.rules.magestone import Attack, Bolt, Fall, Move, UnitAction
from game.rules.protocol import GameState


def action_squares(action: Any) -> set[int]:
    """Every square a click may touch while playing ``action`` at the table."""
    if isinstance(action, Move):
        return set(action.route)
    if isinstance(action, Attack):
        return {*action.attackers, action.target}
    if isinstance(action, Bolt):
        return {action.caster, action.target}
    if isinstance(action, (UnitAction, Fall)):
        return {action.square}
    return set()


class MageStoneLessonScene(LessonScene, MageStoneMatchScene):
    """One MageStone lesson played at the table."""

    def card_ceiling(self) -> int:
        """A short log lets the card cover the dice tray (never the controls)."""
        return self.tray_rect.y

    def hud_rects(self) -> dict[str, pygame.Rect]:
        """The HUD parts a lesson step can point at, as laid out now."""
        u, top, left, right = self.u, self.top, self.left, self.right
        return {
            "squares": pygame.Rect(right.x, top.y + u(44), right.width, u(30)),
            "units": pygame.Rect(right.x, top.y + u(78), right.width, u(34)),
            "end_go": pygame.Rect(right.x, self.controls_y, (right.width - u(8)) // 2, u(38)),
            "dice": self.tray_rect,
            "players": pygame.Rect(left.x, left.y, left.width, u(300)),
            "bank": pygame.Rect(left.x, left.bottom - u(66), left.width, u(32)),
            "rite": pygame.Rect(left.x, left.bottom - u(34), left.width, u(34)),
            "log": self.log_rect,
        }

    def seat_names(self, state: GameState) -> list[str]:
        """South, North... as the board names them."""
        return [state.board.seat_names[letter] for letter in state.seats]  # type: ignore[attr-defined]

    def target_at(self, pos: tuple[float, float]) -> int | None:
        """The square under the pointer."""
        return self.view.square_at(pos)

    def action_targets(self, action: Any) -> set[int]:
        """The squares of a move's route, an attack's units, a Bolt's caster and target..."""
        return action_squares(action)

    def guide_cells(self, action: Any) -> tuple[int, ...]:
        """A move's unit and its last square (not every square walked); else every square touched."""
        if isinstance(action, Move):
            return action.start, action.dest
        return super().guide_cells(action)

    def cell_of(self, name: str) -> int | None:
        """A square by its name."""
        return self.state.board.square_of.get(name)

    def mark_cells(self, overlay: Any, cells: list[int]) -> None:
        """Ring the squares."""
        overlay.marks.extend((square, "hint") for square in cells)

    def _play(self, action: Any) -> None:
        """Close the action popup, then the lesson's gate."""
        self.popup = []
        super()._play(action)

    def after_accept(self) -> None:
        """Keep the unit still acting selected (a go may hold several actions)."""
        if self.input.selected is None and self.input.active >= 0:
            self.input.select(self.input.active)
