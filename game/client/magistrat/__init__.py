"""The MagiStrat table: the Étherean cube (oblique stack or flat), set-up, turns with previews,
animations, HUD and the set-up scene.

``client()`` describes this game to the shared match package (:mod:`game.client.match.games`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.client.match.games import GameClient


def client() -> GameClient:
    """The MagiStrat entry of the game-client registry."""
    from game.client.magistrat.registry import magistrat_client

    return magistrat_client()
