"""The look: colours (dark arcane ink, parchment and gold), player palettes, type roles and sizes."""

from __future__ import annotations

Colour = tuple[int, int, int]

INK = (9, 8, 22)
NIGHT_TOP = (13, 11, 34)
NIGHT_BOTTOM = (33, 22, 58)
GLOW = (96, 72, 190)
PANEL = (22, 19, 46)
PANEL_HIGH = (38, 31, 74)
BORDER = (112, 90, 52)
GOLD = (214, 172, 92)
GOLD_BRIGHT = (250, 222, 150)
PARCHMENT = (238, 228, 204)
TEXT = (226, 219, 236)
TEXT_DIM = (150, 142, 172)
TEXT_DISABLED = (94, 88, 116)
SHADOW = (0, 0, 0)
DANGER = (214, 96, 86)

PLAYER_COLOURS: tuple[Colour, ...] = (
    (206, 64, 64),  # crimson
    (66, 128, 226),  # azure
    (70, 176, 96),  # emerald
    (232, 186, 52),  # amber
)
PLAYER_COLOURS_SAFE: tuple[Colour, ...] = (
    (230, 159, 0),  # Okabe-Ito orange
    (86, 180, 233),  # Okabe-Ito sky blue
    (0, 158, 115),  # Okabe-Ito bluish green
    (204, 121, 167),  # Okabe-Ito reddish purple
)
PLAYER_NAMES = ("Crimson", "Azure", "Emerald", "Amber")
PLAYER_NAMES_SAFE = ("Orange", "Sky", "Jade", "Rose")

FONT_FILES = {
    "title": "EBGaramond-AllSC.ttf",
    "serif": "EBGaramond-Regular.ttf",
    "serif_italic": "EBGaramond-Italic.ttf",
    "serif_bold": "EBGaramond-Bold.ttf",
    "ui": "Lato-Regular.ttf",
    "ui_semibold": "Lato-Semibold.ttf",
    "ui_bold": "Lato-Bold.ttf",
}
"""Type roles: small-caps Garamond for titles, Lato for everything that must be read quickly."""


def player_colours(colour_blind: bool) -> tuple[Colour, ...]:
    """The four seat colours; the colour-blind-safe set comes from the Okabe-Ito palette."""
    return PLAYER_COLOURS_SAFE if colour_blind else PLAYER_COLOURS


def player_names(colour_blind: bool) -> tuple[str, ...]:
    """Names of the seat colours, matching :func:`player_colours`."""
    return PLAYER_NAMES_SAFE if colour_blind else PLAYER_NAMES


def mix(a: Colour, b: Colour, amount: float) -> Colour:
    """Blend from ``a`` (0) to ``b`` (1)."""
    amount = min(1.0, max(0.0, amount))
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )
