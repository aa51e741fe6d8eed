"""Single-key shortcuts at the MagiStrat table: bring a layer to the front, switch the view.

The keys arrive as typed characters (:class:`~game.client.input.Typed`), so they follow the
player's keyboard layout and the number pad works too.
"""

from __future__ import annotations

from typing import Protocol

from game.client.magistrat.cube import CubeGeometry

LAYER_KEYS = {"1": 0, "2": 1, "3": 2}
"""Key -> the layer it brings to the front (0 Ground, 1 High-born, 2 Divine)."""
ALL_KEY = "0"
VIEW_KEY = "v"
FRONT_HELP = "Bring a layer to the front. Keys: 1 Ground, 2 High-born, 3 Divine, 0 all (or Left/Right)."
VIEW_HELP = "Switch between the stacked cube and the three boards side by side (V)."
KEY_CAPTION = "Bring to front · 1 2 3, 0 all"
"""The caption above the layer choice: its keys at a glance."""


class LayerTable(Protocol):
    """What the shortcuts need of the table."""

    @property
    def geometry(self) -> CubeGeometry:
        """The cube's current layout."""

    def set_view(self, mode: str | None = None, front: int | str | None = "keep") -> None:
        """Switch the view mode and/or the layer in front."""

    def toggle_view(self) -> None:
        """Oblique stack <-> flat side by side."""


def layer_shortcut(table: LayerTable, text: str) -> bool:
    """Apply the shortcut typed as ``text``; True when it was one.

    A layer's key brings it to the front, and pressed again puts all layers back on an equal footing.
    """
    key = text.lower()
    if key in LAYER_KEYS:
        layer = LAYER_KEYS[key]
        table.set_view(front=None if table.geometry.front == layer else layer)
        return True
    if key == ALL_KEY:
        table.set_view(front=None)
        return True
    if key == VIEW_KEY:
        table.toggle_view()
        return True
    return False
