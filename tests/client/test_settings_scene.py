"""The settings screen at any window and Interface size: whole labels, text that grows with the
Interface size, and rows that scroll (wheel and keyboard) when the window cannot hold them."""

from __future__ import annotations

from typing import Any

import pytest

from game.client import decor
from game.client.app import App
from game.client.input import Key, KeyIntent, Scroll
from game.client.scenes.settings import ROWS, SettingsScene
from tests.client.conftest import frames, send

pytestmark = pytest.mark.usefixtures("quick")
LABELS = [label for _icon, label, _key in ROWS]


def _open(app: App, size: tuple[int, int], ui_scale: float) -> SettingsScene:
    app.change_settings(app.settings.with_changes(ui_scale=ui_scale))
    app.resize(size)
    scene = SettingsScene(app)
    app.push(scene)
    frames(app, 2)
    return scene


def _labels_drawn(app: App, scene: SettingsScene, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Each row label the scene draws, with its text size."""
    drawn: dict[str, int] = {}
    real = decor.text

    def spy(surface: Any, assets: Any, font: str, size: int, content: str, *rest: Any, **kw: Any) -> Any:
        drawn[content] = size
        return real(surface, assets, font, size, content, *rest, **kw)

    monkeypatch.setattr(decor, "text", spy)
    scene.draw(app.canvas)
    monkeypatch.setattr(decor, "text", real)
    return {label: size for label, size in drawn.items() if label in LABELS or label.endswith("…")}


@pytest.mark.parametrize(("size", "ui_scale"), [((1024, 576), 1.0), ((1024, 576), 1.5), ((1920, 1080), 1.5)])
def test_every_label_in_view_is_whole(
    app: App, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], ui_scale: float
) -> None:
    """No label is cut short ("Hand-over screen between h…" was, at 1024x576)."""
    scene = _open(app, size, ui_scale)
    labels = _labels_drawn(app, scene, monkeypatch)
    assert sorted(labels) == sorted(LABELS[index] for index in scene.visible_rows())


def test_a_larger_interface_size_draws_larger_labels_and_scrolls(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 150 % in a 1920x1080 window the labels are larger than at 100 %, not squeezed back to the
    same size; the rows that no longer fit scroll."""
    normal = _labels_drawn(app, _open(app, (1920, 1080), 1.0), monkeypatch)
    app.stack.pop()
    large_scene = _open(app, (1920, 1080), 1.5)
    large = _labels_drawn(app, large_scene, monkeypatch)
    assert large["Music volume"] > normal["Music volume"] * 1.3
    assert len(large_scene.visible_rows()) < len(ROWS) == len(normal)


def test_wheel_and_arrow_keys_reach_every_row(app: App) -> None:
    """The wheel scrolls the list; Down from the first row visits every setting in turn."""
    scene = _open(app, (1024, 576), 1.5)
    assert len(scene.visible_rows()) < len(ROWS)
    send(app, Scroll(-1))
    assert scene.first == 1
    send(app, Scroll(5))
    assert scene.first == 0
    scene.group.focus(scene.row_widgets[ROWS[0][2]])
    reached = [ROWS[0][2]]
    for _ in range(len(ROWS) - 1):
        send(app, KeyIntent(Key.NEXT))
        focused = scene.group.focused
        reached += [key for key, widget in scene.row_widgets.items() if widget is focused]
    assert reached == [key for _icon, _label, key in ROWS]
    assert scene.visible_rows()[-1] == len(ROWS) - 1
