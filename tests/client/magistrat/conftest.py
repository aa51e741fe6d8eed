"""A MagiStrat table on the dummy display, from a scenario or a new game, driven by synthetic intents."""

from __future__ import annotations

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Intent
from game.client.magistrat.narrator import MagiStratNarrator
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.match import session
from game.client.match.controller import InlineSource, MatchController, autosave_path
from game.client.match.seats import Seat
from game.client.widgets import Button
from game.rules.magistrat import MagiStratState, load_scenario, new_game
from game.rules.magistrat.board import CELL_INDEX
from game.rules.match import Match
from tests.client.conftest import frames


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
    controller = MatchController(
        Match(state, 7),
        seats,
        InlineSource(),
        MagiStratNarrator(),
        autosave_file=autosave_path(),
        pace=0.0,
        undo_across_turns=True,
    )
    session.open_match(app, controller)
    scene = app.stack.top
    assert isinstance(scene, MagiStratMatchScene)
    frames(app, 2)
    return scene


def send(app: App, *intents: Intent, settle: int = 2) -> None:
    """Inject intents through the input layer and run a few frames."""
    for intent in intents:
        app.input.inject(intent)
        frames(app, 1)
    frames(app, settle)


def click_cell(app: App, scene: MagiStratMatchScene, name: str) -> None:
    """Hover then click the drawn centre of a cell (once the last animation has played: a click
    during an animation only skips it)."""
    finish(app, scene)
    pos = scene.view.centre(CELL_INDEX[name])
    send(app, Hover(pos), Click(pos))


def press(app: App, scene: MagiStratMatchScene, label: str) -> None:
    """Click a visible button at its centre."""
    finish(app, scene)
    button: Button = scene.button(label)
    send(app, Hover(button.rect.center), Click(button.rect.center))


def finish(app: App, scene: MagiStratMatchScene) -> None:
    """Let every queued animation play out."""
    for _ in range(900):
        if not scene.animator.busy:
            break
        frames(app, 1)
    frames(app, 2)
