"""Render mid-game Magnastorm tables to PNG files, to look at the table at several window sizes.

    python tools/magnastorm_table_shot.py [--out DIR] [--side PIXELS] [--ui-scale S] [--colour-blind]
    python tools/magnastorm_table_shot.py --bench

``--bench`` times ``TableView.draw`` instead (a mid-game 4-player table with its legal targets
highlighted and a hover, at rest and with the tile, panel and bag animations running) at
1920x1080 and 2560x1440 and prints the medians and 95th percentiles in milliseconds.

Writes ``magnastorm-<players>p-<W>x<H>.png`` for 2 and 4 players at 1024x576, 1920x1080 and
2560x1080 (with a sample overlay: the legal targets of the position highlighted). ``--side``
leaves a column of that many design pixels at the right, as the match scene's side panel would.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.client import decor, theme
from game.client.assets import Assets
from game.client.layout import Frame
from game.client.magnastorm.geometry import TableLayout, Target
from game.client.magnastorm.samples import mid_game
from game.client.magnastorm.targets import target_of
from game.client.magnastorm.view import Overlay, TableView
from game.rules.magnastorm import MagnastormState

SIZES = ((1024, 576), (1920, 1080), (2560, 1080))
SEEDS = {2: 5, 3: 4, 4: 6}
"""Games whose mid-game shows labs, stations, claims and crew on both panels."""


def table(
    players: int, size: tuple[int, int], side: float, ui_scale: float, colour_blind: bool
) -> tuple[pygame.Surface, MagnastormState, TableLayout, TableView, dict[Target, str]]:
    """The window, a mid-game state, its layout, a view and the state's legal targets."""
    frame = Frame(size[0], size[1], ui_scale)
    surface = pygame.display.set_mode(size)
    state = mid_game(players, SEEDS[players])
    margin = frame.px(8)
    rect = pygame.Rect(margin, margin, size[0] - 2 * margin - frame.px(side), size[1] - 2 * margin)
    layout = TableLayout.compute(rect, frame.unit, state, state.current_player())
    view = TableView(Assets(), theme.player_colours(colour_blind))
    legal: dict[Target, str] = {}
    for action in state.legal_actions():
        target = target_of(state, action)
        if target is not None:
            legal[target] = ""
    return surface, state, layout, view, legal


def render(
    players: int, size: tuple[int, int], side: float, ui_scale: float, colour_blind: bool
) -> pygame.Surface:
    """One table at ``size`` with the position's legal targets highlighted."""
    surface, state, layout, view, legal = table(players, size, side, ui_scale, colour_blind)
    surface.blit(decor.background(size), (0, 0))
    view.draw(surface, state, layout, Overlay(legal=legal))
    return surface


def bench(side: float) -> None:
    """Print draw times (median and p95, ms) of a 4-player table at rest and animating."""
    for size in ((1920, 1080), (2560, 1440)):
        surface, state, layout, view, legal = table(4, size, side, 1.0, False)
        hover = next(iter(legal), None)
        labelled = {target: "1" for target in legal}
        for name in ("rest", "animating"):
            times = []
            for i in range(205):
                progress = 0.01 + (i % 59) / 60 if name == "animating" else 0.0
                overlay = Overlay(
                    legal=labelled,
                    hover=hover,
                    rotation=progress,
                    panel_swap=progress,
                    bag_draw=("y", progress) if progress else None,
                )
                start = time.perf_counter()
                view.draw(surface, state, layout, overlay)
                times.append((time.perf_counter() - start) * 1000)
            times = sorted(times[5:])
            median, p95 = statistics.median(times), times[int(len(times) * 0.95)]
            print(f"{size[0]}x{size[1]} {name}: median {median:.2f} ms, p95 {p95:.2f} ms")


def main(argv: list[str] | None = None) -> int:
    """Write the PNGs; prints their paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp/magnastorm-shots")
    parser.add_argument("--side", type=float, default=0.0)
    parser.add_argument("--ui-scale", type=float, default=1.0)
    parser.add_argument("--colour-blind", action="store_true")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument("--bench", action="store_true")
    args = parser.parse_args(argv)
    pygame.init()
    if args.bench:
        bench(args.side)
        return 0
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for players in args.players:
        for size in SIZES:
            surface = render(players, size, args.side, args.ui_scale, args.colour_blind)
            path = out / f"magnastorm-{players}p-{size[0]}x{size[1]}.png"
            pygame.image.save(surface, str(path))
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
