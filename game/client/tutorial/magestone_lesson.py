"""A MageStone lesson at the real table: the lesson card, gated input, scripted replies, free play.

The scene is the ordinary :class:`MageStoneMatchScene` with the learner's actions routed through
the :class:`~game.client.tutorial.runner.LessonRun` (which accepts only the expected action), the
opponent's scripted replies played at the table's pace, and the lesson card drawn where the
action log usually is.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.client import decor, theme
from game.client.input import Click, Intent, Key
from game.client.magestone.narrator import MageStoneNarrator
from game.client.magestone.scene import LEFT, LOG, RIGHT_W, RIGHT_X, TRAY, MageStoneMatchScene
from game.client.match.controller import PACE_SECONDS, MatchController
from game.client.match.seats import Seat
from game.client.scenes.base import Host
from game.client.scenes.dialog import DialogScene
from game.client.tutorial.lessons import Lesson, LessonError
from game.client.tutorial.progress import Progress
from game.client.tutorial.runner import LessonRun
from game.client.widgets import Button, Widget
from game.rules.magestone import Attack, Bolt, Fall, Move, UnitAction

CARD = pygame.Rect(LOG.x, LOG.y - 4, LOG.width, LOG.height + 4)
CONTROL_SWAPS = {
    "Undo": ("Restart", "restart", "Start this lesson again from the first step.", "undo"),
    "Hint": ("What now?", "hint", "Repeat what this step asks you to do.", "rules"),
    "Menu": ("Leave", "menu", "Back to the lesson list; your place is saved (Esc).", "back"),
}
HUD_RECTS = {
    "squares": pygame.Rect(RIGHT_X, 58, RIGHT_W, 30),
    "units": pygame.Rect(RIGHT_X, 92, RIGHT_W, 34),
    "end_go": pygame.Rect(RIGHT_X, 200, (RIGHT_W - 8) // 2, 38),
    "dice": TRAY,
    "players": pygame.Rect(LEFT.x, LEFT.y, LEFT.width, 300),
    "bank": pygame.Rect(LEFT.x, LEFT.bottom - 66, LEFT.width, 32),
    "rite": pygame.Rect(LEFT.x, LEFT.bottom - 34, LEFT.width, 34),
    "log": LOG,
}


def action_squares(action: Any) -> set[int]:
    """Every square a click may touch while playing ``action`` at the table."""
    if isinstance(action, Move):
        return set(action.route)
    if isinstance(action, Attack):
        return {*action.attackers, action.target}
    if isinstance(action, Bolt):
        return {action.caster, action.target}
    if isinstance(action, (UnitAction, Fall)):
        return {action.square}
    return set()


class MageStoneLessonScene(MageStoneMatchScene):
    """One MageStone lesson played at the table."""

    def __init__(
        self, host: Host, lesson: Lesson, progress: Progress, resume: dict[str, Any] | None = None
    ) -> None:
        self.lesson = lesson
        self.progress = progress
        self.run = LessonRun(lesson)
        self.resume_problem = ""
        if resume is not None:
            try:
                self.run.resume(resume)
            except LessonError as error:
                self.resume_problem = str(error)
        state = self.run.state
        names = [state.board.seat_names[letter] for letter in state.seats]  # type: ignore[attr-defined]
        seats = [
            Seat(name, "human" if index == lesson.seat else "easy", index) for index, name in enumerate(names)
        ]
        controller = MatchController(
            self.run.match,
            seats,
            None,
            MageStoneNarrator(),
            autosave_file=None,
            pace=PACE_SECONDS.get(host.settings.animation_speed, 0.55),
        )
        super().__init__(host, controller, handover=False)
        self.run.bind(controller.play)
        self.tips.enabled = lambda: False
        self._game_over_shown = True
        self.since_reply = 0.0
        self._saved_at: tuple[int, int] = (-1, -1)
        self.card_lines: list[str] = []

    # -- lifecycle ------------------------------------------------------------------------------------
    def enter(self) -> None:
        """Lay out, then remember where the learner stands."""
        super().enter()
        self._save_progress()

    def exit(self) -> None:
        """Save where the lesson stands, then stop."""
        self._save_progress()
        super().exit()

    # -- the lesson card's buttons ----------------------------------------------------------------
    def layout(self) -> None:
        """The table's buttons (Undo becomes Restart, Menu becomes Leave) plus the card's buttons."""
        super().layout()
        for widget in self.group.widgets:
            if isinstance(widget, Button) and widget.label in CONTROL_SWAPS:
                widget.label, command, widget.tooltip, widget.icon = CONTROL_SWAPS[widget.label]
                widget.on_click = getattr(self, command)
                widget.enabled = True
        assets = self.host.assets
        row = pygame.Rect(CARD.x + 12, CARD.bottom - 42, CARD.width - 24, 32)
        skip = Button(
            assets,
            pygame.Rect(row.right - 76, row.y, 76, row.height),
            "Skip",
            self.skip,
            font_size=14,
            tooltip="Mark this lesson as skipped and go to the next one.",
        )
        step = self.run.step
        primary = None
        if self.run.finished:
            label = "Next lesson" if self._next_lesson() else "Back to the lessons"
            primary = (label, self.next_lesson)
        elif step is not None and step.kind in ("say", "celebrate"):
            primary = ("Continue", self.proceed)
        widgets: list[Widget] = []
        if primary is not None:
            widgets.append(
                Button(
                    assets,
                    pygame.Rect(row.x, row.y, row.width - 84, row.height),
                    primary[0],
                    primary[1],
                    icon="continue",
                    style="primary",
                    font_size=16,
                    tooltip="Next step (Enter)",
                )
            )
        if not self.run.finished:
            widgets.append(skip)
        self.group.widgets.extend(widgets)

    # -- commands -----------------------------------------------------------------------------------
    def proceed(self) -> None:
        """Continue past a text step."""
        verdict = self.run.advance()
        self.say("" if verdict.accepted else verdict.message)
        self._changed()

    def _play(self, action: Any) -> None:
        """The learner's action goes through the lesson's gate."""
        self.popup = []
        if not self.controller.human_to_act():
            self.say(self.run.prompt())
            return
        verdict = self.run.offer(action)
        if not verdict.accepted:
            self.host.audio.play("click", 0.5)
            self.say(verdict.message)
            self.input.select(None)
            self.layout()
            return
        self.say("")
        if self.input.selected is None and self.input.active >= 0:
            self.input.select(self.input.active)
        self._changed()

    def click(self, pos: tuple[float, float]) -> None:
        """A board click: refused with the step's explanation unless it belongs to the expected action."""
        square = self.view.square_at(pos)
        if square is None:
            return
        step = self.run.step
        if step is not None and step.kind != "free":
            expected = self.run.expected()
            allowed = action_squares(expected) if expected is not None else set()
            if square not in allowed:
                self.say(self.run.prompt())
                return
        super().click(pos)

    def undo(self) -> None:
        """No undo in a lesson: Restart instead."""
        self.say("Lessons have no undo: press Restart to begin the lesson again.")

    def hint(self) -> None:
        """Point at what to do now."""
        self.say(self.run.prompt())

    def restart(self) -> None:
        """Begin the lesson again (a fresh table, the first step)."""
        self.progress.forget_run(self.lesson.id)
        fresh = MageStoneLessonScene(self.host, self.lesson, self.progress)
        self._saved_at = (10**9, 0)
        self.host.stack.replace(fresh)

    def skip(self) -> None:
        """Mark as skipped and open the next lesson (or the list)."""
        self.progress.skip(self.lesson.id)
        self._saved_at = (10**9, 0)
        self._open_next()

    def leave(self) -> None:
        """Back to the lesson list; progress is saved for resuming."""
        self.host.stack.pop()

    def menu(self) -> None:
        """Esc: ask before leaving the lesson."""
        self.host.stack.push(
            DialogScene(
                self.host,
                "Leave the lesson?",
                "Your place is saved: you can resume it from the tutorial menu.",
                confirm=("Leave", self.leave),
                cancel_label="Stay",
                icon="tutorial",
            )
        )

    def next_lesson(self) -> None:
        """After the last step: open the next lesson, or go back to the list."""
        self._open_next()

    def _next_lesson(self) -> Lesson | None:
        from game.client.tutorial.lessons import load_lessons

        lessons = load_lessons(self.lesson.game)
        ids = [lesson.id for lesson in lessons]
        index = ids.index(self.lesson.id) if self.lesson.id in ids else len(ids)
        return lessons[index + 1] if index + 1 < len(lessons) else None

    def _open_next(self) -> None:
        upcoming = self._next_lesson()
        if upcoming is None:
            self.host.stack.pop()
        else:
            self.host.stack.replace(MageStoneLessonScene(self.host, upcoming, self.progress))

    # -- keys ---------------------------------------------------------------------------------------
    def _key(self, key: Key) -> None:
        step = self.run.step
        if key is Key.CONFIRM and self.run.finished:
            self.next_lesson()
        elif key is Key.CONFIRM and step is not None and step.kind in ("say", "celebrate"):
            self.proceed()
        else:
            super()._key(key)

    def handle(self, intent: Intent) -> None:
        """Clicks while the opponent's scripted reply plays are explained, not lost silently."""
        if isinstance(intent, Click) and self.run.pending_reply() and self.view.rect.collidepoint(intent.pos):
            self.say(self.run.prompt())
            return
        super().handle(intent)

    # -- frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """The table, then scripted replies at the table's pace, free-play bookkeeping and saving."""
        step = self.run.step
        if step is not None and step.kind == "free" and self.controller.source is None:
            from game.client.match import session

            self.controller.seats = [
                seat if index == self.lesson.seat else Seat(seat.name, step.opponent, seat.colour)
                for index, seat in enumerate(self.controller.seats)
            ]
            self.controller.source = session.make_source()
        super().update(dt)
        self.since_reply += dt
        if self.run.pending_reply() and not self.animator.busy and self.since_reply >= self.controller.pace:
            self.since_reply = 0.0
            self.run.play_reply()
            self._changed()
        if self.run.poll():
            self._changed()

    def _changed(self) -> None:
        if self.run.finished and self.lesson.id not in self.progress.completed:
            self.progress.complete(self.lesson.id)
            self.host.audio.play("victory")
        self._save_progress()
        self.layout()

    def _save_progress(self) -> None:
        if self.run.finished:
            return
        mark = (self.run.index, len(self.run.match.log))
        if mark != self._saved_at and self._saved_at[0] < 10**9:
            self._saved_at = mark
            self.progress.save_run(self.lesson.id, self.run.snapshot())

    # -- drawing ------------------------------------------------------------------------------------
    def overlay(self) -> Any:
        """The table's highlights plus the squares the step points at."""
        overlay = super().overlay()
        step = self.run.step
        if step is not None:
            names = self.state.board.square_of
            overlay.marks.extend((names[p], "hint") for p in step.points if p in names)
        return overlay

    def draw(self, surface: pygame.Surface) -> None:
        """The table, with the lesson card over the log and the pointed HUD parts outlined."""
        super().draw(surface)
        step = self.run.step
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        if step is not None:
            for point in step.points:
                rect = HUD_RECTS.get(point)
                if rect is not None:
                    colour = theme.mix(theme.GOLD, (120, 226, 255), pulse)
                    pygame.draw.rect(surface, colour, rect.inflate(6, 6), width=3, border_radius=12)
        self._draw_card(surface)
        self.group.draw(surface)

    def _draw_card(self, surface: pygame.Surface) -> None:
        assets = self.host.assets
        decor.blit_panel(surface, CARD, radius=12, alpha=245)
        pygame.draw.rect(surface, theme.GOLD, CARD, width=2, border_radius=12)
        step = self.run.step
        number = min(self.run.index + 1, len(self.lesson.steps))
        decor.text(
            surface,
            assets,
            "ui",
            12,
            f"{self.lesson.title} · step {number} of {len(self.lesson.steps)}",
            theme.TEXT_DIM,
            (CARD.x + 12, CARD.y + 8),
        )
        if self.run.finished:
            title, text = "Lesson complete", "Marked as completed in the tutorial menu."
        elif step is None:
            title, text = "", ""
        else:
            title = step.title or {"do": "Your move", "reply": "Opponent", "free": "Free play"}.get(
                step.kind, ""
            )
            text = step.text or ("North is playing…" if step.kind == "reply" else "")
        if self.resume_problem:
            text = "Your saved place no longer fits this lesson, so it starts again. " + text
        decor.text(surface, assets, "title", 21, title, theme.GOLD_BRIGHT, (CARD.x + 12, CARD.y + 24))
        self.card_lines = decor.wrap(assets, "ui", 14, text, CARD.width - 24)
        y = CARD.y + 52
        for line in self.card_lines:
            decor.text(surface, assets, "ui", 14, line, theme.TEXT, (CARD.x + 12, y))
            y += 16
        if step is not None and step.kind == "do" and not self.run.finished:
            decor.text(
                surface,
                assets,
                "ui_semibold",
                13,
                "Only this action counts.",
                theme.TEXT_DIM,
                (CARD.x + 12, CARD.bottom - 34),
            )
