"""Evaluation weights kept as data: ``levels/ai/<game>.json``, read through the hardened JSON reader.

A file holds named weight sets, each a subset of the game's ``Weights`` fields (a field left out keeps
the dataclass default)::

    {"schema": 1, "weights": {"default": {}, "hard": {"home_pull": 0.12, ...}, "hard-ref": {...}}}

``tools/tune_weights.py`` screens candidate sets in the arena and writes the one adopted here
(docs/ai.md, "Tuning"). A damaged file raises :class:`~game.safe_json.FileProblem` naming the file and
the field at fault, like every bundled data file.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from game.resources import resource_path
from game.safe_json import Fields, FileProblem, load_data

SCHEMA = 1
W = TypeVar("W")


def weights_path(game_id: str) -> Path:
    """The bundled weights file of ``game_id``."""
    return resource_path("levels", "ai", f"{game_id}.json")


@cache
def _sets(path: Path) -> Mapping[str, Mapping[str, Any]]:
    fields = Fields(path)
    document = fields.object(load_data(path))
    if fields.get(document, "schema", int) != SCHEMA:
        raise fields.fail("schema", f"must be {SCHEMA}")
    sets = fields.object(fields.get(document, "weights", dict), "weights")
    return {name: fields.object(values, f"weights.{name}") for name, values in sets.items()}


def parse_weights(kind: type[W], values: Mapping[str, Any], path: Path, where: str) -> W:
    """``kind`` (a ``Weights`` dataclass) from ``values``; unknown fields and wrong types are refused."""
    fields = Fields(path)
    known = {field.name: field for field in dataclasses.fields(kind)}  # type: ignore[arg-type]
    chosen: dict[str, Any] = {}
    for name in values:
        if name not in known:
            raise fields.fail(f"{where}.{name}", f"is not a weight of {kind.__name__}")
        number = int if known[name].type in (int, "int") else float
        chosen[name] = fields.get(values, name, number, f"{where}.{name}")
    return kind(**chosen)


def parse_overrides(kind: type[Any], text: str) -> dict[str, float]:
    """``"a=1,b=0.5"`` as ``{"a": 1.0, "b": 0.5}`` (the tools' command-line weight changes); a name that is
    not a field of ``kind`` (a ``Weights`` dataclass) or a value that is no number raises ``ValueError``
    naming it."""
    known = {field.name for field in dataclasses.fields(kind)}
    overrides = {}
    for part in filter(None, text.split(",")):
        name, _, value = (piece.strip() for piece in part.partition("="))
        if name not in known:
            raise ValueError(f"{name!r} is not a weight of {kind.__name__}")
        try:
            overrides[name] = float(value)
        except ValueError:
            raise ValueError(f"{part!r}: the value is not a number") from None
    return overrides


def load_weights(game_id: str, name: str, kind: type[W], path: Path | None = None) -> W:
    """The weight set ``name`` of ``game_id`` (from ``path``, default the bundled file)."""
    file = path or weights_path(game_id)
    sets = _sets(file)
    if name not in sets:
        raise FileProblem(file, f"no weight set {name!r} (has {', '.join(sorted(sets))})")
    return parse_weights(kind, sets[name], file, f"weights.{name}")


def save_weights(game_id: str, name: str, weights: Any, path: Path | None = None) -> Path:
    """Write ``weights`` as set ``name`` into ``game_id``'s file (the fields that differ from the defaults),
    keeping its other sets; returns the file written."""
    file = path or weights_path(game_id)
    document: dict[str, Any] = {"schema": SCHEMA, "weights": {}}
    if file.exists():
        document = {"schema": SCHEMA, "weights": {key: dict(value) for key, value in _sets(file).items()}}
    defaults = type(weights)()
    document["weights"][name] = {
        field.name: getattr(weights, field.name) for field in dataclasses.fields(weights)
        if getattr(weights, field.name) != getattr(defaults, field.name)}
    file.parent.mkdir(parents=True, exist_ok=True)
    temporary = file.with_suffix(".tmp")
    temporary.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    temporary.replace(file)
    _sets.cache_clear()
    return file
