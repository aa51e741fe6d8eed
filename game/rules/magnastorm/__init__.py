"""Magnastorm: worker placement on a storm-swept planet, for 2-4 players (rules engine, stdlib only).

``new_game(options)`` returns a ``MagnastormState`` at its first chance node; see
``options`` for the match options and docs/magnastorm-notation.md for the notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.magnastorm.actions import Action, parse_action
from game.rules.magnastorm.data import Content, DataFileError, bundled_content, load_content
from game.rules.magnastorm.options import normalise_options
from game.rules.magnastorm.scenarios import load_scenario, scenario_names
from game.rules.magnastorm.state import MagnastormState


def new_game(options: Mapping[str, Any] | None = None) -> MagnastormState:
    """A new Magnastorm game (options: see ``game.rules.magnastorm.options``)."""
    return MagnastormState.new(options or {})


__all__ = [
    "Action",
    "Content",
    "DataFileError",
    "MagnastormState",
    "bundled_content",
    "load_content",
    "load_scenario",
    "new_game",
    "normalise_options",
    "parse_action",
    "scenario_names",
]
