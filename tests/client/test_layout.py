"""Every scene at the extremes of window size, aspect and Interface size: drawn at the window's own
pixels, text inside the window and inside the panel it sits in, no two lines of text and no two
controls on top of each other; clicks land on what is drawn; a resize re-renders the cached layers
once, not every frame."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.client import decor
from game.client.app import App
from game.client.magestone.scene import MageStoneMatchScene
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.match.seats import Seat
from game.client.match.session import new_controller, open_match
from game.client.scenes.base import Scene
from game.client.scenes.screens import open_screen
from game.client.widgets import Widget
from tests.client.conftest import frames

EXTREMES = [
    (1024, 576, 1.5),  # the smallest window at the largest Interface size
    (1024, 768, 1.5),  # 4:3
    (2560, 1080, 1.3),  # 21:9
    (3840, 2160, 0.8),  # 4K at the smallest Interface size
    (1280, 720, 1.0),
]
pytestmark = pytest.mark.usefixtures("quick")
TOLERANCE = 2
"""Pixels a line of text may reach past its panel's edge or into its neighbour (anti-aliasing)."""


def _menus(app: App, name: str) -> None:
    from game.client.magestone.setup import MatchSetupScene
    from game.client.magistrat.setup import MagiStratSetupScene
    from game.client.match.scenes import MatchMenuScene, SaveSlotsScene
    from game.client.rules_reference.scene import RulesReferenceScene
    from game.client.scenes.credits import CreditsScene
    from game.client.scenes.dialog import DialogScene
    from game.client.scenes.new_match import NewMatchScene
    from game.client.scenes.settings import SettingsScene
    from game.client.tutorial.menu import TutorialMenuScene

    scenes: dict[str, Callable[[], Scene]] = {
        "settings": lambda: SettingsScene(app),
        "credits": lambda: CreditsScene(app),
        "new match": lambda: NewMatchScene(app),
        "magestone set-up": lambda: MatchSetupScene(app),
        "magistrat set-up": lambda: MagiStratSetupScene(app),
        "tutorial": lambda: TutorialMenuScene(app),
        "rules": lambda: RulesReferenceScene(app),
        "rules magistrat": lambda: RulesReferenceScene(app, "magistrat", "gods"),
        "load": lambda: SaveSlotsScene(app),
        "dialog": lambda: DialogScene(
            app,
            "Leave MageStone?",
            "Your settings are saved. " * 6,
            confirm=("Quit", app.quit),
            cancel_label="Stay",
            icon="quit",
        ),
    }
    if name == "match menu":
        _table(app, "magestone")
        controller = app.stack.top.controller  # type: ignore[union-attr]
        app.push(MatchMenuScene(app, controller))
    elif name != "title":
        app.push(scenes[name]())


def _table(app: App, game: str) -> Any:
    app.tweens.speed = math.inf
    if game == "magestone":
        seats = [
            Seat("South"),
            Seat("West", "normal", 1),
            Seat("North", "normal", 2),
            Seat("East", "normal", 3),
        ]
        options: dict[str, object] = {"players": 4}
    else:
        seats = [Seat("White"), Seat("Black", "normal", 1)]
        options = {"setup": "preset:classic"}
    controller = new_controller(app, game, options, seats, 5)
    open_match(app, controller)
    return app.stack.top


def _fight(app: App) -> Any:
    """A two-player MageStone table whose dice tray shows a settled result and the d6 history."""
    app.change_settings(app.settings.with_changes(contextual_tips=False))
    controller = new_controller(
        app, "magestone", {"players": 2}, [Seat("South"), Seat("North", "human", 1)], 5
    )
    open_match(app, controller)
    table = app.stack.top
    assert isinstance(table, MageStoneMatchScene)
    table.handover = False
    rng = random.Random(3)
    for _ in range(400):
        actions = controller.state.legal_actions()
        fights = [a for a in actions if "x" in str(a)]
        if fights:
            app.tweens.speed = 1.0
            controller.play(fights[0])
            break
        controller.play(rng.choice(actions))
        frames(app, 2)
    for _ in range(600):
        frames(app, 1)
        if table.tray.tracks and table.tray.settled:
            break
    assert table.tray.tracks and table.tray.settled and table.dice_counts
    return table


SCENES = [
    "title",
    "settings",
    "credits",
    "new match",
    "magestone set-up",
    "magistrat set-up",
    "tutorial",
    "rules",
    "rules magistrat",
    "load",
    "dialog",
    "match menu",
    "magestone",
    "magistrat",
    "magestone dice",
    "lesson magestone",
    "lesson magistrat",
    "replay magestone",
    "replay magistrat",
    "game over",
]


def _open(app: App, name: str) -> Scene:
    if name in ("magestone", "magistrat"):
        return _table(app, name)  # type: ignore[no-any-return]
    if name == "magestone dice":
        return _fight(app)
    if name.startswith("replay "):
        return _replay(app, name.split()[1])
    if name == "game over":
        return _game_over(app)
    if name.startswith("lesson "):
        from game.client.tutorial.menu import TutorialMenuScene

        menu = TutorialMenuScene(app, name.split()[1])
        app.push(menu)
        frames(app, 1)
        menu.group.widgets[1].activate()  # the first lesson
        top = app.stack.top
        assert top is not menu and top is not None
        return top
    _menus(app, name)
    top = app.stack.top
    assert top is not None
    return top


def _replay(app: App, game: str) -> Scene:
    """The replay viewer over forty random moves of ``game``, at the position after thirty."""
    from game.client.match.replay import ReplayScene
    from game.rules.match import Match
    from game.rules.registry import new_game
    from game.storage.saves import LoadedSave

    options: dict[str, object] = {"players": 4} if game == "magestone" else {"setup": "preset:classic"}
    match = Match(new_game(game, options), 5)
    rng = random.Random(5)
    while len(match.log) < 40 and not match.state.is_terminal():
        match.play(rng.choice(match.state.legal_actions()))
    names = ("South", "West", "North", "East")[: match.state.num_players]
    seats = [Seat(name, "normal", (index + 1) % 4).to_text() for index, name in enumerate(names)]
    open_screen(app, "replay", LoadedSave(match, seats, "", ""))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    replay.timeline.build()
    replay.series.build()
    replay.seek(30)
    return replay


def _game_over(app: App) -> Scene:
    """The game-over card of a four-player MageStone match resigned after sixty random actions, its
    win-chance graph computed."""
    from game.client.match.scenes import GameOverScene

    controller = new_controller(app, "magestone", {"players": 4}, [Seat(n) for n in ("South", "West",
                                                                                      "North", "East")], 5)
    rng = random.Random(5)
    while len(controller.match.log) < 60:
        controller.match.play(rng.choice(controller.state.legal_actions()))
    for seat in range(3):
        controller.match.resign(seat)
    open_screen(app, "game_over", controller)
    card = app.stack.top
    assert isinstance(card, GameOverScene)
    card.series.build()
    return card


def _set_size(app: App, width: int, height: int, scale: float) -> None:
    app.resize((width, height))
    app.change_settings(app.settings.with_changes(ui_scale=scale))
    assert app.frame.size == (width, height)


def _widgets(scene: Scene) -> list[Widget]:
    group = getattr(scene, "group", None)
    return list(group.widgets) if group is not None else []


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    clip = a.clip(b)
    return clip.width > TOLERANCE and clip.height > TOLERANCE


@pytest.mark.parametrize("size", EXTREMES, ids=lambda s: f"{s[0]}x{s[1]}@{round(s[2] * 100)}")
@pytest.mark.parametrize("name", SCENES)
def test_text_stays_inside_its_panel_and_nothing_overlaps(
    app: App, name: str, size: tuple[int, int, float]
) -> None:
    _set_size(app, *size)
    scene = _open(app, name)
    frames(app, 3)
    app.draw()
    with decor.recording() as drawn:  # the top scene's own drawing (a dialog covers what is below)
        scene.draw(app.canvas)
    window = app.frame.rect
    assert app.canvas.get_size() == window.size
    assert drawn.texts, "the scene drew no text"
    for index, (kind, rect, content) in enumerate(drawn.items):
        if kind != "text" or drawn.covered(index):
            continue
        assert window.inflate(TOLERANCE, TOLERANCE).contains(rect), f"{content!r} at {rect} leaves the window"
        home = drawn.panel_under(index)
        if home is not None:
            assert home.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(rect), (
                f"{content!r} at {rect} runs out of its panel {home}"
            )
    texts = list(dict.fromkeys((tuple(rect), content) for rect, content in drawn.texts))  # drawn twice: once
    texts = [(pygame.Rect(rect), content) for rect, content in texts]
    for index, (rect, content) in enumerate(texts):
        for other, other_content in texts[index + 1 :]:
            assert not _overlap(rect, other), f"{content!r} at {rect} overlaps {other_content!r} at {other}"
    widgets = [w for w in _widgets(scene) if w.rect.width and w.rect.height]
    for rect, content in texts:
        for widget in widgets:
            if widget.rect.collidepoint(rect.center):
                assert widget.rect.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(rect), (
                    f"{content!r} at {rect} runs out of its control at {widget.rect}"
                )
            else:
                assert not _overlap(rect, widget.rect), (
                    f"{content!r} at {rect} runs under a control at {widget.rect}"
                )
    for index, widget in enumerate(widgets):
        assert window.contains(widget.rect), f"{type(widget).__name__} at {widget.rect} leaves the window"
        for other in widgets[index + 1 :]:
            assert not _overlap(widget.rect, other.rect), f"controls overlap: {widget.rect} and {other.rect}"


@pytest.mark.parametrize("size", [(1024, 576), (1440, 1080), (1920, 1080), (2560, 1080), (3840, 2160)])
def test_every_square_is_hit_where_it_is_drawn_and_a_wider_window_gives_a_larger_board(
    app: App, size: tuple[int, int]
) -> None:
    _set_size(app, *size, 1.0)
    table = _table(app, "magestone")
    assert isinstance(table, MageStoneMatchScene)
    view = table.view
    board = table.state.board
    assert app.frame.rect.contains(view.rect)
    assert not view.rect.colliderect(table.left) and not view.rect.colliderect(table.right)
    for square in range(256):
        if board.valid[square]:
            centre = (round(view.centre(square)[0]), round(view.centre(square)[1]))
            assert view.square_at(centre) == square
    narrow = view.cell
    app.resize((size[0] + 400, size[1]))
    assert view.cell >= narrow


def test_a_click_on_a_table_button_at_its_drawn_place_works_at_4k(app: App) -> None:
    _set_size(app, 3840, 2160, 1.3)
    table = _table(app, "magistrat")
    assert isinstance(table, MagiStratMatchScene)
    button = table.button("Flat view")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    frames(app, 2)
    assert table.geometry.mode == "flat"
    cell = 64 + 9
    x, y = table.view.centre(cell)
    assert table.view.cell_at((round(x), round(y))) == cell


def test_the_interface_size_scales_the_table_hud_and_log(app: App) -> None:
    table = _table(app, "magestone")
    assert isinstance(table, MageStoneMatchScene)
    before = (table.right.width, table.log_panel.font_size, table.button("End go").rect.height)
    app.change_settings(app.settings.with_changes(ui_scale=1.3))
    after = (table.right.width, table.log_panel.font_size, table.button("End go").rect.height)
    assert all(b > a for a, b in zip(before, after, strict=True)), (before, after)


@pytest.mark.parametrize("game", ["magestone", "magistrat"])
def test_a_resize_re_renders_the_cached_layers_once_not_every_frame(app: App, game: str) -> None:
    table = _table(app, game)
    frames(app, 3)
    renders = table.view.static_renders
    app.resize((2560, 1440))
    frames(app, 3)
    cached_text = len(app.assets._text)
    frames(app, 10)
    assert table.view.static_renders == renders + 1
    assert len(app.assets._text) == cached_text, "text is rendered once per size, not per frame"


def test_f11_goes_fullscreen_at_the_desktop_size_and_back_to_the_window(app: App) -> None:
    app.resize((1600, 900))
    desktop = pygame.display.get_desktop_sizes()[0]
    app.set_fullscreen(True)
    assert app.fullscreen and app.frame.size == desktop
    app.set_fullscreen(False)
    assert not app.fullscreen and app.frame.size == (1600, 900)
