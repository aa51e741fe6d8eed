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
MAGISTRAT_SIDES: tuple[Colour, ...] = (
    (240, 232, 212),  # White: ivory
    (58, 50, 74),  # Black: obsidian (a light rim keeps it visible on the dark table)
)
MAGISTRAT_SIDES_SAFE: tuple[Colour, ...] = (
    (250, 250, 250),  # White: the lightest of all, told apart by brightness alone
    (26, 26, 30),  # Black: near black
)
"""MagiStrat's sides are light and dark, as their names say; brightness (not hue) tells them apart,
so the colour-blind set only widens the gap."""
LEGIBLE_LUMINANCE = 0.18
"""Below this relative luminance a seat colour is too dark to read as text on the ink panels."""

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


def magistrat_colours(colour_blind: bool) -> tuple[Colour, ...]:
    """White's and Black's colours in MagiStrat (light and dark in either palette)."""
    return MAGISTRAT_SIDES_SAFE if colour_blind else MAGISTRAT_SIDES


def luminance(colour: Colour) -> float:
    """Relative luminance (WCAG) from 0 (black) to 1 (white)."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def is_dark(colour: Colour) -> bool:
    """True for a seat colour that needs a light rim and lifted text on the dark panels."""
    return luminance(colour) < LEGIBLE_LUMINANCE


def legible(colour: Colour) -> Colour:
    """``colour`` for text on the dark panels: a dark seat colour is lifted to a pale grey of its hue."""
    return mix(colour, TEXT, 0.72) if is_dark(colour) else colour


def rim(colour: Colour) -> Colour:
    """The outline that sets a shape of ``colour`` off the dark table: ink, or parchment for a dark one."""
    return PARCHMENT if is_dark(colour) else INK


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
