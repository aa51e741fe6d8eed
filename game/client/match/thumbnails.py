"""Small pictures of saved positions for the save list, drawn by each game's ``paint_board`` and
cached per saved position and size (one drawn per frame, so a long list never stalls the window)."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.client import theme
from game.client.match.games import game_client
from game.client.scenes.base import Host
from game.rules.protocol import GameState

CACHE_SIZE = 48
"""Pictures kept (a few screens of saves, at a couple of sizes)."""
DRAW_HEIGHT = 300
"""The painters draw at this height, then the picture is scaled down smoothly (they are made for
the table, and a board drawn directly at 50 pixels loses its pieces)."""

Key = tuple[str, tuple[int, int], bool]
_PICTURES: OrderedDict[Key, pygame.Surface | None] = OrderedDict()
"""Drawn pictures, kept across visits to the save list (least recently asked for dropped first)."""


class Thumbnails:
    """Pictures of saved positions: :meth:`request` them (update), :meth:`draw_next` one a frame,
    and blit what :meth:`shown` has (draw)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self._wanted: dict[Key, GameState] = {}

    def _key(self, identity: str, size: tuple[int, int]) -> Key:
        return (identity, size, self.host.settings.colour_blind)

    def request(self, identity: str, state: GameState, size: tuple[int, int]) -> None:
        """Ask for the picture of ``state`` at ``size``; ``identity`` names the saved position (its
        file and final hash), so a save written again gets a new picture."""
        key = self._key(identity, size)
        if key in _PICTURES:
            _PICTURES.move_to_end(key)
        else:
            self._wanted[key] = state

    def shown(self, identity: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The picture once drawn (None before, or for a game without a painter)."""
        return _PICTURES.get(self._key(identity, size))

    @property
    def pending(self) -> bool:
        """True while a picture asked for is not drawn yet."""
        return bool(self._wanted)

    def draw_next(self) -> None:
        """Draw one picture asked for."""
        if self._wanted:
            key = next(iter(self._wanted))
            _PICTURES[key] = picture(self.host, self._wanted.pop(key), key[1])
            while len(_PICTURES) > CACHE_SIZE:
                _PICTURES.popitem(last=False)


def picture(host: Host, state: GameState, size: tuple[int, int]) -> pygame.Surface | None:
    """``state`` painted by its game into a ``size`` picture (None when the game has no painter)."""
    client = game_client(state.game_id)
    if client is None or min(size) < 1:
        return None
    scale = max(1.0, DRAW_HEIGHT / size[1])
    canvas = pygame.Surface((round(size[0] * scale), round(size[1] * scale)), pygame.SRCALPHA)
    canvas.fill((*theme.INK, 255))
    client.paint_board(host, state, canvas, canvas.get_rect().inflate(-8, -8))
    return pygame.transform.smoothscale(canvas, size)
