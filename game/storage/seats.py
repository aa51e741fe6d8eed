"""Who sits at each seat: a name, a colour and who plays it (a human or an AI level).

Saves store the seats as short strings, ``controller/colour/name`` (``"human/0/South"``,
``"normal/1/North"``): the one format the client, ``selfplay`` and every loader use.
:func:`parse_seats` also reads the command line's seat kinds (``"human"``, ``"ai:normal"``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.levels import LEVELS

HUMAN = "human"
CONTROLLERS: tuple[str, ...] = (HUMAN, *LEVELS)
MAX_NAME_CHARS = 40
CLI_AI_PREFIX = "ai:"


class SeatError(ValueError):
    """A seat list that does not fit the game; the message names the seat and the problem."""


@dataclass(frozen=True)
class Seat:
    """One player of a match."""

    name: str
    controller: str = HUMAN
    """``"human"`` or an AI level (see ``game.ai.levels.LEVELS``)."""
    colour: int = 0
    """Index into the theme's player palette."""

    @property
    def is_ai(self) -> bool:
        """True when a bot plays this seat."""
        return self.controller != HUMAN

    @property
    def label(self) -> str:
        """Who plays, for the HUD: "Human" or "AI (Normal)"."""
        return "Human" if not self.is_ai else f"AI ({self.controller.title()})"

    def to_text(self) -> str:
        """The save-file form ``controller/colour/name``."""
        return f"{self.controller}/{self.colour}/{self.name}"

    @classmethod
    def from_text(cls, text: str, index: int) -> Seat:
        """Parse :meth:`to_text` or a command-line seat kind; raises SeatError naming the problem."""
        if text == HUMAN or text.startswith(CLI_AI_PREFIX):
            controller = HUMAN if text == HUMAN else text[len(CLI_AI_PREFIX):]
            if controller not in CONTROLLERS:
                raise SeatError(f"seat {index + 1}: unknown AI level {controller!r} "
                                f"(expected one of {', '.join(LEVELS)})")
            return cls(f"Player {index + 1}", controller, index % 4)
        controller, sep, rest = text.partition("/")
        colour, sep2, name = rest.partition("/")
        if not (sep and sep2):
            raise SeatError(f"seat {index + 1}: {text[:60]!r} is not 'controller/colour/name'")
        if controller not in CONTROLLERS:
            raise SeatError(f"seat {index + 1}: unknown player kind {controller!r} "
                            f"(expected one of {', '.join(CONTROLLERS)})")
        if colour not in ("0", "1", "2", "3"):
            raise SeatError(f"seat {index + 1}: colour {colour[:10]!r} is not 0, 1, 2 or 3")
        if not name.strip() or len(name) > MAX_NAME_CHARS:
            raise SeatError(f"seat {index + 1}: the name must have 1 to {MAX_NAME_CHARS} characters")
        return cls(name, controller, int(colour))


def parse_seats(texts: list[object], players: int) -> list[Seat]:
    """Exactly ``players`` seats from a save's seat list; raises SeatError naming the seat at fault."""
    if len(texts) != players:
        raise SeatError(f"{len(texts)} seats listed for a game of {players} players")
    seats = []
    for index, text in enumerate(texts):
        if not isinstance(text, str):
            raise SeatError(f"seat {index + 1}: must be a string, not {type(text).__name__}")
        seats.append(Seat.from_text(text, index))
    return seats


def seats_from_texts(texts: list[str]) -> list[Seat]:
    """Seats from an already validated seat list (a loaded save's)."""
    return [Seat.from_text(text, index) for index, text in enumerate(texts)]
