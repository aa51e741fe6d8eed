"""Magnastorm content under ``levels/magnastorm/``: read, validate, index.

Every loader checks what it reads and raises ``DataFileError`` naming the file,
the field and the problem, so a bad data file is refused with a clear message.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.resources import resource_path
from game.rules.protocol import RulesError
from game.safe_json import FileProblem, load_data

SIDES = ("2-3p", "4p")
RESEARCH_COLOURS = "grbv"
"""Research colours: green, red, blue and (four players only) violet; a space may also be ``w`` (white)."""
TRACK_BONUSES = ("own", "yellow", "colour", "bag2", "bag3", "crew")
PANEL_BONUSES = ("research", "crew", "swap", "range", "extra_lab", "bag")
ARTIFACT_BONUSES = ("reputation", "own_cube", "research:g", "research:r", "research:b")
TIERS = ("bronze", "silver", "gold")
RESEARCH_GOALS = ("track", "track_most", "most", "spread", "total")
SECTOR_GOALS = ("same_sector", "distinct_sectors", "majority_sector", "quiet", "storm", "distinct_colours",
                "any")
ADMIN_IDS = ("dain", "beeper", "outridge", "okzil", "yakuul", "mascovic", "bonsmai", "yilmark")
RESEARCH_IDS = ("huber", "davenpitt", "mbado", "obondov", "lebeaux", "park", "modo", "vasidis")


class DataFileError(RulesError):
    """A Magnastorm data file is malformed (the message names file, field and problem)."""


@dataclass(frozen=True)
class Cost:
    """CreditCubes to pay: yellow, own colour (black on the board) and cubes of any colour."""

    yellow: int = 0
    own: int = 0
    any: int = 0

    @property
    def total(self) -> int:
        """Number of cubes."""
        return self.yellow + self.own + self.any


@dataclass(frozen=True)
class Board:
    """One side of the game board: areas in six sectors, lines, transmitter spaces."""

    area_names: tuple[str, ...]
    area_sector: tuple[int, ...]
    area_spaces: tuple[tuple[int, ...], ...]
    space_colour: tuple[str, ...]
    space_area: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    line_transmitter: dict[tuple[int, int], int]
    """Transmitter space on the line between two areas (key sorted)."""
    transmitter_names: tuple[str, ...]
    transmitter_areas: tuple[tuple[int, int], ...]
    starting_areas: dict[int, int]


@dataclass(frozen=True)
class CentreFace:
    """A face of the centre tile at rotation 0: per sector position None (storm) or its income table."""

    income: tuple[tuple[Cost, ...] | None, ...]


@dataclass(frozen=True)
class ResearchSide:
    """One side of the research board."""

    colours: str
    bonuses: tuple[dict[int, str], ...]
    top: int
    reputation_spaces: tuple[int, ...]


@dataclass(frozen=True)
class ActionSide:
    """One side of the action board and its panels."""

    columns: int
    move_costs: tuple[Cost, ...]
    gains: tuple[Cost, ...]
    bonuses: dict[tuple[int, int], str]
    """``(row, column)`` to a bonus name (``research:g`` names the colour)."""

    @property
    def rows(self) -> int:
        """Rows of each panel."""
        return len(self.move_costs)


@dataclass(frozen=True)
class Commander:
    """A commander tile and card."""

    id: str
    name: str
    kind: str
    green: int
    red: int


@dataclass(frozen=True)
class ObjectiveFace:
    """One face of an objective card: the goal, its area and how the count grows with the round."""

    card: str
    kind: str
    goal: str
    area: str
    base: int
    per_round: int

    def count(self, round_number: int) -> int:
        """Labs to remove or levels to move down in round ``round_number``."""
        return self.base + self.per_round * (round_number - 1)


@dataclass(frozen=True)
class Artifact:
    """An artifact card: tier, level and start bonus."""

    id: int
    tier: str
    level: int
    bonus: str


@dataclass(frozen=True)
class Content:
    """Everything printed, for both sides."""

    boards: dict[str, Board]
    centre: dict[int, CentreFace]
    research: dict[str, ResearchSide]
    actions: dict[str, ActionSide]
    lab_costs: tuple[Cost, ...]
    station_costs: tuple[Cost, ...]
    commanders: dict[str, Commander]
    objectives: dict[str, tuple[ObjectiveFace, ObjectiveFace]]
    artifacts: dict[int, Artifact]


class _Reader:
    """Field checks that name the file and the field path."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> DataFileError:
        return DataFileError(f"{self.path.name}: {where}: {problem}")

    def obj(self, value: Any, where: str, keys: tuple[str, ...],
            optional: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, "expected an object")
        for key in keys:
            if key not in value:
                raise self.fail(f"{where}.{key}" if where else key, "missing")
        extra = sorted(set(value) - set(keys) - set(optional))
        if extra:
            raise self.fail(f"{where}.{extra[0]}" if where else extra[0], "unknown field")
        return value

    def items(self, value: Any, where: str, length: int | None = None) -> list[Any]:
        if not isinstance(value, list) or (length is not None and len(value) != length):
            raise self.fail(where, f"expected a list{f' of {length}' if length is not None else ''}")
        return value

    def integer(self, value: Any, where: str, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self.fail(where, f"expected an integer in {low}..{high}, got {value!r}")
        return value

    def text(self, value: Any, where: str, choices: tuple[str, ...] | str | None = None) -> str:
        if not isinstance(value, str) or not value or (choices is not None and value not in choices):
            expected = f"one of {', '.join(choices)}" if choices is not None else "a non-empty string"
            raise self.fail(where, f"expected {expected}, got {value!r}")
        return value

    def cost(self, value: Any, where: str) -> Cost:
        if not isinstance(value, str) or set(value) - set("yka"):
            raise self.fail(where, f"expected a cost of letters y, k, a, got {value!r}")
        return Cost(value.count("y"), value.count("k"), value.count("a"))


def _read(name: str, directory: Path | None) -> tuple[_Reader, Any]:
    path = (directory or resource_path("levels", "magnastorm")) / name
    try:
        return _Reader(path), load_data(path)
    except FileProblem as exc:
        raise DataFileError(f"{name}: {exc.problem}") from None
    except OSError as exc:
        raise DataFileError(f"{name}: cannot read: {exc}") from exc


def _board(r: _Reader, side: str, data: Any) -> Board:
    top = r.obj(data, f"sides.{side}", ("areas", "lines", "transmitters", "starting_areas"))
    colours = RESEARCH_COLOURS[: 4 if side == "4p" else 3] + "w"
    names: list[str] = []
    sectors: list[int] = []
    spaces: list[tuple[int, ...]] = []
    space_colour: list[str] = []
    space_area: list[int] = []
    for i, raw in enumerate(r.items(top["areas"], f"sides.{side}.areas")):
        where = f"sides.{side}.areas[{i}]"
        area = r.obj(raw, where, ("id", "sector", "spaces"))
        name = r.text(area["id"], f"{where}.id")
        if name in names:
            raise r.fail(f"{where}.id", f"duplicate area {name!r}")
        names.append(name)
        sectors.append(r.integer(area["sector"], f"{where}.sector", 0, 5))
        own = r.items(area["spaces"], f"{where}.spaces")
        if not 1 <= len(own) <= 3:
            raise r.fail(f"{where}.spaces", "an area has 1 to 3 spaces")
        first = len(space_colour)
        for j, colour in enumerate(own):
            space_colour.append(r.text(colour, f"{where}.spaces[{j}]", tuple(colours)))
            space_area.append(i)
        spaces.append(tuple(range(first, len(space_colour))))
    if set(sectors) != set(range(6)):
        raise r.fail(f"sides.{side}.areas", "every one of the six sectors needs an area")
    index = {name: i for i, name in enumerate(names)}

    def area_ref(value: Any, where: str) -> int:
        if value not in index:
            raise r.fail(where, f"unknown area {value!r}")
        return index[value]

    links: list[set[int]] = [set() for _ in names]
    for i, raw in enumerate(r.items(top["lines"], f"sides.{side}.lines")):
        pair = r.items(raw, f"sides.{side}.lines[{i}]", 2)
        a, b = (area_ref(pair[k], f"sides.{side}.lines[{i}][{k}]") for k in (0, 1))
        if a == b:
            raise r.fail(f"sides.{side}.lines[{i}]", "a line joins two different areas")
        links[a].add(b)
        links[b].add(a)
    tnames: list[str] = []
    tareas: list[tuple[int, int]] = []
    line_t: dict[tuple[int, int], int] = {}
    for i, raw in enumerate(r.items(top["transmitters"], f"sides.{side}.transmitters")):
        where = f"sides.{side}.transmitters[{i}]"
        t = r.obj(raw, where, ("id", "line"))
        pair = r.items(t["line"], f"{where}.line", 2)
        a, b = (area_ref(pair[k], f"{where}.line[{k}]") for k in (0, 1))
        if b not in links[a] or sectors[a] == sectors[b]:
            raise r.fail(f"{where}.line", "a transmitter space lies on a line between two sectors")
        key = (min(a, b), max(a, b))
        if key in line_t:
            raise r.fail(f"{where}.line", "that line already has a transmitter space")
        line_t[key] = i
        tnames.append(r.text(t["id"], f"{where}.id"))
        tareas.append(key)
    starts = r.obj(top["starting_areas"], f"sides.{side}.starting_areas", ("1", "2"))
    starting = {int(k): area_ref(v, f"sides.{side}.starting_areas.{k}") for k, v in starts.items()}
    seen = {0}
    frontier = [0]
    while frontier:
        nxt = [b for a in frontier for b in links[a] if b not in seen]
        seen.update(nxt)
        frontier = nxt
    if len(seen) != len(names):
        raise r.fail(f"sides.{side}.lines", "every area must be reachable from every other")
    return Board(tuple(names), tuple(sectors), tuple(spaces), tuple(space_colour), tuple(space_area),
                 tuple(tuple(sorted(n)) for n in links), line_t, tuple(tnames), tuple(tareas), starting)


def _centre(r: _Reader, data: Any) -> dict[int, CentreFace]:
    faces = r.obj(r.obj(data, "", ("faces",))["faces"], "faces", ("1", "2"))
    result: dict[int, CentreFace] = {}
    for key, raw in faces.items():
        sectors = r.items(r.obj(raw, f"faces.{key}", ("sectors",))["sectors"], f"faces.{key}.sectors", 6)
        income: list[tuple[Cost, ...] | None] = []
        for i, entry in enumerate(sectors):
            where = f"faces.{key}.sectors[{i}]"
            if isinstance(entry, dict) and entry.get("storm") is True and len(entry) == 1:
                income.append(None)
                continue
            table = r.items(r.obj(entry, where, ("income",))["income"], f"{where}.income")
            if not table:
                raise r.fail(f"{where}.income", "expected at least one entry")
            costs = tuple(r.cost(v, f"{where}.income[{j}]") for j, v in enumerate(table))
            if any(c.any for c in costs):
                raise r.fail(f"{where}.income", "income gives yellow (y) and own-colour (k) cubes only")
            income.append(costs)
        if sum(entry is not None for entry in income) != 3:
            raise r.fail(f"faces.{key}.sectors", "the centre tile shows 3 quiet and 3 storm sectors")
        result[int(key)] = CentreFace(tuple(income))
    return result


def _research(r: _Reader, side: str, data: Any) -> ResearchSide:
    where = f"sides.{side}"
    raw = r.obj(data, where, ("areas", "top", "reputation_spaces"))
    top = r.integer(raw["top"], f"{where}.top", 2, 20)
    areas = r.items(raw["areas"], f"{where}.areas", 4 if side == "4p" else 3)
    colours = ""
    bonuses: list[dict[int, str]] = []
    for i, entry in enumerate(areas):
        area = r.obj(entry, f"{where}.areas[{i}]", ("colour", "bonuses"))
        colours += r.text(area["colour"], f"{where}.areas[{i}].colour", RESEARCH_COLOURS[i])
        levels: dict[int, str] = {}
        if not isinstance(area["bonuses"], dict):
            raise r.fail(f"{where}.areas[{i}].bonuses", "expected an object")
        for level, bonus in area["bonuses"].items():
            field = f"{where}.areas[{i}].bonuses.{level}"
            if not level.isdigit() or not 1 <= int(level) <= top:
                raise r.fail(field, f"expected a level in 1..{top}")
            levels[int(level)] = r.text(bonus, field, TRACK_BONUSES)
        bonuses.append(levels)
    spaces = tuple(r.integer(v, f"{where}.reputation_spaces[{i}]", 1, 20)
                   for i, v in enumerate(r.items(raw["reputation_spaces"], f"{where}.reputation_spaces")))
    wanted = 4 if side == "4p" else 3
    if len(spaces) != wanted or list(spaces) != sorted(spaces, reverse=True) or 3 not in spaces:
        raise r.fail(f"{where}.reputation_spaces", "one space per player, highest first, one of them a 3")
    return ResearchSide(colours, tuple(bonuses), top, spaces)


def _actions(r: _Reader, side: str, data: Any) -> ActionSide:
    where = f"sides.{side}"
    raw = r.obj(data, where, ("columns", "rows", "bonuses"))
    wanted = 5 if side == "4p" else 4
    columns = r.integer(raw["columns"], f"{where}.columns", wanted, wanted)
    rows = r.items(raw["rows"], f"{where}.rows")
    if not 3 <= len(rows) <= 8:
        raise r.fail(f"{where}.rows", "expected 3 to 8 rows")
    moves, gains = [], []
    for i, entry in enumerate(rows):
        row = r.obj(entry, f"{where}.rows[{i}]", ("move", "gain"))
        moves.append(r.cost(row["move"], f"{where}.rows[{i}].move"))
        gains.append(r.cost(row["gain"], f"{where}.rows[{i}].gain"))
        if moves[-1].any or gains[-1].any:
            raise r.fail(f"{where}.rows[{i}]", "rows show yellow (y) and black (k) cubes only")
    bonuses: dict[tuple[int, int], str] = {}
    for i, entry in enumerate(r.items(raw["bonuses"], f"{where}.bonuses")):
        field = f"{where}.bonuses[{i}]"
        cell = r.obj(entry, field, ("row", "column", "bonus"))
        key = (r.integer(cell["row"], f"{field}.row", 0, len(rows) - 1),
               r.integer(cell["column"], f"{field}.column", 0, columns - 1))
        bonus = r.text(cell["bonus"], f"{field}.bonus")
        name, _, colour = bonus.partition(":")
        if name not in PANEL_BONUSES or (name == "research") != bool(colour) \
                or (colour and colour not in RESEARCH_COLOURS[: 4 if side == "4p" else 3]):
            raise r.fail(f"{field}.bonus", f"unknown bonus {bonus!r}")
        if name == "swap" and side != "4p":
            raise r.fail(f"{field}.bonus", "the turn-order swap exists only in the 4-player game")
        if key in bonuses:
            raise r.fail(field, "two bonuses on one space")
        bonuses[key] = bonus
    return ActionSide(columns, tuple(moves), tuple(gains), bonuses)


def _objectives(r: _Reader, data: Any) -> dict[str, tuple[ObjectiveFace, ObjectiveFace]]:
    cards = r.items(r.obj(data, "", ("cards",))["cards"], "cards", 8)
    result: dict[str, tuple[ObjectiveFace, ObjectiveFace]] = {}
    for i, raw in enumerate(cards):
        card = r.obj(raw, f"cards[{i}]", ("id", "kind", "faces"))
        cid = r.text(card["id"], f"cards[{i}].id")
        kind = r.text(card["kind"], f"cards[{i}].kind", ("research", "sector"))
        faces = []
        for j, rawface in enumerate(r.items(card["faces"], f"cards[{i}].faces", 2)):
            where = f"cards[{i}].faces[{j}]"
            face = r.obj(rawface, where, ("goal", "base", "per_round"), ("area",))
            goals = RESEARCH_GOALS if kind == "research" else SECTOR_GOALS
            goal = r.text(face["goal"], f"{where}.goal", goals)
            needs_area = goal in ("track", "track_most")
            if needs_area != ("area" in face):
                raise r.fail(f"{where}.area", "needed by track goals only")
            area = r.text(face["area"], f"{where}.area", "grb") if needs_area else ""
            faces.append(ObjectiveFace(cid, kind, goal, area, r.integer(face["base"], f"{where}.base", 1, 6),
                                       r.integer(face["per_round"], f"{where}.per_round", 0, 2)))
        result[cid] = (faces[0], faces[1])
    if sum(f[0].kind == "research" for f in result.values()) != 4 or len(result) != 8:
        raise r.fail("cards", "expected 4 research and 4 sector cards with distinct ids")
    return result


def _artifacts(r: _Reader, data: Any) -> dict[int, Artifact]:
    cards = r.items(r.obj(data, "", ("cards",))["cards"], "cards", 120)
    result: dict[int, Artifact] = {}
    for i, raw in enumerate(cards):
        card = r.obj(raw, f"cards[{i}]", ("id", "tier", "level", "bonus"))
        cid = r.integer(card["id"], f"cards[{i}].id", 1, 10_000)
        if cid in result:
            raise r.fail(f"cards[{i}].id", f"duplicate id {cid}")
        result[cid] = Artifact(cid, r.text(card["tier"], f"cards[{i}].tier", TIERS),
                               r.integer(card["level"], f"cards[{i}].level", 1, 20),
                               r.text(card["bonus"], f"cards[{i}].bonus", ARTIFACT_BONUSES))
    counts = [sum(a.tier == tier for a in result.values()) for tier in TIERS]
    if counts != [30, 60, 30]:
        raise r.fail("cards", f"expected 30 bronze, 60 silver and 30 gold cards, got {counts}")
    return result


def _commanders(r: _Reader, data: Any) -> dict[str, Commander]:
    entries = r.items(r.obj(data, "", ("commanders",))["commanders"], "commanders", 16)
    result: dict[str, Commander] = {}
    for i, raw in enumerate(entries):
        where = f"commanders[{i}]"
        entry = r.obj(raw, where, ("id", "name", "kind", "green", "red"))
        kind = r.text(entry["kind"], f"{where}.kind", ("administrative", "research"))
        cid = r.text(entry["id"], f"{where}.id", ADMIN_IDS if kind == "administrative" else RESEARCH_IDS)
        if cid in result:
            raise r.fail(f"{where}.id", f"duplicate commander {cid!r}")
        result[cid] = Commander(cid, r.text(entry["name"], f"{where}.name"), kind,
                                r.integer(entry["green"], f"{where}.green", 0, 10),
                                r.integer(entry["red"], f"{where}.red", 0, 10))
    return result


def load_content(directory: Path | None = None) -> Content:
    """Read and validate every Magnastorm data file (from ``directory``, default the bundled ones)."""
    r, data = _read("board.json", directory)
    sides = r.obj(r.obj(data, "", ("sides",))["sides"], "sides", SIDES)
    boards = {side: _board(r, side, sides[side]) for side in SIDES}
    r, data = _read("centre_tile.json", directory)
    centre = _centre(r, data)
    r, data = _read("research_board.json", directory)
    sides = r.obj(r.obj(data, "", ("sides",))["sides"], "sides", SIDES)
    research = {side: _research(r, side, sides[side]) for side in SIDES}
    r, data = _read("action_board.json", directory)
    sides = r.obj(r.obj(data, "", ("sides",))["sides"], "sides", SIDES)
    actions = {side: _actions(r, side, sides[side]) for side in SIDES}
    r, data = _read("player_board.json", directory)
    board = r.obj(data, "", ("lab_costs", "station_costs"))
    raw_labs = r.items(board["lab_costs"], "lab_costs", 10)
    labs = tuple(r.cost(v, f"lab_costs[{i}]") for i, v in enumerate(raw_labs))
    if labs[0].total or labs[1].total:
        raise r.fail("lab_costs", "the first two labs are free")
    stations = tuple(r.cost(v, f"station_costs[{i}]")
                     for i, v in enumerate(r.items(board["station_costs"], "station_costs", 3)))
    r, data = _read("commanders.json", directory)
    commanders = _commanders(r, data)
    r, data = _read("objectives.json", directory)
    objectives = _objectives(r, data)
    r, data = _read("artifacts.json", directory)
    artifacts = _artifacts(r, data)
    return Content(boards, centre, research, actions, labs, stations, commanders, objectives, artifacts)


@lru_cache(maxsize=1)
def bundled_content() -> Content:
    """The bundled content, loaded once."""
    return load_content()
