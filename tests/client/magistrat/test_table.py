"""MagiStrat at the table, driven by synthetic clicks and keys: set-up, moves, attacks, undo, saves."""

from __future__ import annotations

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.magistrat.interaction import NOTABLE
from game.client.magistrat.scene import MagiStratMatchScene
from game.client.magistrat.setup import MagiStratSetupScene
from game.client.match.loading import continue_match, open_entry
from game.client.match.scenes import GameOverScene
from game.client.match.slots import slot_path
from game.rules.magistrat import MagiStratState, Move
from game.rules.magistrat.board import CELL_INDEX, CELL_NAMES, KING
from tests.client.conftest import finish_loading, frames
from tests.client.magistrat.conftest import click_cell, finish, open_table, press, send, state_of


def hud(scene: MagiStratMatchScene) -> str:
    """All HUD words in one string."""
    return "\n".join(scene.hud_lines())


def owner(scene: MagiStratMatchScene, name: str) -> int | None:
    """Owner of the piece on a cell (None when empty)."""
    piece = scene.state.piece_at(CELL_INDEX[name])
    return None if piece is None else piece.owner


@pytest.mark.parametrize("mode", ["manual", "preset", "random"])
def test_each_setup_mode_opens_the_table(app: App, mode: str) -> None:
    app.stack.push(MagiStratSetupScene(app))
    frames(app, 2)
    setup = app.stack.top
    assert isinstance(setup, MagiStratSetupScene)
    setup._set_mode(("manual", "preset", "random").index(mode))
    start = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Start")
    send(app, Hover(start.rect.center), Click(start.rect.center))
    scene = app.stack.top
    assert isinstance(scene, MagiStratMatchScene)
    assert scene.state.in_setup() is (mode == "manual")
    assert hud(scene).startswith("White places the King" if mode == "manual" else "White to move")
    assert len(scene.state.pieces()) == (32 if mode == "manual" else 60)


def test_manual_placement_by_click_and_illegal_cells_explained(app: App) -> None:
    scene = open_table(app, state_of("new:manual"))
    click_cell(app, scene, "ga3")
    assert "High-born" in scene.message and scene.state.step == 0
    click_cell(app, scene, "he2")
    assert scene.state.piece_at(CELL_INDEX["he2"]).kind == KING  # type: ignore[union-attr]
    assert hud(scene).startswith("Black places the King")
    click_cell(app, scene, "he2")
    assert "taken" in scene.message
    click_cell(app, scene, "he3")
    assert "ranks 6 to 8" in scene.message
    click_cell(app, scene, "hd8")
    assert "White to place: 4 Priest, 5 Archmage, 4 God" in hud(scene)


def _quiet_move(scene: MagiStratMatchScene, layer_pair: tuple[int, int], quiet: bool = True) -> Move:
    """A legal move from layer a to layer b (with ``quiet``: no attack and nothing notable)."""
    state = scene.state
    attacking = {(a.frm, a.to) for a in state.legal_actions() if isinstance(a, Move) and a.attack}
    for action in state.legal_actions():
        if (
            isinstance(action, Move)
            and not action.attack
            and (action.frm >> 6, action.to >> 6) == layer_pair
            and not state.piece_at(action.frm).enhanced  # type: ignore[union-attr]
            and (not quiet or (action.frm, action.to) not in attacking)
            and (not quiet or not any(e.kind in NOTABLE for e in state.preview(action).events))
        ):
            return action
    raise AssertionError(f"no quiet move for layers {layer_pair}")


@pytest.mark.parametrize(
    ("start", "layers"),
    [
        ("new:preset:classic", (0, 0)),
        ("new:preset:classic", (1, 1)),
        ("new:preset:classic", (2, 2)),
        ("midgame", (1, 0)),
        ("midgame", (0, 1)),
    ],
    ids=["ground", "high", "divine", "step-down", "step-up"],
)
def test_a_move_on_each_layer_and_a_vertical_step(app: App, start: str, layers: tuple[int, int]) -> None:
    scene = open_table(app, state_of(start))
    action = _quiet_move(scene, layers, quiet=layers[0] == layers[1])
    mover = scene.state.piece_at(action.frm)
    click_cell(app, scene, CELL_NAMES[action.frm])
    assert scene.input.selected == action.frm
    click_cell(app, scene, CELL_NAMES[action.to])
    pending = scene.input.pending
    if pending is not None:
        press(app, scene, "Skip attack" if pending.attack else "Move")
    finish(app, scene)
    assert scene.state.piece_at(action.frm) is None
    moved = scene.state.piece_at(action.to)
    assert moved is not None and moved.kind == mover.kind  # type: ignore[union-attr]
    assert hud(scene).startswith("Black to move")
    assert "→" in scene.controller.log[-1].text


def test_attack_preview_then_attack_enhances_and_drains(app: App) -> None:
    scene = open_table(app, state_of("midgame"))
    click_cell(app, scene, "he1")
    click_cell(app, scene, "he2")
    words = hud(scene)
    assert "Archmage High-born e1 → High-born e2: attack?" in words
    assert "High-born e6: \u221220 → 20 left" in words and "High-born e2 becomes enhanced" in words
    marks = scene.input.marks()
    assert marks[CELL_INDEX["he6"]].target and "\u221220" in marks[CELL_INDEX["he6"]].labels
    assert scene.state.piece_at(CELL_INDEX["he2"]) is None  # nothing applied yet
    press(app, scene, "Attack")
    finish(app, scene)
    assert scene.state.piece_at(CELL_INDEX["he6"]).remaining == 20  # type: ignore[union-attr]
    assert scene.state.piece_at(CELL_INDEX["he2"]).enhanced  # type: ignore[union-attr]
    assert any("loses 20, 20 left" in line.text for line in scene.controller.log)
    assert any("is enhanced by its God" in line.text for line in scene.controller.log)


def test_skip_attack_only_moves(app: App) -> None:
    scene = open_table(app, state_of("midgame"))
    click_cell(app, scene, "he1")
    click_cell(app, scene, "he3")
    press(app, scene, "Skip attack")
    finish(app, scene)
    assert scene.state.piece_at(CELL_INDEX["he3"]) is not None
    assert scene.state.piece_at(CELL_INDEX["he6"]).remaining == 40  # type: ignore[union-attr]
    assert scene.controller.match.log[-1].notation == "he1-he3"


def test_enter_attacks_and_escape_cancels(app: App) -> None:
    scene = open_table(app, state_of("midgame"))
    click_cell(app, scene, "he1")
    click_cell(app, scene, "he3")
    send(app, KeyIntent(Key.BACK))
    assert scene.input.pending is None and scene.input.selected is None
    click_cell(app, scene, "he1")
    click_cell(app, scene, "he3")
    send(app, KeyIntent(Key.CONFIRM))
    assert scene.controller.match.log[-1].notation == "he1-he3x"


def test_steal_turns_the_attacker(app: App) -> None:
    scene = open_table(app, state_of("midgame"))
    click_cell(app, scene, "gg1")
    click_cell(app, scene, "gg3")
    assert "will be stolen" in scene.input.marks()[CELL_INDEX["gg3"]].labels
    assert "Ground g3 will be stolen (to Black)" in hud(scene)
    press(app, scene, "Attack")
    finish(app, scene)
    assert owner(scene, "gg3") == 1
    overlay = scene.overlay()
    assert overlay.last == (CELL_INDEX["gg1"], CELL_INDEX["gg3"]) and overlay.last_seat == 0
    assert overlay.last_changed == (CELL_INDEX["gg3"],), "the stolen piece is marked with the move"


def test_destruction_removes_the_target(app: App) -> None:
    scene = open_table(app, state_of("archmage_chain"))
    click_cell(app, scene, "gc4")
    click_cell(app, scene, "gd4")
    assert "will be destroyed" in scene.input.marks()[CELL_INDEX["gd5"]].labels
    press(app, scene, "Attack")
    assert scene.animator.busy
    finish(app, scene)
    assert scene.state.piece_at(CELL_INDEX["gd5"]) is None
    assert any("falls — out of potential" in line.text for line in scene.controller.log)


def test_drop_out_is_warned_before_the_move(app: App) -> None:
    scene = open_table(app, state_of("drop_out"))
    click_cell(app, scene, "he4")
    click_cell(app, scene, "hd4")
    assert scene.input.pending is not None and scene.input.pending.attack is None
    assert "drops out of the cube" in hud(scene) and "WARNING" in hud(scene)
    press(app, scene, "Move")
    finish(app, scene)
    assert scene.controller.match.log[-1].notation == "he4-hd4"


def test_enhanced_king_obligation_is_shown_and_enforced(app: App) -> None:
    scene = open_table(app, state_of("enhanced_king"))
    assert "Your King is enhanced: it must move this turn" in hud(scene)
    other = next(p.cell for p in scene.state.pieces() if p.owner == 0 and p.kind not in (KING, 1))
    click_cell(app, scene, CELL_NAMES[other])
    assert "must move" in scene.message


def test_enhanced_king_under_an_enemy_god_and_transformed_step_down_are_explained(app: App) -> None:
    scene = open_table(app, state_of("enhanced_king"))
    click_cell(app, scene, "hd4")
    click_cell(app, scene, "hc5")                          # under Black's God
    assert "may not move under a God" in scene.message and scene.state.position() == state_of(
        "enhanced_king").position()
    scene = open_table(app, MagiStratState.from_position(
        "7m/8/8/8/8/8/8/8|8/8/4k3/8/4M*3/8/8/K7|8/8/8/8/4G3/8/8/8 w play 0 100,100 -"))
    click_cell(app, scene, "he4")
    click_cell(app, scene, "ge4")                          # would rise straight back
    assert "rise straight back" in scene.message and not scene.controller.match.log


def test_illegal_clicks_are_explained(app: App) -> None:
    scene = open_table(app, state_of("midgame"))
    click_cell(app, scene, "gg7")
    assert "Black's" in scene.message
    click_cell(app, scene, "he1")
    click_cell(app, scene, "gd5")
    assert "out of reach" in scene.message or "straight up or down" in scene.message


def test_undo_takes_back_the_ai_reply_and_the_own_turn(app: App) -> None:
    scene = open_table(app, state_of("new:preset:classic"), black_ai=True)
    before = scene.state.position()
    action = _quiet_move(scene, (0, 0))
    click_cell(app, scene, CELL_NAMES[action.frm])
    click_cell(app, scene, CELL_NAMES[action.to])
    for _ in range(200):
        if scene.controller.human_to_act() and len(scene.controller.match.log) == 2:
            break
        frames(app, 1)
    assert len(scene.controller.match.log) == 2
    assert scene.button("Undo").enabled
    send(app, KeyIntent(Key.UNDO))
    assert scene.state.position() == before
    assert scene.controller.human_to_act() and not scene.controller.can_undo()
    assert "White takes back the last turn" in scene.controller.log[-1].text


def test_autosave_continue_reopens_the_magistrat_table(app: App) -> None:
    scene = open_table(app, state_of("new:preset:classic"))
    action = _quiet_move(scene, (0, 0))
    click_cell(app, scene, CELL_NAMES[action.frm])
    click_cell(app, scene, CELL_NAMES[action.to])
    finish(app, scene)
    position = scene.state.position()
    scene.controller.save_to(slot_path(1))
    while len(app.stack) > 1:
        app.stack.pop()
    continue_match(app)
    again = finish_loading(app)
    assert isinstance(again, MagiStratMatchScene)
    assert again.state.position() == position
    assert hud(again).startswith("Black to move")
    assert again.controller.undo_across_turns
    while len(app.stack) > 1:
        app.stack.pop()
    open_entry(app, slot_path(1))
    loaded = finish_loading(app)
    assert isinstance(loaded, MagiStratMatchScene) and loaded.state.position() == position


def test_game_over_screen_names_the_reason(app: App) -> None:
    scene = open_table(app, state_of("midgame"))
    scene.controller.resign(1)
    frames(app, 3)
    assert isinstance(app.stack.top, GameOverScene)
    assert app.stack.top.title == "Black resigned — White wins"


def test_the_game_over_card_closes_to_show_the_board_and_enter_brings_it_back(app: App) -> None:
    scene = open_table(app, state_of("midgame"))
    scene.controller.resign(1)
    frames(app, 3)
    card = app.stack.top
    assert isinstance(card, GameOverScene)
    button = next(w for w in card.group.widgets if getattr(w, "label", "") == "See the board")
    send(app, Hover(button.rect.center), Click(button.rect.center))
    assert app.stack.top is scene
    frames(app, 5)
    assert app.stack.top is scene, "the card does not come back by itself"
    send(app, KeyIntent(Key.CONFIRM))
    assert isinstance(app.stack.top, GameOverScene)
