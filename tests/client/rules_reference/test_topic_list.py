"""The rules reference's topic list: readable rows at every size and interface size, scrolled by
the wheel, the keys and its scrollbar, never running under the Close button."""

from __future__ import annotations

import pygame
import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent, Release, Scroll
from game.client.rules_reference.scene import RulesReferenceScene
from game.client.scrollbar import ScrollBar
from game.client.widgets import Button
from tests.client.conftest import frames, send

SIZES = [(1024, 576), (1920, 1080), (2560, 1080)]


def reference(app: App, size: tuple[int, int], scale: float, game: str = "magestone") -> RulesReferenceScene:
    """The reference of ``game`` open in a window of ``size`` at an interface size of ``scale``."""
    app.resize(size)
    app.change_settings(app.settings.with_changes(ui_scale=scale))
    scene = RulesReferenceScene(app, game)
    app.push(scene)
    frames(app, 2)
    return scene


def topic_buttons(scene: RulesReferenceScene) -> dict[str, Button]:
    """The topic buttons shown, by title."""
    titles = {topic.title for topic in scene.reference.topics}
    return {w.label: w for w in scene.group.widgets if isinstance(w, Button) and w.label in titles}


def bar(scene: RulesReferenceScene) -> ScrollBar:
    """The list's scrollbar."""
    return next(w for w in scene.group.widgets if isinstance(w, ScrollBar))


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.5])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_topic_rows_keep_their_size_and_stay_above_close(
    app: App, size: tuple[int, int], scale: float
) -> None:
    scene = reference(app, size, scale)
    close = next(w for w in scene.group.widgets if isinstance(w, Button) and w.label == "Close")
    buttons = topic_buttons(scene)
    assert buttons
    for button in buttons.values():
        assert button.rect.height >= max(22, scene.px(38) - 1)  # the design row, never squeezed
        assert button.rect.bottom <= close.rect.top
        assert pygame.Rect((0, 0), size).contains(button.rect)
    if len(buttons) < len(scene.reference.topics):
        assert bar(scene).rect.bottom <= close.rect.top


def test_the_wheel_over_the_list_scrolls_it_and_elsewhere_the_text(app: App) -> None:
    scene = reference(app, (1024, 576), 1.5)
    assert len(topic_buttons(scene)) < len(scene.reference.topics), "the list must need scrolling here"
    first = scene.reference.topics[0].title
    assert first in topic_buttons(scene)
    send(app, Hover(scene.list_rect.center), Scroll(-3))
    assert scene.list_first == 3 and first not in topic_buttons(scene)
    assert scene.scroll == 0
    send(app, Scroll(2))
    assert scene.list_first == 1
    send(app, Hover(scene.text_rect.center), Scroll(-1))
    assert scene.list_first == 1 and scene.scroll > 0


def test_end_and_home_show_the_last_and_first_topics_in_the_list(app: App) -> None:
    scene = reference(app, (1024, 576), 1.5, "magistrat")
    topics = scene.reference.topics
    send(app, KeyIntent(Key.END))
    assert scene.topic_index == len(topics) - 1
    assert topics[-1].title in topic_buttons(scene)
    assert topic_buttons(scene)[topics[-1].title].style == "primary"
    send(app, KeyIntent(Key.RIGHT))  # wraps round to the first
    assert scene.topic_index == 0 and topics[0].title in topic_buttons(scene)
    send(app, KeyIntent(Key.LEFT), KeyIntent(Key.HOME))
    assert scene.topic_index == 0 and scene.list_first == 0


def test_dragging_the_scrollbar_reaches_the_end_and_a_click_opens_the_topic(app: App) -> None:
    scene = reference(app, (1024, 576), 1.5)
    topics = scene.reference.topics
    thumb = bar(scene).thumb()
    track = bar(scene).rect
    send(app, Hover(thumb.center), Click(thumb.center), Hover((thumb.centerx, track.bottom + 50), True))
    send(app, Release((thumb.centerx, track.bottom + 50)))
    assert scene.list_first == len(topics) - scene.list_rows
    last = topic_buttons(scene)[topics[-1].title]
    send(app, Hover(last.rect.center), Click(last.rect.center), Release(last.rect.center))
    assert scene.topic_index == len(topics) - 1
    track = bar(scene).rect
    send(app, Hover((track.centerx, track.y + 1)), Click((track.centerx, track.y + 1)))
    assert scene.list_first == 0
