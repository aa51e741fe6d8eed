"""Where on the table each legal Magnastorm action is clicked.

``target_of(state, action)`` gives the ``Target`` an action is played from, or None for the
actions with no place on the table (the scene shows them as buttons: ``move``, ``gain``, ``done``,
``finish``, ``joy``, ``nojoy``, ``dain n``, ``justin``, ``adira``, ``mira``, ``go``).

Several legal actions may share one target; the scene tells them apart:

* ``take c2`` and its Idris Yakuul variants ``take c2 iy`` / ``take c2 ik`` are all the column:
  a click takes the plain one, the variants are offered as buttons once the column is picked.
* ``to r4c1`` and ``to r4c1 kim`` never share a cell (Kim-Kin Park's use is only offered on an
  occupied cell, the plain one only on free cells).
* ``build t4 1`` / ``build t4 2`` / ``... free`` are all the transmitter: a click builds the first
  free station slot (the cheapest), a click on a station slot of the board first picks that one;
  Kaysia Vasidis's ``free`` is offered as a button.
* ``lab 3`` / ``lab 3 free`` / ``lab 3 azrea`` are all the lab slot: a click takes the plain drop
  (or the only one legal); ``free`` and ``azrea`` are buttons.
* ``pay y`` / ``get y`` / ``trade y`` / ``give y`` are the cube of that colour in the acting
  player's tray; only one of pay, get and give is ever pending at once, and ``trade`` (the free
  exchange) is offered beside them, so a click plays the pending one and the exchange starts from
  a button (or from a tray cube when nothing else is pending).
* ``res b`` and ``down b`` are the track; they are never legal together.
* ``up c2`` (a bonus crew member to the upper panel) is column 2, beside the lower cells.
* ``go t4`` is the transmitter t4 (a move starting at that station); plain ``go`` is a button.
* ``end s37`` is the space; ``step 4o`` the area, and a space of an area one step away is
  resolved to the step with ``area_of_space``.
"""

from __future__ import annotations

from game.client.magnastorm.geometry import Target
from game.rules.magnastorm.state import MagnastormState

BUTTON_VERBS = frozenset(
    {"move", "gain", "done", "finish", "joy", "nojoy", "dain", "justin", "adira", "mira"}
)
"""Verbs that are always buttons (``go`` is one too, unless it names a station)."""
CREW_KEY = {"y": "k", "1": "1", "2": "2", "3": "3", "4": "4"}
"""Crew colours in actions (``y``: the neutral crew) to target keys (``k``: neutral)."""


def target_of(state: MagnastormState, action: object) -> Target | None:
    """The target ``action`` is clicked on in ``state``, or None when it is a button."""
    verb = getattr(action, "verb", "")
    args: tuple[str, ...] = getattr(action, "args", ())
    if verb in BUTTON_VERBS:
        return None
    if verb in ("take", "start", "up"):
        return Target("column", args[0])
    if verb == "crew":
        return Target("crew", f"{args[0]} {CREW_KEY[args[1]]}")
    if verb == "to":
        return Target("lower", args[0])
    if verb == "step":
        return Target("area", args[0])
    if verb in ("end", "remove"):
        return Target("space", args[0])
    if verb == "go":
        return Target("transmitter", args[0]) if args else None
    if verb == "build":
        return Target("transmitter", args[0])
    if verb == "lab":
        return Target("lab", args[0])
    if verb == "obj":
        return Target("objective", args[0])
    if verb in ("pay", "get", "trade", "give"):
        return Target("cube", args[0])
    if verb in ("res", "down"):
        return Target("research", args[0])
    return None


def area_of_space(state: MagnastormState, space: Target) -> Target:
    """The area a space lies in (a click on a space of an area one step away is that step)."""
    board = state.s.board
    return Target("area", board.area_names[board.space_area[int(space.key[1:])]])
