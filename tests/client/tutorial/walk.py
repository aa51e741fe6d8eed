"""Playing a lesson through at the rules level, the same way for every game's lessons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.client.tutorial.runner import LessonRun


def walk_lesson(
    run: LessonRun,
    wrong_for: Callable[[LessonRun], Any | None],
    opponent: Callable[[Any], Any],
    free_move: Callable[[list[Any]], Any],
    limit: int,
) -> None:
    """Play ``run`` to its end: a text step advances; a "do" step first refuses ``wrong_for(run)``
    (when there is one) with a message and nothing changed, refuses being skipped, then takes its
    expected action; a reply plays; in free play ``opponent(state)`` moves for the AI and
    ``free_move(legal)`` for the player. Then a restart returns to the lesson's first position."""
    first = run.state.position()
    for _ in range(limit):
        if run.finished:
            break
        step, index = run.step, run.index
        assert step is not None
        if step.kind in ("say", "celebrate"):
            assert run.advance().accepted
        elif step.kind == "do":
            wrong = wrong_for(run)
            if wrong is not None:
                before = run.state.position()
                verdict = run.offer(wrong)
                assert not verdict.accepted and verdict.message
                assert run.state.position() == before and run.index == index
            assert not run.advance().accepted
            assert run.offer(run.expected()).accepted
        elif step.kind == "reply":
            run.play_reply()
        elif run.ai_to_play():
            run.play_ai(opponent(run.state))
        else:
            assert run.offer(free_move(run.state.legal_actions())).accepted
    assert run.finished
    run.restart()
    assert run.state.position() == first and run.index == 0
