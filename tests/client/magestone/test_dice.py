"""The physics dice always come to rest on the faces the rules rolled, and never touch the game."""

from __future__ import annotations

import random

import pytest

from game.client.app import App
from game.client.magestone.dice import DiceTray, Roll
from game.rules.magestone.dice import roll_contest
from tests.client.conftest import frames
from tests.client.magestone.conftest import attack_square, click_square, open_table, scenario, seat


@pytest.mark.parametrize(("sides", "count", "defender"), [(6, 1, 6), (6, 3, 6), (12, 1, 20), (20, 1, 6)])
def test_every_throw_settles_on_the_engines_faces(sides: int, count: int, defender: int) -> None:
    for seed in range(40):
        rolls = roll_contest(random.Random(seed), sides, count, defender)
        tray = DiceTray(262, 92)
        tray.throw([Roll(faces, face, sides, defender) for faces, face in rolls], "attacker", seed)
        shown = []
        while not tray.done:
            tray.update(1 / 60)
            if tray.settled:
                shown.append(tray.shown_faces())
        assert tray.shown_faces() == rolls[-1]
        for faces in rolls:
            assert faces in shown, f"seed {seed}: roll {faces} never shown at rest"


def test_a_rolling_animation_never_changes_the_game(app: App) -> None:
    scene = open_table(
        app, scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6", "l16"))})
    )
    click_square(app, scene, "e5")
    attack_square(app, scene, "e6")
    position = scene.state.position()
    assert scene.animator.busy
    frames(app, 240)
    assert not scene.animator.busy
    assert scene.state.position() == position
    event = next(e for e in scene.controller.history[-1].events if e.kind == "dice_rolled")
    last = event.data["rolls"][-1]
    assert scene.tray.shown_faces() == (tuple(last["attacker"]), last["defender"])
