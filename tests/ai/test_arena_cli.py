"""The ``arena`` command: lineups, go limit and parallel jobs from the command line."""

from __future__ import annotations

import json

import pytest

from game.ai.arena import LINEUPS
from game.cli import ARENA_LINEUPS, main, parse_args

_RANDOM_4P = ["arena", "--game", "magestone", "--players", "4", "--a", "random", "--b", "random",
              "--games", "4", "--seed", "3", "--go-limit", "30"]


def test_cli_offers_the_arena_lineups() -> None:
    """The command line (which avoids importing the AI at start-up) lists the same lineups."""
    assert ARENA_LINEUPS == LINEUPS


def test_arena_defaults_keep_the_alternating_lineup() -> None:
    """Without options the arena alternates seats, with the 400-go limit, in one process."""
    args = parse_args(["arena", "--a", "easy", "--b", "random"])
    assert (args.lineup, args.go_limit, args.jobs) == ("alternate", 400, 1)


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--lineup", "0", "invalid choice"), ("--jobs", "0", "at least 1"), ("--go-limit", "0", "at least 1"),
    ("--opening-goes", "-1", "at least 0"), ("--first-game", "-1", "at least 0")])
def test_bad_arena_options_are_rejected(option: str, value: str, message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A bad lineup, job count, go limit, opening length or first game stops the command with a clear
    message."""
    with pytest.raises(SystemExit):
        parse_args(["arena", "--a", "easy", "--b", "random", option, value])
    assert message in capsys.readouterr().err


def test_one_vs_rest_text_shows_the_even_share(capsys: pytest.CaptureFixture[str]) -> None:
    """One level against three: the summary names the 25 % an even match would give."""
    assert main([*_RANDOM_4P, "--lineup", "one-vs-rest"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("4 games: random won") and "even share 25.0%" in text


def test_go_limit_reaches_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    """A go limit of one go draws every game; the JSON reports the lineup and each outcome."""
    assert main([*_RANDOM_4P, "--go-limit", "1", "--lineup", "one-vs-rest", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["draws"], report["outcomes"], report["lineup"]) == (4, "dddd", "one-vs-rest")
    assert report["even_share"] == 0.25


def test_first_game_names_the_stretch_played(capsys: pytest.CaptureFixture[str]) -> None:
    """``--first-game`` plays the row from that game on, and the summary says where it started."""
    assert main([*_RANDOM_4P, "--go-limit", "1", "--first-game", "6"]) == 0
    assert capsys.readouterr().out.startswith("4 games from game 6: random won 0, random won 0, 4 drawn")
