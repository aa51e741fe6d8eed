"""Win chances: the bundled fits load, a damaged file is set aside for the fallback, and the chances
behave as chances (sum to 1, follow the evaluation, exact at the end, even before a set-up is done)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from game.ai.games import new_state
from game.ai.winchance import FALLBACK, Fit, WinChance, before_play, calibration, load_calibration
from game.rules.magnastorm import MagnastormState
from game.rules.match import Match

FITTED = {"magestone": (2, 4), "magnastorm": (2, 3, 4)}
"""The fits kept (MagiStrat stays on the fallback: docs/ai.md, "Win chance")."""


@pytest.mark.parametrize("game_id", sorted(FITTED))
def test_every_game_has_a_valid_fit_for_each_number_of_players(game_id: str) -> None:
    loaded = calibration(game_id)
    assert loaded.problem == ""
    assert sorted(loaded.fits) == list(FITTED[game_id])
    for players, fit in loaded.fits.items():
        assert fit is not FALLBACK and fit.scale > 0 and len(fit.seat_bias) == players


def _write(tmp_path: Path, document: object) -> Path:
    path = tmp_path / "winchance-magestone.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    return path


GOOD = {"scale": 0.7, "seat_bias": [0.0, -0.1]}


def _fits(two: object) -> dict[str, object]:
    return {"schema": 1, "game": "magestone", "fits": {"2": two}}


@pytest.mark.parametrize(
    ("document", "named"),
    [
        ("{not json", "winchance-magestone.json"),
        ({"schema": 9, "game": "magestone", "fits": {"2": GOOD}}, "'schema'"),
        ({"schema": 1, "game": "magistrat", "fits": {"2": GOOD}}, "'game'"),
        ({"schema": 1, "game": "magestone", "fits": {"7": GOOD}}, "'fits.7'"),
        (_fits({"scale": -1, "seat_bias": [0, 0]}), "'fits.2.scale'"),
        (_fits({"scale": 1e9, "seat_bias": [0, 0]}), "'fits.2.scale'"),
        (_fits({"scale": 1, "seat_bias": [0]}), "'fits.2.seat_bias'"),
        (_fits({"scale": 1, "seat_bias": [0, "x"]}), "'fits.2.seat_bias[1]'"),
        (_fits({"scale": 1, "seat_bias": [0, 99]}), "'fits.2.seat_bias[1]'"),
        (_fits({"seat_bias": [0, 0]}), "'fits.2.scale'"),
        ([1, 2], "(top level)"),
    ],
)
def test_a_damaged_file_is_reported_and_set_aside_for_the_fallback(
    tmp_path: Path, document: object, named: str
) -> None:
    loaded = load_calibration("magestone", _write(tmp_path, document))
    assert named in loaded.problem and "winchance-magestone.json" in loaded.problem
    assert loaded.fits == {} and loaded.fit(2) is FALLBACK
    state = new_state("magestone", {"players": 2})
    chances = WinChance("magestone", loaded)(state)
    assert sum(chances) == pytest.approx(1.0)


def test_a_missing_file_is_no_problem_and_a_good_one_is_read(tmp_path: Path) -> None:
    assert load_calibration("magestone", tmp_path / "absent.json").problem == ""
    good = load_calibration("magestone", _write(tmp_path, _fits(GOOD)))
    assert good.problem == "" and good.fit(2) == Fit(0.7, (0.0, -0.1)) and good.fit(4) is FALLBACK


def test_chances_sum_to_one_and_follow_the_lead() -> None:
    fit = Fit(0.8, (0.0, -0.2, 0.1, 0.0))
    even = fit.chances([0.0, 0.0, 0.0, 0.0])
    ahead = fit.chances([0.6, -0.2, -0.2, -0.2])
    assert sum(even) == pytest.approx(1.0) and sum(ahead) == pytest.approx(1.0)
    assert even[2] > even[0] > even[1]  # the biases alone
    assert ahead[0] > even[0] and ahead[1] < even[1]
    two = Fit(1.0, (0.0, 0.0))
    assert two.chances([0.999999999, -0.999999999])[0] > 0.99  # far ahead, never a math error
    assert two.chances([0.3, -0.3])[0] == pytest.approx(1 - two.chances([-0.3, 0.3])[0])


@pytest.mark.parametrize(
    ("game_id", "players"), [("magestone", 2), ("magestone", 4), ("magnastorm", 3), ("magistrat", 2)]
)
def test_chances_along_a_random_game_are_probabilities_and_exact_at_the_end(
    game_id: str, players: int
) -> None:
    options: dict[str, object] = {"players": players}
    if game_id == "magistrat":
        options["setup"] = "preset:classic"
    match = Match(new_state(game_id, options), 3)
    match.resolve_chance()
    chance = WinChance(game_id)
    rng = random.Random(3)
    seen = []
    while not match.state.is_terminal() and len(match.log) < 400:
        chances = chance(match.state)
        assert len(chances) == players and sum(chances) == pytest.approx(1.0)
        assert all(0.0 <= p <= 1.0 for p in chances)
        seen.append(chances)
        match.play(rng.choice(match.state.legal_actions()))
    assert len({tuple(round(p, 6) for p in c) for c in seen}) > 1, "the chances never moved"
    if match.state.is_terminal():
        result = match.state.result()
        assert result is not None
        expected = [1 / len(result.winners) if s in result.winners else 0.0 for s in range(players)] \
            if result.winners else [1 / players] * players
        assert chance(match.state) == expected


def test_a_magistrat_set_up_is_judged_by_the_seats_prior_alone() -> None:
    state = new_state("magistrat", {"setup": "manual"})
    assert before_play(state)
    fit = calibration("magistrat").fit(2)
    assert WinChance("magistrat")(state) == fit.chances([0.0, 0.0])
    assert not before_play(new_state("magistrat", {"setup": "preset:classic"}))


def test_a_magnastorm_set_up_is_judged_by_the_seats_prior_alone() -> None:
    """The deals and the starting crews are not play: a deal must not show as a swing of the game."""
    match = Match(new_state("magnastorm", {"players": 2}), 2037)
    chance = WinChance("magnastorm")
    prior = calibration("magnastorm").fit(2).chances([0.0, 0.0])
    set_up = 0
    while before_play(match.state):
        assert chance(match.state) == prior
        set_up += 1
        if match.state.is_chance_node():
            match.resolve_chance()
        else:
            match.play(match.state.legal_actions()[0])
    assert set_up >= 4 and len(match.log) > 10  # the deals, the first player, both starting crews and a pick
    assert isinstance(match.state, MagnastormState) and match.state.phase == "play"
    assert chance(match.state) != prior


MIX = (("normal", "easy", "easy", "easy"), ("easy", "normal", "normal", "normal"))


def test_a_mixed_calibration_puts_every_level_at_every_seat_alike_in_the_fit_and_the_held_out_games() -> None:
    from tools.calibrate_winchance import HELD_OUT, lineup

    cycle = HELD_OUT * len(MIX) * 4  # every lineup turned to every seat, in blocks of four games
    fitted: Counter[tuple[int, str]] = Counter()
    held: Counter[tuple[int, str]] = Counter()
    for game in range(cycle):
        seats = lineup(MIX, game)
        assert sorted(seats) in (sorted(MIX[0]), sorted(MIX[1]))
        (held if game % HELD_OUT == HELD_OUT - 1 else fitted).update(enumerate(seats))
    for counts, games in ((fitted, cycle - cycle // HELD_OUT), (held, cycle // HELD_OUT)):
        assert {counts[seat, level] for seat in range(4) for level in ("normal", "easy")} == {games // 2}
    assert lineup([("normal", "normal")], 5) == ("normal", "normal")


def test_the_calibration_script_keeps_other_player_counts_and_never_writes_a_fit_the_game_would_refuse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tools.calibrate_winchance as script

    path = _write(tmp_path, _fits(GOOD))
    monkeypatch.setattr(script, "calibration_path", lambda game_id: path)
    sample = {"games": 8}
    script.write_fit("magestone", 4, Fit(0.5, (0.0, 0.1, -0.2, 0.3)), sample)
    kept = load_calibration("magestone", path)
    assert kept.fit(2) == Fit(0.7, (0.0, -0.1)) and kept.fit(4) == Fit(0.5, (0.0, 0.1, -0.2, 0.3))
    before = path.read_text(encoding="utf-8")
    with pytest.raises(SystemExit, match=r"fits\.4\.seat_bias\[2\]"):
        script.write_fit("magestone", 4, Fit(3.8, (0.0, -0.6, -17.0, -15.9)), sample)
    assert path.read_text(encoding="utf-8") == before


def test_every_game_is_held_out_once_and_judged_by_the_fit_of_the_others() -> None:
    from tools.calibrate_winchance import HELD_OUT, Sample, every_game_held_out

    # the seat ahead wins in every game but those of fold 0, where it always loses
    samples = [Sample(game, (value, -value),
                      (1.0, 0.0) if (value > 0) == (game % HELD_OUT != 0) else (0.0, 1.0))
               for game in range(4 * HELD_OUT) for value in (-0.6, -0.2, 0.2, 0.6)]
    figures = every_game_held_out(samples, 2)
    assert sum(row["rows"] for row in figures["reliability"]) == 2 * len(samples)
    # fold 0's games are judged by a fit that never saw them (certain, and wrong); a fit that had seen them
    # would never be certain
    certain = [row for row in figures["reliability"] if row["predicted"] >= 0.9]
    assert certain and all(row["observed"] == 0.0 for row in certain)
    assert all(row["observed"] == 1.0 for row in figures["reliability"] if 0.5 <= row["predicted"] < 0.9)
