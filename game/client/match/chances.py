"""Each seat's win chance after every move of a finished match, and the swings that decided it.

The match's log is retold on a fresh match of the same game and seed (as the replay viewer's
:class:`~game.client.match.timeline.Timeline` does), one move at a time: a seat's action with the
chance outcomes that follow it. After each move the position is evaluated by
:class:`~game.ai.winchance.WinChance`. Retelling and evaluating a long game takes a fraction of a
second, so :meth:`ChanceSeries.build` does it a slice at a time and the window never stalls.

Position ``k`` is the one after ``k`` moves (0: the start), as in the replay viewer. A swing is the
move into a position where some seat's chance moved by at least :data:`SWING_MIN`, named in the
game's own words: the narrator's line about that seat, then the change ("South's Mage falls:
62 % to 31 %").
"""

from __future__ import annotations

import logging
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.winchance import WinChance
from game.client.match.controller import Narrator, Played, move_starts, retell
from game.rules.match import Match
from game.rules.protocol import GameState, RulesError
from game.rules.registry import new_game
from game.storage.seats import Seat

SWING_MIN = 0.12
"""The least change of a seat's chance, in one move, worth marking and naming."""
SWINGS_SHOWN = 3
"""How many of the biggest swings the graph marks."""

log = logging.getLogger(__name__)


def percent(chance: float) -> str:
    """A chance as the graph writes it: "62 %"."""
    return f"{round(100 * chance)} %"


@dataclass(frozen=True)
class Swing:
    """The move into ``position`` changed ``seat``'s chance from ``before`` to ``after``."""

    position: int
    seat: int
    before: float
    after: float
    text: str
    """In the game's words: "South's Mage falls: 62 % to 31 %"."""

    @property
    def size(self) -> float:
        """How far the chance moved."""
        return abs(self.after - self.before)


class ChanceSeries:
    """The win chances of a match's positions, computed a slice at a time."""

    def __init__(self, match: Match, narrator: Narrator, seats: Sequence[Seat]) -> None:
        self.seats = list(seats)
        entries = list(match.log)
        self.length = len(move_starts(entries))
        """The number of moves (the last position is ``length``)."""
        self.chance = WinChance(match.state.game_id)
        scratch = Match(new_game(match.state.game_id, match.state.options()), match.seed)
        self._scratch = scratch
        self.points: list[list[float]] = [self.chance(scratch.state)]
        """Each seat's chance in each position computed so far (``points[k]``: after ``k`` moves)."""
        self.moves: list[Played] = []
        """The moves retold so far: ``moves[k]`` leads from position ``k`` to ``k + 1``."""
        self.problem = self.chance.calibration.problem
        """What went wrong ('' when nothing did): a damaged calibration file, or a log that stopped."""
        self._story = retell(entries, scratch, narrator, self.seats)
        self._swings: tuple[int, int, list[Swing]] = (-1, -1, [])
        """The last :meth:`swings` answer, for how many positions and swings (drawn every frame)."""

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.points[0])

    @property
    def complete(self) -> bool:
        """True once every position is computed (or the rest could not be)."""
        return len(self.moves) >= self.length

    def build(self, seconds: float | None = None) -> None:
        """Compute further positions for about ``seconds`` (None: to the end)."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        while not self.complete:
            try:
                played = next(self._story)
            except (StopIteration, RulesError, ValueError) as error:  # never for a verified save
                log.exception("the win chances stop after %d moves", len(self.moves))
                self.problem = f"The chances stop at move {len(self.moves)}: {error}"
                self.length = len(self.moves)
                break
            self.moves.append(played)
            self.points.append(self.chance(self._scratch.state))
            if deadline is not None and time.perf_counter() >= deadline:
                break

    def swing_at(self, position: int) -> Swing | None:
        """The change the move into ``position`` made, or None for the start, a concession, or a
        position not yet computed. Of the seats whose chance moved most (both of two), the one the
        narrator's line speaks of is quoted, else the one that fell."""
        if not 0 < position < len(self.points) or self.moves[position - 1].kind != "action":
            return None
        before, after = self.points[position - 1], self.points[position]
        largest = max(abs(a - b) for a, b in zip(after, before, strict=True))
        moved = [s for s in range(self.players) if abs(after[s] - before[s]) >= largest - 1e-9]
        line, seat = self.naming_line(position, moved)
        if seat is None:
            seat = min(moved, key=lambda s: after[s] - before[s])
            line = f"{line}: {self.name(seat)}"
        return Swing(position, seat, before[seat], after[seat],
                     f"{line}: {percent(before[seat])} to {percent(after[seat])}")

    def name(self, seat: int) -> str:
        """A seat's player name."""
        return self.seats[seat].name if seat < len(self.seats) else f"Seat {seat + 1}"

    def naming_line(self, position: int, seats: Sequence[int]) -> tuple[str, int | None]:
        """The narrator's line naming the move into ``position`` and which of ``seats`` it speaks of:
        the first line that begins with one of their names (what followed the action before the action
        itself: "South's Mage falls"), else the action's line (and None)."""
        lines = self.moves[position - 1].lines
        for line in (*lines[1:], *lines[:1]):
            for seat in seats:
                if line.startswith(self.name(seat)):
                    return line.rstrip("."), seat
        return (lines[0].rstrip(".") if lines else f"Move {position}"), None

    def swings(self, count: int = SWINGS_SHOWN) -> list[Swing]:
        """The ``count`` biggest swings of at least :data:`SWING_MIN` so far, in the order they happened."""
        if self._swings[:2] == (len(self.points), count):
            return self._swings[2]
        found = [swing for position in range(1, len(self.points))
                 if (swing := self.swing_at(position)) is not None and swing.size >= SWING_MIN]
        biggest = sorted(found, key=lambda swing: -swing.size)[:count]
        chosen = sorted(biggest, key=lambda swing: swing.position)
        self._swings = (len(self.points), count, chosen)
        return chosen

    def describe(self, position: int) -> str:
        """The hover text of ``position``: the move that led there and every seat's chance."""
        chances = ", ".join(f"{seat.name} {percent(p)}" for seat, p in zip(self.seats, self.points[position],
                                                                            strict=False))
        if position == 0:
            return f"Start: {chances}"
        lines = self.moves[position - 1].lines
        return f"Move {position}: {lines[0] if lines else ''} — {chances}"


BENCH_GAMES: tuple[tuple[str, dict[str, object]], ...] = (
    ("magestone", {"players": 2}),
    ("magestone", {"players": 4}),
    ("magistrat", {"setup": "random", "setup_seed": 1}),
    ("magnastorm", {"players": 4}),
)
BENCH_ACTIONS = 600
"""The longest random game the bench plays (a long match has hundreds of actions)."""


def _random_match(game_id: str, options: dict[str, object], seed: int) -> Match:
    match = Match(new_game(game_id, options), seed)
    match.resolve_chance()
    rng = random.Random(seed)
    state: GameState = match.state
    while not state.is_terminal() and len(match.log) < BENCH_ACTIONS:
        match.play(rng.choice(state.legal_actions()))
    return match


def bench_series(repeats: int = 5) -> dict[str, float]:
    """``bench winchance``: median milliseconds per move and per whole game of a series over random
    games of up to :data:`BENCH_ACTIONS` actions, per game and number of players."""
    from game.client.match.games import game_client

    figures: dict[str, float] = {}
    for game_id, options in BENCH_GAMES:
        client = game_client(game_id)
        assert client is not None
        per_move, whole = [], []
        for seed in range(repeats):
            match = _random_match(game_id, options, seed)
            seats = [Seat(f"Seat {i + 1}") for i in range(match.state.num_players)]
            started = time.perf_counter()
            series = ChanceSeries(match, client.narrator(), seats)
            series.build()
            elapsed = time.perf_counter() - started
            per_move.append(1000 * elapsed / max(1, series.length))
            whole.append(1000 * elapsed)
        name = f"{game_id}_{match.state.num_players}p"
        figures[f"{name}_ms_per_move"] = round(statistics.median(per_move), 3)
        figures[f"{name}_ms_per_game"] = round(statistics.median(whole), 1)
    return figures
