"""The Magnastorm table: the planet, the action and research boards, turns as clicks with previews,
the administration phase as steps, set-up, narrator and the hooks for the shared match package.

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
