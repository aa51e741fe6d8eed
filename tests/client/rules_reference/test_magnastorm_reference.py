"""The Magnastorm rules are the third game of the rules reference: chosen with the game switch,
every topic draws at the smallest and at a large window, and it opens at a named topic."""

from __future__ import annotations

import pygame
import pytest

from game.client.app import App
from game.client.input import Click, Hover
from game.client.rules_reference.scene import RulesReferenceScene
from game.client.rules_reference.topics import ReferenceError, _diagram
from game.client.widgets import Choice
from tests.client.conftest import frames, send


@pytest.mark.parametrize("size", [(1024, 576), (1920, 1080)])
def test_the_game_switch_opens_magnastorm_and_every_topic_draws(app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    scene = RulesReferenceScene(app, "magestone")
    app.push(scene)
    frames(app, 2)
    switch = next(w for w in scene.group.widgets if isinstance(w, Choice))
    assert switch.options[-1] == "Magnastorm"
    segment = switch._segments()[-1]
    send(app, Hover(segment.center), Click(segment.center))
    assert scene.game == "magnastorm"
    titles = [t.title for t in scene.reference.topics]
    assert {"The scout runner", "Objectives", "The commanders", "Administration"} <= set(titles)
    for index in range(len(titles)):
        scene.show(index)
        frames(app, 1)
        buttons = [w for w in scene.group.widgets if getattr(w, "label", "") in titles]
        assert titles[index] in [b.label for b in buttons], "the list scrolls to the topic shown"  # type: ignore[attr-defined]
        assert all(b.rect.bottom <= scene.panel.bottom for b in buttons), "a topic button is cut off"


def test_opened_for_magnastorm_at_a_topic_it_shows_that_topic(app: App) -> None:
    scene = RulesReferenceScene(app, "magnastorm", "commanders")
    app.push(scene)
    frames(app, 2)
    assert scene.reference.title == "Magnastorm"
    assert scene.reference.topics[scene.topic_index].id == "commanders"


@pytest.mark.parametrize("topic", ["planet", "panel", "labs", "stations"])
def test_a_table_diagram_shows_that_part_of_the_table_above_its_caption(app: App, topic: str) -> None:
    """The diagram is the game's own table part, drawn into the diagram box (not blank, not the
    backdrop) and leaving the caption's lines free."""
    app.resize((1920, 1080))
    scene = RulesReferenceScene(app, "magnastorm", topic)
    app.push(scene)
    frames(app, 2)
    diagram = scene.reference.topics[scene.topic_index].diagram
    assert diagram is not None and "table" in diagram
    box = scene.diagram
    scene.draw(app.canvas)
    top = app.canvas.subsurface(pygame.Rect(box.x, box.y, box.width, box.height // 2))
    colours = {top.get_at((x, y))[:3] for x in range(0, top.get_width(), 7)
               for y in range(0, top.get_height(), 7)}
    assert len(colours) > 40, "the top of the diagram box holds a drawn table part"


def test_a_table_diagram_with_a_bad_field_is_refused_naming_it() -> None:
    raw = {"caption": "x", "table": "planet", "steps": 10_000}
    with pytest.raises(ReferenceError, match=r"diagram\.steps: must be a whole number from 0 to 400"):
        _diagram(raw, "magnastorm.json: topic 4 (planet): diagram")
    with pytest.raises(ReferenceError, match=r"diagram\.table: must name a part"):
        _diagram({"caption": "x", "table": 3}, "magnastorm.json: topic 4 (planet): diagram")
