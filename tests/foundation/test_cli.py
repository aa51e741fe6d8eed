"""The command line parses good arguments and rejects bad ones with a clear message."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main, parse_args
from game.storage.saves import load_save
from game.storage.seats import seats_from_texts


def test_no_subcommand_means_play() -> None:
    assert parse_args([]).command == "play"
    args = parse_args(["--game", "magestone", "--players", "4", "--seed", "9"])
    assert (args.command, args.players, args.seed) == ("play", 4, 9)


def test_seats_are_parsed() -> None:
    args = parse_args(["play", "--seats", "human,AI:Normal"])
    assert args.seats == ["human", "ai:normal"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--players", "5"], "players must be 2, 3 or 4"),
        (["play", "--seats", "human,robot"], "unknown seat 'robot'"),
        (["arena", "--a", "easy", "--b", "godlike"], "unknown AI level 'godlike'"),
        (["arena", "--a", "easy", "--b", "hard", "--games", "0"], "at least 1"),
        (["selfplay", "--seed", "x", "--out", "f.json"], "seed must be a whole number"),
        (["bench", "gpu"], "invalid choice"),
        (["fly"], "invalid choice"),
    ],
)
def test_bad_arguments_are_rejected_clearly(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse_args(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_help_documents_every_subcommand() -> None:
    completed = subprocess.run([sys.executable, "-m", "game", "--help"],
                               capture_output=True, text=True, check=True)
    for command in ("play", "selfplay", "replay", "arena", "bench", "smoke"):
        assert command in completed.stdout


def test_selfplay_writes_seats_the_client_reads_as_ai_players(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    argv = ["selfplay", "--game", "magistrat", "--ai", "random,easy", "--seed", "2", "--out", str(out)]
    assert main(argv) == 0
    seats = seats_from_texts(load_save(out).seats)
    assert [(seat.controller, seat.is_ai) for seat in seats] == [("random", True), ("easy", True)]
