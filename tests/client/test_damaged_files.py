"""No file can break the game: every damaged file in ``tests/fixtures/damaged`` (and the pipes, links
and huge files made here) is loaded through the client's own loaders, gets its message naming the file
and the problem, is moved aside (never deleted), and the game goes on."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from game.client.app import App
from game.client.bundled_data import bundled_data_problems, playable_lessons
from game.client.match.controller import autosave_path
from game.client.match.loading import continue_match
from game.client.match.slots import list_saves, read_entry, slot_path
from game.client.options import ClientOptions
from game.client.scenes.dialog import DialogScene
from game.client.scenes.new_match import NewMatchScene
from game.client.smoke import run_smoke
from game.client.tutorial.progress import Progress, progress_path
from game.resources import BUNDLE_ROOT_ENV
from game.rules.magestone.board import load_board
from game.rules.magistrat.data import _bundled_piece_table
from game.rules.registry import rules_entry
from game.storage.saves import SaveError, load_save
from game.storage.settings import Settings, load_settings, save_settings, settings_path
from game.storage.userfiles import clean_orphan_temps
from tests.client.conftest import finish_loading

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "damaged"
REPO = Path(__file__).resolve().parents[2]

ANY_FILE = {
    "latin1.json": "is not UTF-8 text",
    "utf16.json": "is UTF-16 text",
    "random_bytes.json": "is not UTF-8 text",
    "nested_1000.json": "nested more than 32 levels",
    "number_5000_digits.json": "a number of 5,000 characters",
    "truncated.json": "is not valid JSON",
    "empty.json": "is not valid JSON",
    "list_not_object.json": "must be an object, not a list",
    "nan.json": "holds NaN",
}
"""Damage any JSON file may suffer, and the words of its message."""
MADE_HERE = {
    "fifo": "is not a regular file",
    "link_to_dev_zero": "is a symbolic link",
    "huge_sparse": "over the limit",
}
"""Damage that cannot live in git: made in place by :func:`place`."""
EVERY_KIND = {**ANY_FILE, **MADE_HERE}
SAVES = {
    "options_players_list.json": "field 'options' is not valid for magestone",
    "seats_too_few.json": "seats: 1 seats listed for a game of 2 players",
    "seats_too_many.json": "seats: 5 seats listed for a game of 2 players",
    "seats_unknown_level.json": "seats: seat 2: unknown player kind 'godlike'",
    "seats_not_text.json": "seats: seat 2: must be a string",
    "seed_not_number.json": "field 'seed' must be a whole number, not a string",
    "wrong_format.json": "not a MageStone save file",
    "future_schema.json": "save schema version 7 is not supported",
    "bad_action.json": "actions[0] 'fly to the moon' cannot be replayed",
    "actor_not_number.json": "actions[0] should be [actor, notation]",
    "hash_mismatch.json": "differs from the recorded one",
}
TUTORIAL = {
    "runs_not_objects.json": "field 'runs.01_board' must be an object, not a whole number",
    "completed_not_names.json": "field 'completed' must be a list of strings",
    "future_schema.json": "schema version 9 is not supported",
}

T = TypeVar("T")


def place(kind: str, target: Path, folder: str = "any") -> None:
    """Put damage ``kind`` at ``target`` (a fixture file, or a pipe, link or huge file made here)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "link_to_dev_zero":
        os.symlink("/dev/zero", target)
    elif kind == "huge_sparse":
        with target.open("wb") as handle:
            handle.truncate(200_000_000)
    else:
        shutil.copyfile(FIXTURES / folder / kind, target)


def bounded(call: Callable[[], T], seconds: float = 20.0) -> T:
    """Run ``call`` in a thread; fail (instead of hanging the suite) when it does not return in time."""
    results: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            results.append(call())
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"the loader hung for {seconds} s"
    if errors:
        raise errors[0]
    return results[0]


def kept_aside(path: Path) -> bool:
    """True when ``path`` was moved aside as ``<name>.corrupt`` (kept, not deleted)."""
    return os.path.lexists(path.with_name(path.name + ".corrupt"))


# -- settings -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", EVERY_KIND)
def test_damaged_settings_are_named_kept_aside_and_reset(kind: str) -> None:
    path = settings_path()
    place(kind, path)
    settings, notice = bounded(load_settings)
    assert settings == Settings()
    assert notice is not None and str(path) in notice and EVERY_KIND[kind] in notice
    assert kept_aside(path)
    assert load_settings() == (Settings(), None), "the file was rewritten with defaults; the notice came once"


def test_damaged_settings_fall_back_on_their_backup() -> None:
    save_settings(Settings(music_volume=0.3))
    save_settings(Settings(music_volume=0.4))
    place("utf16.json", settings_path().with_name("x"))
    os.replace(settings_path().with_name("x"), settings_path())
    settings, notice = load_settings()
    assert settings.music_volume == 0.3, "the backup is the copy before the last write"
    assert notice is not None and "last good copy" in notice and "UTF-16" in notice
    assert load_settings() == (settings, None), "the backup was restored in the file's place"


# -- tutorial progress ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("folder", "kind"), [("any", k) for k in EVERY_KIND] + [("tutorial", k) for k in TUTORIAL]
)
def test_damaged_tutorial_progress_is_named_kept_aside_and_reset(folder: str, kind: str) -> None:
    path = progress_path()
    place(kind, path, folder)
    progress = bounded(Progress.load)
    assert progress.completed == set() and progress.runs == {}
    assert str(path) in progress.notice and {**EVERY_KIND, **TUTORIAL}[kind] in progress.notice
    assert kept_aside(path)


def test_a_damaged_tutorial_file_is_told_at_start_and_tables_still_open(user_dir: Path) -> None:
    place("nested_1000.json", progress_path())
    app = App(ClientOptions())
    try:
        app.start()
        notice = app.stack.top
        assert isinstance(notice, DialogScene) and "tutorial progress" in notice.message
        assert "nested more than 32 levels" in notice.message
    finally:
        app.shutdown()


# -- saves ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("folder", "kind"), [("any", k) for k in EVERY_KIND] + [("saves", k) for k in SAVES])
def test_damaged_saves_are_listed_with_their_reason_and_kept_aside(folder: str, kind: str) -> None:
    path = slot_path(2)
    place(kind, path, folder)
    entry = bounded(lambda: read_entry(path))
    assert entry.loaded is None and entry.backup is None
    assert {**EVERY_KIND, **SAVES}[kind] in entry.error
    assert kept_aside(path) and entry.aside is not None
    assert str(path) in entry.damage_report()


@pytest.mark.parametrize("kind", ["nested_1000.json", "number_5000_digits.json", "options_players_list.json",
                                  "seats_too_few.json"])
def test_replay_verify_refuses_a_damaged_save_with_a_message(tmp_path: Path, kind: str) -> None:
    path = tmp_path / kind
    place(kind, path, "saves" if kind in SAVES else "any")
    result = subprocess.run([sys.executable, "-m", "game", "replay", str(path), "--verify"],
                            capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert str(path) in result.stderr and {**ANY_FILE, **SAVES}[kind] in result.stderr


def test_a_log_past_the_limit_is_refused_at_once_naming_the_limit(tmp_path: Path) -> None:
    payload = json.loads((FIXTURES / "saves" / "good.json").read_text(encoding="utf-8"))
    limit = rules_entry("magestone").max_actions
    payload["actions"] = [[0, "end"]] * (limit + 1)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    started = time.perf_counter()
    with pytest.raises(SaveError, match=f"over the limit of {limit:,} for magestone"):
        load_save(path)
    assert time.perf_counter() - started < 10, "refused before replaying anything"


def test_the_command_line_seat_kinds_and_selfplay_saves_load_as_seats(tmp_path: Path) -> None:
    payload = json.loads((FIXTURES / "saves" / "good.json").read_text(encoding="utf-8"))
    path = tmp_path / "cli.json"
    path.write_text(json.dumps({**payload, "seats": ["human", "ai:easy"]}), encoding="utf-8")
    assert load_save(path).seats == ["human/0/Player 1", "easy/1/Player 2"]
    path.write_text(json.dumps({**payload, "seats": ["human", "ai:godlike"]}), encoding="utf-8")
    with pytest.raises(SaveError, match="unknown AI level 'godlike'"):
        load_save(path)


def _continue(app: App) -> Any:
    """Press Continue (as the title does) and wait for the background load to finish."""
    continue_match(app)
    return finish_loading(app)


def test_continue_offers_the_last_good_copy_of_a_damaged_autosave(app: App) -> None:
    good = FIXTURES / "saves" / "good.json"
    path = autosave_path()
    shutil.copyfile(good, path.with_name(path.name + ".bak"))
    place("nested_1000.json", path)
    while isinstance(app.stack.top, DialogScene):
        app.stack.pop()
    dialog = _continue(app)
    assert isinstance(dialog, DialogScene) and dialog.title == "Autosave damaged"
    assert str(path) in dialog.message and "nested more than 32 levels" in dialog.message
    assert "last good copy" in dialog.message and kept_aside(path)
    assert dialog.confirm is not None
    dialog.confirm[1]()
    table = app.stack.top
    assert getattr(table, "controller", None) is not None
    assert table.controller.seats[1].name == "North"


def test_continue_without_a_good_copy_says_why_and_the_title_stays(app: App) -> None:
    place("seats_too_few.json", autosave_path(), "saves")
    while isinstance(app.stack.top, DialogScene):
        app.stack.pop()
    dialog = _continue(app)
    assert isinstance(dialog, DialogScene) and dialog.title == "Cannot open"
    assert "1 seats listed for a game of 2 players" in dialog.message
    app.stack.pop()
    assert type(app.stack.top).__name__ == "TitleScene"


def test_the_load_screen_lists_damaged_saves_beside_good_ones(user_dir: Path) -> None:
    shutil.copyfile(FIXTURES / "saves" / "good.json", slot_path(1))
    place("number_5000_digits.json", slot_path(2))
    place("fifo", slot_path(3))
    entries = {entry.title: entry for entry in bounded(list_saves)}
    assert entries["Slot 1"].loaded is not None
    assert "5,000 characters" in entries["Slot 2"].summary()
    assert "not a regular file" in entries["Slot 3"].summary()


def test_orphan_temp_files_of_interrupted_writes_are_removed(user_dir: Path) -> None:
    folder = autosave_path().parent
    old = [folder / f".autosave.json.{n}.tmp" for n in range(5)]
    for temp in old:
        temp.write_text("partial")
        os.utime(temp, (1, 1))
    fresh = folder / ".autosave.json.fresh.tmp"
    fresh.write_text("a write in progress")
    assert clean_orphan_temps(folder) == 5
    assert fresh.exists() and not any(temp.exists() for temp in old)


def test_saving_to_a_slot_that_is_a_link_never_copies_its_target(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("not yours")
    os.symlink(secret, slot_path(4))
    from game.rules.match import Match
    from game.rules.registry import new_game
    from game.storage.saves import write_save

    write_save(slot_path(4), Match(new_game("magestone", {"players": 2}), 1), ["human", "human"])
    assert not slot_path(4).is_symlink() and secret.read_text() == "not yours"
    assert not slot_path(4).with_name("slot-4.json.bak").exists()


# -- bundled data ---------------------------------------------------------------------------------------
@pytest.fixture
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the bundled files to damage (levels copied, assets linked)."""
    root = tmp_path / "bundle"
    shutil.copytree(REPO / "levels", root / "levels")
    os.symlink(REPO / "assets", root / "assets")
    monkeypatch.setenv(BUNDLE_ROOT_ENV, str(root))
    load_board.cache_clear()
    _bundled_piece_table.cache_clear()
    yield root
    load_board.cache_clear()
    _bundled_piece_table.cache_clear()


DATA = {
    ("levels/magestone/board.json", "board_wrong_size.json"): "board.json: size: must be 16",
    ("levels/magistrat/pieces.json", "pieces_unknown_kind.json"): "pieces.json: pieces.dragon: unknown kind",
    ("levels/magistrat/formations/classic.json", "formation_bad_cell.json"): "classic.json: king: 'zz9'",
    ("levels/tutorial/magestone/01_board.json", "lesson_bad_setup.json"): "01_board.json: setup",
}


@pytest.mark.parametrize(("target", "kind"), list(DATA))
def test_damaged_bundled_data_is_named_with_its_field(bundle: Path, target: str, kind: str) -> None:
    (bundle / target).unlink()
    place(kind, bundle / target, "data")
    problems = bundled_data_problems()
    assert any(DATA[target, kind] in problem for problem in problems), problems


@pytest.mark.parametrize("kind", ["latin1.json", "nested_1000.json", "number_5000_digits.json", "fifo"])
@pytest.mark.parametrize("target", ["levels/magestone/board.json", "levels/magistrat/pieces.json",
                                    "levels/tutorial/magistrat/02_moves.json", "levels/rules/magestone.json"])
def test_unreadable_bundled_data_names_the_file(bundle: Path, target: str, kind: str) -> None:
    (bundle / target).unlink()
    place(kind, bundle / target)
    problems = bounded(bundled_data_problems)
    assert any(Path(target).name in problem and EVERY_KIND[kind] in problem for problem in problems), problems


def test_a_lesson_whose_script_cannot_be_played_is_left_out_with_its_step(bundle: Path) -> None:
    target = bundle / "levels/tutorial/magestone/01_board.json"
    target.unlink()
    place("lesson_impossible_step.json", target, "data")
    lessons, problems = playable_lessons("magestone")
    assert "01_board" not in {lesson.id for lesson in lessons} and len(lessons) > 5
    assert any("01_board.json: step" in problem for problem in problems), problems


def test_a_broken_board_is_told_at_start_and_its_table_refuses_to_open(bundle: Path) -> None:
    target = bundle / "levels/magestone/board.json"
    target.unlink()
    place("board_wrong_size.json", target, "data")
    app = App(ClientOptions())
    try:
        app.start()
        notice = app.stack.top
        assert isinstance(notice, DialogScene) and "board.json: size" in notice.message
        app.stack.pop()
        new_match = NewMatchScene(app)
        app.stack.push(new_match)
        new_match._select("magestone")
        new_match._begin()
        refusal = app.stack.top
        assert isinstance(refusal, DialogScene) and "board.json: size: must be 16" in refusal.message
    finally:
        app.shutdown()


def test_smoke_passes_with_a_start_up_notice_showing(capsys: pytest.CaptureFixture[str]) -> None:
    place("latin1.json", settings_path())
    assert run_smoke(10, None) == 0
    assert "smoke: start-up notice: Your settings file was damaged" in capsys.readouterr().out


def test_smoke_names_a_broken_data_file_instead_of_crashing(
    bundle: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = bundle / "levels/magestone/board.json"
    target.unlink()
    place("board_wrong_size.json", target, "data")
    assert run_smoke(5, None) == 1
    assert "smoke: data problem:" in capsys.readouterr().err
