"""Scenario data and position notation: validation, parsing and formatting.

A scenario is JSON data naming squares (see ``levels/magestone/scenarios``);
``validate_scenario`` checks it against the rules and returns it with squares
as indices. The position string is the same data on one line (documented in
``docs/magestone-notation.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.rules.magestone.board import (
    ACTIVATIONS_PER_GO,
    MAX_WARRIORS,
    SQUARES_PER_GO,
    Board,
)
from game.rules.protocol import PositionError
from game.safe_json import FileProblem, load_data

PENDING_KINDS = ("attack", "bolt", "fall")
RESULT_REASONS = ("magestone", "ritual", "conquest", "stalemate", "go_limit", "resigned", "agreed_draw")


class _Checker:
    """Validation helpers whose errors name the source and the field."""

    def __init__(self, board: Board, source: str) -> None:
        self.board = board
        self.source = source

    def fail(self, field: str, problem: str) -> PositionError:
        return PositionError(f"{self.source}: {field}: {problem}")

    def square(self, value: Any, field: str) -> int:
        if not isinstance(value, str) or value not in self.board.square_of:
            raise self.fail(field, f"{value!r} is not a square of the board")
        return self.board.square_of[value]

    def squares(self, value: Any, field: str) -> list[int]:
        if not isinstance(value, list):
            raise self.fail(field, "must be a list of squares")
        out = [self.square(v, f"{field}[{i}]") for i, v in enumerate(value)]
        if len(set(out)) != len(out):
            raise self.fail(field, "lists a square twice")
        return out

    def integer(self, value: Any, field: str, low: int, high: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None
                                                                                  and value > high):
            span = f"{low}..{high}" if high is not None else f">= {low}"
            raise self.fail(field, f"must be an int {span}, got {value!r}")
        return value

    def pair(self, value: Any, field: str) -> tuple[int, int]:
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise self.fail(field, "must be [unactivated, activated]")
        return self.integer(value[0], f"{field}[0]", 0), self.integer(value[1], f"{field}[1]", 0)


def validate_scenario(board: Board, data: Mapping[str, Any], source: str) -> dict[str, Any]:
    """Check scenario ``data`` (read from ``source``) and return it with squares as indices.

    Omitted fields default to a fresh go: stones on the default layout, no
    gravestones, a full bank less the gravestones on the board, first seat to play.
    """
    c = _Checker(board, source)
    if not isinstance(data, Mapping):
        raise c.fail("(top)", "must be an object")
    known = {"players", "seats", "stones", "gravestones", "bank", "turn", "squares", "activations", "active",
             "done", "rite", "pending", "go", "result", "name", "description"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise c.fail(unknown[0], "unknown field")
    players = data.get("players")
    if players not in (2, 4):
        raise c.fail("players", f"must be 2 or 4, got {players!r}")
    seat_letters = board.seats_by_players[players]
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, Mapping) or set(raw_seats) != set(seat_letters):
        raise c.fail("seats", f"must describe exactly the seats {', '.join(seat_letters)}")
    occupied: dict[int, str] = {}
    seats: dict[str, dict[str, Any]] = {}
    for letter in seat_letters:
        seats[letter] = _seat(c, raw_seats[letter], f"seats.{letter}", occupied)
    spec: dict[str, Any] = {"players": players, "seats": seats}
    if "stones" in data:
        raw_stones = data["stones"]
        if not isinstance(raw_stones, Mapping):
            raise c.fail("stones", "must map squares to [unactivated, activated]")
        stones = {}
        for name, value in raw_stones.items():
            sq = c.square(name, f"stones.{name}")
            stones[sq] = c.pair(value, f"stones.{name}")
            if stones[sq] == (0, 0):
                raise c.fail(f"stones.{name}", "lists no stones")
    else:
        stones = {sq: (1, 0) for sq in board.stones_by_players[players]}
    total = sum(u + a for u, a in stones.values()) + sum(sum(s["carried"]) for s in seats.values())
    if total != 4 * players:
        raise c.fail("stones", f"board and carried stones must total {4 * players}, got {total}")
    spec["stones"] = stones
    graves = c.squares(data.get("gravestones", []), "gravestones")
    for sq in graves:
        if board.nexus_mask >> sq & 1:
            raise c.fail("gravestones", f"{board.names[sq]} is on the Nexus")
    spec["gravestones"] = sorted(graves)
    start_bank = board.bank_per_player * players
    spec["bank"] = c.integer(data.get("bank", start_bank - len(graves)), "bank", 0, start_bank - len(graves))
    turn = data.get("turn", seat_letters[0])
    if turn not in seat_letters or (seats[turn]["eliminated"] and data.get("result") is None):
        raise c.fail("turn", f"must be a seat still in the game, got {turn!r}")
    spec["turn"] = turn
    spec["squares"] = c.integer(data.get("squares", SQUARES_PER_GO), "squares", 0, SQUARES_PER_GO)
    spec["activations"] = c.integer(data.get("activations", 0), "activations", 0, ACTIVATIONS_PER_GO)
    spec["go"] = c.integer(data.get("go", 1), "go", 1)
    active = data.get("active")
    spec["active"] = None if active is None else c.square(active, "active")
    spec["done"] = sorted(c.squares(data.get("done", []), "done"))
    for field, squares in (("active", [] if active is None else [spec["active"]]), ("done", spec["done"])):
        for sq in squares:
            if occupied.get(sq) != turn:
                raise c.fail(field, f"{board.names[sq]} holds no unit of the player to act")
    if spec["active"] is not None and (spec["active"] in spec["done"] or not spec["activations"]):
        raise c.fail("active", "the active unit cannot be done and needs an activation")
    spec["rite"] = _rite(c, data.get("rite"), seats, occupied)
    spec["pending"] = _pending(c, data.get("pending"), seats, occupied, turn)
    spec["result"] = _result(c, data.get("result"), seat_letters)
    alive = [s for s in seat_letters if not seats[s]["eliminated"]]
    rite = spec["rite"]
    if spec["result"] is None and rite is not None and rite["laps"] >= rite["needed"]:
        raise c.fail("rite.laps", "a running Rite has fewer laps than it needs")
    if spec["result"] is None and len(alive) < 2:
        raise c.fail("seats", "a game in progress needs two players still in it")
    if spec["result"] is not None and spec["pending"] is not None:
        raise c.fail("pending", "a finished game has nothing pending")
    return spec


def _seat(c: _Checker, raw: Any, field: str, occupied: dict[int, str]) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise c.fail(field, "must be an object")
    unknown = sorted(set(raw) - {"mage", "priest", "warriors", "carried", "eliminated"})
    if unknown:
        raise c.fail(f"{field}.{unknown[0]}", "unknown field")
    letter = field.rsplit(".", 1)[1]
    eliminated = raw.get("eliminated", False)
    if not isinstance(eliminated, bool):
        raise c.fail(f"{field}.eliminated", "must be true or false")
    seat: dict[str, Any] = {"eliminated": eliminated}
    for key in ("mage", "priest"):
        if key not in raw:
            raise c.fail(f"{field}.{key}", "missing (a square, or null while queued)")
        seat[key] = None if raw[key] is None else c.square(raw[key], f"{field}.{key}")
    seat["warriors"] = c.squares(raw.get("warriors", []), f"{field}.warriors")
    if len(seat["warriors"]) > MAX_WARRIORS:
        raise c.fail(f"{field}.warriors", f"at most {MAX_WARRIORS} Warriors")
    seat["carried"] = c.pair(raw.get("carried", [0, 0]), f"{field}.carried")
    if eliminated and (seat["mage"] is not None or seat["priest"] is not None or seat["warriors"]
                       or seat["carried"] != (0, 0)):
        raise c.fail(field, "an eliminated player has no units and carries nothing")
    for sq in [s for s in (seat["mage"], seat["priest"]) if s is not None] + seat["warriors"]:
        if sq in occupied:
            raise c.fail(field, f"{c.board.names[sq]} already holds a unit")
        occupied[sq] = letter
    return seat


def _rite(c: _Checker, raw: Any, seats: dict[str, Any], occupied: dict[int, str]) -> dict[str, Any] | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or raw.get("seat") not in seats:
        raise c.fail("rite", "must be null or {seat, laps, needed}")
    seat = raw["seat"]
    needed = c.integer(raw.get("needed"), "rite.needed", 1, 2)
    laps = c.integer(raw.get("laps", 0), "rite.laps", 0, needed)
    priest = seats[seat]["priest"]
    nexus = c.board.nexus
    if priest is None or priest not in nexus:
        raise c.fail("rite", f"the Priest of {seat} must stand on the Nexus")
    if any(occupied.get(sq, seat) != seat for sq in nexus):
        raise c.fail("rite", "an enemy unit stands on the Nexus")
    return {"seat": seat, "laps": laps, "needed": needed}


def _pending(c: _Checker, raw: Any, seats: dict[str, Any], occupied: dict[int, str],
             turn: str) -> dict[str, Any] | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or raw.get("kind") not in PENDING_KINDS:
        raise c.fail("pending", f"must be null or {{kind: {'|'.join(PENDING_KINDS)}, attackers, target}}")
    kind = raw["kind"]
    attackers = c.squares(raw.get("attackers"), "pending.attackers")
    target = c.square(raw.get("target"), "pending.target")
    if not attackers or any(occupied.get(sq) != turn for sq in attackers):
        raise c.fail("pending.attackers", "must be units of the player to act")
    if occupied.get(target) == turn or (occupied.get(target) is None and kind != "fall"):
        # a fall choice outlives its target when the target's player resigns (four players)
        raise c.fail("pending.target", "must hold an enemy unit")
    mage = seats[turn]["mage"]
    board = c.board
    if kind == "bolt":
        target_seat = occupied[target]
        if attackers != [mage] or seats[turn]["carried"][1] < 1 or seats[target_seat]["mage"] != target:
            raise c.fail("pending", "a Bolt contest is a Mage carrying an Activated stone against a Mage")
    else:
        lone_mage = attackers == [mage]
        warriors = all(sq in seats[turn]["warriors"] for sq in attackers)
        if (not (lone_mage and kind == "attack") and not warriors) or len(attackers) > 3:
            raise c.fail("pending.attackers", "one Mage or one to three Warriors")
        if any(target not in board.neighbours[sq] for sq in attackers):
            raise c.fail("pending.attackers", "every attacker must be next to the target")
        if kind == "fall" and len(attackers) < 2:
            raise c.fail("pending", "a fall choice needs two or more attackers")
    return {"kind": kind, "attackers": attackers, "target": target}


def _result(c: _Checker, raw: Any, seat_letters: tuple[str, ...]) -> dict[str, Any] | None:
    if raw is None:
        return None
    if (not isinstance(raw, Mapping) or raw.get("reason") not in RESULT_REASONS
            or not isinstance(raw.get("winners"), list) or not set(raw["winners"]) <= set(seat_letters)):
        raise c.fail("result", f"must be null or {{winners: [seats], reason: {'|'.join(RESULT_REASONS)}}}")
    return {"winners": list(raw["winners"]), "reason": raw["reason"]}


def load_scenario_file(board: Board, path: str | Path) -> dict[str, Any]:
    """Read a scenario JSON file (errors name the file)."""
    file = Path(path)
    try:
        data = load_data(file)
    except FileProblem as exc:
        raise PositionError(str(exc)) from None
    except OSError as exc:
        raise PositionError(f"{file}: cannot read scenario: {exc}") from exc
    if not isinstance(data, dict):
        raise PositionError(f"{file}: (top): must be an object")
    validate_scenario(board, data, str(file))
    return data


# ------------------------------------------------------------------ notation

def _carry(pair: list[int] | tuple[int, int]) -> str:
    return f"{pair[0]}u{pair[1]}a"


def format_position(board: Board, scenario: Mapping[str, Any]) -> str:
    """One-line position notation of scenario data (squares named)."""
    groups = []
    for letter, seat in scenario["seats"].items():
        if seat["eliminated"]:
            groups.append(f"{letter}:x")
            continue
        mage = "M" + (seat["mage"] or "*")
        if any(seat["carried"]):
            mage += "=" + _carry(seat["carried"])
        tokens = [mage, "P" + (seat["priest"] or "*")] + ["W" + w for w in seat["warriors"]]
        groups.append(f"{letter}:{','.join(tokens)}")
    stones = ",".join(f"{sq}={_carry(pair)}" for sq, pair in scenario["stones"].items()) or "-"
    rite = scenario["rite"]
    pending = scenario["pending"]
    result = scenario["result"]
    fields = [
        "/".join(groups),
        stones,
        ",".join(scenario["gravestones"]) or "-",
        str(scenario["bank"]),
        scenario["turn"],
        str(scenario["squares"]),
        str(scenario["activations"]),
        scenario["active"] or "-",
        ",".join(scenario["done"]) or "-",
        "-" if rite is None else f"{rite['seat']}:{rite['laps']}/{rite['needed']}",
        "-" if pending is None else (f"{pending['kind']}:" + "+".join(pending["attackers"])
                                     + ("x" if pending["kind"] != "bolt" else ">") + pending["target"]),
        str(scenario["go"]),
        _format_result(result),
    ]
    return " ".join(fields)


def _format_result(result: Mapping[str, Any] | None) -> str:
    if result is None:
        return "-"
    if result["winners"]:
        return f"win:{''.join(result['winners'])}:{result['reason']}"
    return f"draw:{result['reason']}"


def _parse_carry(text: str, field: str) -> list[int]:
    unactivated, sep, rest = text.partition("u")
    if not sep or not rest.endswith("a") or not unactivated.isdigit() or not rest[:-1].isdigit():
        raise PositionError(f"position: {field}: {text!r} is not '<n>u<n>a'")
    return [int(unactivated), int(rest[:-1])]


def _list(text: str) -> list[str]:
    return [] if text == "-" else text.split(",")


def parse_position(board: Board, text: str) -> dict[str, Any]:
    """Scenario data (squares named) from one-line position notation; syntax errors raise."""
    if not isinstance(text, str):
        raise PositionError("position: must be a string")
    fields = text.split()
    if len(fields) != 13:
        raise PositionError(f"position: expected 13 space-separated fields, got {len(fields)}")
    (units, stones, graves, bank, turn, squares, acts, active, done, rite, pending, go, result) = fields
    seats: dict[str, Any] = {}
    for group in units.split("/"):
        letter, sep, body = group.partition(":")
        if not sep or letter in seats:
            raise PositionError(f"position: units: bad seat group {group!r}")
        if body == "x":
            seats[letter] = {"mage": None, "priest": None, "warriors": [], "eliminated": True}
            continue
        seat: dict[str, Any] = {"mage": None, "priest": None, "warriors": [], "carried": [0, 0],
                                "eliminated": False}
        for token in body.split(","):
            kind, rest = token[:1], token[1:]
            if kind == "M":
                square, eq, carry = rest.partition("=")
                seat["mage"] = None if square == "*" else square
                if eq:
                    seat["carried"] = _parse_carry(carry, f"units.{letter}")
            elif kind == "P":
                seat["priest"] = None if rest == "*" else rest
            elif kind == "W":
                seat["warriors"].append(rest)
            else:
                raise PositionError(f"position: units.{letter}: bad unit token {token!r}")
        seats[letter] = seat
    players = len(seats)
    stone_map = {}
    for token in _list(stones):
        square, eq, carry = token.partition("=")
        if not eq:
            raise PositionError(f"position: stones: {token!r} is not '<square>=<n>u<n>a'")
        stone_map[square] = _parse_carry(carry, "stones")
    data: dict[str, Any] = {"players": players, "seats": seats, "stones": stone_map,
                            "gravestones": _list(graves), "turn": turn,
                            "active": None if active == "-" else active, "done": _list(done)}
    for key, value in (("bank", bank), ("squares", squares), ("activations", acts), ("go", go)):
        if not value.isdigit():
            raise PositionError(f"position: {key}: {value!r} is not a number")
        data[key] = int(value)
    data["rite"] = None
    if rite != "-":
        seat_letter, _, laps = rite.partition(":")
        done_laps, _, needed = laps.partition("/")
        if not done_laps.isdigit() or not needed.isdigit():
            raise PositionError(f"position: rite: {rite!r} is not '<seat>:<laps>/<needed>'")
        data["rite"] = {"seat": seat_letter, "laps": int(done_laps), "needed": int(needed)}
    data["pending"] = None
    if pending != "-":
        kind, _, body = pending.partition(":")
        left, sep, target = body.partition(">" if kind == "bolt" else "x")
        if not sep:
            raise PositionError(f"position: pending: {pending!r} is malformed")
        data["pending"] = {"kind": kind, "attackers": left.split("+"), "target": target}
    data["result"] = None
    if result != "-":
        parts = result.split(":")
        if parts[0] == "win" and len(parts) == 3:
            data["result"] = {"winners": list(parts[1]), "reason": parts[2]}
        elif parts[0] == "draw" and len(parts) == 2:
            data["result"] = {"winners": [], "reason": parts[1]}
        else:
            raise PositionError(f"position: result: {result!r} is not 'win:<seats>:<reason>' "
                                "or 'draw:<reason>'")
    if players not in (2, 4) or tuple(seats) != board.seats_by_players.get(players):
        expected = " or ".join("/".join(s) for s in board.seats_by_players.values())
        raise PositionError(f"position: units: seats must be {expected}")
    return data
