"""A MageStone lesson at the real table: the shared :class:`LessonScene` on the MageStone table."""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

from game.client.magestone.scene import LEFT, LOG, RIGHT_W, RIGHT_X, TRAY, MageStoneMatchScene
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

    CARD = pygame.Rect(LOG.x, LOG.y - 4, LOG.width, LOG.height + 4)
    HUD_RECTS: ClassVar[dict[str, pygame.Rect]] = {
        "squares": pygame.Rect(RIGHT_X, 58, RIGHT_W, 30),
        "units": pygame.Rect(RIGHT_X, 92, RIGHT_W, 34),
        "end_go": pygame.Rect(RIGHT_X, 200, (RIGHT_W - 8) // 2, 38),
        "dice": TRAY,
        "players": pygame.Rect(LEFT.x, LEFT.y, LEFT.width, 300),
        "bank": pygame.Rect(LEFT.x, LEFT.bottom - 66, LEFT.width, 32),
        "rite": pygame.Rect(LEFT.x, LEFT.bottom - 34, LEFT.width, 34),
        "log": LOG,
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
