"""Perft: count action sequences to a depth (terminal states have no continuations)."""

from __future__ import annotations

from game.rules.magistrat import MagiStratState


def perft(state: MagiStratState, depth: int) -> int:
    """Number of leaf states ``depth`` actions below ``state``."""
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


def divide(state: MagiStratState, depth: int) -> dict[str, int]:
    """Perft below each legal action (the per-action breakdown printed on a mismatch)."""
    counts: dict[str, int] = {}
    for action in state.legal_actions():
        state.apply(action)
        counts[str(action)] = perft(state, depth - 1)
        state.undo()
    return counts
