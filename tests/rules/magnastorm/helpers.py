"""Shared helpers for the Magnastorm rules tests: deal a known set-up, play notation, edit positions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.magnastorm import MagnastormState, new_game
from game.rules.magnastorm.state import LAB_SLOTS
from game.rules.protocol import Event

ADMIN = ("dain", "beeper", "outridge", "okzil")
RESEARCH = ("huber", "davenpitt", "mbado", "obondov")
OBJECTIVES = ("R1a", "R2a", "S1a", "S4b")


def play(state: MagnastormState, *texts: str) -> list[Event]:
    """Apply each action notation (asserting it is legal) and return all events."""
    events: list[Event] = []
    for text in texts:
        action = state.parse_action(text)
        assert state.is_legal(action), f"{text!r} not legal; legal: {[str(a) for a in state.legal_actions()]}"
        events.extend(state.apply(action))
    return events


def legal(state: MagnastormState) -> list[str]:
    """The notation of every legal action."""
    return [str(a) for a in state.legal_actions()]


def find(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """The data of every event of ``kind``."""
    return [dict(e.data) for e in events if e.kind == kind]


def dealt(players: int = 2, admin: Sequence[str] = ADMIN, research: Sequence[str] = RESEARCH,
          objectives: Sequence[str] = OBJECTIVES, first: int = 0, **options: Any) -> MagnastormState:
    """A game with known deals, right after them (the start of the starting positions)."""
    state = new_game({"players": players, "first_player": first, **options})
    areas = len(state.s.colours)
    for slot, cid in enumerate(research[:areas]):
        play(state, f"deal rc{slot} {cid}")
    for column, cid in enumerate(admin[:state.s.columns - 1], start=1):
        play(state, f"deal ac{column} {cid}")
    for slot, key in enumerate(objectives):
        play(state, f"deal ob{slot} {key}")
    return state


def started(players: int = 2, **kwargs: Any) -> MagnastormState:
    """A game at the first turn of round 1: the k-th player in turn order put crew in column k, and
    research was advanced from the last player back in green, red, blue, violet order.

    The cubes of the level-1 research bonuses are taken back (and the bag refilled), so every test
    starts from the rule text's cubes: 2 of your colour, 1 more for the 3rd and 4th players. The
    bonuses themselves are tested in test_magnastorm_setup.py.
    """
    state = dealt(players, **kwargs)
    while state.phase == "setup":
        play(state, legal(state)[0])
    fresh = new_game({"players": players})
    state.cubes, state.bag = fresh.cubes[:], fresh.bag[:]
    for position, seat in enumerate(state.order):
        state.cubes[seat * 5 + seat + 1] += 1 if position >= 2 else 0
    held = [sum(state.cubes[colour::5]) for colour in range(5)]
    state.supply = [25 - held[c] - state.bag[c] for c in range(5)] + [0]
    state.refresh()
    return state


def set_cubes(state: MagnastormState, seat: int, **colours: int) -> None:
    """Give ``seat`` exactly these cubes (keys y, c1..c4), keeping the totals with the supply."""
    for key, count in colours.items():
        colour = 0 if key == "y" else int(key[1:])
        index = seat * 5 + colour
        state.supply[colour] += state.cubes[index] - count
        state.cubes[index] = count
    state.refresh()


def control(state: MagnastormState, seat: int, commander: str) -> None:
    """Hand ``commander`` to ``seat`` (its marker taken from the player board for an administrator)."""
    if commander in state.admin:
        column = state.admin.index(commander)
        if state.admin_ctrl[column] >= 0:
            state.markers_home[state.admin_ctrl[column]] += 1
        state.admin_ctrl[column] = seat
        state.markers_home[seat] -= 1
    else:
        state.rcmd_ctrl[state.rcmd.index(commander)] = seat
    state.refresh()


def put_labs(state: MagnastormState, seat: int, spaces: Sequence[int]) -> None:
    """Put labs of ``seat`` on ``spaces`` (taken from its player board, leftmost first)."""
    for space in spaces:
        slot = state.lab_slots.index(1, seat * LAB_SLOTS, (seat + 1) * LAB_SLOTS)
        state.lab_slots[slot] = 0
        state.space_owner[space] = seat
        state.space_labs[space] += 1
    state.refresh()


def area(state: MagnastormState, name: str) -> int:
    """Area index by name (e.g. ``"4o"``)."""
    return state.s.area_index[name]


def spaces(state: MagnastormState, name: str) -> tuple[int, ...]:
    """The spaces of an area."""
    return state.s.board.area_spaces[area(state, name)]


def top(state: MagnastormState) -> str:
    """The kind of the task to decide now."""
    return state.tasks[-1][0]


def green(state: MagnastormState, commander: str) -> int:
    """The reputation ``commander`` gives when gained (its green number in the data)."""
    return state.s.content.commanders[commander].green


def red(state: MagnastormState, commander: str) -> int:
    """The reputation the holder of ``commander`` loses with it (its red number in the data)."""
    return state.s.content.commanders[commander].red


def give_rep(state: MagnastormState, seat: int, amount: int, source: str = "commander") -> None:
    """Add reputation to ``seat`` from ``source`` (kept in its ledger)."""
    from game.rules.magnastorm.state import SOURCES

    state.rep[seat] += amount
    state.ledger[seat * len(SOURCES) + SOURCES.index(source)] += amount
    state.refresh()


def place_runner(state: MagnastormState, seat: int, name: str) -> None:
    """Put ``seat``'s scout runner in area ``name``."""
    state.runner[seat] = area(state, name)
    state.refresh()


def leave_last_crew(state: MagnastormState, column: int = 2) -> None:
    """Move every crew member of the upper panel down to the lower panel's last cells but one neutral."""
    crew = [c for col in range(state.s.columns) for c in range(5) for _ in range(state.upper[col * 5 + c])]
    crew.remove(0)
    state.upper = [0] * len(state.upper)
    state.upper[column * 5] = 1
    cells = len(state.lower)
    for i, colour in enumerate(crew):
        cell = cells - 1 - i % state.s.columns
        state.lower[cell] = (*state.lower[cell], colour)
    state.refresh()


def finish_turn(state: MagnastormState) -> list[Event]:
    """End the current turn if its objective step is waiting; the events that follow."""
    return play(state, "finish") if state.tasks and top(state) == "objective" else []
