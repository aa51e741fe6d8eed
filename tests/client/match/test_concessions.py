"""Resign and Offer draw at both tables: confirm dialogs, draw votes, the AI stopped, game over, replays."""

from __future__ import annotations

from typing import Any

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.magestone.narrator import MageStoneNarrator
from game.client.magestone.scene import MageStoneMatchScene
from game.client.magistrat.narrator import MagiStratNarrator
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.match import session
from game.client.match.controller import InlineSource, autosave_path
from game.client.match.replay import ReplayScene
from game.client.match.scenes import GameOverScene
from game.client.match.seats import Seat
from game.client.match.table_scene import TableScene
from game.client.rules_reference.topics import load_reference
from game.client.scenes.dialog import DialogScene
from game.client.widgets import Button
from game.rules.match import DRAW_AGREED, RESIGN
from game.rules.registry import new_game
from game.storage.saves import load_save
from tests.client.conftest import frames, open_test_table, play_out, press, send

MAGESTONE_SEATS = ("South", "West", "North", "East")


@pytest.fixture(autouse=True)
def inline_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots answer in-process."""
    monkeypatch.setattr(session, "make_source", InlineSource)


def magestone(app: App, players: int = 2, ai: tuple[int, ...] = ()) -> MageStoneMatchScene:
    """A new MageStone table; seats in ``ai`` are Normal bots, the rest humans (no hand-over screen)."""
    names = ("South", "North") if players == 2 else MAGESTONE_SEATS
    seats = [Seat(name, "normal" if i in ai else "human", i) for i, name in enumerate(names)]
    scene = open_test_table(
        app, new_game("magestone", {"players": players}), seats, MageStoneNarrator(), MageStoneMatchScene
    )
    scene.handover = False
    frames(app, 2)
    return scene


def magistrat(app: App, black_ai: bool = False) -> MagiStratMatchScene:
    """A new MagiStrat game past a random set-up, White human to move."""
    seats = [Seat("White", "human", 0), Seat("Black", "normal" if black_ai else "human", 1)]
    state = new_game("magistrat", {"setup": "random", "setup_seed": 5})
    scene = open_test_table(
        app, state, seats, MagiStratNarrator(), MagiStratMatchScene, undo_across_turns=True
    )
    frames(app, 2)
    return scene


def dialog(app: App) -> DialogScene:
    """The dialog on top."""
    top = app.stack.top
    assert isinstance(top, DialogScene), f"expected a dialog, got {type(top).__name__}"
    return top


def answer(app: App, label: str) -> None:
    """Click a button of the dialog on top."""
    buttons = [w for w in dialog(app).group.widgets if isinstance(w, Button) and w.label == label]
    assert buttons, f"no {label!r} in the dialog"
    send(app, Hover(buttons[0].rect.center), Click(buttons[0].rect.center))


def labels(scene: TableScene) -> dict[str, bool]:
    """Visible table buttons: label -> enabled."""
    return {w.label: w.enabled for w in scene.group.widgets if isinstance(w, Button)}


def game_over(app: App) -> GameOverScene:
    """Let the table notice the end, then the game-over card."""
    frames(app, 4)
    top = app.stack.top
    assert isinstance(top, GameOverScene), f"expected game over, got {type(top).__name__}"
    return top


def test_magestone_resign_asks_first_and_the_game_over_card_names_it(app: App) -> None:
    scene = magestone(app, ai=(1,))
    assert labels(scene)["Resign"] and "Offer draw" not in labels(scene)
    press(app, scene, "Resign")
    assert dialog(app).title == "Resign?" and "North wins the game" in dialog(app).message
    send(app, KeyIntent(Key.BACK))  # Back keeps playing
    assert app.stack.top is scene and not scene.controller.over
    press(app, scene, "Resign")
    answer(app, "Resign")
    card = game_over(app)
    assert card.title == "South resigned — North wins"
    assert scene.controller.log[-2].text == "South resigns"
    assert load_save(autosave_path()).match.log[-1].to_json() == [0, RESIGN]


def test_resigning_while_the_ai_thinks_stops_it(app: App) -> None:
    scene = magestone(app, ai=(1,))
    scene.controller.pace = 100.0  # the bot's answer is ready but not yet played
    press(app, scene, "End go")
    play_out(app, scene, 600)
    assert scene.controller.seat_to_act() == 1 and labels(scene)["Resign"]
    moves = len(scene.controller.match.log)
    press(app, scene, "Resign")
    answer(app, "Resign")
    scene.controller.pace = 0.0
    frames(app, 5)
    assert len(scene.controller.match.log) == moves + 1
    assert scene.controller.match.log[-1].notation == RESIGN
    assert isinstance(app.stack.top, GameOverScene)


def test_resign_and_offer_draw_are_reachable_by_keyboard(app: App) -> None:
    scene = magestone(app)
    for _ in range(len(scene.group.widgets) + 1):
        focused = scene.group.focused
        if isinstance(focused, Button) and focused.label == "Offer draw":
            break
        send(app, KeyIntent(Key.NEXT), settle=0)
    send(app, KeyIntent(Key.CONFIRM))
    assert dialog(app).title == "Draw offered"
    send(app, KeyIntent(Key.NEXT), KeyIntent(Key.CONFIRM))  # from Decline (the safe choice) to Accept
    assert game_over(app).title == "Draw agreed"


def test_a_declined_draw_plays_on_and_an_accepted_one_ends_the_game(app: App) -> None:
    scene = magestone(app)
    press(app, scene, "Offer draw")
    assert dialog(app).message.startswith("South offers a draw. North, do you accept?")
    answer(app, "Decline")
    assert app.stack.top is scene and not scene.controller.over
    assert scene.message == "North declines the draw: play on."
    press(app, scene, "Offer draw")
    answer(app, "Accept draw")
    assert game_over(app).title == "Draw agreed"
    assert scene.controller.match.log[-1].to_json() == [0, DRAW_AGREED]


def test_four_players_every_other_player_votes_on_a_draw(app: App) -> None:
    scene = magestone(app, players=4)
    press(app, scene, "Offer draw")
    answer(app, "Accept draw")
    assert "North, do you accept?" in dialog(app).message
    answer(app, "Accept draw")
    answer(app, "Decline")  # East says no
    assert not scene.controller.over and scene.message.startswith("East declines")
    press(app, scene, "Offer draw")
    for _ in range(3):
        answer(app, "Accept draw")
    assert game_over(app).title == "Draw agreed"


def test_four_players_a_resigning_human_leaves_and_the_others_play_on(app: App) -> None:
    scene = magestone(app, players=4)
    press(app, scene, "Resign")
    assert "the others play on" in dialog(app).message
    answer(app, "Resign")
    frames(app, 3)
    controller = scene.controller
    assert not controller.over and controller.seat_to_act() == 1
    assert not controller.in_game(0) and not scene.state.to_scenario()["seats"]["S"]["warriors"]
    assert scene.message == "South resigned; the others play on."
    assert "South: resigned" in scene.hud_lines()
    assert "South resigns and leaves the game; the others play on" in [line.text for line in controller.log]
    assert not labels(scene)["Undo"]  # West cannot take back South's resignation
    send(app, KeyIntent(Key.CONFIRM))  # West ends the go
    play_out(app, scene, 600)
    press(app, scene, "Resign")  # North resigns: East's go
    answer(app, "Resign")
    play_out(app, scene, 600)
    press(app, scene, "Resign")  # East: West is the last one left
    assert "West wins the game" in dialog(app).message
    answer(app, "Resign")
    assert game_over(app).title == "East resigned — West wins"


class CountingSource(InlineSource):
    """The in-process AI, counting requests and cancels."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[Any] = []
        self.cancels = 0

    def request(self, game_id: str, state_json: Any, level: str, seed: int, budget: Any,
                history: Any = ()) -> int:
        """Record the position asked about."""
        self.requests.append(state_json)
        return super().request(game_id, state_json, level, seed, budget, history)

    def cancel(self) -> None:
        """Count, then drop the request."""
        self.cancels += 1
        super().cancel()


def test_four_players_against_the_ai_resigning_cancels_the_bot_and_play_goes_on(app: App) -> None:
    scene = magestone(app, players=4, ai=(1, 2, 3))
    source = CountingSource()
    scene.controller.source = source
    scene.controller.pace = 100.0
    press(app, scene, "End go")
    play_out(app, scene, 600)
    assert scene.controller.seat_to_act() == 1 and len(source.requests) == 1  # West's answer waits
    press(app, scene, "Resign")
    cancels = source.cancels
    answer(app, "Resign")
    assert source.cancels > cancels
    frames(app, 2)
    assert len(source.requests) == 2  # West is asked again, about the new position
    assert source.requests[-1]["state"]["seats"]["S"]["eliminated"]
    assert not scene.controller.over and not labels(scene)["Resign"]


def test_magistrat_hot_seat_resign_names_the_loser(app: App) -> None:
    scene = magistrat(app)
    assert set(labels(scene)) >= {"Resign", "Offer draw", "Undo", "Menu"}
    press(app, scene, "Resign")
    assert "Black wins the game" in dialog(app).message
    answer(app, "Resign")
    card = game_over(app)
    assert card.title == "White resigned — Black wins"
    assert scene.controller.log[-1].text == "Black wins"


def test_magistrat_draw_against_the_ai_is_not_offered_and_resign_stops_the_bot(app: App) -> None:
    scene = magistrat(app, black_ai=True)
    assert "Offer draw" not in labels(scene)
    scene.controller.pace = 100.0
    move = scene.state.legal_actions()[0]
    scene.controller.play(move)
    play_out(app, scene, 600)
    assert scene.controller.thinking is False and scene.controller.seat_to_act() == 1
    press(app, scene, "Resign")
    answer(app, "Resign")
    scene.controller.pace = 0.0
    assert game_over(app).title == "White resigned — Black wins"
    assert scene.controller.match.log[-2].notation == str(move)


def test_the_replay_viewer_steps_over_a_resignation(app: App) -> None:
    scene = magistrat(app)
    scene.controller.play(scene.state.legal_actions()[0])
    scene.controller.resign(1)
    frames(app, 4)
    card = game_over(app)
    watch = next(w for w in card.group.widgets if isinstance(w, Button) and w.label == "Watch replay")
    send(app, Hover(watch.rect.center), Click(watch.rect.center))
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    replay.timeline.build()
    replay.to_end()
    assert replay.controller.state.result() == scene.state.result()
    assert [line.text for line in replay.controller.log][-2:] == ["Black resigns", "White wins"]
    replay.step(-1)
    assert replay.controller.state.result() is None and replay.controller.log[-1].text != "White wins"


def test_the_rules_reference_explains_the_four_player_resignation() -> None:
    victory: Any = next(t for t in load_reference("magestone").topics if t.ruling == "Victory and draw")
    text = " ".join(victory.rulings)
    assert "as if eliminated" in text and "play goes on without them" in text
