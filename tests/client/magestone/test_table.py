"""Every MageStone action played at the table with synthetic pointer and key input.

Each test sets up a position, drives the real app through its input queue, then checks the
rules state and the words the HUD shows.
"""

from __future__ import annotations

import math
import time
from typing import Any

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.magestone.scene import MageStoneMatchScene
from game.client.magestone.setup import MatchSetupScene
from game.client.match.controller import autosave_path
from game.client.match.scenes import MatchMenuScene, SaveSlotsScene
from game.client.match.slots import slot_path
from game.client.scenes.dialog import DialogScene
from game.client.scenes.menus import TitleScene
from game.client.scenes.settings import SettingsScene
from game.storage.saves import load_save
from tests.client.conftest import frames
from tests.client.magestone.conftest import (
    attack_square,
    click_square,
    finish_animations,
    open_table,
    scenario,
    seat,
    send,
    sq,
)


@pytest.fixture(autouse=True)
def instant(app: App) -> None:
    """Animations finish at once, so each click meets a settled table."""
    app.tweens.speed = math.inf


def units(scene: MageStoneMatchScene) -> dict[str, tuple[int, str]]:
    """Square name -> (seat, kind) for every unit."""
    state = scene.state
    return {state.board.names[s]: u for s in range(256) if state.board.valid[s] and (u := state.unit_at(s))}


def press(app: App, scene: MageStoneMatchScene, label: str) -> None:
    """Click a HUD button by its label."""
    button = scene.button(label)
    send(app, Hover(button.rect.center), Click(button.rect.center))


def test_start_from_the_setup_scene_with_one_click(app: App) -> None:
    app.push(MatchSetupScene(app))
    frames(app, 2)
    start = app.stack.top.group.widgets[-1]  # type: ignore[union-attr]
    send(app, Click(start.rect.center))
    scene = app.stack.top
    assert isinstance(scene, MageStoneMatchScene)
    assert [s.controller for s in scene.controller.seats] == ["human", "normal"]
    assert scene.hud_lines()[:3] == ["South's go", "Squares left: 6 of 6", "Units left: 3 of 3"]
    assert load_save(autosave_path()).match.state.state_hash() == scene.state.state_hash()


def test_command_line_seats_fill_the_setup_scene(app: App) -> None:
    app.options.players = 4
    app.options.seats = ["human", "ai:easy", "ai:normal", "ai:hard"]
    scene = MatchSetupScene(app)
    assert scene.who[:4] == ["human", "easy", "normal", "hard"]


def test_select_a_unit_shows_its_reach_and_refuses_a_far_square(app: App) -> None:
    scene = open_table(app, scenario({"S": seat("i1", "h1", ("e1",)), "N": seat("h16", "i16", ("e16",))}))
    click_square(app, scene, "i1")
    assert scene.input.selected == sq("i1")
    assert scene.input.reachable()[sq("i4")] == 3
    click_square(app, scene, "i9")
    assert scene.message == "6 squares left, that square is 8 away."
    assert units(scene)["i1"] == (0, "mage")


def test_move_along_a_chosen_route(app: App) -> None:
    scene = open_table(app, scenario({"S": seat("i1", "h1", ("e1",)), "N": seat("h16", "i16", ("e16",))}))
    click_square(app, scene, "i1")
    path = ["j1", "j2", "i2", "i3"]
    send(app, *[Hover(scene.view.centre(sq(name))) for name in path])
    assert [scene.state.board.names[s] for s in scene.input.route] == ["i1", *path]
    send(app, Click(scene.view.centre(sq("i3"))))
    assert units(scene)["i3"] == (0, "mage")
    assert scene.controller.match.log[-1].notation == "i1-j1-j2-i2-i3"
    assert "Squares left: 2 of 6" in scene.hud_lines()
    assert "Units left: 2 of 3" in scene.hud_lines()


def test_attack_rolls_dice_and_someone_falls(app: App) -> None:
    scene = open_table(
        app, scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6", "l16"))})
    )
    click_square(app, scene, "e5")
    targets = scene.input.targets()
    assert [(t.square, t.kind, t.label) for t in targets] == [(sq("e6"), "attack", "Attack d6 vs d6: 50%")]
    attack_square(app, scene, "e6")
    board = units(scene)
    assert ("e5" in board) != ("e6" in board)
    assert any(e.kind == "dice_rolled" for e in scene.controller.history[-1].events)
    assert "Units left: 2 of 3" in scene.hud_lines()
    assert "attacks North's Warrior on e6" in scene.controller.log[-1].text or any(
        "attacks North's Warrior on e6" in line.text for line in scene.controller.log
    )


def test_coordinated_attack_adds_a_chosen_partner(app: App) -> None:
    state = scenario({"S": seat("i1", "h1", ("d6", "e5", "f6")), "N": seat("h16", "i16", ("e6", "l16"))})
    scene = open_table(app, state)
    click_square(app, scene, "e5")
    click_square(app, scene, "f6")
    assert scene.input.joiners == {sq("f6")}
    assert scene.input.targets()[0].label == "Attack 2d6 vs d6: 90%"
    attack_square(app, scene, "e6")
    first = next(line.text for line in scene.controller.log if line.headline)
    assert "with 1 more Warrior attacks North's Warrior on e6" in first
    if scene.input.fall_choice:
        click_square(app, scene, "f6")
    assert "Units left: 1 of 3" in scene.hud_lines()


def test_bolt_spends_squares_and_a_stone(app: App) -> None:
    state = scenario({"S": seat("i4", "h1", ("e1",), carried=(0, 1)), "N": seat("h16", "i16", ("i7", "l16"))})
    scene = open_table(app, state)
    click_square(app, scene, "i4")
    assert (sq("i7"), "3 sq") in scene.overlay().labels
    attack_square(app, scene, "i7")
    assert "i7" not in units(scene)
    assert scene.state.to_scenario()["stones"]["i7"] == [0, 1]
    assert "Squares left: 3 of 6" in scene.hud_lines()
    assert any("casts Bolt at i7 (3 squares)" in line.text for line in scene.controller.log)


def test_nova_strikes_every_enemy_around(app: App) -> None:
    state = scenario(
        {"S": seat("i5", "h1", ("e1",), carried=(0, 4)), "N": seat("h16", "i16", ("i6", "j4", "l16"))}
    )
    scene = open_table(app, state)
    click_square(app, scene, "i5")
    press(app, scene, "Nova")
    board = units(scene)
    assert "i6" not in board and "j4" not in board and board["i5"] == (0, "mage")
    assert scene.hud_lines()[3].startswith("South: stones 0 Activated")


def test_collect_by_landing_and_activate_on_the_base(app: App) -> None:
    state = scenario(
        {"S": seat("i2", "h1", ("e1",), carried=(1, 0)), "N": seat("h16", "i16", ("e16",))},
        stones={
            "i3": [1, 0],
            "g7": [1, 0],
            "j7": [1, 0],
            "g10": [1, 0],
            "j10": [1, 0],
            "f8": [1, 0],
            "f9": [1, 0],
        },
    )
    scene = open_table(app, state)
    click_square(app, scene, "i2")
    click_square(app, scene, "i3")
    assert scene.state.to_scenario()["seats"]["S"]["carried"] == [2, 0]
    assert "South: stones 0 Activated, 2 Unactivated" in scene.hud_lines()[3]
    send(app, KeyIntent(Key.CONFIRM))
    assert scene.hud_lines()[0] == "North's go"
    send(app, KeyIntent(Key.CONFIRM))
    click_square(app, scene, "i3")
    click_square(app, scene, "i1")
    send(app, KeyIntent(Key.CONFIRM))
    send(app, KeyIntent(Key.CONFIRM))
    click_square(app, scene, "i1")
    press(app, scene, "Activate")
    assert scene.state.to_scenario()["seats"]["S"]["carried"] == [0, 2]
    assert "South: stones 2 Activated, 0 Unactivated; power d12" in scene.hud_lines()[3]


def test_priest_resurrects_a_warrior(app: App) -> None:
    state = scenario({"S": seat("i1", "h3", ("e1",)), "N": seat("h16", "i16", ("e16",))}, gravestones=["h5"])
    scene = open_table(app, state)
    click_square(app, scene, "h3")
    click_square(app, scene, "h5")
    board = units(scene)
    assert board["h5"] == (0, "warrior") and board["h4"] == (0, "priest")
    assert "Gravestones in the bank: 7" in scene.hud_lines()


def test_declare_the_rite(app: App) -> None:
    scene = open_table(app, scenario({"S": seat("i1", "h8", ("e1",)), "N": seat("h16", "i16", ("e16",))}))
    click_square(app, scene, "h8")
    press(app, scene, "Declare the Rite")
    assert scene.state.to_scenario()["rite"] == {"seat": "S", "laps": 0, "needed": 2}
    assert "Rite: South, lap 0 of 2" in scene.hud_lines()


def test_end_go_passes_play_and_the_ai_answers(app: App) -> None:
    scene = open_table(
        app, scenario({"S": seat("i1", "h1", ("e1",)), "N": seat("h16", "i16", ("e16",))}), ai=("N",)
    )
    send(app, KeyIntent(Key.CONFIRM), settle=20)
    assert scene.controller.match.log[0].notation == "end"
    assert any(entry.actor == 1 for entry in scene.controller.match.log)
    assert scene.hud_lines()[0] == "South's go"


def test_undo_takes_back_a_move_but_not_a_roll(app: App) -> None:
    scene = open_table(
        app, scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6", "l16"))})
    )
    click_square(app, scene, "i1")
    click_square(app, scene, "i3")
    send(app, KeyIntent(Key.UNDO))
    assert units(scene)["i1"] == (0, "mage")
    assert "Squares left: 6 of 6" in scene.hud_lines()
    click_square(app, scene, "e5")
    click_square(app, scene, "e6")
    position = scene.state.position()
    send(app, KeyIntent(Key.UNDO))
    assert scene.state.position() == position
    assert scene.message.startswith("Nothing to undo")


def test_illegal_clicks_explain_why(app: App) -> None:
    scene = open_table(
        app, scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e7", "l16"))})
    )
    click_square(app, scene, "e5")
    click_square(app, scene, "e7")
    assert scene.message == "A Warrior attacks only an enemy on a square next to it."
    assert scene.message_near_pointer() == scene.message, "the refusal is shown beside the pointer"
    send(app, Hover(scene.view.centre(sq("l16"))))
    assert scene.message_near_pointer() == "" and scene.message_shown()
    click_square(app, scene, "e4")
    assert units(scene)["e4"] == (0, "warrior")
    click_square(app, scene, "i1")
    click_square(app, scene, "i2")
    click_square(app, scene, "e4")
    assert scene.message == "This unit has already gone this go."
    click_square(app, scene, "e7")
    assert scene.message == "Select one of your own units first, then click the enemy to attack."


def test_save_quit_and_continue_resume_exactly(app: App) -> None:
    app.push(MatchSetupScene(app))
    frames(app, 2)
    setup = app.stack.top
    assert isinstance(setup, MatchSetupScene)
    setup.who[1] = "human"
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, MageStoneMatchScene)
    scene.handover = False
    click_square(app, scene, "i1")
    click_square(app, scene, "i4")
    send(app, KeyIntent(Key.BACK))
    assert isinstance(app.stack.top, MatchMenuScene)
    app.stack.top._save()  # type: ignore[union-attr]
    slots = app.stack.top
    assert isinstance(slots, SaveSlotsScene)
    save_here = next(
        w for w in slots.group.widgets if getattr(w, "label", "") == "Save here" and "Slot 1" in w.tooltip
    )
    send(app, Click(save_here.rect.center))
    assert load_save(slot_path(1)).match.state.state_hash() == scene.state.state_hash()
    position = scene.state.position()
    while not isinstance(app.stack.top, TitleScene):
        app.stack.pop()
    title = app.stack.top
    title.layout()
    cont = next(w for w in title.group.widgets if getattr(w, "label", "") == "Continue")
    assert cont.enabled
    send(app, Click(cont.rect.center))
    resumed = app.stack.top
    assert isinstance(resumed, MageStoneMatchScene)
    assert resumed.state.position() == position
    assert "Squares left: 3 of 6" in resumed.hud_lines()


def test_the_last_go_stays_marked_until_the_next_one(app: App) -> None:
    state = scenario({"S": seat("i1", "h1", ("e4",)), "N": seat("h16", "i16", ("e6", "l16"))})
    scene = open_table(app, state)
    assert scene.overlay().last is None
    click_square(app, scene, "e4")
    click_square(app, scene, "e5")
    attack_square(app, scene, "e6")
    finish_animations(app, scene)
    if scene.input.fall_choice:
        click_square(app, scene, "e5")
    scene.end_go()
    finish_animations(app, scene)
    last = scene.overlay().last
    assert last is not None and last.seat == 0
    assert last.routes == ((sq("e4"), sq("e5")),)
    assert last.targets == (sq("e6"),)
    assert len(last.fallen) == 1 and last.fallen[0] in (sq("e5"), sq("e6"))
    click_square(app, scene, "l16")
    click_square(app, scene, "l15")
    finish_animations(app, scene)
    assert scene.overlay().last == last, "North's go in progress does not replace South's marks"
    scene.end_go()
    finish_animations(app, scene)
    last = scene.overlay().last
    assert last is not None and last.seat == 1 and last.routes == ((sq("l16"), sq("l15")),)


def test_the_match_menu_opens_the_settings(app: App) -> None:
    scene = open_table(app, scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6",))}))
    send(app, KeyIntent(Key.MENU))
    assert isinstance(app.stack.top, MatchMenuScene)
    menu = app.stack.top
    button = next(w for w in menu.group.widgets if getattr(w, "label", "") == "Settings")
    send(app, Hover(button.rect.center), Click(button.rect.center))
    assert isinstance(app.stack.top, SettingsScene)
    assert app.stack.scenes[-3] is scene, "the match waits under the menu and the settings"


def test_a_save_is_deleted_only_after_confirming(app: App) -> None:
    app.push(MatchSetupScene(app))
    frames(app, 2)
    setup = app.stack.top
    assert isinstance(setup, MatchSetupScene)
    setup.start()
    scene = app.stack.top
    assert isinstance(scene, MageStoneMatchScene)
    scene.controller.save_to(slot_path(2))  # a real match: a scenario save is set aside
    slots = SaveSlotsScene(app)
    app.push(slots)
    for _ in range(500):  # the slots are read in the background
        frames(app, 1)
        if any(getattr(w, "label", "") == "Delete" for w in slots.group.widgets):
            break
        time.sleep(0.01)

    def delete_button() -> Any:
        return next(
            w for w in slots.group.widgets if getattr(w, "label", "") == "Delete" and "Slot 2" in w.tooltip
        )

    send(app, Click(delete_button().rect.center))
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and "cannot be brought back" in dialog.message
    send(app, KeyIntent(Key.CONFIRM))  # the focused, safe choice: keep it
    assert slot_path(2).exists() and app.stack.top is slots
    send(app, Click(delete_button().rect.center))
    confirm = next(w for w in app.stack.top.group.widgets if getattr(w, "label", "") == "Delete")
    send(app, Click(confirm.rect.center))
    assert not slot_path(2).exists()
    assert app.stack.top is slots and slots.message == "Slot 2 deleted."
    assert not any("Slot 2" in str(getattr(w, "tooltip", "")) for w in slots.group.widgets)
