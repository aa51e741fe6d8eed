"""The AI worker process: answers without blocking, and survives crashes and hangs."""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai import Budget
from game.ai import worker as worker_module
from game.ai.games import new_state
from game.ai.worker import RESTARTED_NOTE, AiResult, AiWorker
from tests.ai.toy_game import ToyRace

PLUGINS = ("tests.ai.toy_game:register_toys",)


ANSWER_BOUND_S = 120.0
"""How long a test waits for an answer before calling it lost. Generous: a hang's answer takes two
process starts and two timeouts, and on the shared machine a spawned interpreter's imports alone take
several seconds under load (a 30 s bound failed there)."""


def _wait(worker: AiWorker, limit_s: float = ANSWER_BOUND_S) -> AiResult:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        result = worker.poll()
        if result is not None:
            return result
        time.sleep(0.01)
    raise AssertionError("no result")


@pytest.fixture
def state_json() -> dict[str, object]:
    state = ToyRace(2)
    state.positions = [6, 7]
    return state.to_json()


@pytest.fixture
def worker() -> Iterator[AiWorker]:
    with AiWorker(PLUGINS, timeout_s=5.0) as made:
        yield made


def test_request_is_answered_by_the_search(worker: AiWorker, state_json: dict[str, object]) -> None:
    """A normal request returns the bot's move (the sure win) without blocking the caller."""
    started = time.perf_counter()
    ticket = worker.request("toyrace", state_json, "hard", 1, Budget(2_000))
    assert time.perf_counter() - started < 0.5
    result = _wait(worker)
    assert (result.ticket, result.action, result.fallback) == (ticket, "step", False)


def test_cancelled_request_never_answers(worker: AiWorker, state_json: dict[str, object]) -> None:
    """After cancel() the old ticket's answer is dropped; the next request gets its own."""
    worker.request("toyrace", state_json, "hard", 1, Budget(10**9, max_seconds=20))
    worker.cancel()
    assert worker.poll() is None
    ticket = worker.request("toyrace", state_json, "normal", 1, Budget(500))
    assert _wait(worker).ticket == ticket


def test_crash_once_is_retried_after_a_restart(
    worker: AiWorker, state_json: dict[str, object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A worker that dies is restarted and the request retried, which then succeeds."""
    monkeypatch.setenv("TOY_CRASH_MARKER", str(tmp_path / "crashed"))
    with caplog.at_level(logging.ERROR):
        worker.request("toyrace", state_json, "crash-once", 1, Budget(100))
        result = _wait(worker)
    assert not result.fallback
    assert worker.restarts == 1
    assert "died" in caplog.text


@pytest.mark.parametrize("mode", ["crash", "raise"])
def test_persistent_failure_falls_back_to_a_legal_move(
    worker: AiWorker, state_json: dict[str, object], mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot that always crashes or raises still yields a legal move, computed in-process."""
    with caplog.at_level(logging.ERROR):
        worker.request("toyrace", state_json, mode, 1, Budget(100))
        result = _wait(worker)
    assert result.fallback
    assert ToyRace.from_json(state_json).is_legal(result.action)
    assert caplog.text


def test_hang_times_out_then_falls_back(
    state_json: dict[str, object], caplog: pytest.LogCaptureFixture
) -> None:
    """A hanging bot is killed at the timeout, retried once, then replaced by a fallback move."""
    with AiWorker(PLUGINS, timeout_s=1.0) as worker, caplog.at_level(logging.ERROR):
        worker.request("toyrace", state_json, "hang", 1, Budget(100))
        result = _wait(worker)
        assert result.fallback
        assert worker.restarts == 2
        assert "timed out" in caplog.text
        ticket = worker.request("toyrace", state_json, "easy", 1, Budget(100))
        after = _wait(worker)
    assert (after.ticket, after.fallback) == (ticket, False)


@pytest.mark.parametrize("game_id", ["magestone", "magistrat"])
def test_worker_rebuilds_real_games_from_json(worker: AiWorker, game_id: str) -> None:
    """The worker process rebuilds a real game's state from to_json and answers with legal notation."""
    try:
        state = new_state(game_id, {"players": 2})
    except (ImportError, AttributeError):
        pytest.skip(f"the {game_id} engine is not in the tree yet")
    worker.request(game_id, state.to_json(), "normal", 3, Budget(300))
    result = _wait(worker)
    assert not result.fallback
    assert state.is_legal(state.parse_action(result.action))


def _started(worker: AiWorker, limit_s: float = 60.0) -> int:
    """Start the worker and wait for its first heartbeat; returns its pid."""
    worker.start()
    deadline = time.monotonic() + limit_s
    while not worker.beating():
        assert time.monotonic() < deadline, "the worker never started"
        time.sleep(0.02)
    assert worker.pid is not None
    return worker.pid


RECOVERY_BOUND_S = 30.0
"""Generous: the machine running the suite is shared; the typical figure is a few seconds."""


@pytest.mark.parametrize("fault", [signal.SIGKILL, signal.SIGSTOP], ids=["killed", "stopped"])
def test_a_killed_or_stopped_worker_is_replaced_and_the_player_told(
    state_json: dict[str, object], fault: signal.Signals, caplog: pytest.LogCaptureFixture
) -> None:
    """A worker killed or stopped (SIGSTOP: it ignores SIGTERM) is detected, killed and replaced; the
    request is answered by the new one with a note for the player, and no call ever blocks."""
    with AiWorker(PLUGINS) as worker, caplog.at_level(logging.ERROR):
        pid = _started(worker)
        os.kill(pid, fault)
        started = time.monotonic()
        ticket = worker.request("toyrace", state_json, "normal", 1, Budget(500, max_seconds=4.0))
        slowest_call = 0.0
        result = None
        while result is None and time.monotonic() - started < RECOVERY_BOUND_S:
            call = time.monotonic()
            result = worker.poll()
            slowest_call = max(slowest_call, time.monotonic() - call)
            time.sleep(0.01)
        recovered = time.monotonic() - started
        call = time.monotonic()
        worker.cancel()
        slowest_call = max(slowest_call, time.monotonic() - call)
    print(f"recovered from {fault.name} in {recovered:.2f} s; slowest poll {slowest_call * 1000:.0f} ms")
    assert result is not None, f"no answer {RECOVERY_BOUND_S} s after the fault"
    assert (result.ticket, result.fallback, result.note) == (ticket, False, RESTARTED_NOTE)
    assert worker.restarts == 1
    assert slowest_call < 1.0, "a poll or cancel blocked the caller"
    if fault is signal.SIGSTOP:
        assert "no heartbeat" in caplog.text


def test_leaving_a_stopped_worker_never_blocks(state_json: dict[str, object]) -> None:
    """Closing while the worker is stopped mid-request returns at once; the process is still reaped."""
    worker = AiWorker(PLUGINS)
    pid = _started(worker)
    worker.request("toyrace", state_json, "normal", 1, Budget(500))
    os.kill(pid, signal.SIGSTOP)
    started = time.monotonic()
    worker.close()
    assert time.monotonic() - started < 0.5
    deadline = time.monotonic() + 30
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid), "the stopped worker was never killed"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class _ClosedByClient:
    """A connection whose client has gone: one request arrives, the answer cannot be sent."""

    def __init__(self) -> None:
        self.requests = [{"ticket": 1}]

    def recv(self) -> object:
        if not self.requests:
            raise EOFError
        return self.requests.pop()

    def send(self, reply: object) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_worker_ends_quietly_when_the_client_quit_mid_think(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Quitting while the AI thinks closes the pipe: the worker stops without a traceback or error."""
    monkeypatch.setattr(worker_module, "choose_text", lambda message, should_stop: "step")
    counter = type("Shared", (), {"value": 0})
    worker_module._serve(_ClosedByClient(), counter(), counter(), ())  # type: ignore[arg-type]
    assert "Traceback" not in capsys.readouterr().err
