"""The go: six squares, three activations, routed movement."""

from __future__ import annotations

from game.rules.magestone import MageStoneState, Move, new_game

from .helpers import find, is_legal, legal, play, position, seat, sq


def _open() -> MageStoneState:
    return position({"S": seat("i1", "h1", ("e5", "f5", "g5", "j5")), "N": seat("h16", "i16", ("e6",))},
                    stones={"g7": [4, 0], "j7": [4, 0]})


def test_a_unit_may_march_all_six_squares_but_no_more() -> None:
    state = _open()
    assert is_legal(state, "j5-j6-j7-j8-j9-j10-j11")
    assert not is_legal(state, "j5-j6-j7-j8-j9-j10-j11-j12")


def test_squares_are_shared_between_units_and_never_carry_over() -> None:
    state = _open()
    play(state, "j5-j6-j7-j8")
    assert state.go_info()["squares"] == 3
    assert not is_legal(state, "g5-g6-g7-g8-g9")
    assert is_legal(state, "g5-g6-g7-g8")
    play(state, "end", "end")
    assert state.go_info() == {"squares": 6, "activations": 0, "go": 3}


def test_at_most_three_units_per_go() -> None:
    state = _open()
    play(state, "e5-e4", "f5-f4", "g5-g4")
    assert state.go_info()["activations"] == 3
    assert not is_legal(state, "j5-j4")
    assert all(not isinstance(a, Move) for a in state.legal_actions())


def test_a_unit_moves_once_and_is_done_when_another_unit_goes() -> None:
    state = _open()
    play(state, "j5-j6")
    assert not is_legal(state, "j6-j7")
    play(state, "g5-g4")
    assert not is_legal(state, "j6-j7")
    assert "j6xj7" not in legal(state)


def test_units_block_but_stones_and_gravestones_do_not() -> None:
    state = position({"S": seat("i1", "h1", ("e5", "f5")), "N": seat("h16", "i16", ("e7",))},
                     gravestones=["e6"], stones={"g7": [8, 0]})
    assert is_legal(state, "f5-f6-f7-f8")            # over nothing
    assert is_legal(state, "e5-e6-d6")              # across a gravestone
    assert not is_legal(state, "e5-f5-f6")           # through a friendly unit
    assert not is_legal(state, "e5-e6-e7-e8")        # through an enemy unit
    assert is_legal(state, "f5-g5-g6-g7-g8")         # across stones


def test_routes_never_return_to_the_units_own_square_or_repeat() -> None:
    state = _open()
    assert not is_legal(state, "j5-j6-j5")
    assert not is_legal(state, "j5-j6-k6-k5-j5-j4")
    assert not is_legal(state, "j5-j6-k6-j6")
    assert not is_legal(state, "j5-k6")              # not orthogonally adjacent


def test_one_representative_route_per_destination_and_any_route_accepted() -> None:
    state = _open()
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.start == sq("j5")]
    dests = [m.dest for m in moves]
    assert len(dests) == len(set(dests))
    assert all(m.cost == len(m.route) - 1 for m in moves)
    shortest = next(m for m in moves if m.dest == sq("k6"))
    assert shortest.cost == 2
    assert is_legal(state, "j5-j4-k4-k5-k6")           # a longer route is also legal
    events = play(state, "j5-j4-k4-k5-k6")
    assert find(events, "moved")[0]["route"] == ["j5", "j4", "k4", "k5", "k6"]
    assert state.go_info()["squares"] == 2


def test_ui_helpers_give_costs_and_routes() -> None:
    state = new_game({})
    reach = state.reachable(sq("e1"))
    assert reach[sq("e2")] == 1 and reach[sq("e7")] == 6
    assert sq("e8") not in reach and sq("f1") not in reach
    routes = state.routes_to(sq("e1"), sq("d5"))
    assert [str(r) for r in routes] == ["e1-e2-e3-e4-e5-d5"]
    assert state.reachable(sq("h16")) == {}                # not the player's unit


def test_can_move_names_the_units_that_may_still_move_this_go() -> None:
    """A unit that has moved may not move again this go, its owner's other units may, a rival's may not;
    once the go's squares are spent none may."""
    state = _open()
    assert state.can_move(sq("j5")) and not state.can_move(sq("e6"))
    play(state, "j5-j6")
    assert not state.can_move(sq("j6")) and state.can_move(sq("g5"))
    play(state, "g5-g4-g3-g2-g1-f1")
    assert not state.can_move(sq("e5"))


def test_a_unit_may_act_without_moving() -> None:
    state = position({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6",))})
    assert "e5xe6" in legal(state)


def test_end_go_is_always_available_and_hands_over_play() -> None:
    state = _open()
    assert "end" in legal(state)
    play(state, "end")
    assert state.current_player() == 1
