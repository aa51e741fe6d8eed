"""F1 while a contextual tip is up opens the rules reference at that tip's topic."""

from __future__ import annotations

import pygame
import pytest

from game.client.app import App
from game.client.rules_reference.scene import RulesReferenceScene
from tests.client.conftest import frames
from tests.client.tutorial.test_tips import STEAL, activate_stones, magistrat_turn

pytestmark = pytest.mark.usefixtures("quick")


def press_f1(app: App) -> RulesReferenceScene:
    """F1 as the keyboard sends it."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))
    frames(app, 2)
    reference = app.stack.top
    assert isinstance(reference, RulesReferenceScene)
    return reference


def shown_topic(reference: RulesReferenceScene) -> str:
    return reference.reference.topics[reference.topic_index].id


def test_f1_on_a_magistrat_tip_opens_its_topic_and_without_a_tip_the_first(app: App) -> None:
    table = magistrat_turn(app, STEAL, ("gc5", "gd4", "Attack"))
    assert table.tips.current is not None and table.tips.current.topic == "attacks"
    reference = press_f1(app)
    assert (reference.game, shown_topic(reference)) == ("magistrat", "attacks")
    app.stack.pop()
    table.tips.dismiss()
    assert press_f1(app).topic_index == 0


def test_f1_on_a_magestone_tip_opens_its_topic(app: App) -> None:
    table = activate_stones(app)
    assert table.tips.current is not None and table.tips.current.topic == "stones"
    reference = press_f1(app)
    assert (reference.game, shown_topic(reference)) == ("magestone", "stones")
