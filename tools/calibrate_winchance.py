"""Fit the win-chance mapping (``game/ai/winchance.py``) from seeded self-play and report its calibration.

For each game and number of players, ``--games`` seeded games are played, Normal at every seat unless
``--mix`` names lineups of levels (MagiStrat from its seeded random set-ups, like the arena); every
decision point of each game (after any set-up) is evaluated with the game's own evaluation, and each
position is labelled with the share of the game each seat went on to take (a win 1, a draw 1/n each).
Three games in four fit the scale and the seat biases (the softmax's log-likelihood, maximised by
Newton's method); the fourth is held out for the report: the Brier score per seat, that of always
saying the seats' average shares (no skill), and a reliability table per decile of predicted chance::

    nice -n 10 .venv/bin/python tools/calibrate_winchance.py --game magestone --players 2 \\
        --games 120 --seed 7 [--mix normal,easy easy,easy] [--write]

With ``--mix``, each block of four games (three fitted, one held out) plays one lineup, turned one seat
further than the block before, so every level sits at every seat as often in the fit as in the held-out
games (see :func:`lineup`). The command prints the report as JSON and, with ``--write``, stores the fit
in ``levels/ai/winchance-<game>.json`` (other player counts in the file are kept). docs/ai.md ("Win
chance") has the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.arena import play_game
from game.ai.base import lead
from game.ai.games import evaluator, new_state, opening_options
from game.ai.levels import make_bot
from game.ai.winchance import (
    SCHEMA,
    Calibration,
    Fit,
    before_play,
    calibration_path,
    load_calibration,
    parse_calibration,
    result_shares,
)
from game.rules.match import Match
from game.safe_json import FileProblem


@dataclass(frozen=True)
class Sample:
    """One position: each seat's evaluation value and the share of the game it went on to take."""

    game: int
    values: tuple[float, ...]
    shares: tuple[float, ...]


HELD_OUT = 4
"""Every fourth game is held out of the fit for the report."""


def lineup(mix: Sequence[Sequence[str]], game: int) -> tuple[str, ...]:
    """The level at each seat in game ``game``: block ``game // 4`` plays lineup ``block // players`` of
    ``mix`` (cycling), turned ``block`` seats, so a whole cycle puts every level at every seat alike."""
    block = game // HELD_OUT
    players = len(mix[0])
    levels = mix[(block // players) % len(mix)]
    turn = block % players
    return tuple(levels[(seat - turn) % players] for seat in range(players))


def play_samples(
    game_id: str, mix: Sequence[Sequence[str]], games: int, seed: int, go_limit: int
) -> list[Sample]:
    """Every decision point (set-ups aside) of ``games`` seeded games of ``mix``'s lineups, with the
    shares its game ended with."""
    evaluate = evaluator(game_id)
    players = len(mix[0])
    samples = []
    for game in range(games):
        options = {**opening_options(game_id, seed * 1000 + game), "players": players}
        bots = [make_bot(game_id, level, players) for level in lineup(mix, game)]
        _, played = play_game(game_id, options, bots, seed * 100_003 + game, go_limit)
        shares = tuple(result_shares(played.state))
        replay = Match(new_state(game_id, options), played.seed)
        for entry in played.log:
            if entry.actor >= 0 and not before_play(replay.state):
                samples.append(Sample(game, tuple(evaluate(replay.state)), shares))
            replay.apply_logged(entry.actor, entry.notation)
    return samples


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix @ x = vector`` by Gaussian elimination with partial pivoting (a handful of unknowns)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def _fit_of(params: Sequence[float], players: int) -> Fit:
    return Fit(params[0], (0.0, *params[1:players]))


def log_likelihood(fit: Fit, samples: Sequence[Sample]) -> float:
    """Mean log-likelihood of the outcomes under ``fit`` (soft labels: a draw's shares)."""
    total = 0.0
    for sample in samples:
        chances = fit.chances(sample.values)
        total += sum(y * math.log(max(p, 1e-12)) for y, p in zip(sample.shares, chances, strict=True))
    return total / max(1, len(samples))


def fit_samples(samples: Sequence[Sample], players: int, rounds: int = 30) -> Fit:
    """The scale and seat biases that maximise the outcomes' likelihood (a concave problem)."""
    size = players  # scale, then the bias of seats 1.. (seat 0's is 0)
    params = [1.0] + [0.0] * (players - 1)
    best = log_likelihood(_fit_of(params, players), samples)
    for _ in range(rounds):
        gradient = [0.0] * size
        hessian = [[0.0] * size for _ in range(size)]
        fit = _fit_of(params, players)
        for sample in samples:
            chances = fit.chances(sample.values)
            leads = [lead(v) for v in sample.values]
            # d z_i / d params: the lead for the scale, 1 for the seat's own bias
            jac = [[leads[i]] + [1.0 if i == j else 0.0 for j in range(1, players)] for i in range(players)]
            mean = [sum(chances[i] * jac[i][a] for i in range(players)) for a in range(size)]
            for i in range(players):
                for a in range(size):
                    gradient[a] += (sample.shares[i] - chances[i]) * jac[i][a]
                    for b in range(size):
                        hessian[a][b] += chances[i] * (jac[i][a] - mean[a]) * (jac[i][b] - mean[b])
        for a in range(size):
            hessian[a][a] += 1e-6 * len(samples)
        step = _solve(hessian, gradient)
        for _ in range(20):  # halve the Newton step until the likelihood improves
            trial = [p + s for p, s in zip(params, step, strict=True)]
            trial[0] = max(1e-3, trial[0])
            score = log_likelihood(_fit_of(trial, players), samples)
            if score >= best:
                break
            step = [s / 2 for s in step]
        else:
            break
        improvement, params, best = score - best, trial, score
        if improvement < 1e-9:
            break
    return _fit_of(params, players)


def brier(rows: Sequence[tuple[float, float]]) -> float:
    """Mean squared error of (predicted, observed) seat rows."""
    return sum((p - y) ** 2 for p, y in rows) / max(1, len(rows))


def reliability(rows: Sequence[tuple[float, float]]) -> list[dict[str, Any]]:
    """Per decile of predicted chance: how many seat rows, their mean chance and the mean share taken."""
    table = []
    for decile in range(10):
        inside = [(p, y) for p, y in rows if decile / 10 <= p < (decile + 1) / 10 or (decile == 9 and p == 1)]
        if inside:
            table.append({"decile": f"{decile * 10}-{decile * 10 + 10} %", "rows": len(inside),
                          "predicted": round(sum(p for p, _ in inside) / len(inside), 3),
                          "observed": round(sum(y for _, y in inside) / len(inside), 3)})
    return table


def seat_rows(fit: Fit, samples: Sequence[Sample]) -> list[tuple[float, float]]:
    """(chance under ``fit``, share taken) for every seat of every sample."""
    return [(p, y) for s in samples for p, y in zip(fit.chances(s.values), s.shares, strict=True)]


def report(fit: Fit, train: Sequence[Sample], held: Sequence[Sample]) -> dict[str, Any]:
    """The held-out calibration of ``fit`` (Brier, no-skill Brier, log-likelihood, reliability)."""
    players = len(fit.seat_bias)
    base = [sum(s.shares[i] for s in train) / max(1, len(train)) for i in range(players)]
    rows = seat_rows(fit, held)
    no_skill = [(base[i], s.shares[i]) for s in held for i in range(players)]
    return {"brier": round(brier(rows), 4), "brier_no_skill": round(brier(no_skill), 4),
            "log_likelihood": round(log_likelihood(fit, held), 4), "reliability": reliability(rows)}


def every_game_held_out(samples: Sequence[Sample], players: int) -> dict[str, Any]:
    """Brier and reliability with every game held out once: each of the ``HELD_OUT`` folds (games by
    ``game % HELD_OUT``) judged by the fit of the others, the folds pooled. One fold's few games (a quarter)
    can make a calibrated fit look off by 15 points in a decile; the pooled folds judge every game."""
    rows: list[tuple[float, float]] = []
    for fold in range(HELD_OUT):
        fit = fit_samples([s for s in samples if s.game % HELD_OUT != fold], players)
        rows += seat_rows(fit, [s for s in samples if s.game % HELD_OUT == fold])
    return {"brier": round(brier(rows), 4), "reliability": reliability(rows)}


def outcomes(samples: Sequence[Sample]) -> dict[str, Any]:
    """How the games ended: how many each seat won outright and how many had no single winner."""
    shares = {s.game: s.shares for s in samples}.values()
    won = [sum(ended[seat] == 1.0 for ended in shares) for seat in range(len(samples[0].shares))]
    return {"games": len(shares), "won_by_seat": won, "not_won": len(shares) - sum(won)}


def write_fit(game_id: str, players: int, fit: Fit, sample: dict[str, Any]) -> None:
    """Store ``fit`` for ``players`` in ``game_id``'s file, keeping its other player counts."""
    path = calibration_path(game_id)
    kept: Calibration = load_calibration(game_id, path)
    if kept.problem:
        sys.exit(f"refusing to overwrite a damaged file: {kept.problem}")
    document: dict[str, Any] = {"schema": SCHEMA, "game": game_id, "fits": {}}
    if path.exists():
        document["fits"] = json.loads(path.read_text(encoding="utf-8"))["fits"]
    document["fits"][str(players)] = {**fit.to_json(), "sample": sample}
    document["fits"] = dict(sorted(document["fits"].items()))
    try:
        parse_calibration(document, path, game_id)
    except FileProblem as problem:
        sys.exit(f"refusing to write a fit the game would set aside: {problem}")
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    temporary.replace(path)


def main(argv: Sequence[str] | None = None) -> int:
    """Play, fit, report (and with ``--write`` keep the fit)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--go-limit", type=int, default=400)
    parser.add_argument("--mix", nargs="+", metavar="LEVELS",
                        help="lineups of comma-separated levels, one per seat (default: Normal everywhere)")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    mix = [tuple(levels.split(",")) for levels in args.mix or [",".join(["normal"] * args.players)]]
    if any(len(levels) != args.players for levels in mix):
        parser.error(f"each --mix lineup needs {args.players} levels, one per seat")
    started = time.process_time()
    samples = play_samples(args.game, mix, args.games, args.seed, args.go_limit)
    train = [s for s in samples if s.game % HELD_OUT != HELD_OUT - 1]
    held = [s for s in samples if s.game % HELD_OUT == HELD_OUT - 1]
    fit = fit_samples(train, args.players)
    figures = report(fit, train, held)
    described = "; ".join(" vs ".join(levels) for levels in mix) + (", seats turned" if args.mix else "")
    sample = {"games": args.games, "positions": len(samples), "held_out_positions": len(held),
              "seed": args.seed, "levels": described, "held_out_brier": figures["brier"],
              "held_out_brier_no_skill": figures["brier_no_skill"]}
    print(json.dumps({"game": args.game, "players": args.players, **fit.to_json(), **sample,
                      "outcomes": outcomes(samples), **figures,
                      "every_game_held_out": every_game_held_out(samples, args.players),
                      "cpu_seconds": round(time.process_time() - started, 1)}, indent=1))
    if args.write:
        write_fit(args.game, args.players, fit, sample)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
