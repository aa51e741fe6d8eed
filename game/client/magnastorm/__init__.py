"""The Magnastorm table: the planet, the action board, the research board and the players' boards.

``geometry`` places every part of the physical table in a rect and hit-tests it, ``targets``
maps each legal action to the part of the table it is clicked on, ``view`` draws the table;
``interaction`` turns clicks into decisions with previews, ``scene`` is the match table.
``client()`` describes this game to the shared match package (:mod:`game.client.match.games`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.client.match.games import GameClient


def client() -> GameClient:
    """The Magnastorm entry of the game-client registry."""
    from game.client.magnastorm.registry import magnastorm_client

    return magnastorm_client()
