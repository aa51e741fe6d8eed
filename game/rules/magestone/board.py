"""MageStone board geometry, loaded from ``levels/magestone/board.json``.

Squares are ints ``y * 16 + x`` (x = column a..p, y = row 1..16 minus one), so a
set of squares is a bitmask on a Python int and a flood fill is a few shifts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from game.resources import resource_path
from game.rules.protocol import PositionError
from game.safe_json import FileProblem, load_data

FILES = "abcdefghijklmnop"
WARRIOR, PRIEST, MAGE = 0, 1, 2
KIND_NAMES = ("warrior", "priest", "mage")
KIND_LETTERS = "WPM"
SQUARES_PER_GO = 6
ACTIVATIONS_PER_GO = 3
MAX_WARRIORS = 6
STONES_TO_WIN = 6
NOVA_COST = 4

_WIDTH = 16


def square_name(square: int) -> str:
    """Text name of a square index, e.g. ``0x07 -> "h1"``."""
    return FILES[square & 15] + str((square >> 4) + 1)


def power_die(activated: int) -> int:
    """Sides of a Mage's power die for its count of Activated stones (d6 / d12 / d20)."""
    if activated >= 4:
        return 20
    return 12 if activated >= 2 else 6


class Board:
    """Static board data: playable squares, neighbours, seats, bases, Nexus and layouts."""

    __slots__ = (
        "bank_per_player",
        "edges",
        "home_row",
        "names",
        "near",
        "neighbours",
        "nexus",
        "nexus_distance",
        "nexus_mask",
        "not_east",
        "not_west",
        "ring",
        "seat_names",
        "seats_by_players",
        "square_of",
        "stones_by_players",
        "turn_order",
        "valid",
        "valid_mask",
        "within",
    )

    def __init__(self, data: Mapping[str, Any], source: str) -> None:
        """Validate the JSON ``data`` read from ``source`` and build the lookup tables."""
        def fail(field: str, problem: str) -> PositionError:
            return PositionError(f"{source}: {field}: {problem}")

        size = data.get("size")
        cut = data.get("corner_cut")
        if size != _WIDTH:
            raise fail("size", f"must be {_WIDTH}, got {size!r}")
        if not isinstance(cut, int) or not 0 <= cut < size // 2:
            raise fail("corner_cut", f"must be an int in 0..{size // 2 - 1}, got {cut!r}")
        valid = [False] * 256
        for y in range(size):
            for x in range(size):
                valid[y * _WIDTH + x] = not ((x < cut or x >= size - cut) and (y < cut or y >= size - cut))
        self.valid: tuple[bool, ...] = tuple(valid)
        self.valid_mask = sum(1 << s for s in range(256) if valid[s])
        col0 = sum(1 << (y * _WIDTH) for y in range(size))
        self.not_west = ~col0  # mask out results that wrapped into column a
        self.not_east = ~(col0 << (_WIDTH - 1))
        self.names: tuple[str, ...] = tuple(square_name(s) for s in range(256))
        self.square_of: dict[str, int] = {self.names[s]: s for s in range(256) if valid[s]}
        neighbours: list[tuple[int, ...]] = []
        rings: list[tuple[int, ...]] = []
        for s in range(256):
            x, y = s & 15, s >> 4
            # south, west, north, east: the fixed order routes are reconstructed in
            near = [(x, y - 1), (x - 1, y), (x, y + 1), (x + 1, y)]
            neighbours.append(tuple(b * _WIDTH + a for a, b in near
                                    if 0 <= a < size and 0 <= b < size and valid[b * _WIDTH + a]))
            # Nova order: north, then clockwise; -1 marks an off-board square
            around = [(x, y + 1), (x + 1, y + 1), (x + 1, y), (x + 1, y - 1),
                      (x, y - 1), (x - 1, y - 1), (x - 1, y), (x - 1, y + 1)]
            rings.append(tuple(b * _WIDTH + a if 0 <= a < size and 0 <= b < size and valid[b * _WIDTH + a]
                               else -1 for a, b in around))
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(neighbours)
        # within[s][r]: the squares at most r steps (Manhattan) from s, r = 0..SQUARES_PER_GO
        grid = (1 << 256) - 1
        within = []
        for s in range(256):
            balls = [1 << s]
            for _ in range(SQUARES_PER_GO):
                balls.append((balls[-1] | self.adjacent(balls[-1])) & grid)
            within.append(tuple(ball & self.valid_mask for ball in balls))
        self.within: tuple[tuple[int, ...], ...] = tuple(within)
        self.near: tuple[int, ...] = tuple(self.adjacent(1 << s) for s in range(256))  # a flood's first step
        self.ring: tuple[tuple[int, ...], ...] = tuple(rings)
        self.nexus: tuple[int, ...] = tuple(self._squares(data, "nexus", fail))
        self.nexus_mask = sum(1 << s for s in self.nexus)
        self.nexus_distance: tuple[int, ...] = tuple(
            min(abs((s & 15) - (n & 15)) + abs((s >> 4) - (n >> 4)) for n in self.nexus) for s in range(256))
        order = data.get("turn_order")
        if not isinstance(order, list) or not order or not all(isinstance(s, str) for s in order):
            raise fail("turn_order", "must be a list of seat letters")
        self.turn_order: tuple[str, ...] = tuple(order)
        names = data.get("seat_names")
        if not isinstance(names, dict) or set(names) != set(order):
            raise fail("seat_names", "must name every seat of turn_order")
        self.seat_names: dict[str, str] = {str(k): str(v) for k, v in names.items()}
        by_players = data.get("seats_by_players")
        if not isinstance(by_players, dict) or set(by_players) != {"2", "4"}:
            raise fail("seats_by_players", "must give the seats for \"2\" and \"4\" players")
        self.seats_by_players: dict[int, tuple[str, ...]] = {}
        for key, seats in by_players.items():
            if (not isinstance(seats, list) or len(seats) != int(key)
                    or [s for s in order if s in seats] != seats):
                raise fail(f"seats_by_players.{key}", f"must be {key} seats in turn order")
            self.seats_by_players[int(key)] = tuple(seats)
        row = data.get("home_row")
        if not isinstance(row, list) or sorted(row) != sorted(["mage", "priest"] + ["warrior"] * 6):
            raise fail("home_row", "must list 1 mage, 1 priest and 6 warriors")
        self.home_row: tuple[int, ...] = tuple(KIND_NAMES.index(k) for k in row)
        edges = data.get("home_edges")
        if not isinstance(edges, dict) or set(edges) != set(order):
            raise fail("home_edges", "must give an edge for every seat")
        self.edges: dict[str, tuple[int, ...]] = {}
        for seat in order:
            squares = tuple(self._squares(edges, seat, fail, prefix="home_edges."))
            if len(squares) != len(self.home_row):
                raise fail(f"home_edges.{seat}", f"must list {len(self.home_row)} squares")
            self.edges[seat] = squares
        layouts = data.get("stones_by_players")
        if not isinstance(layouts, dict) or set(layouts) != {"2", "4"}:
            raise fail("stones_by_players", "must give the layouts for \"2\" and \"4\" players")
        self.stones_by_players: dict[int, tuple[int, ...]] = {}
        for key in layouts:
            squares = tuple(self._squares(layouts, key, fail, prefix="stones_by_players."))
            if len(squares) != 4 * int(key) or len(set(squares)) != len(squares):
                raise fail(f"stones_by_players.{key}", f"must list {4 * int(key)} distinct squares")
            self.stones_by_players[int(key)] = squares
        bank = data.get("gravestones_per_player")
        if not isinstance(bank, int) or bank < 0:
            raise fail("gravestones_per_player", "must be a non-negative int")
        self.bank_per_player = bank

    def _squares(self, data: Mapping[str, Any], key: str, fail: Any, prefix: str = "") -> list[int]:
        """The list of square names under ``key``, as indices."""
        names = data.get(key)
        if not isinstance(names, list):
            raise fail(prefix + key, "must be a list of square names")
        squares = []
        for name in names:
            if name not in self.square_of:
                raise fail(prefix + key, f"{name!r} is not a square of the board")
            squares.append(self.square_of[name])
        return squares

    def start_square(self, seat: str, kind: int) -> int:
        """Start square of ``seat``'s Mage or Priest (its base squares)."""
        return self.edges[seat][self.home_row.index(kind)]

    def warrior_starts(self, seat: str) -> list[int]:
        """Start squares of ``seat``'s six Warriors."""
        return [sq for sq, kind in zip(self.edges[seat], self.home_row, strict=True) if kind == WARRIOR]

    def parse_square(self, text: str) -> int:
        """Square index of a name such as ``"h8"``; ``ValueError`` if it is not on the board."""
        try:
            return self.square_of[text]
        except KeyError:
            raise ValueError(f"{text!r} is not a square of the board") from None

    def flood(self, start: int, empty: int, budget: int) -> list[int]:
        """Breadth-first layers from ``start`` through ``empty`` squares: ``[start bit, dist 1, ...]``."""
        return self.flood_reach(start, empty, budget)[0]

    def adjacent(self, mask: int) -> int:
        """Squares next to (orthogonally) any square of ``mask``; may include off-board bits."""
        return (((mask << 1) & self.not_west) | ((mask >> 1) & self.not_east)
                | (mask << _WIDTH) | (mask >> _WIDTH))

    def flood_reach(self, start: int, empty: int, budget: int) -> tuple[list[int], int]:
        """``flood`` layers plus the mask of every square they reach beyond the start."""
        layers = [1 << start]
        avail = empty = empty & ~layers[0]
        frontier = self.near[start] & avail if budget > 0 else 0
        not_west, not_east = self.not_west, self.not_east
        while frontier:
            layers.append(frontier)
            avail ^= frontier
            if len(layers) > budget:
                break
            frontier = (((frontier << 1) & not_west) | ((frontier >> 1) & not_east)
                        | (frontier << _WIDTH) | (frontier >> _WIDTH)) & avail
        return layers, empty ^ avail

    def walk_back(self, layers: Sequence[int], dest: int, depth: int) -> tuple[int, ...]:
        """The canonical shortest route to ``dest`` (at ``depth``) through flood ``layers``."""
        route = [dest]
        current = dest
        neighbours = self.neighbours
        for k in range(depth - 1, -1, -1):
            layer = layers[k]
            for nb in neighbours[current]:
                if layer >> nb & 1:
                    current = nb
                    break
            route.append(current)
        route.reverse()
        return tuple(route)

    def route_to(self, layers: Sequence[int], dest: int) -> tuple[int, ...]:
        """The canonical shortest route to ``dest`` through flood ``layers`` (it must be reached)."""
        for depth in range(1, len(layers)):
            if layers[depth] >> dest & 1:
                return self.walk_back(layers, dest, depth)
        raise ValueError(f"{self.names[dest]} is not reached by this flood fill")


def _byte_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For byte ``i`` of a 256-bit mask with value ``b``: the square indices of its set bits."""
    return tuple(tuple(tuple(i * 8 + j for j in range(8) if b >> j & 1) for b in range(256))
                 for i in range(32))


_BYTES = _byte_table()


def squares_of(mask: int) -> list[int]:
    """Indices of the set bits of a 256-bit ``mask``, ascending (table-driven, for dense masks)."""
    out: list[int] = []
    if not mask:
        return out
    extend = out.extend
    first = ((mask & -mask).bit_length() - 1) >> 3
    mask >>= first << 3
    for i, byte in enumerate(mask.to_bytes((mask.bit_length() + 7) >> 3, "little"), first):
        if byte:
            extend(_BYTES[i][byte])
    return out


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@cache
def load_board(path: str | None = None) -> Board:
    """The board from ``levels/magestone/board.json`` (or ``path``), validated and cached."""
    file = Path(path) if path else resource_path("levels", "magestone", "board.json")
    try:
        data = load_data(file)
    except FileProblem as exc:
        raise PositionError(str(exc)) from None
    except OSError as exc:
        raise PositionError(f"{file}: cannot read board data: {exc}") from exc
    if not isinstance(data, dict):
        raise PositionError(f"{file}: top level must be an object")
    return Board(data, str(file))
