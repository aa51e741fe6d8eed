"""Two tiny games implementing the protocol, for testing the AI without the real engines.

* ``toyrace``: 2-4 racers; a go is up to two actions, ``step`` (+1) or ``dash``
  (a die: 5-6 moves +3, else nothing), or ``end``. First to square 8 wins.
  Chance outcomes are ``hit``/``miss`` (abstract) or ``roll:N`` (concrete).
* ``toynim``: two players take 1-3 from a pile; whoever takes the last one wins.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Mapping
from typing import Any, Self

from game.ai.base import Bot, Budget, SearchLimit
from game.ai.games import GameEntry, register_game
from game.ai.levels import BotFactory, register_level
from game.rules.protocol import (
    CHANCE,
    TERMINAL,
    ActionParseError,
    Event,
    GameResult,
    GameState,
    PositionError,
)

GOAL = 8
ACTIONS_PER_GO = 2


class ToyRace(GameState):
    """Dice race with multi-action goes and a chance node."""

    game_id = "toyrace"

    def __init__(self, players: int = 2) -> None:
        self.positions = [0] * players
        self.seat = 0
        self.left = ACTIONS_PER_GO
        self.rolling = False
        self.winner: int | None = None
        self._undo: list[tuple[list[int], int, int, bool, int | None]] = []

    @property
    def num_players(self) -> int:
        return len(self.positions)

    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.rolling else self.seat

    def legal_actions(self) -> list[Any]:
        if self.winner is not None:
            return []
        if self.rolling:
            return ["hit", "miss"]
        return ["step", "dash", "end"] if self.left else ["end"]

    def is_legal(self, action: Any) -> bool:
        if self.rolling and isinstance(action, str) and action.startswith("roll:"):
            return action[5:] in {"1", "2", "3", "4", "5", "6"}
        return action in self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return [("hit", 1 / 3), ("miss", 2 / 3)] if self.rolling else []

    def sample_chance(self, rng: random.Random) -> Any:
        return f"roll:{rng.randint(1, 6)}"

    def apply(self, action: Any) -> list[Event]:
        self._undo.append((list(self.positions), self.seat, self.left, self.rolling, self.winner))
        if self.rolling:
            self.rolling = False
            if action == "hit" or (action.startswith("roll:") and int(action[5:]) >= 5):
                self.positions[self.seat] += 3
        elif action == "step":
            self.positions[self.seat] += 1
        elif action == "dash":
            self.rolling = True
        if not self.rolling:
            if action != "end":
                self.left -= 1
            if self.positions[self.seat] >= GOAL:
                self.winner = self.seat
            elif action == "end":
                self.seat = (self.seat + 1) % self.num_players
                self.left = ACTIONS_PER_GO
        return [Event("acted", {"action": str(action)})]

    def undo(self) -> None:
        positions, self.seat, self.left, self.rolling, self.winner = self._undo.pop()
        self.positions = positions

    def result(self) -> GameResult | None:
        return None if self.winner is None else GameResult((self.winner,), "race")

    def clone(self) -> Self:
        copy = type(self)(self.num_players)
        copy.positions = list(self.positions)
        copy.seat, copy.left, copy.rolling, copy.winner = self.seat, self.left, self.rolling, self.winner
        return copy

    def parse_action(self, text: str) -> Any:
        if text in {"step", "dash", "end", "hit", "miss"} or text.startswith("roll:"):
            return text
        raise ActionParseError(text)

    def position(self) -> str:
        return f"{self.positions}/{self.seat}/{self.left}/{self.rolling}/{self.winner}"

    def to_json(self) -> dict[str, Any]:
        return {"positions": self.positions, "seat": self.seat, "left": self.left,
                "rolling": self.rolling, "winner": self.winner}

    @classmethod
    def from_position(cls, text: str, options: Mapping[str, Any] | None = None) -> Self:
        positions, seat, left, rolling, winner = text.split("/")
        return cls.from_json({"positions": [int(p) for p in positions.strip("[]").split(",")],
                              "seat": seat, "left": left, "rolling": rolling == "True",
                              "winner": None if winner == "None" else int(winner)})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        try:
            state = cls(len(data["positions"]))
            state.positions = [int(p) for p in data["positions"]]
            state.seat, state.left = int(data["seat"]), int(data["left"])
            state.rolling, state.winner = bool(data["rolling"]), data["winner"]
        except (KeyError, TypeError, ValueError) as exc:
            raise PositionError(str(exc)) from exc
        return state

    def options(self) -> dict[str, Any]:
        return {"players": self.num_players}


class ToyNim(GameState):
    """Deterministic two-player Nim (take 1-3, last take wins): solvable by alpha-beta."""

    game_id = "toynim"

    def __init__(self, pile: int = 15) -> None:
        self.pile = pile
        self.seat = 0
        self._undo: list[int] = []

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.seat

    def legal_actions(self) -> list[Any]:
        return [f"take{n}" for n in (1, 2, 3) if n <= self.pile]

    def is_legal(self, action: Any) -> bool:
        return action in self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return []

    def sample_chance(self, rng: random.Random) -> Any:
        raise ValueError("no chance in nim")

    def apply(self, action: Any) -> list[Event]:
        self._undo.append(self.pile)
        self.pile -= int(action[4:])
        if self.pile:
            self.seat = 1 - self.seat
        return []

    def undo(self) -> None:
        pile = self._undo.pop()
        if self.pile:
            self.seat = 1 - self.seat
        self.pile = pile

    def result(self) -> GameResult | None:
        return GameResult((self.seat,), "last take") if self.pile == 0 else None

    def clone(self) -> Self:
        copy = type(self)(self.pile)
        copy.seat = self.seat
        return copy

    def parse_action(self, text: str) -> Any:
        if text in {"take1", "take2", "take3"}:
            return text
        raise ActionParseError(text)

    def position(self) -> str:
        return f"{self.pile}/{self.seat}"

    def to_json(self) -> dict[str, Any]:
        return {"pile": self.pile, "seat": self.seat}

    @classmethod
    def from_position(cls, text: str, options: Mapping[str, Any] | None = None) -> Self:
        pile, seat = text.split("/")
        return cls.from_json({"pile": pile, "seat": seat})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        state = cls(int(data["pile"]))
        state.seat = int(data["seat"])
        return state

    def options(self) -> dict[str, Any]:
        return {"pile": self.pile}


def race_eval(state: GameState) -> list[float]:
    """Heuristic for ``toyrace``: progress towards the goal relative to the best rival."""
    assert isinstance(state, ToyRace)
    values = []
    for seat, pos in enumerate(state.positions):
        rival = max(p for s, p in enumerate(state.positions) if s != seat)
        values.append((pos - rival) / GOAL)
    return values


def new_race(options: Mapping[str, Any]) -> GameState:
    """Factory for ``toyrace``."""
    return ToyRace(int(options.get("players", 2)))


def new_nim(options: Mapping[str, Any]) -> GameState:
    """Factory for ``toynim``."""
    return ToyNim(int(options.get("pile", 15)))


class FaultyBot(Bot):
    """A bot that kills its process (``crash``), never answers (``hang``) or raises (``raise``).

    ``crash-once`` crashes only while the file named by ``$TOY_CRASH_MARKER`` is absent
    (creating it), so a restarted worker then succeeds.
    """

    def __init__(self, mode: str) -> None:
        super().__init__(Budget(1))
        self.mode = mode

    def _choose(self, state: GameState, actions: list[Any], rng: random.Random, limit: SearchLimit) -> Any:
        if self.mode == "crash-once":
            marker = os.environ["TOY_CRASH_MARKER"]
            if not os.path.exists(marker):
                open(marker, "w").close()
                os._exit(3)
            return actions[0]
        if self.mode == "crash":
            os._exit(3)
        if self.mode == "hang":
            time.sleep(3600)
        raise RuntimeError("faulty bot")


def register_toys() -> None:
    """Register the toy games and the faulty levels with the AI (also a worker plugin)."""
    register_game("toyrace", GameEntry("tests.ai.toy_game:race_eval", "tests.ai.toy_game:ToyRace",
                                       "tests.ai.toy_game:new_race"))
    register_game("toynim", GameEntry(None, "tests.ai.toy_game:ToyNim", "tests.ai.toy_game:new_nim"))
    for mode in ("crash", "crash-once", "hang", "raise"):
        register_level("*", mode, _faulty(mode))


def _faulty(mode: str) -> BotFactory:
    return lambda game_id, players: FaultyBot(mode)
