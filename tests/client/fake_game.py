"""A third game that exists only in the tests: "Count to ten", its rules, table, set-up and reference.

Two players add 1 or 2 to a running total in turn; whoever reaches the goal (10) wins. The module is
at once the game's rules package (``new_game``, :class:`CountState`) and its client package
(:func:`client`): :func:`register` plugs it in through the registries alone, as docs/architecture.md
says a game is added.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Self

import pygame
import pytest

from game.client import decor, theme
from game.client.match import games
from game.client.match.controller import MatchController, PlainNarrator
from game.client.scenes.base import Host, Scene
from game.client.scenes.common import MenuScene
from game.resources import BUNDLE_ROOT_ENV, bundle_root
from game.rules import registry
from game.rules.protocol import TERMINAL, ActionParseError, Event, GameResult, GameState

GAME_ID = "count10"
TITLE = "Count to Ten"


class CountState(GameState):
    """The running total, whose turn it is, and the goal."""

    game_id = GAME_ID

    def __init__(self, goal: int = 10) -> None:
        self.goal = goal
        self.total = 0
        self.seat = 0
        self._undo: list[tuple[int, int]] = []

    @property
    def num_players(self) -> int:
        return 2

    def current_player(self) -> int:
        return TERMINAL if self.total >= self.goal else self.seat

    def legal_actions(self) -> list[Any]:
        return [] if self.total >= self.goal else ["add1", "add2"]

    def is_legal(self, action: Any) -> bool:
        return action in self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return []

    def sample_chance(self, rng: random.Random) -> Any:
        raise ValueError("no chance in this game")

    def apply(self, action: Any) -> list[Event]:
        self._undo.append((self.total, self.seat))
        self.total += int(action[3:])
        if self.total < self.goal:
            self.seat = 1 - self.seat
        return [Event("counted", {"total": self.total})]

    def undo(self) -> None:
        self.total, self.seat = self._undo.pop()

    def result(self) -> GameResult | None:
        return GameResult((self.seat,), "goal") if self.total >= self.goal else None

    def clone(self) -> Self:
        copy = type(self)(self.goal)
        copy.total, copy.seat, copy._undo = self.total, self.seat, list(self._undo)
        return copy

    def parse_action(self, text: str) -> Any:
        if text in ("add1", "add2"):
            return text
        raise ActionParseError(text)

    def position(self) -> str:
        return f"{self.total}/{self.seat}/{self.goal}"

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "seat": self.seat, "goal": self.goal}

    @classmethod
    def from_position(cls, text: str, options: Mapping[str, Any] | None = None) -> Self:
        total, seat, goal = text.split("/")
        return cls.from_json({"total": total, "seat": seat, "goal": goal})

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        state = cls(int(data["goal"]))
        state.total, state.seat = int(data["total"]), int(data["seat"])
        return state

    def options(self) -> dict[str, Any]:
        return {"goal": self.goal}


def new_game(options: Mapping[str, Any]) -> GameState:
    """The rules registry's factory."""
    return CountState(int(options.get("goal", 10)))


class CountTable(Scene):
    """The game's table: the running total in big figures (the replay viewer shows it read-only)."""

    def __init__(self, host: Host, controller: MatchController) -> None:
        self.host = host
        self.controller = controller
        self.entered = False

    def enter(self) -> None:
        self.entered = True

    def draw(self, surface: pygame.Surface) -> None:
        state = self.controller.state
        assert isinstance(state, CountState)
        surface.fill(theme.INK)
        decor.text(surface, self.host.assets, "title", 60, str(state.total), theme.GOLD, (40, 40))


class CountSetup(MenuScene):
    """Its set-up screen (nothing to choose)."""


def client() -> games.GameClient:
    """The game-client registry's entry."""
    return games.GameClient(
        TITLE,
        PlainNarrator,
        CountTable,
        CountSetup,
        lambda host, state, surface, rect: None,
        lambda controller: ["Game over"],
        icon="dice",
        blurb=("2 players", "Add one or two", "Reach ten first"),
        player_counts=(2,),
    )


REFERENCE = {
    "game": GAME_ID,
    "title": TITLE,
    "topics": [
        {
            "id": "goal",
            "title": "Reaching ten",
            "ruling": "",
            "paragraphs": ["Add one or two to the total in turn; who reaches ten wins."],
            "rulings": [],
        }
    ],
}


def register(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Plug the game in for one test: rules and client registries, and its reference file in a copy
    of the bundle (the real data, linked or copied, plus ``levels/rules/count10.json``)."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(games, "_CLIENTS", dict(games._CLIENTS))
    registry.register_game(GAME_ID, registry.RulesEntry(__name__, "CountState", (2,)))
    games.register(GAME_ID, f"{__name__}:client")
    source, root = bundle_root(), tmp_path / "bundle"
    (root / "levels" / "rules").mkdir(parents=True)
    (root / "assets").symlink_to(source / "assets")
    for folder in (source / "levels").iterdir():
        if folder.name != "rules":
            (root / "levels" / folder.name).symlink_to(folder)
    for reference in (source / "levels" / "rules").iterdir():
        shutil.copyfile(reference, root / "levels" / "rules" / reference.name)  # a link is not read
    (root / "levels" / "rules" / f"{GAME_ID}.json").write_text(json.dumps(REFERENCE), encoding="utf-8")
    monkeypatch.setenv(BUNDLE_ROOT_ENV, str(root))
