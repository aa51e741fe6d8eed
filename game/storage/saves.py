"""Save files: JSON with format name, schema version, seats, seed and the action log.

Loading re-applies every logged action from a fresh state, so a save is
verified by construction; the recorded final hash detects tampering.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import __version__
from game.rules.match import Match
from game.rules.protocol import RulesError
from game.rules.registry import GAME_IDS, new_game
from game.storage.atomic import write_json_atomic

SAVE_FORMAT = "magestone-save"
SCHEMA_VERSION = 1


class SaveError(Exception):
    """A save file could not be read; the message names the file and the problem."""


@dataclass
class LoadedSave:
    """A save file's match, replayed, with its seat descriptions."""

    match: Match
    seats: list[str]
    recorded_hash: str
    saved_at: str


def save_payload(match: Match, seats: list[str]) -> dict[str, Any]:
    """The JSON document describing ``match``."""
    return {
        "format": SAVE_FORMAT,
        "schema": SCHEMA_VERSION,
        "app_version": __version__,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "game": match.state.game_id,
        "options": match.state.options(),
        "seats": list(seats),
        "seed": match.seed,
        "actions": [entry.to_json() for entry in match.log],
        "final_hash": match.state.state_hash(),
    }


def write_save(path: Path, match: Match, seats: list[str]) -> None:
    """Write ``match`` to ``path`` atomically (the previous file is kept as .bak)."""
    write_json_atomic(path, save_payload(match, seats))


def _require(payload: dict[str, Any], key: str, kind: type | tuple[type, ...], path: Path) -> Any:
    if key not in payload:
        raise SaveError(f"{path}: missing field {key!r}")
    value = payload[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise SaveError(f"{path}: field {key!r} has the wrong type ({type(value).__name__})")
    return value


def read_payload(path: Path) -> dict[str, Any]:
    """Read and parse a save file's JSON, with errors that name the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"{path}: cannot be read ({error})") from None
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"{path}: not valid JSON (line {error.lineno}, column {error.colno}: "
                        f"{error.msg}); the file may be truncated") from None
    if not isinstance(payload, dict):
        raise SaveError(f"{path}: expected a JSON object at the top level")
    return payload


def replay_payload(payload: dict[str, Any], path: Path) -> LoadedSave:
    """Validate a parsed save document and re-apply its action log."""
    if payload.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a MageStone save file (format is {payload.get('format')!r})")
    schema = _require(payload, "schema", int, path)
    if schema != SCHEMA_VERSION:
        raise SaveError(f"{path}: save schema version {schema} is not supported "
                        f"(this version reads {SCHEMA_VERSION})")
    game_id = _require(payload, "game", str, path)
    if game_id not in GAME_IDS:
        raise SaveError(f"{path}: unknown game {game_id!r}")
    options = _require(payload, "options", dict, path)
    seats = _require(payload, "seats", list, path)
    seed = _require(payload, "seed", int, path)
    actions = _require(payload, "actions", list, path)
    recorded_hash = _require(payload, "final_hash", str, path)
    try:
        match = Match(new_game(game_id, options), seed)
    except (RulesError, ValueError) as error:
        raise SaveError(f"{path}: invalid options {options!r}: {error}") from None
    for index, entry in enumerate(actions):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                or not isinstance(entry[1], str)):
            raise SaveError(f"{path}: actions[{index}] should be [actor, notation], got {entry!r}")
        try:
            match.apply_logged(entry[0], entry[1])
        except RulesError as error:
            raise SaveError(f"{path}: actions[{index}] {entry[1]!r} cannot be replayed: {error}") from None
    return LoadedSave(match, [str(seat) for seat in seats], recorded_hash, str(payload.get("saved_at", "")))


def load_save(path: Path, verify: bool = True) -> LoadedSave:
    """Load and replay a save; with ``verify`` the final state must match the recorded hash."""
    loaded = replay_payload(read_payload(path), path)
    if verify and loaded.match.state.state_hash() != loaded.recorded_hash:
        raise SaveError(f"{path}: the replayed final state differs from the recorded one "
                        f"(hash {loaded.match.state.state_hash()} != {loaded.recorded_hash}); "
                        "the file was altered or written by an incompatible version")
    return loaded


