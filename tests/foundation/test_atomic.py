"""Atomic writes leave either the old or the new file, never a torn one."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.storage import atomic
from game.storage.atomic import write_json_atomic


def test_write_creates_file_and_keeps_backup(tmp_path: Path) -> None:
    target = tmp_path / "nested" / "save.json"
    write_json_atomic(target, {"turn": 1})
    write_json_atomic(target, {"turn": 2})
    assert json.loads(target.read_text()) == {"turn": 2}
    assert json.loads((tmp_path / "nested" / "save.json.bak").read_text()) == {"turn": 1}


def test_crash_during_write_leaves_previous_file_intact(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "autosave.json"
    write_json_atomic(target, {"turn": 1})

    def crash_in_fsync(_descriptor: int) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(atomic.os, "fsync", crash_in_fsync)
    with pytest.raises(OSError, match="power cut"):
        write_json_atomic(target, {"turn": 2})
    assert json.loads(target.read_text()) == {"turn": 1}
    assert [path.name for path in tmp_path.iterdir()] == ["autosave.json"], "temp file left behind"


def test_crash_before_rename_keeps_old_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "settings.json"
    write_json_atomic(target, {"volume": 1})
    real_replace = os.replace

    def refuse_final_rename(source: str | Path, destination: str | Path) -> None:
        if Path(destination) == target:
            raise OSError("disk full")
        real_replace(source, destination)

    monkeypatch.setattr(atomic.os, "replace", refuse_final_rename)
    with pytest.raises(OSError, match="disk full"):
        write_json_atomic(target, {"volume": 2})
    assert json.loads(target.read_text()) == {"volume": 1}
