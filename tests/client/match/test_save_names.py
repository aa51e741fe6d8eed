"""Save slots carry a name (typed or built from the match) and a picture of the position; the save
file's schema 2 keeps the name, schema 1 saves still load; the "Saved" line stays clear of Back."""

from __future__ import annotations

import json
import time
from typing import Any

import pygame
import pytest

from game.client import decor
from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent, Typed
from game.client.match import session
from game.client.match.controller import InlineSource, MatchController
from game.client.match.loading import open_entry
from game.client.match.scenes import MatchMenuScene, SaveSlotsScene, _identity
from game.client.match.seats import Seat
from game.client.match.slots import read_entry, slot_path
from game.client.scenes.dialog import DialogScene
from game.client.widgets import Button, TextField
from game.rules.match import Match
from game.rules.registry import new_game
from game.storage.saves import SCHEMA_VERSION, SaveError, load_save, save_payload

from ..conftest import finish_loading, frames, send


@pytest.fixture(autouse=True)
def inline_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session, "make_source", InlineSource)


def open_match(app: App, goes: int = 0) -> MatchController:
    """A MageStone match at its table (You vs the Normal AI), ``goes`` goes in."""
    seats = [Seat("Anna"), Seat("North", "normal", 1)]
    controller = session.new_controller(app, "magestone", {"players": 2}, seats, 3)
    for _ in range(goes):
        controller.play_text("end")
    session.open_match(app, controller)
    frames(app, 2)
    return controller


def listed(app: App, scene: SaveSlotsScene) -> SaveSlotsScene:
    """Wait for the saves folder read in the background (and the pictures), a frame at a time."""
    for _ in range(400):
        frames(app, 1)
        if not scene.reading and not scene.thumbnails.pending:
            break
        time.sleep(0.005)
    return scene


def button(scene: Any, label: str, tooltip: str = "") -> Button:
    return next(
        w for w in scene.group.widgets if isinstance(w, Button) and w.label == label and tooltip in w.tooltip
    )


def click(app: App, widget: Any) -> None:
    send(app, Hover(widget.rect.center), Click(widget.rect.center))


def drawn_texts(app: App, scene: Any) -> list[tuple[pygame.Rect, str]]:
    with decor.recording() as drawn:
        scene.draw(app.canvas)
    return drawn.texts


def save_from_the_menu(app: App, name: str, slot: int = 1) -> SaveSlotsScene:
    """Esc at the table, Save to a slot, type ``name`` (if any), Save here on ``slot``."""
    send(app, KeyIntent(Key.MENU))
    assert isinstance(app.stack.top, MatchMenuScene)
    click(app, button(app.stack.top, "Save to a slot"))
    slots = app.stack.top
    assert isinstance(slots, SaveSlotsScene)
    listed(app, slots)
    if name:
        field = next(w for w in slots.group.widgets if isinstance(w, TextField))
        send(app, Click(field.rect.center), Typed(name), KeyIntent(Key.CONFIRM))
    click(app, button(slots, "Save here", f"Slot {slot}"))
    return slots


def test_a_typed_name_shows_in_the_slot_list_after_a_reload(app: App) -> None:
    open_match(app)
    slots = save_from_the_menu(app, "Friday rematch")
    assert slots.message == "Saved to slot 1 as “Friday rematch”."
    assert read_entry(slot_path(1)).name == "Friday rematch", "the name is in the file"
    while len(app.stack) > 1:
        app.stack.pop()
    loading = listed(app, SaveSlotsScene(app))
    app.push(loading)
    listed(app, loading)
    words = [text for _rect, text in drawn_texts(app, loading)]
    assert "Slot 1 · Friday rematch" in words
    open_entry(app, slot_path(1))
    table = finish_loading(app)
    assert table.controller.name == "Friday rematch", "a loaded match keeps its name for the next save"


def test_an_untyped_name_is_built_from_game_players_go_and_date(app: App) -> None:
    open_match(app, goes=4)
    slots = save_from_the_menu(app, "")
    field = next(w for w in slots.group.widgets if isinstance(w, TextField))
    name = read_entry(slot_path(1)).name
    assert name == field.placeholder
    assert name.startswith("MageStone: Anna vs North, go 5, ") and time.strftime("%b %Y") in name


def test_saving_over_a_slot_asks_first(app: App) -> None:
    open_match(app)
    slots = save_from_the_menu(app, "First")
    listed(app, slots)
    field = next(w for w in slots.group.widgets if isinstance(w, TextField))
    send(app, Click(field.rect.center), KeyIntent(Key.END), Typed(" and second"), KeyIntent(Key.CONFIRM))
    click(app, button(slots, "Save here", "Slot 1"))
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and "“First”" in dialog.message
    send(app, KeyIntent(Key.CONFIRM))  # the focused, safe choice keeps it
    assert read_entry(slot_path(1)).name == "First"
    click(app, button(slots, "Save here", "Slot 1"))
    click(app, button(app.stack.top, "Replace"))
    assert read_entry(slot_path(1)).name == "First and second"


def test_each_slot_shows_a_picture_of_its_position_drawn_once(app: App) -> None:
    controller = open_match(app)
    controller.save_to(slot_path(2), "Pictured")
    slots = SaveSlotsScene(app)
    app.push(slots)
    listed(app, slots)
    entry = next(e for e in slots.entries if e.path == slot_path(2))
    size = slots._picture_size()
    picture = slots.thumbnails.shown(_identity(entry), size)
    assert picture is not None and picture.get_size() == size
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, size[0], 3) for y in range(0, size[1], 3)}
    assert len(colours) > 20, "the board and its pieces are drawn, not an empty box"
    app.stack.pop()
    again = SaveSlotsScene(app)
    app.push(again)
    listed(app, again)
    assert again.thumbnails.shown(_identity(entry), size) is picture, "cached across visits"


@pytest.mark.parametrize(("size", "scale"), [((1024, 576), 1.0), ((1920, 1080), 1.0), ((1024, 576), 1.5),
                                             ((2560, 1080), 1.3), ((1280, 1024), 0.8)])
def test_the_saved_line_is_never_drawn_over_the_back_button_or_a_slot(
    app: App, size: tuple[int, int], scale: float
) -> None:
    app.change_settings(app.settings.with_changes(ui_scale=scale))
    app.resize(size)
    open_match(app)
    slots = save_from_the_menu(app, "A name long enough to reach far across the whole width of the slot list")
    frames(app, 2)
    texts = drawn_texts(app, slots)
    message = next(rect for rect, text in texts if text.startswith("Saved to slot 1"))
    back = button(slots, "Back")
    assert not message.colliderect(back.rect)
    rows = [w.rect for w in slots.group.widgets if isinstance(w, Button) and w.label == "Save here"]
    assert all(message.top > row.bottom for row in rows)
    assert message.bottom <= slots.footer_top() and message.left >= 0 and message.right <= size[0]


def test_a_schema_1_save_still_loads_unnamed_and_is_listed_by_its_match(tmp_path: Any) -> None:
    match = Match(new_game("magestone", {"players": 2}), 4)
    old = save_payload(match, ["human/0/South", "easy/1/North"])
    old["schema"] = 1
    del old["name"]
    path = slot_path(3)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(old), encoding="utf-8")
    assert load_save(path).name == ""
    assert read_entry(path).name.startswith("MageStone: South vs North, go 1")


def test_the_current_schema_keeps_the_name_and_a_newer_one_is_refused(tmp_path: Any) -> None:
    match = Match(new_game("magistrat", {"setup": "preset:classic"}), 4)
    payload = save_payload(match, ["human/0/White", "hard/1/Black"], "Cube night")
    assert payload["schema"] == SCHEMA_VERSION == 2 and payload["name"] == "Cube night"
    path = tmp_path / "named.json"
    path.write_text(json.dumps({**payload, "name": 12}), encoding="utf-8")
    with pytest.raises(SaveError, match="name"):
        load_save(path)
    path.write_text(json.dumps({**payload, "schema": 3}), encoding="utf-8")
    with pytest.raises(SaveError, match="schema version 3 is not supported: a newer MageStone"):
        load_save(path)
