"""Scenario files (``levels/magistrat/scenarios/*.json``): a named position plus options.

Format::

    {"name": "Drop-out", "description": "...", "position": "<position notation>",
     "options": {"no_progress_limit": 100}}     # options optional

Errors raise ``PositionError`` naming the file, the field and the problem.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.resources import resource_path
from game.rules.magistrat.data import DataFileError, read_json_file
from game.rules.magistrat.options import normalise_options
from game.rules.magistrat.state import MagiStratState
from game.rules.protocol import PositionError


def scenario_names() -> list[str]:
    """Names (file stems) of the bundled scenarios."""
    return sorted(p.stem for p in resource_path("levels", "magistrat", "scenarios").glob("*.json"))


def scenario_path(name: str) -> Path:
    """Path of a bundled scenario."""
    return resource_path("levels", "magistrat", "scenarios", f"{name}.json")


def parse_scenario(path: Path, data: Any) -> MagiStratState:
    """Validate scenario data read from ``path`` and build its state."""
    if not isinstance(data, dict):
        raise PositionError(f"{path}: expected a JSON object")
    for field in ("name", "position"):
        if not isinstance(data.get(field), str) or not data[field]:
            raise PositionError(f"{path}: {field}: expected a non-empty string")
    if not isinstance(data.get("description", ""), str):
        raise PositionError(f"{path}: description: expected a string")
    extra = sorted(set(data) - {"name", "description", "position", "options"})
    if extra:
        raise PositionError(f"{path}: {extra[0]}: unknown field")
    raw_options = data.get("options", {})
    if not isinstance(raw_options, dict):
        raise PositionError(f"{path}: options: expected an object")
    try:
        options = normalise_options(raw_options)
    except ValueError as exc:
        raise PositionError(f"{path}: options: {exc}") from exc
    try:
        return MagiStratState.from_position(data["position"], options)
    except PositionError as exc:
        raise PositionError(f"{path}: position: {exc}") from exc


def load_scenario(name_or_path: str | Path) -> MagiStratState:
    """Load a bundled scenario by name, or any scenario file by path."""
    path = Path(name_or_path) if isinstance(name_or_path, Path) or name_or_path.endswith(".json") \
        else scenario_path(name_or_path)
    try:
        data = read_json_file(path)
    except DataFileError as exc:
        raise PositionError(str(exc)) from exc
    return parse_scenario(path, data)
