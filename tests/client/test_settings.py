"""Settings survive a restart, clamp bad values, and a corrupt file falls back to defaults with a notice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.storage.settings import SCHEMA_VERSION, Settings, load_settings, save_settings, settings_path


def test_a_missing_file_gives_defaults_without_a_notice() -> None:
    assert load_settings() == (Settings(), None)


def test_saved_settings_are_read_back_by_a_new_process(user_dir: Path) -> None:
    chosen = Settings(
        music_volume=0.25,
        effects_volume=0.5,
        animation_speed="instant",
        fullscreen=True,
        colour_blind=True,
        ui_scale=1.15,
    )
    save_settings(chosen)
    payload = json.loads(settings_path().read_text(encoding="utf-8"))
    assert payload["schema_version"] == SCHEMA_VERSION
    script = "from game.storage.settings import load_settings; s, n = load_settings(); print(repr(s), n)"
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "MAGESTONE_USER_DIR": str(user_dir)},
    ).stdout
    assert out.strip() == f"{chosen!r} None"


def test_out_of_range_and_unknown_values_are_repaired_field_by_field() -> None:
    settings_path().write_text(
        json.dumps(
            {
                "schema_version": 1,
                "music_volume": 7,
                "effects_volume": -1,
                "animation_speed": "ludicrous",
                "fullscreen": "yes",
                "colour_blind": True,
                "ui_scale": 1.2,
            }
        ),
        encoding="utf-8",
    )
    settings, notice = load_settings()
    assert notice is None
    assert settings == Settings(
        music_volume=1.0,
        effects_volume=0.0,
        animation_speed="normal",
        fullscreen=False,
        colour_blind=True,
        ui_scale=1.15,
    )


def test_a_corrupt_file_is_kept_aside_replaced_by_defaults_and_named_in_a_notice() -> None:
    path = settings_path()
    path.write_text("{ this is not json", encoding="utf-8")
    settings, notice = load_settings()
    assert settings == Settings()
    assert notice is not None and str(path) in notice
    assert path.with_name("settings.json.corrupt").read_text(encoding="utf-8") == "{ this is not json"
    assert json.loads(path.read_text(encoding="utf-8"))["schema_version"] == SCHEMA_VERSION
    assert load_settings() == (Settings(), None), "the notice comes only once"


def test_a_json_value_that_is_not_a_settings_object_counts_as_corrupt() -> None:
    settings_path().write_text("[1, 2, 3]", encoding="utf-8")
    settings, notice = load_settings()
    assert settings == Settings() and notice is not None
