"""``magestone bench render``: frames per second of the menu scenes, drawing only (no frame cap)."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from typing import Any

from game.client.headless import use_dummy_drivers_if_no_display
from game.paths import USER_ROOT_ENV

FRAMES = 240
REPEATS = 5


def bench_render() -> dict[str, Any]:
    """Median uncapped frames/s of the title, settings and credits scenes at 1280x720."""
    use_dummy_drivers_if_no_display()
    previous = os.environ.get(USER_ROOT_ENV)
    with tempfile.TemporaryDirectory(prefix="magestone-render-") as folder:
        os.environ[USER_ROOT_ENV] = folder
        try:
            return _measure()
        finally:
            if previous is None:
                del os.environ[USER_ROOT_ENV]
            else:
                os.environ[USER_ROOT_ENV] = previous


def _measure() -> dict[str, Any]:
    from game.client.app import App, ClientOptions
    from game.client.scenes.credits import CreditsScene
    from game.client.scenes.settings import SettingsScene

    app = App(ClientOptions())
    try:
        app.start()
        figures: dict[str, Any] = {}
        for name, scene in (
            ("title", None),
            ("settings", SettingsScene(app)),
            ("credits", CreditsScene(app)),
        ):
            if scene is not None:
                app.stack.push(scene)
            for _ in range(30):
                app.step(1 / 60)
            rates = []
            for _ in range(REPEATS):
                started = time.perf_counter()
                for _ in range(FRAMES):
                    app.step(1 / 60)
                rates.append(FRAMES / (time.perf_counter() - started))
            figures[f"{name}_fps"] = round(statistics.median(rates), 1)
        return figures
    finally:
        app.shutdown()
