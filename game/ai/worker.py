"""Run the AI in a separate process so the window keeps its frame rate.

The client calls :meth:`AiWorker.request` with the game id and the state's
``to_json`` data, then :meth:`AiWorker.poll` once per frame until a result
arrives. The worker process rebuilds the state with the game's ``from_json``
and answers with the chosen action's notation.

Failures never freeze a match: if the process dies, stops beating its heart (a
stopped or frozen process) or exceeds its time, the parent logs it, kills it
(SIGKILL: a stopped process ignores SIGTERM) without waiting on the UI thread,
starts another and asks once more; if that fails too, it computes a cheap move
in-process (a small-budget easy bot, or a random legal action) and marks the
result as a fallback. Either way the result carries a note for the player.
The cancel flag is lock-free shared memory, so a process killed at any moment
can never leave the parent waiting on a lock.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import random
import threading
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from game.ai.base import Budget
from game.ai.games import state_from_json
from game.ai.levels import make_bot

log = logging.getLogger(__name__)

FALLBACK_BUDGET = Budget(200)
"""Budget of the in-process emergency move."""
HEARTBEAT_S = 0.25
"""How often the worker process signals that it is alive."""
HEARTBEAT_TIMEOUT_S = 2.5
"""A worker whose heart has not beaten for this long is stopped or frozen: it is replaced."""
STARTUP_GRACE_S = 20.0
"""Time a fresh process may take to import and send its first beat (a loaded machine is slow)."""
RESTARTED_NOTE = "The AI stopped working and was restarted"
FALLBACK_NOTE = "The AI failed; a simpler move was played"


@dataclass(frozen=True)
class AiResult:
    """The answer to one request: the action's notation, and how it was obtained."""

    ticket: int
    action: str
    seconds: float
    fallback: bool = False
    note: str = ""
    """For the player when the worker had to be restarted or replaced ('' normally)."""


@dataclass
class _Pending:
    ticket: int
    message: dict[str, Any]
    sent_at: float
    retried: bool = False
    beats: int = -1
    """The heartbeat count last seen, and when it changed (``beat_at``)."""
    beat_at: float = 0.0
    live_at: float = 0.0
    """When the serving process was first seen beating: its time to answer runs from then."""


def run_plugins(plugins: Sequence[str]) -> None:
    """Call each ``"module:function"`` (tests register toy games and bots this way)."""
    for target in plugins:
        module_name, attribute = target.split(":")
        getattr(import_module(module_name), attribute)()


def choose_text(message: Mapping[str, Any], should_stop: Callable[[], bool] | None = None) -> str:
    """Rebuild the state of a request message and return the chosen action's notation.

    The message's ``history`` (the match's positions by repetition key, optional) is the bot's memory
    of positions already made, so a bot built for this one request still does not shuffle.
    """
    state = state_from_json(message["game_id"], message["state"])
    bot = make_bot(message["game_id"], message["level"], state.num_players)
    bot.remember(message.get("history", ()))
    limit = Budget.from_json(message["budget"]).start(should_stop)
    return str(bot.choose_with(state, random.Random(message["seed"]), limit))


def _cancel_check(cancelled: Any, ticket: int) -> Callable[[], bool]:
    """True once the parent has cancelled ``ticket`` (or a later one)."""
    return lambda: bool(cancelled.value >= ticket)


def _beat(heart: Any) -> None:
    """Worker-process thread: count heartbeats into shared memory until the process ends."""
    while True:
        heart.value += 1
        time.sleep(HEARTBEAT_S)


def _serve(conn: Connection, cancelled: Any, heart: Any, plugins: Sequence[str]) -> None:
    """Worker process main loop: answer requests until told to stop (``None``)."""
    threading.Thread(target=_beat, args=(heart,), name="magestone-ai-heart", daemon=True).start()
    run_plugins(plugins)
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message is None:
            return
        ticket: int = message["ticket"]
        started = time.perf_counter()
        try:
            reply = {"ticket": ticket, "action": choose_text(message, _cancel_check(cancelled, ticket)),
                     "seconds": time.perf_counter() - started}
        except Exception:
            reply = {"ticket": ticket, "error": traceback.format_exc()}
        try:
            conn.send(reply)
        except OSError:  # the client closed while we thought (quit mid-turn): nobody to answer
            return


class AiWorker:
    """Non-blocking AI requests served by a spawned process, with recovery.

    ``timeout_s`` bounds one request (None: twice the budget's time cap plus
    10 s, or 60 s without a cap). ``plugins`` are ``"module:function"`` hooks
    run in both processes before use.
    """

    def __init__(self, plugins: Sequence[str] = (), timeout_s: float | None = None) -> None:
        self.plugins = tuple(plugins)
        self.timeout_s = timeout_s
        run_plugins(self.plugins)
        self._context = multiprocessing.get_context("spawn")
        self._cancelled: Any = self._context.RawValue("q", -1)  # lock-free: no process can hold it
        self._heart: Any = self._context.RawValue("Q", 0)
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._pending: _Pending | None = None
        self._next_ticket = 0
        self.restarts = 0

    def start(self) -> None:
        """Start the worker process now (otherwise the first request does)."""
        if self._process is not None and self._process.is_alive():
            return
        parent, child = self._context.Pipe()
        self._heart = self._context.RawValue("Q", 0)
        process = self._context.Process(
            target=_serve, args=(child, self._cancelled, self._heart, self.plugins), name="magestone-ai",
            daemon=True,
        )
        process.start()
        child.close()
        self._process, self._conn = process, parent

    def request(
        self, game_id: str, state_json: Mapping[str, Any], level: str, seed: int, budget: Budget,
        history: Sequence[str] = (),
    ) -> int:
        """Ask for a move; returns a ticket. A request still running is cancelled.

        ``history``: the match's positions so far (:class:`~game.ai.history.PositionHistory`), so the
        bot does not bring one round again while ahead.
        """
        self.cancel()
        self._next_ticket += 1
        message = {"ticket": self._next_ticket, "game_id": game_id, "state": dict(state_json),
                   "level": level, "seed": seed, "budget": budget.to_json(), "history": list(history)}
        self._pending = _Pending(self._next_ticket, message, time.monotonic())
        self._send(message)
        return self._next_ticket

    @property
    def pid(self) -> int | None:
        """The worker process's id (None before it starts)."""
        return self._process.pid if self._process is not None else None

    def beating(self) -> bool:
        """True once the current worker process has sent a heartbeat."""
        return self._process is not None and self._heart.value > 0

    def poll(self) -> AiResult | None:
        """The result of the current request once ready, else None (never blocks)."""
        pending = self._pending
        if pending is None:
            return None
        reply = self._receive(pending.ticket)
        if reply is not None:
            if "error" in reply:
                log.error("AI request %d failed in the worker:\n%s", pending.ticket, reply["error"])
                return self._fallback(pending)
            self._pending = None
            return AiResult(pending.ticket, reply["action"], reply["seconds"],
                            note=RESTARTED_NOTE if pending.retried else "")
        fault = self._fault(pending)
        if not fault:
            return None
        log.error("AI request %d: %s; restarting the worker", pending.ticket, fault)
        self._restart()
        if pending.retried:
            return self._fallback(pending)
        pending.retried = True
        pending.sent_at, pending.beats = time.monotonic(), -1
        self._send(pending.message)
        return None

    def _fault(self, pending: _Pending) -> str:
        """What is wrong with the worker serving ``pending`` ('' while all is well)."""
        if self._process is None or not self._process.is_alive():
            return "the worker died"
        now = time.monotonic()
        beats = self._heart.value
        if beats == 0:  # still starting (a spawned interpreter imports the AI first)
            return "the worker did not start" if now - pending.sent_at > STARTUP_GRACE_S else ""
        if beats != pending.beats:
            if pending.beats <= 0:
                pending.live_at = now
            pending.beats, pending.beat_at = beats, now
        if now - max(pending.sent_at, pending.live_at) > self._timeout(pending):
            return "the request timed out"
        if now - max(pending.beat_at, pending.sent_at) > HEARTBEAT_TIMEOUT_S:
            return "the worker stopped responding (no heartbeat)"
        return ""

    def cancel(self) -> None:
        """Forget the current request; its search is told to stop early."""
        if self._pending is not None:
            self._cancelled.value = self._pending.ticket
            self._pending = None

    def close(self) -> None:
        """Stop the worker process (it is asked to leave and reaped in the background: never blocks)."""
        self.cancel()
        if self._conn is not None and self._process is not None and self._process.is_alive():
            with contextlib.suppress(OSError):
                self._conn.send(None)
        self._kill(grace=1.0)

    def __enter__(self) -> AiWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _timeout(self, pending: _Pending) -> float:
        if self.timeout_s is not None:
            return self.timeout_s
        seconds = pending.message["budget"]["max_seconds"]
        return 60.0 if seconds is None else 1.5 * seconds + 4.0

    def _send(self, message: dict[str, Any]) -> None:
        if self._process is not None and not self._process.is_alive():
            self._replace_dead("AI worker died while idle; restarting it")
        self.start()
        assert self._conn is not None
        try:
            self._conn.send(message)
        except OSError:
            self._replace_dead("AI worker pipe broken (the worker died); restarting it")
            assert self._conn is not None
            self._conn.send(message)

    def _replace_dead(self, reason: str) -> None:
        """Restart a worker found dead before it got the request (that counts as the one retry)."""
        log.error(reason)
        self._restart()
        if self._pending is not None:
            self._pending.retried = True

    def _receive(self, ticket: int) -> dict[str, Any] | None:
        """The reply for ``ticket`` if one is waiting (stale replies are dropped)."""
        conn = self._conn
        if conn is None:
            return None
        try:
            while conn.poll():
                reply: dict[str, Any] = conn.recv()
                if reply["ticket"] == ticket:
                    return reply
        except (EOFError, OSError):
            return None
        return None

    def _restart(self) -> None:
        self._kill()
        self.restarts += 1
        self.start()

    def _kill(self, grace: float = 0.0) -> None:
        """Let go of the process: killed after ``grace`` seconds, reaped by a background thread."""
        process, self._process = self._process, None
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if process is not None:
            threading.Thread(target=_reap, args=(process, grace), name="magestone-ai-reaper",
                             daemon=True).start()

    def _fallback(self, pending: _Pending) -> AiResult:
        """A cheap move computed here, so the match goes on."""
        self._pending = None
        message = pending.message
        started = time.perf_counter()
        state = state_from_json(message["game_id"], message["state"])
        rng = random.Random(message["seed"])
        try:
            bot = make_bot(message["game_id"], "easy", state.num_players)
            action = str(bot.choose(state, rng, FALLBACK_BUDGET))
        except Exception:
            log.exception("fallback easy bot failed; playing a random legal action")
            action = str(rng.choice(state.legal_actions()))
        seconds = time.perf_counter() - started
        return AiResult(pending.ticket, action, seconds, fallback=True, note=FALLBACK_NOTE)


def _reap(process: BaseProcess, grace: float) -> None:
    """Wait ``grace`` seconds for ``process`` to leave, then SIGKILL it (a stopped process ignores
    SIGTERM) and collect it."""
    process.join(timeout=grace)
    if process.is_alive():
        with contextlib.suppress(OSError, ValueError):
            process.kill()
        process.join(timeout=5.0)
