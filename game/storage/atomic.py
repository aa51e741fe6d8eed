"""Crash-safe file writes: temp file in the same folder, fsync, os.replace, keep a .bak."""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Any


def write_bytes_atomic(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Replace ``path`` with ``data`` so a crash leaves either the old or the new file.

    The previous file, if any, is kept as ``<name>.bak``.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as temp_file:
            temp_file.write(data)
            temp_file.flush()
            os.fsync(temp_file.fileno())
        if keep_backup:
            _copy_to_backup(path)
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _copy_to_backup(path: Path) -> None:
    """Copy ``path`` to ``<name>.bak`` atomically; ``path`` itself stays in place throughout.

    Only a regular file is copied: a symbolic link (or anything else) in its place is never followed.
    """
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return
        source = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return
    backup = path.with_name(path.name + ".bak")
    handle, temp_name = tempfile.mkstemp(prefix=f".{backup.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(source, "rb") as reader, os.fdopen(handle, "wb") as writer:
            shutil.copyfileobj(reader, writer)
        os.replace(temp_name, backup)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def write_json_atomic(path: Path, payload: Any, keep_backup: bool = True) -> None:
    """Write ``payload`` as pretty UTF-8 JSON, atomically."""
    text = json.dumps(payload, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
    write_bytes_atomic(path, text.encode("utf-8"), keep_backup)


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable where the platform allows opening folders."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
