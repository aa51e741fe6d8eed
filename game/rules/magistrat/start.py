"""New MagiStrat games: the automatic set-up, then manual, preset or seeded random placement."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.rules.magistrat.actions import Action, place
from game.rules.magistrat.board import (
    APPRENTICE,
    ARCHMAGE,
    GOD,
    KING,
    MAGE,
    PRIEST,
    SET_COUNTS,
    WHITE,
    cell_of,
    mirror,
)
from game.rules.magistrat.data import DataFileError, load_formation, load_piece_table
from game.rules.magistrat.options import normalise_options
from game.rules.magistrat.position import PLACEMENT_ORDER, SETUP_STEPS, PieceData, PositionData
from game.rules.magistrat.state import MagiStratState


def initial_position(quality: tuple[int, int]) -> PositionData:
    """The cube before the first placement: Mages on each side's first rank, Apprentices on the second."""
    table = load_piece_table()
    pieces: list[PieceData] = []
    for side in (0, 1):
        for kind, rank in ((MAGE, 0), (APPRENTICE, 1)):
            full = table.full(kind, quality[side])
            for file in range(SET_COUNTS[kind]):
                cell = cell_of(0, file, rank if side == WHITE else 7 - rank)
                pieces.append(PieceData(cell, kind, side, full, full, False))
    return PositionData(tuple(pieces), 0, 0, 0, quality, None, None)


def new_game(options: Mapping[str, Any]) -> MagiStratState:
    """A new MagiStrat game: set-up phase (manual), or ready to play (preset / random set-up)."""
    normalised = normalise_options(options)
    quality = (normalised["quality"]["white"], normalised["quality"]["black"])
    state = MagiStratState.from_data(initial_position(quality), load_piece_table(), normalised)
    setup: str = normalised["setup"]
    if setup == "random":
        rng = random.Random(normalised["setup_seed"])
        while state.in_setup():
            state.apply(rng.choice(state.legal_actions()))
    elif setup.startswith("preset:"):
        _place_formations(state, setup[len("preset:"):])
    state.forget_history()
    return state


def random_placement(state: MagiStratState, seed: int) -> Action:
    """A legal placement, drawn at random, for the side to place: the same ``seed`` (the match's) and
    set-up step always give the same one, so a match that finishes its set-up at random replays."""
    return random.Random(f"finish-setup:{seed}:{state.step}").choice(state.legal_actions())


def _place_formations(state: MagiStratState, names: str) -> None:
    white_name, _, black_name = names.partition("/")
    formations = (load_formation(white_name), load_formation(black_name or white_name))
    cells = [
        [c if side == WHITE else mirror(c)
         for kind in (KING, PRIEST, ARCHMAGE, GOD) for c in formations[side].placements[kind]]
        for side in (0, 1)
    ]
    for step in range(SETUP_STEPS):
        side, index = step % 2, step // 2
        action = place(PLACEMENT_ORDER[index], cells[side][index])
        if not state.is_legal(action):
            raise DataFileError(f"formations {white_name!r} and {black_name or white_name!r} collide: "
                                f"{action} is not legal")
        state.apply(action)
