"""MageStone rules (2 or 4 players): the state, its actions and notation.

``new_game({"players": 2 | 4, "first_seat": "S", "go_limit": None})`` starts a
match; see ``docs/magestone-notation.md`` for the action and position notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.rules.magestone.actions import (
    Action,
    Attack,
    Bolt,
    DiceOutcome,
    DiceRoll,
    EndGo,
    Fall,
    Move,
    UnitAction,
)
from game.rules.magestone.board import Board, load_board
from game.rules.magestone.position import load_scenario_file
from game.rules.magestone.state import MageStoneState
from game.rules.protocol import PositionError

__all__ = ["Action", "Attack", "Board", "Bolt", "DiceOutcome", "DiceRoll", "EndGo", "Fall", "MageStoneState",
           "Move", "UnitAction", "load_board", "load_scenario", "new_game"]

_OPTIONS = {"players", "first_seat", "go_limit"}


def new_game(options: Mapping[str, Any] | None = None) -> MageStoneState:
    """A new MageStone game; options: players (2 or 4), first_seat (default "S"), go_limit (None)."""
    opts = dict(options or {})
    unknown = sorted(set(opts) - _OPTIONS)
    if unknown:
        raise PositionError(f"options: {unknown[0]}: unknown option")
    return MageStoneState.new(opts.get("players", 2), opts.get("first_seat", "S"), opts.get("go_limit"))


def load_scenario(path: str | Path, options: Mapping[str, Any] | None = None) -> MageStoneState:
    """The state described by a scenario JSON file; ``PositionError`` names file, field and problem."""
    data = load_scenario_file(load_board(), path)
    return MageStoneState.from_scenario(data, str(path), options)
