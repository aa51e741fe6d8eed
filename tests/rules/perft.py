"""Perft for any game of the protocol: counts of action sequences, and their per-action breakdown."""

from __future__ import annotations

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
