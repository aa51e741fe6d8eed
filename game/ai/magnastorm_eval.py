"""Heuristic evaluation of Magnastorm positions, per seat, for the generic MCTS and the tuning bot.

A seat's raw score is its reputation plus what will turn into reputation: research
levels (objectives, research commanders), labs on the planet (majorities, income,
sector objectives), stations left to build, commanders held, CreditCubes in hand, the
place in next round's turn order (the first-player token) and its best objective prospect
(``magnastorm_prospects``), each with a small weight, and the reputation the coming
administration would award now (sector majorities and research commanders), weighted by
how near the round's end is.
The value of a seat is ``tanh`` of its lead over the best other seat, scaled by the
threshold, so a seat well ahead is near +1 and the others near -1 (max^n search needs
no zero sum). A finished game is worth its result plus a little for the reputation
margin, so a lost last turn still plays for the closest loss and the best place.
``reply_danger`` tells the planner when the next seat's turn may end the game or trigger its end, and
``last_pass`` when the game ends with the pass being played, and ``round_of`` the round (a seat closing
one round may open the next).
"""

from __future__ import annotations

import math

from game.ai.magnastorm_prospects import prospects
from game.rules.magnastorm.core import ROUNDS
from game.rules.magnastorm.state import LAB_SLOTS, MagnastormState
from game.rules.protocol import GameState

RESEARCH_WEIGHT = 0.6
LAB_WEIGHT = 0.8
CUBE_WEIGHT = 0.15
COMMANDER_WEIGHT = 1.0
OBJECTIVE_WEIGHT = 0.3
"""Per point of the seat's best objective prospect (the next free space's reputation times the share of the
objective in place)."""
TURN_ORDER_WEIGHT = 1.5
"""Per place ahead in next round's turn order (going first picks the best crew and spaces)."""
ADMIN_NEAR = 1.0
"""Weight of the administration's preview in the round's last pass (little can change it then)."""
ADMIN_FAR = 0.3
"""Weight of the preview earlier in the round (majorities and leads still move)."""
ADMIN_HORIZON = 2
"""Passes before the round's end over which the preview's weight rises from far to near."""
TURN_REACH = 10
"""Most reputation one turn is taken to bring, the administration apart (9 the most seen in 12 self-play
games, 2 and 4 players: a first claim, a commander and its bonus)."""
ROUND_END_REACH = TURN_REACH + 4
"""The same before the administration, beyond what its preview gives the seat now (its turn may still win a
majority or a research commander)."""
MARGIN_WEIGHT = 0.1
"""A finished game's reputation margin, beyond its result: wins stay at or above +1 and losses at or below
-1, so no margin outweighs the result or any live position."""


def next_order(state: MagnastormState) -> list[int]:
    """The turn order the next round will have (the first-player token's holder first)."""
    holder = state.fp_holder
    return [holder, *[s for s in state.order if s != holder]] if holder >= 0 else list(state.order)


def administration_weight(state: MagnastormState) -> float:
    """How much the administration's preview counts: more as the round's crew runs out."""
    turns_left = sum(state.upper)  # each turn takes about one crew member from the upper panel
    nearness = max(0.0, 1.0 - turns_left / (ADMIN_HORIZON * state.num_players))
    return ADMIN_FAR + (ADMIN_NEAR - ADMIN_FAR) * nearness


def administration_term(state: MagnastormState) -> list[float]:
    """Each seat's weighted reputation from the administration if it ran now."""
    if state.phase != "play":
        return [0.0] * state.num_players
    weight = administration_weight(state)
    return [weight * gain for gain in state.administration_preview()]


def scores(state: MagnastormState) -> list[float]:
    """Raw score of each seat (reputation plus weighted assets)."""
    n, areas = state.num_players, state.s.areas
    order = next_order(state) if len(state.order) == n else list(range(n))
    out = []
    coming = administration_term(state)
    prospect = prospects(state)
    for seat in range(n):
        placed = LAB_SLOTS - sum(state.lab_slots[seat * LAB_SLOTS:(seat + 1) * LAB_SLOTS])
        research = sum(state.research[seat * areas:(seat + 1) * areas])
        cubes = sum(state.cubes[seat * 5:seat * 5 + 5])
        commanders = state.admin_ctrl.count(seat) + state.rcmd_ctrl.count(seat)
        out.append(state.rep[seat] + RESEARCH_WEIGHT * research + LAB_WEIGHT * placed
                   + CUBE_WEIGHT * cubes + COMMANDER_WEIGHT * commanders
                   + TURN_ORDER_WEIGHT * (n - 1 - order.index(seat)) + coming[seat]
                   + OBJECTIVE_WEIGHT * prospect[seat])
    return out


def reply_danger(state: GameState) -> bool:
    """Whether the turn being planned may leave the next seat a turn that ends the game with it ahead, or that
    triggers the end with a lead the seats after it cannot close: the end is triggered, the threshold is in
    reach of one turn, or that turn may close the round (the administration follows) with the threshold in
    reach or the last round being played."""
    assert isinstance(state, MagnastormState)
    if state.phase != "play" or len(state.order) < 2:
        return False
    mover, n = state.current_player(), state.num_players
    next_seat = state.pass_order[state.pass_pos + 1] if state.pass_pos + 1 < len(state.pass_order) \
        else state.order[0]
    need = state.s.threshold - state.rep[next_seat]
    if next_seat == mover:
        return False
    if state.end_triggered or need <= TURN_REACH:
        return True
    if sum(state.upper) > n + 1:  # the next seat's turn cannot close the round
        return False
    coming = state.administration_preview()[next_seat]
    return state.round >= ROUNDS or need <= ROUND_END_REACH + coming


def last_pass(state: GameState) -> bool:
    """Whether the game ends once the turns left in this pass are played: the end is triggered (the round's
    end, if it comes first, ends the game too)."""
    assert isinstance(state, MagnastormState)
    return state.phase == "play" and bool(state.end_triggered)


def round_of(state: GameState) -> int:
    """The round being played (a seat that closes one round may open the next: two turns in a row)."""
    assert isinstance(state, MagnastormState)
    return state.round


def evaluate(state: GameState) -> list[float]:
    """Per-seat values in (-1, 1) of a live Magnastorm position."""
    assert isinstance(state, MagnastormState)
    return _scaled_leads(state, scores(state))


def final_value(state: GameState) -> list[float]:
    """Per-seat value of a finished game: ``returns()`` plus the reputation margin (closer losses and
    better places rank higher, bigger wins too)."""
    assert isinstance(state, MagnastormState)
    result = state.returns()
    if not any(result):  # an agreed draw: no margin to play for
        return result
    margins = _scaled_leads(state, state.rep)
    return [value + MARGIN_WEIGHT * margin for value, margin in zip(result, margins, strict=True)]


def _scaled_leads(state: MagnastormState, values: list[float] | list[int]) -> list[float]:
    """``tanh`` of each seat's value minus the best other seat's, scaled by the threshold."""
    scale = state.s.threshold / 3
    return [math.tanh((mine - max(v for other, v in enumerate(values) if other != seat)) / scale)
            for seat, mine in enumerate(values)]
