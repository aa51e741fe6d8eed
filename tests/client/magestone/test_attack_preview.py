"""Attacks show their contest and exact odds on hover and wait for a confirming click."""

from __future__ import annotations

from fractions import Fraction

from game.client.app import App
from game.client.input import Click, Hover, Key, KeyIntent
from game.client.magestone.preview import percent, preview
from game.rules.magestone import Bolt, UnitAction
from game.rules.magestone.dice import attacker_win_probability
from tests.client.magestone.conftest import click_square, open_table, scenario, seat, send, sq

NAMES = ("South", "North")


def hover_square(app: App, name: str, scene: object) -> None:
    """Move the pointer over a square (no click)."""
    send(app, Hover(scene.view.centre(sq(name))))  # type: ignore[attr-defined]


def test_hover_over_an_enemy_shows_the_contest_and_one_click_does_not_attack(app: App) -> None:
    scene = open_table(
        app, scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6", "l16"))})
    )
    click_square(app, scene, "e5")
    hover_square(app, "e6", scene)
    lines = scene.preview_lines()
    assert lines[0] == "Attack: South's Warrior (d6) against North's Warrior (d6)"
    assert "Win 50 %: North's Warrior on e6 falls." in lines
    assert "Lose 50 %: South's Warrior on e5 falls." in lines
    assert scene.board_tooltip() == ""
    click_square(app, scene, "e6")
    assert not scene.controller.match.log
    assert scene.armed == sq("e6")
    assert [b.label for b in scene.popup] == ["Attack", "Cancel"]
    click_square(app, scene, "e6")
    assert scene.controller.match.log[0].notation == "e5xe6"


def test_the_attack_button_commits_and_cancel_or_escape_does_not(app: App) -> None:
    scene = open_table(
        app, scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6", "l16"))})
    )
    click_square(app, scene, "e5")
    click_square(app, scene, "e6")
    cancel = scene.button("Cancel").rect.center
    send(app, Hover(cancel), Click(cancel))
    assert scene.armed is None and not scene.controller.match.log
    click_square(app, scene, "e6")
    send(app, KeyIntent(Key.BACK))
    assert scene.armed is None and not scene.controller.match.log
    click_square(app, scene, "e6")
    attack = scene.button("Attack").rect.center
    send(app, Hover(attack), Click(attack))
    assert scene.controller.match.log[0].notation == "e5xe6"


def test_the_setting_turns_confirmation_off(app: App) -> None:
    app.change_settings(app.settings.with_changes(confirm_attacks=False))
    scene = open_table(
        app, scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6", "l16"))})
    )
    click_square(app, scene, "e5")
    click_square(app, scene, "e6")
    assert scene.controller.match.log[0].notation == "e5xe6"


def test_coordinated_attack_odds_count_the_joiners(app: App) -> None:
    state = scenario({"S": seat("i1", "h1", ("d6", "e5", "f6")), "N": seat("h16", "i16", ("e6", "l16"))})
    scene = open_table(app, state)
    click_square(app, scene, "e5")
    click_square(app, scene, "f6")
    click_square(app, scene, "d6")
    hover_square(app, "e6", scene)
    lines = scene.preview_lines()
    assert lines[0] == "Attack: South's Warrior and 2 more Warriors (3d6) against North's Warrior (d6)"
    expected = percent(float(attacker_win_probability(6, 3, 6)))
    assert f"Win {expected}: North's Warrior on e6 falls." in lines
    assert any(line.startswith("Lose") and "its player chooses" in line for line in lines)


def test_bolt_on_a_mage_is_a_contest_and_on_a_warrior_certain() -> None:
    state = scenario(
        {"S": seat("i5", "h1", ("e1",), carried=(0, 3)), "N": seat("i7", "i16", ("k5", "l16"))}
    )
    bolts = {a.target: a for a in state.legal_actions() if isinstance(a, Bolt)}
    on_mage = preview(state, bolts[sq("i7")], NAMES.__getitem__)
    assert on_mage.heading == "Bolt: 2 squares and 1 Activated stone; d12 against the Mage's d6"
    assert on_mage.chance == float(attacker_win_probability(12, 1, 6))
    assert on_mage.lines[1].startswith("Lose") and "blocked" in on_mage.lines[1]
    on_warrior = preview(state, bolts[sq("k5")], NAMES.__getitem__)
    assert on_warrior.chance is None
    assert on_warrior.lines == ("Certain, no roll: North's Warrior on k5 falls.",)


def test_nova_says_what_it_strikes(app: App) -> None:
    state = scenario(
        {"S": seat("i5", "h1", ("e1",), carried=(0, 4)), "N": seat("h16", "i16", ("i6", "j4", "l16"))}
    )
    nova = next(a for a in state.legal_actions() if isinstance(a, UnitAction) and a.verb == "nova")
    assert preview(state, nova, NAMES.__getitem__).lines == (
        "Certain, no roll: North's Warrior on i6, North's Warrior on j4 fall.",
    )
    scene = open_table(app, state)
    click_square(app, scene, "i5")
    assert "Now: Certain, no roll: North's Warrior on i6" in (scene.button("Nova").tooltip or "")


def test_percent_never_rounds_a_possible_outcome_away() -> None:
    assert percent(float(Fraction(1, 500))) == "1 %"
    assert percent(0.999) == "99 %"
    assert percent(1.0) == "100 %" and percent(0.5) == "50 %"
