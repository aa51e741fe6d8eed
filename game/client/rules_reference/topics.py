"""Reference text as data: ``levels/rules/<game>.json``, validated on load.

Each topic has a title, the rulings section it explains (``ruling``; empty for table help),
paragraphs of rules in our own words, the rulings we made for open points, and an optional
diagram (a small grid, three stacked layers for MagiStrat, or a part of the game's own table) that
the game draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.resources import resource_path
from game.rules.registry import game_ids
from game.safe_json import FileProblem, load_data

TOKENS = {
    "mage",
    "priest",
    "warrior",
    "stone",
    "astone",
    "grave",
    "nexus",
    "king",
    "god",
    "archmage",
    "apprentice",
}
MARKS = {"base", "target", "reach", "nova", "safe", "nexus"}


def reference_games(folder: Path | None = None) -> tuple[str, ...]:
    """The registered games (rules registry order) that have a reference file, ``<game>.json``."""
    base = folder or resource_path("levels", "rules")
    return tuple(game for game in game_ids() if (base / f"{game}.json").exists())


class ReferenceError(ValueError):
    """A reference file is malformed; the message names file, topic and field."""


@dataclass(frozen=True)
class Topic:
    """One topic of the reference."""

    id: str
    title: str
    ruling: str
    paragraphs: tuple[str, ...]
    rulings: tuple[str, ...]
    diagram: Mapping[str, Any] | None


@dataclass(frozen=True)
class Reference:
    """One game's reference."""

    game: str
    title: str
    topics: tuple[Topic, ...]


def _cell(name: Any, width: int, height: int, where: str) -> None:
    if not (isinstance(name, str) and len(name) >= 2 and name[0].isalpha() and name[1:].isdigit()):
        raise ReferenceError(f"{where}: {name!r} is not a cell like 'b3'")
    x, y = ord(name[0]) - ord("a"), int(name[1:]) - 1
    if not (0 <= x < width and 0 <= y < height):
        raise ReferenceError(f"{where}: {name!r} is outside the {width}×{height} diagram")  # noqa: RUF001


def _grid(raw: Mapping[str, Any], width: int, height: int, where: str) -> None:
    for name, token in dict(raw.get("cells", {})).items():
        _cell(name, width, height, f"{where}.cells")
        if not isinstance(token, list) or not token or token[0] not in TOKENS:
            raise ReferenceError(
                f"{where}.cells.{name}: must be [token, seat?] with token in {sorted(TOKENS)}"
            )
    for name, mark in dict(raw.get("marks", {})).items():
        _cell(name, width, height, f"{where}.marks")
        if mark not in MARKS:
            raise ReferenceError(f"{where}.marks.{name}: unknown mark {mark!r}")
    for name in raw.get("path", []):
        _cell(name, width, height, f"{where}.path")


def _diagram(raw: Any, where: str) -> Mapping[str, Any] | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or not isinstance(raw.get("caption"), str):
        raise ReferenceError(f"{where}: must be an object with a caption")
    if "layers" in raw:
        layers = raw["layers"]
        if not isinstance(layers, list) or len(layers) != 3:
            raise ReferenceError(f"{where}.layers: must list the three layers, top first")
        for index, layer in enumerate(layers):
            _grid(layer, 8, 8, f"{where}.layers[{index}]")
    elif "grid" in raw:
        size = raw["grid"]
        if not (
            isinstance(size, list)
            and len(size) == 2
            and all(isinstance(v, int) and 1 <= v <= 16 for v in size)
        ):
            raise ReferenceError(f"{where}.grid: must be [width, height]")
        _grid(raw, size[0], size[1], where)
    elif "table" in raw:
        _table(raw, where)
    else:
        raise ReferenceError(f"{where}: needs 'grid', 'layers' or 'table'")
    return raw


TABLE_STEPS = 400
"""The most random actions a table diagram's position may be played on from the set-up."""


def _table(raw: Mapping[str, Any], where: str) -> None:
    """A part of the game's own table: ``{"table": part, "players": n, "seed": s, "steps": k}``, the
    position after the seeded set-up and ``k`` seeded random actions."""
    if not isinstance(raw["table"], str) or not raw["table"]:
        raise ReferenceError(f"{where}.table: must name a part of the table")
    for name, low, high in (("players", 2, 4), ("seed", 0, 2**31), ("steps", 0, TABLE_STEPS)):
        value = raw.get(name, low)
        if not (isinstance(value, int) and not isinstance(value, bool) and low <= value <= high):
            raise ReferenceError(f"{where}.{name}: must be a whole number from {low} to {high}")


def parse_reference(data: Any, source: str) -> Reference:
    """Validate one reference file's data."""
    if (
        not isinstance(data, Mapping)
        or data.get("game") not in game_ids()
        or not isinstance(data.get("topics"), list)
    ):
        raise ReferenceError(f"{source}: must be {{'game', 'title', 'topics': [...]}}")
    topics = []
    seen = set()
    for index, raw in enumerate(data["topics"]):
        where = f"{source}: topic {index + 1}"
        if not isinstance(raw, Mapping):
            raise ReferenceError(f"{where}: must be an object")
        for name in ("id", "title", "ruling", "paragraphs", "rulings"):
            if name not in raw:
                raise ReferenceError(f"{where}: {name}: missing")
        if raw["id"] in seen:
            raise ReferenceError(f"{where}: id: {raw['id']!r} is used twice")
        seen.add(raw["id"])
        for name in ("paragraphs", "rulings"):
            if not isinstance(raw[name], list) or not all(isinstance(p, str) and p for p in raw[name]):
                raise ReferenceError(f"{where} ({raw['id']}): {name}: must be a list of strings")
        topics.append(
            Topic(
                str(raw["id"]),
                str(raw["title"]),
                str(raw["ruling"]),
                tuple(raw["paragraphs"]),
                tuple(raw["rulings"]),
                _diagram(raw.get("diagram"), f"{where} ({raw['id']}): diagram"),
            )
        )
    return Reference(data["game"], str(data.get("title", data["game"])), tuple(topics))


def load_reference(game: str, folder: Path | None = None) -> Reference:
    """Read and validate ``levels/rules/<game>.json``."""
    path = (folder or resource_path("levels", "rules")) / f"{game}.json"
    try:
        data = load_data(path)
    except FileProblem as error:
        raise ReferenceError(f"{path.name}: {error.problem}") from None
    except OSError as error:
        raise ReferenceError(f"{path.name}: cannot be read ({error})") from None
    return parse_reference(data, path.name)
