"""A match: one game state, its seeded dice, the action log and the undo policy."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from game.rules.protocol import Event, GameState, IllegalActionError

RESIGN = "resign"
"""Log notation of a resignation; the entry's actor is the seat that resigns."""
DRAW_AGREED = "draw agreed"
"""Log notation of an agreed draw; the entry's actor is the seat that offered it."""
CONCESSIONS = (RESIGN, DRAW_AGREED)
"""Log entries that are not actions of the rules: they end the game (or a seat's part in it)."""


@runtime_checkable
class Concedable(Protocol):
    """A state that can end by resignation or agreement (both games; undone by ``undo``)."""

    def resign(self, seat: int) -> list[Event]:
        """``seat`` resigns."""
        ...

    def agree_draw(self) -> list[Event]:
        """The players agree a draw."""
        ...


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

    def resign(self, seat: int) -> list[Event]:
        """``seat`` resigns, at any time; logged as ``[seat, "resign"]``."""
        return self._concede(seat, RESIGN)

    def agree_draw(self, seat: int) -> list[Event]:
        """The players agree a draw that ``seat`` offered; logged as ``[seat, "draw agreed"]``.

        Only humans may agree a draw: the client checks the seats, the match cannot tell.
        """
        return self._concede(seat, DRAW_AGREED)

    def _concede(self, seat: int, notation: str) -> list[Event]:
        state = self.state
        if not isinstance(state, Concedable):
            raise IllegalActionError(f"{state.game_id} has no resigning or agreed draws")
        if not 0 <= seat < state.num_players:
            raise IllegalActionError(f"no seat {seat} in this game")
        if state.is_terminal():
            raise IllegalActionError("the game is already over")
        events = state.resign(seat) if notation == RESIGN else state.agree_draw()
        self.log.append(LogEntry(seat, notation))
        return events

    def apply_logged(self, actor: int, text: str) -> list[Event]:
        """Re-apply one recorded log entry (replays and loading saves)."""
        if text in CONCESSIONS:
            return self._concede(actor, text)
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
        it may go back over other players' turns too. A resignation or agreed
        draw that ended the game may be taken back, alone; one that let the
        game go on (four players) is another player's act, so a floor.
        """
        player = self.state.current_player()
        floor = len(self.log)
        if floor and self.log[-1].notation in CONCESSIONS and self.state.is_terminal():
            return floor - 1
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
