"""The win-chance graph of a finished match: one line per seat, the biggest swings marked.

Drawn at the window's own pixels: ``unit`` is the pixels per design pixel of the scene that lays it
out (its frame's or region's unit), so lines and labels follow the Interface size. The pointer over
the graph picks the nearest position (:meth:`ChanceGraph.hover`), whose move and chances the scene
shows as a tooltip (:meth:`ChanceGraph.readout`); a click, or Enter while focused, hands that
position to ``on_pick`` (the replay jumps there). Left/Right move the picked position while the
graph has the keyboard focus. The part of the game not yet computed is simply not drawn yet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.client import decor, theme
from game.client.match.chances import ChanceSeries, Swing
from game.client.widgets import Widget

if TYPE_CHECKING:
    from game.client.assets import Assets

LABEL_WIDTH = 40
"""Design width of the "100 %" labels left of the plot."""


LINE_LUMINANCE = 0.06
"""Below this a seat's colour is lifted for its line (MagiStrat's obsidian on the ink panel)."""


def line_colours(colours: Sequence[theme.Colour]) -> list[theme.Colour]:
    """The seats' colours for their lines: their own, a very dark one lifted so it shows on ink."""
    return [theme.legible(c) if theme.luminance(c) < LINE_LUMINANCE else c for c in colours]


class ChanceGraph(Widget):
    """Each seat's win chance move by move; swings numbered; hover reads, click picks a position."""

    design_height = 120

    def __init__(
        self,
        assets: Assets,
        rect: pygame.Rect,
        series: ChanceSeries,
        colours: Sequence[theme.Colour],
        on_pick: Callable[[int], None],
        unit: float,
    ) -> None:
        super().__init__(assets, rect, "")
        self.series = series
        self.colours = line_colours(colours)
        self.on_pick = on_pick
        self.unit = unit
        self.current: int | None = None
        """The position shown elsewhere (the replay's), drawn as a gold rule; None: none."""
        self.hovered: int | None = None
        """The position under the pointer (or moved to with the arrows)."""

    def px(self, value: float) -> int:
        """A design length in pixels at the graph's unit."""
        return max(1, round(value * self.unit)) if value else 0

    def plot(self) -> pygame.Rect:
        """Where the lines are drawn: the rect less the labels at the left and a margin."""
        pad = self.px(8)
        left = self.px(LABEL_WIDTH) + pad
        return pygame.Rect(self.rect.x + left, self.rect.y + pad,
                           max(1, self.rect.width - left - pad), max(1, self.rect.height - 2 * pad))

    def x_of(self, position: int) -> float:
        """The x of ``position`` along the plot."""
        plot = self.plot()
        return plot.x + plot.width * position / max(1, self.series.length)

    def y_of(self, chance: float) -> float:
        """The y of a chance (0 at the bottom, 1 at the top)."""
        plot = self.plot()
        return plot.bottom - plot.height * chance

    def position_at(self, x: float) -> int:
        """The computed position nearest to ``x``."""
        plot = self.plot()
        fraction = min(1.0, max(0.0, (x - plot.x) / plot.width))
        return min(round(fraction * self.series.length), len(self.series.points) - 1)

    # -- input ---------------------------------------------------------------------------------------
    def hover(self, pos: tuple[float, float]) -> None:
        """The pointer moved: pick the position under it while it is over the graph."""
        self.hovered = self.position_at(pos[0]) if self.hit(pos) else None

    def press(self, pos: tuple[float, float]) -> bool:
        """Hand the position under the pointer to ``on_pick``."""
        self.hovered = self.position_at(pos[0])
        self.on_pick(self.hovered)
        return True

    def activate(self) -> bool:
        """Enter while focused: pick the position reached with the arrows (the current one else)."""
        self.on_pick(self._cursor())
        return True

    def adjust(self, step: int) -> bool:
        """Left/Right while focused: the previous or next position."""
        self.hovered = max(0, min(len(self.series.points) - 1, self._cursor() + step))
        return True

    def _cursor(self) -> int:
        if self.hovered is not None:
            return self.hovered
        return self.current if self.current is not None else len(self.series.points) - 1

    def readout(self) -> tuple[str, tuple[int, int]] | None:
        """The picked position's move and chances, and where its tooltip goes; None when none is."""
        if self.hovered is None or self.hovered >= len(self.series.points):
            return None
        text = self.series.describe(self.hovered)
        swing = self.series.swing_at(self.hovered)
        if swing is not None and swing in self.series.swings():
            text = f"{text}\nSwing: {swing.text}"
        x = round(self.x_of(self.hovered))
        return text, (x + self.px(12), self.rect.centery)

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Panel, the 0/50/100 % rules, each seat's line, the swings, the picked and current positions."""
        decor.blit_panel(surface, self.rect, radius=8, fill=theme.INK, alpha=200,
                         border=theme.mix(theme.BORDER, theme.GOLD, 0.6 if self.focused else 0.0),
                         shadow=0, unit=self.unit)
        plot, size = self.plot(), max(9, self.px(11))
        for chance in (0.0, 0.5, 1.0):
            y = round(self.y_of(chance))
            colour = theme.mix(theme.PANEL_HIGH, theme.BORDER, 0.6 if chance == 0.5 else 0.2)
            pygame.draw.line(surface, colour, (plot.x, y), (plot.right, y), 1)
            label_y = min(max(y, self.rect.y + size // 2 + 1), self.rect.bottom - size // 2 - 1)
            decor.text(surface, self.assets, "ui", size, f"{round(chance * 100)} %", theme.TEXT_DIM,
                       (plot.x - self.px(6), label_y), "midright")
        points = self.series.points
        width = max(1, self.px(2))
        if len(points) > 1:
            for seat in reversed(range(self.series.players)):
                line = [(self.x_of(k), self.y_of(chances[seat])) for k, chances in enumerate(points)]
                pygame.draw.lines(surface, self.colours[seat % len(self.colours)], False, line, width)
        for rule, colour in ((self.current, theme.GOLD), (self.hovered, theme.PARCHMENT)):
            if rule is not None and rule < len(points):
                x = round(self.x_of(rule))
                pygame.draw.line(surface, colour, (x, plot.y), (x, plot.bottom), 1)
        for number, swing in enumerate(self.series.swings(), start=1):
            self._mark(surface, number, swing)
        if not self.series.complete:
            decor.text(surface, self.assets, "ui", size, "Computing…", theme.TEXT_DIM,
                       (plot.right - self.px(4), plot.y + self.px(2)), "topright")

    def _mark(self, surface: pygame.Surface, number: int, swing: Swing) -> None:
        """A numbered disc on the swinging seat's line where the swing landed."""
        centre = (round(self.x_of(swing.position)), round(self.y_of(swing.after)))
        radius = max(4, self.px(8))
        pygame.draw.circle(surface, theme.INK, centre, radius)
        colour = self.colours[swing.seat % len(self.colours)]
        pygame.draw.circle(surface, colour, centre, radius, max(1, self.px(2)))
        rendered = self.assets.text("ui_bold", max(9, self.px(10)), str(number), theme.PARCHMENT)
        surface.blit(rendered, rendered.get_rect(center=centre))
