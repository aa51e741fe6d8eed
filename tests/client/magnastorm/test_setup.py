"""The Magnastorm set-up screen: 2, 3 or 4 seats in any mix of humans and AI, the starting area,
the seed, and the new-match menu that leads to it."""

from __future__ import annotations

import pytest

from game.client.app import App
from game.client.input import Click, Hover
from game.client.magnastorm.scene import MagnastormMatchScene
from game.client.magnastorm.setup import MagnastormSetupScene
from game.client.match import session
from game.client.match.controller import InlineSource
from game.client.match.games import game_client, registered_games
from game.client.scenes.new_match import NewMatchScene
from game.client.widgets import Choice, TextField, Toggle
from game.storage.profiles import load_profiles
from tests.client.conftest import frames, send


@pytest.fixture(autouse=True)
def inline_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots answer in-process (no worker process in unit tests)."""
    monkeypatch.setattr(session, "make_source", InlineSource)


def open_setup(app: App, players: int = 2) -> MagnastormSetupScene:
    app.options.players = players
    app.stack.push(MagnastormSetupScene(app))
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, MagnastormSetupScene)
    return scene


def start(app: App, scene: MagnastormSetupScene) -> MagnastormMatchScene:
    button = next(w for w in scene.group.widgets if getattr(w, "label", "") == "Start")
    send(app, Hover(button.rect.center), Click(button.rect.center))
    table = app.stack.top
    assert isinstance(table, MagnastormMatchScene)
    return table


def choices(scene: MagnastormSetupScene) -> list[Choice]:
    return [w for w in scene.group.widgets if isinstance(w, Choice)]


def test_magnastorm_is_in_the_new_match_menu_for_2_3_and_4_players(app: App) -> None:
    assert "magnastorm" in registered_games()
    client = game_client("magnastorm")
    assert client is not None and client.player_counts == (2, 3, 4)
    app.options.game = "magnastorm"
    app.stack.push(NewMatchScene(app))
    frames(app, 2)
    menu = app.stack.top
    assert isinstance(menu, NewMatchScene)
    menu._set_players(1)
    menu._begin()
    frames(app, 1)
    setup = app.stack.top
    assert isinstance(setup, MagnastormSetupScene) and setup.players == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_count_has_a_row_per_seat_and_starts_that_game(app: App, players: int) -> None:
    scene = open_setup(app, 2)
    count = choices(scene)[0]
    count.on_change(players - 2)  # the 2 / 3 / 4 players choice
    frames(app, 1)
    assert len([w for w in scene.group.widgets if isinstance(w, TextField)]) == players
    table = start(app, scene)
    assert table.state.num_players == players
    names = ["Crimson", "Azure", "Emerald", "Amber"]
    assert [seat.name for seat in table.controller.seats] == names[:players]
    assert table.state.current_player() >= 0, "the deals are drawn before the first decision"


def test_humans_and_ai_mix_the_starting_area_and_the_seed(app: App) -> None:
    app.options.seed = 1234
    app.options.seats = ["human", "ai:easy", "human"]
    scene = open_setup(app, 3)
    assert scene.who == ["human", "easy", "human"]
    area = choices(scene)[-1]
    area.on_change(1)  # starting area 2
    table = start(app, scene)
    assert table.state.options()["start_area"] == 2
    assert table.controller.match.seed == 1234
    assert [seat.is_ai for seat in table.controller.seats] == [False, True, False]
    board = table.state.s.board
    assert {board.area_names[a] for a in table.state.runner} == {board.area_names[board.starting_areas[2]]}


def test_a_typed_name_names_a_human_seat_and_an_ai_keeps_its_colour(app: App) -> None:
    scene = open_setup(app, 2)
    scene._set_name(0, "Zoe")
    scene._set_name(1, "Ignored")
    table = start(app, scene)
    assert [seat.name for seat in table.controller.seats] == ["Zoe", "Azure"]


def _advanced_toggle(scene: MagnastormSetupScene) -> Toggle:
    return next(w for w in scene.group.widgets if isinstance(w, Toggle) and "artifact" in w.tooltip)


def test_the_advanced_start_is_offered_only_when_every_seat_has_two_artifact_cards(app: App) -> None:
    scene = open_setup(app, 2)
    assert not _advanced_toggle(scene).enabled
    assert start(app, scene).state.options()["artifacts"] is None
    profiles, _notice = load_profiles()
    profiles.record_awards([("Crimson", 1), ("Crimson", 40), ("Azure", 2), ("Azure", 100)])
    scene = open_setup(app, 2)
    toggle = _advanced_toggle(scene)
    assert toggle.enabled and toggle.value
    table = start(app, scene)
    assert table.state.options()["artifacts"] == [[1, 40], [2, 100]]
    assert any(entry.notation.startswith("draw ") for entry in table.controller.match.log), "cards drawn"


def test_declining_the_advanced_start_plays_the_basic_one(app: App) -> None:
    profiles, _notice = load_profiles()
    profiles.record_awards([("Crimson", 1), ("Crimson", 40), ("Azure", 2), ("Azure", 100)])
    scene = open_setup(app, 2)
    toggle = _advanced_toggle(scene)
    send(app, Hover(toggle.rect.center), Click(toggle.rect.center))
    assert not scene.advanced
    assert start(app, scene).state.options()["artifacts"] is None
