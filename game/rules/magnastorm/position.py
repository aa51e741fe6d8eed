"""The Magnastorm position notation and JSON form of a state's fields (see docs/magnastorm-notation.md).

A position is ``magnastorm players=N start_area=A`` followed by ``name=value``
fields separated by single spaces, in the fixed order of ``FIELDS``. Lists of numbers are comma-separated; a
list of groups separates groups with commas and numbers in a group with dots (an
empty group is ``-``); text lists write an empty entry as ``-``; tasks are
``kind.actor.a.b.c``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.protocol import PositionError

FIELD_KINDS: dict[str, str] = {
    "phase": "s", "round": "i", "rotation": "i", "rep": "li", "ledger": "li", "cubes": "li",
    "supply": "li", "bag": "li", "lab_slots": "li", "station_slots": "li", "crew_home": "li",
    "markers_home": "li", "research": "li", "runner": "li", "space_owner": "li", "space_labs": "li",
    "station_owner": "li", "upper": "li", "lower": "lt", "admin": "ls", "admin_ctrl": "li", "rcmd": "ls",
    "rcmd_ctrl": "li", "objectives": "ls", "claims": "lt", "fp_holder": "i", "order": "li",
    "pass_order": "li", "pass_pos": "i", "end_triggered": "i", "turn": "li", "kim_used": "li",
    "start_used": "li", "drawn": "li", "ranking": "li", "artifacts_won": "li", "tasks": "tasks",
}
FIELDS: tuple[str, ...] = tuple(FIELD_KINDS)
PHASES = ("setup", "play", "over")
HEADER = "magnastorm"


def _encode(kind: str, value: Any) -> str:
    if kind in ("i", "s"):
        return str(value)
    if kind == "li":
        return ",".join(map(str, value))
    if kind == "ls":
        return ",".join(v or "-" for v in value)
    if kind == "lt":
        return ",".join(".".join(map(str, group)) if group else "-" for group in value)
    return ",".join(".".join(map(str, task)) for task in value)


def _int(text: str, name: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise PositionError(f"{name}: expected a number, got {text!r}") from None


def _decode(kind: str, text: str, name: str) -> Any:
    if kind == "i":
        return _int(text, name)
    if kind == "s":
        if name == "phase" and text not in PHASES:
            raise PositionError(f"phase: expected one of {', '.join(PHASES)}, got {text!r}")
        return text
    parts = text.split(",") if text else []
    if kind == "li":
        return [_int(p, name) for p in parts]
    if kind == "ls":
        return ["" if p == "-" else p for p in parts]
    if kind == "lt":
        return [() if p == "-" else tuple(_int(x, name) for x in p.split(".")) for p in parts]
    tasks = []
    for p in parts:
        bits = p.split(".")
        if len(bits) != 5 or not bits[0].isidentifier():
            raise PositionError(f"tasks: malformed task {p!r}")
        tasks.append((bits[0], *(_int(x, name) for x in bits[1:])))
    return tasks


SETUP_OPTIONS = ("players", "start_area")
"""Match options written into the position (the sizes of its fields depend on them)."""


def encode_position(options: Mapping[str, Any], values: Mapping[str, Any]) -> str:
    """The position text of a match's set-up options and a state's field values."""
    return " ".join([HEADER, *(f"{name}={options[name]}" for name in SETUP_OPTIONS),
                     *(f"{name}={_encode(FIELD_KINDS[name], values[name])}" for name in FIELDS)])


def decode_position(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The set-up options and field values of position text; raise ``PositionError`` naming the bad field."""
    if not isinstance(text, str):
        raise PositionError("a position is text")
    words = text.split(" ")
    if words[0] != HEADER:
        raise PositionError(f"a Magnastorm position starts with {HEADER!r}")
    head = len(SETUP_OPTIONS) + 1
    if len(words) - head != len(FIELDS):
        raise PositionError(f"expected {len(SETUP_OPTIONS)} options and {len(FIELDS)} fields, "
                            f"got {len(words) - 1} words")
    options: dict[str, Any] = {}
    for name, word in zip(SETUP_OPTIONS, words[1:head], strict=True):
        key, sep, value = word.partition("=")
        if key != name or not sep:
            raise PositionError(f"expected option {name!r}, got {word[:30]!r}")
        options[name] = _int(value, name)
    values: dict[str, Any] = {}
    for name, word in zip(FIELDS, words[head:], strict=True):
        key, sep, value = word.partition("=")
        if key != name or not sep:
            raise PositionError(f"expected field {name!r}, got {word[:30]!r}")
        values[name] = _decode(FIELD_KINDS[name], value, name)
    return options, values


def fields_to_json(values: Mapping[str, Any]) -> dict[str, Any]:
    """Plain JSON of the field values (tuples become lists)."""
    out: dict[str, Any] = {}
    for name in FIELDS:
        value = values[name]
        kind = FIELD_KINDS[name]
        out[name] = [list(v) for v in value] if kind in ("lt", "tasks") else \
            list(value) if isinstance(value, list) else value
    return out


def _ints(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in value)


def _valid(kind: str, name: str, value: Any) -> bool:
    """Whether a JSON value has the shape of a field of ``kind``."""
    if kind == "i":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "s":
        return isinstance(value, str) and (name != "phase" or value in PHASES)
    if kind == "li":
        return _ints(value)
    if kind == "ls":
        return isinstance(value, list) and all(isinstance(x, str) for x in value)
    if kind == "lt":
        return isinstance(value, list) and all(_ints(group) for group in value)
    return isinstance(value, list) and all(
        isinstance(t, list) and len(t) == 5 and isinstance(t[0], str) and _ints(t[1:]) for t in value)


def fields_from_json(data: Any) -> dict[str, Any]:
    """Field values from ``fields_to_json`` data, type-checked; raise ``PositionError``."""
    if not isinstance(data, Mapping):
        raise PositionError("fields: expected an object")
    values: dict[str, Any] = {}
    for name in FIELDS:
        if name not in data:
            raise PositionError(f"fields.{name}: missing")
        value = data[name]
        kind = FIELD_KINDS[name]
        if not _valid(kind, name, value):
            raise PositionError(f"fields.{name}: malformed value")
        values[name] = [tuple(v) for v in value] if kind in ("lt", "tasks") else \
            list(value) if isinstance(value, list) else value
    return values
