"""MagiStrat data files under ``levels/magistrat/``: piece numbers and preset formations.

Every loader validates what it reads and raises ``DataFileError`` naming the
file, the field and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.resources import resource_path
from game.rules.magistrat.board import (
    ARCHMAGE,
    CELL_INDEX,
    DIVINE,
    GOD,
    GROUND,
    HIGH,
    KIND_NAMES,
    KING,
    PRIEST,
    WHITE,
    home_ranks,
    layer_of,
    rank_of,
)
from game.rules.protocol import RulesError
from game.safe_json import FileProblem, load_data


class DataFileError(RulesError):
    """A bundled MagiStrat data file is malformed (message names file, field and problem)."""


@dataclass(frozen=True)
class PieceTable:
    """Full potential and attack percent of each kind (index by kind; the God has neither)."""

    potential: tuple[int, ...]
    attack_percent: tuple[int, ...]

    def full(self, kind: int, quality: int) -> int:
        """Full potential of a piece of ``kind`` in a set of ``quality`` percent (rounded down)."""
        return self.potential[kind] * quality // 100


def _read_json(path: Path) -> Any:
    try:
        return load_data(path)
    except FileProblem as exc:
        raise DataFileError(str(exc)) from None
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read: {exc}") from exc


def _int_field(path: Path, where: str, value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DataFileError(f"{path}: {where}: expected an integer in {low}..{high}, got {value!r}")
    return value


def parse_piece_table(path: Path, data: Any) -> PieceTable:
    """Validate the content of a ``pieces.json`` file."""
    if not isinstance(data, dict) or not isinstance(data.get("pieces"), dict):
        raise DataFileError(f"{path}: pieces: expected an object with one entry per kind")
    pieces = data["pieces"]
    unknown = sorted(set(pieces) - set(KIND_NAMES))
    if unknown:
        raise DataFileError(f"{path}: pieces.{unknown[0]}: unknown kind (expected {', '.join(KIND_NAMES)})")
    potential: list[int] = []
    percent: list[int] = []
    for kind, name in enumerate(KIND_NAMES):
        entry = pieces.get(name)
        if not isinstance(entry, dict):
            raise DataFileError(f"{path}: pieces.{name}: missing (expected an object)")
        if kind == GOD:
            if entry:
                raise DataFileError(f"{path}: pieces.god: the God has no potential or attack; expected {{}}")
            potential.append(0)
            percent.append(0)
            continue
        for field in ("potential", "attack_percent"):
            if field not in entry:
                raise DataFileError(f"{path}: pieces.{name}.{field}: missing")
        extra = sorted(set(entry) - {"potential", "attack_percent"})
        if extra:
            raise DataFileError(f"{path}: pieces.{name}.{extra[0]}: unknown field")
        potential.append(_int_field(path, f"pieces.{name}.potential", entry["potential"], 1, 100_000))
        percent.append(_int_field(path, f"pieces.{name}.attack_percent", entry["attack_percent"], 0, 100))
    return PieceTable(tuple(potential), tuple(percent))


def load_piece_table(path: Path | None = None) -> PieceTable:
    """Load and validate ``pieces.json`` (the bundled one by default)."""
    if path is None:
        return _bundled_piece_table()
    return parse_piece_table(path, _read_json(path))


@lru_cache(maxsize=1)
def _bundled_piece_table() -> PieceTable:
    path = resource_path("levels", "magistrat", "pieces.json")
    return parse_piece_table(path, _read_json(path))


@dataclass(frozen=True)
class Formation:
    """A preset placement for one side, written from White's seat (Black's is the mirror)."""

    name: str
    description: str
    placements: dict[int, tuple[int, ...]]
    """Cells per kind (KING, PRIEST, ARCHMAGE, GOD) in placement order."""


_FORMATION_FIELDS = (("king", KING, 1), ("priests", PRIEST, 4), ("archmages", ARCHMAGE, 5), ("gods", GOD, 4))


def _zone_ok(kind: int, cell: int) -> bool:
    if kind == GOD:
        return layer_of(cell) == DIVINE
    layers = (HIGH,) if kind == KING else (GROUND, HIGH)
    return layer_of(cell) in layers and rank_of(cell) in home_ranks(WHITE) and not (
        layer_of(cell) == GROUND and rank_of(cell) < 2
    )


def parse_formation(path: Path, data: Any) -> Formation:
    """Validate the content of a formation file."""
    if not isinstance(data, dict):
        raise DataFileError(f"{path}: expected a JSON object")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise DataFileError(f"{path}: name: expected a non-empty string")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise DataFileError(f"{path}: description: expected a string")
    placements: dict[int, tuple[int, ...]] = {}
    seen: set[int] = set()
    for field, kind, count in _FORMATION_FIELDS:
        raw = data.get(field)
        values = [raw] if field == "king" else raw
        if not isinstance(values, list) or len(values) != count:
            raise DataFileError(f"{path}: {field}: expected {count} cell name(s)")
        cells: list[int] = []
        for i, text in enumerate(values):
            where = field if field == "king" else f"{field}[{i}]"
            cell = CELL_INDEX.get(text) if isinstance(text, str) else None
            if cell is None:
                raise DataFileError(f"{path}: {where}: {text!r} is not a cell name like 'hd1'")
            if not _zone_ok(kind, cell):
                raise DataFileError(f"{path}: {where}: {text} is outside the "
                                    f"{KIND_NAMES[kind]}'s set-up zone")
            if cell in seen:
                raise DataFileError(f"{path}: {where}: {text} is used twice")
            seen.add(cell)
            cells.append(cell)
        placements[kind] = tuple(cells)
    return Formation(name, description, placements)


def formation_names() -> list[str]:
    """Names of the bundled preset formations."""
    folder = resource_path("levels", "magistrat", "formations")
    return sorted(p.stem for p in folder.glob("*.json"))


def load_formation(name: str) -> Formation:
    """Load a bundled preset formation by file stem."""
    if name not in formation_names():
        raise DataFileError(f"unknown formation {name!r}; expected one of {', '.join(formation_names())}")
    path = resource_path("levels", "magistrat", "formations", f"{name}.json")
    return parse_formation(path, _read_json(path))


def read_json_file(path: Path) -> Any:
    """Read a JSON file, raising ``DataFileError`` with the file and line on failure."""
    return _read_json(path)
