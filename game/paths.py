"""Per-user folders for settings, saves and logs (platformdirs), overridable for tests."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "MageStone"
USER_ROOT_ENV = "MAGESTONE_USER_DIR"
"""If set, every user folder lives below this one (tests, portable installs)."""


def _folder(kind: str) -> Path:
    override = os.environ.get(USER_ROOT_ENV)
    if override:
        folder = Path(override) / kind
    elif kind == "settings":
        folder = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    elif kind == "logs":
        folder = Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    else:
        folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / kind
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def settings_dir() -> Path:
    """Folder of ``settings.json``."""
    return _folder("settings")


def saves_dir() -> Path:
    """Folder of save files and the autosave."""
    return _folder("saves")


def logs_dir() -> Path:
    """Folder of the rotating log and crash reports."""
    return _folder("logs")
