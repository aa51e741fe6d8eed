"""The positions a match has passed through, for the AI's memory of repeated positions.

A search bot of a game with a ``repetition_key`` (MagiStrat) shuns a move that makes a position
again while it is ahead (:class:`~game.ai.base.SearchBot`). The client's worker builds a new bot for
every request, so the match's history travels with each request instead: :class:`PositionHistory`
keeps the keys of every position of a :class:`~game.rules.match.Match`, replaying its log on a private
copy, incrementally as the match goes on (an undo or a different log starts the replay afresh).
"""

from __future__ import annotations

import logging

from game.ai.games import new_state, repetition_key
from game.rules.match import Match

log = logging.getLogger(__name__)


class PositionHistory:
    """The repetition keys of a match's positions, start included (empty for a game without a key)."""

    def __init__(self, game_id: str) -> None:
        try:
            self._key = repetition_key(game_id)
        except ValueError:  # a game the AI does not play (human seats only): nothing to remember
            self._key = None
        self._game_id = game_id
        self._replay: Match | None = None
        self._keys: list[str] = []
        self._broken = False

    def keys(self, match: Match) -> list[str]:
        """Every position ``match`` has been in, oldest first (a copy; [] when it cannot be replayed)."""
        key = self._key
        if key is None or self._broken:
            return []
        try:
            replay = self._replay
            if replay is None or len(replay.log) > len(match.log) or any(
                ours.notation != theirs.notation for ours, theirs in zip(replay.log, match.log, strict=False)
            ):
                replay = self._restart(match)
            for entry in match.log[len(replay.log):]:
                replay.apply_logged(entry.actor, entry.notation)
                self._keys.append(key(replay.state))
        except Exception:
            return self._give_up("its log does not replay")
        if key(replay.state) != key(match.state):
            return self._give_up("its replay does not reach the live position")
        return list(self._keys)

    def _restart(self, match: Match) -> Match:
        assert self._key is not None
        self._replay = Match(new_state(self._game_id, match.state.options()), match.seed)
        self._keys = [self._key(self._replay.state)]
        return self._replay

    def _give_up(self, reason: str) -> list[str]:
        """The match started from something its options do not rebuild (a lesson): no memory, no harm."""
        log.warning("no position history for this %s match: %s", self._game_id, reason)
        self._broken = True
        self._replay = None
        return []
