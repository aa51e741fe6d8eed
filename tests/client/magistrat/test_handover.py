"""The hand-over screen at a two-human MagiStrat table: after each move of play, never during set-up."""

from __future__ import annotations

import dataclasses

from game.client.app import App
from game.client.input import Click, Key, KeyIntent
from tests.client.conftest import frames, send
from tests.client.magistrat.conftest import finish, open_table, state_of


def test_a_move_hands_over_to_the_other_human_and_a_click_dismisses_it(app: App) -> None:
    scene = open_table(app, state_of("new:random"))
    scene.controller.play(scene.state.legal_actions()[0])
    finish(app, scene)
    assert scene.handover_to == 1
    send(app, KeyIntent(Key.BACK))
    assert scene.handover_to == 1, "only a click or Enter closes it"
    send(app, Click((640, 360)))
    assert scene.handover_to is None
    frames(app, 2)
    assert scene.handover_to is None and scene.controller.seat_to_act() == 1


def test_set_up_placements_alternate_without_the_screen(app: App) -> None:
    scene = open_table(app, state_of("new:manual"))
    assert scene.state.in_setup()
    scene.controller.play(scene.state.legal_actions()[0])
    finish(app, scene)
    assert scene.controller.seat_to_act() == 1 and scene.handover_to is None


def test_switched_off_in_settings_no_screen(app: App) -> None:
    app.change_settings(dataclasses.replace(app.settings, handover_screen=False))
    scene = open_table(app, state_of("new:random"))
    scene.controller.play(scene.state.legal_actions()[0])
    finish(app, scene)
    assert scene.handover_to is None
