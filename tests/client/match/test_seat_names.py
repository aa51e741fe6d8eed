"""Seat names typed at set-up reach the table, the log, the hand-over screen, saves and game over."""

from __future__ import annotations

import pytest

from game.client.app import App
from game.client.input import Click, Key, KeyIntent, Typed
from game.client.magestone.scene import MageStoneMatchScene
from game.client.magestone.setup import MatchSetupScene
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.magistrat.setup import MagiStratSetupScene
from game.client.match.controller import autosave_path
from game.client.match.loading import continue_match
from game.client.match.scenes import GameOverScene
from game.client.match.setup_scene import NAME_LENGTH, NAME_WIDTH, WHO_LABELS, SetupScene
from game.client.widgets import Button, Choice, TextField
from game.storage.saves import load_save
from tests.client.conftest import finish_loading, frames, send

pytestmark = pytest.mark.usefixtures("quick")


def fields(scene: SetupScene) -> list[TextField]:
    return [w for w in scene.group.widgets if isinstance(w, TextField)]


def type_name(app: App, scene: SetupScene, index: int, name: str) -> None:
    """Click seat ``index``'s name field, type ``name`` and press Enter."""
    send(app, Click(fields(scene)[index].rect.center), Typed(name), KeyIntent(Key.CONFIRM))


def start(app: App, scene: SetupScene) -> None:
    button = next(w for w in scene.group.widgets if isinstance(w, Button) and w.label == "Start")
    send(app, Click(button.rect.center))


def test_magestone_names_reach_table_log_handover_and_save(app: App) -> None:
    setup = MatchSetupScene(app)
    app.push(setup)
    frames(app, 2)
    assert [f.enabled for f in fields(setup)] == [True, False], "an AI seat's name is not typed"
    assert [f.placeholder for f in fields(setup)] == ["South", "North"]
    who = [w for w in setup.group.widgets if isinstance(w, Choice) and w.options == list(WHO_LABELS)][1]
    send(app, Click((who.rect.x + 5, who.rect.centery)))  # North: Human
    assert [f.enabled for f in fields(setup)] == [True, True]
    type_name(app, setup, 0, "Alice")
    type_name(app, setup, 1, "Bob")
    start(app, setup)
    table = app.stack.top
    assert isinstance(table, MageStoneMatchScene)
    assert [s.name for s in table.controller.seats] == ["Alice", "Bob"]
    assert table.hud_lines()[0] == "Alice's go"
    send(app, KeyIntent(Key.CONFIRM))  # end the go
    assert table.handover_to == 1 and table.controller.seats[table.handover_to].name == "Bob"
    assert any("Alice ends the go" in entry.text for entry in table.controller.log)
    assert load_save(autosave_path()).seats == ["human/0/Alice", "human/1/Bob"]
    app.stack.pop()
    continue_match(app)
    resumed = finish_loading(app)
    assert isinstance(resumed, MageStoneMatchScene)
    assert [s.name for s in resumed.controller.seats] == ["Alice", "Bob"]


def test_an_empty_or_blank_name_keeps_the_default(app: App) -> None:
    setup = MatchSetupScene(app)
    app.push(setup)
    frames(app, 2)
    type_name(app, setup, 0, "   ")
    setup.who[1] = "human"
    setup.names[1] = "Zed"
    setup.who[1] = "easy"
    assert [s.name for s in setup.seats()] == ["South", "North"], "blank and AI seats keep the side's name"


@pytest.mark.parametrize("long", ["Wilhelmina-Augusta of Nassau", "W" * 30, "il" * 20])
def test_typing_stops_where_the_name_would_not_fit_the_table(app: App, long: str) -> None:
    setup = MagiStratSetupScene(app)
    app.push(setup)
    frames(app, 2)
    type_name(app, setup, 0, long)
    name = setup.seats()[0].name
    font = app.assets.font("ui_semibold", fields(setup)[0].font_size)
    assert name == long[: len(name)] and font.size(name)[0] <= NAME_WIDTH and len(name) <= NAME_LENGTH
    one_more = long[: len(name) + 1]
    assert font.size(one_more)[0] > NAME_WIDTH or len(one_more) > NAME_LENGTH, "no room left unused"


def test_magistrat_names_reach_the_table_and_the_game_over_summary(app: App) -> None:
    setup = MagiStratSetupScene(app)
    app.push(setup)
    frames(app, 2)
    type_name(app, setup, 0, "Mira")
    start(app, setup)
    table = app.stack.top
    assert isinstance(table, MagiStratMatchScene)
    assert table.turn_title() == "Mira places the King"
    assert any(line.startswith("Mira (Human)") for line in table.hud_lines())
    summary = GameOverScene(app, table.controller)
    assert any(line.startswith("Mira: ") for line in summary.lines)
    assert any(line.startswith("Black: ") for line in summary.lines)
    assert load_save(autosave_path()).seats[0] == "human/0/Mira"
