"""The Magnastorm log in plain language: "Anna takes a yellow crew member from column 2 (Idris
Yakuul)", then what followed: "  Anna: +1 yellow, +2 Anna's", "  Anna +6 reputation (objective) —
now 14"."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from game.client.magnastorm.texts import a_cube, bonus_words, cube_word
from game.client.match.seats import Seat
from game.rules.magnastorm import MagnastormState
from game.rules.magnastorm.describe import AREA_WORDS
from game.rules.protocol import Event, GameState

REASONS = {"reputation": "reaching the reputation goal", "round limit": "reputation after round 4",
           "resigned": "resignation", "agreed_draw": "agreement"}
"""How a Magnastorm game can end, for the game-over headline."""
SOURCE_WORDS = {
    "objective": "objective", "commander": "commander", "commander_lost": "commander lost",
    "majority": "sector majority", "station": "station", "dain": "Forrester Dain",
    "outridge": "Ellen B. Outridge", "yilmark": "Ozgul Yilmark", "lebeaux": "Cedric J. Lebeaux",
    "artifact": "artifact",
}
ADMIN_EVENTS = ("administration", "research_commander", "turn_order", "centre_rotated", "round_started")
"""Event kinds that only the administration phase emits (with income and majority lines)."""
_PLAYER = re.compile(r"\b[Pp]layer (\d)('s)?")


def named(text: str, names: Sequence[str]) -> str:
    """The engine's "Player 2" / "player 2's colour" with the seats' names."""

    def swap(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        name = names[index] if 0 <= index < len(names) else match.group(0)
        return name + (match.group(2) or "")

    return _PLAYER.sub(swap, text)


class MagnastormNarrator:
    """Narrates one Magnastorm decision (or chance outcome) and its consequences."""

    def narrate(
        self, before: GameState, actor: int, action: Any, events: Sequence[Event], seats: Sequence[Seat]
    ) -> list[str]:
        """The decision in words, then cubes, research, reputation, bonuses and the administration."""
        assert isinstance(before, MagnastormState)
        names = [seat.name for seat in seats]
        lines = [named(before.describe_action(action), names)]
        lines.extend(event_lines(before, events, names))
        return lines


def event_lines(state: MagnastormState, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """One line per consequence; runs of cube gains or payments of one player are merged."""
    lines: list[str] = []
    run: tuple[str, int] | None = None
    counts: dict[str, int] = {}

    def flush() -> None:
        nonlocal run
        if run is not None:
            sign = "+" if run[0] == "cubes_gained" else "−"  # noqa: RUF001 (a minus sign)
            parts = ", ".join(f"{sign}{n} {cube_word(c, names)}" for c, n in counts.items())
            lines.append(f"  {who(run[1], names)}: {parts}")
        run = None
        counts.clear()

    for event in events:
        if event.kind in ("cubes_gained", "cubes_paid") and event.data.get("to", -1) < 0:
            key = (event.kind, int(event.data["seat"]))
            if key != run:
                flush()
                run = key
            colour = str(event.data["colour"])
            counts[colour] = counts.get(colour, 0) + int(event.data.get("count", 1))
            continue
        flush()
        text = _event(state, event.kind, event.data, names)
        if text:
            lines.append(text)
    flush()
    return lines


def who(seat: int, names: Sequence[str]) -> str:
    """A seat's name (or "Nobody" for -1)."""
    return names[seat] if 0 <= seat < len(names) else "Nobody"


def _event(state: MagnastormState, kind: str, data: Mapping[str, Any], names: Sequence[str]) -> str:
    commanders = state.s.content.commanders
    if kind == "cubes_paid":
        cubes = f"{data.get('count', 1)} {cube_word(str(data['colour']), names)}"
        return f"  {who(data['seat'], names)} pays {cubes} to {who(data['to'], names)}"
    if kind == "research":
        return f"  {who(data['seat'], names)}: {AREA_WORDS[data['area']]} research to level {data['level']}"
    if kind == "research_down":
        return f"  {who(data['seat'], names)}: {AREA_WORDS[data['area']]} research down {data['levels']}"
    if kind == "reputation":
        amount = int(data["amount"])
        source = SOURCE_WORDS.get(str(data["source"]), str(data["source"]))
        return f"  {who(data['seat'], names)} {amount:+d} reputation ({source}) — now {data['total']}"
    if kind == "bonus":
        return f"  Bonus for {who(data['seat'], names)}: {bonus_words(str(data['bonus']))}"
    if kind == "bag_drawn":
        colour = str(data["colour"])
        if colour == "k":
            return f"  {who(data['seat'], names)} draws black from the bag: it goes back, an own cube instead"
        return f"  {who(data['seat'], names)} draws {a_cube(colour, names)} from the bag"
    if kind == "exchanged":
        return f"  {who(data['seat'], names)} receives {a_cube(str(data['colour']), names)}"
    if kind == "station_built":
        return f"  {who(data['seat'], names)} builds a transmitter station on {data['station']}"
    if kind == "station_start":
        return f"  {who(data['seat'], names)}'s runner sets out from the station on {data['station']}"
    if kind == "objective":
        return f"  {who(data['seat'], names)} fulfils objective {data['slot']} ({data['card']})"
    if kind == "lab_removed":
        return f"  {who(data['seat'], names)} takes a lab back from space {data['space']}"
    if kind == "administration":
        return f"— Administration at the end of round {data['round']}"
    if kind == "research_commander":
        name = commanders[str(data["commander"])].name
        area = AREA_WORDS[str(data["area"])]
        if int(data["seat"]) < 0:
            return f"  {name} ({area} research) goes to nobody: a tie"
        return f"  {name} ({area} research) goes to {who(data['seat'], names)}"
    if kind == "turn_order":
        return "  Turn order: " + ", ".join(who(seat, names) for seat in data["order"])
    if kind == "centre_rotated":
        return "  The centre tile turns: the storm moves on one sector"
    if kind == "round_started":
        return f"— Round {data['round']} begins"
    if kind == "ranking":
        reputation = data["reputation"]
        ranked = ", ".join(f"{who(seat, names)} {reputation[seat]}" for seat in data["ranking"])
        return f"— Final ranking: {ranked}"
    if kind == "artifact":
        card = state.s.content.artifacts[int(data["card"])]
        return f"  {who(data['seat'], names)} receives {card.tier} artifact {card.id} (level {card.level})"
    if kind == "game_over":
        if data.get("reason") == "agreed_draw":
            return "— The game is drawn by agreement"
        winners = data.get("ranking") or []
        return f"— {who(winners[0], names)} wins" if winners else "— Game over"
    if kind == "resigned":
        return f"  {who(data['seat'], names)} resigns"
    return ""
