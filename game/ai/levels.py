"""Difficulty levels: which search, how much budget and how much human-like noise.

``make_bot(game_id, level, players)`` is the one entry point. MageStone bots
plan whole goes (:class:`GoPlanner`); MagiStrat bots run alpha-beta; Magnastorm bots plan
whole turns (:class:`TurnPlanner`); any other game (tests' toy games) gets MCTS with its
registered evaluation.
Tests and plugins may add levels with :func:`register_level`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from game.ai.alphabeta import AlphaBeta
from game.ai.base import Bot, Budget, Noise, RandomBot, SearchBot
from game.ai.games import evaluator, last_pass, repetition_key, reply_danger, round_of, think_seconds
from game.ai.goplan import GoPlanner
from game.ai.magestone_eval import (
    HARD,
    HARD_MULTI,
    HARD_RACER,
    HARD_REF,
    MageStoneEval,
    breaks_a_rite,
    loses_when_go_ends,
    stops_a_win,
)
from game.ai.magestone_eval import Weights as MageStoneWeights
from game.ai.magistrat_eval import HARD as MAGISTRAT_HARD
from game.ai.magistrat_eval import HARD_REF as MAGISTRAT_HARD_REF
from game.ai.magistrat_eval import MagiStratEval, few_offensive_pieces, is_tactical
from game.ai.magistrat_eval import Weights as MagiStratWeights
from game.ai.magistrat_material import GUARD_SECONDS, slip_guard
from game.ai.mcts import Mcts
from game.ai.turnplan import TurnPlanner
from game.rules.protocol import GameState

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
"""The levels every game offers, weakest first."""

REFERENCE_LEVELS: tuple[str, ...] = ("hard-ref", "hard-racer")
"""Fixed levels for the arena only, never offered in menus: ``hard-ref`` is Hard as it was on 1 Dec 2026,
the yardstick a new Hard is measured against; ``hard-racer`` (MageStone) is the Hard of 6 Dec 2026 with its
Mage collecting four stones before it goes home, the stone race careful players run and Normal and
``hard-ref`` never do (docs/ai.md)."""

BotFactory = Callable[[str, int], Bot]
"""Makes a bot from ``(game_id, players)``."""

_EASY_NOISE = Noise(temperature=0.05, margin=0.15)
_EASY_MAGISTRAT_NOISE = Noise(temperature=0.05, margin=0.15, by_lead=True)
"""MagiStrat Easy's mistakes are measured on the lead, so far ahead it still finishes (docs/ai.md)."""
_EXACT_TIES = 1e-9
"""MagiStrat Hard's root margin: a root move whose bound ties the best is searched exactly (a losing
move could otherwise tie at the bound and win the tie by legal-action order)."""


def _random(game_id: str, players: int) -> Bot:
    return RandomBot(Budget(1))


@dataclass(frozen=True)
class _PlannerLevel:
    """One MageStone level: the go planner's beam and reply, its budget and weights."""

    widths: tuple[int, ...]
    nodes: int
    reply: int = 0
    weights: MageStoneWeights | None = None
    caution: float = 0.0
    decisive: Callable[[GameState], bool] | None = None
    """Contests the caution spares (:class:`~game.ai.goplan.GoPlanner`)."""
    next_go_weight: float = 0.0
    """How much of the go after the reply counts (:class:`~game.ai.goplan.GoPlanner`)."""
    next_goes: int = 1
    """How many whole goes after the reply's are played and blended in by ``next_go_weight`` (with four
    players two finish the rivals' round)."""
    answered_only: bool = False
    """Answered plans are judged by their answered continuations alone
    (:class:`~game.ai.goplan.GoPlanner`)."""
    doomed: Callable[[GameState, int], bool] | None = None
    """Positions of the planner's own go that lose once it ends (:class:`~game.ai.goplan.GoPlanner`)."""


_MAGESTONE_LEVELS = {
    "easy": _PlannerLevel((2,), 3_000),
    "normal": _PlannerLevel((4,), 12_000),
    "hard": _PlannerLevel((16, 4), 200_000, reply=4, weights=HARD, caution=0.5, decisive=stops_a_win,
                          next_go_weight=0.1, doomed=loses_when_go_ends),
    "hard-ref": _PlannerLevel((8, 2), 40_000, reply=2, weights=HARD_REF),
    "hard-racer": _PlannerLevel((16, 4), 200_000, reply=4, weights=HARD_RACER, caution=0.5,
                                decisive=breaks_a_rite),
}


_MAGESTONE_MULTIPLAYER = {"hard": replace(_MAGESTONE_LEVELS["hard-ref"], weights=HARD_MULTI, nodes=200_000,
                                          next_go_weight=0.5, next_goes=2, answered_only=True)}
"""Levels that play 3- and 4-player games with another configuration. Hard keeps ``hard-ref``'s beam and
reply: the stone-racing Hard of 2 Dec 2026 scored 0.41 as one Hard against three Normal where the Hard of 1
Dec scored 0.69 (docs/ai.md), mainly for its caution on dice contests (against the lead over the mean rival, a
rival's loss counts a third of an own loss). Its weights are ``HARD_MULTI``: ``hard-ref``'s with a rival's win
counted in full, and tuned for four players (see that set's docstring). Since 6 Dec 2026 the two rivals after
the reply play their goes too, each blended in at half, so a plan is judged by the whole round of rivals it
leaves its units to (with 200k nodes; one Hard against three Normal, varied openings, won 116 of 200 where the
Hard without the round won 103 of the same games). Since the thirty-fourth session a plan so answered is
judged by its answered line alone (``answered_only``): 124 of the same 200 where the Hard before won 112."""


def _magestone(level: str, weights: MageStoneWeights | None = None) -> BotFactory:
    noise = _EASY_NOISE if level == "easy" else None

    def make(game_id: str, players: int) -> Bot:
        config = _MAGESTONE_LEVELS[level]
        if players > 2 and weights is None:
            config = _MAGESTONE_MULTIPLAYER.get(level, config)
        chosen = weights or config.weights
        weighted = None if chosen is None else MageStoneEval(chosen)
        planner = GoPlanner(evaluator(game_id, weighted), config.widths, config.reply,
                            caution=config.caution, decisive=config.decisive,
                            next_go_weight=config.next_go_weight, next_goes=config.next_goes,
                            answered_only=config.answered_only, doomed=config.doomed)
        return SearchBot(f"magestone-{level}", planner, Budget(config.nodes), noise)

    return make


@dataclass(frozen=True)
class _SearchLevel:
    """One MagiStrat level: alpha-beta's depth, budget, root margin, weights and quiescence."""

    depth: int
    nodes: int
    margin: float = 0.0
    weights: MagiStratWeights | None = None
    quiescence: bool = False
    shun_repeats: bool = True
    use_cut_depth: bool = False
    endgame_quiescence: bool = False
    """With few Archmages and Mages left to a side at the root, every leaf gets the quiescence step."""
    slip_guard: bool = False
    """The chosen move is checked for a three-ply material slip (:func:`slip_guard`)."""


_MAGISTRAT_LEVELS = {
    "easy": _SearchLevel(1, 2_000, _EASY_NOISE.margin),
    "normal": _SearchLevel(2, 8_000),
    "hard": _SearchLevel(4, 40_000, _EXACT_TIES, MAGISTRAT_HARD, quiescence=True, use_cut_depth=True,
                         endgame_quiescence=True, slip_guard=True),
    "hard-ref": _SearchLevel(3, 60_000, _EXACT_TIES, MAGISTRAT_HARD_REF, shun_repeats=False),
}


def _magistrat(level: str, weights: MagiStratWeights | None = None) -> BotFactory:
    config = _MAGISTRAT_LEVELS[level]
    noise = _EASY_MAGISTRAT_NOISE if level == "easy" else None
    tactical = is_tactical if config.quiescence else None
    every_leaf = few_offensive_pieces if config.endgame_quiescence else None
    chosen = weights or config.weights

    def make(game_id: str, players: int) -> Bot:
        weighted = None if chosen is None else MagiStratEval(chosen)
        searcher = AlphaBeta(evaluator(game_id, weighted), config.depth, config.margin, tactical,
                             config.use_cut_depth, every_leaf)
        return SearchBot(f"magistrat-{level}", searcher, Budget(config.nodes), noise,
                         repetition_key(game_id) if config.shun_repeats else None,
                         slip_guard if config.slip_guard else None, GUARD_SECONDS)

    return make


@dataclass(frozen=True)
class _TurnLevel:
    """One Magnastorm level: the turn planner's widths (one per decision searched after the root), its
    budget, the budget of one check for a rival's winning reply (in evaluations; every level checks), the
    most draw streams a turn that meets a bag draw is judged with, the evaluations the extra streams of
    one decision may take, and the player counts where it plans its own finish (its second turn in a row, its
    last-pass turn ends played out: ``TurnPlanner.plans_own_finish``: two players, where the careful games'
    double turns came; several rivals' greedy last turns are a weaker model and cost more: with four players
    up to a third more time in a game, the worst decision beyond the 3 s)."""

    widths: tuple[int, ...]
    nodes: int
    reply_nodes: int
    draw_streams: int = 1
    draw_evaluations: int = 0
    plans_own_finish: tuple[int, ...] = ()


_MAGNASTORM_LEVELS = {
    "easy": _TurnLevel((), 4_000, 1_500),
    "normal": _TurnLevel((), 20_000, 6_000),
    "hard": _TurnLevel((4, 4, 4, 2), 60_000, 6_000, 8, 15_000, plans_own_finish=(2,)),
}


def _magnastorm(level: str) -> BotFactory:
    config = _MAGNASTORM_LEVELS[level]
    noise = _EASY_NOISE if level == "easy" else None

    def make(game_id: str, players: int) -> Bot:
        planner = TurnPlanner(evaluator(game_id), config.widths, reply_danger(game_id), config.reply_nodes,
                              noise.margin if noise else 0.0, last_pass(game_id), config.draw_streams,
                              config.draw_evaluations, round_of=round_of(game_id),
                              plans_own_finish=players in config.plans_own_finish)
        return SearchBot(f"magnastorm-{level}", planner, Budget(config.nodes), noise)

    return make


def _generic(level: str) -> BotFactory:
    iterations = {"easy": 60, "normal": 300, "hard": 1_200}[level]
    noise = _EASY_NOISE if level == "easy" else None

    def make(game_id: str, players: int) -> Bot:
        return SearchBot(f"mcts-{level}", Mcts(evaluator(game_id)), Budget(iterations), noise)

    return make


_FACTORIES: dict[tuple[str, str], BotFactory] = {
    **{("magestone", level): _magestone(level) for level in _MAGESTONE_LEVELS},
    **{("magistrat", level): _magistrat(level) for level in _MAGISTRAT_LEVELS},
    **{("magnastorm", level): _magnastorm(level) for level in _MAGNASTORM_LEVELS},
    **{("*", level): _generic(level) for level in LEVELS[1:]},
    ("*", "random"): _random,
}


def weighted_level(game_id: str, level: str, weights: Any) -> BotFactory:
    """``level``'s bots for ``game_id`` evaluating with other ``weights`` (tools/tune_weights.py)."""
    if game_id == "magestone" and level in _MAGESTONE_LEVELS:
        return _magestone(level, weights)
    if game_id == "magistrat" and level in _MAGISTRAT_LEVELS:
        return _magistrat(level, weights)
    raise ValueError(f"no weighted level {level!r} for {game_id!r}")


def register_level(game_id: str, level: str, factory: BotFactory) -> None:
    """Add or replace a level for ``game_id`` (``"*"``: every game)."""
    _FACTORIES[(game_id, level)] = factory


def make_bot(game_id: str, level: str, players: int) -> Bot:
    """A fresh bot of ``level`` for a ``players``-seat game of ``game_id``."""
    factory = _FACTORIES.get((game_id, level)) or _FACTORIES.get(("*", level))
    if factory is None:
        raise ValueError(f"unknown AI level {level!r}; expected one of {', '.join(LEVELS)}")
    return factory(game_id, players)


def live_budget(game_id: str, level: str, players: int) -> Budget:
    """``level``'s node budget for live play, capped at the game's think time (MageStone 3 s, MagiStrat
    2 s): on a slow or busy machine the search answers with its best so far rather than keep a player
    waiting."""
    nodes = make_bot(game_id, level, players).budget.nodes
    return Budget(nodes, think_seconds(game_id))


def hint(game_id: str, state: GameState, level: str = "hard", budget: Budget | None = None) -> Any:
    """The move the ``level`` bot would play in ``state``, for the hint button.

    Seeded from the position, so asking twice gives the same hint.
    """
    bot = make_bot(game_id, level, state.num_players)
    return bot.choose(state, random.Random(f"hint/{state.state_hash()}"), budget)
