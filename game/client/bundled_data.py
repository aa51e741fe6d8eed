"""Every bundled data file (``levels/``) checked at start: a damaged one is named with its field.

The game goes on without the broken part: a table whose data is damaged refuses to open with
the same message, a lesson whose file or script is wrong is left out of the tutorial menu.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from pathlib import Path

from game.client.rules_reference.topics import ReferenceError, load_reference, reference_games
from game.client.tutorial.lessons import Lesson, LessonError, lesson_games, read_lessons
from game.client.tutorial.runner import initial_state, run_headless
from game.resources import bundle_root, resource_path
from game.rules.protocol import GameState, RulesError


def lesson_problem(lesson: Lesson) -> str:
    """'' when the lesson's set-up builds and its script plays through to the end, else why not."""
    try:
        run_headless(lesson, _first_legal)
    except (LessonError, RulesError, ValueError, KeyError, TypeError, IndexError) as error:
        return str(error) if isinstance(error, LessonError) else f"{lesson.source}: {error}"
    return ""


def _first_legal(state: GameState) -> object:
    return state.legal_actions()[0]


def playable_lessons(game: str) -> tuple[list[Lesson], list[str]]:
    """The lessons of ``game`` that load and play through, and a message for each that does not
    (checked once per bundle: the menu asks at every layout)."""
    good, problems = _checked_lessons(game, bundle_root())
    return list(good), list(problems)


@lru_cache(maxsize=8)
def _checked_lessons(game: str, root: Path) -> tuple[tuple[Lesson, ...], tuple[str, ...]]:
    lessons, problems = read_lessons(game)
    good = []
    for lesson in lessons:
        problem = lesson_problem(lesson)
        if problem:
            problems.append(problem)
        else:
            good.append(lesson)
    return tuple(good), tuple(problems)


def _magestone_checks() -> list[Callable[[], object]]:
    from game.rules.magestone import load_board, load_scenario

    folder = resource_path("levels", "magestone", "scenarios")
    return [load_board, *(partial(load_scenario, path) for path in sorted(folder.glob("*.json")))]


def _magistrat_checks() -> list[Callable[[], object]]:
    from game.rules.magistrat import load_formation, load_piece_table, load_scenario, scenario_names
    from game.rules.magistrat.data import formation_names

    return [
        load_piece_table,
        *(partial(load_formation, name) for name in formation_names()),
        *(partial(load_scenario, name) for name in scenario_names()),
    ]


def bundled_data_problems() -> list[str]:
    """One message (file, field, problem) per bundled data file that does not load."""
    problems: list[str] = []
    for checks in (_magestone_checks, _magistrat_checks, _reference_checks, _lesson_checks):
        try:
            for check in checks():
                try:
                    check()
                except (RulesError, ReferenceError, LessonError, OSError, ValueError) as error:
                    problems.append(str(error))
        except (OSError, RulesError, ValueError) as error:  # a folder missing, or the board itself
            problems.append(str(error))
    return list(dict.fromkeys(problems))


def _reference_checks() -> list[Callable[[], object]]:
    return [partial(load_reference, game) for game in reference_games()]


def _lesson_checks() -> list[Callable[[], object]]:
    return [partial(_lessons_load, game) for game in lesson_games()]


def _lessons_load(game: str) -> None:
    """Every lesson file parses and its set-up builds (the scripts play in the tutorial menu)."""
    lessons, problems = read_lessons(game)
    for lesson in lessons:
        try:
            initial_state(lesson)
        except LessonError as error:
            problems.append(str(error))
    if problems:
        raise LessonError("\n".join(problems))
