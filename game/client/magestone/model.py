"""What the board shows: units, stones, gravestones and the Rite, read from the rules' public state.

The view animates a :class:`BoardModel` event by event and snaps it back to the rules' state
once a batch has played, so the picture always ends exactly where the rules are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules.magestone import MageStoneState
from game.rules.magestone.board import KIND_NAMES, MAGE, PRIEST, WARRIOR, Board

Unit = tuple[int, int]
"""(seat index, kind) with kind ``WARRIOR``, ``PRIEST`` or ``MAGE``."""


@dataclass
class SeatInfo:
    """A seat's public figures for the HUD."""

    letter: str
    mage: int
    priest: int
    warriors: int
    unactivated: int
    activated: int
    eliminated: bool


@dataclass
class BoardModel:
    """Squares (ints) to units, stone counts (unactivated, activated), gravestones and the Rite."""

    board: Board
    units: dict[int, Unit] = field(default_factory=dict)
    stones: dict[int, tuple[int, int]] = field(default_factory=dict)
    graves: set[int] = field(default_factory=set)
    rite: int | None = None

    @classmethod
    def from_state(cls, state: MageStoneState) -> BoardModel:
        """The picture of ``state`` as it is now."""
        return cls.from_scenario(state.board, state.to_scenario())

    @classmethod
    def from_scenario(cls, board: Board, data: Mapping[str, Any]) -> BoardModel:
        """The picture of scenario data (``MageStoneState.to_scenario``)."""
        model = cls(board)
        sq = board.square_of
        letters = list(data["seats"])
        for seat, letter in enumerate(letters):
            entry = data["seats"][letter]
            if entry["mage"]:
                model.units[sq[entry["mage"]]] = (seat, MAGE)
            if entry["priest"]:
                model.units[sq[entry["priest"]]] = (seat, PRIEST)
            for name in entry["warriors"]:
                model.units[sq[name]] = (seat, WARRIOR)
        model.stones = {sq[name]: (pair[0], pair[1]) for name, pair in data["stones"].items()}
        model.graves = {sq[name] for name in data["gravestones"]}
        rite = data.get("rite")
        model.rite = None if rite is None else letters.index(rite["seat"])
        return model

    def copy(self) -> BoardModel:
        """An independent copy."""
        return BoardModel(self.board, dict(self.units), dict(self.stones), set(self.graves), self.rite)

    def _sq(self, data: Mapping[str, Any], key: str) -> int:
        return self.board.square_of[data[key]]

    def _add_stones(self, square: int, unactivated: int, activated: int) -> None:
        old = self.stones.get(square, (0, 0))
        self.stones[square] = (old[0] + unactivated, old[1] + activated)

    def apply(self, kind: str, data: Mapping[str, Any]) -> None:
        """Change the picture as one rules event says (unknown events change nothing)."""
        if kind == "moved":
            unit = self.units.pop(self._sq(data, "from"), (data["seat"], KIND_NAMES.index(data["unit"])))
            self.units[self._sq(data, "to")] = unit
        elif kind == "warrior_raised":
            square = self._sq(data, "square")
            priest = self.units.pop(square, (data["seat"], PRIEST))
            self.units[self._sq(data, "priest_to")] = priest
            self.units[square] = (data["seat"], WARRIOR)
            self.graves.discard(square)
        elif kind == "stones_collected":
            self.stones.pop(self._sq(data, "square"), None)
        elif kind == "unit_fell":
            self.units.pop(self._sq(data, "square"), None)
        elif kind == "gravestone_placed":
            self.graves.add(self._sq(data, "square"))
        elif kind == "stones_dropped":
            self._add_stones(self._sq(data, "square"), data["unactivated"], data["activated"])
        elif kind == "stones_landed":
            self._add_stones(self._sq(data, "square"), 0, data["activated"])
        elif kind == "respawned":
            self.units[self._sq(data, "square")] = (data["seat"], KIND_NAMES.index(data["unit"]))
        elif kind == "rite_declared":
            self.rite = data["seat"]
        elif kind in ("rite_broken", "rite_won"):
            self.rite = None
        elif kind == "eliminated" and (data["unactivated"] or data["activated"]):
            self._add_stones(self._sq(data, "stones_square"), data["unactivated"], data["activated"])


def seat_infos(state: MageStoneState) -> list[SeatInfo]:
    """Per-seat figures (units on board, carried stones) from the public scenario data."""
    data = state.to_scenario()
    sq = state.board.square_of
    infos = []
    for letter, entry in data["seats"].items():
        infos.append(
            SeatInfo(
                letter,
                sq[entry["mage"]] if entry["mage"] else -1,
                sq[entry["priest"]] if entry["priest"] else -1,
                len(entry["warriors"]),
                entry["carried"][0],
                entry["carried"][1],
                entry["eliminated"],
            )
        )
    return infos


@dataclass(frozen=True)
class LastGo:
    """What the previous go did, for the board to mark until the next go: whose it was, each walk
    (start to end), the squares attacked or bolted, and where units fell."""

    seat: int
    routes: tuple[tuple[int, ...], ...] = ()
    targets: tuple[int, ...] = ()
    fallen: tuple[int, ...] = ()


def last_go(history: Sequence[Any], to_act: int, board: Board) -> LastGo | None:
    """The most recent go of a player other than ``to_act`` read from the played batches (newest
    last), or None before anyone has gone."""
    batches = [p for p in history if p.kind == "action"]
    while batches and batches[-1].actor == to_act:
        batches.pop()
    if not batches:
        return None
    seat = batches[-1].actor
    start = len(batches)
    while start > 0 and batches[start - 1].actor == seat:
        start -= 1
    routes: list[tuple[int, ...]] = []
    targets: list[int] = []
    fallen: list[int] = []
    square = board.square_of
    for played in batches[start:]:
        for event in played.events:
            data = event.data
            if event.kind == "moved":
                routes.append(tuple(square[name] for name in data["route"]))
            elif event.kind in ("attack_declared", "bolt_cast"):
                targets.append(square[data["target"]])
            elif event.kind == "unit_fell":
                fallen.append(square[data["square"]])
    return LastGo(seat, tuple(routes), tuple(targets), tuple(fallen))
