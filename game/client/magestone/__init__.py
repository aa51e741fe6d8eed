"""The MageStone table: board view, HUD, physics dice, animations, set-up and the match scene.

``client()`` describes this game to the shared match package (:mod:`game.client.match.games`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.client.match.games import GameClient


def client() -> GameClient:
    """The MageStone entry of the game-client registry."""
    from game.client.magestone.registry import magestone_client

    return magestone_client()
