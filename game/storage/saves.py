"""Save files: JSON with format name, schema version, the player's name for the save, seats, seed
and the action log.

Loading re-applies every logged action from a fresh state, so a save is
verified by construction; the recorded final hash detects tampering. Older schema versions are
migrated on reading (schema 1 had no name); a newer one is refused with a clear message.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import __version__
from game.diagnostics import CRASH_TITLE, MAX_REPORT_BYTES, saved_match_text
from game.rules.match import Match
from game.rules.protocol import RulesError
from game.rules.registry import game_ids, new_game, rules_entry
from game.safe_json import Fields, FileProblem, decode_utf8, parse_json, read_bounded
from game.storage.atomic import write_json_atomic
from game.storage.seats import SeatError, parse_seats

SAVE_FORMAT = "magestone-save"
SCHEMA_VERSION = 2
"""2 added ``name`` (schema 1 files read as unnamed)."""
MAX_NAME_CHARS = 80
"""Longest save name kept (the save screen types at most 40; a longer hand-edited one is cut)."""
MAX_SAVE_BYTES = MAX_REPORT_BYTES
"""Largest save (or crash report holding one) read: 5 MB; a MageStone game at its action limit takes
under 1 MB."""


class SaveError(Exception):
    """A save file could not be read; the message names the file and the problem."""


@dataclass
class LoadedSave:
    """A save file's match, replayed, with its seat descriptions."""

    match: Match
    seats: list[str]
    recorded_hash: str
    saved_at: str
    name: str = ""
    """What the player called this save ('' when unnamed: the list builds a name from the game)."""


def save_payload(match: Match, seats: list[str], name: str = "") -> dict[str, Any]:
    """The JSON document describing ``match`` (saved as ``name``)."""
    return {
        "format": SAVE_FORMAT,
        "schema": SCHEMA_VERSION,
        "app_version": __version__,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "name": name[:MAX_NAME_CHARS],
        "game": match.state.game_id,
        "options": match.state.options(),
        "seats": list(seats),
        "seed": match.seed,
        "actions": [entry.to_json() for entry in match.log],
        "final_hash": match.state.state_hash(),
    }


def write_save(path: Path, match: Match, seats: list[str], name: str = "") -> None:
    """Write ``match`` to ``path`` atomically as ``name`` (the previous file is kept as .bak)."""
    write_json_atomic(path, save_payload(match, seats, name))


def read_payload(path: Path) -> dict[str, Any]:
    """Read and parse a save file's JSON (or the match in a crash report) through the hardened reader,
    with errors that name the file."""
    try:
        data = read_bounded(path, MAX_SAVE_BYTES)
        report = data.startswith(CRASH_TITLE.encode())
        text = decode_utf8(data, path)
        return dict(Fields(path).object(parse_json(saved_match_text(text, path) if report else text, path)))
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except FileProblem as problem:
        raise SaveError(str(problem)) from None


def replay_payload(payload: dict[str, Any], path: Path) -> LoadedSave:
    """Validate a parsed save document (every field, the seats against the game, the limits) and
    re-apply its action log."""
    try:
        return _replay(payload, path)
    except FileProblem as problem:
        raise SaveError(str(problem)) from None
    except SeatError as problem:
        raise SaveError(f"{path}: seats: {problem}") from None


def _replay(payload: dict[str, Any], path: Path) -> LoadedSave:
    fields = Fields(path)
    if payload.get("format") != SAVE_FORMAT:
        raise FileProblem(path, f"not a MageStone save file (format is {str(payload.get('format'))[:40]!r})")
    schema = fields.get(payload, "schema", int)
    if schema > SCHEMA_VERSION:
        raise FileProblem(path, f"save schema version {schema} is not supported: a newer MageStone "
                                f"wrote it (this version reads 1 to {SCHEMA_VERSION})")
    if schema < 1:
        raise FileProblem(path, f"save schema version {schema} is not supported "
                                f"(this version reads 1 to {SCHEMA_VERSION})")
    payload = migrated(payload, schema)
    name = fields.get(payload, "name", str)[:MAX_NAME_CHARS]
    game_id = fields.get(payload, "game", str)
    if game_id not in game_ids():
        raise FileProblem(path, f"unknown game {game_id[:40]!r}")
    options = fields.get(payload, "options", dict)
    seat_texts = fields.get(payload, "seats", list)
    seed = fields.get(payload, "seed", int)
    actions = fields.get(payload, "actions", list)
    recorded_hash = fields.get(payload, "final_hash", str)
    limit = rules_entry(game_id).max_actions  # each game's own (the registry says why)
    if len(actions) > limit:
        raise FileProblem(path, f"holds {len(actions):,} actions, over the limit of {limit:,} for {game_id}")
    try:
        match = Match(new_game(game_id, options), seed)
    except (RulesError, ValueError, TypeError, KeyError) as error:
        raise FileProblem(path, f"field 'options' is not valid for {game_id}: {error}") from None
    seats = parse_seats(seat_texts, match.state.num_players)
    for index, entry in enumerate(actions):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                or isinstance(entry[0], bool) or not isinstance(entry[1], str)):
            raise FileProblem(path, f"actions[{index}] should be [actor, notation], got {str(entry)[:60]}")
        try:
            match.apply_logged(entry[0], entry[1])
        except (RulesError, ValueError, IndexError) as error:
            raise FileProblem(path, f"actions[{index}] {entry[1][:40]!r} cannot be replayed: {error}"
                              ) from None
    saved_at = payload.get("saved_at", "")
    return LoadedSave(match, [seat.to_text() for seat in seats], recorded_hash,
                      saved_at if isinstance(saved_at, str) else "", name)


def migrated(payload: dict[str, Any], schema: int) -> dict[str, Any]:
    """A save document of an older ``schema`` brought to the current one (a copy; the file on disk
    is rewritten in the current schema the next time that match is saved)."""
    if schema == 1:
        payload = {**payload, "schema": 2, "name": ""}  # schema 1 saves had no name
    return payload


def load_save(path: Path, verify: bool = True) -> LoadedSave:
    """Load and replay a save; with ``verify`` the final state must match the recorded hash."""
    loaded = replay_payload(read_payload(path), path)
    if verify and loaded.match.state.state_hash() != loaded.recorded_hash:
        raise SaveError(f"{path}: the replayed final state differs from the recorded one "
                        f"(hash {loaded.match.state.state_hash()} != {loaded.recorded_hash}); "
                        "the file was altered or written by an incompatible version")
    return loaded


