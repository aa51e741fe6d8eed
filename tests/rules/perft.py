"""Perft for any game of the protocol: counts of action sequences, and their per-action breakdown."""

from __future__ import annotations

from typing import Any

from game.rules.protocol import GameState


def perft(state: GameState, depth: int) -> int:
    """Number of action sequences of length ``depth`` (a terminal state ends a sequence and counts 0)."""
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        state.apply(action)
        total += perft(state, depth - 1)
        state.undo()
    return total


def divide(state: GameState, depth: int) -> dict[str, int]:
    """Perft of ``depth - 1`` below each legal action (printed on a mismatch)."""
    counts: dict[str, int] = {}
    for action in state.legal_actions():
        state.apply(action)
        counts[str(action)] = perft(state, depth - 1)
        state.undo()
    return counts


def check_perft(state: GameState, data: dict[str, Any], label: str) -> None:
    """Check ``state`` against perft data (``divide_depth``, ``divide``, ``depths``); show a breakdown."""
    import pytest

    depth = data["divide_depth"]
    found = divide(state, depth)
    if found != data["divide"]:
        lines = [f"{action}: expected {data['divide'].get(action)}, found {found.get(action)}"
                 for action in sorted(set(found) | set(data["divide"]))
                 if found.get(action) != data["divide"].get(action)]
        pytest.fail(f"{label}: perft({depth}) breakdown differs:\n" + "\n".join(lines))
    for text, expected in data["depths"].items():
        assert perft(state, int(text)) == expected, f"{label}: perft({text})"
