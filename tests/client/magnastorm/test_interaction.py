"""The Magnastorm turn input: decisions grouped by target, previews that agree with the rules,
refusals with their reasons, the keyboard cursor."""

from __future__ import annotations

import random

import pytest

from game.client.magnastorm.geometry import Target
from game.client.magnastorm.interaction import TurnInput, button_label, preview
from game.client.magnastorm.narrator import MagnastormNarrator
from game.client.match.seats import Seat
from game.rules.magnastorm import Action, MagnastormState, new_game
from game.rules.protocol import CHANCE, TERMINAL

NAMES = ("Ada", "Bo", "Cy", "Di")


def positions(players: int, seed: int, limit: int = 300) -> list[MagnastormState]:
    """Copies of the player decisions of one seeded random game."""
    rng = random.Random(seed)
    state = new_game({"players": players})
    out: list[MagnastormState] = []
    while state.current_player() != TERMINAL and len(out) < limit:
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return out


POSITIONS = positions(3, 4) + positions(4, 5, 150)


def turn_input(state: MagnastormState) -> TurnInput:
    turn = TurnInput(state, NAMES[: state.num_players])
    turn.refresh()
    return turn


def test_every_legal_decision_is_a_target_or_a_button_exactly_once() -> None:
    for state in POSITIONS:
        turn = turn_input(state)
        grouped = [a for where, actions in turn.groups.items() if where.kind != "station" for a in actions]
        assert sorted(map(str, grouped + turn.buttons)) == sorted(map(str, state.legal_actions()))
        assert not set(turn.groups) & set(turn.greyed), "a target is never both possible and greyed"


def test_a_preview_shows_exactly_the_cubes_and_reputation_the_rules_change() -> None:
    checked = 0
    for state in POSITIONS[::7]:
        seat = state.current_player()
        for action in state.legal_actions():
            shown = preview(state, action, NAMES)
            after = state.clone()
            after.apply(action)
            gained = after.rep[seat] - state.rep[seat]
            if gained:
                assert f"{gained:+d} reputation (now {after.rep[seat]})" in shown.lines
            paid = [state.cubes[seat * 5 + c] - after.cubes[seat * 5 + c] for c in range(5)]
            if any(n > 0 for n in paid):
                assert next(line for line in shown.lines if line.startswith("Pays"))
            if any(n < 0 for n in paid):
                assert next(line for line in shown.lines if line.startswith("Gets"))
            if not any(paid) and not gained:
                assert not any(line.startswith(("Pays", "Gets")) for line in shown.lines)
            checked += 1
    assert checked > 100


def test_a_preview_never_changes_the_state() -> None:
    for state in POSITIONS[::11]:
        position = state.position()
        for action in state.legal_actions():
            preview(state, action, NAMES)
        assert state.position() == position


def _option_follows(state: MagnastormState, action: Action) -> bool:
    after = state.clone()
    after.apply(action)
    return after.tasks[-1][0] == "option"


def test_a_lower_space_preview_shows_both_options_and_its_bonus() -> None:
    # a placement after which the player chooses (one who can neither pay nor trade gains at once)
    state, action = next((s, a) for s in POSITIONS if s.tasks[-1][0] == "place" and s.tasks[-1][3] == 0
                         for a in s.legal_actions() if a.verb == "to" and _option_follows(s, a))
    lines = preview(state, action, NAMES).lines
    assert any(line.startswith("Move the runner") for line in lines)
    assert any(line.startswith("Take the cubes") for line in lines)
    row, column = (int(x) for x in action.args[0][1:].split("c"))
    if (row, column) in state.s.panel.bonuses:
        assert any(line.startswith("Space bonus") for line in lines)


def test_a_lab_drop_shows_its_research_step() -> None:
    state = next(s for s in POSITIONS if any(a.verb == "lab" for a in s.legal_actions())
                 and s.space_owner[s.turn[5]] < 0)
    action = next(a for a in state.legal_actions() if a.verb == "lab")
    lines = preview(state, action, NAMES).lines
    assert "Drops 1 lab" in lines
    after = state.clone()
    after.apply(action)
    chosen_later = after.tasks[-1][0] == "research"  # a white space or Huber: the player picks the area
    assert any("research +1" in line for line in lines) != chosen_later


def test_commanders_you_cannot_pay_for_are_greyed_with_the_cost() -> None:
    found = 0
    for state in POSITIONS:
        if state.tasks[-1][0] != "main":
            continue
        turn = turn_input(state)
        for where, reason in turn.greyed.items():
            if where.kind == "column":
                assert reason.startswith(("Taking over costs", "You already hold", "No crew"))
                if reason.startswith("Taking over costs"):
                    assert "you need" in reason
                    found += 1
                assert turn.click(where).message == reason
                assert turn.click(where).action is None
    assert found


def test_objectives_not_met_are_greyed_with_what_they_ask() -> None:
    state = next(s for s in POSITIONS if s.tasks[-1][0] == "objective"
                 and not any(a.verb == "obj" for a in s.legal_actions()))
    turn = turn_input(state)
    reasons = [reason for where, reason in turn.greyed.items() if where.kind == "objective"]
    assert len(reasons) == 4
    openings = ("Not yet:", "You fulfilled", "Every reputation space", "You have no")
    assert all(reason.startswith(openings) for reason in reasons)


def test_unaffordable_labs_say_what_is_missing() -> None:
    state = next(s for s in POSITIONS if s.tasks[-1][0] == "land"
                 and any(w.kind == "lab" for w in turn_input(s).greyed))
    turn = turn_input(state)
    reason = next(r for w, r in turn.greyed.items() if w.kind == "lab")
    assert "costs" in reason or "lab" in reason


def test_a_too_dear_move_is_a_greyed_button_with_its_cost() -> None:
    state = next((s for s in POSITIONS if s.tasks[-1][0] == "option"
                  and not any(a.verb == "move" for a in s.legal_actions())), None)
    if state is None:
        pytest.skip("no seeded position where moving is too dear")
    choices = turn_input(state).choices()
    assert choices[0].action is None and "cannot pay" in choices[0].tooltip


def test_tab_cycles_every_target_and_wraps() -> None:
    state = next(s for s in POSITIONS if len(turn_input(s).targets()) >= 3)
    turn = turn_input(state)
    targets = turn.targets()
    seen = [turn.step_cursor(1) for _ in targets]
    assert seen == targets
    assert turn.step_cursor(1) == targets[0]
    assert turn.step_cursor(-1) == targets[-1]


def test_a_space_one_step_away_means_the_step_to_its_area() -> None:
    for state in POSITIONS:
        steps = [a for a in state.legal_actions() if a.verb == "step"]
        if not steps:
            continue
        area = state.s.area_index[steps[0].args[0]]
        space = state.s.board.area_spaces[area][0]
        outcome = turn_input(state).click(Target("space", f"s{space}"))
        if outcome.action is not None:
            assert outcome.action == steps[0]
            return
    pytest.fail("no seeded position with a step")


def test_buttons_have_words_not_notation() -> None:
    for state in POSITIONS:
        for action in turn_input(state).buttons:
            assert button_label(action) != str(action)


def test_the_narrator_names_the_seats_and_the_cubes() -> None:
    seats = [Seat(name, "human", i) for i, name in enumerate(NAMES[:3])]
    state = POSITIONS[40]
    action = state.legal_actions()[0]
    after = state.clone()
    lines = MagnastormNarrator().narrate(state, state.current_player(), action, after.apply(action), seats)
    assert lines[0].startswith(NAMES[state.current_player()])
    assert "Player " not in " ".join(lines)
