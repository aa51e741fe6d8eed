"""A MagiStrat table on the dummy display, from a scenario or a new game, driven by synthetic intents."""

from __future__ import annotations

import pytest

from game.client.app import App
from game.client.input import Click, Hover
from game.client.magistrat.narrator import MagiStratNarrator
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.match import session
from game.client.match.controller import InlineSource
from game.client.match.seats import Seat
from game.rules.magistrat import MagiStratState, load_scenario, new_game
from game.rules.magistrat.board import CELL_INDEX
from tests.client.conftest import frames, open_test_table, play_out, send
from tests.client.conftest import press as client_press


@pytest.fixture(autouse=True)
def inline_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots answer in-process (no worker process in unit tests)."""
    monkeypatch.setattr(session, "make_source", InlineSource)


def state_of(name: str) -> MagiStratState:
    """A bundled scenario, or ``new:<setup>`` for a new game."""
    if name.startswith("new:"):
        return new_game({"setup": name[4:], "setup_seed": 5})
    return load_scenario(name)


def open_table(app: App, state: MagiStratState, black_ai: bool = False) -> MagiStratMatchScene:
    """Open the table on ``state``: White human, Black human or a Normal bot."""
    seats = [Seat("White", "human", 0), Seat("Black", "normal" if black_ai else "human", 1)]
    scene = open_test_table(
        app, state, seats, MagiStratNarrator(), MagiStratMatchScene, undo_across_turns=True
    )
    frames(app, 2)
    return scene


def click_cell(app: App, scene: MagiStratMatchScene, name: str) -> None:
    """Hover then click the drawn centre of a cell (once the last animation has played: a click
    during an animation only skips it)."""
    finish(app, scene)
    pos = scene.view.centre(CELL_INDEX[name])
    send(app, Hover(pos), Click(pos))


def press(app: App, scene: MagiStratMatchScene, label: str) -> None:
    """Click a visible button at its centre (once the last animation has played)."""
    finish(app, scene)
    client_press(app, scene, label)


def finish(app: App, scene: MagiStratMatchScene) -> None:
    """Let every queued animation play out."""
    play_out(app, scene, 900)
