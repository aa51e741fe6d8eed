"""Every position of a saved game within quick reach: the replay viewer's model.

A game is a list of moves (a seat's action with the chance outcomes that follow it, or a
concession; :func:`~game.client.match.controller.move_starts`). The timeline narrates them once,
a slice at a time so a long game never stalls the window, and keeps a copy of the state every
:data:`SNAPSHOT_EVERY` log entries (plus the final one, which the loaded save already holds): any
position is the nearest kept state replayed forward by at most that many actions.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

from game.client.match.controller import LogLine, Narrator, Played, log_lines, move_starts, retell
from game.client.match.seats import Seat
from game.rules.match import Match
from game.rules.protocol import GameState, RulesError
from game.rules.registry import new_game
from game.storage.saves import LoadedSave

SNAPSHOT_EVERY = 100
"""Most log entries between two kept states: a jump anywhere replays at most this many actions
(about 10 ms of MageStone rules)."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Snapshot:
    """The state after a number of moves, with the match's count of chance outcomes so far."""

    state: GameState
    chance_count: int


class Timeline:
    """The moves of a loaded save, their narration, and states to start any position from."""

    def __init__(self, loaded: LoadedSave, narrator: Narrator, seats: Sequence[Seat]) -> None:
        match = loaded.match
        self.seed = match.seed
        self.entries = list(match.log)
        self.starts = move_starts(self.entries)
        """Where each move begins in the log."""
        self.moves: list[Played] = []
        """The moves narrated so far, in order (:meth:`build` adds to them)."""
        self.lines: list[list[LogLine]] = []
        """The action log's lines of each narrated move."""
        self.replayed = 0
        """Actions re-applied to reach the positions asked for (what a jump costs)."""
        self.problem = ""
        """Why the game could not be retold past :attr:`ready` moves ('' when it could)."""
        scratch = Match(new_game(match.state.game_id, match.state.options()), match.seed)
        self._scratch = scratch
        self._snapshots: dict[int, Snapshot] = {
            0: Snapshot(scratch.state.clone(), 0),
            len(self.starts): Snapshot(match.state.clone(), match.chance_count),
        }
        self._last_kept = 0
        self._story = retell(self.entries, scratch, narrator, seats)

    @property
    def length(self) -> int:
        """The number of moves in the game (the last position shows them all)."""
        return len(self.starts)

    @property
    def ready(self) -> int:
        """How many moves are narrated: positions 0 to this one can be shown now."""
        return len(self.moves)

    @property
    def complete(self) -> bool:
        """True once every move is narrated (or the rest could not be)."""
        return self.ready == self.length

    def end_of(self, move: int) -> int:
        """The log length after ``move`` moves."""
        return self.starts[move] if move < self.length else len(self.entries)

    def build(self, seconds: float | None = None) -> None:
        """Narrate the next moves for about ``seconds`` (None: to the end), keeping a state whenever
        the next move would put more than :data:`SNAPSHOT_EVERY` entries after the last one kept."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        while not self.complete:
            try:
                played = next(self._story)
            except (StopIteration, RulesError, ValueError) as error:  # never for a verified save
                log.exception("the replay stops after %d moves", self.ready)
                self.problem = f"The rest of this game could not be replayed: {error}"
                del self.starts[self.ready :]
                self._snapshots = {k: v for k, v in self._snapshots.items() if k <= self.ready}
                break
            self.moves.append(played)
            self.lines.append(log_lines(played))
            if self.end_of(self.ready + 1) - self._last_kept > SNAPSHOT_EVERY and not self.complete:
                self._snapshots[self.ready] = Snapshot(
                    self._scratch.state.clone(), self._scratch.chance_count
                )
                self._last_kept = self.end_of(self.ready)
            if deadline is not None and time.perf_counter() >= deadline:
                break

    def match_at(self, move: int) -> Match:
        """A match showing the first ``move`` moves (at most :attr:`ready`): the nearest kept state at
        or before it, copied and replayed forward."""
        if not 0 <= move <= self.length:
            raise ValueError(f"no move {move} in a game of {self.length}")
        base = max(kept for kept in self._snapshots if kept <= move)
        snapshot = self._snapshots[base]
        start, end = self.end_of(base), self.end_of(move)
        match = Match(snapshot.state.clone(), self.seed, self.entries[:start], snapshot.chance_count)
        for entry in self.entries[start:end]:
            match.apply_logged(entry.actor, entry.notation)
        self.replayed += end - start
        return match

    def story(self, move: int) -> tuple[list[LogLine], list[Played]]:
        """The action log's lines and the played moves of the first ``move`` moves."""
        return list(chain.from_iterable(self.lines[:move])), self.moves[:move]
