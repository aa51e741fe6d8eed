"""Headless pygame for every client test, a private user folder per test, and helpers that drive
the client through its input layer."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Intent
from game.client.match import session
from game.client.match.controller import InlineSource, MatchController, autosave_path
from game.client.match.seats import Seat
from game.client.options import ClientOptions
from game.rules.match import Match
from game.rules.protocol import GameState


@pytest.fixture(autouse=True)
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings, saves and logs of the test live in its own temporary folder."""
    folder = tmp_path / "user"
    monkeypatch.setenv("MAGESTONE_USER_DIR", str(folder))
    return folder


@pytest.fixture
def app() -> Iterator[App]:
    """A started client on the dummy display, shut down afterwards."""
    client = App(ClientOptions())
    client.start()
    yield client
    client.shutdown()


@pytest.fixture
def quick(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Instant animations and an in-process AI (use with ``pytest.mark.usefixtures``)."""
    app.tweens.speed = math.inf
    monkeypatch.setattr(session, "make_source", InlineSource)


def frames(client: App, count: int = 3) -> None:
    """Run ``count`` frames of 1/60 s."""
    for _ in range(count):
        client.step(1 / 60)


def send(client: App, *intents: Intent, settle: int = 2) -> None:
    """Inject intents through the input layer one frame apart, then run ``settle`` frames."""
    for intent in intents:
        client.input.inject(intent)
        frames(client, 1)
    frames(client, settle)


def press(client: App, scene: Any, label: str) -> None:
    """Hover then click a visible button of ``scene`` at its centre."""
    button = scene.button(label)
    send(client, Hover(button.rect.center), Click(button.rect.center))


def play_out(client: App, scene: Any, limit: int) -> None:
    """Let every queued animation of ``scene`` play out (at most ``limit`` frames), then two more."""
    for _ in range(limit):
        if not scene.animator.busy:
            break
        frames(client, 1)
    frames(client, 2)


SceneT = TypeVar("SceneT")


def open_test_table(
    client: App,
    state: GameState,
    seats: list[Seat],
    narrator: Any,
    table: type[SceneT],
    **controller_options: Any,
) -> SceneT:
    """Open a table on ``state`` with an in-process AI, no pacing and the usual autosave file."""
    controller = MatchController(
        Match(state, 7),
        seats,
        InlineSource(),
        narrator,
        autosave_file=autosave_path(),
        pace=0.0,
        **controller_options,
    )
    session.open_match(client, controller)
    scene = client.stack.top
    assert isinstance(scene, table)
    return scene


def finish_loading(client: App) -> Any:
    """Wait for the background read that Continue or Load started, then return the scene it opened."""
    from game.client.match.loading import LoadingScene

    loading = client.stack.top
    assert isinstance(loading, LoadingScene)
    assert loading.wait(60), "the save was not read within a minute"
    frames(client, 1)
    return client.stack.top
