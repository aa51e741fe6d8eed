"""Player profiles: each named player (a human's or an AI seat's name) keeps its Magnastorm artifact cards.

One JSON file (``profiles.json`` beside the settings) with a schema version, written atomically with a
backup after every change. A damaged file is set aside as ``profiles.json.corrupt``, its backup used when
good (else the profiles start afresh), and the loader returns a notice naming the file and what is wrong.

The rules decide which card each player wins (the chance outcome ``artifact <seat> <card>``); this module
only keeps them. A match's awards are recorded once: the file remembers the matches it has recorded.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.paths import settings_dir
from game.safe_json import Fields, FileProblem
from game.storage.atomic import write_json_atomic
from game.storage.seats import MAX_NAME_CHARS
from game.storage.userfiles import load_or_recover

FILE_NAME = "profiles.json"
SCHEMA_VERSION = 1
MAX_BYTES = 1_000_000
"""Hundreds of profiles with full collections fit in well under this."""
MAX_PROFILES = 500
MAX_CARDS = 10_000
"""Highest artifact card id the data may use (``levels/magnastorm/artifacts.json`` says 1..10,000)."""
MAX_RECORDED = 1_000
"""Matches remembered as recorded (the oldest are forgotten first)."""
ADVANCED_START_CARDS = 2
"""Cards every seat needs for the advanced starting positions (rulebook, "Advanced Starting Positions")."""
AWARD = "artifact"

log = logging.getLogger(__name__)


def profiles_path() -> Path:
    """Where the profiles live (below ``MAGESTONE_USER_DIR`` when that is set)."""
    return settings_dir() / FILE_NAME


def awards_from_log(names: Sequence[str], notations: Iterable[str]) -> list[tuple[str, int]]:
    """``(seat name, card)`` for every ``artifact <seat> <card>`` outcome in a match log's notations."""
    awards = []
    for notation in notations:
        words = notation.split()
        if len(words) == 3 and words[0] == AWARD and words[1].isdigit() and words[2].isdigit():
            seat = int(words[1])
            if seat < len(names):
                awards.append((names[seat], int(words[2])))
    return awards


@dataclass
class Profiles:
    """Every profile's artifact collection, and the matches whose awards are already in."""

    path: Path
    cards: dict[str, list[int]] = field(default_factory=dict)
    """Collection per profile name, in the order the profiles were made; each list sorted."""
    recorded: list[str] = field(default_factory=list)
    """Keys of the matches recorded (oldest first)."""

    def names(self) -> tuple[str, ...]:
        """The profile names, alphabetically (case-insensitive)."""
        return tuple(sorted(self.cards, key=lambda name: (name.casefold(), name)))

    def collection(self, name: str) -> tuple[int, ...]:
        """The card ids ``name`` owns, smallest first (empty for an unknown name)."""
        return tuple(self.cards.get(name, ()))

    def delete(self, name: str) -> bool:
        """Remove a profile and its collection (saved at once); False when there was none."""
        if self.cards.pop(name, None) is None:
            return False
        self.save()
        return True

    def record_awards(self, awards: Iterable[tuple[str, int]], match_key: str | None = None) -> bool:
        """Add each ``(name, card)`` to that profile (made when new) and save; a card already owned
        stays once. With ``match_key``, a match already recorded adds nothing: returns False then."""
        if match_key is not None and match_key in self.recorded:
            return False
        changed = False
        for name, card in awards:
            if not _valid_name(name) or (name not in self.cards and len(self.cards) >= MAX_PROFILES):
                log.warning("profiles: award of card %d to %r not kept", card, name[:60])
                continue
            owned = self.cards.setdefault(name, [])
            if card not in owned:
                owned.append(card)
                owned.sort()
            changed = True
        if match_key is not None:
            self.recorded = [*self.recorded, match_key][-MAX_RECORDED:]
        if changed or match_key is not None:
            self.save()
        return changed

    def advanced_start_collections(self, names: Sequence[str]) -> list[list[int]] | None:
        """The seats' collections for the match option ``artifacts`` (the advanced starting positions),
        or None unless every seat has at least two cards of the bundled set."""
        from game.rules.magnastorm.data import bundled_content

        known = bundled_content().artifacts
        collections = [[card for card in self.collection(name) if card in known] for name in names]
        if not collections or any(len(cards) < ADVANCED_START_CARDS for cards in collections):
            return None
        return collections

    def save(self) -> None:
        """Write atomically; a failure is logged, never raised."""
        payload = {
            "schema_version": SCHEMA_VERSION,
            "profiles": [{"name": name, "cards": cards} for name, cards in self.cards.items()],
            "recorded": self.recorded,
        }
        try:
            write_json_atomic(self.path, payload)
        except OSError:
            log.exception("profiles: could not write %s", self.path)


def _valid_name(name: object) -> bool:
    return isinstance(name, str) and bool(name.strip()) and len(name) <= MAX_NAME_CHARS


def _collection(fields: Fields, profile: Mapping[str, Any], where: str) -> list[int]:
    """A profile's card list: distinct whole numbers 1..MAX_CARDS."""
    cards = fields.get(profile, "cards", list, where)
    for index, card in enumerate(cards):
        if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= MAX_CARDS:
            raise fields.fail(f"{where}[{index}]", f"must be an artifact card number 1..{MAX_CARDS}")
    if len(set(cards)) != len(cards):
        raise fields.fail(where, "lists a card twice")
    return sorted(cards)


def parse_profiles(payload: Any, path: Path) -> Profiles:
    """Validate a parsed ``profiles.json``; raises FileProblem naming the file and the field."""
    fields = Fields(path)
    document = fields.object(payload)
    version = fields.get(document, "schema_version", int)
    if version != SCHEMA_VERSION:
        raise FileProblem(path, f"schema version {version} is not supported (this version reads "
                                f"{SCHEMA_VERSION})")
    entries = fields.get(document, "profiles", list)
    if len(entries) > MAX_PROFILES:
        raise fields.fail("profiles", f"holds {len(entries)} profiles (at most {MAX_PROFILES})")
    cards: dict[str, list[int]] = {}
    for index, entry in enumerate(entries):
        where = f"profiles[{index}]"
        profile = fields.object(entry, where)
        name = fields.get(profile, "name", str, f"{where}.name")
        if not _valid_name(name):
            raise fields.fail(f"{where}.name", f"must have 1 to {MAX_NAME_CHARS} characters")
        if name in cards:
            raise fields.fail(f"{where}.name", f"repeats the profile {name!r}")
        cards[name] = _collection(fields, profile, f"{where}.cards")
    recorded = fields.get(document, "recorded", list) if "recorded" in document else []
    if not all(isinstance(key, str) for key in recorded):
        raise fields.fail("recorded", "must be a list of strings")
    return Profiles(path, cards, list(recorded[-MAX_RECORDED:]))


def load_profiles(path: Path | None = None) -> tuple[Profiles, str | None]:
    """Read the profiles; returns ``(profiles, notice)``.

    ``notice`` is None normally. A damaged file is kept aside as ``profiles.json.corrupt`` and its
    backup used when good (else no profiles); the notice names the file and what was wrong.
    """
    path = path or profiles_path()
    recovered = load_or_recover(path, MAX_BYTES, parse_profiles, "Your player profiles")
    return recovered.value or Profiles(path), recovered.notice or None

