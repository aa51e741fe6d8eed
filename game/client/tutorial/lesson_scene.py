"""A lesson played at a real table: the part shared by both games.

:class:`LessonScene` is a mixin placed before a game's match scene class (``class
MageStoneLessonScene(LessonScene, MageStoneMatchScene)``). The table stays the ordinary one; the
learner's actions are routed through the :class:`~game.client.tutorial.runner.LessonRun` (which
accepts only the expected action), the opponent's scripted replies are played at the table's pace,
and the lesson card is drawn where the action log usually is. While a step waits for an action,
the piece to move and the cell to play on glow. A game adapter only says how to name the seats,
which board cell is under the pointer, which cells an action touches, how cells are named and
highlighted, and where its HUD parts are.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any

import pygame

from game.client import decor, theme
from game.client.input import Click, Intent, Key
from game.client.match import session
from game.client.match.controller import PACE_SECONDS, MatchController
from game.client.match.games import game_client
from game.client.match.seats import Seat
from game.client.scenes.base import Host, Scene
from game.client.scenes.dialog import DialogScene
from game.client.tutorial.lessons import Lesson, LessonError, load_lessons
from game.client.tutorial.progress import Progress
from game.client.tutorial.runner import LessonRun
from game.client.widgets import Button, Widget
from game.diagnostics import CrashContext
from game.rules.protocol import GameState

CONTROL_SWAPS = {
    "Undo": ("Restart", "restart", "Start this lesson again from the first step.", "undo"),
    "Hint": ("What now?", "hint", "Repeat what this step asks you to do.", "rules"),
    "Menu": ("Leave", "menu", "Back to the lesson list; your place is saved (Esc).", "back"),
}
_NEVER_SAVE = (10**9, 0)


def playable_at_table(game: str) -> bool:
    """True when this build has a table that can host the game's lessons (its client has a lesson scene)."""
    client = game_client(game)
    return client is not None and client.lesson_scene is not None


def open_lesson_scene(
    host: Host, lesson: Lesson, progress: Progress, resume: dict[str, Any] | None = None
) -> Scene:
    """The lesson scene of ``lesson``'s game, ready to push (LessonError when it has none)."""
    client = game_client(lesson.game)
    if client is None or client.lesson_scene is None:
        raise LessonError(f"{lesson.source}: the {lesson.game} lessons cannot be played at the table yet")
    return client.lesson_scene(host, lesson, progress, resume)


class LessonScene:
    """One lesson at a table (mixin: put it before the game's match scene in the bases)."""

    log_rect: pygame.Rect
    """Where the lesson card goes (over the table's log)."""
    concessions = False
    """A lesson is not a match: no Resign or Offer draw."""

    def hud_rects(self) -> dict[str, pygame.Rect]:
        """The HUD parts a step can point at (by name), as laid out now (default: none)."""
        return {}

    def card_ceiling(self) -> int:
        """How high the card may reach when the log is short (default: the log's top)."""
        return self.log_rect.y

    def card_rect(self) -> pygame.Rect:
        """The lesson card: over the table's log, reaching up to :meth:`card_ceiling` where the log
        is too short for it."""
        log = self.log_rect
        height = max(log.height + 4, min(self.cu(220), log.bottom - self.card_ceiling()))
        return pygame.Rect(log.x, log.bottom - height, log.width, height)

    def hud_unit(self) -> float:
        """Window pixels per design pixel of the table's panels."""
        return float(getattr(self, "hud", 1.0))

    def cu(self, value: float) -> int:
        """A design length of the lesson card in pixels."""
        return max(1, round(value * self.hud_unit()))

    """HUD parts a step may point at, by the names used in lesson files."""

    # Provided by the game's match scene.
    host: Host
    controller: MatchController
    group: Any
    input: Any
    animator: Any
    tips: Any
    clock: float
    message: str
    say: Callable[[str], None]
    _game_over_shown: bool

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
        names = self.seat_names(self.run.state)
        seats = [
            Seat(name, "human" if index == lesson.seat else "easy", index) for index, name in enumerate(names)
        ]
        client = game_client(lesson.game)
        assert client is not None, f"no table for {lesson.game}"
        controller = MatchController(
            self.run.match,
            seats,
            None,
            client.narrator(),
            autosave_file=None,
            pace=PACE_SECONDS.get(host.settings.animation_speed, 0.55),
        )
        super().__init__(host, controller)  # type: ignore[call-arg]  # the table scene of the mixin
        self.handover = False  # one learner: the scripted side never needs the screen passed
        self.run.bind(controller.play)
        self.tips.enabled = lambda: False
        self._game_over_shown = True
        self.since_reply = 0.0
        self._saved_at: tuple[int, int] = (-1, -1)
        self.card_lines: list[str] = []

    # -- what each game says -------------------------------------------------------------------------
    def seat_names(self, state: GameState) -> list[str]:
        """The seats' display names, in seat order."""
        raise NotImplementedError

    def target_at(self, pos: tuple[float, float]) -> Hashable | None:
        """The board square, cube cell or table part under ``pos``."""
        raise NotImplementedError

    def action_targets(self, action: Any) -> set[Any]:
        """Every square or cell a click may touch while playing ``action`` at the table."""
        raise NotImplementedError

    def guide_cells(self, action: Any) -> tuple[Any, ...]:
        """The cells to highlight while a step waits for ``action``: the piece to move and where
        it acts (default: every cell the action touches)."""
        return tuple(sorted(self.action_targets(action)))

    def cell_of(self, name: str) -> Any:
        """The square or cell a lesson file names (``e4``, ``hd4``), or None for another word."""
        raise NotImplementedError

    def mark_cells(self, overlay: Any, cells: list[Any]) -> None:
        """Highlight ``cells`` on the table's overlay."""
        raise NotImplementedError

    def after_refusal(self) -> None:
        """Drop the table's selection after a refused action (default: the selected piece)."""
        self.input.select(None)

    def after_accept(self) -> None:
        """Tidy the table's input after an accepted action (default: nothing)."""

    def crash_context(self) -> CrashContext:
        """What a crash report says about this lesson: the lesson, the step and the actions so far
        (a lesson's set-up is not a new game, so it carries no save)."""
        step = self.run.step
        where = f"step {self.run.index + 1} of {len(self.lesson.steps)}" + (f" ({step.kind})" if step else "")
        actions = " ".join(entry.notation for entry in self.run.match.log[-200:])
        return CrashContext(f"Lesson {self.lesson.id} ({self.lesson.game}, {self.lesson.source}), {where}; "
                            f"actions: {actions or 'none'}")

    # -- lifecycle ------------------------------------------------------------------------------------
    def enter(self) -> None:
        """Lay out, then remember where the learner stands."""
        super().enter()  # type: ignore[misc]
        self._save_progress()

    def exit(self) -> None:
        """Save where the lesson stands, then stop."""
        self._save_progress()
        super().exit()  # type: ignore[misc]

    # -- the lesson card's buttons ----------------------------------------------------------------
    def layout(self) -> None:
        """The table's buttons (Undo becomes Restart, Menu becomes Leave) plus the card's buttons."""
        super().layout()  # type: ignore[misc]
        for widget in self.group.widgets:
            if isinstance(widget, Button) and widget.label in CONTROL_SWAPS:
                widget.label, command, widget.tooltip, widget.icon = CONTROL_SWAPS[widget.label]
                widget.on_click = getattr(self, command)
                widget.enabled = True
        assets, u = self.host.assets, self.cu
        card = self.card_rect()
        row = pygame.Rect(card.x + u(12), card.bottom - u(42), card.width - u(24), u(32))
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
                    pygame.Rect(row.x, row.y, row.width - u(84), row.height),
                    primary[0],
                    primary[1],
                    icon="continue",
                    style="primary",
                    font_size=u(16),
                    tooltip="Next step (Enter)",
                )
            )
        if not self.run.finished:
            widgets.append(
                Button(
                    assets,
                    pygame.Rect(row.right - u(76), row.y, u(76), row.height),
                    "Skip",
                    self.skip,
                    font_size=u(14),
                    tooltip="Mark this lesson as skipped and go to the next one.",
                )
            )
        self.group.widgets.extend(widgets)

    # -- commands -----------------------------------------------------------------------------------
    def proceed(self) -> None:
        """Continue past a text step."""
        verdict = self.run.advance()
        self.say("" if verdict.accepted else verdict.message)
        self._changed()

    def _play(self, action: Any) -> None:
        """The learner's action goes through the lesson's gate."""
        if not self.controller.human_to_act():
            self.say(self.run.prompt())
            return
        verdict = self.run.offer(action)
        if not verdict.accepted:
            self.host.audio.play("click", 0.5)
            self.say(verdict.message)
            self.after_refusal()
            self.layout()
            return
        self.say("")
        self.after_accept()
        self._changed()

    def click(self, pos: tuple[float, float]) -> None:
        """A board click: refused with the step's explanation unless it belongs to the expected action."""
        target = self.target_at(pos)
        if target is None:
            return
        step = self.run.step
        if step is not None and step.kind != "free" and not any(
            target in self.action_targets(action) for action in self.run.accepted()
        ):
            self.say(self.run.prompt())
            return
        super().click(pos)  # type: ignore[misc]

    def undo(self) -> None:
        """No undo in a lesson: Restart instead."""
        self.say("Lessons have no undo: press Restart to begin the lesson again.")

    def hint(self) -> None:
        """Say again what to do now."""
        self.say(self.run.prompt())

    def restart(self) -> None:
        """Begin the lesson again (a fresh table, the first step)."""
        self.progress.forget_run(self.lesson.id)
        self._saved_at = _NEVER_SAVE
        fresh: Any = type(self)(self.host, self.lesson, self.progress)
        self.host.stack.replace(fresh)

    def skip(self) -> None:
        """Mark as skipped and open the next lesson (or the list)."""
        self.progress.skip(self.lesson.id)
        self._saved_at = _NEVER_SAVE
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
        lessons = load_lessons(self.lesson.game)
        ids = [lesson.id for lesson in lessons]
        index = ids.index(self.lesson.id) if self.lesson.id in ids else len(ids)
        return lessons[index + 1] if index + 1 < len(lessons) else None

    def _open_next(self) -> None:
        upcoming = self._next_lesson()
        if upcoming is None:
            self.host.stack.pop()
        else:
            scene: Any = type(self)(self.host, upcoming, self.progress)
            self.host.stack.replace(scene)

    # -- input --------------------------------------------------------------------------------------
    def _key(self, key: Key) -> Any:
        """Enter continues past text and opens the next lesson; other keys go to the table (True: used)."""
        step = self.run.step
        if key is Key.CONFIRM and self.run.finished:
            self.next_lesson()
            return True
        if key is Key.CONFIRM and step is not None and step.kind in ("say", "celebrate"):
            self.proceed()
            return True
        return bool(super()._key(key))  # type: ignore[misc]

    def handle(self, intent: Intent) -> None:
        """Clicks while the opponent's scripted reply plays are explained, not lost silently."""
        if isinstance(intent, Click) and self.run.pending_reply() and self.target_at(intent.pos) is not None:
            self.say(self.run.prompt())
            return
        super().handle(intent)  # type: ignore[misc]

    # -- frame --------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """The table, then scripted replies at the table's pace, free-play bookkeeping and saving."""
        step = self.run.step
        if step is not None and step.kind == "free" and self.controller.source is None:
            self.controller.seats = [
                seat if index == self.lesson.seat else Seat(seat.name, step.opponent, seat.colour)
                for index, seat in enumerate(self.controller.seats)
            ]
            self.controller.source = session.make_source()
        super().update(dt)  # type: ignore[misc]
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
        if mark != self._saved_at and self._saved_at < _NEVER_SAVE:
            self._saved_at = mark
            self.progress.save_run(self.lesson.id, self.run.snapshot())

    # -- drawing ------------------------------------------------------------------------------------
    def overlay(self) -> Any:
        """The table's highlights plus the cells the step points at and, while it waits for the
        learner's action, the piece to move and the cell to play on."""
        overlay = super().overlay()  # type: ignore[misc]
        cells = self.guide()
        step = self.run.step
        if step is not None:
            cells += [cell for cell in map(self.cell_of, step.points) if cell is not None]
        if cells:
            self.mark_cells(overlay, cells)
        return overlay

    def guide(self) -> list[Any]:
        """The cells of the action a ``do`` step waits for, while the learner may play it."""
        step = self.run.step
        if step is None or step.kind != "do" or not self.controller.human_to_act() or self.animator.busy:
            return []
        return [cell for action in self.run.accepted() for cell in self.guide_cells(action)]

    def draw(self, surface: pygame.Surface) -> None:
        """The table, with the lesson card over the log and the pointed HUD parts outlined."""
        super().draw(surface)  # type: ignore[misc]
        step = self.run.step
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        if step is not None:
            for point in step.points:
                rect = self.hud_rects().get(point)
                if rect is not None:
                    colour = theme.mix(theme.GOLD, (120, 226, 255), pulse)
                    u = self.cu
                    pygame.draw.rect(
                        surface, colour, rect.inflate(u(6), u(6)), width=u(3), border_radius=u(12)
                    )
        self._draw_card(surface)
        self.group.draw(surface)

    def card_text(self) -> tuple[str, str]:
        """The card's title and text for the current step."""
        step = self.run.step
        if self.run.finished:
            return "Lesson complete", "Marked as completed in the tutorial menu."
        if step is None:
            return "", ""
        title = step.title or {"do": "Your move", "reply": "Opponent", "free": "Free play"}.get(step.kind, "")
        text = step.text
        if not text and step.kind == "reply":
            seat = self.controller.seat_to_act()
            seats = self.controller.seats
            text = f"{seats[seat].name if 0 <= seat < len(seats) else 'Your opponent'} is playing…"
        return title, text

    def _draw_card(self, surface: pygame.Surface) -> None:
        assets, u = self.host.assets, self.cu
        card = self.card_rect()
        decor.blit_panel(surface, card, radius=12, alpha=255, unit=self.hud_unit())
        pygame.draw.rect(surface, theme.GOLD, card, width=u(2), border_radius=u(12))
        step = self.run.step
        number = min(self.run.index + 1, len(self.lesson.steps))
        counter = f"step {number} of {len(self.lesson.steps)}"
        counter_rect = decor.text(
            surface,
            assets,
            "ui",
            u(12),
            counter,
            theme.TEXT_DIM,
            (card.right - u(12), card.y + u(8)),
            "topright",
        )
        title_width = counter_rect.x - card.x - u(24)
        header = decor.wrap(assets, "ui", u(12), self.lesson.title, title_width)[:2]
        if len(header) == 2:  # a long lesson title takes a second line rather than losing its end
            header[1] = decor.elide(assets, "ui", u(12), header[1], card.width - u(24))
        header_step = assets.font("ui", u(12)).get_linesize()
        for index, line in enumerate(header):
            decor.text(
                surface,
                assets,
                "ui",
                u(12),
                line,
                theme.TEXT_DIM,
                (card.x + u(12), card.y + u(8) + index * header_step),
            )
        below = (len(header) - 1) * header_step
        title, text = self.card_text()
        if self.resume_problem:
            text = "Your saved place no longer fits this lesson, so it starts again. " + text
        decor.text(
            surface,
            assets,
            "title",
            u(21),
            decor.elide(assets, "title", u(21), title, card.width - u(24)),
            theme.GOLD_BRIGHT,
            (card.x + u(12), card.y + u(24) + below),
        )
        size = u(14)
        top = card.y + u(52) + below
        room = card.bottom - u(46 if step is not None and step.kind == "do" else 48) - top
        while True:  # a short card: smaller words rather than words under its buttons
            self.card_lines = decor.wrap(assets, "ui", size, text, card.width - u(24))
            step_y = assets.font("ui", size).get_linesize()
            if len(self.card_lines) * step_y <= room or size <= 9:
                break
            size -= 1
        y = top
        for line in self.card_lines:
            decor.text(surface, assets, "ui", size, line, theme.TEXT, (card.x + u(12), y))
            y += step_y
        if step is not None and step.kind == "do" and not self.run.finished:
            decor.text(
                surface,
                assets,
                "ui_semibold",
                u(13),
                "Only this action counts.",
                theme.TEXT_DIM,
                (card.x + u(12), card.bottom - u(34)),
            )
