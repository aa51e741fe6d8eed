"""MagiStrat: the three-layer strategy game of the Ereldars (rules engine, stdlib only).

``new_game(options)`` returns a ``MagiStratState``; see ``options`` for the
options and docs/magistrat-notation.md for the action and position notation.
"""

from __future__ import annotations

from game.rules.magistrat.actions import PASS, Action, Move, Pass, Place, move, parse_action, place
from game.rules.magistrat.data import DataFileError, PieceTable, load_formation, load_piece_table
from game.rules.magistrat.options import normalise_options
from game.rules.magistrat.scenarios import load_scenario, scenario_names
from game.rules.magistrat.start import new_game
from game.rules.magistrat.state import MagiStratState, PieceView, Preview

__all__ = [
    "PASS",
    "Action",
    "DataFileError",
    "MagiStratState",
    "Move",
    "Pass",
    "PieceTable",
    "PieceView",
    "Place",
    "Preview",
    "load_formation",
    "load_piece_table",
    "load_scenario",
    "move",
    "new_game",
    "normalise_options",
    "parse_action",
    "place",
    "scenario_names",
]
