"""Reading the player's own files: damaged ones are set aside and their backup used where it is good.

Every user file (settings, tutorial progress, saves, crash reports) is read through
:func:`game.safe_json.load_json` and a validator; :func:`load_or_recover` adds the policy for
files the game rewrites by itself (settings, tutorial progress): a damaged file is moved aside
as ``<name>.corrupt``, its ``.bak`` is used when that is good, and the player gets one notice
naming the file and what was wrong. :func:`clean_orphan_temps` removes what interrupted writes
left behind.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.safe_json import FileProblem, decode_utf8, load_json, parse_json, read_bounded
from game.storage.atomic import write_bytes_atomic

T = TypeVar("T")
CORRUPT_SUFFIX = ".corrupt"
TEMP_GRACE_SECONDS = 60.0
"""A temp file younger than this may belong to a write in progress (another instance)."""

log = logging.getLogger(__name__)


def backup_path(path: Path) -> Path:
    """Where :func:`~game.storage.atomic.write_bytes_atomic` keeps the previous copy of ``path``."""
    return path.with_name(path.name + ".bak")


def set_aside(path: Path) -> Path | None:
    """Move a damaged file (or link) to ``<name>.corrupt`` (numbered if taken); None if it could not be."""
    target = path.with_name(path.name + CORRUPT_SUFFIX)
    number = 2
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}{CORRUPT_SUFFIX}-{number}")
        number += 1
    try:
        os.replace(path, target)
    except OSError:
        log.exception("could not move the damaged file %s aside", path)
        return None
    log.warning("damaged file %s moved aside to %s", path, target.name)
    return target


def read_valid(path: Path, max_bytes: int, validate: Callable[[Any, Path], T]) -> T:
    """Read ``path`` through the hardened reader and validate it (FileNotFoundError or FileProblem)."""
    return validate(load_json(path, max_bytes), path)


@dataclass
class Recovered(Generic[T]):
    """What :func:`load_or_recover` found: the value (None: start afresh) and a notice for the player."""

    value: T | None
    notice: str = ""


def load_or_recover(
    path: Path, max_bytes: int, validate: Callable[[Any, Path], T], what: str
) -> Recovered[T]:
    """Load ``path``; when damaged, set it aside and fall back on a good backup (restored in its place).

    ``what`` names the file for the player ("Your settings"). A missing file is no problem.
    """
    try:
        return Recovered(read_valid(path, max_bytes, validate))
    except FileNotFoundError:
        return Recovered(None)
    except FileProblem as problem:
        damage = problem.problem
    log.warning("%s: %s", path, damage)
    aside = set_aside(path)
    kept = f"The damaged file is kept as {aside.name}." if aside else "The damaged file could not be moved."
    backup = backup_path(path)
    try:
        data = read_bounded(backup, max_bytes)
        value = validate(parse_json(decode_utf8(data, backup), backup), backup)
    except (FileNotFoundError, FileProblem):
        return Recovered(None, f"{what} file was damaged and has been reset:\n{path}\n"
                               f"What is wrong: {damage}.\n{kept}")
    try:
        write_bytes_atomic(path, data, keep_backup=False)
    except OSError:
        log.exception("could not restore %s from its backup", path)
    return Recovered(value, f"{what} file was damaged, so its last good copy is in use:\n{path}\n"
                            f"What is wrong: {damage}.\n{kept}")


def clean_orphan_temps(folder: Path) -> int:
    """Delete temp files of interrupted atomic writes (``.<name>.*.tmp``); returns how many."""
    removed = 0
    now = time.time()
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return 0
    for temp in candidates:
        try:
            info = temp.lstat()
            if now - info.st_mtime > TEMP_GRACE_SECONDS:
                temp.unlink()
                removed += 1
        except OSError:
            continue
    if removed:
        log.info("removed %d temp files of interrupted writes in %s", removed, folder)
    return removed
