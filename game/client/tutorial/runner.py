"""Playing a lesson: the rules-level engine shared by both games and every front end.

:class:`LessonRun` owns a :class:`ScriptedMatch` (a match whose dice can be forced with the
engine's concrete chance outcomes) and walks the lesson's steps. The learner's actions are
*offered*: only the expected one is accepted (any other is refused with an explanation and the
state is untouched); scripted replies and checks run by themselves. A run can restart, skip to
the end, and be saved and resumed (the action log replays exactly, dice included).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from game.client.tutorial.lessons import Lesson, LessonError, Step, opening
from game.rules.match import LogEntry, Match
from game.rules.protocol import TERMINAL, Event, GameState, RulesError
from game.rules.registry import new_game, state_class

PlayFn = Callable[[Any], list[Event]]
CONTINUE = "continue"
"""The learner's answer to a text step (the Continue button, Enter)."""


@dataclass
class ScriptedMatch(Match):
    """A match whose next chance outcomes may be forced (concrete dice in the game's notation)."""

    forced: deque[str] = field(default_factory=deque)

    def resolve_chance(self) -> list[Event]:
        """Use the forced outcomes first, then the seeded dice."""
        events: list[Event] = []
        while self.state.is_chance_node() and self.forced:
            text = self.forced.popleft()
            outcome = self.state.parse_action(text)
            if not self.state.is_legal(outcome):
                raise LessonError(f"forced dice {text!r} do not fit the contest here")
            self.chance_count += 1
            events.extend(self.state.apply(outcome))
            self.log.append(LogEntry(-1, str(outcome)))
        events.extend(super().resolve_chance())
        return events


def initial_state(lesson: Lesson) -> GameState:
    """The lesson's first position (raises :class:`LessonError` naming the file)."""
    kind, value = next(iter(lesson.setup.items()))
    try:
        if kind == "new":
            return new_game(lesson.game, dict(value))
        if kind == "played":
            return new_game(lesson.game, dict(value.get("options", {})))
        if kind == "position":
            state: GameState = state_class(lesson.game).from_position(value)
            return state
        if lesson.game != "magestone":
            raise LessonError(f"{lesson.source}: setup: scenario: only MageStone lessons use scenarios")
        from game.rules.magestone import MageStoneState

        return MageStoneState.from_scenario(value, f"{lesson.source}: setup.scenario")
    except RulesError as error:
        raise LessonError(f"{lesson.source}: setup: {error}") from None


def same_intent(state: GameState, expected: Any, offered: Any, exact_route: bool) -> bool:
    """True when ``offered`` is what the step asks for.

    A move may take any route to the expected square unless the step demands the exact route;
    a coordinated attack may name any of its Warriors as the leader.
    """
    if str(expected) == str(offered):
        return True
    route_e, route_o = getattr(expected, "route", None), getattr(offered, "route", None)
    if route_e is not None and route_o is not None:
        return not exact_route and route_e[0] == route_o[0] and route_e[-1] == route_o[-1]
    attackers_e, attackers_o = getattr(expected, "attackers", None), getattr(offered, "attackers", None)
    if attackers_e is not None and attackers_o is not None:
        return bool(set(attackers_e) == set(attackers_o) and expected.target == offered.target)
    return False


@dataclass(frozen=True)
class Verdict:
    """The engine's answer to an offered action."""

    accepted: bool
    message: str = ""
    events: tuple[Event, ...] = ()


class LessonRun:
    """One playing of a lesson (rules level; the scenes drive it and draw it)."""

    def __init__(self, lesson: Lesson, play: PlayFn | None = None) -> None:
        self.lesson = lesson
        self._play_hook = play
        self.restart()

    # -- life ----------------------------------------------------------------------------------------
    def restart(self) -> None:
        """Back to the first step and the first position (a new game's opening draws and a played
        set-up's actions done)."""
        self.match = ScriptedMatch(initial_state(self.lesson), self.lesson.seed)
        self.match.resolve_chance()
        for number, reply in enumerate(opening(self.lesson.setup, self.lesson.source)):
            if reply.optional and not self._asked(reply.play):
                continue
            self.match.forced.extend(reply.dice)
            try:
                self.match.play_text(reply.play)
            except RulesError as error:
                raise LessonError(
                    f"{self.lesson.source}: setup: played: actions[{number}]: {reply.play!r}: {error}"
                ) from None
        self.opening = len(self.match.log)
        """Log entries of the set-up (a saved run replays only what follows them)."""
        self.index = 0
        self.replies_done = 0
        self.free_goes = 0
        self.free_start = -1
        self.refusals = 0
        self.finished = False
        self._settle()

    def bind(self, play: PlayFn | None) -> None:
        """Send future actions through ``play`` (the table's controller) instead of the match."""
        self._play_hook = play

    @property
    def state(self) -> GameState:
        """The live rules state."""
        return self.match.state

    @property
    def step(self) -> Step | None:
        """The current step, None once the lesson is over."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def learner(self) -> int:
        """The learner's seat index."""
        return self.lesson.seat

    def expected(self) -> Any:
        """The action the current ``do`` step waits for (parsed), else None."""
        step = self.step
        if step is None or step.kind != "do":
            return None
        if step.verb:
            return next((a for a in self._of_verb(step.verb)), None)
        return self._parse(step.expect, "expect")

    def accepted(self) -> list[Any]:
        """Every action the current ``do`` step would accept now (for the table's highlights)."""
        step = self.step
        if step is None or step.kind != "do":
            return []
        return self._of_verb(step.verb) if step.verb else [self.expected()]

    def _of_verb(self, verb: str) -> list[Any]:
        """The learner's legal actions of ``verb`` now (none when another seat or chance is to act)."""
        if self.state.current_player() != self.learner:
            return []
        return [a for a in self.state.legal_actions() if str(a).split(" ")[0] == verb]

    def _parse(self, text: str, field_name: str) -> Any:
        try:
            return self.state.parse_action(text)
        except RulesError as error:
            raise self._error(field_name, str(error)) from None

    def _error(self, field_name: str, problem: str) -> LessonError:
        step = self.step
        kind = f" ({step.kind})" if step else ""
        return LessonError(f"{self.lesson.source}: step {self.index + 1}{kind}: {field_name}: {problem}")

    # -- the learner ---------------------------------------------------------------------------------
    def advance(self) -> Verdict:
        """Continue past a text step (refused while the step waits for an action)."""
        step = self.step
        if step is None or step.kind not in ("say", "celebrate"):
            self.refusals += 1
            return Verdict(False, self.prompt())
        self._next()
        return Verdict(True)

    def offer(self, action: Any) -> Verdict:
        """The learner tries ``action``: play it if it is what the step asks, else refuse it."""
        step = self.step
        if step is None:
            return Verdict(False, "The lesson is over.")
        if step.kind == "free":
            if self.state.current_player() != self.learner or not self.state.is_legal(action):
                self.refusals += 1
                return Verdict(False, "That is not possible now.")
            return Verdict(True, events=tuple(self._play(action)))
        expected = self.expected()
        if step.verb and any(str(a) == str(action) for a in self._of_verb(step.verb)):
            expected = action
        if expected is None or not same_intent(self.state, expected, action, step.exact_route):
            self.refusals += 1
            return Verdict(False, self.prompt())
        if not self.state.is_legal(expected):
            raise self._error("expect", f"{step.expect!r} is not legal here")
        self.match.forced.extend(step.dice)
        events = self._play(expected)
        if self.match.forced:
            raise self._error("dice", f"{len(self.match.forced)} forced roll(s) were not used")
        self._next()
        return Verdict(True, events=tuple(events))

    def prompt(self) -> str:
        """What the learner should do now, and why (the explanation of a refusal)."""
        step = self.step
        if step is None:
            return "The lesson is over."
        if step.kind in ("say", "celebrate"):
            return "Read the text, then press Continue (Enter)."
        if step.kind == "do" and step.verb:
            return step.why or f"Not that: {step.text}"
        if step.kind == "do":
            describe = self.state.describe_action(self.expected())
            return step.why or f"Not that: this step asks you to play {describe}."
        if step.kind == "free":
            return "Play your go: any legal action."
        return "Wait: the opponent is playing."

    # -- what runs by itself -------------------------------------------------------------------------
    def pending_reply(self) -> bool:
        """True when the current step is a scripted reply with actions still to play."""
        step = self.step
        return step is not None and step.kind == "reply"

    def play_reply(self) -> list[Event]:
        """Play the next scripted opponent action (with its forced dice)."""
        step = self.step
        assert step is not None and step.kind == "reply"
        if self._skip_unasked(step):
            return []
        reply = step.replies[self.replies_done]
        action = self._parse(reply.play, f"actions[{self.replies_done}]")
        if self.state.current_player() == self.learner or not self.state.is_legal(action):
            raise self._error(
                f"actions[{self.replies_done}]", f"{reply.play!r} is not legal for the opponent here"
            )
        self.match.forced.extend(reply.dice)
        events = self._play(action)
        self.replies_done += 1
        if self.replies_done == len(step.replies):
            self._next()
        else:
            self._skip_unasked(step)
        return events

    def _skip_unasked(self, step: Step) -> bool:
        """Pass the optional replies the game does not ask for now; True when that ended the step."""
        while self.replies_done < len(step.replies):
            reply = step.replies[self.replies_done]
            if not reply.optional or self._asked(reply.play):
                return False
            self.replies_done += 1
        self._next()
        return True

    def _asked(self, text: str) -> bool:
        """True when the game asks for ``text`` now (an optional scripted decision)."""
        try:
            return bool(self.state.is_legal(self.state.parse_action(text)))
        except RulesError:
            return False

    def ai_to_play(self) -> bool:
        """True during free play while the AI opponent is to act."""
        step = self.step
        seat = self.state.current_player()
        return step is not None and step.kind == "free" and seat >= 0 and seat != self.learner

    def play_ai(self, action: Any) -> list[Event]:
        """Play the AI opponent's chosen action during free play."""
        return self._play(action)

    def _play(self, action: Any) -> list[Event]:
        events = self._play_hook(action) if self._play_hook else self.match.play(action)
        self.poll()
        return events

    def poll(self) -> bool:
        """Finish a free-play step once the game is over or the learner has played its goes.

        Free play may also be driven from outside (the table's AI), so this reads the match log;
        returns True when the step changed.
        """
        step = self.step
        if step is None or step.kind != "free":
            return False
        if self.free_start < 0:
            self.free_start = len(self.match.log)
        self.free_goes = self._learner_turns_since(self.free_start)
        if self.state.current_player() == TERMINAL or self.free_goes >= step.goes:
            self._next()
            return True
        return False

    def _learner_turns_since(self, start: int) -> int:
        """Learner turns completed in the log from ``start`` (a turn ends when another player acts)."""
        actors = [entry.actor for entry in self.match.log[start:] if entry.actor >= 0]
        now = self.state.current_player()
        actors.append(now if now >= 0 else -2)
        return sum(1 for a, b in pairwise(actors) if a == self.learner and b != self.learner)

    def _next(self) -> None:
        self.index += 1
        self.replies_done = 0
        self.free_goes = 0
        self.free_start = -1
        self._settle()
        self.poll()

    def _settle(self) -> None:
        """Run the checks at once, pass a ``verb`` step the game does not ask for; mark the run
        finished after the last step."""
        while self.step is not None and (
            self.step.kind == "check" or (self.step.verb and not self._of_verb(self.step.verb))
        ):
            if self.step.kind == "check":
                self._check(self.step)
            self.index += 1
        if self.step is None:
            self.finished = True

    def _check(self, step: Step) -> None:
        result = self.state.result()
        if result is None:
            raise self._error("reason", "the game is not over at this check")
        if result.reason != step.reason:
            raise self._error("reason", f"expected {step.reason!r}, the game ended by {result.reason!r}")
        if step.winner:
            seats = _seat_names(self.state)
            winner = "draw" if result.is_draw else ",".join(seats[s] for s in result.winners)
            if winner != step.winner:
                raise self._error("winner", f"expected {step.winner!r}, got {winner!r}")

    def skip(self) -> None:
        """Jump to the end (the lesson counts as seen, not as completed by play)."""
        self.index = len(self.lesson.steps)
        self.finished = True

    # -- saving --------------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Plain JSON to resume this run later."""
        return {
            "step": self.index,
            "replies_done": self.replies_done,
            "free_start": self.free_start,
            "log": [entry.to_json() for entry in self.match.log],
        }

    def resume(self, snapshot: Mapping[str, Any]) -> None:
        """Replay a saved run (raises :class:`LessonError` when it no longer fits the lesson)."""
        self.restart()
        try:
            saved = [(int(actor), str(text)) for actor, text in snapshot["log"]]
            if [tuple(entry.to_json()) for entry in self.match.log] != saved[: self.opening]:
                raise ValueError("the lesson's set-up has changed")
            for actor, text in saved[self.opening :]:
                self.match.apply_logged(actor, text)
            self.index = int(snapshot["step"])
            self.replies_done = int(snapshot.get("replies_done", 0))
            self.free_start = int(snapshot.get("free_start", -1))
        except (RulesError, KeyError, TypeError, ValueError) as error:
            self.restart()
            raise LessonError(f"{self.lesson.source}: saved progress no longer fits: {error}") from None
        if not 0 <= self.index <= len(self.lesson.steps):
            self.restart()
            raise LessonError(f"{self.lesson.source}: saved progress: step out of range")
        self.finished = self.index >= len(self.lesson.steps)


def _seat_names(state: GameState) -> list[str]:
    seats = getattr(state, "seats", None)
    if isinstance(seats, tuple):
        return list(seats)
    return ["white", "black"]


def run_headless(lesson: Lesson, choose_ai: Callable[[GameState], Any] | None = None) -> LessonRun:
    """Play a whole lesson at the rules level with its expected actions (validation and tests)."""
    run = LessonRun(lesson)
    guard = 0
    while not run.finished:
        guard += 1
        if guard > 5000:
            raise run._error("steps", "the lesson does not end")
        step = run.step
        assert step is not None
        if step.kind in ("say", "celebrate"):
            run.advance()
        elif step.kind == "do":
            run.offer(run.expected())
        elif step.kind == "reply":
            run.play_reply()
        elif step.kind == "free":
            if run.ai_to_play():
                if choose_ai is None:
                    raise run._error("opponent", "free play needs an AI")
                run.play_ai(choose_ai(run.state))
            else:
                run.offer(_learner_choice(run.state))
    return run


def _learner_choice(state: GameState) -> Any:
    """A plain stand-in learner for free play: end the go at once when it can, else the first action."""
    for action in state.legal_actions():
        if str(action) in ("end", "pass"):
            return action
    return state.legal_actions()[0]
