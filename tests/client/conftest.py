"""Headless pygame for every client test, and a private user folder per test."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.client.app import App, ClientOptions


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


def frames(client: App, count: int = 3) -> None:
    """Run ``count`` frames of 1/60 s."""
    for _ in range(count):
        client.step(1 / 60)
