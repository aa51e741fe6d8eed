"""The physics dice come to rest on the faces the rules rolled, never touch the game, and the log
and the board wait for them."""

from __future__ import annotations

import random

import pytest

from game.client.app import App
from game.client.magestone.dice import DiceTray, Roll
from game.client.magestone.scene import MageStoneMatchScene
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


def test_the_log_and_the_board_wait_until_the_dice_settle(app: App) -> None:
    scene = open_table(
        app, scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6", "l16"))})
    )
    click_square(app, scene, "e5")
    attack_square(app, scene, "e6")
    assert any("attacks North's Warrior" in line.text for line in scene.controller.log)
    waited = 0
    while not (scene.tray.tracks and scene.tray.settled):
        assert not any("attacks North's Warrior" in line.text for line in scene.visible_log())
        assert {"e5", "e6"} <= set(model_units(scene))
        assert "Gravestones in the bank: 8" in scene.hud_lines()
        assert scene.tips.current is None, "no rule tip tells what the dice will do"
        assert any(line.startswith("North:") and line.endswith("units 4") for line in scene.hud_lines())
        assert (
            scene.tray_title()[0] in ("Dice", "Rolling…", "Re-rolling…")
            or "roll again" in scene.tray_title()[0]
        )
        frames(app, 1)
        waited += 1
    assert waited > 20
    assert scene.animator.dice_seats == (0, 1)
    assert not any("attacks North's Warrior" in line.text for line in scene.visible_log())
    title, seat_shown = scene.tray_title()
    event = next(e for e in scene.controller.history[-1].events if e.kind == "dice_rolled")
    winner = "South" if event.data["winner"] == "attacker" else "North"
    assert title.endswith(f"{winner} wins") and seat_shown == ("South", "North").index(winner)
    frames(app, 240)
    assert scene.tips.current is not None, "the rule tip comes once the dice have shown the outcome"
    assert any("attacks North's Warrior" in line.text for line in scene.visible_log())
    assert ("e5" in model_units(scene)) != ("e6" in model_units(scene))


def test_an_undo_or_load_releases_the_held_log(app: App) -> None:
    scene = open_table(
        app, scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6", "l16"))})
    )
    click_square(app, scene, "e5")
    attack_square(app, scene, "e6")
    assert scene.visible_log() != scene.controller.log
    scene.animator.reset()
    assert scene.visible_log() == scene.controller.log


def model_units(scene: MageStoneMatchScene) -> dict[str, tuple[int, int]]:
    """The units the board shows now, by square name."""
    return {scene.state.board.names[s]: unit for s, unit in scene.animator.model.units.items()}
