"""The scene stack calls each lifecycle hook at the right moment and routes input to the top only."""

from __future__ import annotations

from collections import Counter

import pygame

from game.client.input import Key, KeyIntent
from game.client.scenes.base import Scene, SceneStack


class Recorder(Scene):
    """Counts every lifecycle call and records the global order."""

    def __init__(self, name: str, log: list[str], opaque: bool = True) -> None:
        self.name = name
        self.log = log
        self.calls: Counter[str] = Counter()
        self.opaque = opaque

    def _note(self, hook: str) -> None:
        self.calls[hook] += 1
        self.log.append(f"{self.name}.{hook}")

    def enter(self) -> None:
        self._note("enter")

    def exit(self) -> None:
        self._note("exit")

    def pause(self) -> None:
        self._note("pause")

    def resume(self) -> None:
        self._note("resume")

    def handle(self, intent: object) -> None:
        self._note("handle")

    def update(self, dt: float) -> None:
        self._note("update")

    def draw(self, surface: pygame.Surface) -> None:
        self._note("draw")


def test_push_pauses_the_covered_scene_and_pop_resumes_it() -> None:
    log: list[str] = []
    stack = SceneStack()
    title, settings = Recorder("title", log), Recorder("settings", log)
    stack.push(title)
    stack.push(settings)
    assert stack.pop() is settings
    assert log == ["title.enter", "title.pause", "settings.enter", "settings.exit", "title.resume"]
    assert stack.top is title


def test_replace_exits_the_top_without_resuming_the_one_below() -> None:
    log: list[str] = []
    stack = SceneStack()
    base, first, second = Recorder("base", log), Recorder("first", log), Recorder("second", log)
    stack.push(base)
    stack.push(first)
    log.clear()
    stack.replace(second)
    assert log == ["first.exit", "second.enter"]
    assert stack.scenes == (base, second)
    assert base.calls["resume"] == 0


def test_clear_exits_every_scene_top_first() -> None:
    log: list[str] = []
    stack = SceneStack()
    for name in ("a", "b", "c"):
        stack.push(Recorder(name, log))
    log.clear()
    stack.clear()
    assert log == ["c.exit", "b.exit", "a.exit"]
    assert stack.top is None and stack.pop() is None


def test_only_the_top_scene_handles_input_and_updates() -> None:
    log: list[str] = []
    stack = SceneStack()
    below, top = Recorder("below", log), Recorder("top", log)
    stack.push(below)
    stack.push(top)
    stack.handle(KeyIntent(Key.CONFIRM))
    stack.update(0.016)
    assert top.calls["handle"] == 1 and top.calls["update"] == 1
    assert below.calls["handle"] == 0 and below.calls["update"] == 0


def test_a_dialog_is_drawn_over_the_scene_beneath_but_opaque_scenes_hide_what_is_below() -> None:
    log: list[str] = []
    stack = SceneStack()
    hidden, menu, dialog = (
        Recorder("hidden", log),
        Recorder("menu", log),
        Recorder("dialog", log, opaque=False),
    )
    for scene in (hidden, menu, dialog):
        stack.push(scene)
    log.clear()
    stack.draw(pygame.Surface((10, 10)))
    assert log == ["menu.draw", "dialog.draw"]
