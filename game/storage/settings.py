"""Player settings: a small JSON file with a schema version, written atomically.

A file that cannot be read is logged, kept aside as ``settings.json.corrupt`` and replaced by
defaults; the loader then returns a notice naming the file, which the client shows once.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.paths import settings_dir
from game.storage.atomic import write_json_atomic

SCHEMA_VERSION = 1
FILE_NAME = "settings.json"
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
UI_SCALES = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the player can change in the settings screen."""

    music_volume: float = 0.6
    effects_volume: float = 0.8
    animation_speed: str = "normal"
    fullscreen: bool = False
    colour_blind: bool = False
    ui_scale: float = 1.0
    contextual_tips: bool = True
    """Explain a rule the first time it comes into play in a match."""
    handover_screen: bool = True
    """New matches hide the board between two human players' turns (each set-up may change it)."""
    confirm_attacks: bool = True
    """A MageStone attack or Bolt waits for a confirming click after its odds are shown."""

    def with_changes(self, **changes: Any) -> Settings:
        """A copy with some fields changed (values are validated like a loaded file)."""
        return _validated(replace(self, **changes))


def settings_path() -> Path:
    """Where the settings live (below ``MAGESTONE_USER_DIR`` when that is set)."""
    return settings_dir() / FILE_NAME


def _validated(settings: Settings) -> Settings:
    """Clamp volumes, snap the UI scale, and replace unknown choices by their defaults."""
    defaults = Settings()
    speed = (
        settings.animation_speed if settings.animation_speed in ANIMATION_SPEEDS else defaults.animation_speed
    )
    scale = min(UI_SCALES, key=lambda option: abs(option - float(settings.ui_scale)))
    return Settings(
        music_volume=min(1.0, max(0.0, float(settings.music_volume))),
        effects_volume=min(1.0, max(0.0, float(settings.effects_volume))),
        animation_speed=speed,
        fullscreen=bool(settings.fullscreen),
        colour_blind=bool(settings.colour_blind),
        ui_scale=scale,
        contextual_tips=bool(settings.contextual_tips),
        handover_screen=bool(settings.handover_screen),
        confirm_attacks=bool(settings.confirm_attacks),
    )


def _from_payload(payload: Any) -> Settings:
    """Build settings from parsed JSON; raises ValueError when it is not a settings object."""
    if not isinstance(payload, dict) or not isinstance(payload.get("schema_version"), int):
        raise ValueError("not a settings object with a schema_version")
    defaults = asdict(Settings())
    values: dict[str, Any] = {}
    for field in fields(Settings):
        value = payload.get(field.name, defaults[field.name])
        expected = type(defaults[field.name])
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, expected) or (expected is not bool and isinstance(value, bool)):
            log.warning("settings: %s has the wrong type (%r); using the default", field.name, value)
            value = defaults[field.name]
        values[field.name] = value
    return _validated(Settings(**values))


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Read the settings; returns ``(settings, notice)``.

    ``notice`` is None normally; when the file was unreadable it names the file and says it was
    reset, and the file has been rewritten with defaults (the bad one is kept as ``.corrupt``).
    A missing file just gives the defaults.
    """
    path = path or settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        log.warning("settings: cannot read %s (%s); using defaults", path, error)
        return Settings(), f"Your settings file could not be read, so the defaults are in use:\n{path}"
    try:
        return _from_payload(json.loads(text)), None
    except (ValueError, TypeError) as error:
        log.warning("settings: %s is corrupt (%s); replaced by defaults", path, error)
        try:
            os.replace(path, path.with_name(path.name + ".corrupt"))
        except OSError:
            log.exception("settings: could not keep the corrupt file aside")
        settings = Settings()
        save_settings(settings, path)
        return settings, (
            f"Your settings file was damaged and has been reset to the defaults:\n{path}\n"
            f"(the damaged copy is kept beside it as {path.name}.corrupt)"
        )


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; a failure is logged, never raised (settings are not worth a crash)."""
    path = path or settings_path()
    payload = {"schema_version": SCHEMA_VERSION, **asdict(settings)}
    try:
        write_json_atomic(path, payload, keep_backup=False)
    except OSError:
        log.exception("settings: could not write %s", path)
