"""Helpers of the MageStone AI tests: positions from text and a level's whole go with seeded dice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai import make_bot
from game.rules.protocol import GameState


def position(text: str) -> GameState:
    """The MageStone position of ``text`` (position notation)."""
    module = pytest.importorskip("game.rules.magestone")
    state: GameState = module.MageStoneState.from_position(text)
    return state


def play_whole_go(state: GameState, level: str, seed: int) -> list[tuple[Any, float | None, str | None]]:
    """The ``level`` bot's whole go (dice seeded): each action it chose, the attacker's win chance of the
    contest it starts (None for no contest) and the kind of unit it moves onto stones (else None)."""
    seat = state.current_player()
    bot = make_bot("magestone", level, state.num_players)
    rng, dice = random.Random(seed), random.Random(seed + 1)
    chosen = []
    while state.current_player() in (seat, -1) and not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(dice))
            continue
        action = bot.choose(state, rng)
        start = getattr(action, "start", None)
        onto_stones = start is not None and action.dest in state.stones  # type: ignore[attr-defined]
        unit = state.unit_at(start) if onto_stones else None  # type: ignore[attr-defined]
        state.apply(action)
        chance = float(state.win_probability()) if state.is_chance_node() else None  # type: ignore[attr-defined]
        chosen.append((action, chance, None if unit is None else unit[1]))
    return chosen


def whole_go_texts(state: GameState, level: str, seed: int) -> list[str]:
    """The notation of each action of the ``level`` bot's whole go (:func:`play_whole_go`), in order."""
    return [str(action) for action, _chance, _kind in play_whole_go(state, level, seed)]


def play_on(state: GameState, levels: list[str], goes: int, seed: int) -> None:
    """Play ``state`` on for ``goes`` goes of the table (or to its end), seat ``k`` played by ``levels[k]``,
    bots and dice seeded."""
    bots = [make_bot("magestone", level, len(levels)) for level in levels]
    rng, dice = random.Random(seed), random.Random(seed + 1)
    last_go = state.go_info()["go"] + goes  # type: ignore[attr-defined]
    while not state.is_terminal() and state.go_info()["go"] < last_go:  # type: ignore[attr-defined]
        if state.is_chance_node():
            state.apply(state.sample_chance(dice))
        else:
            state.apply(bots[state.current_player()].choose(state, rng))


def carried(state: GameState, seat: int) -> int:
    """How many stones (Activated and Unactivated) ``seat``'s Mage carries."""
    activated, unactivated = state.carried  # type: ignore[attr-defined]
    return int(activated[seat] + unactivated[seat])


def enemy_units_beside(state: GameState, square: int, seat: int, kinds: tuple[str, ...]) -> list[int]:
    """The squares of units of ``kinds`` not ``seat``'s, orthogonally next to ``square``."""
    found = []
    for near in state.board.neighbours[square]:  # type: ignore[attr-defined]
        unit = state.unit_at(near)  # type: ignore[attr-defined]
        if unit is not None and unit[0] != seat and unit[1] in kinds:
            found.append(near)
    return found
