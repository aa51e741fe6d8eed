"""MagiStrat's White is drawn light and Black dark, in both palettes, at the table and at set-up."""

from __future__ import annotations

import pytest

from game.client import decor, theme
from game.client.app import App
from game.client.magistrat.setup import MagiStratSetupScene
from game.client.match.games import seat_colours
from game.client.match.seats import Seat
from game.rules.magistrat import new_game
from tests.client.conftest import frames
from tests.client.magistrat.conftest import open_table


@pytest.mark.parametrize("colour_blind", [False, True])
def test_white_is_light_and_black_dark_at_the_table(app: App, colour_blind: bool) -> None:
    app.settings = app.settings.with_changes(colour_blind=colour_blind)
    scene = open_table(app, new_game({"setup": "preset:classic"}))
    white, black = scene.colours
    assert theme.luminance(white) > 0.7 and theme.luminance(black) < 0.05
    assert (theme.rim(black), theme.rim(white)) == (theme.PARCHMENT, theme.INK), "a dark piece: a light rim"
    king = next(p for p in scene.animator.model.pieces.values() if p.kind == 0 and p.owner == 1)
    sprite = scene.view.sprite(king, 40)
    lights = [sprite.get_at((x, y)) for x in range(sprite.get_width()) for y in range(sprite.get_height())]
    assert any(p.a == 255 and sum(p[:3]) > 600 for p in lights), "Black's pieces are outlined in light"
    assert any(p.a == 255 and sum(p[:3]) < 200 for p in lights), "and filled dark"


def test_black_is_named_in_readable_text_and_marked_with_its_own_colour(app: App) -> None:
    scene = open_table(app, new_game({"setup": "preset:classic"}))
    frames(app, 2)
    with decor.recording() as drawn:
        scene.draw(app.canvas)
    assert any(text == "Black" for _rect, text in drawn.texts)
    assert theme.luminance(theme.legible(scene.colours[1])) > 0.3, "the name is legible on the dark panel"


def test_the_setup_swatches_and_other_games_keep_their_palettes(app: App) -> None:
    setup = MagiStratSetupScene(app)
    assert seat_colours("magistrat", setup.seats(), False) == theme.MAGISTRAT_SIDES
    two = [Seat("South"), Seat("North", colour=1)]
    assert seat_colours("magestone", two, False) == theme.PLAYER_COLOURS[:2]
