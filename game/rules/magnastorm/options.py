"""Magnastorm match options (validation and defaults).

Options (all optional but ``players``)::

    {"players": 2 | 3 | 4,
     "start_area": 1 | 2,                  # starting area and the centre tile's face
     "first_player": None | seat,          # None: drawn from the seed
     "artifacts": None | [[card id, ...] per seat]}   # each player's collection
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.magnastorm.data import bundled_content

KNOWN = ("players", "start_area", "first_player", "artifacts")


def normalise_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Validated options with defaults filled in; raise ``ValueError`` naming the option."""
    unknown = sorted(set(options) - set(KNOWN))
    if unknown:
        raise ValueError(f"unknown Magnastorm option {unknown[0]!r}; expected {', '.join(KNOWN)}")
    players = options.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) or players not in (2, 3, 4):
        raise ValueError(f"players: Magnastorm is played by 2, 3 or 4 players, not {players!r}")
    area = options.get("start_area", 1)
    if area not in (1, 2) or isinstance(area, bool):
        raise ValueError(f"start_area: expected 1 or 2, got {area!r}")
    first = options.get("first_player")
    if first is not None and (not isinstance(first, int) or isinstance(first, bool)
                              or not 0 <= first < players):
        raise ValueError(f"first_player: expected a seat 0..{players - 1} or None, got {first!r}")
    collections = options.get("artifacts")
    if collections is not None:
        known = bundled_content().artifacts
        if not isinstance(collections, list) or len(collections) != players:
            raise ValueError(f"artifacts: expected one list of card ids per seat ({players}), "
                             f"got {collections!r}")
        cleaned = []
        for seat, cards in enumerate(collections):
            valid = isinstance(cards, list) and len(set(cards)) == len(cards) and all(
                isinstance(c, int) and not isinstance(c, bool) and c in known for c in cards)
            if not valid:
                raise ValueError(f"artifacts[{seat}]: expected distinct artifact card ids, got {cards!r}")
            cleaned.append(sorted(cards))
        collections = cleaned
    return {"players": players, "start_area": area, "first_player": first, "artifacts": collections}
