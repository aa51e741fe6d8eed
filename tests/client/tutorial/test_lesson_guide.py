"""While a lesson step waits for a move, the piece to move and the cell to play on are highlighted."""

from __future__ import annotations

import pytest

from game.client.app import App
from game.client.input import Key, KeyIntent
from game.client.tutorial.magestone_lesson import MageStoneLessonScene
from game.client.tutorial.magistrat_lesson import MagiStratLessonScene
from game.rules.magistrat.board import CELL_INDEX
from tests.client.conftest import send
from tests.client.tutorial import at_table

pytestmark = pytest.mark.usefixtures("quick")


def read_until_a_move(app: App, scene: MageStoneLessonScene | MagiStratLessonScene) -> None:
    """Continue past the text steps (checking nothing is guided meanwhile) up to the first ``do`` step."""
    while scene.run.step is not None and scene.run.step.kind != "do":
        assert scene.guide() == [], "nothing glows while the learner reads"
        send(app, KeyIntent(Key.CONFIRM))
    at_table.wait_for_player(app, scene)


def test_magestone_rings_the_unit_and_its_destination(app: App) -> None:
    scene = at_table.open_lesson(app, "magestone", "01_board", MageStoneLessonScene)
    read_until_a_move(app, scene)
    assert scene.run.step is not None and scene.run.step.expect == "i1-i2-i3"
    board = scene.state.board
    hints = {square for square, kind in scene.overlay().marks if kind == "hint"}
    assert hints == {board.square_of["i1"], board.square_of["i3"]}, "the Mage and where it goes, not i2"


def test_magistrat_outlines_the_piece_and_its_cell_until_it_is_played(app: App) -> None:
    scene = at_table.open_lesson(app, "magistrat", "01_cube", MagiStratLessonScene)
    read_until_a_move(app, scene)
    assert set(scene.overlay().hint) == {CELL_INDEX["ge2"], CELL_INDEX["ge3"]}
    scene._play(scene.run.expected())
    at_table.wait_for_player(app, scene)
    assert CELL_INDEX["ge2"] not in scene.overlay().hint, "the glow goes once the move is played"
