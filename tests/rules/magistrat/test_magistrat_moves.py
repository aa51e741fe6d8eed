"""Movement patterns (rulings: Moves; Gods and enhancement: enhanced pieces move as their new kind)."""

from __future__ import annotations

from game.rules.magistrat import MagiStratState, parse_action
from game.rules.magistrat.scenarios import load_scenario
from tests.rules.magistrat.helpers import legal, moves_from, play, state


def test_god_slides_on_divine_in_eight_directions_until_blocked() -> None:
    s = state({"dd4": "G", "df6": "g"})
    god_moves = moves_from(s, "dd4")
    assert len(god_moves) == 27 - 3  # the Black God on f6 hides f6, g7, h8
    assert "dd4-de5" in god_moves and "dd4-df6" not in god_moves and "dd4-dg7" not in god_moves
    assert not any(m.endswith("x") for m in god_moves)  # a God never attacks


def test_king_steps_one_cell_on_its_layer_or_straight_up_or_down() -> None:
    s = state({"hd4": "K", "he5": "A", "hh8": "k", "ga1": "M", "gh8": "m"}, base=False)
    assert moves_from(s, "hd4") == {
        "hd4-hc3", "hd4-hd3", "hd4-he3", "hd4-hc4", "hd4-he4", "hd4-hc5", "hd4-hd5", "hd4-gd4",
    }


def test_archmage_slides_along_row_and_column_and_steps_between_layers() -> None:
    s = state({"hd4": "A", "hd6": "P", "hf4": "p"})
    assert moves_from(s, "hd4") == {
        "hd4-hd5", "hd4-hd3", "hd4-hd2", "hd4-hd1", "hd4-he4", "hd4-hc4", "hd4-hb4", "hd4-ha4", "hd4-gd4",
    }


def test_priest_slides_diagonally_and_steps_between_layers() -> None:
    s = state({"hd4": "P"})
    assert moves_from(s, "hd4") == {
        "hd4-hc3", "hd4-hb2", "hd4-he3", "hd4-hf2", "hd4-hg1", "hd4-hc5", "hd4-hb6", "hd4-ha7",
        "hd4-he5", "hd4-hf6", "hd4-hg7", "hd4-gd4",
    }


def test_vertical_step_needs_an_empty_destination() -> None:
    s = state({"hd4": "P", "gd4": "N"})
    assert "hd4-gd4" not in moves_from(s, "hd4")


def test_mage_moves_one_or_two_in_its_column_and_jumps_only_onto_an_empty_cell() -> None:
    s = state({"ge4": "M", "ge5": "n", "ge3": "N", "gd4": "n"})
    assert moves_from(s, "ge4") == {"ge4-ge6", "ge4-ge2"}
    s = state({"ge4": "M", "ge5": "n", "ge6": "n", "ge3": "N", "ge2": "N"})
    assert moves_from(s, "ge4") == set()


def test_apprentice_moves_one_cell_forward_or_diagonally_forward_only() -> None:
    s = state({"gd4": "N", "gc5": "N", "ge6": "n"})
    assert moves_from(s, "gd4") == {"gd4-gd5", "gd4-gd5x", "gd4-ge5", "gd4-ge5x"}
    black = state({"ge6": "n"}, side="b")
    assert moves_from(black, "ge6") == {"ge6-ge5", "ge6-gd5", "ge6-gf5"}


def test_stolen_piece_takes_its_new_owners_forward() -> None:
    s = state({"gc5": "P", "gd3": "n"})
    play(s, "gc5-gd4x")  # double swap: the Black Apprentice on d3 becomes White
    play(s, "gh8-gh7")
    assert moves_from(s, "gd3") == {"gd3-gc4", "gd3-ge4"}  # up the ranks now; d4 holds the Priest


def test_enhanced_mage_moves_as_an_archmage() -> None:
    s = state({"hd4": "M*", "dd4": "G"})
    mage = moves_from(s, "hd4")
    assert {"hd4-hd8", "hd4-hb4", "hd4-hh4"} <= mage
    assert "hd4-he5" not in mage


def test_enhanced_apprentice_moves_as_a_priest() -> None:
    s = state({"hd4": "N*", "dd4": "G"})
    apprentice = moves_from(s, "hd4")
    assert {"hd4-hg7", "hd4-hb2"} <= apprentice
    assert "hd4-hd5" not in apprentice


# Issue 21: a transformed Mage or Apprentice on High-born could step down under its own God and rise
# straight back in the Outcome, a pass in disguise that also fed the no-progress counter.
PASS_IN_DISGUISE = "7m/8/8/8/8/8/8/8|8/8/4k3/8/4M*3/8/8/K7|8/8/8/8/4G3/8/8/8 w play 0 100,100 -"


def test_transformed_mage_may_not_step_down_under_its_god_to_rise_straight_back() -> None:
    s = MagiStratState.from_position(PASS_IN_DISGUISE)
    assert not s.is_legal(parse_action("he4-ge4"))
    assert not s.is_legal(parse_action("he4-ge4x"))
    assert not any(str(m).startswith("he4-g") for m in s.legal_actions())
    assert "he4-he5" in legal(s)                          # it still moves as an Archmage on its layer


def test_transformed_apprentice_may_not_step_down_under_its_god_to_rise_straight_back() -> None:
    s = state({"hd4": "N*", "dd4": "G"})
    assert "hd4-gd4" not in moves_from(s, "hd4") and "hd4-gd4x" not in moves_from(s, "hd4")
    assert "hd4-hc3" in moves_from(s, "hd4")


def test_enhanced_king_must_move_and_may_not_go_under_any_god() -> None:
    s = state({"hd4": "K*", "dd4": "G", "de5": "G", "dc5": "g", "hh8": "k", "ga1": "M", "gh8": "m"},
              base=False)
    assert s.king_must_move()
    assert legal(s) == {"hd4-hc3", "hd4-hd3", "hd4-he3", "hd4-hc4", "hd4-he4", "hd4-hd5"}


def test_enhanced_king_may_not_move_under_an_enemy_god() -> None:
    # Issue 21: only its owner's Gods stopped it; the text says "can't be moved under another God piece".
    s = load_scenario("enhanced_king")
    assert not s.is_legal(parse_action("hd4-hc5"))            # Black's God stands on dc5
    assert "hd4-hc4" in legal(s)


def test_enhanced_king_without_a_legal_move_does_not_oblige() -> None:
    s = state({"ha1": "K*", "da1": "G", "ga1": "M*", "ha2": "A", "hb1": "P", "hb2": "P"})
    assert not s.king_must_move()
    assert moves_from(s, "ha1") == set()
    assert "ga1-ga2" in legal(s)
