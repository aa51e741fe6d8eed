"""Set-up screens remember the last match's set-up, and every seat's choices follow its name."""

from __future__ import annotations

import json

from game.client.app import App, ClientOptions
from game.client.input import Click, Hover
from game.client.magestone.scene import MageStoneMatchScene
from game.client.magestone.setup import DEFAULT_COLOURS, MatchSetupScene
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.magistrat.setup import MagiStratSetupScene
from game.client.match.setup_scene import SetupScene
from game.client.theme import player_colours
from game.client.widgets import Button, Choice
from game.storage.settings import load_settings, settings_path

from ..conftest import frames, send


def click(app: App, pos: tuple[int, int]) -> None:
    send(app, Hover(pos), Click(pos))


def choices(scene: SetupScene) -> list[Choice]:
    return [w for w in scene.group.widgets if isinstance(w, Choice)]


def pick(app: App, choice: Choice, label: str) -> None:
    """Click the segment of ``choice`` that says ``label``."""
    index = choice.options.index(label)
    width = choice.rect.width / len(choice.options)
    click(app, (round(choice.rect.x + (index + 0.5) * width), choice.rect.centery))


def colour_buttons(scene: SetupScene) -> list[Button]:
    return [w for w in scene.group.widgets if isinstance(w, Button) and w.label == "Colour"]


def open_setup(app: App, scene: SetupScene) -> SetupScene:
    app.push(scene)
    frames(app, 2)
    return scene


def start(app: App, scene: SetupScene) -> None:
    click(app, scene.group.widgets[-1].rect.center)


def leave_table(app: App) -> None:
    app.stack.top.controller.close()  # type: ignore[union-attr]
    app.stack.pop()


def test_recolouring_west_for_four_leaves_north_its_colour_when_two_play(app: App) -> None:
    setup = open_setup(app, MatchSetupScene(app))
    pick(app, choices(setup)[0], "4 players")
    assert [seat.name for seat in setup.seats()] == ["South", "West", "North", "East"]
    click(app, colour_buttons(setup)[1].rect.center)  # West's
    west, north = setup.seats()[1], setup.seats()[2]
    assert west.colour != DEFAULT_COLOURS["W"] and north.colour == DEFAULT_COLOURS["N"]
    start(app, setup)
    assert isinstance(app.stack.top, MageStoneMatchScene)
    leave_table(app)

    again = open_setup(app, MatchSetupScene(app))
    assert again.players == 4, "the last set-up is remembered"
    assert [seat.colour for seat in again.seats()][1] == west.colour
    pick(app, choices(again)[0], "2 players")
    assert [(s.name, s.colour) for s in again.seats()] == [("South", 0), ("North", DEFAULT_COLOURS["N"])]
    start(app, again)
    table = app.stack.top
    assert isinstance(table, MageStoneMatchScene)
    assert table.colours[1] == player_colours(False)[DEFAULT_COLOURS["N"]], "North is not West's colour"


def test_a_seats_level_follows_its_name_when_the_player_count_changes(app: App) -> None:
    setup = open_setup(app, MatchSetupScene(app))
    pick(app, choices(setup)[0], "4 players")
    pick(app, choices(setup)[2], "Hard AI")  # West's row
    pick(app, choices(setup)[0], "2 players")
    assert setup.who == ["human", "normal"], "North is not given West's level"
    pick(app, choices(setup)[0], "4 players")
    assert setup.who[1] == "hard"


def test_the_magistrat_setup_is_remembered_across_matches_and_restarts(app: App) -> None:
    setup = open_setup(app, MagiStratSetupScene(app))
    assert isinstance(setup, MagiStratSetupScene) and setup.mode == "manual"
    pick(app, choices(setup)[2], "Hard AI")  # Black's level
    pick(app, choices(setup)[4], "Formation")
    formation = choices(setup)[6]  # Black's formation, shown once Formation is chosen
    pick(app, formation, formation.options[1])
    start(app, setup)
    assert isinstance(app.stack.top, MagiStratMatchScene)
    leave_table(app)

    again = open_setup(app, MagiStratSetupScene(app))
    assert isinstance(again, MagiStratSetupScene)
    assert (again.mode, again.who, again.formation) == ("preset", ["human", "hard"], [0, 1])
    settings, _notice = load_settings()
    restarted = App(ClientOptions())
    restarted.settings = settings
    assert MagiStratSetupScene(restarted).mode == "preset", "kept in the settings file"


def test_the_command_line_still_overrides_the_remembered_seats(app: App) -> None:
    setup = open_setup(app, MagiStratSetupScene(app))
    pick(app, choices(setup)[2], "Hard AI")
    setup.remember({})
    app.options.seats = ["human", "ai:easy"]
    assert MagiStratSetupScene(app).who == ["human", "easy"]


def test_a_hand_edited_memory_falls_back_to_the_defaults(app: App) -> None:
    junk = {
        "magestone": {"players": 3, "colours": {"S": 0, "N": 0, "W": 2, "E": 3}, "who": {"S": "god"},
                      "names": {"S": 5, "N": "x" * 90}, "first": "Q"},
        "magistrat": {"quality": ["100", 500], "mode": "teleport", "formations": "classic"},
    }
    app.settings = app.settings.with_changes(setups=junk)
    magestone = MatchSetupScene(app)
    assert (magestone.players, magestone.who, magestone.names, magestone.first) == (2, ["human", "normal"],
                                                                                    ["", ""], 0)
    assert magestone.colours == DEFAULT_COLOURS
    magistrat = MagiStratSetupScene(app)
    assert (magistrat.quality, magistrat.mode, magistrat.formation) == ([100, 100], "manual", [0, 0])


def test_a_settings_file_with_a_broken_memory_still_loads_the_rest(app: App) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"schema_version": 1, "music_volume": 0.2, "setups": ["not", "a", "map"]}))
    settings, notice = load_settings()
    assert settings.music_volume == 0.2 and settings.setups == {} and notice is None
