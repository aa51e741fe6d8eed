"""Plain-language descriptions of Magnastorm actions, for the game log and tooltips."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules.magnastorm.actions import Action

if TYPE_CHECKING:
    from game.rules.magnastorm.state import MagnastormState

AREA_WORDS = {"g": "green", "r": "red", "b": "blue", "v": "violet"}
"""Research areas by their letter."""
SWAP_WORDS = {"iy": "one own cube instead of a yellow", "ik": "one yellow cube instead of an own"}
"""Idris Yakuul's exchanges."""


def _cube(colour: str, thing: str = "cube") -> str:
    """``a yellow cube``, ``a black cube``, ``a cube of player 2's colour``."""
    if colour in "yk":
        return f"a {'yellow' if colour == 'y' else 'black'} {thing}"
    return f"a {thing} of player {colour}'s colour"


def _row_column(cell: str) -> str:
    row, column = cell[1:].split("c")
    return f"row {int(row) + 1}, column {int(column) + 1}"


def describe(state: MagnastormState, action: Action) -> str:
    """``action`` in words, as taken in ``state`` (the actor is the player to act, or chance)."""
    verb, args = action.verb, action.args
    chance = _CHANCE.get(verb)
    if chance is not None:
        return chance(state, args)
    names = state.s.content.commanders
    task = state.tasks[-1] if state.tasks else ("", -1, 0, 0, 0)
    who = f"Player {task[1] + 1}"

    def by(commander: str) -> str:
        return names[commander].name

    def column(text: str) -> str:
        index = int(text[1:])
        held = state.admin[index]
        return f"column {index + 1} ({by(held) if held else 'first player'})"

    if verb == "start":
        return f"{who} puts starting crew in {column(args[0])}"
    if verb == "res":
        return f"{who} advances one level of {AREA_WORDS[args[0]]} research"
    if verb == "take":
        swap = f", paying {SWAP_WORDS[args[1]]} ({by('yakuul')})" if len(args) > 1 else ""
        return f"{who} takes over {column(args[0])} with its crew{swap}"
    if verb == "crew":
        return f"{who} takes {_cube(args[1], 'crew member')} from {column(args[0])}"
    if verb == "to":
        kim = f", beside other crew ({by('park')})" if len(args) > 1 else ""
        return f"{who} places the crew member on the action panel at {_row_column(args[0])}{kim}"
    if verb == "up":
        return f"{who} puts a crew member from home up into {column(args[0])}"
    if verb == "move":
        swap = f", paying {SWAP_WORDS[args[0]]} ({by('yakuul')})" if args else ""
        return f"{who} moves the runner{swap}"
    if verb == "gain":
        return f"{who} gains the cubes of the row"
    if verb == "justin":
        return f"{who} uses {by('beeper')}: one more step for a cube"
    if verb == "adira":
        return f"{who} uses {by('okzil')}: two own cubes for a research level"
    if verb == "mira":
        return f"{who} uses {by('mascovic')}: the runner jumps to a quiet area with a lab"
    if verb == "go":
        return f"{who} starts the move from station {args[0]}" if args else f"{who} starts the move from here"
    if verb == "step":
        return f"{who} steps the runner to area {args[0]}"
    if verb == "end":
        space = int(args[0][1:])
        area = state.s.board.area_names[state.s.board.space_area[space]]
        return f"{who} ends the move on space {space} (area {area})"
    if verb == "build":
        free = f" for free ({by('vasidis')})" if "free" in args else ""
        return f"{who} builds station {args[1]} of its board on transmitter {args[0]}{free}"
    if verb == "lab":
        extras = [f"for free ({by('vasidis')})"] * ("free" in args) + \
                 [f"as an extra lab ({by('bonsmai')})"] * ("azrea" in args)
        return " ".join([f"{who} drops lab {args[0]} of its board", *extras])
    if verb == "pay":
        to = task[2] if task[0] == "pay" else -1
        return f"{who} pays {_cube(args[0])}" + (f" to player {to + 1}" if to >= 0 else "")
    if verb == "get":
        return f"{who} takes {_cube(args[0])}"
    if verb == "joy":
        return f"{who} uses {by('obondov')}: two more bag draws"
    if verb == "nojoy":
        return f"{who} does not use {by('obondov')}"
    if verb == "dain":
        return f"{who} gives {args[0]} yellow cube{'s' * (args[0] != '1')} to {by('dain')} " \
               f"for as much reputation"
    if verb == "obj":
        card = state.objectives[int(args[0]) - 1]
        return f"{who} fulfils objective {args[0]} ({card})"
    if verb == "remove":
        return f"{who} takes back a lab from space {args[0][1:]}"
    if verb == "down":
        return f"{who} moves {AREA_WORDS[args[0]]} research down for the objective"
    if verb == "trade":
        return f"{who} exchanges three cubes for {_cube(args[0])}"
    if verb == "give":
        return f"{who} gives {_cube(args[0])} in the exchange"
    if verb == "done":
        return f"{who} drops no more labs and builds no more stations"
    if verb == "finish":
        return f"{who} ends the turn"
    return str(action)


def _deal(state: MagnastormState, args: tuple[str, ...]) -> str:
    slot, card = args
    if slot.startswith("ob"):
        return f"Objective {card} is dealt to place {int(slot[2:]) + 1}"
    name = state.s.content.commanders[card].name
    if slot.startswith("rc"):
        return f"{name} is dealt as the {AREA_WORDS[state.s.colours[int(slot[2:])]]} research commander"
    return f"{name} is dealt to column {int(slot[2:]) + 1}"


def _bag(state: MagnastormState, args: tuple[str, ...]) -> str:
    who = f"Player {state.tasks[-1][2] + 1}"
    if args[0] == "k":
        return f"{who} draws a black cube from the bag (it goes back; an own cube instead)"
    return f"{who} draws {_cube(args[0])} from the bag"


def _artifact(state: MagnastormState, args: tuple[str, ...]) -> str:
    card = state.s.content.artifacts[int(args[1])]
    return f"Player {int(args[0]) + 1} receives {card.tier} artifact {card.id}"


_CHANCE: dict[str, Callable[[MagnastormState, tuple[str, ...]], str]] = {
    "deal": _deal,
    "bag": _bag,
    "artifact": _artifact,
    "first": lambda state, args: f"Player {int(args[0]) + 1} is drawn to start",
    "draw": lambda state, args: f"Player {int(args[0]) + 1} draws artifact {args[1]} for the turn order",
    "tie": lambda state, args: f"Player {int(args[0]) + 1} wins the turn-order tie",
}
"""Descriptions of chance outcomes, by verb."""
