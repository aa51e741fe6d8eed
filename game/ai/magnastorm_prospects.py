"""How far each Magnastorm seat is towards the objectives it may still claim (the evaluation's prospect).

A seat's prospect on an objective is the reputation of the next free space times the share of the
labs or levels the objective asks for that the seat has in place: this round, or in the next one
when one is to come (its storm sectors and targets differ, so labs put where next round's storm
will be count towards a storm objective before the storm arrives). A seat's prospect is its best
objective's: the same labs and levels often serve several, and a claim spends them, so a sum
would pay a seat to hold its claims back. A first claim lowers every other seat's prospect on that
objective to the second space: the evaluation sees the denial.
"""

from __future__ import annotations

from game.rules.magnastorm.core import ROUNDS
from game.rules.magnastorm.objectives import research_progress, sector_counts, sector_progress, target
from game.rules.magnastorm.state import MagnastormState

KNOWN_KEPT = 4096
"""Prospects remembered (cleared when full)."""
_known: dict[tuple[object, ...], list[float]] = {}

WEATHER_GOALS = ("quiet", "storm")
"""Sector goals that count labs by the sectors' weather, which the next round changes."""


def prospects(state: MagnastormState) -> list[float]:
    """Per seat, the best prospect among the objectives it may still claim (in reputation); remembered by what
    it depends on, which most decisions of a turn leave unchanged."""
    key = (state.num_players, state.round, state.rotation, tuple(state.research), tuple(state.space_owner),
           tuple(state.space_labs), tuple(state.claims), tuple(state.markers_home), tuple(state.objectives))
    known = _known.get(key)
    if known is None:
        if len(_known) >= KNOWN_KEPT:
            _known.clear()
        known = _known[key] = _prospects(state)
    return list(known)


def _prospects(state: MagnastormState) -> list[float]:
    """:func:`prospects` computed afresh."""
    st = state.s
    areas = st.areas
    levels = state.research_levels()
    counts = sector_counts(st.board, state.space_owner, state.space_labs, st.n)
    rounds = [state.round] + ([state.round + 1] if state.round < ROUNDS else [])
    asks = []  # per objective still open: its claims, face, and (need, storm sectors) for each round judged
    for slot, claims in enumerate(state.claims):
        if state.objectives[slot] and len(claims) < len(st.rep_spaces):
            face = state.objective_face(slot)
            alike = face.per_round == 0 and face.goal not in WEATHER_GOALS  # the next round asks the same
            asks.append((claims, face, [(target(face, number, areas), _weather(state, number))
                                        for number in rounds[:1 if alike else 2]]))
    out = []
    for seat in range(st.n):
        best = 0.0
        for claims, face, rounds_asked in asks if state.markers_home[seat] else ():
            if seat in claims:
                continue
            for need, quiet in rounds_asked:
                if face.kind == "research":
                    part = research_progress(face, st.colours, levels, seat, need)
                else:
                    part = sector_progress(face, st.board, state.space_owner, quiet, counts, seat, need)
                best = max(best, st.rep_spaces[len(claims)] * (part / need if need > 0 else 1.0))
        out.append(best)
    return out


def _weather(state: MagnastormState, round_number: int) -> tuple[bool, ...]:
    """Which sectors are quiet in ``round_number`` (the centre tile turns once a round)."""
    quiet = state.s.quiet
    return quiet[(state.rotation + round_number - state.round) % len(quiet)]
