"""Player profiles: collections kept across matches, damaged files set aside, awards recorded once,
the screen."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.client.app import App
from game.client.input import Click
from game.client.match.controller import MatchController
from game.client.match.seats import Seat
from game.client.options import ClientOptions
from game.client.scenes.dialog import DialogScene
from game.client.scenes.menus import TitleScene
from game.client.scenes.profiles import ProfilesScene, record_artifact_awards
from game.client.widgets import Button
from game.rules.magnastorm.data import bundled_content
from game.rules.match import Match
from game.rules.registry import new_game
from game.storage.profiles import Profiles, awards_from_log, load_profiles, profiles_path
from game.storage.seats import MAX_NAME_CHARS
from tests.client.conftest import frames
from tests.client.test_damaged_files import EVERY_KIND, bounded, kept_aside, place

PROFILES = {
    "cards_not_numbers.json": "field 'profiles[0].cards[1]' must be an artifact card number",
    "name_repeated.json": "field 'profiles[1].name' repeats the profile 'Ada'",
    "card_twice.json": "field 'profiles[0].cards' lists a card twice",
    "future_schema.json": "schema version 4 is not supported",
    "profiles_missing.json": "missing field 'profiles'",
}


def test_collections_survive_a_restart_and_a_card_is_kept_once() -> None:
    profiles, notice = load_profiles()
    assert notice is None and profiles.names() == ()
    assert profiles.record_awards([("Ada", 40), ("bob", 3), ("Ada", 7), ("Ada", 40)])
    again, notice = load_profiles()
    assert notice is None
    assert again.names() == ("Ada", "bob") and again.collection("Ada") == (7, 40)
    assert again.collection("nobody") == ()


def test_a_match_is_recorded_once_by_its_key() -> None:
    profiles, _ = load_profiles()
    assert profiles.record_awards([("Ada", 5)], "magnastorm:1:ab")
    assert not load_profiles()[0].record_awards([("Ada", 6)], "magnastorm:1:ab")
    assert load_profiles()[0].collection("Ada") == (5,)


def test_names_the_seats_cannot_have_get_no_profile() -> None:
    profiles, _ = load_profiles()
    assert not profiles.record_awards([("x" * (MAX_NAME_CHARS + 1), 5), ("  ", 6)])
    assert profiles.names() == ()


def test_the_advanced_start_needs_two_known_cards_at_every_seat() -> None:
    profiles = Profiles(profiles_path(), {"Ada": [1, 2], "Bob": [3, 9999], "Cy": [4, 31]})
    assert profiles.advanced_start_collections(["Ada", "Bob"]) is None, "9999 is no bundled card"
    assert profiles.advanced_start_collections(["Ada", "Cy"]) == [[1, 2], [4, 31]]
    assert profiles.advanced_start_collections(["Ada", "New"]) is None
    state = new_game("magnastorm", {"players": 2, "artifacts": [[1, 2], [4, 31]]})
    assert state.options()["artifacts"] == [[1, 2], [4, 31]], "the engine takes the collections as they are"


def test_awards_are_read_from_the_artifact_outcomes_only() -> None:
    log = ["deal rc0 x", "artifact 1 13", "artifact 0 92", "artifact 7 1", "artifact x 3"]
    assert awards_from_log(["Ada", "Bob"], log) == [("Bob", 13), ("Ada", 92)]


@pytest.mark.parametrize(
    ("folder", "kind"), [("any", k) for k in EVERY_KIND] + [("profiles", k) for k in PROFILES]
)
def test_damaged_profiles_are_named_kept_aside_and_reset(folder: str, kind: str) -> None:
    path = profiles_path()
    place(kind, path, folder)
    profiles, notice = bounded(load_profiles)
    assert profiles.names() == ()
    assert notice is not None and str(path) in notice and {**EVERY_KIND, **PROFILES}[kind] in notice
    assert kept_aside(path)
    profiles.record_awards([("Ada", 3)])
    assert load_profiles() == (Profiles(path, {"Ada": [3]}), None), "the game goes on with a fresh file"


def test_damaged_profiles_fall_back_on_their_backup() -> None:
    profiles, _ = load_profiles()
    profiles.record_awards([("Ada", 3)])
    profiles.record_awards([("Ada", 4)])
    place("truncated.json", profiles_path())
    restored, notice = load_profiles()
    assert restored.collection("Ada") == (3,), "the backup is the copy before the last write"
    assert notice is not None and "last good copy" in notice


def _finished_match(seed: int) -> MatchController:
    """A 2-player Magnastorm match with its hook, played by random legal actions until its end."""
    match = Match(new_game("magnastorm", {"players": 2}), seed)
    match.resolve_chance()
    controller = MatchController(match, [Seat("Ada"), Seat("Bob", "easy", 1)],
                                 on_game_over=record_artifact_awards)
    chooser = random.Random(seed)
    while not controller.over:
        controller.play(chooser.choice(controller.state.legal_actions()))
    return controller


def test_the_artifact_each_seat_wins_goes_to_its_profile_once() -> None:
    controller = _finished_match(3)
    won = {e.notation.split()[1]: int(e.notation.split()[2])
           for e in controller.match.log if e.notation.startswith("artifact ")}
    profiles, _ = load_profiles()
    assert profiles.collection("Ada") == (won["0"],) and profiles.collection("Bob") == (won["1"],)
    tiers = {bundled_content().artifacts[card].tier for card in won.values()}
    assert tiers == {"gold", "bronze"}, "two players: the winner draws gold, the last bronze"
    record_artifact_awards(controller)  # the same match again (a replay, a second game-over call)
    assert load_profiles()[0].collection("Ada") == (won["0"],)
    rematch = controller.rematch(seed=5)
    assert rematch.on_game_over is record_artifact_awards


def test_a_finished_game_continued_records_nothing() -> None:
    finished = _finished_match(4)
    profiles_path().unlink()
    continued = MatchController(finished.match, finished.seats, on_game_over=record_artifact_awards)
    continued.retell()
    continued.update(1.0)
    assert not profiles_path().exists() and continued.over


# -- the screen -----------------------------------------------------------------------------------------
def _button(scene: object, label: str) -> Button:
    return next(w for w in scene.group.widgets  # type: ignore[attr-defined]
                if isinstance(w, Button) and w.label == label)


def _click(app: App, label: str) -> None:
    app.input.inject(Click(_button(app.stack.top, label).rect.center))
    frames(app)


def test_the_screen_lists_profiles_shows_a_collection_and_deletes_after_confirming(app: App) -> None:
    load_profiles()[0].record_awards([("Zed", 91), ("Ada", 1), ("Ada", 31), ("Ada", 92)])
    assert isinstance(app.stack.top, TitleScene)
    _click(app, "Profiles")
    scene = app.stack.top
    assert isinstance(scene, ProfilesScene) and scene.chosen == "Ada", "the first name is shown"
    frames(app)
    _click(app, "Zed")
    assert scene.chosen == "Zed"
    _click(app, "Delete")
    assert isinstance(app.stack.top, DialogScene) and "1 artifact card" in app.stack.top.message
    _click(app, "Keep it")
    assert app.stack.top is scene and load_profiles()[0].names() == ("Ada", "Zed")
    _click(app, "Delete")
    _click(app, "Delete")
    assert app.stack.top is scene and scene.chosen == "Ada"
    assert load_profiles()[0].names() == ("Ada",)
    assert [w.label for w in scene.group.widgets if isinstance(w, Button)] == ["Ada", "Delete", "Back"]


def test_a_damaged_profiles_file_is_told_on_the_screen(app: App, user_dir: Path) -> None:
    path = profiles_path()
    path.write_text(json.dumps({"schema_version": 1, "profiles": 3}), encoding="utf-8")
    _click(app, "Profiles")
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and str(path) in dialog.message and "'profiles'" in dialog.message
    _click(app, "OK")
    assert isinstance(app.stack.top, ProfilesScene) and app.stack.top.chosen == ""


def test_a_damaged_profiles_file_is_told_at_start_and_the_menu_goes_on() -> None:
    """Damage found at start is told there, whichever screen would have read the file first."""
    place("truncated.json", profiles_path())
    app = App(ClientOptions())
    try:
        app.start()
        notice = app.stack.top
        assert isinstance(notice, DialogScene) and str(profiles_path()) in notice.message
        assert kept_aside(profiles_path())
    finally:
        app.shutdown()
