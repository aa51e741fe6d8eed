"""The match controller: one Match, its seats, the AI, autosave, undo and the event queue.

It works with any ``GameState`` through the protocol. Players (the scene, on a human's
click) call :meth:`MatchController.play`; bots are asked through a move source (the
:class:`~game.ai.worker.AiWorker` process in the app, :class:`InlineSource` in tests) and their
answer is played once the view has caught up and the pacing delay of the animation-speed
setting has passed. Every applied action is autosaved atomically and queued as a
:class:`Played` batch for the view, which animates it; the rules never wait for the view.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.ai.base import Budget
from game.ai.history import PositionHistory
from game.ai.levels import live_budget
from game.ai.worker import AiResult, choose_text
from game.client.match.seats import Seat
from game.paths import saves_dir
from game.rules.match import CONCESSIONS, RESIGN, LogEntry, Match
from game.rules.protocol import TERMINAL, Event, GameState, IllegalActionError, RulesError
from game.rules.registry import new_game
from game.storage.saves import write_save

log = logging.getLogger(__name__)

AUTOSAVE_NAME = "autosave.json"
PACE_SECONDS = {"slow": 1.6, "normal": 0.9, "fast": 0.35, "instant": 0.0}
"""Least time between two AI actions once the view has shown the last one, by the animation-speed
setting: long enough to see each move land before the next starts."""


def autosave_path() -> Path:
    """Where the running match is saved after every action."""
    return saves_dir() / AUTOSAVE_NAME


class MoveSource(Protocol):
    """Answers AI requests without blocking: the worker process, or an inline stand-in."""

    def request(self, game_id: str, state_json: Any, level: str, seed: int, budget: Budget,
                history: Sequence[str] = ()) -> int:
        """Ask for a move (``history``: the match's positions so far); returns a ticket."""

    def poll(self) -> AiResult | None:
        """The answer once ready."""

    def cancel(self) -> None:
        """Forget the current request."""

    def close(self) -> None:
        """Release the source."""


class InlineSource:
    """Computes each request in-process on the next poll (tests, smoke fallback)."""

    def __init__(self) -> None:
        self._message: dict[str, Any] | None = None
        self._ticket = 0

    def request(self, game_id: str, state_json: Any, level: str, seed: int, budget: Budget,
                history: Sequence[str] = ()) -> int:
        """Remember the request; :meth:`poll` answers it."""
        self._ticket += 1
        self._message = {
            "game_id": game_id,
            "state": state_json,
            "level": level,
            "seed": seed,
            "budget": budget.to_json(),
            "history": list(history),
        }
        return self._ticket

    def poll(self) -> AiResult | None:
        """Compute the pending request now."""
        message, self._message = self._message, None
        if message is None:
            return None
        return AiResult(self._ticket, choose_text(message), 0.0)

    def cancel(self) -> None:
        """Drop the pending request."""
        self._message = None

    def close(self) -> None:
        """Nothing to release."""
        self._message = None


class Narrator(Protocol):
    """Turns one applied action and its events into plain-language log lines."""

    def narrate(
        self, before: GameState, actor: int, action: Any, events: Sequence[Event], seats: Sequence[Seat]
    ) -> list[str]:
        """Lines for the log panel, first the action, then what followed."""


class PlainNarrator:
    """The game-agnostic narrator: the state's own description, then each event's kind."""

    def narrate(
        self, before: GameState, actor: int, action: Any, events: Sequence[Event], seats: Sequence[Seat]
    ) -> list[str]:
        """``describe_action`` plus one line per event."""
        who = seats[actor].name if 0 <= actor < len(seats) else "Dice"
        return [f"{who}: {before.describe_action(action)}"] + [
            event.kind.replace("_", " ") for event in events
        ]


def concession_lines(state: GameState, actor: int, notation: str, seats: Sequence[Seat]) -> list[str]:
    """Log lines of a resignation or agreed draw, read from ``state`` just after it."""
    name = seats[actor].name
    if notation != RESIGN:
        return [f"{name} offers a draw: the draw is agreed"]
    result = state.result()
    if result is None:
        return [f"{name} resigns and leaves the game; the others play on"]
    return [f"{name} resigns", f"{' and '.join(seats[s].name for s in result.winners)} wins"]


@dataclass(frozen=True)
class Played:
    """One change for the view: an applied action with its events, or an undo / reset to snap to."""

    kind: str
    """``"action"``, ``"concession"`` (a resignation or agreed draw: the view snaps to it),
    ``"undo"`` or ``"reset"``."""
    actor: int = -1
    notation: str = ""
    events: tuple[Event, ...] = ()
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class LogLine:
    """One line of the action log: who it is about (seat, or -1) and the text."""

    seat: int
    text: str
    headline: bool = False
    """True for the first line of an action (the action itself), False for what followed."""


def log_lines(played: Played) -> list[LogLine]:
    """The action log's lines of one played action: its headline, then what followed."""
    return [
        LogLine(played.actor if index == 0 else -1, line, index == 0)
        for index, line in enumerate(played.lines)
    ]


def retell(
    entries: Sequence[LogEntry], replay: Match, narrator: Narrator, seats: Sequence[Seat]
) -> Iterator[Played]:
    """Re-apply a match's logged ``entries`` on ``replay`` (a fresh match of the same game and seed),
    yielding one narrated :class:`Played` per move: a player's action with the chance outcomes that
    follow it, or a concession."""
    index = 0
    while index < len(entries):
        entry = entries[index]
        before = replay.state.clone()
        events = replay.apply_logged(entry.actor, entry.notation)
        index += 1
        if entry.notation in CONCESSIONS:
            lines = concession_lines(replay.state, entry.actor, entry.notation, seats)
            yield Played("concession", entry.actor, entry.notation, tuple(events), tuple(lines))
            continue
        while index < len(entries) and entries[index].actor == -1:
            events.extend(replay.apply_logged(-1, entries[index].notation))
            index += 1
        action = before.parse_action(entry.notation)
        lines = narrator.narrate(before, entry.actor, action, events, seats)
        yield Played("action", entry.actor, entry.notation, tuple(events), tuple(lines))


def move_starts(entries: Sequence[LogEntry]) -> list[int]:
    """Where each move of a log begins (the batches :func:`retell` yields): the first entry, then
    every entry a seat chose (chance outcomes belong to the move before them)."""
    return [index for index, entry in enumerate(entries) if index == 0 or entry.actor != -1]


@dataclass
class MatchController:
    """A running match: the rules, the seats, the AI, autosaves, undo and the view's queue."""

    match: Match
    seats: list[Seat]
    source: MoveSource | None = None
    narrator: Narrator = field(default_factory=PlainNarrator)
    autosave_file: Path | None = None
    """Autosave target (``saves_dir()/autosave.json`` by default; None in replays)."""
    pace: float = PACE_SECONDS["normal"]
    log: list[LogLine] = field(default_factory=list)
    notice: str = ""
    """The last autosave problem, shown by the view (empty when all is well)."""
    hint: Any = None
    """The suggested action for the human to act, once asked for and ready."""
    history: list[Played] = field(default_factory=list)
    """Every applied action of this session (the game-over summary reads it)."""
    undo_across_turns: bool = False
    """The take-back policy: False keeps undo within the human's go (games with dice); True lets a
    human take back the opponent's reply and their own last turn (dice-free games such as MagiStrat)."""
    name: str = ""
    """What the player called this match when saving it to a slot (kept by its autosaves)."""
    read_only: bool = False
    """A replay: the table shows the match but nobody acts in it (no human to act, no AI, no undo)."""
    on_game_over: Callable[[MatchController], None] | None = None
    """Called once the action (or concession) that ends the game is applied in this session; never
    for a game that was over when the session began (Continue, the replay viewer)."""

    def __post_init__(self) -> None:
        self.queue: deque[Played] = deque()
        self._ai_ticket: int | None = None
        self._ai_answer: AiResult | None = None
        self._hint_ticket: int | None = None
        self._since_action = 0.0
        self.on_played: list[Callable[[Played], None]] = []
        self._positions = PositionHistory(self.game_id)

    # -- state ----------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The live rules state (read it, never change it directly)."""
        return self.match.state

    @property
    def game_id(self) -> str:
        """The registry id of the game."""
        return self.state.game_id

    def seat_to_act(self) -> int:
        """Seat index to act, or TERMINAL (chance never waits: the match resolves it at once)."""
        return self.state.current_player()

    def human_to_act(self) -> bool:
        """True when a human player must choose now."""
        seat = self.seat_to_act()
        return seat >= 0 and not self.seats[seat].is_ai and not self.read_only

    @property
    def thinking(self) -> bool:
        """True while an AI seat is to act and its answer is not in yet."""
        seat = self.seat_to_act()
        return seat >= 0 and self.seats[seat].is_ai and self._ai_answer is None and not self.read_only

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.seat_to_act() == TERMINAL

    # -- actions --------------------------------------------------------------------------------
    def play(self, action: Any) -> list[Event]:
        """Apply a player's action (validated), log it, queue it for the view and autosave."""
        before = self.state.clone()
        actor = self.state.current_player()
        if not self.state.is_legal(action):
            raise IllegalActionError(f"illegal action {action}")
        events = self.match.play(action)
        lines = self.narrator.narrate(before, actor, action, events, self.seats)
        self._after_change(self._record("action", actor, str(action), events, lines))
        return events

    def _record(
        self, kind: str, actor: int, notation: str, events: Sequence[Event], lines: Sequence[str]
    ) -> Played:
        """Write one applied action (or concession) into the log panel's lines and the history."""
        played = Played(kind, actor, notation, tuple(events), tuple(lines))
        self.record(played)
        return played

    def retell(self) -> None:
        """Rebuild the log lines and the history from the match's own action log (a loaded save),
        narrated exactly as they were when played, so Continue keeps the story and the statistics.
        A log that does not replay from the game's options (never for a verified save) leaves the
        story empty rather than stopping the match."""
        self.log.clear()
        self.history.clear()
        try:
            self._retell(Match(new_game(self.game_id, self.state.options()), self.match.seed))
        except (RulesError, ValueError):
            log.exception("the match log could not be retold; the action log starts empty")
            self.log.clear()
            self.history.clear()

    def _retell(self, replay: Match) -> None:
        """Replay the log on ``replay``, one narrated batch per player action (with its dice)."""
        for played in retell(self.match.log, replay, self.narrator, self.seats):
            self.record(played)

    def record(self, played: Played) -> None:
        """Add an applied action (or concession) to the log panel's lines and the history."""
        self.log.extend(log_lines(played))
        self.history.append(played)

    def replay_move(self, entries: Sequence[LogEntry], played: Played) -> None:
        """Re-apply one move of a saved game (its logged entries) and show it as ``played`` (a replay
        stepping forward: the table animates it like a move made now)."""
        for entry in entries:
            self.match.apply_logged(entry.actor, entry.notation)
        self.record(played)
        self._after_change(played)

    def play_text(self, text: str) -> list[Event]:
        """Parse notation and play it."""
        return self.play(self.state.parse_action(text))

    # -- resigning and agreed draws -------------------------------------------------------------
    def in_game(self, seat: int) -> bool:
        """True while ``seat`` still plays: the game goes on and it has not resigned or been eliminated."""
        if self.over:
            return False
        still_in: Callable[[int], bool] | None = getattr(self.state, "in_game", None)
        return still_in(seat) if still_in is not None else True

    def resigning_seat(self) -> int | None:
        """The human who may resign now: the human to act (hot-seat), else, while a bot is to act,
        the one human still playing (against the AI); None when no human may."""
        if self.human_to_act():
            return self.seat_to_act()
        if self.read_only:
            return None
        humans = [i for i, seat in enumerate(self.seats) if not seat.is_ai and self.in_game(i)]
        return humans[0] if len(humans) == 1 else None

    def can_offer_draw(self) -> bool:
        """True when the human to act may offer a draw: every seat is human (bots never agree one)."""
        return self.human_to_act() and not any(seat.is_ai for seat in self.seats)

    def draw_voters(self) -> list[int]:
        """The players who must accept a draw offered by the human to act: everyone else still playing."""
        offerer = self.seat_to_act()
        return [i for i in range(len(self.seats)) if i != offerer and self.in_game(i)]

    def resign(self, seat: int) -> list[Event]:
        """``seat`` resigns (the table confirms first); a thinking AI is cancelled."""
        return self._concede(seat, self.match.resign)

    def agree_draw(self) -> list[Event]:
        """End the game drawn by agreement, offered by the human to act (every seat human)."""
        if not self.can_offer_draw():
            raise IllegalActionError("a draw can be agreed only between human players, on a human's turn")
        return self._concede(self.seat_to_act(), self.match.agree_draw)

    def _concede(self, seat: int, method: Callable[[int], list[Event]]) -> list[Event]:
        events = method(seat)
        entry = self.match.log[-1]
        lines = concession_lines(self.state, seat, entry.notation, self.seats)
        self._after_change(self._record("concession", seat, entry.notation, events, lines))
        return events

    def _undo_seat(self) -> int | None:
        """Whose take-back an undo would be: the human to act, or (across turns, while a bot thinks)
        the human who acted last."""
        if self.human_to_act():
            return self.seat_to_act()
        if self.undo_across_turns and not self.over and not self.read_only:
            for entry in reversed(self.match.log):
                if 0 <= entry.actor < len(self.seats) and not self.seats[entry.actor].is_ai:
                    return entry.actor
        return None

    def _undo_count(self) -> int:
        """How many logged actions one undo takes back (0: none allowed).

        Within a go: the last action. Across turns: back to and including the requesting human's
        own last action (the bot's replies after it go too), never below the undo floor.
        """
        seat = self._undo_seat()
        if seat is None:
            return 0
        if not self.undo_across_turns:
            return 1 if self.match.can_undo() else 0
        floor = self.match.undo_floor(across_turns=True)
        log = self.match.log
        for index in range(len(log) - 1, floor - 1, -1):
            if log[index].actor == seat:
                return len(log) - index
        return 0

    def can_undo(self) -> bool:
        """True when the take-back policy allows an undo now (never across dice)."""
        return self._undo_count() > 0

    def undo(self) -> bool:
        """Take back the last action of the human to act (or, across turns, the human's last turn and
        the replies after it); False when the policy forbids it."""
        count = self._undo_count()
        if count == 0:
            return False
        seat = self._undo_seat()
        assert seat is not None
        for _ in range(count):
            self.match.undo(across_turns=self.undo_across_turns)
            if self.history:
                self.history.pop()
        what = "last turn" if self.undo_across_turns else "last action"
        self.log.append(LogLine(seat, f"{self.seats[seat].name} takes back the {what}", True))
        self._after_change(Played("undo", seat))
        return True

    def _after_change(self, played: Played) -> None:
        self.hint = None
        self._hint_ticket = None
        self._ai_ticket = None
        self._ai_answer = None
        self._since_action = 0.0
        if self.source is not None:
            self.source.cancel()
        self.queue.append(played)
        for callback in self.on_played:
            callback(played)
        if self.on_game_over is not None and played.kind != "undo" and self.over:
            self.on_game_over(self)
        self.autosave()

    # -- the view's queue -----------------------------------------------------------------------
    def drain(self) -> list[Played]:
        """Every batch queued since the last call, oldest first."""
        batches = list(self.queue)
        self.queue.clear()
        return batches

    # -- AI -------------------------------------------------------------------------------------
    def _budget(self, level: str) -> Budget:
        return live_budget(self.game_id, level, self.state.num_players)

    def _ask(self, level: str) -> int | None:
        if self.source is None:
            return None
        seed = random.Random(f"{self.match.seed}/{len(self.match.log)}/{level}").getrandbits(32)
        return self.source.request(self.game_id, self.state.to_json(), level, seed, self._budget(level),
                                   self._positions.keys(self.match))

    def request_hint(self) -> bool:
        """Ask the Hard bot what it would play here; :attr:`hint` fills in when ready."""
        if not self.human_to_act() or self.source is None:
            return False
        self.hint = None
        self._hint_ticket = self._ask("hard")
        return True

    def update(self, dt: float, view_busy: bool = False) -> None:
        """Drive the AI: ask when a bot is to act, play its answer once the view has caught up."""
        self._since_action += dt
        if self.source is None or self.over:
            return
        seat = self.seat_to_act()
        if seat < 0:
            return
        if not self.seats[seat].is_ai:
            if self._hint_ticket is not None:
                self._poll_hint()
            return
        if self._ai_ticket is None:
            self._ai_ticket = self._ask(self.seats[seat].controller)
        if self._ai_answer is None:
            answer = self.source.poll()
            if answer is not None and answer.ticket == self._ai_ticket:
                self._ai_answer = answer
        if self._ai_answer is not None and not view_busy and self._since_action >= self.pace:
            self._play_ai(self._ai_answer)

    def _play_ai(self, answer: AiResult) -> None:
        try:
            self.play_text(answer.action)
        except RulesError:
            log.exception(
                "the AI answered %r, which is not legal; playing the first legal action", answer.action
            )
            self.play(self.state.legal_actions()[0])
        if answer.note:  # the worker was restarted or replaced: the player is told, in the status and the log
            self.notice = answer.note
            self.log.append(LogLine(-1, answer.note))

    def _poll_hint(self) -> None:
        assert self.source is not None
        answer = self.source.poll()
        if answer is not None and answer.ticket == self._hint_ticket:
            self._hint_ticket = None
            try:
                self.hint = self.state.parse_action(answer.action)
            except RulesError:
                self.hint = None

    # -- saving ---------------------------------------------------------------------------------
    def seat_texts(self) -> list[str]:
        """The seats as the save file stores them."""
        return [seat.to_text() for seat in self.seats]

    def autosave(self) -> None:
        """Write the autosave atomically; a failure is shown, never raised."""
        if self.autosave_file is None:
            return
        try:
            write_save(self.autosave_file, self.match, self.seat_texts(), self.name)
            self.notice = ""
        except Exception as error:  # the action is applied already: saving must never undo a go
            log.exception("autosave failed")
            self.notice = f"Autosave failed: {error}"

    def save_to(self, path: Path, name: str | None = None) -> None:
        """Write the match to ``path`` atomically, named ``name`` from now on when given (raises
        OSError on failure)."""
        if name is not None:
            self.name = name
        write_save(path, self.match, self.seat_texts(), self.name)

    def rematch(self, seed: int | None = None) -> MatchController:
        """A fresh match of the same game, options and seats, with a new seed."""
        fresh = Match(
            new_game(self.game_id, self.state.options()),
            seed if seed is not None else random.SystemRandom().getrandbits(31),
        )
        return MatchController(
            fresh,
            list(self.seats),
            self.source,
            self.narrator,
            self.autosave_file,
            self.pace,
            undo_across_turns=self.undo_across_turns,
            on_game_over=self.on_game_over,
        )

    def close(self) -> None:
        """Stop asking the AI (the source belongs to whoever created it)."""
        if self.source is not None:
            self.source.cancel()
