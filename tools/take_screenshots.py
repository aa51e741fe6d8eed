"""Re-take the README screenshots (docs/screenshots/) at a window size, headless.

    python tools/take_screenshots.py [--size 1920x1080] [--out docs/screenshots]

Each picture is the real client drawn at that window's pixels: the title screen, a four-player
MageStone table with a unit's moves shown, the physics dice of a fight, a MagiStrat attack preview
and the flat view, the first lesson and the rules reference.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    """Parse the size and the folder, then take every picture."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = parser.parse_args()
    width, _, height = args.size.partition("x")
    os.environ["MAGESTONE_USER_DIR"] = tempfile.mkdtemp(prefix="magestone-shots-")
    import pygame

    from game.client.app import App
    from game.client.options import ClientOptions

    app = App(ClientOptions())
    app.start()
    app.resize((int(width), int(height)))
    args.out.mkdir(parents=True, exist_ok=True)

    def shoot(name: str, settle: int = 30) -> None:
        for _ in range(settle):
            app.step(1 / 60)
        pygame.image.save(app.canvas, args.out / f"{name}.png")
        print(args.out / f"{name}.png")

    try:
        shoot("main-menu")
        _magestone_targets(app)
        shoot("magestone-4p-targets", 10)
        app.stack.pop()
        _magestone_dice(app)
        shoot("magestone-dice", 0)
        app.stack.pop()
        _magistrat_preview(app)
        shoot("magistrat-preview", 10)
        app.stack.top.set_view("flat")  # type: ignore[union-attr]
        shoot("magistrat-flat", 10)
        app.stack.pop()
        _lesson(app)
        shoot("tutorial-lesson", 40)
        while len(app.stack) > 1:
            app.stack.pop()
        from game.client.rules_reference.scene import RulesReferenceScene

        app.push(RulesReferenceScene(app, "magestone"))
        app.stack.top.show(4)  # type: ignore[union-attr]
        shoot("rules-reference")
    finally:
        app.shutdown()
    return 0


def _table(app: Any, game: str, options: dict[str, object], seats: list[Any]) -> Any:
    from game.client.match.controller import InlineSource
    from game.client.match.session import new_controller, open_match

    controller = new_controller(app, game, options, seats, 5)
    controller.source = InlineSource()
    open_match(app, controller)
    return app.stack.top


def _magestone_targets(app: Any) -> None:
    from game.client.input import Hover
    from game.client.match.seats import Seat

    app.tweens.speed = math.inf
    seats = [Seat("South"), Seat("West", "normal", 1), Seat("North", "normal", 2), Seat("East", "normal", 3)]
    scene = _table(app, "magestone", {"players": 4}, seats)
    board = scene.state.board
    scene.click(scene.view.centre(board.parse_square("i1")))
    target = scene.view.centre(board.parse_square("k5"))
    scene.handle(Hover((round(target[0]), round(target[1]))))


def _magestone_dice(app: Any) -> None:
    from game.client.match.seats import Seat

    app.change_settings(app.settings.with_changes(contextual_tips=False))
    seats = [Seat("South"), Seat("North", "human", 1)]
    scene = _table(app, "magestone", {"players": 2}, seats)
    scene.handover = False
    app.tweens.speed = math.inf
    rng = random.Random(3)
    controller = scene.controller
    for _ in range(400):
        state = controller.state
        if state.is_terminal():
            break
        actions = state.legal_actions()
        fights = [a for a in actions if "x" in str(a)]
        if fights:
            app.tweens.speed = 1.0
            controller.play(fights[0])
            rolling = 0
            for _ in range(300):
                app.step(1 / 60)
                rolling = rolling + 1 if scene.tray.tracks and not scene.tray.settled else 0
                if rolling >= 12:
                    break
            scene.tips.dismiss()
            return
        controller.play(rng.choice(actions))
        for _ in range(2):
            app.step(1 / 60)


def _magistrat_preview(app: Any) -> None:
    from game.client.match.seats import Seat
    from game.rules.magistrat import Move

    app.tweens.speed = math.inf
    seats = [Seat("White"), Seat("Black", "normal", 1)]
    scene = _table(app, "magistrat", {"setup": "preset:classic"}, seats)
    rng = random.Random(2)
    for _ in range(12):  # a few quiet moves so that attacks come into reach
        attacks = [a for a in scene.state.legal_actions() if isinstance(a, Move) and a.attack]
        if attacks:
            break
        scene.controller.play(rng.choice(scene.state.legal_actions()))
        for _ in range(3):
            app.step(1 / 60)
    attacks = [a for a in scene.state.legal_actions() if isinstance(a, Move) and a.attack]
    if attacks and scene.controller.human_to_act():
        move = attacks[0]
        scene.click(scene.view.centre(move.frm))
        scene.click(scene.view.centre(move.to))


def _lesson(app: Any) -> None:
    from game.client.tutorial.menu import TutorialMenuScene

    menu = TutorialMenuScene(app, "magestone")
    app.push(menu)
    app.step(1 / 60)
    menu.group.widgets[1].activate()


if __name__ == "__main__":
    raise SystemExit(main())
