"""MagiStrat material over a few plies: what a move wins or loses in potential, by brute force.

Not an evaluation for play (the levels use :mod:`game.ai.magistrat_eval`): a plain yardstick for
checking them and for screening set-ups, and Hard's last look for a move that gives material away
(:func:`slip_guard`). Material is a side's potential on the cube less the other
side's, Kings included; a won game counts as +inf, a lost one -inf. The last ply looked at is the
mover's best attack or God-power move (:func:`~game.ai.magistrat_eval.is_tactical`), or standing pat.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from game.ai.base import ScoredAction
from game.ai.magistrat_eval import is_tactical
from game.rules.protocol import GameState

SLIP = 40.0
"""Giving this much potential (or more) within three plies (:func:`material_change`) is a slip."""
GUARD_CANDIDATES = 64
"""How many of the best-ranked moves :func:`slip_guard` looks at, at most."""
GUARD_MARGIN = 0.15
"""How far below the best move's value (in the search's units) a move may score and still replace a slip."""
GUARD_SECONDS = 0.4
"""Under a time cap, the think time the search leaves to :func:`slip_guard`."""


def material(state: GameState, side: int) -> float:
    """``side``'s potential on the cube less the other side's, Kings included (+-inf: a decided game)."""
    if state.is_terminal():
        result = state.returns()[side]
        return math.inf if result > 0 else -math.inf if result < 0 else 0.0
    s: Any = state
    owner: list[int] = s.owner
    return float(sum(left if owner[pid] == side else -left for pid, left in enumerate(s.rem)))


def best_tactical_answer(state: GameState, side: int) -> float:
    """``side`` (to move) stands pat or plays its best attack or God-power move: the material after."""
    if state.is_terminal():
        return material(state, side)
    best = material(state, side)
    for move in state.legal_actions():
        if is_tactical(state, move):
            state.apply(move)
            best = max(best, material(state, side))
            state.undo()
    return best


def _after_best_reply(state: GameState, side: int, floor: float = -math.inf,
                      refutations: Sequence[Any] = ()) -> tuple[float, Any]:
    """``side`` just moved: the material after the other side's best reply and ``side``'s best tactical
    answer, and that reply. Stops at ``floor`` or below (the caller has something as good already); the
    ``refutations`` of sibling moves are tried first, then the replies that take material, as they are the
    likeliest to get there."""
    if state.is_terminal():
        return material(state, side), None
    worst, best_reply = math.inf, None
    known = {reply: index for index, reply in enumerate(refutations)}
    for reply in sorted(state.legal_actions(),
                        key=lambda reply: (known.get(reply, len(known)), not is_tactical(state, reply))):
        state.apply(reply)
        after = best_tactical_answer(state, side)
        state.undo()
        if after < worst:
            worst, best_reply = after, reply
        if worst <= floor:
            break
    return worst, best_reply


def material_change(state: GameState, move: Any, floor: float = -math.inf) -> float:
    """What the side to move gains in material by ``move``, the other side's best reply and its own best
    tactical answer (three plies). At ``floor`` or below the search stops: the value is then only known
    to be no more than ``floor``."""
    return _material_change(state, move, floor)[0]


def _material_change(state: GameState, move: Any, floor: float = -math.inf,
                     refutations: Sequence[Any] = ()) -> tuple[float, Any]:
    """:func:`material_change` and the other side's best reply (``refutations`` tried first)."""
    side = state.current_player()
    before = material(state, side)
    state.apply(move)
    try:
        after, reply = _after_best_reply(state, side, before + floor, refutations)
        return after - before, reply
    finally:
        state.undo()


def best_first_move_gain(state: GameState) -> float:
    """The most the side to move can gain in material by one move, against the best reply (three plies
    as :func:`material_change`); moves that take material are tried first, so the rest are cut short."""
    side = state.current_player()
    before = material(state, side)
    moves = sorted(state.legal_actions(), key=lambda move: not is_tactical(state, move))
    best = -math.inf
    for move in moves:
        state.apply(move)
        best = max(best, _after_best_reply(state, side, best)[0])
        state.undo()
    return best - before


def slip_guard(state: GameState, ranked: list[ScoredAction],
               deadline: float | None = None) -> list[ScoredAction]:
    """``ranked``, with another move put first when the first gives a slip's worth of material within three
    plies (:func:`material_change`): the best-ranked move close in value that gives less than a slip and a
    slip less than the first. With a ``deadline`` (``time.perf_counter()``) it looks at no further move
    once that has passed.

    A careful player's last look for a hanging piece: the search that ranked the moves completes two or
    three plies, so a steal one ply beyond it goes unseen; this check sees it (docs/ai.md). The replies that
    took material from the moves looked at are tried first on the next, so a move they refute costs little.
    """
    first = ranked[0]
    given, refutation = _material_change(state, first.action)
    if given > -SLIP:
        return ranked
    needed = max(-SLIP, given + SLIP)
    refutations = [refutation]
    for index, other in enumerate(ranked[1:GUARD_CANDIDATES], start=1):
        out_of_time = deadline is not None and time.perf_counter() >= deadline
        if out_of_time or other.value < first.value - GUARD_MARGIN:
            break
        change, refutation = _material_change(state, other.action, needed, refutations)
        if change > needed:
            return [other, *ranked[:index], *ranked[index + 1:]]
        if refutation in refutations:
            refutations.remove(refutation)
        refutations.insert(0, refutation)
    return ranked
