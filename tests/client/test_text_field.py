"""The text field: typed through the one input translator, edited with the usual keys, focus kept."""

from __future__ import annotations

import pygame
import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent, Typed, translate
from game.client.scenes.common import MenuScene
from game.client.widgets import Button, TextField, Widget
from tests.client.conftest import frames, send


def _event(kind: int, **attributes: object) -> pygame.event.Event:
    return pygame.event.Event(kind, attributes)


def test_typed_text_and_editing_keys_come_through_the_translator() -> None:
    assert translate(_event(pygame.TEXTINPUT, text="é")) == Typed("é")
    assert translate(_event(pygame.TEXTINPUT, text="\x7f")) is None
    backspace = translate(_event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    space = translate(_event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    escape = translate(_event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert isinstance(backspace, KeyIntent) and isinstance(space, KeyIntent) and isinstance(escape, KeyIntent)
    assert (backspace.key, backspace.text_key) == (Key.BACK, Key.ERASE), "Back in menus, erase in a field"
    assert (space.key, space.text_key) == (Key.CONFIRM, Key.SPACE)
    assert (escape.key, escape.text_key) == (Key.BACK, Key.BACK)
    assert translate(_event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0)) == KeyIntent(Key.HOME)


class FormScene(MenuScene):
    """A name field and a button, like a set-up screen."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.name = "Ann"
        self.pressed = 0

    def build(self) -> list[Widget]:
        assets = self.host.assets
        return [
            TextField(assets, pygame.Rect(100, 100, 200, 40), self.name, self._named, "Player 1", 8),
            Button(assets, pygame.Rect(100, 200, 200, 40), "OK", self._press),
        ]

    def _named(self, name: str) -> None:
        self.name = name

    def _press(self) -> None:
        self.pressed += 1

    @property
    def field(self) -> TextField:
        widget = self.group.widgets[0]
        assert isinstance(widget, TextField)
        return widget


def post(app: App, *events: pygame.event.Event) -> None:
    """Real pygame events, read by the app's input translator."""
    for event in events:
        pygame.event.post(event)
    frames(app, 2)


def keys(*codes: int) -> list[pygame.event.Event]:
    return [_event(pygame.KEYDOWN, key=code, mod=0) for code in codes]


def text(content: str) -> list[pygame.event.Event]:
    """What SDL sends for typed characters (a key press, then the text)."""
    events = []
    for char in content:
        code = pygame.K_SPACE if char == " " else pygame.K_a
        events += [_event(pygame.KEYDOWN, key=code, mod=0), _event(pygame.TEXTINPUT, text=char)]
    return events


@pytest.fixture
def form(app: App) -> FormScene:
    scene = FormScene(app)
    app.push(scene)
    frames(app, 2)
    pygame.event.clear()
    return scene


def test_click_type_erase_and_space_edit_without_leaving(app: App, form: FormScene) -> None:
    send(app, Click(form.field.rect.center))
    assert form.field.editing
    post(app, *keys(pygame.K_BACKSPACE, pygame.K_BACKSPACE), *text("ne Lee"))
    assert form.name == "Ane Lee"
    assert app.stack.top is form, "Backspace erases in a field instead of leaving the screen"
    assert form.pressed == 0
    post(app, *keys(pygame.K_HOME, pygame.K_DELETE, pygame.K_END, pygame.K_LEFT), *text("x"))
    assert form.name == "ne Lexe"
    post(app, *text("abcdef"))
    assert form.name == "ne Lexae", "at most max_length characters"


def test_enter_keeps_the_text_and_escape_restores_it(app: App, form: FormScene) -> None:
    send(app, Click(form.field.rect.center))
    post(app, *text(" Bo "), *keys(pygame.K_RETURN))
    assert not form.field.editing and form.name == "Ann Bo", "kept, trimmed"
    post(app, *keys(pygame.K_RETURN), *keys(pygame.K_BACKSPACE) * 6, *keys(pygame.K_ESCAPE))
    assert form.name == "Ann Bo" and app.stack.top is form, "Esc restores, and stays on the screen"
    post(app, *keys(pygame.K_ESCAPE))
    assert app.stack.top is not form, "a second Esc leaves"


def test_the_field_keeps_the_keyboard_until_tab_or_a_click_elsewhere(app: App, form: FormScene) -> None:
    send(app, Click(form.field.rect.center), Hover((200, 220)))
    assert form.group.focused is form.field, "hovering a button does not steal the typing"
    post(app, *text("n"), *keys(pygame.K_TAB))
    assert form.name == "Annn" and not form.field.editing
    assert form.group.focused is form.group.widgets[1]
    post(app, *keys(pygame.K_TAB))
    assert form.field.editing, "Tab into the field starts typing"
    send(app, Click((600, 600)))
    assert not form.field.editing and form.group.focused is None
    post(app, *text("z"))
    assert form.name == "Annn", "nothing types once the field is left"


def test_empty_shows_the_placeholder_and_the_caret_follows_clicks(app: App, form: FormScene) -> None:
    field = form.field
    font = app.assets.font("ui_semibold", field.font_size)
    send(app, Click((field.rect.x + 12 + font.size("A")[0] + 1, field.rect.centery)))
    assert field.caret == 1
    post(app, *keys(pygame.K_DELETE, pygame.K_DELETE, pygame.K_BACKSPACE))
    assert form.name == ""
    drawn = []
    for placeholder in ("Player 1", ""):
        field.placeholder, field.editing = placeholder, False
        surface = pygame.Surface((1280, 720))
        field.draw(surface)
        drawn.append(pygame.image.tobytes(surface.subsurface(field.rect), "RGB"))
    assert drawn[0] != drawn[1], "an empty field shows what empty stands for"
