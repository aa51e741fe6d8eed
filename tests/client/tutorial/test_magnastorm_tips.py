"""Magnastorm's first-time tips: shown at its table when the rule first comes into play, once per
player, never another game's tip, each naming a topic of the Magnastorm rules reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.client.app import App
from game.client.input import Click, Hover
from game.client.magnastorm.narrator import MagnastormNarrator
from game.client.magnastorm.scene import MagnastormMatchScene
from game.client.match import session
from game.client.match.controller import InlineSource, MatchController
from game.client.match.seats import Seat
from game.client.tutorial.lessons import load_lessons
from game.client.tutorial.progress import Progress
from game.client.tutorial.runner import LessonRun
from game.client.tutorial.tips import GAME_TIPS, TipBox
from game.rules.match import Match
from game.rules.protocol import Event
from tests.client.conftest import frames, play_out, send

pytestmark = pytest.mark.usefixtures("quick")


def box(user_dir: Path) -> TipBox:
    """A Magnastorm tip box with tips on."""
    return TipBox(Progress.load(), lambda: True, "magnastorm")


@pytest.mark.parametrize(
    ("event", "tip"),
    [
        (Event("took_over", {"seat": 0, "column": 2, "previous": 1}), "ms_commander_lost"),
        (Event("bag_drawn", {"seat": 0, "colour": "k"}), "ms_black_cube"),
        (Event("station_start", {"seat": 0, "station": "t3", "owner": 1}), "ms_station_fare"),
        (Event("research_commander", {"area": "g", "commander": "huber", "seat": -1}), "ms_research_tie"),
        (Event("end_triggered", {"seat": 1}), "ms_end_triggered"),
    ],
)
def test_a_magnastorm_rule_in_play_shows_its_tip_once(user_dir: Path, event: Event, tip: str) -> None:
    tips = box(user_dir)
    tips.observe([event])
    assert tips.current is not None and tips.current.id == tip
    tips.dismiss()
    box(user_dir).observe([event])
    assert tip in Progress.load().tips_seen
    again = box(user_dir)
    again.observe([event])
    assert again.current is None, "shown once per player"


@pytest.mark.parametrize(
    "event",
    [
        Event("took_over", {"seat": 0, "column": 2, "previous": -1}),  # nobody held it
        Event("bag_drawn", {"seat": 0, "colour": "y"}),
        Event("station_start", {"seat": 0, "station": "t3", "owner": 0}),  # one's own station is free
        Event("research_commander", {"area": "g", "commander": "huber", "seat": 1}),
        Event("dice_rolled", {"rolls": [[3, 3], [4, 2]]}),  # a MageStone tie: not at this table
    ],
)
def test_no_tip_when_the_rule_does_not_apply(user_dir: Path, event: Event) -> None:
    tips = box(user_dir)
    tips.observe([event])
    assert tips.current is None


def test_every_magnastorm_tip_names_a_magnastorm_topic_and_is_keyed_by_an_engine_event() -> None:
    from game.client.rules_reference.topics import load_reference

    topics = {topic.id for topic in load_reference("magnastorm").topics}
    tips = GAME_TIPS["magnastorm"]
    assert tips and {tip.topic for tip in tips} <= topics
    rules = Path(__file__).resolve().parents[3] / "game" / "rules" / "magnastorm"
    engine = "".join(path.read_text(encoding="utf-8") for path in rules.glob("*.py"))
    assert all(f'_emit("{tip.event}"' in engine for tip in tips)


def test_the_first_administration_at_the_table_shows_its_tip(app: App) -> None:
    """At the end of a round (the administration lesson's position, played at an ordinary table)."""
    lesson = next(lesson for lesson in load_lessons("magnastorm") if lesson.id == "07_administration")
    prepared = LessonRun(lesson).match
    match = Match(prepared.state, prepared.seed, list(prepared.log), prepared.chance_count)
    seats = [Seat(name, "human", index) for index, name in enumerate(("Ada", "Bo"))]
    controller = MatchController(
        match, seats, InlineSource(), MagnastormNarrator(), autosave_file=None, pace=0.0
    )
    session.open_match(app, controller)
    scene = app.stack.top
    assert isinstance(scene, MagnastormMatchScene)
    scene.handover = False
    for _ in range(40):  # plain turns until the upper panel is empty
        if scene.state.round > 1:
            break
        legal = [str(a) for a in scene.state.legal_actions()]
        pick = next((a for a in legal if a.startswith(("crew ", "to ")) or a in ("gain", "finish")), legal[0])
        scene._play(scene.state.parse_action(pick))
        play_out(app, scene, 400)
    assert scene.state.round == 2
    scene.animator.skip()
    frames(app, 3)
    assert scene.tips.current is not None and scene.tips.current.id == "ms_administration"
    centre = scene.tips.rect.center
    send(app, Hover(centre), Click(centre))
    assert scene.tips.current is None
