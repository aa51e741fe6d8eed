"""The Magnastorm table driven by synthetic clicks and keys through the app: every kind of decision,
refusals, undo within a turn, the administration's steps, saves, Continue, a whole hot-seat game."""

from __future__ import annotations

import math
import random

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.magnastorm.narrator import MagnastormNarrator
from game.client.magnastorm.scene import MagnastormMatchScene
from game.client.magnastorm.targets import target_of
from game.client.match import session
from game.client.match.controller import InlineSource, MatchController, autosave_path
from game.client.match.loading import continue_match
from game.client.match.scenes import GameOverScene
from game.client.match.seats import Seat
from game.client.scenes.dialog import DialogScene
from game.rules.magnastorm import Action, MagnastormState
from game.rules.match import Match
from game.rules.registry import new_game
from tests.client.conftest import finish_loading, frames, play_out, send

NAMES = ("Ada", "Bo", "Cy", "Di")


@pytest.fixture(autouse=True)
def inline_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots answer in-process (no worker process in unit tests)."""
    monkeypatch.setattr(session, "make_source", InlineSource)


def new_match(players: int = 2, seed: int = 3) -> Match:
    """A fresh seeded match with its opening deals drawn."""
    match = Match(new_game("magnastorm", {"players": players}), seed)
    match.resolve_chance()
    return match


def open_table(app: App, match: Match, who: list[str] | None = None) -> MagnastormMatchScene:
    """Open the table on ``match`` (every seat human unless ``who`` says otherwise), no hand-over."""
    players = match.state.num_players
    who = who or ["human"] * players
    seats = [Seat(NAMES[i], who[i], i) for i in range(players)]
    controller = MatchController(match, seats, InlineSource(), MagnastormNarrator(),
                                 autosave_file=autosave_path(), pace=0.0)
    session.open_match(app, controller)
    scene = app.stack.top
    assert isinstance(scene, MagnastormMatchScene)
    scene.handover = False
    frames(app, 2)
    return scene


def finish(app: App, scene: MagnastormMatchScene) -> None:
    """Let every animation and administration stage play out (or skip them)."""
    scene.animator.skip()
    play_out(app, scene, 50)


def click_at(app: App, pos: tuple[float, float]) -> None:
    """Hover, then click a window pixel."""
    send(app, Hover(pos), Click(pos))


def play_by_click(app: App, scene: MagnastormMatchScene, action: Action, hover: bool = True) -> None:
    """Make ``action`` the way a player would: click its target (and its choice in the popup that
    may open there), or its button (``hover``: point at it first, as a mouse does)."""
    if scene.animator.busy:
        finish(app, scene)
    where = target_of(scene.state, action)
    press = click_at if hover else _click
    if where is None:
        press(app, scene.choice_buttons[action.text].rect.center)
        return
    assert scene.table_layout is not None
    press(app, scene.table_layout.centre(where))
    if scene.popup:
        index = scene.popup_actions.index(action)
        press(app, scene.popup[index].rect.center)


def _click(app: App, pos: tuple[float, float]) -> None:
    app.input.inject(Click(pos))
    frames(app, 1)


def player_actions(match: Match) -> list[str]:
    """The notation of every player decision in the log."""
    return [entry.notation for entry in match.log if entry.actor >= 0]


def test_a_new_match_opens_with_the_deals_drawn_and_asks_for_the_starting_crew(app: App) -> None:
    match = Match(new_game("magnastorm", {"players": 3}), 11)
    scene = open_table(app, match)
    assert scene.state.current_player() >= 0
    assert all(scene.state.admin[1:]) and all(scene.state.objectives)
    assert "Set-up" in scene.input.prompt()
    assert any("dealt" in line.text for line in scene.controller.log)
    assert {t.kind for t in scene.input.targets()} == {"column"}


def _covering_logs(seeds: range, players: int) -> dict[str, tuple[int, int, list[str]]]:
    """For each decision verb, a seeded random game's log prefix that ends where it is legal."""
    found: dict[str, tuple[int, int, list[str]]] = {}
    for seed in seeds:
        match = new_match(players, seed)
        rng = random.Random(seed)
        played: list[str] = []
        while not match.state.is_terminal():
            legal = match.state.legal_actions()
            for action in legal:
                found.setdefault(action.verb, (seed, players, list(played)))
            action = rng.choice(legal)
            match.play(action)
            played.append(str(action))
    return found


COVERED = _covering_logs(range(1, 9), 3) | _covering_logs(range(1, 4), 4)


def _replayed(seed: int, players: int, played: list[str]) -> Match:
    match = new_match(players, seed)
    for text in played:
        match.play_text(text)
    return match


@pytest.mark.parametrize("verb", sorted(COVERED))
def test_each_kind_of_decision_by_clicks(app: App, verb: str) -> None:
    seed, players, played = COVERED[verb]
    match = _replayed(seed, players, played)
    action = next(a for a in match.state.legal_actions() if a.verb == verb)
    scene = open_table(app, match)
    before = len(player_actions(match))
    play_by_click(app, scene, action)
    assert player_actions(match)[before] == str(action)
    assert scene.controller.log[-1].text, "the decision is narrated"


def test_the_usual_decisions_are_all_reachable_by_clicks() -> None:
    assert {"start", "res", "take", "crew", "to", "move", "gain", "step", "end", "lab", "done", "trade",
            "give", "obj", "finish", "get"} <= set(COVERED)


def test_a_greyed_target_explains_itself_and_changes_nothing(app: App) -> None:
    match = new_match(2, 5)
    rng = random.Random(5)
    while not (match.state.tasks[-1][0] == "main" and any(
            t.kind == "column" for t in _greyed(match))):
        match.play(rng.choice(match.state.legal_actions()))
    scene = open_table(app, match)
    where, reason = next((t, r) for t, r in scene.input.greyed.items() if t.kind == "column")
    position, log = scene.state.position(), len(match.log)
    assert scene.table_layout is not None
    click_at(app, scene.table_layout.centre(where))
    assert scene.message == reason and reason
    assert scene.state.position() == position and len(match.log) == log
    assert scene.board_tooltip() == reason


def _greyed(match: Match) -> list[object]:
    from game.client.magnastorm.interaction import TurnInput

    turn = TurnInput(match.state, NAMES)  # type: ignore[arg-type]
    turn.refresh()
    return list(turn.greyed)


def test_every_legal_target_is_hit_at_its_drawn_centre_at_two_window_sizes(app: App) -> None:
    seen: set[str] = set()
    for verb in ("start", "crew", "to", "step", "end", "lab", "obj", "give"):
        if verb not in COVERED:
            continue
        match = _replayed(*COVERED[verb])
        scene = open_table(app, match)
        for size in ((1280, 720), (1920, 1080)):
            app.resize(size)
            frames(app, 1)
            assert scene.table_layout is not None
            for where in scene.input.targets():
                assert scene.table_layout.hit(scene.table_layout.centre(where)) == where, (verb, size, where)
                seen.add(where.kind)
            for text, button in scene.choice_buttons.items():
                assert scene.table_layout.hit(button.rect.center) is None, text
                assert [w for w in scene.group.widgets if w.hit(button.rect.center)] == [button]
        app.stack.pop()
    assert {"column", "crew", "lower"} <= seen


def _placement_with_a_choice(state: MagnastormState) -> Action | None:
    """A crew placement after which the player chooses an option (one who can neither pay nor trade
    takes the cubes at once, and the turn goes on without a choice)."""
    for action in state.legal_actions():
        if action.verb == "to":
            after = state.clone()
            after.apply(action)
            if after.tasks[-1][0] == "option":
                return action
    return None


def _match_at_a_placement_choice(seed: int = 3) -> tuple[Match, Action]:
    """A seeded random 2-player match where the player to act has such a placement."""
    match = new_match(2, seed)
    rng = random.Random(seed)
    while (action := _placement_with_a_choice(match.state)) is None:
        match.play(rng.choice(match.state.legal_actions()))
    return match, action


def test_hovering_a_space_previews_cost_and_gain(app: App) -> None:
    match, action = _match_at_a_placement_choice()
    scene = open_table(app, match)
    where = target_of(scene.state, action)
    assert scene.table_layout is not None and where is not None
    send(app, Hover(scene.table_layout.centre(where)))
    _, lines = scene.info_lines()
    text = " ".join(lines)
    assert "Move the runner" in text and "Take the cubes" in text


def test_undo_takes_back_a_decision_of_this_turn_but_never_a_bag_draw(app: App) -> None:
    match, action = _match_at_a_placement_choice()  # the turn goes on, so it can be taken back
    scene = open_table(app, match)
    position = scene.state.position()
    play_by_click(app, scene, action)
    assert scene.state.position() != position
    send(app, KeyIntent(Key.UNDO))
    assert scene.state.position() == position
    assert scene.message == "Taken back."
    match = new_match(2, 9)
    rng = random.Random(9)
    while not (match.log and match.log[-1].actor == -1 and match.log[-1].notation.startswith("bag")
               and match.state.current_player() == match.log[-2].actor):
        match.play(rng.choice(match.state.legal_actions()))
    scene = open_table(app, match)
    assert not scene.can_take_back()
    position = scene.state.position()
    send(app, KeyIntent(Key.UNDO))
    assert scene.state.position() == position and "bag draw" in scene.message


def _to_administration(players: int, seed: int) -> Match:
    """A seeded random match one decision before the first administration (the last is
    ``finish`` or a forced run into it)."""
    match = new_match(players, seed)
    rng = random.Random(seed)
    while True:
        legal = match.state.legal_actions()
        for action in legal:
            trial = match.state.clone()
            if any(e.kind == "administration" for e in trial.apply(action)):
                return match
        match.play(rng.choice(legal))


def _finishing_action(match: Match) -> Action:
    for action in match.state.legal_actions():
        if any(e.kind == "administration" for e in match.state.clone().apply(action)):
            return action
    raise AssertionError("no action ends the round")


def test_the_administration_runs_as_steps_that_can_be_followed_and_skipped(app: App) -> None:
    match = _to_administration(2, 4)
    scene = open_table(app, match)
    app.tweens.speed = 1.0
    action = _finishing_action(match)
    play_by_click(app, scene, action) if target_of(scene.state, action) else scene._play(action)
    frames(app, 2)
    assert scene.animator.stage is not None and scene.animator.stage.stage == "income"
    assert scene.turn_title()[0] == "Administration"
    assert scene.shown_state() is scene.settled, "the table shows the position before income"
    click_at(app, scene.button("Next step").rect.center)
    assert scene.animator.stage is not None and scene.animator.stage.stage == "majorities"
    send(app, KeyIntent(Key.CONFIRM))
    assert scene.animator.stage is not None and scene.animator.stage.stage == "research"
    stages = []
    while scene.animator.stage is not None and len(stages) < 10:
        stages.append(scene.animator.stage.stage)
        click_at(app, scene.button("Next step").rect.center)
    assert stages == ["research", "turn_order", "panel_swap", "rotation"]
    assert any("Administration" in line.text for line in scene.controller.log)


def test_skip_all_ends_the_administration_at_once(app: App) -> None:
    match = _to_administration(3, 6)
    scene = open_table(app, match)
    app.tweens.speed = 1.0
    scene._play(_finishing_action(match))
    frames(app, 2)
    assert scene.animator.admin_pending()
    click_at(app, scene.button("Skip all").rect.center)
    assert not scene.animator.admin_pending()
    assert scene.shown_state() is scene.state


def test_save_and_continue_give_the_same_state_and_log(app: App) -> None:
    match = new_match(3, 8)
    scene = open_table(app, match)
    rng = random.Random(8)
    for _ in range(25):
        play_by_click(app, scene, rng.choice(scene.state.legal_actions()))
    finish(app, scene)
    position = scene.state.position()
    lines = [line.text for line in scene.controller.log]
    while len(app.stack) > 1:
        app.stack.pop()
    continue_match(app)
    again = finish_loading(app)
    assert isinstance(again, MagnastormMatchScene)
    assert again.state.position() == position
    assert [line.text for line in again.controller.log] == lines


def test_an_ai_seat_plays_its_turns_by_itself(app: App) -> None:
    app.tweens.speed = math.inf
    scene = open_table(app, new_match(2, 12), who=["human", "easy"])
    rng = random.Random(1)
    for _ in range(300):
        if scene.controller.human_to_act():
            scene._play(rng.choice(scene.state.legal_actions()))
        frames(app, 1)
        if any(entry.actor == 1 for entry in scene.controller.match.log):
            break
    assert any(entry.actor == 1 for entry in scene.controller.match.log)


def test_resigning_in_a_three_player_game_lets_the_others_play_on(app: App) -> None:
    scene = open_table(app, new_match(3, 2))
    seat = scene.controller.seat_to_act()
    scene.button("Resign").activate()
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    confirm = next(w for w in dialog.group.widgets if getattr(w, "label", "") == "Resign")
    send(app, Hover(confirm.rect.center), Click(confirm.rect.center))
    assert not scene.state.in_game(seat)
    assert not scene.controller.over


def test_a_whole_hot_seat_game_of_random_clicks_ends_on_the_game_over_screen(app: App) -> None:
    app.tweens.speed = math.inf
    scene = open_table(app, new_match(2, 21))
    scene.handover = True
    rng = random.Random(21)
    for _ in range(4000):
        if isinstance(app.stack.top, GameOverScene):
            break
        if scene.handover_to is not None:
            send(app, KeyIntent(Key.CONFIRM), settle=0)
            continue
        action = rng.choice(scene.state.legal_actions())
        play_by_click(app, scene, action, hover=False)
    card = app.stack.top
    assert isinstance(card, GameOverScene)
    assert scene.controller.over
    ranking = scene.state.ranking
    assert card.lines[1].startswith(f"1. {NAMES[ranking[0]]}: {scene.state.rep[ranking[0]]} reputation")
    assert "artifact" in card.lines[1]
