"""Every menu scene opens and closes with synthetic input; settings apply, persist and survive corruption."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.client import decor
from game.client.app import App
from game.client.input import Click, Key, KeyIntent
from game.client.match.games import game_client
from game.client.match.scenes import SaveSlotsScene
from game.client.options import ClientOptions
from game.client.rules_reference.scene import RulesReferenceScene
from game.client.scenes.credits import CreditsScene
from game.client.scenes.dialog import DialogScene
from game.client.scenes.menus import TitleScene
from game.client.scenes.new_match import NewMatchScene
from game.client.scenes.profiles import ProfilesScene
from game.client.scenes.settings import SettingsScene
from game.client.tutorial.menu import TutorialMenuScene
from game.client.widgets import Button, Choice, Toggle
from game.paths import saves_dir
from game.storage.settings import load_settings, settings_path
from tests.client.conftest import frames


def _button(scene: TitleScene, label: str) -> Button:
    return next(w for w in scene.group.widgets if isinstance(w, Button) and w.label == label)


def _press(app: App, key: Key, times: int = 1) -> None:
    for _ in range(times):
        app.input.inject(KeyIntent(key))
    frames(app, 2)


EXPECTED = {
    "New match": NewMatchScene,
    "Tutorial": TutorialMenuScene,
    "Load": SaveSlotsScene,
    "Rules": RulesReferenceScene,
    "Settings": SettingsScene,
    "Profiles": ProfilesScene,
    "Credits": CreditsScene,
}


@pytest.mark.parametrize(("label", "scene_type"), EXPECTED.items())
def test_each_title_button_opens_its_scene_and_back_returns(app: App, label: str, scene_type: type) -> None:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    app.input.inject(Click(_button(title, label).rect.center))
    frames(app)
    assert isinstance(app.stack.top, scene_type)
    _press(app, Key.BACK)
    assert app.stack.top is title


def test_the_tutorial_lists_its_lessons(app: App) -> None:
    app.input.inject(Click(_button(app.stack.top, "Tutorial").rect.center))  # type: ignore[arg-type]
    frames(app)
    scene = app.stack.top
    assert isinstance(scene, TutorialMenuScene) and len(scene.lessons) >= 16


def test_continue_is_disabled_until_an_autosave_exists(app: App) -> None:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert not _button(title, "Continue").enabled
    app.input.inject(Click(_button(title, "Continue").rect.center))
    frames(app)
    assert app.stack.top is title
    (saves_dir() / "autosave.json").write_text("{}", encoding="utf-8")
    app.stack.push(CreditsScene(app))
    app.stack.pop()
    assert _button(title, "Continue").enabled


def test_keyboard_alone_reaches_settings(app: App) -> None:
    _press(
        app, Key.NEXT, times=6
    )  # Continue is disabled: New match, Tutorial, Load, Rules, Settings, Credits
    _press(app, Key.PREV)
    _press(app, Key.CONFIRM)
    assert isinstance(app.stack.top, SettingsScene)


def test_new_match_lets_the_player_choose_the_game(app: App) -> None:
    app.input.inject(Click(_button(app.stack.top, "New match").rect.center))  # type: ignore[arg-type]
    frames(app)
    scene = app.stack.top
    assert isinstance(scene, NewMatchScene) and scene.game == "magestone"
    magistrat_card = scene.group.widgets[1]
    app.input.inject(Click(magistrat_card.rect.center))
    frames(app)
    players = next(w for w in scene.group.widgets if isinstance(w, Choice))
    assert scene.game == "magistrat" and not players.enabled, "MagiStrat is always two players"
    begin = next(w for w in scene.group.widgets if isinstance(w, Button) and w.label == "Begin match")
    app.input.inject(Click(begin.rect.center))
    frames(app)
    from game.client.magistrat.setup import MagiStratSetupScene

    assert isinstance(app.stack.top, MagiStratSetupScene)


def test_a_registered_game_gets_its_card_and_its_player_counts(app: App) -> None:
    """A third game plugs into the new-match menu through the client registry alone."""
    from dataclasses import replace

    from game.client.match import games

    trio = replace(games.game_client("magistrat"), title="Trio", blurb=("3 players",), player_counts=(3, 5))  # type: ignore[type-var]
    games._LOADED["trio"] = trio
    games._CLIENTS["trio"] = "unused:unused"
    try:
        scene = NewMatchScene(app)
        app.stack.push(scene)
        frames(app)
        cards = [w for w in scene.group.widgets if w.rect.height > scene.px(100)]
        assert len(cards) == len(games.registered_games()) == 4
        app.input.inject(Click(cards[-1].rect.center))
        frames(app)
        players = next(w for w in scene.group.widgets if isinstance(w, Choice))
        assert scene.game == "trio" and players.options == ["3 players", "5 players"] and players.enabled
        app.input.inject(Click(players._segments()[1].center))
        frames(app)
        assert scene.players == 5
    finally:
        del games._CLIENTS["trio"], games._LOADED["trio"]


def test_escape_on_the_title_asks_before_quitting(app: App) -> None:
    _press(app, Key.BACK)
    assert isinstance(app.stack.top, DialogScene)
    _press(app, Key.CONFIRM)  # the safe choice, "Stay", has the focus
    assert isinstance(app.stack.top, TitleScene) and app.running
    _press(app, Key.BACK)
    _press(app, Key.LEFT)  # ← from "Stay" does not wrap round to "Quit"
    _press(app, Key.CONFIRM)
    assert isinstance(app.stack.top, TitleScene) and app.running
    _press(app, Key.BACK)
    _press(app, Key.RIGHT)
    _press(app, Key.CONFIRM)
    assert not app.running


def test_a_changed_setting_is_applied_saved_and_back_after_a_restart(app: App) -> None:
    settings_scene = SettingsScene(app)
    app.stack.push(settings_scene)
    frames(app)
    toggle = settings_scene.group.widgets[4]
    assert isinstance(toggle, Toggle)
    app.input.inject(Click(toggle.rect.center))
    _press(app, Key.NEXT)
    _press(app, Key.RIGHT)  # UI scale 100 % -> 115 %
    assert app.settings.colour_blind and app.settings.ui_scale == 1.15
    app.shutdown()
    restarted = App(ClientOptions())
    restarted.start()
    try:
        assert restarted.settings.colour_blind and restarted.settings.ui_scale == 1.15
    finally:
        restarted.shutdown()


def test_a_corrupt_settings_file_shows_a_notice_naming_it_once(user_dir: Path) -> None:
    settings_path().write_text("\x00garbage", encoding="utf-8")
    first = App(ClientOptions())
    first.start()
    try:
        dialog = first.stack.top
        assert isinstance(dialog, DialogScene) and str(settings_path()) in dialog.message
        frames(first)
        _press(first, Key.CONFIRM)
        assert isinstance(first.stack.top, TitleScene)
    finally:
        first.shutdown()
    assert load_settings()[1] is None
    second = App(ClientOptions())
    second.start()
    try:
        assert isinstance(second.stack.top, TitleScene)
    finally:
        second.shutdown()


@pytest.mark.parametrize(
    "size",
    [(1024, 576), (1024, 768), (1920, 1080), (2560, 1080), (3840, 2160)],
    ids=lambda s: f"{s[0]}x{s[1]}",
)
def test_a_click_at_a_drawn_button_opens_it_at_any_window_size(app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    frames(app, 1)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert app.canvas.get_size() == size, "scenes draw at the window's own pixels"
    settings_button = _button(title, "Settings")
    assert app.frame.rect.contains(settings_button.rect)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=settings_button.rect.center, button=1))
    frames(app)
    assert isinstance(app.stack.top, SettingsScene)


def test_a_resize_lays_the_scenes_out_again(app: App) -> None:
    credits_before = _button(app.stack.top, "Credits").rect.copy()  # type: ignore[arg-type]
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1080))
    app.window = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    frames(app, 1)
    credits_button = _button(app.stack.top, "Credits")  # type: ignore[arg-type]
    assert credits_button.rect.height > credits_before.height
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=credits_button.rect.center, button=1))
    frames(app)
    assert isinstance(app.stack.top, CreditsScene)


def test_f11_toggles_fullscreen_and_saves_it(app: App) -> None:
    _press(app, Key.TOGGLE_FULLSCREEN)
    assert app.settings.fullscreen and app.fullscreen
    _press(app, Key.TOGGLE_FULLSCREEN)
    assert not app.settings.fullscreen and not app.fullscreen
    assert load_settings()[0].fullscreen is False


def test_a_game_chosen_on_the_command_line_opens_the_new_match_screen() -> None:
    client = App(ClientOptions(game="magistrat"))
    client.start()
    try:
        scene = client.stack.top
        assert isinstance(scene, NewMatchScene) and scene.game == "magistrat"
        _press(client, Key.BACK)
        assert isinstance(client.stack.top, TitleScene)
    finally:
        client.shutdown()


def test_the_window_and_a_first_frame_come_before_the_menu_is_built() -> None:
    seen: list[str] = []

    def note(name: str) -> None:
        seen.append(f"{name} with {len(client.stack)} scenes")

    client = App(ClientOptions(on_milestone=note))
    client.start()
    try:
        frames(client, 2)
    finally:
        client.shutdown()
    assert seen == ["window with 0 scenes", "first_frame with 0 scenes", "menu with 1 scenes"]


@pytest.mark.parametrize("game", ["magestone", "magistrat"])
def test_set_up_screens_speak_to_players_not_developers(app: App, game: str) -> None:
    client = game_client(game)
    assert client is not None
    scene = client.setup_scene(app)
    app.push(scene)
    frames(app, 2)
    with decor.recording() as drawn:
        scene.draw(app.canvas)
    words = " ".join(text for _rect, text in drawn.texts)
    assert "--seed" not in words and "command line" not in words
    assert "scales every full" not in " ".join(str(getattr(w, "tooltip", "")) for w in scene.group.widgets)
