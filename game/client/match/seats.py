"""Who sits at each seat: a name, a colour and who plays it (a human or an AI level).

Saves store the seats as short strings (``"human/0/South"``, ``"normal/1/North"``) so the
save format stays the lead's plain list of strings.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.levels import LEVELS

HUMAN = "human"
CONTROLLERS: tuple[str, ...] = (HUMAN, *LEVELS)


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
        """Parse :meth:`to_text`; anything else (older saves, the CLI) is a human called ``text``."""
        controller, sep, rest = text.partition("/")
        colour, sep2, name = rest.partition("/")
        if sep and sep2 and controller in CONTROLLERS and colour.isdigit() and name:
            return cls(name, controller, int(colour) % 4)
        return cls(text or f"Player {index + 1}", HUMAN, index % 4)


def seats_from_texts(texts: list[str]) -> list[Seat]:
    """Seats from a save file's seat list."""
    return [Seat.from_text(text, index) for index, text in enumerate(texts)]
