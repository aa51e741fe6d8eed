"""Attack patterns, target order, the potential exchange and steals (rulings: Attacks)."""

from __future__ import annotations

from game.rules.protocol import Event
from tests.rules.magistrat.helpers import at, empty, kinds, legal, moves_from, of_kind, play, state


def exchanges(events: list[Event]) -> list[tuple[str, int, int, int]]:
    """(target, amount, target remaining, attacker remaining) of each exchange."""
    return [(e["target"], e["amount"], e["remaining"], e["attacker_remaining"])
            for e in of_kind(events, "attacked")]


def test_exchange_spends_the_attack_strength_from_both_pieces() -> None:
    s = state({"ge3": "M", "ge6": "a"})
    events = play(s, "ge3-ge4x")
    assert kinds(events)[:2] == ["moved", "attacked"]
    assert exchanges(events) == [("ge6", 19, 81, 41)]  # Mage: 33 % of 60 = 19
    assert at(s, "ge6").remaining == 81 and at(s, "ge4").remaining == 41


def test_exchange_is_limited_by_the_target_and_destroys_it_at_zero() -> None:
    s = state({"ge3": "M", "ge6": "n(5)"})
    events = play(s, "ge3-ge4x")
    assert exchanges(events) == [("ge6", 5, 0, 55)]
    assert of_kind(events, "destroyed") == [{"cell": "ge6", "piece": "N", "player": 1, "reason": "attack"}]
    assert empty(s, "ge6")


def test_attacker_reaching_zero_is_destroyed_and_stops_attacking() -> None:
    s = state({"gd3": "N(4)", "gd5": "m", "gc5": "m"})
    events = play(s, "gd3-gd4x")
    assert exchanges(events) == [("gd5", 4, 56, 0)]  # forward-left c5 is never attacked
    assert [e["cell"] for e in of_kind(events, "destroyed")] == ["gd4"]


def test_attacking_king_keeps_one_potential_and_then_stops() -> None:
    s = state({"hd3": "K(3)", "hd5": "p", "he5": "p", "hh8": "k", "ga1": "M", "gh8": "m"}, base=False)
    events = play(s, "hd3-hd4x")
    assert exchanges(events) == [("hd5", 2, 118, 1)]
    assert at(s, "hd4").remaining == 1


def test_zero_amount_exchange_is_no_attack() -> None:
    s = state({"hd3": "K(1)", "hd5": "p", "hh8": "k", "ga1": "M", "gh8": "m"}, base=False)
    assert "hd3-hd4x" not in legal(s) and "hd3-hd4" in legal(s)


def test_attack_is_offered_only_when_the_moved_piece_has_a_target() -> None:
    s = state({"ge3": "M", "gf6": "a"})
    assert moves_from(s, "ge3") == {"ge3-ge4", "ge3-ge5", "ge3-ge2", "ge3-ge1"}


def test_king_attacks_its_neighbours_clockwise_from_forward() -> None:
    cells = {"hd3": "K", "hd5": "p", "he4": "p", "he3": "a", "hc3": "p", "hc5": "p",
             "hh8": "k", "ga1": "M", "gh8": "m"}
    s = state(cells, base=False)
    events = play(s, "hd3-hd4x")
    assert [t for t, *_ in exchanges(events)] == ["hd5", "he4", "he3", "hc3", "hc5"]
    assert at(s, "hd4").remaining == 200 - 5 * 20


def test_black_king_order_is_clockwise_from_its_own_forward() -> None:
    cells = {"hd6": "k", "hd4": "P", "hc6": "P", "he5": "A", "ha1": "K", "ga1": "M", "gh8": "m"}
    s = state(cells, side="b", base=False)
    events = play(s, "hd6-hd5x")
    assert [t for t, *_ in exchanges(events)] == ["hd4", "hc6", "he5"]  # F, BR, L seen from Black


def test_king_never_attacks_the_enemy_king_or_friends() -> None:
    s = state({"hd3": "K", "hd5": "k", "he5": "P", "ga1": "M", "gh8": "m"}, base=False)
    assert "hd3-hd4x" not in legal(s)


def test_archmage_attacks_forward_side_with_chain_then_backward_side() -> None:
    s = state({"gc4": "A", "gd5": "n(5)", "gd6": "m(10)", "gd7": "p", "gd8": "m", "gd3": "m"})
    events = play(s, "gc4-gd4x")
    assert exchanges(events) == [("gd5", 5, 0, 95), ("gd6", 10, 0, 85), ("gd7", 20, 100, 65),
                                 ("gd3", 20, 40, 45)]
    assert [e["cell"] for e in of_kind(events, "destroyed")] == ["gd5", "gd6"]
    assert at(s, "gd7").owner == 1  # an Archmage does not steal
    assert at(s, "gd8").remaining == 60  # the chain stopped at the survivor


def test_archmage_chain_stops_at_a_friendly_piece() -> None:
    s = state({"gc4": "A", "gd5": "n(5)", "gd6": "M", "gd7": "m"})
    events = play(s, "gc4-gd4x")
    assert exchanges(events) == [("gd5", 5, 0, 95)]
    assert at(s, "gd7").remaining == 60


def test_archmage_attacks_only_along_its_column() -> None:
    s = state({"gc4": "A", "ge4": "m"})
    assert not any(m.endswith("x") for m in moves_from(s, "gc4"))


def test_archmage_and_mage_may_attack_the_king() -> None:
    s = state({"gc4": "A", "gd6": "k", "ha1": "K", "ga1": "M", "gh8": "m"}, base=False)
    assert exchanges(play(s, "gc4-gd4x")) == [("gd6", 20, 180, 80)]
    s = state({"gd3": "M", "gd6": "k", "ha1": "K", "ga1": "M", "gh8": "m"}, base=False)
    assert exchanges(play(s, "gd3-gd4x")) == [("gd6", 19, 181, 41)]


def test_immune_king_blocks_archmage_and_mage() -> None:
    cells = {"gc4": "A", "gd6": "k*", "dd6": "g", "gd7": "p", "gd3": "n", "ha1": "K", "ga1": "M", "gh8": "m"}
    s = state(cells, base=False)
    assert exchanges(play(s, "gc4-gd4x")) == [("gd3", 20, 10, 80)]
    s = state({"gd3": "M", "gd6": "k*", "dd6": "g", "ha1": "K", "ga1": "M", "gh8": "m"}, base=False)
    assert "gd3-gd4x" not in legal(s)


def test_mage_attacks_the_first_piece_forward_and_a_friend_blocks_it() -> None:
    s = state({"gd3": "M", "gd6": "m"})
    assert exchanges(play(s, "gd3-gd4x")) == [("gd6", 19, 41, 41)]
    s = state({"gd3": "M", "gd5": "N", "gd6": "m"})
    assert "gd3-gd4x" not in legal(s)


def test_priest_attacks_behind_then_below_and_steals_survivors() -> None:
    s = state({"hc5": "P", "hd3": "a", "gd4": "m"})
    events = play(s, "hc5-hd4x")
    assert exchanges(events) == [("hd3", 12, 88, 108), ("gd4", 12, 48, 96)]
    assert [(e["cell"], e["player"]) for e in of_kind(events, "stolen")] == [("hd3", 0), ("gd4", 0)]
    assert at(s, "hd3").owner == 0 and at(s, "gd4").owner == 0


def test_priest_steals_even_when_it_reaches_zero() -> None:
    s = state({"hc5": "P(5)", "hd3": "a", "gd4": "m"})
    events = play(s, "hc5-hd4x")
    assert exchanges(events) == [("hd3", 5, 95, 0)]
    assert kinds(events)[2:4] == ["stolen", "destroyed"]
    assert at(s, "hd3").owner == 0 and empty(s, "hd4") and at(s, "gd4").owner == 1


def test_priest_does_not_steal_a_destroyed_target() -> None:
    s = state({"gc5": "P", "gd3": "n(10)"})
    events = play(s, "gc5-gd4x")
    assert of_kind(events, "stolen") == [] and empty(s, "gd3")


def test_priest_passes_over_a_king_and_has_no_below_target_on_ground() -> None:
    s = state({"hc5": "P", "hd3": "k", "gd4": "m", "ha1": "K", "ga1": "M", "gh8": "m"}, base=False)
    assert [t for t, *_ in exchanges(play(s, "hc5-hd4x"))] == ["gd4"]
    s = state({"gc5": "P", "gd3": "k", "ha1": "K", "ga1": "M", "gh8": "m"}, base=False)
    assert "gc5-gd4x" not in legal(s)


def test_apprentice_attacks_forward_then_forward_left_then_forward_right() -> None:
    s = state({"gd3": "N", "gd5": "m", "gc5": "m", "ge5": "m"})
    events = play(s, "gd3-gd4x")
    assert exchanges(events) == [("gd5", 9, 51, 21), ("gc5", 9, 51, 12), ("ge5", 9, 51, 3)]


def test_apprentice_that_survives_steals_its_attacker() -> None:
    s = state({"ge7": "m", "ge5": "N"}, side="b")
    events = play(s, "ge7-ge6x")
    assert exchanges(events) == [("ge5", 19, 11, 41)]
    assert of_kind(events, "stolen") == [{"cell": "ge6", "piece": "M", "player": 0, "by": "attack"}]
    assert at(s, "ge6").owner == 0


def test_priest_and_apprentice_double_swap() -> None:
    s = state({"gc5": "P", "gd3": "n"})
    events = play(s, "gc5-gd4x")
    assert [(e["cell"], e["player"]) for e in of_kind(events, "stolen")] == [("gd3", 0), ("gd4", 1)]
    assert at(s, "gd3").owner == 0 and at(s, "gd4").owner == 1


def test_enhanced_priest_is_not_swapped_only_the_apprentice_changes_side() -> None:
    s = state({"hd4": "P*", "dd4": "G", "gd3": "n"})
    events = play(s, "hd4-gd4x")  # still enhanced during its own turn
    assert [(e["cell"], e["player"]) for e in of_kind(events, "stolen")] == [("gd3", 0)]
    assert at(s, "gd4").owner == 0 and at(s, "gd4").enhanced


def test_king_is_never_stolen_by_a_surviving_apprentice() -> None:
    s = state({"gd3": "K", "gd5": "n", "hh8": "k", "ga1": "M", "gh8": "m"}, base=False)
    events = play(s, "gd3-gd4x")
    assert exchanges(events) == [("gd5", 20, 10, 180)]
    assert of_kind(events, "stolen") == [] and at(s, "gd4").owner == 0


def test_king_surrounded_by_apprentices_takes_no_damage() -> None:
    ring = {c: "n" for c in ("gc5", "ge5", "gc4", "ge4", "gc3", "gd3", "ge3")}
    s = state({**ring, "gd4": "K", "gd6": "n", "hh8": "k", "ga1": "M", "gh8": "m"}, side="b", base=False)
    assert "gd6-gd5" in legal(s) and "gd6-gd5x" not in legal(s)
    play(s, "gd6-gd5")
    assert at(s, "gd4").remaining == 200


def test_marked_attacker_keeps_attacking_for_its_owner_and_changes_side_once() -> None:
    s = state({"gc4": "A", "gd5": "n", "gd3": "n"})
    events = play(s, "gc4-gd4x")
    assert exchanges(events) == [("gd5", 20, 10, 80), ("gd3", 20, 10, 60)]
    assert [(e["cell"], e["player"]) for e in of_kind(events, "stolen")] == [("gd4", 1)]
    assert at(s, "gd4").owner == 1


def test_only_enemy_pieces_are_attacked() -> None:
    s = state({"gd3": "N", "gd5": "M", "gc5": "n"})
    assert exchanges(play(s, "gd3-gd4x")) == [("gc5", 9, 21, 21)]
