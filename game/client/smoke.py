"""``magestone smoke``: a headless run through every menu scene, for CI and frozen builds.

Checks that every bundled asset exists and loads, then drives the real app with synthetic
intents (clicks on the title buttons, keyboard navigation, Back, a short match of each game) and
draws frames. ``--frames N`` stops the tour after exactly N frames, wherever it has got to. Returns
0 on success, 1 with a message naming the problem otherwise. It uses a temporary user folder unless
``MAGESTONE_USER_DIR`` is set, so it never touches the player's settings.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from game.client.headless import use_dummy_drivers_if_no_display
from game.paths import USER_ROOT_ENV

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.match.controller import MatchController
    from game.client.match.seats import Seat

TableT = TypeVar("TableT")


class FrameLimitReached(Exception):
    """The ``--frames`` budget is spent: the tour stops where it is (not a failure)."""


def run_smoke(frames: int | None, screenshot: Path | None, size: tuple[int, int] | None = None) -> int:
    """Run the smoke tour in a window of ``size`` (default 1280x720), stopping after ``frames``
    frames when given (else at the tour's end); optionally save the last frame as a PNG at that size."""
    use_dummy_drivers_if_no_display()
    if os.environ.get(USER_ROOT_ENV):
        return _tour(frames, screenshot, size)
    with tempfile.TemporaryDirectory(prefix="magestone-smoke-") as folder:
        os.environ[USER_ROOT_ENV] = folder
        try:
            return _tour(frames, screenshot, size)
        finally:
            del os.environ[USER_ROOT_ENV]


def _tour(frames: int | None, screenshot: Path | None, size: tuple[int, int] | None) -> int:
    import pygame

    from game.client.app import App
    from game.client.assets import verify_all
    from game.client.bundled_data import bundled_data_problems
    from game.client.options import ClientOptions

    pygame.font.init()
    problems = [f"asset problem: {problem}" for problem in verify_all()]
    problems += [f"data problem: {problem}" for problem in bundled_data_problems()]
    if problems:
        for problem in problems:
            print(f"smoke: {problem}", file=sys.stderr)
        return 1
    app = App(ClientOptions(max_frames=frames))
    visited: list[str] = []
    try:
        app.start()
        if size is not None:
            app.resize(size)
        problem = _visit(app, visited)
        if problem:
            print(f"smoke: {problem}", file=sys.stderr)
            return 1
        covered = "a MageStone and a MagiStrat match played, saved and reloaded"
    except FrameLimitReached:
        covered = f"stopped at the {frames}-frame limit"
    try:
        if screenshot is not None:
            screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.canvas, screenshot)
        print(f"smoke: ok, {app.frames} frames, scenes {', '.join(visited) or 'none yet'}, {covered}")
        return 0
    finally:
        app.shutdown()


def _visit(app: App, visited: list[str]) -> str:
    """Every title-screen scene (named into ``visited``), then a match of each game; returns a
    problem or ''."""
    from game.client.input import Click, Key, KeyIntent
    from game.client.scenes.menus import TitleScene
    from game.client.widgets import Button

    per_scene = 3
    _dismiss_notices(app)
    title = app.stack.top
    if not isinstance(title, TitleScene):
        return f"expected the title screen first, got {type(title).__name__}"
    _frames(app, per_scene)
    for button in title.group.widgets:
        if not isinstance(button, Button) or not button.enabled or button.label == "Quit":
            continue
        app.input.inject(Click(button.rect.center))
        _frames(app, per_scene)
        scene = app.stack.top
        if scene is title or scene is None:
            return f"clicking {button.label!r} opened nothing"
        visited.append(type(scene).__name__)
        for key in (Key.NEXT, Key.NEXT, Key.PREV):
            app.input.inject(KeyIntent(key))
        _frames(app, per_scene)
        while app.stack.top is not title and app.stack.top is not None:
            app.input.inject(KeyIntent(Key.BACK))
            _frames(app, 2)
    problem = _magestone_match(app)
    if problem:
        return f"MageStone match: {problem}"
    problem = _magistrat_match(app)
    return f"MagiStrat match: {problem}" if problem else ""


def _dismiss_notices(app: App) -> None:
    """Close the start-up notices (settings reset, last crash) over the title, printing each."""
    from game.client.input import Key, KeyIntent
    from game.client.scenes.dialog import DialogScene

    while isinstance(app.stack.top, DialogScene) and len(app.stack) > 1:
        notice = app.stack.top
        print(f"smoke: start-up notice: {notice.message.splitlines()[0]}")
        app.input.inject(KeyIntent(Key.BACK))
        _frames(app, 2)
        if app.stack.top is notice:
            return


def _magestone_match(app: App, goes: int = 4, max_frames: int = 3000) -> str:
    """Play a few goes of hot-seat-free MageStone (you vs the Normal AI, your goes ended at once),
    then check the autosave reloads to the same position. Returns a problem or ''."""
    from game.client.magestone.scene import MageStoneMatchScene
    from game.client.match.seats import Seat
    from game.rules.magestone import MageStoneState

    seats = [Seat("South"), Seat("North", "normal", 1)]
    scene = _open_table(app, "magestone", {"players": 2}, seats, MageStoneMatchScene)
    if scene is None:
        return "the table did not open"
    controller = scene.controller
    ended = 0
    for _ in range(max_frames):
        _frames(app, 1)
        if controller.human_to_act() and not scene.animator.busy:
            if ended >= goes:
                break
            state = controller.state
            assert isinstance(state, MageStoneState)
            scene.click(scene.view.centre(state.board.parse_square("i1")))
            scene.click(scene.view.centre(state.board.parse_square("i2")))
            scene.end_go()
            ended += 1
    if ended < goes:
        return f"only {ended} goes were played in {max_frames} frames"
    return _autosave_matches(app, controller)


def _magistrat_match(app: App, turns: int = 4, max_frames: int = 3000) -> str:
    """Play a few MagiStrat turns (a preset formation; you play the first legal move by clicking the
    piece and its destination, skipping any attack; the Normal AI replies), then check the autosave
    reloads to the same position. Returns a problem or ''."""
    from game.client.magistrat.scene import MagiStratMatchScene
    from game.client.match.seats import Seat
    from game.rules.magistrat import Move

    seats = [Seat("White"), Seat("Black", "normal", 1)]
    scene = _open_table(app, "magistrat", {"setup": "preset:classic"}, seats, MagiStratMatchScene)
    if scene is None:
        return "the table did not open"
    controller = scene.controller
    played = 0
    for _ in range(max_frames):
        _frames(app, 1)
        if controller.over:
            break
        if controller.human_to_act() and not scene.animator.busy:
            if played >= turns:
                break
            action = controller.state.legal_actions()[0]
            if isinstance(action, Move):
                scene.click(scene.view.centre(action.frm))
                scene.click(scene.view.centre(action.to))
                pending = scene.input.pending
                if pending is not None:
                    scene.button("Skip attack" if pending.attack else "Move").activate()
            else:
                scene.pass_turn()
            played += 1
    if played < turns and not controller.over:
        return f"only {played} turns were played in {max_frames} frames"
    return _autosave_matches(app, controller)


def _open_table(
    app: App, game: str, options: dict[str, Any], seats: list[Seat], table: type[TableT]
) -> TableT | None:
    """A new match (dice seed 5) at its table with instant animations; None if the table did not open."""
    import math

    from game.client.match.session import new_controller, open_match

    app.tweens.speed = math.inf
    open_match(app, new_controller(app, game, options, seats, 5))
    scene = app.stack.top
    return scene if isinstance(scene, table) else None


def _autosave_matches(app: App, controller: MatchController) -> str:
    """Reload the autosave and compare it with the match, then leave the table. Returns a problem or ''."""
    from game.client.match.controller import autosave_path
    from game.storage.saves import SaveError, load_save

    try:
        loaded = load_save(autosave_path())
    except SaveError as error:
        return str(error)
    if loaded.match.state.position() != controller.state.position():
        return "the reloaded autosave differs from the match"
    app.stack.pop()
    return ""


def _frames(app: App, count: int) -> None:
    """Draw ``count`` frames; raises FrameLimitReached once the ``--frames`` budget is spent."""
    limit = app.options.max_frames
    for _ in range(count):
        if limit is not None and app.frames >= limit:
            raise FrameLimitReached
        app.step(1 / 60)
