"""Computer players: search over the game protocol, levels, a worker process, arenas.

Layers run one way: ``game.rules`` <- ``game.ai`` <- client. Nothing here
imports pygame.
"""

from game.ai.base import Bot, Budget, RandomBot
from game.ai.levels import LEVELS, hint, make_bot

__all__ = ["LEVELS", "Bot", "Budget", "RandomBot", "hint", "make_bot"]
