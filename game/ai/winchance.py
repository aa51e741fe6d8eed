"""Each seat's chance to win a position: the game's evaluation mapped onto calibrated probabilities.

Every evaluation gives each seat a value in (-1, 1), ``tanh`` of a score lead. The win chance of
seat ``i`` among ``n`` is a softmax over the seats' leads (:func:`~game.ai.base.lead`)::

    p_i = exp(z_i) / sum_j exp(z_j),   z_i = scale * lead_i + seat_bias[i]

For two seats with opposite values this is the logistic curve of the lead; for three or four it
shares the chance out among them. ``scale`` and the per-seat bias (what moving first is worth) are
fitted per game and number of players from seeded self-play by ``tools/calibrate_winchance.py`` and
kept in ``levels/ai/winchance-<game>.json`` (docs/ai.md, "Win chance"). A chance is an expected share
of the game: a draw counts as an equal share for every seat, so the chances always sum to 1.

Positions before play begins (MagiStrat's set-up, whose half-placed armies the evaluation cannot
judge; Magnastorm's deals, starting crews and set-up research) have the seats' prior chances: the
softmax of their biases alone.

A game with no fit (a test's toy game) uses :data:`FALLBACK`, one the AI cannot evaluate even chances
until it ends; a damaged file is reported (its
:attr:`Calibration.problem`, and the log) and set aside for the fallback, never raised.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from game.ai.base import Evaluator, lead
from game.ai.games import evaluator
from game.resources import bundle_root
from game.rules.magistrat import MagiStratState
from game.rules.magnastorm import MagnastormState
from game.rules.protocol import GameState
from game.safe_json import Fields, FileProblem, load_data

SCHEMA = 1
PLAYER_COUNTS = range(2, 5)
MAX_SCALE = 50.0
"""Bounds a file's coefficients may not pass (a fit never comes near them)."""
MAX_BIAS = 5.0

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Fit:
    """The mapping for one number of players: ``scale`` on each lead, plus each seat's bias."""

    scale: float
    seat_bias: tuple[float, ...] = ()
    """One per seat (empty: none); seat 0's is 0 by convention."""

    def chances(self, values: Sequence[float]) -> list[float]:
        """Each seat's win chance from its evaluation value in (-1, 1) (they sum to 1)."""
        biases = self.seat_bias if len(self.seat_bias) == len(values) else (0.0,) * len(values)
        logits = [self.scale * lead(value) + bias for value, bias in zip(values, biases, strict=True)]
        top = max(logits)
        weights = [math.exp(z - top) for z in logits]
        total = sum(weights)
        return [w / total for w in weights]

    def to_json(self) -> dict[str, Any]:
        """The fit's coefficients as stored in the file."""
        return {"scale": self.scale, "seat_bias": list(self.seat_bias)}


FALLBACK = Fit(scale=1.0)
"""For a game without a fit: a seat one ``tanh`` unit ahead of the other of two has about 88 %."""


@dataclass(frozen=True)
class Calibration:
    """A game's fits by number of players, with where they came from."""

    game_id: str
    fits: Mapping[int, Fit] = field(default_factory=dict)
    problem: str = ""
    """Why the game's file was set aside ('' when it was read, or when the game has none)."""

    def fit(self, players: int) -> Fit:
        """The fit for ``players`` seats, or :data:`FALLBACK`."""
        return self.fits.get(players, FALLBACK)


def calibration_path(game_id: str) -> Path:
    """Where ``game_id``'s fitted coefficients are kept (the file need not exist)."""
    return bundle_root() / "levels" / "ai" / f"winchance-{game_id}.json"


def parse_calibration(document: Any, path: Path, game_id: str) -> Calibration:
    """The fits in a parsed file; :class:`FileProblem` naming the field at fault otherwise."""
    fields = Fields(path)
    top = fields.object(document)
    if fields.get(top, "schema", int) != SCHEMA:
        raise fields.fail("schema", f"must be {SCHEMA}")
    if fields.get(top, "game", str) != game_id:
        raise fields.fail("game", f"must be {game_id!r}")
    fits: dict[int, Fit] = {}
    for key, entry in fields.object(fields.get(top, "fits", dict), "fits").items():
        where = f"fits.{key}"
        if not key.isdigit() or int(key) not in PLAYER_COUNTS:
            raise fields.fail(where, "must be a number of players from 2 to 4")
        players = int(key)
        body = fields.object(entry, where)
        scale = fields.get(body, "scale", float, f"{where}.scale")
        if not 0 < scale <= MAX_SCALE:
            raise fields.fail(f"{where}.scale", f"must be above 0 and at most {MAX_SCALE}")
        biases = fields.get(body, "seat_bias", list, f"{where}.seat_bias")
        if len(biases) != players:
            raise fields.fail(f"{where}.seat_bias", f"must hold {players} numbers, one per seat")
        checked = []
        for index, bias in enumerate(biases):
            number = fields.get({"bias": bias}, "bias", float, f"{where}.seat_bias[{index}]")
            if not -MAX_BIAS <= number <= MAX_BIAS:
                raise fields.fail(f"{where}.seat_bias[{index}]", f"must be within ±{MAX_BIAS}")
            checked.append(number)
        fits[players] = Fit(scale, tuple(checked))
    return Calibration(game_id, fits)


def load_calibration(game_id: str, path: Path | None = None) -> Calibration:
    """``game_id``'s fits from ``path`` (default its bundled file): none when there is no file, and a
    damaged file reported and set aside (the fallback serves, :attr:`Calibration.problem` says why)."""
    file = path or calibration_path(game_id)
    try:
        return parse_calibration(load_data(file), file, game_id)
    except FileNotFoundError:
        return Calibration(game_id)
    except FileProblem as problem:
        log.warning("win chances of %s uncalibrated: %s", game_id, problem)
        return Calibration(game_id, problem=str(problem))


@cache
def calibration(game_id: str) -> Calibration:
    """``game_id``'s bundled calibration, read once."""
    return load_calibration(game_id)


def result_shares(state: GameState) -> list[float]:
    """Each seat's share of a finished game: the winners split 1, a draw gives every seat 1/n."""
    outcome = state.result()
    n = state.num_players
    if outcome is None or outcome.is_draw:
        return [1.0 / n] * n
    return [1.0 / len(outcome.winners) if seat in outcome.winners else 0.0 for seat in range(n)]


def _magistrat_setting_up(state: GameState) -> bool:
    return isinstance(state, MagiStratState) and state.in_setup()


def _magnastorm_setting_up(state: GameState) -> bool:
    """The deals, the starting crews and the set-up research: chance and placement, no play to judge."""
    return isinstance(state, MagnastormState) and state.phase == "setup"


_BEFORE_PLAY: dict[str, Callable[[GameState], bool]] = {
    "magistrat": _magistrat_setting_up,
    "magnastorm": _magnastorm_setting_up,
}
"""Per game: whether a position comes before play begins (the evaluation has nothing to judge yet)."""


def before_play(state: GameState) -> bool:
    """True while ``state``'s game has not begun (a set-up phase the evaluation cannot judge)."""
    test = _BEFORE_PLAY.get(state.game_id)
    return test is not None and test(state)


class WinChance:
    """Turns positions of one game into each seat's win chance (exact once the game is over)."""

    def __init__(self, game_id: str, source: Calibration | None = None) -> None:
        self.calibration = source or calibration(game_id)
        self._evaluate: Evaluator | None = None
        try:
            self._evaluate = evaluator(game_id)
        except ValueError:  # a game the AI does not know (a plugin's): no opinion before the end
            log.info("no evaluation for %s: its win chances stay even until the end", game_id)

    def __call__(self, state: GameState) -> list[float]:
        """The win chance of every seat in ``state`` (they sum to 1)."""
        if state.is_terminal():
            return result_shares(state)
        fit = self.calibration.fit(state.num_players)
        if self._evaluate is None or before_play(state):
            return fit.chances([0.0] * state.num_players)
        return fit.chances(self._evaluate(state))


def win_chances(state: GameState) -> list[float]:
    """Each seat's calibrated win chance in ``state`` (a one-off; a series keeps a :class:`WinChance`)."""
    return WinChance(state.game_id)(state)
