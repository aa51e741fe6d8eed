"""Scenario files (``levels/magnastorm/scenarios/*.json``): named positions for tests and lessons.

Format::

    {"name": "Opening, two players", "description": "...",
     "position": "magnastorm players=2 start_area=1 ...",
     "options": {"artifacts": [[...], [...]]}}      # optional: options the position does not carry

Errors raise ``PositionError`` naming the file, the field and the problem.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.resources import resource_path
from game.rules.magnastorm.state import MagnastormState
from game.rules.protocol import PositionError
from game.safe_json import FileProblem, load_data


def scenario_names() -> list[str]:
    """Names (file stems) of the bundled scenarios."""
    return sorted(p.stem for p in resource_path("levels", "magnastorm", "scenarios").glob("*.json"))


def parse_scenario(path: Path, data: Any) -> MagnastormState:
    """Validate scenario data read from ``path`` and build its state."""
    if not isinstance(data, dict):
        raise PositionError(f"{path.name}: expected a JSON object")
    for field in ("name", "position"):
        if not isinstance(data.get(field), str) or not data[field]:
            raise PositionError(f"{path.name}: {field}: expected a non-empty string")
    if not isinstance(data.get("description", ""), str):
        raise PositionError(f"{path.name}: description: expected a string")
    extra = sorted(set(data) - {"name", "description", "position", "options"})
    if extra:
        raise PositionError(f"{path.name}: {extra[0]}: unknown field")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise PositionError(f"{path.name}: options: expected an object")
    try:
        return MagnastormState.from_position(data["position"], options)
    except PositionError as exc:
        raise PositionError(f"{path.name}: position: {exc}") from exc


def load_scenario(name_or_path: str | Path) -> MagnastormState:
    """Load a bundled scenario by name, or any scenario file by path."""
    path = Path(name_or_path) if isinstance(name_or_path, Path) or str(name_or_path).endswith(".json") \
        else resource_path("levels", "magnastorm", "scenarios", f"{name_or_path}.json")
    try:
        data = load_data(path)
    except FileProblem as exc:
        raise PositionError(f"{path.name}: {exc.problem}") from None
    except OSError as exc:
        raise PositionError(f"{path.name}: cannot read: {exc}") from exc
    return parse_scenario(path, data)
