"""Set-up phase, presets, random placement, options and the piece-quality handicap (rulings: Set-up)."""

from __future__ import annotations

import pytest

from game.rules.magistrat import DataFileError, MagiStratState, new_game
from game.rules.magistrat.board import ARCHMAGE, GOD, KING, PRIEST
from tests.rules.magistrat.helpers import at, kinds, legal, of_kind, play

INITIAL = ("mmmmmmmm/nnnnnnnn/8/8/8/8/NNNNNNNN/MMMMMMMM|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 "
           "w setup0 0 100,100 -")


def test_mages_and_apprentices_are_placed_automatically() -> None:
    s = new_game({})
    assert s.position() == INITIAL
    assert s.in_setup() and s.current_player() == 0


def test_players_alternate_placing_king_priests_archmages_then_gods() -> None:
    s = new_game({})
    order = []
    while s.in_setup():
        order.append((s.current_player(), s.next_placement()))
        s.apply(s.legal_actions()[0])
    assert order == [(i % 2, kind) for kind, count in ((KING, 1), (PRIEST, 4), (ARCHMAGE, 5), (GOD, 4))
                     for i in range(2 * count)]
    assert not s.in_setup() and s.current_player() == 0


def test_king_goes_on_high_born_in_its_owners_first_three_ranks() -> None:
    s = new_game({})
    assert legal(s) == {f"K@h{f}{r}" for f in "abcdefgh" for r in "123"}
    play(s, "K@he1")
    assert legal(s) == {f"K@h{f}{r}" for f in "abcdefgh" for r in "678"}


def test_priests_and_archmages_go_on_empty_cells_of_the_first_three_ranks_either_layer() -> None:
    s = new_game({})
    play(s, "K@he1")
    play(s, "K@hd8")
    expected = {f"P@h{f}{r}" for f in "abcdefgh" for r in "123"} | {f"P@g{f}3" for f in "abcdefgh"}
    assert legal(s) == expected - {"P@he1"}


def test_gods_go_anywhere_on_divine() -> None:
    s = new_game({})
    while s.next_placement() != GOD:
        s.apply(s.legal_actions()[0])
    assert legal(s) == {f"G@d{f}{r}" for f in "abcdefgh" for r in "12345678"}
    play(s, "G@dd5")
    assert "G@dd5" not in legal(s) and len(legal(s)) == 63


def test_placement_events_and_enhancement_update_when_setup_ends() -> None:
    s = new_game({})
    cells = {0: ["K@he1", "P@ha1", "P@hb1", "P@hc1", "P@hd1", "A@hf1", "A@hg1", "A@hh1", "A@ha2", "A@hb2",
                 "G@de1", "G@da8", "G@db8", "G@dc8"],
             1: ["K@he8", "P@ha8", "P@hb8", "P@hc8", "P@hd8", "A@hf8", "A@hg8", "A@hh8", "A@ha7", "A@hb7",
                 "G@da5", "G@db5", "G@dc5", "G@dd5"]}
    events = []
    for i in range(28):
        events = play(s, cells[i % 2][i // 2])
    assert of_kind(events, "placed") == [{"player": 1, "piece": "G", "cell": "dd5"}]
    assert kinds(events)[1:] == ["enhanced", "enhanced"]  # White's King and the Mage below it
    assert at(s, "he1").enhanced and s.king_must_move()
    assert all(a.startswith("he1-") for a in legal(s))


def test_presets_place_both_sides_with_black_mirrored() -> None:
    s = new_game({"setup": "preset:classic"})
    assert not s.in_setup() and s.current_player() == 0
    assert at(s, "he1").kind == KING and at(s, "hd8").kind == KING and at(s, "hd8").owner == 1
    mixed = new_game({"setup": "preset:classic/vanguard"})
    assert at(mixed, "he1").kind == KING and at(mixed, "hd7").kind == KING
    with pytest.raises(DataFileError, match="unknown formation"):
        new_game({"setup": "preset:nonsense"})


def test_random_setup_is_reproducible_from_its_seed() -> None:
    first = new_game({"setup": "random", "setup_seed": 11})
    assert not first.in_setup()
    assert first.position() == new_game({"setup": "random", "setup_seed": 11}).position()
    assert first.position() != new_game({"setup": "random", "setup_seed": 12}).position()


def test_quality_scales_full_potential_and_attack_strength_rounded_down() -> None:
    s = new_game({"setup": "preset:classic", "quality": {"white": 80, "black": 120}})
    assert at(s, "he1").full == 160 and at(s, "ge1").full == 48 and at(s, "gb2").full == 24
    assert at(s, "hd8").full == 240 and at(s, "ge7").full == 36
    assert "K(160/160)" in s.position()
    events = play(s, "ge1-ge3x")
    assert of_kind(events, "attacked")[0]["amount"] == 48 * 33 // 100  # 15


def test_stolen_piece_keeps_its_own_full_potential() -> None:
    s = MagiStratState.from_position(
        "7m/8/8/2P5/8/3n(36/36)4/8/M7|K7/8/8/8/8/8/8/7k|8/8/8/8/8/8/8/8 w play 0 100,120 -")
    play(s, "gc5-gd4x")
    apprentice = at(s, "gd3")
    assert apprentice.owner == 0 and apprentice.full == 36 and apprentice.remaining == 24
    assert "N(24/36)" in s.position()


@pytest.mark.parametrize("options, message", [
    ({"colour": 1}, "unknown MagiStrat option"),
    ({"setup": "fast"}, "setup"),
    ({"quality": {"white": 20}}, "quality.white"),
    ({"quality": {"red": 100}}, "quality"),
    ({"no_progress_limit": 0}, "no_progress_limit"),
    ({"setup_seed": "x"}, "setup_seed"),
])
def test_bad_options_are_rejected_with_the_option_named(options: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValueError, match=message):
        new_game(options)
