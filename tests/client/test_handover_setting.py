"""The "Hand-over screen between humans" setting: saved, and the default of every new MageStone match."""

from __future__ import annotations

import pytest

from game.client.app import App
from game.client.input import Click, Key, KeyIntent
from game.client.magestone.scene import MageStoneMatchScene
from game.client.magestone.setup import MatchSetupScene
from game.client.scenes.settings import ROWS, SettingsScene
from game.client.widgets import Toggle
from game.storage.settings import load_settings
from tests.client.conftest import frames, send

pytestmark = pytest.mark.usefixtures("quick")


def switch_off_in_settings(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 2)
    row = [key for _icon, _label, key in ROWS].index("handover_screen")
    toggle = scene.group.widgets[row]
    assert isinstance(toggle, Toggle) and toggle.value
    send(app, Click(toggle.rect.center))
    app.stack.pop()


def two_humans_end_a_go(app: App) -> MageStoneMatchScene:
    """Open the MageStone set-up, make North human too, start, and end South's go."""
    setup = MatchSetupScene(app)
    app.push(setup)
    frames(app, 2)
    setup.who[1] = "human"
    setup.start()
    table = app.stack.top
    assert isinstance(table, MageStoneMatchScene)
    send(app, KeyIntent(Key.CONFIRM))
    return table


def test_the_setting_is_on_by_default_and_a_new_match_hands_over(app: App) -> None:
    assert app.settings.handover_screen
    table = two_humans_end_a_go(app)
    assert table.handover_to == 1


def test_switched_off_it_is_saved_and_new_matches_skip_the_hand_over(app: App) -> None:
    switch_off_in_settings(app)
    assert load_settings()[0].handover_screen is False
    setup = MatchSetupScene(app)
    app.push(setup)
    frames(app, 2)
    toggles = [w for w in setup.group.widgets if isinstance(w, Toggle)]
    assert [t.value for t in toggles] == [False], "the set-up's toggle starts from the setting"
    app.stack.pop()
    table = two_humans_end_a_go(app)
    assert table.handover_to is None and table.controller.seat_to_act() == 1
