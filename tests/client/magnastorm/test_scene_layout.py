"""The Magnastorm table and set-up at the window extremes of the layout test: text inside the window
and its panel, no two texts or controls overlapping (the checks of ``tests/client/test_layout.py``,
run on these scenes)."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import tests.client.test_layout as layout_checks
from game.client.app import App
from game.client.magnastorm.scene import MagnastormMatchScene
from game.client.magnastorm.setup import MagnastormSetupScene
from game.client.match.seats import Seat
from game.client.match.session import new_controller, open_match
from tests.client.test_layout import EXTREMES
from tests.client.test_layout import test_text_stays_inside_its_panel_and_nothing_overlaps as check_layout

SCENES = ["magnastorm", "magnastorm admin", "magnastorm set-up"]


def _open(app: App, name: str) -> Any:
    if name == "magnastorm set-up":
        app.options.players = 4
        app.stack.push(MagnastormSetupScene(app))
        return app.stack.top
    app.tweens.speed = math.inf
    seats = [Seat("Crimson"), Seat("Azure", "human", 1), Seat("Emerald", "human", 2)]
    controller = new_controller(app, "magnastorm", {"players": 3}, seats, 5)
    open_match(app, controller)
    table = app.stack.top
    assert isinstance(table, MagnastormMatchScene)
    table.handover = False
    rng = random.Random(5)
    for _ in range(30):
        table._play(rng.choice(controller.state.legal_actions()))
    if name == "magnastorm admin":
        app.tweens.speed = table.animator.speed = 1.0
        while not table.animator.admin_pending():
            table._play(rng.choice(controller.state.legal_actions()))
    return table


@pytest.mark.parametrize("size", EXTREMES, ids=lambda s: f"{s[0]}x{s[1]}@{round(s[2] * 100)}")
@pytest.mark.parametrize("name", SCENES)
def test_magnastorm_text_stays_inside_its_panel_and_nothing_overlaps(
    app: App, name: str, size: tuple[int, int, float], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(layout_checks, "_open", _open)
    check_layout(app, name, size)
