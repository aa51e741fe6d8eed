"""Save slots: listing every save in the saves folder, readable or not (a damaged one set aside with
its last good copy offered), naming slot files, and the names players see for their saves (typed,
or built from the game, the players, the go or turn and the date)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.client.match.controller import AUTOSAVE_NAME
from game.client.match.games import game_client
from game.client.match.seats import Seat, seats_from_texts
from game.paths import saves_dir
from game.rules.match import Match
from game.storage.saves import MAX_NAME_CHARS, LoadedSave, SaveError, load_save
from game.storage.userfiles import backup_path, set_aside

SLOT_COUNT = 6
NAME_LENGTH = 40
"""The longest name typed for a save."""


def slot_path(index: int) -> Path:
    """The file of manual save slot ``index`` (1-based)."""
    return saves_dir() / f"slot-{index}.json"


def replay_path() -> Path:
    """A new file name for a finished game's replay."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return saves_dir() / f"replay-{stamp}.json"


@dataclass
class SaveEntry:
    """One save file: its match when readable, else the reason it is not and its last good copy."""

    path: Path
    loaded: LoadedSave | None
    error: str
    backup: LoadedSave | None = None
    """The ``.bak`` copy's match, read only when the file itself is damaged or gone."""
    aside: Path | None = None
    """Where the damaged file was moved (``<name>.corrupt``)."""

    @property
    def title(self) -> str:
        """ "Autosave", "Slot 3", "Replay 20261129-154500" or the file name."""
        stem = self.path.stem
        if self.path.name == AUTOSAVE_NAME:
            return "Autosave"
        if stem.startswith("slot-"):
            return f"Slot {stem[5:]}"
        if stem.startswith("replay-"):
            return f"Replay {stem[7:]}"
        return stem

    @property
    def name(self) -> str:
        """The save's name: as typed when saved, else built from its match ('' when unreadable)."""
        loaded = self.playable
        if loaded is None:
            return ""
        return loaded.name or default_name(loaded.match, seats_from_texts(loaded.seats), _saved_at(loaded))

    @property
    def playable(self) -> LoadedSave | None:
        """The match to open: the file's own, else its backup's (None when neither is good)."""
        return self.loaded or self.backup

    @property
    def playable_path(self) -> Path:
        """The file :attr:`playable` comes from."""
        return self.path if self.loaded is not None else backup_path(self.path)

    def summary(self) -> str:
        """Game, players, progress and date in one line; the reason (and the backup) when damaged."""
        if self.loaded is not None:
            return describe(self.loaded)
        if self.backup is not None:
            damage = f"Damaged ({self.error})" if self.error else "Only its last good copy is left"
            return f"{damage} · {describe(self.backup)}"
        return f"Damaged: {self.error}" if self.error else "Missing"

    def damage_report(self) -> str:
        """For a dialog: the file, what is wrong and where it was put."""
        kept = f"\nThe damaged file is kept as {self.aside.name}." if self.aside is not None else ""
        return f"{self.path}\nWhat is wrong: {self.error or 'the file is missing'}.{kept}"


def describe(loaded: LoadedSave) -> str:
    """Game, players, progress and date of a loaded save, in one line."""
    state = loaded.match.state
    names = ", ".join(seat.name + (" (AI)" if seat.is_ai else "") for seat in seats_from_texts(loaded.seats))
    status = "finished" if state.is_terminal() else progress(loaded.match)
    saved = _saved_at(loaded)
    when = f"{saved:%Y-%m-%d %H:%M}" if saved else "date unknown"
    return f"{game_title(state.game_id)} · {names} · {status} · {when}"


def game_title(game_id: str) -> str:
    """The game's name as players read it ("MagiStrat")."""
    client = game_client(game_id)
    return client.title if client else game_id


def progress(match: Match) -> str:
    """How far ``match`` has got, in its game's words ("go 12", "turn 31", "set-up")."""
    client = game_client(match.state.game_id)
    return client.progress(match) if client else f"{len(match.log)} actions"


def default_name(match: Match, seats: Sequence[Seat], when: datetime | None) -> str:
    """A save's name when none was typed: "MageStone: Anna vs North, go 12, 2 Dec 2026"."""
    names = (" vs " if len(seats) == 2 else ", ").join(seat.name for seat in seats)
    status = "finished" if match.state.is_terminal() else progress(match)
    date = f", {when.day} {when:%b %Y}" if when else ""
    return f"{game_title(match.state.game_id)}: {names}, {status}{date}"[:MAX_NAME_CHARS]


def _saved_at(loaded: LoadedSave) -> datetime | None:
    """When the save was written, in local time (None when the file does not say)."""
    try:
        return datetime.fromisoformat(loaded.saved_at).astimezone()
    except ValueError:
        return None


def _short(error: SaveError, path: Path) -> str:
    reason, prefix = str(error), f"{path}: "
    return reason[len(prefix):] if reason.startswith(prefix) else reason


def read_entry(path: Path) -> SaveEntry:
    """Load one save (verified replay); a damaged one is set aside and its backup read instead."""
    loaded, error, aside = None, "", None
    if os.path.lexists(path):
        try:
            loaded = load_save(path)
        except SaveError as problem:
            error = _short(problem, path)
            aside = set_aside(path)
    backup = None
    if loaded is None:
        try:
            backup = load_save(backup_path(path))
        except SaveError:
            backup = None
    return SaveEntry(path, loaded, error, backup, aside)


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """Every save (``*.json``, or a ``.bak`` left alone): the autosave first, then slots, then others."""
    folder = folder or saves_dir()
    paths = {path for path in folder.glob("*.json")}
    paths |= {path.with_suffix("") for path in folder.glob("*.json.bak")}
    ordered = sorted(paths, key=lambda p: (p.name != AUTOSAVE_NAME, not p.stem.startswith("slot-"), p.name))
    return [entry for entry in map(read_entry, ordered) if entry.loaded or entry.backup or entry.error]
