"""The Magnastorm rules are the third game of the rules reference: chosen with the game switch,
every topic draws at the smallest and at a large window, and it opens at a named topic."""

from __future__ import annotations

import pytest

from game.client.app import App
from game.client.input import Click, Hover
from game.client.rules_reference.scene import RulesReferenceScene
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
