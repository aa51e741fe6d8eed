"""Lesson data: loading and validating ``levels/tutorial/<game>/*.json``.

A lesson is a set-up (a new game, an inline scenario or a position string) and a list of
small steps, each a plain dict in the file:

* ``say``       text shown at the player's pace (Continue), optional ``points``;
* ``do``        wait for one action (``expect``, in the game's notation; the table highlights
  the piece to move and the cell to play on by itself); ``why`` explains a refusal; ``dice``
  forces the concrete chance outcomes that follow; ``route: "exact"`` demands the very route of
  a move (default: any route to the same square); instead of ``expect``, ``verb`` accepts any
  legal action of that verb (a cube to pay, a lab of the player's choice: what the data's numbers
  decide), and the step passes by itself when the game does not ask for one;
* ``reply``     the opponent plays ``actions`` (notation, or ``{"play", "dice"}``); notation written
  ``?go`` is played only when the game asks for it (a decision it may take by itself);
* ``check``     the game must now be over with ``winner`` (seat letter, colour or ``draw``)
  and ``reason``;
* ``free``      free play against the AI (``opponent`` level) for ``goes`` of the learner's goes;
* ``celebrate`` closing words.

The set-up is ``{"new": options}``, ``{"position": "..."}``, ``{"scenario": {...}}`` (MageStone's
inline scenarios) or ``{"played": {"options": {...}, "actions": [...]}}``: a new game and the
actions that lead to the lesson's situation (notation, or ``{"play", "dice"}``), played at once
with the lesson's seed, so the situation follows the game's data as it is tuned.

Errors are :class:`LessonError` naming the file, the step and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.client.match.games import registered_games
from game.resources import resource_path
from game.rules.registry import game_ids
from game.safe_json import FileProblem, load_data

STEP_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    # kind: (required fields, optional fields)
    "say": ({"text"}, {"points", "title"}),
    "do": ({"text"}, {"expect", "verb", "why", "dice", "route", "points", "title"}),
    "reply": ({"actions"}, {"text"}),
    "check": ({"reason"}, {"winner", "text"}),
    "free": ({"text", "goes"}, {"opponent", "title"}),
    "celebrate": ({"text"}, {"title"}),
}
LESSON_FIELDS = {"id", "game", "order", "title", "summary", "teaches", "setup", "steps", "seat", "seed"}
HUD_POINTS = {"squares", "units", "bank", "dice", "end_go", "rite", "players", "log", "stones", "layers"}
AI_LEVELS = ("easy", "normal", "hard")
SETUP_KINDS = ("new", "scenario", "position", "played")


class LessonError(ValueError):
    """A lesson file is malformed; the message names file, step and field."""


@dataclass(frozen=True)
class Reply:
    """One scripted opponent action with the dice that follow it."""

    play: str
    dice: tuple[str, ...] = ()
    optional: bool = False
    """Played only when legal (written ``?notation``): the game may take this decision by itself."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson (see the module docstring for the kinds)."""

    kind: str
    text: str = ""
    title: str = ""
    points: tuple[str, ...] = ()
    expect: str = ""
    verb: str = ""
    """Any legal action of this verb counts (``expect`` is then empty)."""
    why: str = ""
    dice: tuple[str, ...] = ()
    exact_route: bool = False
    replies: tuple[Reply, ...] = ()
    winner: str = ""
    reason: str = ""
    goes: int = 0
    opponent: str = "easy"

    @property
    def waits_for_player(self) -> bool:
        """True for steps that wait for the learner (text to read, an action, free play)."""
        return self.kind in ("say", "do", "free", "celebrate")


@dataclass(frozen=True)
class Lesson:
    """A whole lesson, validated."""

    id: str
    game: str
    order: int
    title: str
    summary: str
    teaches: tuple[str, ...]
    setup: Mapping[str, Any]
    steps: tuple[Step, ...]
    source: str
    seat: int = 0
    seed: int = 1


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{where}: must be a non-empty string")
    return value


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise LessonError(f"{where}: must be a list of strings")
    return tuple(value)


def _step(raw: Any, where: str) -> Step:
    if not isinstance(raw, Mapping):
        raise LessonError(f"{where}: must be an object")
    kind = raw.get("kind")
    if kind not in STEP_FIELDS:
        raise LessonError(f"{where}: kind: must be one of {', '.join(STEP_FIELDS)}, got {kind!r}")
    required, optional = STEP_FIELDS[kind]
    for name in sorted(required - set(raw)):
        raise LessonError(f"{where} ({kind}): {name}: missing")
    for name in sorted(set(raw) - required - optional - {"kind"}):
        raise LessonError(f"{where} ({kind}): {name}: unknown field")
    values: dict[str, Any] = {"kind": kind}
    if kind == "do" and "expect" not in raw and "verb" not in raw:
        raise LessonError(f"{where} ({kind}): expect: missing (or a verb)")
    if kind == "do" and "expect" in raw and "verb" in raw:
        raise LessonError(f"{where} ({kind}): verb: give expect or verb, not both")
    for name in ("text", "title", "expect", "verb", "why", "winner", "reason"):
        if name in raw:
            values[name] = _text(raw[name], f"{where} ({kind}): {name}")
    if "points" in raw:
        values["points"] = _strings(raw["points"], f"{where} ({kind}): points")
    if "dice" in raw:
        values["dice"] = _strings(raw["dice"], f"{where} ({kind}): dice")
    if "route" in raw:
        if raw["route"] not in ("exact", "any"):
            raise LessonError(f"{where} ({kind}): route: must be 'exact' or 'any'")
        values["exact_route"] = raw["route"] == "exact"
    if "goes" in raw:
        if not isinstance(raw["goes"], int) or isinstance(raw["goes"], bool) or not 1 <= raw["goes"] <= 50:
            raise LessonError(f"{where} ({kind}): goes: must be an int 1..50")
        values["goes"] = raw["goes"]
    if "opponent" in raw:
        if raw["opponent"] not in AI_LEVELS:
            raise LessonError(f"{where} ({kind}): opponent: must be one of {', '.join(AI_LEVELS)}")
        values["opponent"] = raw["opponent"]
    if "actions" in raw:
        values["replies"] = _replies(raw["actions"], f"{where} ({kind}): actions")
    return Step(**values)


def _replies(raw: Any, where: str) -> tuple[Reply, ...]:
    if not isinstance(raw, list) or not raw:
        raise LessonError(f"{where}: must be a non-empty list")
    replies = []
    for index, entry in enumerate(raw):
        if isinstance(entry, str) and entry.lstrip("?"):
            replies.append(Reply(entry.lstrip("?"), optional=entry.startswith("?")))
        elif isinstance(entry, Mapping) and set(entry) <= {"play", "dice"} and "play" in entry:
            replies.append(
                Reply(
                    _text(entry["play"], f"{where}[{index}].play"),
                    _strings(entry.get("dice", []), f"{where}[{index}].dice"),
                )
            )
        else:
            raise LessonError(f"{where}[{index}]: must be notation or {{'play': ..., 'dice': [...]}}")
    return tuple(replies)


def opening(setup: Mapping[str, Any], source: str) -> tuple[Reply, ...]:
    """The actions a ``played`` set-up plays before the first step (none for the other kinds)."""
    played = setup.get("played")
    if played is None:
        return ()
    where = f"{source}: setup: played"
    if not isinstance(played, Mapping) or set(played) - {"options", "actions"}:
        raise LessonError(f"{where}: must be {{'options': {{...}}, 'actions': [...]}}")
    if not isinstance(played.get("options", {}), Mapping):
        raise LessonError(f"{where}: options: must be an object")
    actions = played.get("actions", [])
    return _replies(actions, f"{where}: actions") if actions else ()


def parse_lesson(data: Any, source: str) -> Lesson:
    """Validate one lesson's JSON data; ``source`` names it in errors."""
    if not isinstance(data, Mapping):
        raise LessonError(f"{source}: must be a JSON object")
    for name in sorted(set(data) - LESSON_FIELDS):
        raise LessonError(f"{source}: {name}: unknown field")
    for name in ("id", "game", "order", "title", "summary", "teaches", "setup", "steps"):
        if name not in data:
            raise LessonError(f"{source}: {name}: missing")
    if data["game"] not in game_ids():
        raise LessonError(f"{source}: game: must be one of {', '.join(game_ids())}")
    if not isinstance(data["order"], int):
        raise LessonError(f"{source}: order: must be an int")
    setup = data["setup"]
    if (
        not isinstance(setup, Mapping)
        or len(setup) != 1
        or next(iter(setup)) not in SETUP_KINDS
    ):
        raise LessonError(
            f"{source}: setup: must be one of {{'new': {{}}}}, {{'scenario': {{}}}}, {{'position': '...'}}, "
            "{'played': {'options': {}, 'actions': []}}"
        )
    opening(setup, source)  # the played set-up's actions are checked here
    raw_steps = data["steps"]
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{source}: steps: must be a non-empty list")
    steps = tuple(_step(raw, f"{source}: step {index + 1}") for index, raw in enumerate(raw_steps))
    if not any(step.kind in ("do", "free") for step in steps):
        raise LessonError(f"{source}: steps: a lesson needs at least one 'do' or 'free' step")
    seat = data.get("seat", 0)
    seed = data.get("seed", 1)
    if not isinstance(seat, int) or not isinstance(seed, int):
        raise LessonError(f"{source}: seat/seed: must be ints")
    return Lesson(
        id=_text(data["id"], f"{source}: id"),
        game=data["game"],
        order=data["order"],
        title=_text(data["title"], f"{source}: title"),
        summary=_text(data["summary"], f"{source}: summary"),
        teaches=_strings(data["teaches"], f"{source}: teaches"),
        setup=setup,
        steps=steps,
        source=source,
        seat=seat,
        seed=seed,
    )


def coverage_map(lessons: list[Lesson]) -> dict[str, list[str]]:
    """Which lessons teach each section (the sections the lessons name in ``teaches``), in order."""
    taught: dict[str, list[str]] = {}
    for lesson in lessons:
        for section in lesson.teaches:
            taught.setdefault(section, []).append(lesson.id)
    return taught


def load_lesson(path: Path) -> Lesson:
    """Read and validate one lesson file."""
    try:
        data = load_data(path)
    except FileProblem as error:
        raise LessonError(f"{path.name}: {error.problem}") from None
    except OSError as error:
        raise LessonError(f"{path.name}: cannot be read ({error})") from None
    lesson = parse_lesson(data, path.name)
    if lesson.id != path.stem:
        raise LessonError(f"{path.name}: id: must match the file name ({path.stem!r}), got {lesson.id!r}")
    return lesson


def lessons_folder() -> Path:
    """``levels/tutorial`` (source tree or bundle)."""
    return resource_path("levels", "tutorial")


def lesson_games(folder: Path | None = None) -> tuple[str, ...]:
    """The games with a table (client registry order) that have a lessons folder, ``<game>/``."""
    base = folder or lessons_folder()
    return tuple(game for game in registered_games() if (base / game).is_dir())


def read_lessons(game: str, folder: Path | None = None) -> tuple[list[Lesson], list[str]]:
    """Every lesson of ``game`` that loads, in their ``order``, and one message per file that does not."""
    base = (folder or lessons_folder()) / game
    lessons, problems = [], []
    for path in sorted(base.glob("*.json")):
        try:
            lesson = load_lesson(path)
            if lesson.game != game:
                raise LessonError(f"{lesson.source}: game: is {lesson.game!r} but the file is in {game}/")
            lessons.append(lesson)
        except LessonError as error:
            problems.append(str(error))
    return sorted(lessons, key=lambda lesson: (lesson.order, lesson.id)), problems


def load_lessons(game: str, folder: Path | None = None) -> list[Lesson]:
    """Every lesson of ``game``, in their ``order`` (LessonError for the first file that does not load)."""
    lessons, problems = read_lessons(game, folder)
    if problems:
        raise LessonError(problems[0])
    return lessons
