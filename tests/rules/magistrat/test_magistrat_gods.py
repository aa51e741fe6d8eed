"""Gods, enhancement and the Outcome order (rulings: A turn, Gods and enhancement)."""

from __future__ import annotations

from game.rules.magistrat.board import ARCHMAGE, PRIEST
from tests.rules.magistrat.helpers import as_move, at, empty, kinds, legal, of_kind, play, state


def test_piece_moved_under_a_god_attacks_unenhanced_then_is_enhanced_and_rises() -> None:
    s = state({"ge3": "M", "de4": "G", "ge6": "a"})
    events = play(s, "ge3-ge4x")
    assert of_kind(events, "attacked")[0]["amount"] == 19  # Mage strength, not Archmage
    assert kinds(events)[2:] == ["enhanced", "rose"]
    assert of_kind(events, "rose") == [{"frm": "ge4", "to": "he4", "piece": "M", "player": 0}]
    mage = at(s, "he4")
    assert mage.enhanced and mage.acting_kind == ARCHMAGE


def test_enhanced_mage_attacks_as_archmage_keeps_it_while_moving_away_then_drops() -> None:
    s = state({"he4": "M*", "de4": "G", "hd6": "p"})
    events = play(s, "he4-hd4x")
    assert of_kind(events, "attacked")[0]["amount"] == 12  # 20 % of the Mage's own 60
    assert kinds(events)[2:] == ["lost_enhancement", "dropped"]
    assert at(s, "gd4").kind == 4 and not at(s, "gd4").enhanced and empty(s, "hd4")


def test_drop_out_destroys_a_transformed_piece_whose_ground_cell_is_occupied() -> None:
    s = state({"he4": "M*", "de4": "G", "gd4": "n"}, no_progress=5)
    events = play(s, "he4-hd4")
    assert kinds(events) == ["moved", "lost_enhancement", "dropped_out"]
    assert of_kind(events, "dropped_out")[0]["cell"] == "hd4"
    assert empty(s, "hd4") and at(s, "gd4").owner == 1
    assert s.no_progress == 0  # a drop-out is progress


def test_preview_warns_before_a_drop_out() -> None:
    s = state({"he4": "M*", "de4": "G", "gd4": "n"})
    preview = s.preview(s.parse_action("he4-hd4"))
    assert preview.drop_outs == ["hd4"]
    assert not empty(s, "he4")  # nothing applied


def test_preview_attack_lists_targets_steals_and_enhancement_without_applying() -> None:
    s = state({"hc5": "P", "hd3": "a", "gd4": "m", "dd4": "G"})
    before = s.position()
    preview = s.preview_attack(as_move("hc5-hd4"))
    assert preview is not None
    assert [(e.data["target"], e.data["amount"]) for e in preview.attacks] == [("hd3", 12), ("gd4", 12)]
    assert [e.kind for e in preview.events][3:] == ["stolen", "stolen", "enhanced", "enhanced"]
    assert s.position() == before
    assert s.preview_attack(as_move("ga1-ga2")) is None


def test_enhanced_king_is_immune_and_must_move() -> None:
    s = state({"gd6": "k*", "dd6": "g", "gd3": "M", "ha1": "K", "ga1": "M", "gh8": "m"}, base=False)
    assert "gd3-gd4x" not in legal(s)
    play(s, "gd3-gd4")
    assert s.king_must_move()
    assert all(a.startswith("gd6-") for a in legal(s))


def test_king_moved_under_its_god_becomes_enhanced_and_next_turn_must_leave() -> None:
    s = state({"hd3": "K", "dd4": "G", "hh8": "k", "ga1": "M", "gh8": "m"}, base=False)
    events = play(s, "hd3-hd4")
    assert of_kind(events, "enhanced") == [{"cell": "hd4", "piece": "K", "player": 0}]
    play(s, "gh8-gh7")
    assert s.king_must_move() and "hd4-gd4" not in legal(s)  # not below its own God either
    events = play(s, "hd4-hd5")
    assert of_kind(events, "lost_enhancement") == [{"cell": "hd5", "piece": "K", "player": 0}]


def test_enhanced_priest_steals_the_enemy_on_the_other_layer_which_is_then_enhanced() -> None:
    s = state({"hc5": "P", "dd4": "G", "gd4": "m"}, no_progress=10)
    events = play(s, "hc5-hd4")
    assert kinds(events) == ["moved", "enhanced", "stolen", "enhanced"]
    assert of_kind(events, "stolen")[0] == {"cell": "gd4", "piece": "M", "player": 0, "by": "god_power"}
    assert at(s, "gd4").owner == 0 and at(s, "gd4").enhanced and at(s, "gd4").acting_kind == ARCHMAGE
    assert s.no_progress == 11  # a steal is not progress


def test_enhanced_archmage_destroys_the_enemy_on_the_other_layer_but_not_a_king() -> None:
    s = state({"hc4": "A", "dd4": "G", "gd4": "m"})
    events = play(s, "hc4-hd4")
    assert of_kind(events, "destroyed") == [{"cell": "gd4", "piece": "M", "player": 1, "reason": "god_power"}]
    s = state({"hc4": "A", "dd4": "G", "gd4": "k", "ha1": "K", "ga1": "M", "gh8": "m"}, base=False)
    play(s, "hc4-hd4")
    assert at(s, "gd4").kind == 0 and at(s, "gd4").remaining == 200


def test_god_power_works_in_the_opponents_outcome_too() -> None:
    s = state({"hd4": "P*", "dd4": "G", "gd5": "n"}, side="b")
    events = play(s, "gd5-gd4")
    assert of_kind(events, "stolen") == [{"cell": "gd4", "piece": "N", "player": 0, "by": "god_power"}]


def test_enhanced_apprentice_acts_as_priest_and_steals_with_priest_strength() -> None:
    s = state({"gd3": "N", "dd4": "G"})
    play(s, "gd3-gd4")
    assert at(s, "hd4").enhanced and at(s, "hd4").acting_kind == PRIEST  # rose to High-born
    s = state({"hd4": "N*", "dd4": "G", "he4": "a"})
    events = play(s, "hd4-he5x")
    assert [(e["target"], e["amount"]) for e in of_kind(events, "attacked")] == [("he4", 3)]  # 10 % of 30
    assert kinds(events)[2:] == ["stolen", "lost_enhancement", "dropped"]
    assert at(s, "he4").owner == 0 and at(s, "ge5").kind == 5


def test_enhanced_apprentice_does_not_counter_steal() -> None:
    s = state({"gd4": "N*", "dd4": "G", "hd4": "P*", "gd7": "m"}, side="b")
    events = play(s, "gd7-gd6x")
    assert of_kind(events, "attacked")[0]["remaining"] == 11
    assert of_kind(events, "stolen") == [] and at(s, "gd6").owner == 1


def test_transformed_pieces_have_no_god_power() -> None:
    s = state({"hd4": "M*", "dd4": "G", "gd4": "n", "dg7": "G"})
    events = play(s, "dg7-dg6")  # a God move runs the full Outcome
    assert of_kind(events, "destroyed") == [] and at(s, "gd4").owner == 1


def test_enemy_god_does_not_enhance() -> None:
    s = state({"hc5": "P", "dd4": "g"})
    events = play(s, "hc5-hd4")
    assert kinds(events) == ["moved"] and not at(s, "hd4").enhanced


def test_moving_next_to_an_enemy_enhanced_archmage_is_fatal_in_the_same_outcome() -> None:
    s = state({"hc5": "P", "dd4": "g", "gd4": "a*"})
    events = play(s, "hc5-hd4")
    assert of_kind(events, "destroyed") == [{"cell": "hd4", "piece": "P", "player": 0, "reason": "god_power"}]


def test_enhanced_piece_is_never_stolen() -> None:
    s = state({"hc5": "P", "hd3": "a*", "dd3": "g"})
    events = play(s, "hc5-hd4x")
    assert of_kind(events, "attacked")[0]["remaining"] == 88
    assert of_kind(events, "stolen") == [] and at(s, "hd3").owner == 1


def test_god_moving_away_removes_enhancement_and_moving_over_grants_it() -> None:
    s = state({"hd4": "A*", "dd4": "G", "he4": "A"})
    events = play(s, "dd4-de4")
    assert kinds(events) == ["moved", "lost_enhancement", "enhanced"]
    assert not at(s, "hd4").enhanced and at(s, "he4").enhanced


def test_enhanced_mage_may_attack_the_king_as_an_archmage() -> None:
    s = state({"hd4": "M*", "dd4": "G", "hd7": "k", "ha1": "K", "ga1": "M", "gh8": "m"}, base=False)
    events = play(s, "hd4-hd3x")  # still enhanced this turn; attacks along column d on High-born
    assert [(e["target"], e["amount"]) for e in of_kind(events, "attacked")] == [("hd7", 12)]
    assert at(s, "hd7").remaining == 188
