"""The seam for a third game: a game registered with the rules and client registries (and its data)
appears in the new-match menu, the rules reference, the save slots and the replay viewer, the title's
texts and the command line, with no edit anywhere else (tests/client/fake_game.py is all of it)."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cli import parse_args
from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent, Release
from game.client.match.controller import InlineSource
from game.client.match.replay import ReplayScene
from game.client.match.slots import slot_path
from game.client.options import ClientOptions
from game.client.rules_reference.scene import RulesReferenceScene
from game.client.scenes.new_match import NewMatchScene
from game.client.scenes.screens import open_screen
from game.client.widgets import Button, Card
from game.rules.match import Match
from game.storage.saves import write_save
from tests.client import fake_game
from tests.client.conftest import frames, send


@pytest.fixture
def third(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[App]:
    """The client started with "Count to Ten" registered."""
    fake_game.register(monkeypatch, tmp_path)
    from game.client.match import session

    monkeypatch.setattr(session, "make_source", InlineSource)
    client = App(ClientOptions())
    client.start()
    client.tweens.speed = math.inf
    yield client
    client.shutdown()


def click(app: App, pos: tuple[int, int]) -> None:
    send(app, Hover(pos), Click(pos), Release(pos))


def test_the_new_match_menu_offers_it_and_begin_opens_its_set_up(third: App) -> None:
    open_screen(third, "new_match")
    menu = third.stack.top
    assert isinstance(menu, NewMatchScene)
    cards = [widget for widget in menu.group.widgets if isinstance(widget, Card)]
    assert [card.title for card in cards][-1] == fake_game.TITLE and len(cards) >= 3
    click(third, cards[-1].rect.center)
    assert menu.game == fake_game.GAME_ID
    begin = next(w for w in menu.group.widgets if isinstance(w, Button) and w.label == "Begin match")
    click(third, begin.rect.center)
    assert isinstance(third.stack.top, fake_game.CountSetup)


def test_the_rules_reference_has_its_topics(third: App) -> None:
    open_screen(third, "rules")
    reference = third.stack.top
    assert isinstance(reference, RulesReferenceScene)
    assert fake_game.GAME_ID in reference.games
    reference.game = fake_game.GAME_ID
    reference.layout()
    topics = [w.label for w in reference.group.widgets if isinstance(w, Button)]
    assert "Reaching ten" in topics


def test_its_saves_are_listed_and_replayed_at_its_own_table(third: App) -> None:
    match = Match(fake_game.new_game({}), 3)
    for action in ("add2", "add2", "add1", "add2", "add2", "add1"):
        match.play(action)
    assert match.state.is_terminal()
    write_save(slot_path(1), match, ["human/0/Ann", "normal/1/Bob"])
    open_screen(third, "load")
    slots = third.stack.top
    for _ in range(600):  # the saves folder is read in the background: give its thread time
        frames(third, 1)
        if not getattr(slots, "reading", True):
            break
        time.sleep(0.005)
    row = next(e for e in slots.entries if e.path == slot_path(1))  # type: ignore[attr-defined]
    assert row.summary().startswith(fake_game.TITLE)
    replay_button = next(w for w in slots.group.widgets if isinstance(w, Button) and w.label == "Replay")
    click(third, replay_button.rect.center)
    replay = third.stack.top
    assert isinstance(replay, ReplayScene) and isinstance(replay.table, fake_game.CountTable)
    replay.timeline.build()
    send(third, KeyIntent(Key.RIGHT), KeyIntent(Key.RIGHT))
    assert replay.controller.state.position() == "4/0/10"
    send(third, KeyIntent(Key.END))
    assert replay.controller.state.result() == match.state.result()
    assert [seat.name for seat in replay.controller.seats] == ["Ann", "Bob"]


def test_the_title_and_the_command_line_name_it(third: App) -> None:
    title = third.stack.scenes[0]
    new_match = next(w for w in title.group.widgets if isinstance(w, Button) and w.label == "New match")  # type: ignore[attr-defined]
    assert new_match.tooltip == f"Start a MageStone, MagiStrat, Magnastorm or {fake_game.TITLE} match"
    assert parse_args(["play", "--game", fake_game.GAME_ID]).game == fake_game.GAME_ID
    assert parse_args(["selfplay", "--game", fake_game.GAME_ID, "--out", "x.json"]).game == fake_game.GAME_ID
