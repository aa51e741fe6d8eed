"""The win-chance graph: its series covers every position with chances, a swing is named in the game's
words, the pointer reads a position and a click jumps the replay there (from the replay viewer and
from the game-over card), and G hides it."""

from __future__ import annotations

import random
from functools import cache

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Release, Typed
from game.client.match.chance_graph import ChanceGraph
from game.client.match.chances import ChanceSeries
from game.client.match.controller import MatchController
from game.client.match.games import game_client
from game.client.match.replay import ReplayScene
from game.client.match.scenes import GameOverScene
from game.client.match.seats import Seat
from game.client.scenes.screens import open_screen
from game.rules.match import Match
from game.rules.registry import new_game
from game.storage.saves import LoadedSave
from tests.client.conftest import frames, send

pytestmark = pytest.mark.usefixtures("quick")

SEATS = [Seat("South", "human", 0), Seat("North", "normal", 2)]


@cache
def mage_falls(seed: int = 4) -> tuple[tuple[int, str], ...]:
    """A seeded random two-player MageStone log that ends with the move in which a Mage fell."""
    match = Match(new_game("magestone", {"players": 2}), seed)
    match.resolve_chance()
    rng = random.Random(seed)
    while len(match.log) < 3000:
        events = match.play(rng.choice(match.state.legal_actions()))
        if any(e.kind == "unit_fell" and e.data["unit"] == "mage" for e in events):
            return tuple((entry.actor, entry.notation) for entry in match.log)
    raise AssertionError("no Mage fell")


def rebuilt(entries: tuple[tuple[int, str], ...], seed: int = 4) -> Match:
    match = Match(new_game("magestone", {"players": 2}), seed)
    for actor, notation in entries:
        match.apply_logged(actor, notation)
    return match


def series_of(match: Match) -> ChanceSeries:
    client = game_client("magestone")
    assert client is not None
    series = ChanceSeries(match, client.narrator(), SEATS)
    series.build()
    return series


def test_the_series_has_a_point_per_position_and_each_is_a_set_of_chances() -> None:
    match = rebuilt(mage_falls())
    series = series_of(match)
    assert series.complete and series.problem == ""
    assert len(series.points) == series.length + 1 == len(series.moves) + 1
    for chances in series.points:
        assert len(chances) == 2 and sum(chances) == pytest.approx(1.0) and all(0 <= p <= 1 for p in chances)
    assert max(p[0] for p in series.points) - min(p[0] for p in series.points) > 0.05
    client = game_client("magestone")
    assert client is not None
    sliced = ChanceSeries(match, client.narrator(), SEATS)
    while not sliced.complete:
        sliced.build(0.0)  # one position a call: a frame's slice
    assert sliced.points == series.points


def test_the_fall_of_a_mage_is_a_swing_against_its_owner_named_by_the_narrator() -> None:
    series = series_of(rebuilt(mage_falls()))
    last = series.length
    fell = next(e for e in series.moves[-1].events if e.kind == "unit_fell")
    owner = fell.data["seat"]
    swing = series.swing_at(last)
    assert swing is not None and swing.position == last
    assert series.points[last][owner] < series.points[last - 1][owner], "losing the Mage cost nothing"
    name = SEATS[owner].name
    assert f"{name}'s Mage falls" in swing.text
    before, after = series.points[last - 1][swing.seat], series.points[last][swing.seat]
    assert swing.text.endswith(f": {round(100 * before)} % to {round(100 * after)} %")
    assert swing.text.startswith(SEATS[swing.seat].name)  # the seat quoted is the one the line is about
    assert series.describe(last).startswith(f"Move {last}: ")


def test_the_biggest_swings_are_marked_in_the_order_they_happened() -> None:
    series = series_of(rebuilt(mage_falls()))
    flat = [[0.5, 0.5] for _ in series.points]
    for position, south in ((10, 0.8), (40, 0.3), (41, 0.34), (90, 0.95), (120, 0.5)):
        for k in range(position, len(flat)):
            flat[k] = [south, 1 - south]
    series.points = flat  # 10: +30, 40: -50, 41: +4 (too small), 90: +61, 120: -45
    assert [swing.position for swing in series.swings()] == [40, 90, 120]
    assert [swing.position for swing in series.swings(5)] == [10, 40, 90, 120]


def open_replay(app: App, start: int = 0) -> ReplayScene:
    match = rebuilt(mage_falls())
    open_screen(app, "replay", LoadedSave(match, [s.to_text() for s in SEATS], "", ""), start=start)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    for _ in range(400):
        if replay.timeline.complete and replay.series.complete:
            break
        frames(app, 1)
    assert replay.series.complete, "the graph was not computed over the frames"
    return replay


def test_hovering_the_graph_reads_a_position_and_a_click_jumps_the_replay_there(app: App) -> None:
    replay = open_replay(app)
    graph = replay.graph
    assert graph in replay.group.widgets and graph.rect.bottom <= replay.bar.top
    target = replay.timeline.length // 2
    point = (graph.x_of(target), graph.rect.centery)
    send(app, Hover(point))
    readout = graph.readout()
    assert readout is not None and readout[0].startswith(f"Move {target}: ")
    send(app, Click(point), Release(point))
    assert replay.move == target and graph.current == target
    assert replay.controller.state.state_hash() == replay.timeline.match_at(target).state.state_hash()


def test_g_hides_the_graph_and_gives_its_room_to_the_table(app: App) -> None:
    replay = open_replay(app)
    shown = replay.table_host.frame.height
    send(app, Typed("g"))
    assert not replay.show_graph and replay.graph not in replay.group.widgets
    assert replay.table_host.frame.height > shown
    send(app, Typed("g"))
    assert replay.show_graph and replay.table_host.frame.height == shown


def test_the_replay_opens_at_the_position_asked_for(app: App) -> None:
    replay = open_replay(app, start=5)
    frames(app, 2)
    assert replay.move == 5


def test_a_click_on_the_game_over_graph_opens_the_replay_there(app: App) -> None:
    match = rebuilt(mage_falls())
    match.resign(1 - match.state.current_player() if match.state.current_player() >= 0 else 0)
    client = game_client("magestone")
    assert client is not None
    controller = MatchController(match, list(SEATS), narrator=client.narrator())
    open_screen(app, "game_over", controller)
    card = app.stack.top
    assert isinstance(card, GameOverScene)
    for _ in range(400):
        if card.series.complete:
            break
        frames(app, 1)
    graph = card.graph
    assert isinstance(graph, ChanceGraph)
    target = card.series.length // 3
    point = (graph.x_of(target), graph.rect.centery)
    send(app, Hover(point), Click(point), Release(point))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    for _ in range(200):
        if replay.move == target:
            break
        frames(app, 1)
    assert replay.move == target
