"""MageStone actions: small immutable values whose ``str()`` is their text notation.

Notation (squares are names like ``h8``)::

    e1-e2-f2        move along a route (first square: the unit's square)
    e4xe5           attack e5 with the unit on e4
    e4+d5+f5xe5     coordinated attack: leader e4, joiners d5 and f5
    collect i5      Mage collects the stones it stands on
    activate i1     Mage activates its carried stones on its base
    bolt i5>k7      Mage on i5 casts Bolt at k7
    nova i5         Mage on i5 casts Nova
    rite h8         Priest on h8 declares the Rite
    end             end the go
    fall d5         after a lost coordinated attack: the attacker on d5 falls
    dice attacker   abstract chance outcome (also ``dice defender``)
    dice 3+5v8,6+1v2  concrete dice: every roll, attacker faces v defender face
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.magestone.board import Board, square_name
from game.rules.protocol import ActionParseError


class Move(tuple[Any, ...]):
    """A unit's move along ``route`` (its own square first, then every square walked).

    ``Move(route)`` is the tuple of the route's squares (at least two). Equality
    and hashing are by route. Neither class defines ``__new__``, so both are
    built by the C-level tuple constructor: moves generated in bulk
    (``LazyMove``, built by ``map``) are cheap and find their route when first
    asked for it.
    """

    __slots__ = ()

    @property
    def route(self) -> tuple[int, ...]:
        """Every square of the route, the unit's own square first."""
        return tuple(self)

    @property
    def start(self) -> int:
        """The moving unit's square."""
        return self.route[0]

    @property
    def dest(self) -> int:
        """The square the move ends on."""
        dest: int = self[-1]
        return dest

    @property
    def cost(self) -> int:
        """Squares the move spends."""
        return len(self.route) - 1

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.route == other.route

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.route)

    def __str__(self) -> str:
        return "-".join(square_name(s) for s in self.route)

    __repr__ = __str__


class LazyMove(Move):
    """The canonical shortest move to a flood-fill square: ``LazyMove((flood, dest))``.

    ``flood = (board, layers, route cache)`` is shared by every move of one unit;
    the route is walked back through the layers when first needed.
    """

    __slots__ = ()

    @property
    def route(self) -> tuple[int, ...]:
        """Every square of the route, the unit's own square first."""
        board, layers, cache = self[0]
        dest: int = self[1]
        found: tuple[int, ...] | None = cache.get(dest)
        if found is None:
            found = cache[dest] = board.route_to(layers, dest)
        return found

    @property
    def dest(self) -> int:
        """The square the move ends on."""
        dest: int = self[1]
        return dest


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack on ``target`` by ``attackers`` (leader first, joiners ascending)."""

    attackers: tuple[int, ...]
    target: int

    def __str__(self) -> str:
        return "+".join(square_name(s) for s in self.attackers) + "x" + square_name(self.target)

    __repr__ = __str__


@dataclass(frozen=True, slots=True)
class UnitAction:
    """A one-square action: ``verb`` is collect, activate, nova or rite."""

    verb: str
    square: int

    def __str__(self) -> str:
        return f"{self.verb} {square_name(self.square)}"

    __repr__ = __str__


@dataclass(frozen=True, slots=True)
class Bolt:
    """The Mage on ``caster`` casts Bolt at the enemy on ``target``."""

    caster: int
    target: int

    def __str__(self) -> str:
        return f"bolt {square_name(self.caster)}>{square_name(self.target)}"

    __repr__ = __str__


@dataclass(frozen=True, slots=True)
class EndGo:
    """End the go."""

    def __str__(self) -> str:
        return "end"

    __repr__ = __str__


@dataclass(frozen=True, slots=True)
class Fall:
    """After a lost coordinated attack, the attacking player picks the Warrior on ``square`` to fall."""

    square: int

    def __str__(self) -> str:
        return f"fall {square_name(self.square)}"

    __repr__ = __str__


@dataclass(frozen=True, slots=True)
class DiceOutcome:
    """Abstract chance outcome of a contest: who won."""

    attacker_wins: bool

    def __str__(self) -> str:
        return "dice attacker" if self.attacker_wins else "dice defender"

    __repr__ = __str__


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """Concrete chance outcome: every roll as (attacker faces, defender face), ties first."""

    rolls: tuple[tuple[tuple[int, ...], int], ...]

    @property
    def attacker_wins(self) -> bool:
        """Whether the decisive (last) roll went to the attacker."""
        faces, defender = self.rolls[-1]
        return sum(faces) > defender

    def __str__(self) -> str:
        return "dice " + ",".join("+".join(map(str, faces)) + f"v{d}" for faces, d in self.rolls)

    __repr__ = __str__


Action = Move | Attack | UnitAction | Bolt | EndGo | Fall | DiceOutcome | DiceRoll
"""Any MageStone action."""

UNIT_VERBS = ("collect", "activate", "nova", "rite")
_END = EndGo()


def _square(board: Board, text: str, whole: str) -> int:
    try:
        return board.parse_square(text)
    except ValueError:
        raise ActionParseError(f"{whole!r}: {text!r} is not a square of the board") from None


def _faces(text: str, whole: str) -> tuple[int, ...]:
    parts = text.split("+")
    if not all(p.isdigit() and len(p) <= 2 for p in parts):
        raise ActionParseError(f"{whole!r}: {text!r} is not a list of die faces")
    return tuple(int(p) for p in parts)


def parse_action(board: Board, text: str) -> Action:
    """Parse MageStone action notation (syntax only; legality is the state's business)."""
    if not isinstance(text, str):
        raise ActionParseError(f"action text must be a string, got {type(text).__name__}")
    whole = text
    text = text.strip()
    if text == "end":
        return _END
    verb, _, rest = text.partition(" ")
    if rest:
        if verb in UNIT_VERBS:
            return UnitAction(verb, _square(board, rest, whole))
        if verb == "fall":
            return Fall(_square(board, rest, whole))
        if verb == "bolt":
            caster, sep, target = rest.partition(">")
            if not sep:
                raise ActionParseError(f"{whole!r}: Bolt is written 'bolt <caster>><target>'")
            return Bolt(_square(board, caster, whole), _square(board, target, whole))
        if verb == "dice":
            if rest in ("attacker", "defender"):
                return DiceOutcome(rest == "attacker")
            rolls = []
            for roll in rest.split(","):
                attacker, sep, defender = roll.partition("v")
                if not sep:
                    raise ActionParseError(f"{whole!r}: a roll is written '<faces>v<face>'")
                faces = _faces(defender, whole)
                if len(faces) != 1:
                    raise ActionParseError(f"{whole!r}: the defender rolls one die")
                rolls.append((_faces(attacker, whole), faces[0]))
            return DiceRoll(tuple(rolls))
        raise ActionParseError(f"{whole!r}: unknown action")
    if "x" in text:
        left, _, target = text.partition("x")
        attackers = tuple(_square(board, s, whole) for s in left.split("+"))
        if len(set(attackers)) != len(attackers) or len(attackers) > 3:
            raise ActionParseError(f"{whole!r}: one to three distinct attackers")
        joiners = attackers[1:]
        if list(joiners) != sorted(joiners):
            raise ActionParseError(f"{whole!r}: joiners are written in ascending square order")
        return Attack(attackers, _square(board, target, whole))
    if "-" in text:
        return Move(tuple(_square(board, s, whole) for s in text.split("-")))
    raise ActionParseError(f"{whole!r}: unknown action")
