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
    from game.client.app import App
    from game.client.options import ClientOptions
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
        figures.update(_magestone(app))
        figures.update(_magistrat(app))
        figures.update(_magnastorm(app))
        return figures
    finally:
        app.shutdown()


TABLE_FRAMES = 300
BENCH_WINDOWS = ((1280, 720), (1920, 1080), (2560, 1440))
"""Window sizes the tables are measured at (the figures are named ``<game>_..._<W>x<H>``)."""


def _magestone(app: Any) -> dict[str, Any]:
    """Frame time p95 and median draw time of a mid-game 4-player table at each bench window size.

    Dice roll and units walk all the time (a recorded batch is replayed on the view, which never
    changes the rules), while the AI worker process keeps thinking about the position.
    """
    import random

    from game.client.magestone.narrator import MageStoneNarrator
    from game.client.magestone.scene import MageStoneMatchScene
    from game.client.match.controller import MatchController
    from game.client.match.seats import Seat
    from game.rules.match import Match
    from game.rules.registry import new_game

    match = Match(new_game("magestone", {"players": 4}), 3)
    rng = random.Random(3)
    batch = None
    seats = [Seat(name, "human", i) for i, name in enumerate(("South", "West", "North", "East"))]
    controller = MatchController(match, seats, None, MageStoneNarrator(), None, 0.0)
    while len(match.log) < 160 and not match.state.is_terminal():
        actions = match.state.legal_actions()
        fights = [a for a in actions if "x" in str(a)]
        controller.play(rng.choice(fights) if fights and rng.random() < 0.7 else rng.choice(actions))
        events = controller.history[-1].events
        walked = len(controller.history) > 1 and any(e.kind == "moved" for e in controller.history[-2].events)
        if walked and any(e.kind == "dice_rolled" for e in events):
            batch = controller.history[-2].events + events
    if batch is None:
        batch = controller.history[-1].events
    scene = MageStoneMatchScene(app, controller)
    return _table_frames(app, scene, batch, "magestone", match.state.to_json())


def _magistrat(app: Any) -> dict[str, Any]:
    """Frame time p95 and median draw time of a full MagiStrat cube (every piece of the preset
    start, 60) at each bench window size with an attack animating (beam, drain, enhancement) while
    the AI thinks."""
    from game.client.magistrat.narrator import MagiStratNarrator
    from game.client.magistrat.scene import MagiStratMatchScene
    from game.client.match.controller import MatchController
    from game.client.match.seats import Seat
    from game.rules.magistrat import Move, new_game
    from game.rules.match import Match

    state = new_game({"setup": "preset:classic"})
    attacks = [a for a in state.legal_actions() if isinstance(a, Move) and a.attack]
    batch = tuple(state.preview(attacks[0]).events) if attacks else ()
    seats = [Seat("White", "human", 0), Seat("Black", "human", 1)]
    controller = MatchController(Match(state, 3), seats, None, MagiStratNarrator(), None, 0.0)
    scene = MagiStratMatchScene(app, controller)
    scene.hover = 64 + 27
    return _table_frames(app, scene, batch, "magistrat", state.to_json())


def _magnastorm(app: Any) -> dict[str, Any]:
    """Frame time p95 and median draw time of a mid-game 4-player Magnastorm table at each bench
    window size (the unsuffixed keys at 1280x720) with bag draws, runner steps and take-overs
    animating while the AI thinks; the pointer rests on a legal target (its preview shown)."""
    import random

    from game.client.magnastorm.narrator import MagnastormNarrator
    from game.client.magnastorm.samples import mid_game
    from game.client.magnastorm.scene import MagnastormMatchScene
    from game.client.match.controller import MatchController
    from game.client.match.seats import Seat
    from game.rules.match import Match

    state = mid_game(4)
    replay = state.clone()
    rng = random.Random(3)
    batch: list[Any] = []
    while replay.tasks and not {"bag_drawn", "runner_moved"} <= {e.kind for e in batch}:
        if replay.current_player() < 0:
            batch.extend(replay.apply(replay.sample_chance(rng)))
        else:
            batch.extend(replay.apply(rng.choice(replay.legal_actions())))
    seats = [Seat(name, "human", i) for i, name in enumerate(("Crimson", "Azure", "Emerald", "Amber"))]
    controller = MatchController(Match(state, 3), seats, None, MagnastormNarrator(), None, 0.0)
    scene = MagnastormMatchScene(app, controller)
    scene.handover = False
    targets = scene.input.targets()
    if targets and scene.table_layout is not None:
        scene.hover = targets[0]
    figures = _table_frames(app, scene, tuple(batch), "magnastorm", state.to_json())
    figures["magnastorm_frame_p95_ms"] = figures["magnastorm_frame_p95_ms_1280x720"]
    figures["magnastorm_draw_ms"] = figures["magnastorm_draw_ms_1280x720"]
    return figures


def _table_frames(app: Any, scene: Any, batch: Any, game_id: str, state_json: Any) -> dict[str, float]:
    """Run a table scene at each bench window size replaying ``batch`` on its animator while the AI
    worker thinks about the position; returns ``<game>_frame_p95_ms_<W>x<H>`` and
    ``<game>_draw_ms_<W>x<H>`` (median) for every size."""
    from game.ai.base import Budget
    from game.ai.worker import AiWorker

    app.tweens.speed = 1.0
    app.stack.push(scene)
    worker = AiWorker()
    worker.request(game_id, state_json, "hard", 1, Budget(10**7, 30.0))
    figures: dict[str, float] = {}
    try:
        for width, height in BENCH_WINDOWS:
            app.resize((width, height))
            frame_ms: list[float] = []
            draw_ms: list[float] = []
            for frame in range(TABLE_FRAMES + 30):
                if not scene.animator.busy:
                    scene.animator.play(batch)
                if worker.poll() is not None:
                    worker.request(game_id, state_json, "hard", frame, Budget(10**7, 30.0))
                started = time.perf_counter()
                app.step(1 / 60)
                ended = time.perf_counter()
                drawn = time.perf_counter()
                app.stack.draw(app.canvas)
                draw_done = time.perf_counter()
                if frame >= 30:
                    frame_ms.append((ended - started) * 1000)
                    draw_ms.append((draw_done - drawn) * 1000)
            frame_ms.sort()
            size = f"{width}x{height}"
            figures[f"{game_id}_frame_p95_ms_{size}"] = round(frame_ms[int(len(frame_ms) * 0.95)], 2)
            figures[f"{game_id}_draw_ms_{size}"] = round(statistics.median(draw_ms), 2)
    finally:
        worker.close()
        app.stack.pop()
        app.resize((1280, 720))
    return figures
