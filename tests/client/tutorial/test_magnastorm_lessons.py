"""Magnastorm's lessons at the rules level: each plays to its end, only what a step asks is accepted,
saved runs resume, texts leave the data's numbers to the data, and the lessons cover the rulebook, the
rulings and the design (the coverage map)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.ai.levels import make_bot
from game.client.tutorial.lessons import LessonError, coverage_map, load_lessons, parse_lesson
from game.client.tutorial.runner import LessonRun, run_headless
from game.rules.magnastorm import MagnastormState
from game.rules.protocol import GameState
from tests.client.tutorial.walk import walk_lesson

LESSONS = load_lessons("magnastorm")
SHARED = next(
    (up / "shared" for up in Path(__file__).resolve().parents if (up / "shared" / "seeds").is_dir()),
    Path("/nonexistent"),
)
"""The shared rule texts and rulings beside the checkout (a worktree sits one folder deeper)."""
RULEBOOK = SHARED / "seeds" / "001_a0a521cc4d33d569.txt"
DESIGN = Path(__file__).resolve().parents[3] / "docs" / "magnastorm-design.md"
FRONT_MATTER = {"Magnastorm", "Magnastorm Rulebook", "Magnastorm Rulebook / Table of Contents", "Credits"}
"""Rulebook headings with no rule under them: the title, the contents and the credits."""


def quick_opponent(state: GameState) -> Any:
    """A fast stand-in for the AI in free play (the rules-level runs play a whole game)."""
    return make_bot("magnastorm", "random", state.num_players).choose(state.clone(), random.Random(5))


# -- the rules level ------------------------------------------------------------------------------------
@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_lesson_plays_to_the_end_and_refuses_what_a_step_does_not_ask(lesson: Any) -> None:
    walk_lesson(LessonRun(lesson), _refused_move, quick_opponent, lambda legal: legal[0], 5000)


def _refused_move(run: LessonRun) -> Any | None:
    """A legal decision the step does not accept (it must accept at least one)."""
    accepted = {str(action) for action in run.accepted()}
    assert accepted, f"step {run.index + 1} accepts nothing"
    return next((a for a in run.state.legal_actions() if str(a) not in accepted), None)


def test_the_last_lesson_is_a_whole_match_against_easy() -> None:
    last = LESSONS[-1]
    free = [step for step in last.steps if step.kind == "free"]
    assert free and all(step.opponent == "easy" for step in free)
    run = run_headless(last, quick_opponent)
    result = run.state.result()
    assert result is not None, "the free play lasts until the game is over"
    assert result.reason in ("reputation", "round limit")


def test_the_end_lesson_ends_the_game_and_draws_artifact_cards() -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.id == "08_game_end")
    run = run_headless(lesson)
    state = run.state
    assert isinstance(state, MagnastormState) and state.is_terminal()
    assert all(card >= 0 for card in state.artifacts_won), "every player drew an artifact card"


def test_a_verb_step_accepts_any_decision_of_its_verb() -> None:
    lesson = LESSONS[0]
    for area in ("r", "b"):  # SONA took green: either other area is the learner's free choice
        run = LessonRun(lesson)
        while run.step is not None and run.step.verb != "res":
            if run.step.kind == "reply":
                run.play_reply()
            elif run.step.kind == "do":
                run.offer(run.expected())
            else:
                run.advance()
        assert {str(a) for a in run.accepted()} == {"res r", "res b"}
        assert run.offer(run.state.parse_action(f"res {area}")).accepted
        state = run.state
        assert isinstance(state, MagnastormState) and state.level(0, state.s.colours.index(area)) == 1


SYNTHETIC = {
    "id": "synthetic",
    "game": "magnastorm",
    "order": 1,
    "title": "T",
    "summary": "S",
    "teaches": ["Rounds"],
    "setup": {"played": {"options": {"players": 2, "first_player": 0}, "actions": ["start c1"]}},
}


def test_a_verb_step_the_game_does_not_ask_passes_by_itself_and_optional_replies_are_skipped() -> None:
    steps = [
        {"kind": "reply", "actions": ["?go", "start c2", "?finish"]},  # go / finish are not asked now
        {"kind": "do", "text": "Joy D. Obondov?", "verb": "joy"},  # nobody holds Joy: never asked
        {"kind": "reply", "actions": ["res g"]},
        {"kind": "do", "text": "Research.", "verb": "res"},
    ]
    run = LessonRun(parse_lesson({**SYNTHETIC, "steps": steps}, "synthetic.json"))
    run.play_reply()
    assert run.index == 2, "the reply ended after its one asked action; the joy step passed by itself"
    run.play_reply()
    assert run.step is not None and run.step.verb == "res"


def test_a_played_set_up_that_is_not_legal_names_the_action() -> None:
    bad = {**SYNTHETIC, "setup": {"played": {"options": {"players": 2}, "actions": ["take c9"]}}}
    with pytest.raises(LessonError, match=r"synthetic.json: setup: played: actions\[0\]: 'take c9'"):
        LessonRun(parse_lesson({**bad, "steps": [{"kind": "do", "text": "x", "verb": "res"}]},
                               "synthetic.json"))


def test_a_saved_run_resumes_exactly_and_one_from_another_set_up_is_refused() -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.id == "03_runner")
    run = LessonRun(lesson)
    for _ in range(8):
        step = run.step
        assert step is not None
        run.advance() if step.kind == "say" else run.offer(run.expected())
    snapshot = json.loads(json.dumps(run.snapshot()))
    again = LessonRun(lesson)
    again.resume(snapshot)
    assert again.state.position() == run.state.position() and again.index == run.index
    three = {"played": {"options": {"players": 3, "first_player": 0}, "actions": []}}
    steps = [{"kind": "do", "text": "x", "verb": "start"}]
    other = parse_lesson({**SYNTHETIC, "setup": three, "steps": steps}, "synthetic.json")
    with pytest.raises(LessonError, match="no longer fits"):
        LessonRun(other).resume(snapshot)


def test_lesson_texts_name_no_number_the_data_decides() -> None:
    """Costs, gains and reputation are retuned in levels/magnastorm: the texts say them in words (a
    column, an area, a space or a round is named by its number)."""
    allowed = re.compile(r"\b(column|area|round|Round|sector|phase) \d\b|\b\d[alrom]\b|\b\d\. |\bF1\b")
    for lesson in LESSONS:
        for step in lesson.steps:
            stray = re.findall(r"\d+", allowed.sub("", f"{step.title} {step.text}"))
            assert not stray, f"{lesson.id}: {step.text!r} names {stray}"


# -- the coverage map ----------------------------------------------------------------------------------
def rulebook_sections() -> list[str]:
    """The rulebook's headings (short lines that are not sentences, list items or asides); a heading
    used twice is named after the heading before it ("Game End and Winner / Details")."""
    if not RULEBOOK.is_file():
        pytest.skip(f"{RULEBOOK} is not available")
    lines = [line.strip() for line in RULEBOOK.read_text(encoding="utf-8").splitlines()]
    headings = [
        line for line in lines
        if line and len(line.split()) <= 12 and not line.startswith(("- ", "("))
        and not line.endswith((".", ":", "!", "?", ","))
    ]
    counts = Counter(headings)
    named, previous = [], ""
    for heading in headings:
        named.append(f"{previous} / {heading}" if counts[heading] > 1 else heading)
        if counts[heading] == 1:
            previous = heading
    return list(dict.fromkeys(named))


def rulings_sections() -> list[str]:
    """The '## ' headings of the Magnastorm rulings."""
    path = SHARED / "rulings" / "magnastorm.md"
    if not path.is_file():
        pytest.skip(f"{path} is not available")
    return re.findall(r"^## (.+)$", path.read_text(encoding="utf-8"), flags=re.M)


def design_sections() -> list[str]:
    """The design decisions a player meets: each designed component and the rulings the design adds."""
    headings = re.findall(r"^## (.+)$", DESIGN.read_text(encoding="utf-8"), flags=re.M)
    return [h for h in headings if h.endswith(".json)") or h == "Rulings our design settles"]


def test_the_rulebook_parser_finds_its_sections() -> None:
    sections = rulebook_sections()
    for expected in (
        "Goal of the Game",
        "Turtle labs",
        "6) Rotate the Center Tile",
        "Game End and Winner / Details",
        "A) Move a Scout Runner (and Drop Off a Turtle Lab)",
        "Advanced Starting Positions / 1) Turn Order",
    ):
        assert expected in sections


def test_every_rulebook_section_is_taught_by_a_lesson() -> None:
    taught = coverage_map(LESSONS)
    missing = [s for s in rulebook_sections() if s not in FRONT_MATTER and s not in taught]
    assert missing == []


def test_every_ruling_and_design_decision_a_player_needs_is_taught() -> None:
    taught = coverage_map(LESSONS)
    assert [s for s in rulings_sections() + design_sections() if s not in taught] == []


def test_lessons_name_only_sections_that_exist() -> None:
    known = set(rulebook_sections()) | set(rulings_sections()) | set(design_sections())
    assert set(coverage_map(LESSONS)) - known == set()


def test_the_lesson_files_are_what_their_scripts_write() -> None:
    """The JSON files are written by tools/magnastorm_lessons.py: an edit belongs in its scripts."""
    tool = Path(__file__).resolve().parents[3] / "tools" / "magnastorm_lessons.py"
    done = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
