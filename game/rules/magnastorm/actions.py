"""Magnastorm actions and their text notation (see docs/magnastorm-notation.md).

Every action, chance outcome included, is one small frozen ``Action``: a verb and
its arguments, written ``verb arg arg``. Actions are interned by their text, so
generating legal actions allocates little and equal texts are the same object.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game.rules.protocol import ActionParseError

_C = r"[y1-4]"
"""A cube colour held by a player: yellow or the colour of seat 1-4."""
_GRAMMAR: dict[str, re.Pattern[str]] = {
    verb: re.compile(pattern)
    for verb, pattern in {
        "deal": r"(rc[0-3]|ac[1-4]|ob[0-3]) [a-zA-Z0-9]+",
        "first": r"[0-3]",
        "draw": r"[0-3] \d{1,4}",
        "tie": r"[0-3]",
        "artifact": r"[0-3] \d{1,4}",
        "bag": r"[y1-4k]",
        "start": r"c[0-4]",
        "res": r"[grbv]",
        "take": r"c[0-4]( iy| ik)?",
        "crew": r"c[0-4] " + _C,
        "to": r"r[0-7]c[0-4]( kim)?",
        "up": r"c[0-4]",
        "move": r"(iy|ik)?",
        "gain": r"",
        "justin": r"",
        "adira": r"",
        "mira": r"",
        "go": r"(t\w+)?",
        "step": r"[0-5][a-z]",
        "end": r"s\d{1,2}",
        "build": r"t\w+ [1-3]( free)?",
        "lab": r"(10|[1-9])( free| azrea| free azrea)?",
        "done": r"",
        "pay": _C,
        "get": _C,
        "joy": r"",
        "nojoy": r"",
        "dain": r"[0-2]",
        "obj": r"[1-4]",
        "remove": r"s\d{1,2}",
        "down": r"[grbv]",
        "trade": _C,
        "give": _C,
        "finish": r"",
    }.items()
}


@dataclass(frozen=True, slots=True)
class Action:
    """One action: ``verb`` and its space-separated ``args`` (``str()`` is the notation)."""

    verb: str
    args: tuple[str, ...] = ()
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", " ".join((self.verb, *self.args)))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


_INTERNED: dict[str, Action] = {}


def act(text: str) -> Action:
    """The interned action written ``text`` (trusted: the engine's own spelling)."""
    found = _INTERNED.get(text)
    if found is None:
        verb, *args = text.split(" ")
        found = _INTERNED[text] = Action(verb, tuple(args))
    return found


def parse_action(text: str) -> Action:
    """Parse notation; raise ``ActionParseError`` when it is not a Magnastorm action.

    >>> str(parse_action("crew c2 y"))
    'crew c2 y'
    """
    if not isinstance(text, str):
        raise ActionParseError(f"action must be text, got {type(text).__name__}")
    verb, _, rest = text.partition(" ")
    pattern = _GRAMMAR.get(verb)
    if pattern is None or not pattern.fullmatch(rest) or (rest == "" and " " in text):
        raise ActionParseError(f"not a Magnastorm action: {text!r} (expected e.g. 'crew c2 y', "
                               "'take c1', 'move', 'step 4o', 'end s12', 'lab 3', 'finish')")
    return act(text)
