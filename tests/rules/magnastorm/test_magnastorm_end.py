"""Game end: the reputation threshold, the round limit, the ranking and the artifact cards."""

from __future__ import annotations

import random

import pytest

from game.rules.magnastorm import new_game

from .helpers import (
    control,
    dealt,
    find,
    finish_turn,
    give_rep,
    leave_last_crew,
    legal,
    play,
    set_cubes,
    started,
    top,
)


def _draw_artifacts(state):  # type: ignore[no-untyped-def]
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))


def _objective_turn(state, cell):  # type: ignore[no-untyped-def]
    """The player to act gains cubes on ``cell`` and fulfils objective 1 (green down 2 in round 1)."""
    seat = state.current_player()
    state.research[seat * 3] = 2
    state.refresh()
    play(state, "crew c2 y", f"to {cell}")
    if top(state) == "option":
        play(state, "gain")
    play(state, "obj 1")


def _gain_turn(state, cell):  # type: ignore[no-untyped-def]
    play(state, "crew c3 y", f"to {cell}")
    if top(state) == "option":
        play(state, "gain")
    finish_turn(state)


def test_reaching_the_threshold_ends_the_game_after_the_last_player_in_turn_order() -> None:
    state = started(3)
    give_rep(state, 0, 20)
    _objective_turn(state, "r3c1")  # 20 + 6 >= 23
    assert state.end_triggered and not state.is_terminal()
    _gain_turn(state, "r1c1")
    assert state.current_player() == 2
    _gain_turn(state, "r1c3")
    assert state.is_chance_node() and state.rotation == 0  # over, without an administration phase
    assert state.ranking[0] == 0
    _draw_artifacts(state)
    result = state.result()
    assert state.is_terminal() and result is not None
    assert result.winners == (0,) and result.reason == "reputation"


def test_the_last_player_in_turn_order_ends_the_game_at_once() -> None:
    state = started(2)
    _gain_turn(state, "r1c1")
    give_rep(state, 1, 20)
    _objective_turn(state, "r3c1")
    assert state.is_chance_node() and state.ranking == [1, 0]


def test_a_later_drop_below_the_threshold_does_not_undo_the_end() -> None:
    state = started(3)
    control(state, 0, "beeper")
    give_rep(state, 0, state.s.threshold - state.s.rep_spaces[0])
    _objective_turn(state, "r3c1")  # the threshold, 23
    set_cubes(state, 1, y=2, c1=1, c3=1)  # two neutral crew and seat 2's, plus seat 0's colour
    play(state, "take c2", "to r0c0", "to r0c1", "to r0c2")  # seat 1 takes beeper: seat 0 loses 2
    finish_turn(state)
    assert state.rep[0] == state.s.threshold - 1
    _gain_turn(state, "r1c3")
    assert state.is_chance_node() and state.ranking[0] == 0


def test_if_the_upper_panel_empties_first_the_administration_is_completed() -> None:
    state = started(2)
    give_rep(state, 0, 24)
    leave_last_crew(state)
    state.fp_holder = 1
    state.refresh()
    play(state, "crew c2 y", "to r0c2", "gain")
    state.research[0] = 2
    state.refresh()
    play(state, "obj 1")
    assert state.rotation == 1 and state.order == [1, 0]  # the administration ran in full
    assert state.is_chance_node() and state.ranking == [0, 1]


def test_after_four_rounds_the_game_ends_by_the_round_limit() -> None:
    state = started(2)
    state.round = 4
    leave_last_crew(state)
    play(state, "crew c2 y", "to r0c2", "gain")
    finish_turn(state)
    _draw_artifacts(state)
    result = state.result()
    assert result is not None and result.reason == "round limit"


def test_ties_in_reputation_are_broken_by_turn_order() -> None:
    state = started(3, first=1)
    for seat in range(3):
        give_rep(state, seat, 5)
    state.round = 4
    leave_last_crew(state)
    play(state, "crew c2 y", "to r0c2", "gain")
    finish_turn(state)
    assert state.ranking == [1, 2, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_artifacts_gold_to_the_winner_bronze_to_the_last_silver_to_the_others(players: int) -> None:
    state = started(players)
    state.round = 4
    give_rep(state, state.order[-1], 9)
    leave_last_crew(state)
    play(state, "crew c2 y", "to r0c2")
    if top(state) == "option":
        play(state, "gain")
    finish_turn(state)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 30 and all(p == pytest.approx(1 / 30) for _, p in outcomes)
    _draw_artifacts(state)
    tiers = [state.s.content.artifacts[state.artifacts_won[seat]].tier for seat in state.ranking]
    assert tiers == ["gold", *["silver"] * (players - 2), "bronze"]


def test_cards_in_a_collection_are_not_drawn_again() -> None:
    state = new_game({"players": 2, "artifacts": [[1], [2, 3]]})
    assert not state.s.advanced  # seat 0 has fewer than two cards: the normal start
    state.tasks = [("artifact", -1, 0, 0, 0)]
    state.ranking = [1, 0]
    state.refresh()
    assert sorted(int(str(a).split()[2]) for a in legal(state)) == list(range(4, 31))


def test_the_advanced_start_orders_players_by_two_random_artifacts() -> None:
    state = dealt(3, first=None, artifacts=[[1, 61], [91, 92], [31, 100]])
    assert state.s.advanced and legal(state) == ["draw 0 1", "draw 0 61"]
    play(state, "draw 0 1")
    assert state.drawn[:4] == [0, 1, 0, 61]  # the second card is forced
    play(state, "draw 1 92")
    play(state, "draw 2 100")
    levels = {c.id: c.level for c in state.s.content.artifacts.values()}
    sums = {0: levels[1] + levels[61], 1: levels[91] + levels[92], 2: levels[31] + levels[100]}
    assert state.order == sorted(range(3), key=lambda s: (-sums[s], -max(
        levels[c] for c in state._drawn_cards(s))))


def test_an_advanced_start_tie_on_sum_and_highest_card_is_drawn_from_the_seed() -> None:
    state = dealt(2, first=None, artifacts=[[1, 2], [3, 4]])  # four bronze level-1 cards
    play(state, "draw 0 1", "draw 1 3")
    assert state.is_chance_node() and legal(state) == ["tie 0", "tie 1"]
    play(state, "tie 1")
    assert state.order == [1, 0]


def test_the_advanced_start_gives_the_artifact_bonuses_instead_of_the_extra_cube() -> None:
    cards = new_game({"players": 2}).s.content.artifacts
    rep_card = next(c.id for c in cards.values() if c.bonus == "reputation")
    cube_card = next(c.id for c in cards.values() if c.bonus == "own_cube" and c.id != rep_card)
    state = dealt(3, first=None, artifacts=[[rep_card, cube_card], [rep_card + 1, cube_card + 1],
                                            [rep_card + 2, cube_card + 2]])
    events = []
    while state.phase == "setup":
        events += play(state, legal(state)[0])
    assert state.rep[0] == 1 and state.ledger[9] == 1  # the artifact source
    from_bag = sum(e["seat"] == 0 and e["colour"] in "k1" for e in find(events, "bag_drawn"))
    assert state.cubes[1] == 2 + 1 + from_bag  # 2 + the own-cube card (+ own cubes of a level-1 bag bonus)
