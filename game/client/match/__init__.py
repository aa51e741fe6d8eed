"""Shared match session for every game: seats, the controller, saves, log, game over, replays.

Nothing here knows a game's rules beyond the protocol in ``game.rules.protocol``; a game's
client package registers its board view and narrator in :mod:`game.client.match.games`.
"""
