"""Run the AI in a separate process so the window keeps its frame rate.

The client calls :meth:`AiWorker.request` with the game id and the state's
``to_json`` data, then :meth:`AiWorker.poll` once per frame until a result
arrives. The worker process rebuilds the state with the game's ``from_json``
and answers with the chosen action's notation.

Failures never freeze a match: if the process dies or exceeds its time, the
parent logs it, restarts the process and asks once more; if that fails too,
it computes a cheap move in-process (a small-budget easy bot, or a random
legal action) and marks the result as a fallback.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import random
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from multiprocessing.sharedctypes import Synchronized
from typing import Any

from game.ai.base import Budget
from game.ai.games import state_from_json
from game.ai.levels import make_bot

log = logging.getLogger(__name__)

FALLBACK_BUDGET = Budget(200)
"""Budget of the in-process emergency move."""


@dataclass(frozen=True)
class AiResult:
    """The answer to one request: the action's notation, and how it was obtained."""

    ticket: int
    action: str
    seconds: float
    fallback: bool = False


@dataclass
class _Pending:
    ticket: int
    message: dict[str, Any]
    sent_at: float
    retried: bool = False


def run_plugins(plugins: Sequence[str]) -> None:
    """Call each ``"module:function"`` (tests register toy games and bots this way)."""
    for target in plugins:
        module_name, attribute = target.split(":")
        getattr(import_module(module_name), attribute)()


def choose_text(message: Mapping[str, Any], should_stop: Callable[[], bool] | None = None) -> str:
    """Rebuild the state of a request message and return the chosen action's notation."""
    state = state_from_json(message["game_id"], message["state"])
    bot = make_bot(message["game_id"], message["level"], state.num_players)
    limit = Budget.from_json(message["budget"]).start(should_stop)
    return str(bot.choose_with(state, random.Random(message["seed"]), limit))


def _cancel_check(cancelled: Synchronized, ticket: int) -> Callable[[], bool]:  # type: ignore[type-arg]
    """True once the parent has cancelled ``ticket`` (or a later one)."""
    return lambda: bool(cancelled.value >= ticket)


def _serve(conn: Connection, cancelled: Synchronized, plugins: Sequence[str]) -> None:  # type: ignore[type-arg]
    """Worker process main loop: answer requests until told to stop (``None``)."""
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
            action = choose_text(message, _cancel_check(cancelled, ticket))
            conn.send({"ticket": ticket, "action": action, "seconds": time.perf_counter() - started})
        except Exception:
            conn.send({"ticket": ticket, "error": traceback.format_exc()})


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
        self._cancelled: Synchronized = self._context.Value("q", -1)  # type: ignore[type-arg]
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
        process = self._context.Process(
            target=_serve, args=(child, self._cancelled, self.plugins), name="magestone-ai", daemon=True
        )
        process.start()
        child.close()
        self._process, self._conn = process, parent

    def request(
        self, game_id: str, state_json: Mapping[str, Any], level: str, seed: int, budget: Budget
    ) -> int:
        """Ask for a move; returns a ticket. A request still running is cancelled."""
        self.cancel()
        self._next_ticket += 1
        message = {"ticket": self._next_ticket, "game_id": game_id, "state": dict(state_json),
                   "level": level, "seed": seed, "budget": budget.to_json()}
        self._pending = _Pending(self._next_ticket, message, time.monotonic())
        self._send(message)
        return self._next_ticket

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
            return AiResult(pending.ticket, reply["action"], reply["seconds"])
        if self._process is not None and self._process.is_alive():
            if time.monotonic() - pending.sent_at <= self._timeout(pending):
                return None
            log.error("AI request %d timed out; restarting the worker", pending.ticket)
        else:
            log.error("AI worker died during request %d; restarting it", pending.ticket)
        self._restart()
        if pending.retried:
            return self._fallback(pending)
        pending.retried = True
        pending.sent_at = time.monotonic()
        self._send(pending.message)
        return None

    def cancel(self) -> None:
        """Forget the current request; its search is told to stop early."""
        if self._pending is not None:
            self._cancelled.value = self._pending.ticket
            self._pending = None

    def close(self) -> None:
        """Stop the worker process."""
        self.cancel()
        if self._conn is not None and self._process is not None and self._process.is_alive():
            with contextlib.suppress(OSError):
                self._conn.send(None)
            self._process.join(timeout=1.0)
        self._kill()

    def __enter__(self) -> AiWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _timeout(self, pending: _Pending) -> float:
        if self.timeout_s is not None:
            return self.timeout_s
        seconds = pending.message["budget"]["max_seconds"]
        return 60.0 if seconds is None else 2.0 * seconds + 10.0

    def _send(self, message: dict[str, Any]) -> None:
        self.start()
        assert self._conn is not None
        try:
            self._conn.send(message)
        except OSError:
            log.error("AI worker pipe broken; restarting it")
            self._restart()
            assert self._conn is not None
            self._conn.send(message)

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

    def _kill(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.is_alive():
            process.terminate()
            process.join(timeout=2.0)
            if process.is_alive():
                process.kill()
                process.join(timeout=2.0)
        if self._conn is not None:
            self._conn.close()
            self._conn = None

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
        return AiResult(pending.ticket, action, time.perf_counter() - started, fallback=True)
