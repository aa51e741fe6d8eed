"""Tutorial progress under the user folder: completed lessons, runs to resume, tips already seen.

One small JSON file (``tutorial.json`` beside the settings), written atomically after every
change with a backup. A damaged file is set aside as ``tutorial.json.corrupt``, its backup used when
good (else progress starts afresh), and the player is told (never a crash).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.paths import settings_dir
from game.safe_json import Fields, FileProblem
from game.storage.atomic import write_json_atomic
from game.storage.userfiles import load_or_recover

FILE_NAME = "tutorial.json"
SCHEMA_VERSION = 1
MAX_BYTES = 1_000_000
"""Progress of every lesson with its saved run fits in a few kilobytes."""

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

    notice: str = ""
    """Set when the file was damaged: what the player is told (once, at start)."""

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        """Read the file; a missing one gives empty progress, a damaged one its backup or a fresh start
        (the damaged file kept aside and :attr:`notice` saying so)."""
        path = path or progress_path()
        recovered = load_or_recover(path, MAX_BYTES, parse_progress, "Your tutorial progress")
        progress = recovered.value or cls(path)
        progress.notice = recovered.notice
        return progress

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
            write_json_atomic(self.path, payload)
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


def _names(fields: Fields, document: Any, key: str) -> set[str]:
    names = fields.get(document, key, list) if key in document else []
    if not all(isinstance(name, str) for name in names):
        raise fields.fail(key, "must be a list of strings")
    return set(names)


def parse_progress(payload: Any, path: Path) -> Progress:
    """Validate a parsed ``tutorial.json``; raises FileProblem naming the file and the field."""
    fields = Fields(path)
    document = fields.object(payload)
    if fields.get(document, "schema_version", int) != SCHEMA_VERSION:
        raise FileProblem(path, f"schema version {document['schema_version']} is not supported "
                                f"(this version reads {SCHEMA_VERSION})")
    runs = fields.get(document, "runs", dict) if "runs" in document else {}
    for lesson_id, run in runs.items():
        fields.object(run, f"runs.{lesson_id}")
    return Progress(
        path,
        _names(fields, document, "completed"),
        _names(fields, document, "skipped"),
        {str(lesson_id): dict(run) for lesson_id, run in runs.items()},
        _names(fields, document, "tips_seen"),
    )
