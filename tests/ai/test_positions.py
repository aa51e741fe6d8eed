"""Known positions: every search level takes a win that is there and stops a loss it can stop."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai import make_bot
from game.rules.protocol import GameState

SEARCH_LEVELS = ("easy", "normal", "hard")


def _magestone(scenario: dict[str, Any]) -> GameState:
    module = pytest.importorskip("game.rules.magestone")
    state: GameState = module.MageStoneState.from_scenario(scenario, "test")
    return state


def _magistrat(position: str) -> GameState:
    module = pytest.importorskip("game.rules.magistrat")
    state: GameState = module.MagiStratState.from_position(position)
    return state


def play_go(state: GameState, level: str, seed: int = 0) -> None:
    """Let the ``level`` bot play the rest of the current go (dice sampled from a seeded RNG)."""
    seat = state.current_player()
    bot = make_bot(state.game_id, level, state.num_players)
    rng, dice = random.Random(seed), random.Random(seed + 1)
    while state.current_player() in (seat, -1):
        if state.is_chance_node():
            state.apply(state.sample_chance(dice))
        else:
            state.apply(bot.choose(state, rng))


def _seat(mage: str | None, priest: str | None, warriors: list[str], carried: tuple[int, int] = (0, 0)
          ) -> dict[str, Any]:
    return {"mage": mage, "priest": priest, "warriors": warriors, "carried": list(carried)}


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_magestone_mage_walks_home_with_six_activated_stones(level: str) -> None:
    """A Mage one step from its base holding 6 Activated stones steps home and wins at once."""
    state = _magestone({
        "players": 2,
        "seats": {"S": _seat("i2", "h1", ["e1", "f1"], (0, 6)), "N": _seat("h16", "i16", ["e16", "j16"])},
        "stones": {"g7": [1, 0], "j7": [1, 0]},
    })
    bot = make_bot("magestone", level, 2)
    state.apply(bot.choose(state, random.Random(0)))
    result = state.result()
    assert result is not None and result.winners == (0,) and result.reason == "magestone"


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_magestone_steps_a_warrior_off_the_base_to_let_the_mage_home(level: str) -> None:
    """Both base squares hold South's own units; moving the Warrior off i1 lets the Mage walk home and win."""
    state = _magestone({
        "players": 2,
        "seats": {"S": _seat("i3", "h1", ["i1", "e1", "l1"], (0, 6)),
                  "N": _seat("h16", "i16", ["e16", "j16"])},
        "stones": {"g7": [1, 0], "j7": [1, 0]},
    })
    play_go(state, level)
    result = state.result()
    assert result is not None and result.winners == (0,) and result.reason == "magestone"


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_magestone_bolt_kills_the_priest_of_a_winning_rite(level: str) -> None:
    """North's Rite wins at the start of its next go; only a Bolt on the lone Priest can stop it."""
    state = _magestone({
        "players": 2,
        "seats": {"S": _seat("b8", "h1", ["e1", "f1"], (0, 1)), "N": _seat(None, "h8", [])},
        "stones": {"g7": [1, 0], "j7": [1, 0], "f9": [1, 0], "k9": [1, 0], "g10": [1, 0], "j10": [1, 0],
                   "k8": [1, 0]},
        "rite": {"seat": "N", "laps": 1, "needed": 2},
    })
    play_go(state, level)
    assert state.result() is None or state.result().winners == (0,)  # type: ignore[union-attr]
    assert state.unit_at(state.board.parse_square("h8")) is None  # type: ignore[attr-defined]


def _walk_home(players: int, carried: tuple[int, int]) -> dict[str, Any]:
    """South to act; the next seat's Mage holds ``carried`` stones beside its base.

    South's two Warriors can stand on both base squares (certain), where an attack would be
    1d6 against the Mage's own die.
    """
    if players == 2:
        seats = {"S": _seat("c8", "h1", ["g16", "j16", "e1"]),
                 "N": _seat("h15", "i9", ["e12", "l12"], carried)}
        return {"players": 2, "seats": seats, "stones": {"g7": [1, 0], "j7": [1, 0]}}
    seats = {"S": _seat("i3", "h1", ["a7", "a10", "e1"]), "W": _seat("b9", "h9", ["e5", "e12"], carried),
             "N": _seat("h16", "i16", ["e16", "l16"]), "E": _seat("p9", "p8", ["p5", "p12"])}
    stones = {sq: [1, 0] for sq in ("g7", "j7", "g10", "j10", "h6", "i6", "h11", "i11", "k8", "k9")}
    return {"players": 4, "seats": seats, "stones": stones}


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize(("level", "carried"), [("normal", (0, 6)), ("hard", (0, 6)), ("hard", (3, 3))],
                         ids=["normal-6-activated", "hard-6-activated", "hard-3-to-activate"])
def test_magestone_blocks_a_mage_walking_home_to_win(
    level: str, carried: tuple[int, int], players: int
) -> None:
    """After South's go the next seat's Mage cannot walk onto its base to win.

    It holds 6 Activated stones, or (Hard only) 3 and 3 more to activate at home.
    """
    rival = 1
    for seed in range(3):
        state = _magestone(_walk_home(players, carried))
        play_go(state, level, seed)
        assert state.current_player() == rival
        mage = state.mage_squares[rival]  # type: ignore[attr-defined]
        start_squares = state.start_squares  # type: ignore[attr-defined]
        base = {start_squares[0][rival], start_squares[1][rival]}
        assert mage < 0 or not base & set(state.reachable(mage)), f"seed {seed}: the Mage walks home"  # type: ignore[attr-defined]


# White Archmage on High-born a7 can slide to e7 and hit Black's weakened King on e8 (15 left).
_KING_SHOT = "7m/8/8/8/8/8/8/M7|4k(15)3/A7/8/8/8/8/8/K7|8/8/8/8/8/8/8/8 {side} play 0 100,100 -"


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_magistrat_attack_destroys_the_last_king(level: str) -> None:
    """White finds the slide-and-attack that destroys Black's King."""
    state = _magistrat(_KING_SHOT.format(side="w"))
    state.apply(make_bot("magistrat", level, 2).choose(state, random.Random(0)))
    result = state.result()
    assert result is not None and result.winners == (0,)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_magistrat_king_escapes_the_threat(level: str) -> None:
    """Black to move: after its move White must have no King-destroying reply."""
    state = _magistrat(_KING_SHOT.format(side="b"))
    state.apply(make_bot("magistrat", level, 2).choose(state, random.Random(0)))
    for reply in state.legal_actions():
        state.apply(reply)
        result = state.result()
        state.undo()
        assert result is None or result.winners != (0,), f"white wins with {reply}"
