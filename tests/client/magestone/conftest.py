"""A MageStone table on the dummy display, set up from a scenario, driven by synthetic intents."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from game.client.app import App
from game.client.input import Click, Hover, Intent
from game.client.magestone.narrator import MageStoneNarrator
from game.client.magestone.scene import MageStoneMatchScene
from game.client.match import session
from game.client.match.controller import InlineSource
from game.client.match.seats import Seat
from game.rules.magestone import MageStoneState
from game.rules.magestone.board import load_board
from tests.client.conftest import frames, open_test_table, play_out
from tests.client.conftest import send as client_send

BOARD = load_board()


@pytest.fixture(autouse=True)
def inline_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots answer in-process (no worker process in unit tests) and animations are instant."""
    monkeypatch.setattr(session, "make_source", InlineSource)


def sq(name: str) -> int:
    """Square index of a name."""
    return BOARD.parse_square(name)


def scenario(seats: Mapping[str, Any], **fields: Any) -> MageStoneState:
    """A position from seat entries; stones default to the layout less what the Mages carry."""
    players = len(seats)
    data: dict[str, Any] = {"players": players, "seats": dict(seats), **fields}
    if "stones" not in data:
        carried = sum(sum(s.get("carried", (0, 0))) for s in seats.values())
        layout = [BOARD.names[s] for s in BOARD.stones_by_players[players]]
        data["stones"] = {name: [1, 0] for name in layout[: len(layout) - carried]}
    return MageStoneState.from_scenario(data, "test")


def seat(
    mage: str | None = None,
    priest: str | None = None,
    warriors: tuple[str, ...] = (),
    carried: tuple[int, int] = (0, 0),
) -> dict[str, Any]:
    """One seat's scenario entry."""
    return {"mage": mage, "priest": priest, "warriors": list(warriors), "carried": list(carried)}


def open_table(app: App, state: MageStoneState, ai: tuple[str, ...] = ()) -> MageStoneMatchScene:
    """Open the table on ``state``; seats listed in ``ai`` (letters) are Normal bots, the rest humans."""
    seats = [
        Seat(BOARD.seat_names[letter], "normal" if letter in ai else "human", index)
        for index, letter in enumerate(state.seats)
    ]
    scene = open_test_table(app, state, seats, MageStoneNarrator(), MageStoneMatchScene)
    scene.handover = False
    frames(app, 2)
    return scene


def send(app: App, *intents: Intent, settle: int = 3) -> None:
    """Inject intents through the input layer and run a few frames."""
    client_send(app, *intents, settle=settle)


def click_square(app: App, scene: MageStoneMatchScene, name: str) -> None:
    """Hover then click the centre of a square."""
    pos = scene.view.centre(sq(name))
    send(app, Hover(pos), Click(pos))


def attack_square(app: App, scene: MageStoneMatchScene, name: str) -> None:
    """Click an enemy to see the attack's odds, then click it again to confirm."""
    click_square(app, scene, name)
    assert scene.armed == sq(name)
    click_square(app, scene, name)


def finish_animations(app: App, scene: MageStoneMatchScene) -> None:
    """Let every queued animation play out."""
    play_out(app, scene, 600)
