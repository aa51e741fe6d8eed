"""Player settings: a small JSON file with a schema version, written atomically.

A file that cannot be read is logged, kept aside as ``settings.json.corrupt`` and replaced by its
backup (``settings.json.bak``) when that is good, else by defaults; the loader then returns a notice
naming the file and what was wrong, which the client shows once.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.paths import settings_dir
from game.safe_json import Fields, FileProblem
from game.storage.atomic import write_json_atomic
from game.storage.userfiles import load_or_recover

SCHEMA_VERSION = 1
FILE_NAME = "settings.json"
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
UI_SCALES = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5)
MAX_BYTES = 64_000
"""A settings file is a few hundred bytes; anything past this is not ours."""
MAX_SETUP_GAMES = 8
"""Set-up memories kept (one per game; more is not ours)."""

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
    setups: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    """The last match set-up chosen for each game (by game id): players, levels, colours, formation...
    Each set-up screen checks every value it reads back and ignores what it does not know."""

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
        setups={
            game: dict(choices)
            for game, choices in list(dict(settings.setups).items())[:MAX_SETUP_GAMES]
            if isinstance(game, str) and isinstance(choices, dict)
        },
    )


def _from_payload(payload: Any, path: Path) -> Settings:
    """Build settings from parsed JSON; a wrong field gets its default, a wrong document raises."""
    document = Fields(path).object(payload)
    version = Fields(path).get(document, "schema_version", int)
    if version > SCHEMA_VERSION:
        raise FileProblem(path, f"was written by a newer MageStone (schema {version}; this one reads "
                                f"{SCHEMA_VERSION})")
    defaults = asdict(Settings())
    values: dict[str, Any] = {}
    for field in fields(Settings):
        value = document.get(field.name, defaults[field.name])
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

    ``notice`` is None normally. A damaged file is kept aside as ``settings.json.corrupt`` and its
    backup used when good (else the defaults, written back); the notice names the file and what
    was wrong. A missing file just gives the defaults.
    """
    path = path or settings_path()
    recovered = load_or_recover(path, MAX_BYTES, _from_payload, "Your settings")
    if recovered.value is None and recovered.notice:
        save_settings(Settings(), path)
    return recovered.value or Settings(), recovered.notice or None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; a failure is logged, never raised (settings are not worth a crash)."""
    path = path or settings_path()
    payload = {"schema_version": SCHEMA_VERSION, **asdict(settings)}
    try:
        write_json_atomic(path, payload)
    except OSError:
        log.exception("settings: could not write %s", path)
