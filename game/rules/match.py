"""A match: one game state, its seeded dice, the action log and the undo policy."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.rules.protocol import Event, GameState, IllegalActionError


def dice_rng(seed: int, roll_index: int) -> random.Random:
    """The RNG for the ``roll_index``-th chance event of a match seeded ``seed``.

    Counter-based, so the match's whole random state is the seed plus the
    number of chance events so far, both recorded in the save file.
    """
    return random.Random(f"magestone-dice/{seed}/{roll_index}")


@dataclass
class LogEntry:
    """One applied action: who chose it (seat, or -1 for chance) and its text."""

    actor: int
    notation: str

    def to_json(self) -> list[Any]:
        """Compact JSON form ``[actor, notation]``."""
        return [self.actor, self.notation]


@dataclass
class Match:
    """Owns the state, the seeded dice and the action log of one game.

    Players call ``play``; every chance node that follows is resolved at once
    from the match's own RNG and logged, so the log alone replays the game.
    """

    state: GameState
    seed: int
    log: list[LogEntry] = field(default_factory=list)
    chance_count: int = 0

    def play(self, action: Any) -> list[Event]:
        """Apply a player's action, then resolve any chance that follows."""
        if self.state.is_chance_node() or not self.state.is_legal(action):
            raise IllegalActionError(f"illegal action {action}")
        actor = self.state.current_player()
        events = self.state.apply(action)
        self.log.append(LogEntry(actor, str(action)))
        events.extend(self.resolve_chance())
        return events

    def play_text(self, text: str) -> list[Event]:
        """Parse an action's notation and play it."""
        return self.play(self.state.parse_action(text))

    def resolve_chance(self) -> list[Event]:
        """Resolve chance nodes from the match RNG until a player must act."""
        events: list[Event] = []
        while self.state.is_chance_node():
            outcome = self.state.sample_chance(dice_rng(self.seed, self.chance_count))
            self.chance_count += 1
            events.extend(self.state.apply(outcome))
            self.log.append(LogEntry(-1, str(outcome)))
        return events

    def apply_logged(self, actor: int, text: str) -> list[Event]:
        """Re-apply one recorded log entry (replays and loading saves)."""
        if actor != self.state.current_player():
            raise IllegalActionError(f"{text!r} recorded for seat {actor}, "
                                     f"but seat {self.state.current_player()} is to act")
        action = self.state.parse_action(text)
        if not self.state.is_legal(action):
            raise IllegalActionError(f"illegal action {text}")
        events = self.state.apply(action)
        self.log.append(LogEntry(actor, text))
        if actor == -1:
            self.chance_count += 1
        return events

    def undo_floor(self, across_turns: bool = False) -> int:
        """Log length below which undo may not go.

        Undo never crosses a chance outcome (nobody re-rolls dice by undoing).
        By default it also stays within the current player's go; with
        ``across_turns`` (a take-back against the AI in a game without dice)
        it may go back over other players' turns too.
        """
        player = self.state.current_player()
        floor = len(self.log)
        while floor > 0:
            actor = self.log[floor - 1].actor
            if actor == -1 or (actor != player and not across_turns):
                break
            floor -= 1
        return floor

    def can_undo(self, across_turns: bool = False) -> bool:
        """True when the last action may be taken back (see ``undo_floor``)."""
        return len(self.log) > self.undo_floor(across_turns)

    def undo(self, across_turns: bool = False) -> None:
        """Take back the last action (see ``undo_floor``)."""
        if not self.can_undo(across_turns):
            raise IllegalActionError("nothing to undo here")
        self.state.undo()
        self.log.pop()
