"""Contextual tips at both tables (shown once, dismissed by a click, off with the setting) and F1."""

from __future__ import annotations

from typing import Any

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.magestone.scene import MageStoneMatchScene
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.match import session
from game.client.match.controller import InlineSource
from game.client.rules_reference.scene import RulesReferenceScene
from game.client.rules_reference.topics import load_reference
from game.client.tutorial.tips import GAME_TIPS, TIPS
from game.rules.magistrat import MagiStratState
from tests.client.conftest import frames
from tests.client.magestone import conftest as ms
from tests.client.magistrat import conftest as mg

STEAL = "7m/8/8/2P5/8/3n4/8/M7|7k/8/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 w play 0 100,100 -"
MAGISTRAT_FIRSTS = [
    # position, the learner's clicks (cells, then a button or None), the tip that must show
    (STEAL, ("gc5", "gd4", "Attack"), "stolen"),
    (
        "7m/8/8/8/3m4/8/8/M7|7k/8/8/2P5/8/8/8/K7|8/8/8/8/3G4/8/8/8 w play 0 100,100 -",
        ("hc5", "hd4", "Move"),
        "enhanced",
    ),
    (
        "7m/8/8/8/3n4/8/8/M7|7k/8/8/8/4M*3/8/8/K7|8/8/8/8/4G3/8/8/8 w play 0 100,100 -",
        ("he4", "hd4", "Move"),
        "dropped_out",
    ),
    (
        "7m/8/8/8/8/8/8/M7|7k/8/8/8/8/1p6/8/K7|8/8/8/8/8/8/8/8 w play 0 100,100 -",
        ("ha1", "ha2", "Attack"),
        "king_attack",
    ),
]


@pytest.fixture(autouse=True)
def inline_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots answer in-process."""
    monkeypatch.setattr(session, "make_source", InlineSource)


def magistrat_turn(app: App, position: str, clicks: tuple[str, ...]) -> MagiStratMatchScene:
    """Open the cube on ``position`` and play White's turn by clicks."""
    scene = mg.open_table(app, MagiStratState.from_position(position))
    for name in clicks[:2]:
        mg.click_cell(app, scene, name)
    pending = scene.input.pending
    assert pending is not None
    mg.press(app, scene, clicks[2] if clicks[2] == "Attack" or pending.attack is None else "Skip attack")
    mg.finish(app, scene)
    return scene


@pytest.mark.parametrize(
    ("position", "clicks", "tip"), MAGISTRAT_FIRSTS, ids=[t for _, _, t in MAGISTRAT_FIRSTS]
)
def test_magistrat_first_time_tips(app: App, position: str, clicks: tuple[str, ...], tip: str) -> None:
    scene = magistrat_turn(app, position, clicks)
    assert scene.tips.current is not None and scene.tips.current.id == tip
    frames(app, 1)  # drawn: the tip has a place on screen
    before = scene.state.position()
    centre = scene.tips.rect.center
    mg.send(app, Hover(centre), Click(centre))
    assert scene.tips.current is None and scene.state.position() == before


def test_magistrat_tip_shows_once_only(app: App) -> None:
    first = magistrat_turn(app, STEAL, ("gc5", "gd4", "Attack"))
    assert first.tips.current is not None
    app.stack.pop()
    again = magistrat_turn(app, STEAL, ("gc5", "gd4", "Attack"))
    assert again.tips.current is None


def test_magistrat_tips_off_in_settings(app: App) -> None:
    app.change_settings(app.settings.with_changes(contextual_tips=False))
    scene = magistrat_turn(app, STEAL, ("gc5", "gd4", "Attack"))
    assert scene.tips.current is None


def activate_stones(app: App) -> MageStoneMatchScene:
    """South's Mage stands on its base with two stones and activates them (a first 'activated' event)."""
    state = ms.scenario(
        {"S": ms.seat("i1", "h1", ("e1",), carried=(2, 0)), "N": ms.seat("h16", "i16", ("e16",))},
        stones={"g7": [1, 0], "j7": [1, 0], "g10": [1, 0], "j10": [1, 0], "f8": [1, 0], "f9": [1, 0]},
    )
    scene = ms.open_table(app, state)
    ms.click_square(app, scene, "i1")
    activate = scene.button("Activate")
    ms.send(app, Hover(activate.rect.center), Click(activate.rect.center))
    ms.finish_animations(app, scene)
    assert scene.state.to_scenario()["seats"]["S"]["carried"] == [0, 2]
    return scene


def test_magestone_tip_shown_once_and_dismissed(app: App) -> None:
    scene = activate_stones(app)
    assert scene.tips.current is not None and scene.tips.current.id == "activated"
    frames(app, 1)
    before = scene.state.position()
    centre = scene.tips.rect.center
    ms.send(app, Hover(centre), Click(centre))
    assert scene.tips.current is None and scene.state.position() == before
    app.stack.pop()
    assert activate_stones(app).tips.current is None


def test_magestone_tips_off_in_settings(app: App) -> None:
    app.change_settings(app.settings.with_changes(contextual_tips=False))
    assert activate_stones(app).tips.current is None


def open_table_of(app: App, game: str) -> Any:
    """A match of ``game`` at its table, one turn in."""
    if game == "magistrat":
        return magistrat_turn(app, STEAL, ("gc5", "gd4", "Attack"))
    return activate_stones(app)


@pytest.mark.parametrize("game", ["magestone", "magistrat"])
def test_f1_in_a_match_opens_that_games_rules_and_back_returns_unchanged(app: App, game: str) -> None:
    scene = open_table_of(app, game)
    before, log = scene.state.position(), list(scene.controller.log)
    app.input.inject(KeyIntent(Key.HELP))
    frames(app, 2)
    reference = app.stack.top
    assert isinstance(reference, RulesReferenceScene) and reference.game == game
    app.input.inject(KeyIntent(Key.BACK))
    frames(app, 2)
    assert app.stack.top is scene
    assert scene.state.position() == before and list(scene.controller.log) == log


def test_every_tip_names_a_topic_of_its_own_games_rules_reference() -> None:
    for game, tips in GAME_TIPS.items():
        assert {tip.topic for tip in tips} <= {topic.id for topic in load_reference(game).topics}, game
    assert len({tip.id for tip in TIPS}) == len(TIPS), "tip ids are remembered in one set: unique"
