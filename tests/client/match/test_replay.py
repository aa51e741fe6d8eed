"""The replay viewer: keys and buttons step, Home/End jump, the scrubber jumps where it is clicked,
autoplay advances, the table is the game's own in the match's colours, and a jump in a long game
replays at most a snapshot's worth of actions."""

from __future__ import annotations

import random
from functools import cache

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent, Release
from game.client.magestone.scene import MageStoneMatchScene
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.match.games import game_client, seat_colours
from game.client.match.replay import SPEEDS, GlyphButton, ReplayScene
from game.client.match.seats import Seat
from game.client.match.timeline import SNAPSHOT_EVERY
from game.client.scenes.screens import open_screen
from game.rules.match import Match
from game.rules.registry import new_game
from game.storage.saves import LoadedSave
from tests.client.conftest import frames, send

pytestmark = pytest.mark.usefixtures("quick")

SEATS = {
    # colours chosen in the set-up, not the seat order's: North green, South gold
    "magestone": [Seat("South", "human", 3), Seat("North", "normal", 2)],
    "magistrat": [Seat("White", "human", 1), Seat("Black", "hard", 0)],
}
OPTIONS: dict[str, dict[str, object]] = {
    "magestone": {"players": 2},
    "magistrat": {"setup": "random", "setup_seed": 4},
}


@cache
def played(game_id: str, actions: int, seed: int = 7) -> tuple[tuple[int, str], ...]:
    """A seeded random game's log, up to ``actions`` entries (or its end)."""
    match = Match(new_game(game_id, OPTIONS[game_id]), seed)
    rng = random.Random(seed)
    while not match.state.is_terminal() and len(match.log) < actions:
        match.play(rng.choice(match.state.legal_actions()))
    return tuple((entry.actor, entry.notation) for entry in match.log)


def rebuilt(game_id: str, entries: tuple[tuple[int, str], ...], seed: int = 7) -> Match:
    """The match after ``entries``, applied from the start."""
    match = Match(new_game(game_id, OPTIONS[game_id]), seed)
    for actor, notation in entries:
        match.apply_logged(actor, notation)
    return match


def open_replay(app: App, game_id: str, actions: int = 60) -> ReplayScene:
    """The replay viewer over a random game, opened as the save slots open it, fully narrated."""
    match = rebuilt(game_id, played(game_id, actions))
    open_screen(app, "replay", LoadedSave(match, [seat.to_text() for seat in SEATS[game_id]], "", ""))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    replay.timeline.build()
    frames(app, 2)
    return replay


def shown_hash(replay: ReplayScene) -> str:
    return replay.controller.state.state_hash()


def hash_after(replay: ReplayScene, game_id: str, move: int) -> str:
    entries = played(game_id, 60)[: replay.timeline.end_of(move)]
    return rebuilt(game_id, entries).state.state_hash()


def glyph(replay: ReplayScene, name: str) -> GlyphButton:
    return next(w for w in replay.group.widgets if isinstance(w, GlyphButton) and w.glyph == name)


def click(app: App, pos: tuple[float, float]) -> None:
    send(app, Hover(pos), Click(pos), Release(pos))


@pytest.mark.parametrize("game_id", ["magestone", "magistrat"])
def test_arrow_keys_step_and_home_end_jump(app: App, game_id: str) -> None:
    replay = open_replay(app, game_id)
    length = replay.timeline.length
    assert length > 10 and replay.move == 0
    send(app, KeyIntent(Key.RIGHT), KeyIntent(Key.RIGHT), KeyIntent(Key.RIGHT))
    assert replay.move == 3 and shown_hash(replay) == hash_after(replay, game_id, 3)
    lines, _ = replay.timeline.story(3)
    assert [line.text for line in replay.controller.log] == [line.text for line in lines] and lines
    send(app, KeyIntent(Key.LEFT))
    assert replay.move == 2 and shown_hash(replay) == hash_after(replay, game_id, 2)
    send(app, KeyIntent(Key.END))
    assert replay.move == length and shown_hash(replay) == hash_after(replay, game_id, length)
    send(app, KeyIntent(Key.RIGHT))
    assert replay.move == length
    send(app, KeyIntent(Key.HOME))
    assert replay.move == 0 and shown_hash(replay) == hash_after(replay, game_id, 0)
    send(app, KeyIntent(Key.LEFT))
    assert replay.move == 0
    send(app, KeyIntent(Key.BACK))
    assert app.stack.top is not replay


def test_the_transport_buttons_step_and_jump(app: App) -> None:
    replay = open_replay(app, "magestone")
    click(app, glyph(replay, "forward").rect.center)
    assert replay.move == 1
    click(app, glyph(replay, "end").rect.center)
    assert replay.move == replay.timeline.length
    click(app, glyph(replay, "back").rect.center)
    assert replay.move == replay.timeline.length - 1
    click(app, glyph(replay, "start").rect.center)
    assert replay.move == 0 and shown_hash(replay) == hash_after(replay, "magestone", 0)


def test_the_scrubber_jumps_to_the_move_under_the_pointer_and_follows_a_drag(app: App) -> None:
    replay = open_replay(app, "magestone")
    scrubber = replay.scrubber
    target = replay.timeline.length * 2 // 3
    y = scrubber.rect.centery
    send(app, Hover((scrubber.x_of(target), y)), Click((scrubber.x_of(target), y)))
    assert replay.move == target and shown_hash(replay) == hash_after(replay, "magestone", target)
    send(app, Hover((scrubber.x_of(5), y), dragging=True))
    assert replay.move == 5
    send(app, Hover((scrubber.rect.right + 50, y), dragging=True), Release((scrubber.rect.right + 50, y)))
    assert replay.move == replay.timeline.length


def test_space_plays_over_time_and_pauses_and_a_faster_speed_plays_more(app: App) -> None:
    replay = open_replay(app, "magestone")
    send(app, KeyIntent(Key.CONFIRM, Key.SPACE))
    assert replay.playing
    frames(app, 5 * 60)  # five seconds at 1x: a move about every second
    at_normal = replay.move
    assert 3 <= at_normal <= 6
    send(app, KeyIntent(Key.CONFIRM, Key.SPACE))
    assert not replay.playing
    frames(app, 120)
    assert replay.move == at_normal
    replay.set_speed(len(SPEEDS) - 1)  # 4x
    send(app, KeyIntent(Key.CONFIRM, Key.SPACE))
    frames(app, 5 * 60)
    assert replay.move - at_normal > 2 * at_normal


def test_autoplay_stops_at_the_end_and_play_there_starts_again(app: App) -> None:
    replay = open_replay(app, "magestone")
    replay.seek(replay.timeline.length - 1)
    replay.toggle_play()
    frames(app, 3 * 60)
    assert replay.move == replay.timeline.length and not replay.playing
    replay.toggle_play()
    assert replay.move == 0 and replay.playing


@pytest.mark.parametrize("game_id", ["magestone", "magistrat"])
def test_the_table_is_the_games_own_in_the_saved_seats_names_and_colours(app: App, game_id: str) -> None:
    replay = open_replay(app, game_id)
    table = replay.table
    assert isinstance(table, MageStoneMatchScene if game_id == "magestone" else MagiStratMatchScene)
    palette = game_client(game_id).palette(app.settings.colour_blind)  # type: ignore[union-attr]
    assert table.colours == seat_colours(game_id, SEATS[game_id], app.settings.colour_blind)
    assert table.colours[0] != palette[0]  # the set-up's colour, not the seat order's
    assert [seat.name for seat in table.controller.seats] == [seat.name for seat in SEATS[game_id]]
    send(app, KeyIntent(Key.END))
    assert replay.table.colours == table.colours


def test_the_replayed_table_cannot_play_undo_or_open_the_results(app: App) -> None:
    replay = open_replay(app, "magestone")
    table = replay.table
    assert not table.controller.human_to_act() and not table.controller.can_undo()
    assert table.controller.resigning_seat() is None
    labels = [getattr(widget, "label", "") for widget in table.group.widgets]
    assert not {"End go", "Undo", "Resign"} & set(labels)
    send(app, KeyIntent(Key.END))
    frames(app, 30)
    assert app.stack.top is replay  # no game-over card over the replay


def test_a_jump_in_a_long_game_replays_at_most_one_snapshot_gap(app: App) -> None:
    replay = open_replay(app, "magestone", actions=3000)
    timeline = replay.timeline
    assert len(timeline.entries) > 10 * SNAPSHOT_EVERY
    timeline.replayed = 0
    send(app, KeyIntent(Key.END))
    assert replay.move == timeline.length and timeline.replayed == 0  # the loaded save's final state
    rng = random.Random(2)
    for target in [timeline.length - 1, 1, *rng.sample(range(timeline.length), 12)]:
        before = timeline.replayed
        replay.seek(target)
        assert replay.move == target
        assert timeline.replayed - before <= SNAPSHOT_EVERY, f"jump to {target} replayed too much"
    entries = played("magestone", 3000)[: timeline.end_of(replay.move)]
    assert shown_hash(replay) == rebuilt("magestone", entries).state.state_hash()


def test_a_jump_past_what_is_narrated_waits_without_replaying_then_lands(app: App) -> None:
    match = rebuilt("magestone", played("magestone", 3000))
    open_screen(app, "replay", LoadedSave(match, [seat.to_text() for seat in SEATS["magestone"]], "", ""))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    timeline = replay.timeline
    target = timeline.length - 3
    if timeline.ready < target:  # narrated a slice a frame, it is not there yet
        replayed = timeline.replayed
        replay.seek(target)
        assert replay.pending == target and replay.move == 0 and timeline.replayed == replayed
    for _ in range(2000):
        if replay.move == target:
            break
        replay.seek(target)
        frames(app, 1)
    assert replay.move == target and replay.pending is None


def test_every_text_of_the_bar_has_its_glyphs_in_the_font(app: App) -> None:
    replay = open_replay(app, "magestone")
    texts = [label for label, _ in SPEEDS] + [f"Replay · {replay.client.title}", "Move 10 of 20", "Close"]
    for role in ("ui", "ui_bold", "ui_semibold"):
        font = app.assets.font(role, 20)
        for text in texts:
            assert None not in font.metrics(text), f"{text!r} has a character {role} cannot draw"
