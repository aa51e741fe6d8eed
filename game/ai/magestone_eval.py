"""Heuristic evaluation of MageStone positions, per seat, for the go planner.

The one module of the AI that reads the MageStone state beyond the protocol:
its read-only views of the unit, stone, carried-stone and Rite tables (the
live tables, no copies, for speed: it runs on every action the planner
considers, a few hundred per decision).

A seat's raw score adds, in units of "one Warrior":
* material: Warriors on the board, the Mage and the Priest (units waiting to
  respawn count less: they come back, but not while the base is besieged);
* MageStones: Activated stones carried count most (victory and power die),
  Unactivated ones less; a Mage with Unactivated stones is drawn home to
  activate them, one with 6 Activated is pulled home hard (the instant win;
  Hard: only from beyond a go's squares, ``win_pull_slack``), and a Mage is
  drawn towards stones left on the board (its pull eased by the stones it
  carries: Unactivated, and with ``calm_activated`` Activated ones); with
  nothing to collect or carry home and no Rite running, Hard's Mage is drawn
  towards the enemy units on the Nexus (``nexus_clear_pull``);
* the stone race (Hard): each Unactivated stone carried gains ``home_gain`` as
  its Mage comes within ``home_reach`` squares of home (so collecting pays
  wherever the stone lies, and walking it home pays more), own Warriors and
  Priests standing on stones, or on the base while the Mage walks stones home
  to activate, cost ``stone_block`` each (they keep the Mage off), and the seat
  whose whole go comes next gains ``activation_threat`` per
  Unactivated stone its Mage can carry onto its base in that go;
* the Rite: a running Rite is worth a lot, more when no enemy unit is within
  reach of the Nexus (and no enemy Mage can Bolt the Priest); a Priest near or
  on the Nexus is worth a little. Hard screens: enemy walkers count only onto
  Nexus squares the owner leaves open (or cannot fill first), a walk-up attack
  on the Priest lowers the safety by its chance, a Rite that only a Bolt can
  break is worth the Activated stone the Bolt costs, a Rite that wins at its
  owner's next go is worth ``rite_imminent``, and felling the Priest wins the
  Rite's worth (``rite_prize``) for its rivals;
* Warriors are drawn mildly towards the Nexus (they screen a Rite and break
  enemy ones);
* threats: the seat about to act strikes first, so it gains the expected
  value of its best attacks without moving (each enemy unit next to its
  Warriors or Mage, won with the exact contest probability, a lost attack
  costing the attacker);
* the walk-up threat (Hard): every other seat's Mage loses ``mage_exposure`` x
  the expected gain of the best attack the seat whose whole go comes next can
  make on it in that go (its Warriors walking up together, its Mage walking
  up, a Bolt, or a Nova from the ring round it), so a Mage loaded with stones
  is not left where Warriors that are not yet beside it can walk up and fell
  it; a Priest on the Nexus that runs no Rite loses ``priest_exposure`` x the same for an attack on
  it once its owner cannot step it away in its go, so it is not walked onto a Nexus square beside the
  rival's Warriors;
* the imminent MageStone win: a seat is close to an instant win when its Mage
  holds 6 Activated stones (Hard: or 6 stones it can activate at home) and can
  walk onto its base in a whole go past enemy units (a little less close with
  one of the two base squares blocked). That holds for every seat with a whole
  go to come before the last seat to act has its next one: the seat whose whole
  go comes next (the seat to act before its go begins, else the next seat) and,
  with three or four players, the seats after it, since a rival that only the
  seat to act can stop wins if it does not. The seat to act in a begun go is
  close when its Mage can walk home now, in the rest of its go (own units block
  here: a plan that steps one aside first is seen as the win it is). With three or
  four players the lead over the mean rival counts a rival's imminent win only a
  third against each other seat; with ``rival_win_share`` 1 (the 4-player Hard)
  each other seat counts all of it, so it spends its go on the one attack that
  can stop it. Hard (with two players too, since 5 Dec) also counts the walk
  home of the seat that has just had its go by how surely it survives every
  rival's go before it (``unanswered_win``: a Mage out of reach with an
  unblockable base square wins), and a share of it (``two_go_win``) while the
  Mage is two goes from home; two-player Hard counts that share for the seat that
  has just had its go too, by how surely the rivals' attacks on its Mage now fail
  (``last_two_go_win``), so a loaded Mage out of reach is not judged stopped;
* enough stones left (Hard, ``enough_stones``): a seat whose Mage holds four stones or
  more gains a little while those and the free ones still make six, so the last stones
  such a collector needs are taken before it gathers them (two players share eight
  stones: one holding three keeps the other from six unless a Mage falls);
* a d20 a stone short (Hard, ``sixth_stone``): a Mage holding five Activated stones holds a share of the
  walk-home win while a free stone lies within its next go's walk, and felling a rival Mage within that walk
  is worth the win its dropped stones complete, so Hard leaves neither its Mage nor the last free stone where
  such a d20 takes its sixth.
Per-seat values are ``tanh`` of the lead over the mean rival (zero-sum for two).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations
from typing import Any, NamedTuple, cast

from game.ai.weights import load_weights
from game.rules.magestone import MageStoneState, UnitAction
from game.rules.magestone.board import (
    ACTIVATIONS_PER_GO,
    MAGE,
    NOVA_COST,
    PRIEST,
    SQUARES_PER_GO,
    STONES_TO_WIN,
    WARRIOR,
    power_die,
)
from game.rules.magestone.dice import attacker_win_probability
from game.rules.protocol import GameState


@dataclass(frozen=True)
class Weights:
    """Feature weights, in Warriors."""

    scale: float = 6.0
    warrior: float = 1.0
    mage: float = 1.2
    mage_queued: float = 0.6
    priest: float = 1.0
    priest_queued: float = 0.5
    activated: float = 1.1
    unactivated: float = 0.55
    home_pull: float = 0.04
    win_pull: float = 0.07
    """Per square beyond ``win_pull_slack``, the pull home of a Mage holding 6 Activated stones: gentle enough
    that a sixth stone up to three goes from home is worth taking, and still felt on the last squares home
    (0.4 until 6 Dec 2026, as ``hard-ref`` keeps it; Hard and ``hard-multi`` 0.1)."""
    win_pull_slack: int = 0
    """Squares from home within which a Mage holding 6 Activated stones feels no ``win_pull`` (Hard: a go's
    squares, where its stakes on a walk home after its own go take over), so that taking the sixth stone a go
    or more from home is not priced below leaving it."""
    stone_pull: float = 0.05
    rite_base: float = 2.5
    rite_safe: float = 4.0
    priest_nexus_pull: float = 0.05
    priest_on_nexus: float = 0.4
    warrior_nexus_pull: float = 0.02
    warrior_pull_floor: int = 2
    strike_first: float = 0.15
    imminent_win: float = 5.0
    activation_win: float = 0.0
    eliminated: float = -30.0
    stake_strikes: float = 1.0
    home_gain: float = 0.0
    calm_activated: float = 0.0
    home_reach: int = 24
    stone_block: float = 0.0
    activation_threat: float = 0.0
    home_min_stones: int = 0
    """While loose stones lie on the board, ``home_gain`` and ``activation_threat`` count only for a Mage
    holding at least this many Unactivated stones (or enough to win once activated): the racer that collects
    four, a d20, before it goes home (the ``hard-racer`` arena level)."""
    mage_exposure: float = 0.0
    priest_exposure: float = 0.0
    """As ``mage_exposure``, for a Priest on the Nexus that runs no Rite (the Rite's safety prices that one)
    once its owner can no longer step it away in its go: a Priest cannot strike back, and one on a Nexus
    square where the next seat's Warriors walk up together beside it is felled at 90 % (Hard: the careful
    games' goes 18 of seed 2033 and 34 of the 5 Dec game). Its prize counts the Priest alone, not its
    ``priest_on_nexus`` standing, hence a weight above 1."""
    rite_screen: float = 0.0
    rite_prize: float = 0.0
    rite_imminent: float = 0.0
    unanswered_win: float = 0.0
    """The share of a walk-home win counted for the seat that has just had its go (whose rivals all act
    before it), times how surely none of them answers it: nothing when their units can stand on every base
    square it can walk onto, else the chance that each rival's best attack on its Mage fails (Hard)."""
    two_go_win: float = 0.0
    """The share of a walk-home win counted while the Mage holding it is two goes from home (more than a
    go's squares and at most two): the rivals' go between is the one in which an attack or a block is in
    time (Hard)."""
    last_two_go_win: float = 0.0
    """The share of a walk-home win counted two goes from home (as ``two_go_win``) for the seat that has just
    had its go, times how surely every rival's best walk-up attack on its Mage fails now: a Mage loaded to win
    and out of reach is not stopped by a go that cannot reach it (Hard)."""
    nexus_clear_pull: float = 0.0
    """Per square, how hard a Mage with nothing to collect or carry home is drawn, while no Rite runs, towards
    the nearest enemy unit on the Nexus (which keeps its Priest from declaring); a felled Mage counts from its
    start square, where it comes back (Hard)."""
    nexus_pull_holding: int = 0
    """1: ``nexus_clear_pull`` draws a Mage holding Unactivated stones too, so one on its base is worth no
    more holding them than activating them (without it a Mage at home kept a stone unactivated and walked
    between its base squares for 300 goes, thirty-seventh session)."""
    rival_win_share: float = 0.0
    """With three or four players, the share of a rival's imminent win each other seat counts as its own
    loss (at most 1); at or below 1 / (players - 1), the lead over the mean rival's own share, nothing
    changes."""
    sixth_stone: float = 0.0
    """The share of a walk-home win counted for a d20 Mage a stone short of it (five Activated) while a free
    stone lies within its next go's walk (two goes home from there; for the seat that has just had its go,
    times how surely the rivals' attacks on its Mage now fail), and what felling a rival Mage adds when the
    stones it drops complete the load of the attacker's Mage within a go of them (Hard: a Mage is not left
    beside a d20 one stone short of six, the seed-15 careful game)."""
    enough_stones: float = 0.0
    """Counted for a seat whose Mage holds four stones or more while those and the free ones make six (its
    MageStone win can still come without felling a rival Mage), so taking the last stones it needs is worth
    this to its rivals (Hard: the seed-2027 careful game's goes 16 and 18). Counted from any load, the third
    stone of a two-player game (eight stones) gained it, and Hard raced for a third stone where walking home
    to activate two wins more (forty-first session)."""
    winning_load_pull: float = 0.0
    """Per square beyond ``win_pull_slack``, the pull home of a Mage holding enough stones to win once the
    Unactivated ones are activated (``activation_win``), in place of ``home_pull``, which counts every square
    and would price the sixth stone taken nine squares from home below leaving it (the four-player Hard)."""


class _Stakes(NamedTuple):
    """Per seat, what its rivals win by felling one of its units beyond the unit itself."""

    win: list[float]
    """The imminent MageStone win its Mage holds."""
    rite: list[float]
    """The worth of the Rite its Priest runs."""


DEFAULT = load_weights("magestone", "default", Weights)
"""Easy and Normal's weights (``levels/ai/magestone.json``, like the sets below)."""

HALF_BLOCK_RELIEF = 0.1
"""How much less an imminent MageStone win counts per base square blocked while another is open."""

SCREEN_UNITS = 3
"""The most Nexus squares a Rite's owner is counted to fill (screen) with its units in one go."""

HARD_REF = load_weights("magestone", "hard-ref", Weights)
"""Hard's weights of 1 Dec 2026 (the ``hard-ref`` arena level): kept fixed as the yardstick."""

HARD_RACER = load_weights("magestone", "hard-racer", Weights)
"""Hard's weights of 6 Dec 2026 with ``home_min_stones`` 4 (the ``hard-racer`` arena level): its Mage walks
home to activate only with four stones (a d20) while loose stones are left, as careful players race."""

HARD = load_weights("magestone", "hard", Weights)
"""Hard's weights: the stone race (collecting always pays, a carried stone is worth more within a go of
home, Warriors kept off stones, a rival Mage walking stones home to activate is a threat), its Mage kept
out of the next seat's reach, and a Mage that can walk home and win in the next go (with 6
Activated stones, or 6 to activate there) judged close to a lost game for everyone else, so Hard spends its
go on the one defence; and, as the 4-player Hard counts it, such a walk home after its owner's go counted by
how surely the rival's go cannot answer it (``unanswered_win``: the lines Hard plans through the rival's reply
see it) and two goes off in part (``two_go_win``), so Hard attacks that Mage while it is still in time; and
(since 6 Dec) a Mage two goes from a winning walk home after its owner's go by how surely the rival's attacks
on it now fail (``last_two_go_win``: a reply that takes a sixth stone out of reach is a threat, not a position
the next go answers); and (since 7 Dec) a free stone within the walk of a d20 a stone short, or a Mage it can
fell, counted as part of that d20's load (``sixth_stone``); and (since the forty-first session) a Mage four
stones in while the free ones still make six counted a little ahead (``enough_stones``) (docs/ai.md)."""

HARD_MULTI = load_weights("magestone", "hard-multi", Weights)
"""Hard's weights with three or four players: ``hard-ref``'s, with a rival's walk home to win judged as Hard
judges it (``imminent_win``, ``activation_win``) and counted in full against every other seat
(``rival_win_share``), and felling that Mage worth the win it takes away (``stake_strikes`` 3: the seat to
act counts its strikes at ``strike_first``, so a walk that sets up the one attack on it is among the plans
its beam searches); a walk home no rival can answer counted as won (``unanswered_win``) and one two goes off
in part (``two_go_win``), so the attack comes while it is still in time; and, as Hard's two-player weights
have them, a Rite that wins at its owner's next go worth nearly a won game and felling its Priest worth that
(``rite_imminent``, ``rite_prize``); and Hard's pull home on a six-stone Mage (``win_pull``,
``win_pull_slack``), so a sixth stone more than a go from home is taken (``hard-ref``'s 0.4 a square priced it
below leaving it); a Mage holding a winning load is pulled home as a six-Activated one
(``winning_load_pull``); and, as Hard's two-player weights have it, a Warrior or Priest on a free stone costs
``stone_block`` (it keeps the seat's own Mage off; the seed-93 careful game, 6 Dec 2026)."""


@cache
def _nexus_distance(board: Any) -> tuple[int, ...]:
    """Manhattan distance from every square index to the nearest Nexus square."""
    return tuple(_nearest(sq, board.nexus) for sq in range(256))


@cache
def _win_chance(sides: int, count: int, defender: int) -> float:
    return float(attacker_win_probability(sides, count, defender))


def _distance(a: int, b: int) -> int:
    return abs((a & 15) - (b & 15)) + abs((a >> 4) - (b >> 4))


def _nearest(square: int, targets: Any) -> int:
    return min((_distance(square, t) for t in targets), default=99)


class MageStoneEval:
    """The evaluation with a given set of :class:`Weights` (callable as an ``Evaluator``)."""

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.w = weights

    def __call__(self, state: GameState) -> list[float]:
        """Per-seat values in (-1, 1) of a live MageStone position; a win in hand is worth a win."""
        winner = winning_now(cast(MageStoneState, state))
        if winner >= 0:
            return [1.0 if seat == winner else -1.0 for seat in range(state.num_players)]
        return [math.tanh(lead / self.w.scale) for lead in self.leads(state)]

    def leads(self, state: GameState) -> list[float]:
        """Each seat's raw score less the mean raw score of its rivals."""
        scores = self.raw_scores(state)
        n = len(scores)
        total = sum(scores)
        return [s - (total - s) / (n - 1) for s in scores]

    def raw_scores(self, state: GameState) -> list[float]:
        """Each seat's raw score (see the module docstring)."""
        w = self.w
        s = cast(MageStoneState, state)
        n = s.num_players
        units = s.units
        to_nexus_of = _nexus_distance(s.board)
        stones = [sq for sq, (u, a) in s.stones.items() if u or a]
        stone_set = set(stones)
        free_count = sum(u + a for u, a in s.stones.values()) if w.enough_stones else 0
        activated, unactivated = s.carried
        mage_starts, priest_starts = s.start_squares
        by_seat: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for sq, code in units.items():
            by_seat[code >> 2].append((sq, code & 3))
        rite = s.rite
        turn = s.turn
        near_wins = [self._near_win(a, u) for a, u in zip(activated, unactivated, strict=True)]
        fresh = _next_fresh_seat(s)
        base_of = list(zip(mage_starts, priest_starts, strict=True))
        last = _alive_seat_from(s, fresh, -1)
        wins = self._win_stakes(s, near_wins, base_of, last, by_seat)
        rites = [0.0] * n
        if rite is not None:
            rites[rite[0]] = self._rite_worth(s, rite, by_seat, wins, fresh)
        if (w.two_go_win or w.last_two_go_win) and any(near_wins):
            two_goes = self._two_go_stakes(s, near_wins, base_of, last, by_seat)
            wins = [now + later for now, later in zip(wins, two_goes, strict=True)]
        if w.sixth_stone and stones and STONES_TO_WIN - 1 in activated:  # a d20 a stone short
            loads = self._load_in_reach_stakes(s, base_of, last, by_seat, stones)
            wins = [now + load for now, load in zip(wins, loads, strict=True)]
        stakes = _Stakes(wins, rites)
        scores = []
        for seat in range(n):
            if not s.alive[seat]:
                scores.append(w.eliminated)
                continue
            base = base_of[seat]
            ca, cu = activated[seat], unactivated[seat]
            score = w.warrior * s.warriors[seat] + w.activated * ca + w.unactivated * cu
            if w.enough_stones and ca + cu >= STONES_TO_WIN - 2 and ca + cu + free_count >= STONES_TO_WIN:
                score += w.enough_stones
            score += wins[seat] + rites[seat]
            homeward = cu >= min(w.home_min_stones, STONES_TO_WIN - ca) or not stones
            if w.activation_threat and cu and homeward and not near_wins[seat] and seat == fresh:
                score += w.activation_threat * cu * _homecoming(s, seat, base)
            mage, priest = s.mage_squares[seat], s.priest_squares[seat]
            if mage >= 0:
                score += w.mage
                if w.mage_exposure and seat != fresh:
                    score -= w.mage_exposure * self._walk_up_threat(s, mage, fresh, by_seat[fresh], stakes)
                home = _nearest(mage, base)
                beyond_slack = max(0, home - w.win_pull_slack)
                if ca >= STONES_TO_WIN:
                    score -= w.win_pull * beyond_slack
                else:
                    if cu:
                        if w.winning_load_pull and near_wins[seat]:
                            score -= w.winning_load_pull * beyond_slack
                        else:
                            score -= w.home_pull * home
                        if homeward:
                            score += w.home_gain * cu * max(0, w.home_reach - home) / w.home_reach
                    if stones:
                        score -= w.stone_pull * _nearest(mage, stones) / (1 + cu + w.calm_activated * ca)
            else:
                score += w.mage_queued
            holding = cu and not w.nexus_pull_holding
            if w.nexus_clear_pull and rite is None and not stones and not holding and ca < STONES_TO_WIN:
                score -= w.nexus_clear_pull * _nexus_blocker_distance(s, seat, mage, mage_starts[seat])
            if priest >= 0:
                score += w.priest
                to_nexus = to_nexus_of[priest]
                score += w.priest_on_nexus if to_nexus == 0 else -w.priest_nexus_pull * to_nexus
                if w.priest_exposure and not to_nexus and _priest_settled(s, seat, fresh):
                    threat = self._walk_up_threat(s, priest, fresh, by_seat[fresh], stakes)
                    score -= w.priest_exposure * threat
            else:
                score += w.priest_queued
            far = sum(max(0, to_nexus_of[sq] - w.warrior_pull_floor)
                      for sq, kind in by_seat[seat] if kind == WARRIOR)
            score -= w.warrior_nexus_pull * far
            if w.stone_block and mage >= 0:
                blocked = stone_set.union(base) if cu and mage not in base else stone_set
                parked = sum(1 for sq, kind in by_seat[seat] if kind != MAGE and sq in blocked)
                score -= w.stone_block * parked
            if seat == turn:
                score += w.strike_first * self._strikes(s, seat, by_seat, units, stakes)
            scores.append(score)
        return self._rivals_lose(scores, wins)

    def _rivals_lose(self, scores: list[float], wins: list[float]) -> list[float]:
        """Scores with each seat's lead lowered by ``rival_win_share`` of every rival's imminent win.

        The lead over the mean rival already lowers each other seat's lead by 1 / (n - 1) of a stake;
        taking k x the stake from each other seat's score lowers it by (k + 1) / (n - 1), so k is
        share x (n - 1) - 1.
        """
        n = len(scores)
        extra = self.w.rival_win_share * (n - 1) - 1
        total = sum(wins)
        if extra <= 0 or not total:
            return scores
        return [score - extra * (total - own) for score, own in zip(scores, wins, strict=True)]

    def _win_stakes(
        self, s: MageStoneState, near_wins: list[float], bases: list[tuple[int, int]], last: int,
        by_seat: list[list[tuple[int, int]]],
    ) -> list[float]:
        """Per seat, the worth of the imminent MageStone win its Mage holds (0 for most seats).

        For every seat with a whole go ahead before the last seat to act comes round again: its
        Mage's walk home past enemy units (with three or four players, a win two seats on is as
        near for whoever can still stop it as one at the next seat); for the seat to act in a begun
        go: its Mage at home (to activate there) or its walk home now (own units block). The last
        seat to act (``last``), whose next go comes after every rival's, holds no stake, since they can
        all answer, unless ``unanswered_win`` counts the share no rival can (:meth:`_unanswered_share`).
        """
        stakes = [0.0] * len(near_wins)
        if not any(near_wins):
            return stakes
        for seat, near in enumerate(near_wins):
            mage, base = s.mage_squares[seat], bases[seat]
            if not near or mage < 0 or _nearest(mage, base) > SQUARES_PER_GO:
                continue
            if seat != last:
                stakes[seat] = near * _open_base_share(s, seat, mage, base)
            elif seat == s.turn and (mage in base or not s.reachable(mage).keys().isdisjoint(base)):
                stakes[seat] = near
            elif self.w.unanswered_win:
                share = self._unanswered_share(s, seat, mage, base, by_seat)
                stakes[seat] = near * self.w.unanswered_win * share
        return stakes

    def _two_go_stakes(
        self, s: MageStoneState, near_wins: list[float], bases: list[tuple[int, int]], last: int,
        by_seat: list[list[tuple[int, int]]],
    ) -> list[float]:
        """Per seat, ``two_go_win`` of the walk-home win its Mage holds two goes from home (past enemy units).

        Counted while a rival's go comes before the owner's next; for ``last``, the last seat to act, whose
        rivals all act first, ``last_two_go_win`` of it times how surely their attacks on its Mage now fail. A
        Rite or a one-go win comes first, so only these stakes, not the Rite's worth, see it.
        """
        w = self.w
        stakes = [0.0] * len(near_wins)
        for seat, near in enumerate(near_wins):
            mage, base = s.mage_squares[seat], bases[seat]
            home = _nearest(mage, base) if near and mage >= 0 else 0
            if not SQUARES_PER_GO < home <= 2 * SQUARES_PER_GO:
                continue
            if seat != last:
                weight = w.two_go_win
            elif w.last_two_go_win:
                weight = w.last_two_go_win * self._attacks_fail_share(s, seat, mage, by_seat)
            else:
                continue
            stakes[seat] = weight * near * _open_base_share(s, seat, mage, base, goes=2)
        return stakes

    def _load_in_reach_stakes(
        self, s: MageStoneState, bases: list[tuple[int, int]], last: int,
        by_seat: list[list[tuple[int, int]]], stones: list[int],
    ) -> list[float]:
        """Per seat, ``sixth_stone`` of the walk-home win its d20 Mage a stone short (five Activated) holds
        once it takes a free stone within its next go's walk (the best such stone, by how surely the base is
        reached in two goes from it).

        For ``last``, whose rivals all act before it, times how surely their attacks on its Mage now fail.
        """
        board = s.board
        stakes = [0.0] * s.num_players
        for seat, mage in enumerate(s.mage_squares):
            if mage < 0:
                continue
            loads = {sq: self._completed_by(s, seat, *s.stones[sq])
                     for sq in stones if _distance(mage, sq) <= SQUARES_PER_GO}
            if not any(loads.values()):
                continue
            _layers, reach = board.flood_reach(mage, board.valid_mask & ~s.enemy_mask(seat), SQUARES_PER_GO)
            best = max((load * _open_base_share(s, seat, sq, bases[seat], goes=2)
                        for sq, load in loads.items() if load and reach >> sq & 1), default=0.0)
            if best and seat == last:
                best *= self._attacks_fail_share(s, seat, mage, by_seat)
            stakes[seat] = self.w.sixth_stone * best
        return stakes

    def _completed_by(self, s: MageStoneState, seat: int, unactivated: int, activated: int) -> float:
        """The walk-home win (:meth:`_near_win`) that taking these stones completes for the seat's d20 Mage a
        stone short (five Activated, no winning load yet); 0 for any other Mage."""
        ca, cu = s.carried[0][seat], s.carried[1][seat]
        if ca != STONES_TO_WIN - 1 or self._near_win(ca, cu):
            return 0.0
        return self._near_win(ca + activated, cu + unactivated)

    def _rite_worth(self, s: MageStoneState, rite: tuple[int, int, int], by_seat: list[list[tuple[int, int]]],
                    wins: list[float], fresh: int) -> float:
        """What the running Rite is worth to its owner: a base, and more the safer it is from the rivals.

        A Rite that wins at the start of its owner's next go (Hard: ``rite_imminent``) is worth nearly
        a won game; once the last rival's go is under way and the Rite still stands, nothing can break
        it. While a rival holds an imminent MageStone win (Hard), only the base counts: that win comes
        first, so stopping it matters more than keeping the Rite safe. A Rite screened so that only a Bolt
        breaks it (Hard) is worth the Activated stone that Bolt costs the rival (so Hard fills the Nexus
        though a rival Mage stands within Bolt range).
        """
        w = self.w
        owner, laps, needed = rite
        if w.rite_imminent and any(v for seat, v in enumerate(wins) if seat != owner):
            return w.rite_base
        safety, toll = _rite_safety(s, owner, by_seat, w.rite_screen, fresh)
        worth = w.rite_safe
        if w.rite_imminent and laps == needed - 1:
            worth = max(worth, w.rite_imminent)
            if s.turn != owner and fresh == owner:
                safety, toll = 1.0, 0.0
        return w.rite_base + worth * safety + w.activated * toll

    def _near_win(self, activated: int, unactivated: int) -> float:
        """Worth of a walk home that wins: with 6 Activated stones, or with 6 once activated there."""
        if activated >= STONES_TO_WIN:
            return self.w.imminent_win
        return self.w.activation_win if activated + unactivated >= STONES_TO_WIN else 0.0

    def _unit_value(self, s: MageStoneState, seat: int, kind: int) -> float:
        w = self.w
        if kind == WARRIOR:
            return w.warrior
        if kind == PRIEST:
            return w.priest - w.priest_queued
        activated, unactivated = s.carried
        dropped: float = unactivated[seat] * w.unactivated + (w.activated if activated[seat] else 0.0)
        return w.mage - w.mage_queued + dropped

    def _strikes(
        self, s: MageStoneState, seat: int, by_seat: list[list[tuple[int, int]]], units: Mapping[int, int],
        stakes: _Stakes,
    ) -> float:
        """Expected gain of the best attacks the seat about to act has without moving (up to 3).

        Felling a Mage also takes away the imminent win it holds, felling a Priest the Rite it runs.
        """
        neighbours = s.board.neighbours
        warriors_at: dict[int, int] = {}
        mage_hits: list[int] = []
        for sq, kind in by_seat[seat]:
            if kind == PRIEST:
                continue
            for nb in neighbours[sq]:
                code = units.get(nb)
                if code is not None and code >> 2 != seat:
                    if kind == WARRIOR:
                        warriors_at[nb] = warriors_at.get(nb, 0) + 1
                    else:
                        mage_hits.append(nb)
        gains = []
        for target, count in warriors_at.items():
            gains.append(self._gain(s, target, units[target], 6, min(count, 3), self.w.warrior, stakes, seat))
        own_die = power_die(s.carried[0][seat])
        mage_risk = self._unit_value(s, seat, MAGE)
        for target in mage_hits:
            gains.append(self._gain(s, target, units[target], own_die, 1, mage_risk, stakes, seat))
        gains.sort(reverse=True)
        return sum(g for g in gains[:3] if g > 0)

    def _walk_up_threat(
        self, s: MageStoneState, target: int, attacker: int, attackers: list[tuple[int, int]],
        stakes: _Stakes,
    ) -> float:
        """Expected gain of ``attacker``'s best attack on the Mage (or Priest) on ``target`` in its next
        whole go (0 if none pays).

        Its Warriors (up to three together) or its Mage walk past every unit to squares beside the target
        within the go's squares; or its Mage casts a Bolt from where it stands, or, holding 4 Activated
        stones, walks into the ring round the target and casts a Nova (certain; it costs one stone's worth,
        as the four stay Activated beside the caster). A lost attack costs the attacker as in
        :meth:`_strikes`, so an even Mage duel that risks more than it wins is no threat.
        """
        code = s.units[target]
        best = 0.0
        for sides, count, risk in self._walk_up_attacks(s, target, attacker, attackers):
            if count:
                best = max(best, self._gain(s, target, code, sides, count, risk, stakes, attacker))
            else:
                best = max(best, self._prize(s, code, stakes, attacker) - risk)
        return best

    def _walk_up_attacks(
        self, s: MageStoneState, target: int, attacker: int, attackers: list[tuple[int, int]]
    ) -> Iterator[tuple[int, int, float]]:
        """Each attack ``attacker`` can make on the unit on ``target`` in its next whole go (see
        :meth:`_walk_up_threat`): its die's sides, the dice rolled and what a lost one costs; a Nova, which
        cannot fail, as no dice and the stone's worth it costs."""
        code = s.units[target]
        empty = s.board.valid_mask & ~(s.enemy_mask(code >> 2) | s.enemy_mask(attacker))
        costs: list[int] = []
        for sq, kind, cost in _walk_up(s, target, attackers, empty):
            if kind == WARRIOR:
                if cost >= 0:
                    costs.append(cost)
                continue
            activated = s.carried[0][attacker]
            if cost >= 0:
                yield power_die(activated), 1, self._unit_value(s, attacker, MAGE)
            if activated and _distance(sq, target) <= SQUARES_PER_GO:
                yield power_die(activated - 1), 1, self.w.activated
            if activated >= NOVA_COST and _can_reach_ring(s, sq, target, empty):
                yield 0, 0, self.w.activated
        for count in _warrior_parties(costs):
            yield 6, count, self.w.warrior

    def _unanswered_share(
        self, s: MageStoneState, seat: int, mage: int, base: tuple[int, int],
        by_seat: list[list[tuple[int, int]]],
    ) -> float:
        """How surely the seat's Mage walks home in its next go though every rival acts first (0 to 1).

        0 when rival units can stand on every base square it can walk onto; else
        :meth:`_attacks_fail_share`.
        """
        if mage not in base and _base_blockable(s, seat, mage, base):
            return 0.0
        return self._attacks_fail_share(s, seat, mage, by_seat)

    def _attacks_fail_share(
        self, s: MageStoneState, seat: int, mage: int, by_seat: list[list[tuple[int, int]]]
    ) -> float:
        """The chance that each rival's best walk-up attack (:meth:`_walk_up_attacks`, made in turn) on the
        seat's Mage fails."""
        defender = power_die(s.carried[0][seat])
        share = 1.0
        for rival, units in enumerate(by_seat):
            if rival != seat and s.alive[rival]:
                attacks = self._walk_up_attacks(s, mage, rival, units)
                share *= 1.0 - max((_win_chance(sides, count, defender) if count else 1.0
                                    for sides, count, _risk in attacks), default=0.0)
        return share

    def _prize(self, s: MageStoneState, code: int, stakes: _Stakes, attacker: int) -> float:
        """What ``attacker`` wins by felling the unit ``code``: its worth, for a Mage the imminent win it
        holds (and with ``sixth_stone`` the load its dropped stones complete for the attacker's Mage), for a
        Priest the Rite it runs."""
        owner, kind = code >> 2, code & 3
        value = self._unit_value(s, owner, kind)
        if kind == MAGE:
            return value + self.w.stake_strikes * stakes.win[owner] + self._completed_load(s, owner, attacker)
        return value + self.w.rite_prize * stakes.rite[owner] if kind == PRIEST else value

    def _completed_load(self, s: MageStoneState, owner: int, attacker: int) -> float:
        """``sixth_stone`` of the walk-home win the stones ``owner``'s felled Mage drops complete for
        ``attacker``'s d20 Mage a stone short (five Activated; an Unactivated stone counts when
        ``activation_win`` does), when it stands within a go's walk of them."""
        if not self.w.sixth_stone:
            return 0.0
        mage, dropped_at = s.mage_squares[attacker], s.mage_squares[owner]
        if mage < 0 or _distance(mage, dropped_at) > SQUARES_PER_GO:
            return 0.0
        activated, unactivated = s.carried
        dropped_activated = 1 if activated[owner] else 0
        return self.w.sixth_stone * self._completed_by(s, attacker, unactivated[owner], dropped_activated)

    def _gain(
        self, s: MageStoneState, target: int, code: int, sides: int, count: int, risk: float,
        stakes: _Stakes, attacker: int,
    ) -> float:
        owner, kind = code >> 2, code & 3
        defender = power_die(s.carried[0][owner]) if kind == MAGE else 6
        p = _win_chance(sides, count, defender)
        return p * self._prize(s, code, stakes, attacker) - (1 - p) * risk


evaluate = MageStoneEval()
"""The default MageStone evaluation."""


def winning_now(s: MageStoneState) -> int:
    """The seat whose Mage stands on its base able to activate the stones that win at once, else -1.

    Nothing comes between: the go planners see the step home as the win it is, where a step home scored
    alone falls below other moves (Normal stood beside its base with nine stones for sixteen goes).
    """
    seat = s.current_player()
    if seat < 0:
        return -1
    mage = s.mage_squares[seat]
    activated, unactivated = s.carried
    if (unactivated[seat] and activated[seat] + unactivated[seat] >= STONES_TO_WIN
            and mage in (s.start_squares[0][seat], s.start_squares[1][seat])
            and s.is_legal(UnitAction("activate", mage))):
        return seat
    return -1


def breaks_a_rite(state: GameState) -> bool:
    """Whether the dice contest waiting in ``state`` is an attack on the Priest of a rival's running Rite: a
    careful player takes any chance of breaking a Rite, so the go planner's caution spares it."""
    s = cast(MageStoneState, state)
    contest, rite = s.pending_contest(), s.rite
    if contest is None or rite is None:
        return False
    owner = rite[0]
    return owner != s.turn and s.priest_squares[owner] == contest[2]


EVEN = Fraction(1, 2)
"""The least chance of an attack on a loaded Mage that the caution spares."""

LOADED_MAGE = STONES_TO_WIN - 1
"""Stones (Activated or not) a rival Mage carries from which an even attack on it is decisive: one stone more
and its walk home wins."""


def loses_when_go_ends(state: GameState, seat: int) -> bool:
    """Whether ``seat``, in its own go, loses once the go ends as things stand: a rival's Rite one lap from
    winning still runs and its owner's go comes next (Hard's ``doomed`` test: the go planner scores a move it
    did not plan into such a position as the loss)."""
    s = cast(MageStoneState, state)
    rite = s.rite
    return (rite is not None and rite[0] != seat and rite[1] == rite[2] - 1 and s.turn == seat
            and _alive_seat_from(s, seat, 1) == rite[0])


def stops_a_win(state: GameState) -> bool:
    """Whether the dice contest waiting in ``state`` is one a careful player takes whatever it risks: an
    attack on the Priest of a rival's running Rite (:func:`breaks_a_rite`), or an even or better one on a
    rival Mage carrying ``LOADED_MAGE`` stones or more (a long shot at it is no stop: a block is surer)."""
    if breaks_a_rite(state):
        return True
    s = cast(MageStoneState, state)
    contest = s.pending_contest()
    code = None if contest is None else s.units.get(contest[2])
    if code is None or code & 3 != MAGE or code >> 2 == s.turn or s.win_probability() < EVEN:
        return False
    activated, unactivated = s.carried
    owner = code >> 2
    return activated[owner] + unactivated[owner] >= LOADED_MAGE


def _next_fresh_seat(s: MageStoneState) -> int:
    """The seat whose whole go comes next: the seat to act before its go begins, else the next seat.

    The search plans the rest of a begun go itself; what no search of that go sees is the
    answer a whole go of the next seat can give to it.
    """
    info = s.go_info()
    if info["squares"] == SQUARES_PER_GO and not info["activations"]:
        return s.turn
    return _alive_seat_from(s, s.turn, 1)


def _nexus_blocker_distance(s: MageStoneState, seat: int, mage: int, start: int) -> int:
    """How far the seat's Mage (a felled one from its start square) stands from the nearest enemy unit on the
    Nexus, which keeps its Priest from declaring (0 when there is none)."""
    units = s.units
    blockers = [sq for sq in s.board.nexus if sq in units and units[sq] >> 2 != seat]
    return _nearest(mage if mage >= 0 else start, blockers) if blockers else 0


def _can_reach_ring(s: MageStoneState, caster: int, target: int, empty: int) -> bool:
    """Whether a Mage on ``caster`` stands in, or can walk in a whole go into, the ring round ``target``."""
    ring = s.board.ring[target]
    if caster in ring:
        return True
    ring_mask = sum(1 << sq for sq in ring if sq >= 0)
    return bool(s.board.flood_reach(caster, empty, SQUARES_PER_GO)[1] & ring_mask)


def _alive_seat_from(s: MageStoneState, seat: int, step: int) -> int:
    """The first alive seat after ``seat`` in turn order (``step`` 1) or before it (-1); ``seat`` itself
    when it is alone."""
    n, alive = s.num_players, s.alive
    return next((other for k in range(1, n) if alive[other := (seat + step * k) % n]), seat)


def _homecoming(s: MageStoneState, seat: int, base: tuple[int, int]) -> float:
    """How surely the seat's Mage can walk onto its base in its next whole go (0 when it is too far)."""
    mage = s.mage_squares[seat]
    if mage < 0 or _nearest(mage, base) > SQUARES_PER_GO:
        return 0.0
    return 1.0 if mage in base else _open_base_share(s, seat, mage, base)


def _open_base_share(s: MageStoneState, seat: int, mage: int, base: tuple[int, int], goes: int = 1) -> float:
    """How surely the seat's Mage reaches its base in ``goes`` whole goes, past enemy units (0 to 1).

    Own units count as passable (they can step aside). One open base square is enough, but a
    base half blocked scores a little lower so that a defender's beam finds the second block.
    """
    board = s.board
    _layers, reach = board.flood_reach(mage, board.valid_mask & ~s.enemy_mask(seat), goes * SQUARES_PER_GO)
    open_squares = sum(reach >> sq & 1 for sq in base)
    return 0.0 if not open_squares else 1.0 - HALF_BLOCK_RELIEF * (len(base) - open_squares)


def _base_blockable(s: MageStoneState, seat: int, mage: int, base: tuple[int, int]) -> bool:
    """Whether rival units can reach, each within a go, every base square the seat's Mage can walk onto in
    its next go (a square its own unit holds cannot be taken)."""
    board = s.board
    _layers, reach = board.flood_reach(mage, board.valid_mask & ~s.enemy_mask(seat), SQUARES_PER_GO)
    rivals = [sq for sq, code in s.units.items() if code >> 2 != seat]
    empty = board.valid_mask & ~(s.enemy_mask(seat) | s.enemy_mask((seat + 1) % s.num_players))
    near = board.near
    for square in base:
        if not reach >> square & 1:
            continue
        if square in s.units:
            return False
        layers = board.flood(square, empty, SQUARES_PER_GO - 1)
        if not any(near[sq] & layer for sq in rivals for layer in layers):
            return False
    return True


def _priest_settled(s: MageStoneState, seat: int, fresh: int) -> bool:
    """Whether the next whole go (``fresh``'s) finds ``seat``'s Priest where it stands: ``seat`` is a rival of
    ``fresh``, runs no Rite (whose safety prices its Priest) and cannot step the Priest away in the rest of
    its own go."""
    rite = s.rite
    return (seat != fresh and (rite is None or rite[0] != seat)
            and (seat != s.turn or not s.can_move(s.priest_squares[seat])))


def _walk_up(s: MageStoneState, target: int, units: list[tuple[int, int]], empty: int
             ) -> Iterator[tuple[int, int, int]]:
    """Each of ``units`` but Priests, with the squares it must walk through ``empty`` to stand beside
    ``target`` (0 when it already does, -1 when a go's squares do not take it there)."""
    board = s.board
    layers = board.flood(target, empty, SQUARES_PER_GO)
    near = board.near
    for sq, kind in units:
        if kind != PRIEST:
            yield sq, kind, next((k for k, layer in enumerate(layers) if near[sq] & layer), -1)


def _warrior_parties(costs: list[int]) -> Iterator[int]:
    """Sizes (1 to 3) of the Warrior parties that can walk up together in one go, given each Warrior's
    walk-up cost (the cheapest walkers join first)."""
    walked = 0
    for count, cost in enumerate(sorted(costs)[:3], 1):
        walked += cost
        if walked > SQUARES_PER_GO:
            return
        yield count


def _reach_safety(reach: int) -> float:
    """0 when a rival walks in within a go, rising to 1 at two goes' walk."""
    return min(1.0, max(0.0, (reach - SQUARES_PER_GO) / SQUARES_PER_GO))


def _rite_safety(
    s: MageStoneState, seat: int, by_seat: list[list[tuple[int, int]]], screen: float, fresh: int
) -> tuple[float, float]:
    """How safe the Rite is from its rivals' next go: 0 when a rival can surely break it, up to 1 when none
    can reach it; and, when only a Bolt surely breaks it, the safety it would have without that Bolt (how
    surely the rival must pay a stone to break it), else 0.

    Plainly, by the nearest rival unit's distance to the Nexus; a rival Mage with an Activated stone
    within Bolt range of the Priest breaks it surely. Screened (Hard, blended in by ``screen``), walkers
    count only onto Nexus squares the owner leaves open (and cannot fill with a whole go of its own first),
    and the best walk-up attack on the Priest caps the safety at that attack's chance of failing.
    """
    to_nexus = _nexus_distance(s.board)
    priest = s.priest_squares[seat]
    activated = s.carried[0]
    reach = 99
    bolted = False
    for other, units in enumerate(by_seat):
        if other == seat:
            continue
        for sq, kind in units:
            if kind == MAGE and activated[other] and priest >= 0 and _distance(sq, priest) <= SQUARES_PER_GO:
                bolted = True
            reach = min(reach, to_nexus[sq])
    plain = _reach_safety(reach)
    if not screen:
        return (0.0 if bolted else plain), 0.0
    walkers = _reach_safety(_open_nexus_reach(s, seat, by_seat, fresh))
    screened = min(walkers, 1.0 - _priest_attack_chance(s, seat, by_seat))
    if bolted:
        return 0.0, screen * screened
    return (1.0 - screen) * plain + screen * screened, 0.0


def _open_nexus_reach(s: MageStoneState, seat: int, by_seat: list[list[tuple[int, int]]], fresh: int) -> int:
    """Fewest squares a rival unit walks to step onto a Nexus square the Rite's owner leaves open (99 when
    none is open, or the owner can fill every open one first: ``fresh`` (next to act with a whole go), or
    in the rest of the go it is playing)."""
    board = s.board
    own = {sq for sq, _kind in by_seat[seat]}
    open_squares = [sq for sq in board.nexus if sq not in own]
    if not open_squares:
        return 99
    if fresh == seat:  # a whole go ahead (at its start, what is left of it is the whole go)
        filled = _can_fill(s, seat, open_squares, by_seat[seat])
    else:
        filled = s.turn == seat and _can_fill_now(s, open_squares, by_seat[seat])
    if filled:
        return 99
    own_mask = sum(1 << sq for sq in own)
    return _walk_onto(board, sum(1 << sq for sq in open_squares), board.valid_mask & ~own_mask,
                      s.enemy_mask(seat), 2 * SQUARES_PER_GO)


def _walk_onto(board: Any, targets: int, passable: int, walkers: int, limit: int) -> int:
    """Fewest steps (up to ``limit``, else 99) for a unit on a ``walkers`` square to walk through
    ``passable`` squares onto a ``targets`` square."""
    seen = frontier = targets
    for steps in range(limit + 1):
        if frontier & walkers:
            return steps
        frontier = board.adjacent(frontier) & passable & ~seen
        if not frontier:
            break
        seen |= frontier
    return 99


def _can_fill(s: MageStoneState, seat: int, open_squares: list[int], units: list[tuple[int, int]]) -> bool:
    """Whether ``seat``'s units other than the Priest, off the Nexus (one on it would leave its own square
    open), can stand on every open Nexus square, a unit each, within one go's squares (at most
    :data:`SCREEN_UNITS` squares; own units step aside)."""
    if len(open_squares) > SCREEN_UNITS:
        return False
    board = s.board
    passable = board.valid_mask & ~s.enemy_mask(seat)
    costs: list[dict[int, int]] = []
    for target in open_squares:
        layers = board.flood(target, passable, SQUARES_PER_GO)
        costs.append({sq: k for sq, kind in _screen_fillers(s, units)
                      for k, layer in enumerate(layers) if layer >> sq & 1})
    return _fillable(costs, SQUARES_PER_GO)


def _can_fill_now(s: MageStoneState, open_squares: list[int], units: list[tuple[int, int]]) -> bool:
    """Whether the seat playing its go can still stand a unit other than the Priest on every open Nexus
    square with the squares and units its go has left (a screen is built one move at a time: the first
    step of two is worth what the two are)."""
    info = s.go_info()
    if len(open_squares) > ACTIVATIONS_PER_GO - info["activations"]:
        return False
    reach = [s.reachable(sq) for sq, _kind in _screen_fillers(s, units)]
    costs = [{index: cost[target] for index, cost in enumerate(reach) if target in cost}
             for target in open_squares]
    return _fillable(costs, info["squares"])


def _screen_fillers(s: MageStoneState, units: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The units that can fill an open Nexus square for a screen: not the Priest, none on the Nexus."""
    nexus = s.board.nexus_mask
    return [(sq, kind) for sq, kind in units if kind != PRIEST and not nexus >> sq & 1]


def _fillable(costs: list[dict[int, int]], squares: int) -> bool:
    """Whether distinct units can be sent, one to each target, within ``squares`` in all (``costs``: for
    each target, the squares each unit that can reach it walks)."""
    fillers = sorted(set().union(*costs))
    return any(sum(cost[unit] for unit, cost in zip(team, costs, strict=True)) <= squares
               for team in permutations(fillers, len(costs))
               if all(unit in cost for unit, cost in zip(team, costs, strict=True)))


def _priest_attack_chance(s: MageStoneState, seat: int, by_seat: list[list[tuple[int, int]]]) -> float:
    """The best chance a rival has in its next go of felling ``seat``'s Priest by walking up beside it
    (off the Nexus) and attacking: up to three Warriors together, its Mage, or a Nova (certain)."""
    board = s.board
    priest = s.priest_squares[seat]
    if priest < 0:
        return 0.0
    best = 0.0
    for other, units in enumerate(by_seat):
        if other == seat or not units:
            continue
        empty = board.valid_mask & ~(s.enemy_mask(seat) | s.enemy_mask(other) | board.nexus_mask)
        activated = s.carried[0][other]
        costs: list[int] = []
        for sq, kind, cost in _walk_up(s, priest, units, empty):
            if kind == WARRIOR:
                if cost >= 0:
                    costs.append(cost)
            elif activated >= NOVA_COST and _can_reach_ring(s, sq, priest, empty):
                return 1.0
            elif cost >= 0:
                best = max(best, _win_chance(power_die(activated), 1, 6))
        for count in _warrior_parties(costs):
            best = max(best, _win_chance(6, count, 6))
    return best
