"""The printed numbers of Magnastorm in words, from levels/magnastorm/: the rules reference
(levels/rules/magnastorm.json) must show exactly these lines, so a change of the data that is
not carried into the reference fails a test (test_magnastorm_reference.py)."""

from __future__ import annotations

from game.rules.magnastorm.data import Content, Cost, ObjectiveFace

COLOUR_WORDS = {"g": "green", "r": "red", "b": "blue", "v": "violet", "w": "white"}
BONUS_WORDS = {
    "own": "a cube of your colour",
    "yellow": "a yellow cube",
    "colour": "a cube of any player colour",
    "bag2": "2 cubes from the bag",
    "bag3": "3 cubes from the bag",
    "crew": "place a crew member",
}
PANEL_WORDS = {
    "crew": "place a crew member",
    "swap": "turn-order swap",
    "range": "move up to 2 areas (A)",
    "extra_lab": "extra lab (A)",
    "bag": "a cube from the bag (B)",
}
SIDE_WORDS = {"2-3p": "2-3 players", "4p": "4 players"}
AREA_KIND_WORDS = {"a": "inner", "l": "left", "r": "right", "o": "outer", "m": "middle"}


def cost_words(cost: Cost) -> str:
    """``free``, ``1 yellow``, ``1 yellow + 2 own + 1 any``."""
    parts = [f"{count} {name}" for count, name in ((cost.yellow, "yellow"), (cost.own, "own"),
                                                   (cost.any, "any")) if count]
    return " + ".join(parts) or "free"


def player_board_lines(content: Content) -> list[str]:
    """The lab and station costs of the player board."""
    labs = ", ".join(cost_words(c) for c in content.lab_costs)
    stations = ", ".join(cost_words(c) for c in content.station_costs)
    return [f"Turtle labs, left to right: {labs}.", f"Transmitter stations, left to right: {stations}."]


def panel_lines(content: Content, side: str) -> list[str]:
    """One line per lower-panel row: movement cost, cubes gained and the bonus spaces."""
    panel = content.actions[side]
    lines = []
    for row in range(panel.rows):
        bonuses = [f"column {column + 1}: {panel_bonus_words(bonus)}"
                   for (r, column), bonus in sorted(panel.bonuses.items()) if r == row]
        lines.append(f"{SIDE_WORDS[side]}, row {row + 1}: move for {cost_words(panel.move_costs[row])}, "
                     f"or gain {cost_words(panel.gains[row])}; bonus spaces: {', '.join(bonuses) or 'none'}.")
    return lines


def panel_bonus_words(bonus: str) -> str:
    """A lower-panel bonus space in words."""
    if bonus.startswith("research:"):
        return f"{COLOUR_WORDS[bonus[-1]]} research"
    return PANEL_WORDS[bonus]


def research_lines(content: Content, side: str) -> list[str]:
    """The bonus of every research level and the reputation spaces beside the objectives."""
    research = content.research[side]
    lines = []
    for colour, bonuses in zip(research.colours, research.bonuses, strict=True):
        levels = "; ".join(f"{level}: {BONUS_WORDS[bonus]}" for level, bonus in sorted(bonuses.items()))
        lines.append(f"{SIDE_WORDS[side]}, {COLOUR_WORDS[colour]} track (levels 0-{research.top}): {levels}.")
    return lines


def reputation_lines(content: Content) -> list[str]:
    """The reputation spaces beside each objective, for each side (2 players cover the 3)."""
    lines = []
    for side in ("2-3p", "4p"):
        spaces = content.research[side].reputation_spaces
        note = ""
        if side == "2-3p":
            two = list(spaces)
            two.remove(3)
            note = f" (2 players: the 3 is covered, {', '.join(map(str, two))})"
        lines.append(f"{SIDE_WORDS[side]}, reputation spaces beside each objective, first claim first: "
                     f"{', '.join(map(str, spaces))}{note}.")
    return lines


def centre_lines(content: Content) -> list[str]:
    """Each face of the centre tile: the quiet slots and their income tables."""
    lines = []
    for face_id, face in sorted(content.centre.items()):
        slots = []
        for slot, table in enumerate(face.income):
            if table is None:
                slots.append(f"sector {slot} storm")
            else:
                steps = "; ".join(f"{i}{'+' if i == len(table) - 1 else ''} {'lab' if i == 1 else 'labs'} "
                                  f"{cost_words(c)}" for i, c in enumerate(table) if i)
                slots.append(f"sector {slot} quiet ({steps})")
        lines.append(f"Face {face_id} (starting area {face_id}), in round 1: {', '.join(slots)}.")
    return lines


def board_lines(content: Content, side: str) -> list[str]:
    """Every area of a side of the board with its spaces' colours, sector by sector."""
    board = content.boards[side]
    lines = []
    for sector in range(6):
        areas = []
        for area, name in enumerate(board.area_names):
            if board.area_sector[area] == sector:
                colours = " ".join(COLOUR_WORDS[board.space_colour[s]] for s in board.area_spaces[area])
                areas.append(f"{name} {AREA_KIND_WORDS[name[-1]]} ({colours})")
        lines.append(f"{SIDE_WORDS[side]}, sector {sector}: {', '.join(areas)}.")
    starts = ", ".join(f"#{k} is {v}" for k, v in sorted(
        (k, board.area_names[a]) for k, a in board.starting_areas.items()))
    lines.append(f"{SIDE_WORDS[side]}: {len(board.area_names)} areas, {len(board.space_colour)} spaces, "
                 f"{len(board.transmitter_names)} transmitter spaces ({', '.join(board.transmitter_names)}); "
                 f"starting areas {starts}.")
    return lines


def face_words(face: ObjectiveFace) -> str:
    """What an objective face asks, in words (the count of round 1, and how it grows)."""
    n = face.base
    area = COLOUR_WORDS.get(face.area, "")
    words = {
        "track": f"move your {area} marker down {n} levels",
        "track_most": f"with the most {area} knowledge alone, move that marker down {n} levels",
        "most": f"in an area where you alone have the most knowledge, move that marker down {n} levels",
        "spread": f"move markers down one level in each of {n} different areas",
        "total": f"move markers down {n} levels in all, in any areas",
        "same_sector": f"remove {n} labs from one sector",
        "distinct_sectors": f"remove one lab from each of {n} different sectors",
        "majority_sector": f"remove {n} labs from a sector where you alone have the most labs",
        "quiet": f"remove {n} labs from quiet sectors",
        "storm": f"remove {n} labs from storm sectors",
        "distinct_colours": f"remove {n} labs from spaces of different colours",
        "any": f"remove {n} labs from anywhere",
    }[face.goal]
    return words + (f", {face.per_round} more each round after the first" if face.per_round else "")


def objective_lines(content: Content) -> list[str]:
    """Both faces of every objective card."""
    return [f"{cid}{'ab'[i]} ({face.kind}): {face_words(face)}."
            for cid, faces in content.objectives.items() for i, face in enumerate(faces)]


def commander_lines(content: Content) -> list[str]:
    """The start of each commander's line: name, kind and its green and red reputation."""
    return [f"{c.name} ({c.kind}; +{c.green} reputation on gaining the card, -{c.red} on losing it):"
            for c in content.commanders.values()]


def reference_tables(content: Content) -> dict[str, list[str]]:
    """Reference topic id -> the data lines that topic must contain (commanders: line starts)."""
    return {
        "planet": [*board_lines(content, "2-3p"), *board_lines(content, "4p")],
        "storm": centre_lines(content),
        "panel": [*panel_lines(content, "2-3p"), *panel_lines(content, "4p")],
        "labs": [*player_board_lines(content), *research_lines(content, "2-3p"),
                 *research_lines(content, "4p")],
        "objectives": [*reputation_lines(content), *objective_lines(content)],
        "commanders": commander_lines(content),
    }
