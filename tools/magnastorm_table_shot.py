"""Render mid-game Magnastorm tables to PNG files, to look at the table at several window sizes.

    python tools/magnastorm_table_shot.py [--out DIR] [--side PIXELS] [--ui-scale S] [--colour-blind]

Writes ``magnastorm-<players>p-<W>x<H>.png`` for 2 and 4 players at 1024x576, 1920x1080 and
2560x1080 (with a sample overlay: the legal targets of the position highlighted). ``--side``
leaves a column of that many design pixels at the right, as the match scene's side panel would.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.client import decor, theme
from game.client.assets import Assets
from game.client.layout import Frame
from game.client.magnastorm.geometry import TableLayout
from game.client.magnastorm.samples import mid_game
from game.client.magnastorm.targets import target_of
from game.client.magnastorm.view import Overlay, TableView

SIZES = ((1024, 576), (1920, 1080), (2560, 1080))


def render(
    players: int, size: tuple[int, int], side: float, ui_scale: float, colour_blind: bool
) -> pygame.Surface:
    """One table at ``size`` with the position's legal targets highlighted."""
    frame = Frame(size[0], size[1], ui_scale)
    surface = pygame.display.set_mode(size)
    surface.blit(decor.background(size), (0, 0))
    state = mid_game(players)
    margin = frame.px(8)
    rect = pygame.Rect(margin, margin, size[0] - 2 * margin - frame.px(side), size[1] - 2 * margin)
    layout = TableLayout.compute(rect, frame.unit, state, state.current_player())
    view = TableView(Assets(), theme.player_colours(colour_blind))
    legal = {}
    for action in state.legal_actions():
        target = target_of(state, action)
        if target is not None:
            legal[target] = ""
    view.draw(surface, state, layout, Overlay(legal=legal))
    return surface


def main(argv: list[str] | None = None) -> int:
    """Write the PNGs; prints their paths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp/magnastorm-shots")
    parser.add_argument("--side", type=float, default=0.0)
    parser.add_argument("--ui-scale", type=float, default=1.0)
    parser.add_argument("--colour-blind", action="store_true")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    args = parser.parse_args(argv)
    pygame.init()
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
