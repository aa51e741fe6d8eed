"""Re-take the screenshots (docs/screenshots/) at a window size, headless.

    python tools/take_screenshots.py [--size 1920x1080] [--ui-scale 1.0] [--out docs/screenshots]
                                     [--only NAME ...]

Each picture is the real client drawn at that window's pixels (``SHOTS`` lists them): the menus,
MageStone tables (moves shown, dice, resigning), MagiStrat tables (set-up, placing, moves, an attack
preview and its outcome, a layer brought to the front, the flat view, resigned), lessons of both
games, the rules reference, and the win-chance graph (game over, replay).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    """Parse the size and the folder, then take every picture."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--ui-scale", type=float, default=1.0, help="the Interface size, e.g. 1.5")
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--only", nargs="*", help="take only these pictures (names without .png)")
    args = parser.parse_args()
    width, _, height = args.size.partition("x")
    os.environ["MAGESTONE_USER_DIR"] = tempfile.mkdtemp(prefix="magestone-shots-")
    import pygame

    from game.client.app import App
    from game.client.options import ClientOptions

    app = App(ClientOptions())
    app.start()
    app.change_settings(app.settings.with_changes(ui_scale=args.ui_scale))
    app.resize((int(width), int(height)))
    args.out.mkdir(parents=True, exist_ok=True)

    def shoot(name: str, settle: int = 30) -> None:
        for _ in range(settle):
            app.step(1 / 60)
        pygame.image.save(app.canvas, args.out / f"{name}.png")
        print(args.out / f"{name}.png")

    try:
        for name, setup, settle in SHOTS:
            if args.only and name not in args.only:
                continue
            if setup is not None:
                setup(app)
            shoot(name, settle)
            while len(app.stack) > 1:
                app.stack.pop()
            app.tweens.speed = 1.0
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


def _lesson(app: Any, game: str, lesson_id: str, click: str | None = None) -> None:
    """Open a lesson from the tutorial menu (and click a square or cell of its board)."""
    from game.client.input import Click, Hover
    from game.client.tutorial.menu import TutorialMenuScene

    menu = TutorialMenuScene(app, game)
    app.push(menu)
    app.step(1 / 60)
    ids = [lesson.id for lesson in menu.lessons]
    menu.group.widgets[1 + ids.index(lesson_id)].activate()
    for _ in range(30):
        app.step(1 / 60)
    if click is not None:
        scene = app.stack.top
        if game == "magestone":
            at = scene.view.centre(scene.state.board.parse_square(click))
        else:
            from game.rules.magistrat.board import CELL_INDEX

            at = scene.view.centre(CELL_INDEX[click])
        pos = (round(at[0]), round(at[1]))
        scene.handle(Hover(pos))
        scene.handle(Click(pos))


def _push(make: Callable[[Any], Any]) -> Callable[[Any], None]:
    """A set-up that pushes the scene ``make(app)`` returns."""
    return lambda app: app.push(make(app))


def _quit_dialog(app: Any) -> None:
    app.stack.top.back()


def _magestone_2p(app: Any) -> None:
    from game.client.input import Hover
    from game.client.match.seats import Seat

    app.tweens.speed = math.inf
    scene = _table(app, "magestone", {"players": 2}, [Seat("South"), Seat("North", "normal", 1)])
    rng = random.Random(4)
    for _ in range(6):
        if not scene.controller.human_to_act():
            break
        scene.controller.play(rng.choice(scene.state.legal_actions()))
        for _ in range(3):
            app.step(1 / 60)
    board = scene.state.board
    at = scene.view.centre(board.parse_square("h8"))
    scene.handle(Hover((round(at[0]), round(at[1]))))


def _resign_dialog(app: Any, game: str) -> None:
    from game.client.match.seats import Seat

    app.tweens.speed = math.inf
    options: dict[str, object] = {"players": 2} if game == "magestone" else {"setup": "preset:classic"}
    names = ("South", "North") if game == "magestone" else ("White", "Black")
    scene = _table(app, game, options, [Seat(names[0]), Seat(names[1], "normal", 1)])
    for _ in range(3):
        app.step(1 / 60)
    scene.resign()


def _magistrat_resigned(app: Any) -> None:
    _resign_dialog(app, "magistrat")
    for _ in range(3):
        app.step(1 / 60)
    dialog = app.stack.top
    confirm = next(w for w in dialog.group.widgets if getattr(w, "label", "") == "Resign")
    confirm.activate()


def _magistrat_after(app: Any) -> None:
    _magistrat_preview(app)
    scene = app.stack.top
    pending = scene.input.pending
    if pending is not None and pending.attack is not None:
        app.tweens.speed = 1.0
        scene.controller.play(pending.attack)
        for _ in range(200):
            app.step(1 / 60)
            if not scene.animator.busy:
                break


def _magistrat_front(app: Any) -> None:
    _magistrat_preview(app)
    scene = app.stack.top
    pending = scene.input.pending
    layer = pending.plain.to >> 6 if pending is not None else 1
    scene.set_view(front=layer)


def _magistrat_moves(app: Any) -> None:
    from game.client.input import Hover
    from game.client.match.seats import Seat
    from game.rules.magistrat.board import CELL_INDEX

    app.tweens.speed = math.inf
    scene = _table(app, "magistrat", {"setup": "preset:classic"}, [Seat("White"), Seat("Black", "normal", 1)])
    scene.click(scene.view.centre(CELL_INDEX["hd2"]))
    at = scene.view.centre(CELL_INDEX["hb4"])
    scene.handle(Hover((round(at[0]), round(at[1]))))


def _magistrat_placing(app: Any) -> None:
    from game.client.input import Hover
    from game.client.match.seats import Seat
    from game.rules.magistrat.board import CELL_INDEX

    app.tweens.speed = math.inf
    scene = _table(app, "magistrat", {"setup": "manual"}, [Seat("White"), Seat("Black", "normal", 1)])
    at = scene.view.centre(CELL_INDEX["he2"])
    scene.handle(Hover((round(at[0]), round(at[1]))))


def _magistrat_flat(app: Any) -> None:
    _magistrat_preview(app)
    app.stack.top.set_view("flat")


def _rules_reference(app: Any) -> None:
    from game.client.rules_reference.scene import RulesReferenceScene

    app.push(RulesReferenceScene(app, "magestone"))
    app.stack.top.show(4)


def _new_match(app: Any) -> Any:
    from game.client.scenes.placeholders import NewMatchScene

    return NewMatchScene(app)


def _settings(app: Any) -> Any:
    from game.client.scenes.settings import SettingsScene

    return SettingsScene(app)


def _credits(app: Any) -> Any:
    from game.client.scenes.credits import CreditsScene

    return CreditsScene(app)


def _tutorial_menu(app: Any) -> Any:
    from game.client.tutorial.menu import TutorialMenuScene

    return TutorialMenuScene(app, "magestone")


def _magistrat_setup(app: Any) -> Any:
    from game.client.magistrat.setup import MagiStratSetupScene

    return MagiStratSetupScene(app)


def _rules(game: str, topic: str) -> Callable[[Any], Any]:
    def make(app: Any) -> Any:
        from game.client.rules_reference.scene import RulesReferenceScene

        return RulesReferenceScene(app, game, topic)

    return make


def _analysed_match() -> Any:
    """A seeded Normal-against-Normal MageStone game, played to its end (once per run)."""
    global _ANALYSED
    if _ANALYSED is None:
        from game.ai.arena import selfplay

        _ANALYSED = selfplay("magestone", {"players": 2}, "normal", 3, go_limit=400)
    return _ANALYSED


_ANALYSED: Any = None


def _hover_swing(app: Any, graph: Any, series: Any) -> None:
    """Compute the whole graph, then rest the pointer on its biggest swing."""
    from game.client.input import Hover

    series.build()
    app.step(1 / 60)
    swings = sorted(series.swings(), key=lambda swing: -swing.size)
    if swings:
        app.input.inject(Hover((graph.x_of(swings[0].position), graph.rect.centery)))


def _winchance_game_over(app: Any) -> None:
    from game.client.match.controller import MatchController
    from game.client.match.games import game_client
    from game.client.match.seats import Seat
    from game.client.scenes.screens import open_screen

    client = game_client("magestone")
    assert client is not None
    seats = [Seat("South", "human", 0), Seat("North", "normal", 2)]
    controller = MatchController(_analysed_match(), seats, narrator=client.narrator())
    controller.retell()
    open_screen(app, "game_over", controller)
    card = app.stack.top
    _hover_swing(app, card.graph, card.series)


def _winchance_replay(app: Any) -> None:
    from game.client.match.seats import Seat
    from game.client.scenes.screens import open_screen
    from game.storage.saves import LoadedSave

    seats = [Seat("South", "human", 0).to_text(), Seat("North", "normal", 2).to_text()]
    open_screen(app, "replay", LoadedSave(_analysed_match(), seats, "", ""), start=60)
    replay = app.stack.top
    replay.timeline.build()
    _hover_swing(app, replay.graph, replay.series)


SHOTS: list[tuple[str, Callable[[Any], None] | None, int]] = [
    ("main-menu", None, 30),
    ("quit-dialog", _quit_dialog, 30),
    ("new-match", _push(_new_match), 30),
    ("settings", _push(_settings), 30),
    ("credits", _push(_credits), 30),
    ("tutorial-menu", _push(_tutorial_menu), 30),
    ("magestone-4p-targets", _magestone_targets, 10),
    ("magestone-2p", _magestone_2p, 10),
    ("magestone-dice", _magestone_dice, 0),
    ("magestone-resign", lambda app: _resign_dialog(app, "magestone"), 20),
    ("magistrat-setup", _push(_magistrat_setup), 30),
    ("magistrat-placing", _magistrat_placing, 10),
    ("magistrat-moves", _magistrat_moves, 10),
    ("magistrat-preview", _magistrat_preview, 10),
    ("magistrat-after", _magistrat_after, 10),
    ("magistrat-front", _magistrat_front, 10),
    ("magistrat-flat", _magistrat_flat, 10),
    ("magistrat-resigned", _magistrat_resigned, 30),
    ("tutorial-lesson", lambda app: _lesson(app, "magestone", "01_board"), 40),
    ("tutorial-refused", lambda app: _lesson(app, "magestone", "05_coordinated", "h8"), 10),
    ("tutorial-rite", lambda app: _lesson(app, "magestone", "12_rite_two"), 40),
    ("tutorial-magistrat", lambda app: _lesson(app, "magistrat", "03_attacks"), 40),
    ("rules-reference", _rules_reference, 30),
    ("winchance-game-over", _winchance_game_over, 40),
    ("winchance-replay", _winchance_replay, 40),
    ("rules-reference-magistrat", _push(_rules("magistrat", "gods")), 30),
]
"""Every picture: its name, what opens it (on the title screen), and frames to let it settle."""


if __name__ == "__main__":
    raise SystemExit(main())
