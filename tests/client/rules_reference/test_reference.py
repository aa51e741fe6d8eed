"""The rules reference: a topic for every rulings section, valid diagrams, F1 from anywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.client.app import App
from game.client.input import Key, KeyIntent
from game.client.rules_reference.scene import RulesReferenceScene
from game.client.rules_reference.topics import ReferenceError, load_reference, parse_reference
from game.client.scenes.menus import TitleScene
from tests.client.conftest import frames

RULINGS = Path(__file__).resolve().parents[4] / "shared" / "rulings"


@pytest.mark.parametrize("game", ["magestone", "magistrat"])
def test_every_rulings_section_has_a_topic_with_our_rulings(game: str) -> None:
    path = RULINGS / f"{game}.md"
    if not path.is_file():
        pytest.skip("rulings not available")
    sections = re.findall(r"^## (.+)$", path.read_text(encoding="utf-8"), flags=re.M)
    topics = {topic.ruling: topic for topic in load_reference(game).topics}
    for section in sections:
        assert section in topics, f"no reference topic explains '{section}'"
        assert topics[section].paragraphs


def test_a_bad_diagram_names_file_topic_and_field() -> None:
    data = {
        "game": "magestone",
        "topics": [
            {
                "id": "x",
                "title": "X",
                "ruling": "Board",
                "paragraphs": ["p"],
                "rulings": [],
                "diagram": {"grid": [3, 3], "cells": {"z9": ["mage", 0]}, "caption": "c"},
            }
        ],
    }
    with pytest.raises(ReferenceError, match=r"ref.json: topic 1 \(x\): diagram.cells: 'z9'"):
        parse_reference(data, "ref.json")


def test_rules_from_the_main_menu_show_every_topic_of_both_games(app: App) -> None:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    rules = next(w for w in title.group.widgets if getattr(w, "label", "") == "Rules")
    rules.activate()
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, RulesReferenceScene)
    for game in ("magestone", "magistrat"):
        scene.game = game
        for index in range(len(scene.reference.topics)):
            scene.show(index)
            frames(app, 1)


def test_f1_opens_the_reference_once_and_back_closes_it(app: App) -> None:
    app.input.inject(KeyIntent(Key.HELP))
    frames(app, 2)
    assert isinstance(app.stack.top, RulesReferenceScene)
    depth = len(app.stack)
    app.input.inject(KeyIntent(Key.HELP))
    frames(app, 2)
    assert len(app.stack) == depth
    app.input.inject(KeyIntent(Key.BACK))
    frames(app, 2)
    assert isinstance(app.stack.top, TitleScene)
