"""An arena's record file: each finished game's outcome, so a long arena survives being stopped.

JSON lines: the first holds the arena's settings (``{"arena": {...}}``), each
later one a finished game (``{"game": 12, "outcome": "a", "goes": 311, "cut": false}``: its length
in goes and whether the go limit cut it; older files lack the two, and read without them). An arena
run with ``keep_logs`` adds each game's options and action log (``"options": {...}, "log": [[seat,
action], ...]``, as a save file has them), so a game can be replayed and studied without playing it
again. Game ``g`` of an arena is the same game whenever it is played (seeded by its index), so a run
started again with the same settings plays only the games the file lacks; a
file written by other settings is refused. Each line is flushed to disk as its
game ends; a last line cut short by a crash is dropped. The file knows the
arena's settings, not the bots' code: after changing a level, start a new file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

OUTCOMES = ("a", "b", "d")


@dataclass(frozen=True)
class GameRecord:
    """One finished arena game: ``a``/``b``/``d``, its length in goes, and whether the go limit cut it
    (None when a record file written before lengths were kept does not say); with ``keep_logs``, the
    game's options and action log (``(seat, action)`` pairs, seat -1 for a chance outcome)."""

    outcome: str
    goes: int | None = None
    cut: bool | None = None
    options: Mapping[str, Any] | None = None
    log: tuple[tuple[int, str], ...] | None = None


class ArenaRecordError(ValueError):
    """The record file cannot be used: it names the file, the line and the problem."""


class ArenaRecord:
    """The outcomes already in ``path`` (created with ``settings`` when missing) and appending to it."""

    def __init__(self, path: Path, settings: Mapping[str, Any]) -> None:
        self.path = path
        self.settings = json.loads(json.dumps(dict(settings)))  # as it reads back from the file
        self.games: dict[int, GameRecord] = {}
        if path.exists():
            self._read()
        else:
            self._append({"arena": self.settings})

    @classmethod
    def read(cls, path: Path) -> ArenaRecord:
        """The record in ``path`` with the settings its own arena wrote (to study a run, not to resume it)."""
        settings = _parse(path, _text(path).split("\n", 1)[0], 1).get("arena")
        if not isinstance(settings, dict):
            raise ArenaRecordError(f"{path}: line 1: expected the arena settings, {{\"arena\": {{...}}}}")
        return cls(path, settings)

    @property
    def outcomes(self) -> dict[int, str]:
        """The outcome (``a``, ``b`` or ``d``) of each game recorded."""
        return {game: played.outcome for game, played in self.games.items()}

    def add(self, game: int, played: GameRecord) -> None:
        """Record that game ``game`` was played (its outcome, and its length when known)."""
        self.games[game] = played
        entry: dict[str, Any] = {"game": game, "outcome": played.outcome}
        if played.goes is not None:
            entry["goes"] = played.goes
        if played.cut is not None:
            entry["cut"] = played.cut
        if played.options is not None and played.log is not None:
            entry["options"] = dict(played.options)
            entry["log"] = [list(pair) for pair in played.log]
        self._append(entry)

    def _read(self) -> None:
        text = _text(self.path)
        lines = text.split("\n")
        if lines and lines[-1] and not text.endswith("\n"):
            # The last game's line was being written when the run stopped: drop it.
            self.path.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
        lines = lines[:-1]  # complete lines only
        if not lines:
            raise ArenaRecordError(f"{self.path}: empty; expected the arena settings on line 1")
        first = _parse(self.path, lines[0], 1)
        if first.get("arena") != self.settings:
            raise ArenaRecordError(
                f"{self.path}: line 1: written by an arena with other settings {first.get('arena')!r}; "
                f"this one is {self.settings!r} (use another file)")
        for number, line in enumerate(lines[1:], start=2):
            entry = _parse(self.path, line, number)
            game, outcome = entry.get("game"), entry.get("outcome")
            goes, cut = entry.get("goes"), entry.get("cut")
            count = goes is None or (isinstance(goes, int) and not isinstance(goes, bool) and goes >= 0)
            if (not isinstance(game, int) or game < 0 or outcome not in OUTCOMES or not count
                    or not (cut is None or isinstance(cut, bool))):
                raise ArenaRecordError(f"{self.path}: line {number}: expected "
                                       f'{{"game": <index>, "outcome": "a"|"b"|"d", "goes": <count>, '
                                       f'"cut": true|false}} (the last two optional), got {line!r}')
            options, log = entry.get("options"), entry.get("log")
            kept: tuple[Mapping[str, Any] | None, tuple[tuple[int, str], ...] | None] = (None, None)
            if options is not None or log is not None:
                if not isinstance(options, dict) or not _is_log(log):
                    raise ArenaRecordError(f"{self.path}: line {number}: a game's kept log needs "
                                           f'"options": {{...}} and "log": [[<seat>, "<action>"], ...]')
                kept = (options, tuple((seat, text) for seat, text in log))
            self.games[game] = GameRecord(outcome, goes, cut, *kept)

    def _append(self, entry: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(entry) + "\n")
            file.flush()
            os.fsync(file.fileno())


def _text(path: Path) -> str:
    """The record file's text; a file that is not UTF-8 is an :class:`ArenaRecordError`."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ArenaRecordError(f"{path}: not UTF-8 text (byte {error.start})") from None


def _parse(path: Path, line: str, number: int) -> dict[str, Any]:
    """Line ``number`` of the record file as a JSON object."""
    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        raise ArenaRecordError(f"{path}: line {number}: not JSON ({error.msg})") from None
    if not isinstance(value, dict):
        raise ArenaRecordError(f"{path}: line {number}: expected a JSON object")
    return value


def _is_log(value: Any) -> TypeGuard[list[list[Any]]]:
    """``value`` is a list of ``[seat, action text]`` pairs (seat -1: a chance outcome)."""
    return isinstance(value, list) and all(
        isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int)
        and not isinstance(pair[0], bool) and isinstance(pair[1], str) for pair in value)
