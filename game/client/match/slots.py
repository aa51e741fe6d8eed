"""Save slots: listing every save in the saves folder, readable or not, and naming slot files."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.client.match.controller import AUTOSAVE_NAME
from game.client.match.games import game_client
from game.client.match.seats import seats_from_texts
from game.paths import saves_dir
from game.storage.saves import LoadedSave, SaveError, load_save

SLOT_COUNT = 6


def slot_path(index: int) -> Path:
    """The file of manual save slot ``index`` (1-based)."""
    return saves_dir() / f"slot-{index}.json"


def replay_path() -> Path:
    """A new file name for a finished game's replay."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return saves_dir() / f"replay-{stamp}.json"


@dataclass
class SaveEntry:
    """One save file: its match when readable, else the reason it is not."""

    path: Path
    loaded: LoadedSave | None
    error: str

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

    def summary(self) -> str:
        """Game, players, progress and date in one line; the reason when unreadable."""
        if self.loaded is None:
            return f"Unreadable: {self.error}"
        state = self.loaded.match.state
        client = game_client(state.game_id)
        game = client.title if client else state.game_id
        names = ", ".join(
            seat.name + (" (AI)" if seat.is_ai else "") for seat in seats_from_texts(self.loaded.seats)
        )
        status = "finished" if state.is_terminal() else f"{len(self.loaded.match.log)} actions"
        when = self.loaded.saved_at.replace("T", " ")[:16]
        return f"{game} · {names} · {status} · {when}"


def read_entry(path: Path) -> SaveEntry:
    """Load one save for the list (verified replay), keeping the error text if it fails."""
    try:
        return SaveEntry(path, load_save(path), "")
    except SaveError as error:
        reason = str(error)
        prefix = f"{path}: "
        return SaveEntry(path, None, reason[len(prefix) :] if reason.startswith(prefix) else reason)


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """Every ``*.json`` save: the autosave first, then slots, then replays and others by name."""
    folder = folder or saves_dir()
    paths = sorted(
        folder.glob("*.json"), key=lambda p: (p.name != AUTOSAVE_NAME, not p.stem.startswith("slot-"), p.name)
    )
    return [read_entry(path) for path in paths]
