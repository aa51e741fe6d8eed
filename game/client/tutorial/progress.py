"""Tutorial progress under the user folder: completed lessons, runs to resume, tips already seen.

One small JSON file (``tutorial.json`` beside the settings), written atomically after every
change. An unreadable file is set aside and progress starts afresh (never a crash).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.paths import settings_dir
from game.storage.atomic import write_json_atomic

FILE_NAME = "tutorial.json"
SCHEMA_VERSION = 1

log = logging.getLogger(__name__)


def progress_path() -> Path:
    """Where tutorial progress lives."""
    return settings_dir() / FILE_NAME


@dataclass
class Progress:
    """What the learner has done: completed lessons, skipped ones, saved runs, seen tips."""

    path: Path
    completed: set[str] = field(default_factory=set)
    skipped: set[str] = field(default_factory=set)
    runs: dict[str, dict[str, Any]] = field(default_factory=dict)
    tips_seen: set[str] = field(default_factory=set)

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        """Read the file; a missing or damaged one gives empty progress."""
        path = path or progress_path()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
                raise ValueError("not a tutorial progress file")
            return cls(
                path,
                set(map(str, data.get("completed", []))),
                set(map(str, data.get("skipped", []))),
                {str(k): dict(v) for k, v in dict(data.get("runs", {})).items()},
                set(map(str, data.get("tips_seen", []))),
            )
        except FileNotFoundError:
            return cls(path)
        except (OSError, ValueError, TypeError, AttributeError) as error:
            log.warning("tutorial progress %s unreadable (%s); starting afresh", path, error)
            with contextlib.suppress(OSError):
                os.replace(path, path.with_name(path.name + ".corrupt"))
            return cls(path)

    def save(self) -> None:
        """Write atomically; a failure is logged, never raised."""
        payload = {
            "schema_version": SCHEMA_VERSION,
            "completed": sorted(self.completed),
            "skipped": sorted(self.skipped),
            "runs": self.runs,
            "tips_seen": sorted(self.tips_seen),
        }
        try:
            write_json_atomic(self.path, payload, keep_backup=False)
        except OSError:
            log.exception("could not save tutorial progress to %s", self.path)

    def status(self, lesson_id: str) -> str:
        """``"completed"``, ``"in progress"``, ``"skipped"`` or ``"new"``."""
        if lesson_id in self.completed:
            return "completed"
        if lesson_id in self.runs:
            return "in progress"
        if lesson_id in self.skipped:
            return "skipped"
        return "new"

    def save_run(self, lesson_id: str, snapshot: dict[str, Any]) -> None:
        """Remember where a lesson stands, to resume it."""
        self.runs[lesson_id] = snapshot
        self.save()

    def complete(self, lesson_id: str) -> None:
        """Mark a lesson completed (and forget its saved run)."""
        self.completed.add(lesson_id)
        self.skipped.discard(lesson_id)
        self.runs.pop(lesson_id, None)
        self.save()

    def skip(self, lesson_id: str) -> None:
        """Mark a lesson skipped (not completed)."""
        if lesson_id not in self.completed:
            self.skipped.add(lesson_id)
        self.runs.pop(lesson_id, None)
        self.save()

    def forget_run(self, lesson_id: str) -> None:
        """Drop a saved run (restart from scratch)."""
        if self.runs.pop(lesson_id, None) is not None:
            self.save()

    def see_tip(self, tip_id: str) -> None:
        """Remember that a contextual tip was shown."""
        self.tips_seen.add(tip_id)
        self.save()
