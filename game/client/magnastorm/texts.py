"""Magnastorm words for the table: cube colours, costs, commanders, objectives and bonus spaces.

The narrator, the previews and the tooltips all speak through these, so a cube or a commander is
named the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.magnastorm.data import Cost, ObjectiveFace
from game.rules.magnastorm.describe import AREA_WORDS
from game.rules.magnastorm.objectives import target

COMMANDER_EFFECTS = {
    "dain": "When you take it over, you may spend up to 2 yellow cubes for 1 reputation each.",
    "beeper": "When your runner moves, you may pay 1 cube (not your own colour) for one more area.",
    "outridge": "Each objective you fulfil gives 1 more reputation and a research level of your choice.",
    "okzil": "When your runner moves, you may pay 2 cubes of your colour for a research level.",
    "yakuul": "Moving or taking over a commander: pay one own cube instead of a yellow one, or the reverse.",
    "mascovic": "Instead of moving, your runner may jump to a quiet area with a lab; the move ends there.",
    "bonsmai": "After dropping a lab, pay 1 cube of your colour to drop another on the same space.",
    "yilmark": "1 more reputation for each sector majority of yours in the administration phase.",
    "huber": "Each research level you gain may be taken in any research area instead.",
    "davenpitt": "Each time you take the cubes of a row, your lowest research area goes up a level.",
    "mbado": "Each time you take the cubes of a row, take 1 more cube of any player's colour.",
    "obondov": "Each time you draw from the bag, you may draw 2 more cubes and keep them.",
    "lebeaux": "1 reputation at once when you receive it.",
    "park": "Once a round, your crew may use an action space that is already taken.",
    "modo": "Moving your runner costs 1 cube of your colour less.",
    "vasidis": "Once a turn when your runner moves, one lab or station costs nothing.",
}
"""What each commander does, in a newcomer's words (after the rule text's list of commanders)."""
FIRST_PLAYER_EFFECT = (
    "The first-player token: at once a research level of your choice and a cube of any player's colour; "
    "you become first player when the turn order is set in the administration phase."
)

BONUS_WORDS = {
    "range": "move up to 2 areas",
    "extra_lab": "drop a second lab on the same space",
    "bag": "draw a cube from the bag (with the cubes option)",
    "crew": "one of your crew from home joins the panels",
    "swap": "swap places with the player before you in the turn order",
    "yellow": "a yellow cube",
    "own": "a cube of your colour",
    "colour": "a cube of any player's colour",
    "bag2": "2 cubes from the bag",
    "bag3": "3 cubes from the bag",
    "own_cube": "a cube of your colour",
    "reputation": "1 reputation",
}
"""Bonus spaces of the action panel and the research tracks, in words."""

GOAL_WORDS = {
    "track": "move your {area} research marker down {n} levels",
    "track_most": "with the sole lead in {area} research, move that marker down {n} levels",
    "most": "in an area where you alone lead, move the marker down {n} levels",
    "spread": "move {n} different research markers down one level each",
    "total": "move research markers down {n} levels in all",
    "same_sector": "take back {n} labs from one sector",
    "distinct_sectors": "take back one lab from each of {n} sectors",
    "majority_sector": "take back {n} labs from a sector where you have the sole majority",
    "quiet": "take back {n} labs from quiet sectors",
    "storm": "take back {n} labs from sectors in the storm",
    "distinct_colours": "take back {n} labs from spaces of different colours",
    "any": "take back {n} labs from anywhere",
}
"""Objective goals; ``{n}`` is this round's count, ``{area}`` the research colour."""


def bonus_words(bonus: str) -> str:
    """A bonus space in words (``research:g`` -> ``one level of green research``)."""
    if bonus.startswith("research:"):
        return f"one level of {AREA_WORDS[bonus[-1]]} research"
    return BONUS_WORDS.get(bonus, bonus)


def cube_word(colour: str, names: Sequence[str]) -> str:
    """A cube colour of the notation in words: ``yellow``, ``black``, ``Anna's``."""
    if colour == "y":
        return "yellow"
    if colour == "k":
        return "black"
    index = int(colour) - 1
    return f"{names[index]}'s" if 0 <= index < len(names) else f"player {colour}'s"


def a_cube(colour: str, names: Sequence[str]) -> str:
    """``a yellow cube``, ``a black cube``, ``a cube of Anna's colour``."""
    if colour in "yk":
        return f"a {cube_word(colour, names)} cube"
    return f"a cube of {cube_word(colour, names)} colour"


def cost_words(cost: Cost) -> str:
    """``1 yellow + 2 own + 1 any`` (``free`` for nothing)."""
    parts = [f"{count} {word}" for count, word in ((cost.yellow, "yellow"), (cost.own, "own"),
                                                  (cost.any, "any"))
             if count]
    return " + ".join(parts) if parts else "free"


def objective_words(face: ObjectiveFace, round_number: int, areas: int) -> str:
    """What an objective face asks for this round, e.g. ``move your green research marker down 3``."""
    need = target(face, round_number, areas)
    text = GOAL_WORDS.get(face.goal, face.goal).format(n=need, area=AREA_WORDS.get(face.area, face.area))
    return text[0].upper() + text[1:]
