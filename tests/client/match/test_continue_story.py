"""Continue and Load keep the story: the log, the undo window and the game-over statistics of a
reloaded match are those of the same match played without a reload."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.client.app import App
from game.client.magestone.narrator import MageStoneNarrator
from game.client.magistrat.narrator import MagiStratNarrator
from game.client.match.controller import MatchController
from game.client.match.games import game_client
from game.client.match.seats import Seat
from game.client.match.session import controller_from_save
from game.rules.match import Match
from game.rules.registry import new_game
from game.storage.saves import load_save
from tests.client.magestone.conftest import scenario, seat

GAMES = {
    "magestone": ({"players": 2}, MageStoneNarrator, False),
    "magistrat": ({}, MagiStratNarrator, True),
}


def played(game_id: str, path: Path, actions: int, seed: int = 3) -> MatchController:
    """A two-human match of ``game_id`` autosaving to ``path`` after ``actions`` seeded random actions,
    stopped where an undo is allowed (a go in progress)."""
    options, narrator, across = GAMES[game_id]
    controller = MatchController(
        Match(new_game(game_id, options), seed),
        [Seat("South", "human", 0), Seat("North", "human", 1)],
        narrator=narrator(),
        autosave_file=path,
        pace=0.0,
        undo_across_turns=across,
    )
    rng = random.Random(seed)
    count = 0
    while count < actions or not controller.can_undo():
        legal = controller.state.legal_actions()
        controller.play(rng.choice(legal))
        count += 1
        assert not controller.over, "pick a seed whose game lasts longer"
    return controller


def reloaded(app: App, path: Path) -> MatchController:
    """The controller that Continue builds from the autosave."""
    return controller_from_save(app, load_save(path))


def story(controller: MatchController) -> tuple[object, ...]:
    """What the player can tell of the past: log lines, history, the undo window and the summary."""
    client = game_client(controller.game_id)
    assert client is not None
    return (
        list(controller.log),
        [(p.kind, p.actor, p.notation, p.lines, p.events) for p in controller.history],
        controller.can_undo(),
        client.summary(controller),
    )


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_continue_gives_the_same_log_undo_and_statistics(app: App, tmp_path: Path, game_id: str) -> None:
    path = tmp_path / "autosave.json"
    original = played(game_id, path, 80)
    again = reloaded(app, path)
    again.source = None
    assert story(again) == story(original)
    assert again.can_undo() and len(again.log) > 20
    assert again.undo() and original.undo()
    assert story(again) == story(original)


def test_continue_on_a_finished_game_keeps_its_statistics(app: App, tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    original = played("magestone", path, 120, seed=5)
    original.resign(1)
    assert original.over
    again = reloaded(app, path)
    again.source = None
    assert story(again) == story(original)
    kills = sum(
        1
        for p in original.history
        for e in p.events
        if e.kind == "unit_fell" and 0 <= p.actor != e.data["seat"]
    )
    assert kills > 0, "pick a seed with a fight"


def test_summary_grammar_counts_one_in_the_singular(app: App, tmp_path: Path) -> None:
    controller = played("magestone", tmp_path / "a.json", 0)
    client = game_client("magestone")
    assert client is not None
    lines = client.summary(controller)
    assert "South: 0 enemy units defeated, 0 MageStones collected" in lines
    assert lines[1] == "1 go played"


def test_a_log_that_does_not_replay_from_the_options_leaves_the_story_empty() -> None:
    state = scenario({"S": seat("i1", "h1", ("e5",)), "N": seat("h16", "i16", ("e6",))})
    controller = MatchController(
        Match(state, 1), [Seat("South", "human", 0), Seat("North", "human", 1)], narrator=MageStoneNarrator()
    )
    controller.play(controller.state.parse_action("e5xe6"))
    controller.retell()
    assert controller.log == [] and controller.history == []
    assert controller.match.log, "the match itself is untouched"
