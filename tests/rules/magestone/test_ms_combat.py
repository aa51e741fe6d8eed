"""Attacks, coordinated attacks, dice contests and who falls."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from game.rules.magestone import Attack, MageStoneState
from game.rules.magestone.dice import attacker_win_probability
from game.rules.protocol import CHANCE

from .helpers import find, is_legal, kinds, legal, play, position, seat, sq


def _skirmish(**fields: Any) -> MageStoneState:
    """South Warriors around a North Warrior on e6 (d6, f6, e5 adjacent; e7 a North Priest)."""
    return position({"S": seat("i1", "h1", ("e5", "d6", "f6", "g9")),
                     "N": seat("h16", "e7", ("e6", "l12"))}, **fields)


def test_single_warrior_attack_wins_and_target_falls() -> None:
    state = _skirmish()
    events = play(state, "e5xe6")
    assert state.current_player() == CHANCE
    assert find(events, "attack_declared")[0]["attacker_dice"] == "d6"
    events = play(state, "dice 5v3")
    assert kinds(events)[:3] == ["dice_rolled", "unit_fell", "gravestone_placed"]
    assert state.unit_at(sq("e6")) is None
    assert state.unit_at(sq("e5")) == (0, "warrior")       # the attacker never moves in


def test_defender_win_kills_the_lone_attacker_and_never_moves() -> None:
    state = _skirmish()
    events = play(state, "e5xe6", "dice 2v6")
    assert find(events, "unit_fell") == [{"seat": 0, "unit": "warrior", "square": "e5"}]
    assert state.unit_at(sq("e6")) == (1, "warrior")


def test_ties_are_rerolled_and_every_roll_is_reported() -> None:
    state = _skirmish()
    play(state, "e5xe6")
    assert not is_legal(state, "dice 3v3")               # a tie cannot end the contest
    assert not is_legal(state, "dice 4v3,5v1")           # only ties come before the last roll
    assert not is_legal(state, "dice 7v1")               # no such face
    assert not is_legal(state, "dice 3+3v1")             # one Warrior rolls one die
    events = play(state, "dice 3v3,6v6,1v2")
    rolled = find(events, "dice_rolled")[0]
    assert rolled["rolls"] == [{"attacker": [3], "defender": 3}, {"attacker": [6], "defender": 6},
                               {"attacker": [1], "defender": 2}]
    assert rolled["winner"] == "defender"


def test_priests_never_attack_but_kill_what_attacks_them() -> None:
    state = position({"S": seat("i1", "e5", ("f6",)), "N": seat("h16", "i16", ("e6", "f7"))})
    assert not any(a.startswith("e5x") for a in legal(state))
    play(state, "end")
    events = play(state, "f7xf6", "dice 4v2")                # North attacks the South Warrior
    state2 = position({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "e6", ())})
    events = play(state2, "e5xe6")
    assert find(events, "attack_declared")[0]["defender_dice"] == "d6"
    events = play(state2, "dice 1v6")
    assert find(events, "unit_fell")[0]["square"] == "e5"
    assert state2.unit_at(sq("e6")) == (1, "priest")


def test_coordinated_attack_sums_dice_and_activates_every_attacker() -> None:
    state = _skirmish()
    # listed once per set of attackers (lowest square leads when all are fresh); any leader is legal
    assert {"e5+d6xe6", "e5+d6+f6xe6", "d6+f6xe6", "e5+f6xe6"} <= legal(state)
    assert "d6+e5xe6" not in legal(state) and is_legal(state, "d6+e5xe6")
    events = play(state, "d6+e5+f6xe6")
    assert find(events, "attack_declared")[0]["attacker_dice"] == "3d6"
    play(state, "dice 1+1+1v2")
    assert state.go_info()["activations"] == 3
    assert not is_legal(state, "g9-g10")


def test_leader_that_moved_may_lead_two_fresh_joiners() -> None:
    state = position({"S": seat("i1", "h1", ("e4", "d6", "f6")), "N": seat("h16", "i16", ("e6",))})
    play(state, "e4-e5")
    assert "e5+d6+f6xe6" in legal(state)
    play(state, "e5+d6+f6xe6", "dice 6+1+1v2")
    assert state.go_info()["activations"] == 3


def test_a_warrior_that_moved_and_was_left_cannot_join() -> None:
    state = position({"S": seat("i1", "h1", ("e4", "d6", "f6")), "N": seat("h16", "i16", ("e6",))})
    play(state, "e4-e5", "f6-f7")
    assert not is_legal(state, "d6+e5xe6")
    assert not is_legal(state, "e5+d6xe6")


def test_coordinated_attack_never_exceeds_three_activations() -> None:
    state = position({"S": seat("i1", "h1", ("e5", "d6", "f6", "l5", "k5")),
                      "N": seat("h16", "i16", ("e6",))})
    play(state, "l5-l4")
    assert is_legal(state, "d6+e5xe6")
    assert not is_legal(state, "d6+e5+f6xe6")
    play(state, "k5-k4")
    assert not is_legal(state, "d6+e5xe6")
    assert is_legal(state, "e5xe6")


def test_a_mage_never_joins_a_coordinated_attack() -> None:
    state = position({"S": seat("d6", "h1", ("e5",)), "N": seat("h16", "i16", ("e6",))})
    assert not is_legal(state, "e5+d6xe6")
    assert not is_legal(state, "d6+e5xe6")
    assert "d6xe6" in legal(state)


def test_lost_coordinated_attack_lets_the_attacker_choose_who_falls() -> None:
    state = _skirmish()
    play(state, "d6+e5xe6", "dice 1+1v5")
    assert state.current_player() == 0
    assert legal(state) == {"fall d6", "fall e5"}
    events = play(state, "fall d6")
    assert find(events, "unit_fell")[0]["square"] == "d6"
    assert state.unit_at(sq("e5")) == (0, "warrior")
    assert state.unit_at(sq("e6")) == (1, "warrior")


def test_abstract_outcome_has_the_same_effect_as_concrete_dice() -> None:
    concrete = _skirmish()
    play(concrete, "e5xe6", "dice 6v1")
    abstract = _skirmish()
    play(abstract, "e5xe6", "dice attacker")
    assert concrete.position() == abstract.position()


def test_chance_outcomes_are_exact() -> None:
    state = _skirmish()
    play(state, "d6+e5xe6")
    (win, p_win), (lose, p_lose) = state.chance_outcomes()
    assert (str(win), str(lose)) == ("dice attacker", "dice defender")
    assert state.win_probability() == attacker_win_probability(6, 2, 6)
    assert p_win + p_lose == pytest.approx(1.0)


def test_even_fight_is_exactly_fifty_fifty_and_known_odds_hold() -> None:
    assert attacker_win_probability(6, 1, 6) == Fraction(1, 2)
    # 2d6 vs d6, by hand over 216 outcomes: wins 36+35+33+30+26+21 = 181, ties 1+2+3+4+5 = 15
    assert attacker_win_probability(6, 2, 6) == Fraction(181, 216 - 15)
    # d20 vs d6 over 120 outcomes: wins 19+18+17+16+15+14 = 99, ties 6
    assert attacker_win_probability(20, 1, 6) == Fraction(99, 114)


@pytest.mark.parametrize(("activated", "die"), [(0, "d6"), (1, "d6"), (2, "d12"), (3, "d12"),
                                                 (4, "d20"), (7, "d20")])
def test_mage_power_die_follows_activated_stones(activated: int, die: str) -> None:
    state = position({"S": seat("e5", "h1", (), carried=(0, activated)), "N": seat("e6", "i16", ()),})
    events = play(state, "e5xe6")
    declared = find(events, "attack_declared")[0]
    assert declared["attacker_dice"] == die
    assert declared["defender_dice"] == "d6"          # a Mage defends with its own power die


def test_unactivated_stones_do_not_power_the_die() -> None:
    state = position({"S": seat("e5", "h1", (), carried=(5, 1)), "N": seat("e6", "i16", ())})
    assert find(play(state, "e5xe6"), "attack_declared")[0]["attacker_dice"] == "d6"


def test_malformed_attack_values_are_illegal() -> None:
    state = _skirmish()
    assert not state.is_legal(Attack((sq("e5"), sq("e5")), sq("e6")))
    assert not state.is_legal(Attack((sq("e5"), sq("d6"), sq("f6"), sq("e7")), sq("e6")))
    assert not state.is_legal(Attack((sq("e5"), sq("f6"), sq("d6")), sq("e6")))    # joiners out of order
    assert state.is_legal(Attack((sq("e5"), sq("d6"), sq("f6")), sq("e6")))


def test_regression_joiners_north_and_east_of_the_target_are_listed_in_square_order() -> None:
    # found by the soak run: joiners came out in neighbour order (north before east), not ascending
    state = position({"S": seat("i1", "h1", ("n5", "o6", "p5")), "N": seat("h16", "i16", ("o5",))})
    attacks = sorted(a for a in legal(state) if a.endswith("xo5"))
    assert attacks == ["n5+o6xo5", "n5+p5+o6xo5", "n5+p5xo5", "n5xo5", "o6xo5", "p5+o6xo5", "p5xo5"]
    for text in attacks:
        assert str(state.parse_action(text)) == text
