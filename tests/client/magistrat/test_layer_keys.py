"""MagiStrat layer keys: 1 2 3 bring Ground, High-born, Divine to the front, 0 all, V the view."""

from __future__ import annotations

import pygame

from game.client.app import App
from game.client.widgets import Choice
from tests.client.conftest import frames
from tests.client.magistrat.conftest import open_table, state_of


def typed(app: App, keys: str) -> None:
    """Press character keys as SDL reports them (a key press, then the typed text)."""
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(key.lower()), mod=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=key))
        frames(app, 1)
    frames(app, 1)


def test_number_keys_bring_each_layer_to_the_front_and_again_back_to_all(app: App) -> None:
    scene = open_table(app, state_of("new:preset:classic/classic"))
    pygame.event.clear()
    layer_choice = next(w for w in scene.group.widgets if isinstance(w, Choice))
    for key, front, label in (("1", 0, "Ground"), ("2", 1, "High"), ("3", 2, "Divine")):
        typed(app, key)
        assert scene.geometry.front == front
        layer_choice = next(w for w in scene.group.widgets if isinstance(w, Choice))
        assert layer_choice.options[layer_choice.index] == label, "the on-screen choice follows the key"
    typed(app, "3")
    assert scene.geometry.front is None, "the same key again puts every layer back"
    typed(app, "20")
    assert scene.geometry.front is None
    assert scene.state.position() == state_of("new:preset:classic/classic").position(), "view only"


def test_v_switches_flat_and_cube_view_and_the_keys_are_shown(app: App) -> None:
    scene = open_table(app, state_of("new:preset:classic/classic"))
    pygame.event.clear()
    typed(app, "v")
    assert scene.geometry.mode == "flat"
    typed(app, "2V")
    assert (scene.geometry.mode, scene.geometry.front) == ("oblique", 1), "the layer stays in front"
    layer_choice, view_button = scene.group.widgets[:2]
    assert "1 Ground, 2 High-born, 3 Divine, 0 all" in layer_choice.tooltip
    assert "(V)" in view_button.tooltip
