"""The Rite of the Nexus: declaring, laps, breaking."""

from __future__ import annotations

from typing import Any

from game.rules.magestone import MageStoneState, Move
from game.rules.protocol import GameResult

from .helpers import find, is_legal, kinds, legal, play, position, seat, sq


def _rite_2p(**fields: Any) -> MageStoneState:
    return position({"S": seat("i1", "h8", ("i8",)), "N": seat("h16", "i16", ("g10", "e12"))}, **fields)


def test_declaring_needs_the_priest_on_a_nexus_free_of_enemies() -> None:
    state = _rite_2p()
    assert "rite h8" in legal(state)                      # a friendly unit on i8 is fine
    state = position({"S": seat("i1", "h8", ()), "N": seat("h16", "i16", ("i9",))})
    assert not is_legal(state, "rite h8")
    state = position({"S": seat("i1", "h7", ()), "N": seat("h16", "i16", ())})
    assert not is_legal(state, "rite h7")


def test_two_player_rite_is_won_after_two_laps() -> None:
    state = _rite_2p()
    events = play(state, "rite h8")
    assert find(events, "rite_declared") == [{"seat": 0, "square": "h8", "laps": 2}]
    assert not is_legal(state, "rite h8")
    events = play(state, "end", "end")
    assert find(events, "rite_lap") == [{"seat": 0, "lap": 1, "needed": 2}]
    assert state.result() is None
    events = play(state, "end", "end")
    assert kinds(events)[-3:] == ["rite_lap", "rite_won", "game_over"]
    assert state.result() == GameResult((0,), "ritual")


def test_four_player_rite_is_won_after_one_lap() -> None:
    state = position({"S": seat("i1", "h8", ()), "W": seat("a8", "a9", ()), "N": seat("h16", "i16", ()),
                      "E": seat("p9", "p8", ())})
    assert find(play(state, "rite h8"), "rite_declared")[0]["laps"] == 1
    events = play(state, "end", "end", "end")
    assert state.result() is None
    events = play(state, "end")
    assert find(events, "game_over") == [{"winners": [0], "reason": "ritual"}]


def test_four_player_rite_with_one_rival_left_needs_two_laps() -> None:
    state = position({"S": seat("i1", "h8", ()), "W": {"mage": None, "priest": None, "eliminated": True},
                      "N": seat("h16", "i16", ()), "E": {"mage": None, "priest": None, "eliminated": True}},
                     stones={"g7": [16, 0]})
    assert find(play(state, "rite h8"), "rite_declared")[0]["laps"] == 2
    play(state, "end", "end")
    assert state.result() is None
    play(state, "end", "end")
    assert state.result() == GameResult((0,), "ritual")


def test_laps_are_fixed_at_declaration_even_if_a_rival_is_later_eliminated() -> None:
    # three players left at declaration: one lap; West is eliminated on its go (no units, base held)
    state = position({"S": seat("i1", "h8", ("a8",)), "W": seat(None, None, ()), "N": seat("h16", "i16", ()),
                      "E": {"mage": None, "priest": None, "eliminated": True}})
    play(state, "rite h8", "end")
    assert state.current_player() == 2
    play(state, "end")
    assert state.result() == GameResult((0,), "ritual")


def test_enemy_route_through_the_nexus_breaks_the_rite() -> None:
    state = _rite_2p(rite={"seat": "S", "laps": 0, "needed": 2}, turn="N")
    routes = sorted(str(m) for m in state.legal_actions() if isinstance(m, Move)
                    and m.start == sq("g10") and m.dest == sq("h10"))
    assert routes == ["g10-g9-h9-h10", "g10-h10"]        # one route per effect: through the Nexus or not
    events = play(state, "g10-g9-h9-h10")
    assert find(events, "rite_broken") == [{"seat": 0, "reason": "enemy_entered", "square": "h9"}]
    assert state.to_scenario()["rite"] is None


def test_enemy_route_around_the_nexus_keeps_the_rite() -> None:
    state = _rite_2p(rite={"seat": "S", "laps": 0, "needed": 2}, turn="N")
    events = play(state, "g10-h10")
    assert "rite_broken" not in kinds(events)
    assert state.to_scenario()["rite"] == {"seat": "S", "laps": 0, "needed": 2}


def test_rite_breaks_when_the_priest_falls() -> None:
    state = position({"S": seat("i1", "h8", ()), "N": seat("h16", "i16", ("g8",))},
                     rite={"seat": "S", "laps": 1, "needed": 2}, turn="N")
    events = play(state, "g8xh8", "dice 6v1")
    assert kinds(events)[2:4] == ["unit_fell", "rite_broken"]
    assert find(events, "rite_broken")[0]["reason"] == "priest_fell"


def test_priest_may_move_within_the_nexus_but_leaving_breaks() -> None:
    state = position({"S": seat("i1", "h8", ()), "N": seat("h16", "i16", ())},
                     rite={"seat": "S", "laps": 0, "needed": 2})
    assert {"h8-i8-i9", "h8-h7-i7-i8-i9"} <= legal(state)
    events = play(state, "h8-i8-i9")
    assert "rite_broken" not in kinds(events)
    state = position({"S": seat("i1", "h8", ()), "N": seat("h16", "i16", ())},
                     rite={"seat": "S", "laps": 0, "needed": 2})
    events = play(state, "h8-h7-i7-i8")
    assert find(events, "rite_broken") == [{"seat": 0, "reason": "priest_left", "square": "h7"}]


def test_a_new_declaration_after_a_break_starts_a_new_count() -> None:
    state = position({"S": seat("i1", "h8", ()), "N": seat("h16", "i16", ())},
                     rite={"seat": "S", "laps": 1, "needed": 2})
    play(state, "h8-h7")
    assert state.to_scenario()["rite"] is None
    play(state, "end", "end", "h7-h8", "rite h8")
    assert state.to_scenario()["rite"] == {"seat": "S", "laps": 0, "needed": 2}


def test_routes_to_gives_the_shortest_route_then_the_distinct_effect() -> None:
    state = _rite_2p(rite={"seat": "S", "laps": 0, "needed": 2}, turn="N")
    assert [str(m) for m in state.routes_to(sq("g10"), sq("h10"))] == ["g10-h10", "g10-g9-h9-h10"]
    assert state.reachable(sq("g10"))[sq("h10")] == 1
