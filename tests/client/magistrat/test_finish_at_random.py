"""Placing by hand, "Finish at random" completes the side's set-up legally, the same way every replay."""

from __future__ import annotations

import math

from game.client.app import App
from game.client.magistrat.scene import MagiStratMatchScene
from game.rules.magistrat import new_game
from game.rules.magistrat.position import PLACEMENT_ORDER
from game.storage.saves import load_save
from tests.client.conftest import frames
from tests.client.magistrat.conftest import click_cell, finish, open_table, press


def finished_at_random(app: App, black_ai: bool) -> MagiStratMatchScene:
    """A manual set-up: White places its King by hand, then clicks Finish at random."""
    app.tweens.speed = math.inf
    scene = open_table(app, new_game({"setup": "manual"}), black_ai=black_ai)
    click_cell(app, scene, "he2")
    if not black_ai:
        click_cell(app, scene, "hd7")
    finish(app, scene)
    press(app, scene, "Finish at random")
    for _ in range(600):
        if not scene.state.in_setup() or (not black_ai and scene.controller.seat_to_act() == 1):
            break
        frames(app, 1)
    finish(app, scene)
    return scene


def test_finish_at_random_against_the_ai_gives_a_legal_full_placement(app: App) -> None:
    scene = finished_at_random(app, black_ai=True)
    assert not scene.state.in_setup() and scene.hud_lines()[0] == "White to move"
    white = sorted(p.kind for p in scene.state.pieces() if p.owner == 0)
    assert white == sorted([0, *PLACEMENT_ORDER[1:], *[4] * 8, *[5] * 8]), "all 13 placed, nothing lost"
    assert not any(getattr(w, "label", "") == "Finish at random" for w in scene.group.widgets)
    saved = load_save(scene.controller.autosave_file)  # type: ignore[arg-type]
    assert saved.match.state.position() == scene.state.position(), "the save replays to the same cube"


def both_at_random(app: App) -> MagiStratMatchScene:
    """Hot seat: White, then Black, finish their set-ups at random."""
    scene = finished_at_random(app, black_ai=False)
    press(app, scene, "Finish at random")
    for _ in range(600):
        if not scene.state.in_setup():
            break
        frames(app, 1)
    return scene


def test_the_same_match_finishes_at_random_the_same_way(app: App) -> None:
    first = both_at_random(app)
    assert not first.state.in_setup()
    position = first.state.position()
    app.stack.pop()
    assert both_at_random(app).state.position() == position


def test_hot_seat_finishes_only_the_side_that_asked(app: App) -> None:
    scene = finished_at_random(app, black_ai=False)
    assert scene.state.in_setup() and scene.controller.seat_to_act() == 1
    assert scene.state.step == 3, "Black's next placement is still Black's to make by hand"
    assert any(getattr(w, "label", "") == "Finish at random" for w in scene.group.widgets)


def test_undo_hands_the_placements_back(app: App) -> None:
    scene = finished_at_random(app, black_ai=False)
    click_cell(app, scene, "hc7")
    step = scene.state.step
    press(app, scene, "Undo")
    finish(app, scene)
    frames(app, 3)
    assert scene.state.step < step
    assert scene.state.in_setup() and not scene.random_setup
