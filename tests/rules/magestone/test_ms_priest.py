"""The Priest: resurrection with the step back, the 6-Warrior cap, raised Warriors."""

from __future__ import annotations

from typing import Any

from game.rules.magestone import MageStoneState, Move

from .helpers import find, is_legal, legal, play, position, seat, sq


def _graveyard(**fields: Any) -> MageStoneState:
    return position({"S": seat("i1", "e3", ("k5",)), "N": seat("h16", "i16", ("e6", "f7"))},
                    gravestones=["e5"], **fields)


def test_priest_landing_on_a_gravestone_raises_a_warrior_and_steps_back() -> None:
    state = _graveyard()
    events = play(state, "e3-e4-e5")
    assert find(events, "warrior_raised") == [{"seat": 0, "square": "e5", "priest_to": "e4"}]
    scenario = state.to_scenario()
    assert scenario["seats"]["S"]["priest"] == "e4"
    assert scenario["seats"]["S"]["warriors"] == ["e5", "k5"]
    assert scenario["gravestones"] == [] and scenario["bank"] == 7    # the gravestone leaves the game
    assert state.go_info()["squares"] == 4


def test_the_step_back_follows_the_route_taken() -> None:
    state = _graveyard()
    play(state, "e3-f3-f4-f5-e5")
    assert state.to_scenario()["seats"]["S"]["priest"] == "f5"


def test_one_square_move_steps_back_to_the_start() -> None:
    state = position({"S": seat("i1", "e4", ()), "N": seat("h16", "i16", ())}, gravestones=["e5"])
    play(state, "e4-e5")
    assert state.to_scenario()["seats"]["S"]["priest"] == "e4"


def test_legal_actions_offer_each_step_back_square() -> None:
    state = _graveyard()
    onto = sorted(str(a) for a in state.legal_actions()
                  if isinstance(a, Move) and a.dest == sq("e5") and a.start == sq("e3"))
    # e6 is occupied and d5 is out of reach (d4 is a cut corner, e6 and f7 block the way round)
    assert [r.split("-")[-2] for r in onto] == ["e4", "f5"]
    assert "e3-e4-e5" in onto


def test_raised_warrior_cannot_be_activated_this_go() -> None:
    state = _graveyard()
    play(state, "e3-e4-e5")
    assert not any(a.startswith("e5") for a in legal(state))
    assert not is_legal(state, "e5xe6")
    assert not is_legal(state, "k5+e5xe6") and state.go_info()["activations"] == 1
    play(state, "end", "end")
    assert "e5xe6" in legal(state)


def test_raised_warrior_cannot_join_an_attack() -> None:
    state = position({"S": seat("i1", "e3", ("d6",)), "N": seat("h16", "i16", ("e6",))}, gravestones=["e5"])
    play(state, "e3-e4-e5")
    assert not is_legal(state, "d6+e5xe6")
    assert is_legal(state, "d6xe6")


def test_no_resurrection_with_six_warriors_alive() -> None:
    warriors = ("k5", "k6", "k7", "l5", "l6", "l7")
    state = position({"S": seat("i1", "e3", warriors), "N": seat("h16", "i16", ())}, gravestones=["e5"])
    events = play(state, "e3-e4-e5")
    assert find(events, "warrior_not_raised") == [{"seat": 0, "square": "e5", "reason": "six_warriors"}]
    assert state.to_scenario()["seats"]["S"]["priest"] == "e5"
    assert state.to_scenario()["gravestones"] == ["e5"]
    assert not any(a.startswith("e5") for a in legal(state))      # its activation ended


def test_step_back_triggers_nothing() -> None:
    # stepping back onto another gravestone raises nothing more
    state = position({"S": seat("i1", "f4", ()), "N": seat("h16", "i16", ())}, gravestones=["f5", "e5"])
    events = play(state, "f4-f5-e5")
    assert find(events, "warrior_raised") == [{"seat": 0, "square": "e5", "priest_to": "f5"}]
    assert state.to_scenario()["gravestones"] == ["f5"]
    assert state.to_scenario()["seats"]["S"]["warriors"] == ["e5"]


def test_only_one_gravestone_raised_per_turn_and_none_without_moving() -> None:
    # a respawned Priest on a gravestone raises nothing
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", None, ())}, gravestones=["i16"])
    play(state, "end")
    assert state.unit_at(sq("i16")) == (1, "priest")
    assert state.to_scenario()["gravestones"] == ["i16"]
    assert state.to_scenario()["seats"]["N"]["warriors"] == []
