"""The tutorial menu: every lesson of both games, with its status, opened or resumed with one click."""

from __future__ import annotations

from functools import partial

import pygame

from game.client import decor, theme
from game.client.bundled_data import playable_lessons
from game.client.match.games import game_client
from game.client.scenes.base import Host, Scene
from game.client.scenes.common import MenuScene
from game.client.scenes.dialog import DialogScene
from game.client.tutorial.lesson_scene import open_lesson_scene, playable_at_table
from game.client.tutorial.lessons import Lesson, LessonError, lesson_games
from game.client.tutorial.progress import Progress
from game.client.widgets import Button, Choice, Widget
from game.rules.protocol import RulesError

STATUS_MARKS = {"completed": "completed", "in progress": "resume", "skipped": "skipped", "new": ""}


class TutorialMenuScene(MenuScene):
    """Lessons of one game at a time (switch with the choice at the top)."""

    def __init__(self, host: Host, game: str = "magestone") -> None:
        super().__init__(host)
        self.titles = {
            game_id: client.title
            for game_id in lesson_games()
            if (client := game_client(game_id)) is not None
        }
        """The games with lessons and a table, by id, with their titles (the game choice)."""
        if not self.titles:
            raise LessonError("no lessons are installed (levels/tutorial is empty)")
        self.game = game if game in self.titles else next(iter(self.titles))
        self.progress = Progress.load()
        self.problem = ""
        self.lessons: list[Lesson] = []
        self.note_y = 0

    def resume(self) -> None:
        """Back from a lesson: statuses changed."""
        self.progress = Progress.load()
        self.layout()

    def build(self) -> list[Widget]:
        """The game choice, one button per lesson (two columns) and Back."""
        assets = self.host.assets
        self.lessons, problems = playable_lessons(self.game)
        self.problem = "\n".join(problems)
        games = list(self.titles)
        frame, px = self.frame, self.px
        top = self.header_bottom() - px(12)
        self.note_y = top + px(40) + px(8)
        widgets: list[Widget] = [
            Choice(
                assets,
                pygame.Rect(frame.width // 2 - px(170), top, px(340), px(40)),
                list(self.titles.values()),
                games.index(self.game),
                self._switch,
                font_size=self.px(17),
            )
        ]
        playable = playable_at_table(self.game)
        rows = (len(self.lessons) + 1) // 2
        first = self.note_y + px(30)
        gap = px(6)
        height = min(px(46), (self.footer_top() - first) // max(1, rows) - gap)
        width = min(px(480), (frame.width - 2 * px(24) - px(20)) // 2)
        left = frame.width // 2 - width - px(10)
        for index, lesson in enumerate(self.lessons):
            column, row = divmod(index, rows)
            status = self.progress.status(lesson.id)
            button = Button(
                assets,
                pygame.Rect(left + column * (width + px(20)), first + row * (height + gap), width, height),
                f"{index + 1}. {lesson.title}",
                partial(self._open, lesson),
                icon="victory" if status == "completed" else "tutorial",
                style="primary" if status == "in progress" else "menu",
                font_size=min(px(16), round(height * 0.42)),
                tooltip=lesson.summary,
                detail=STATUS_MARKS[status] if playable else "rules only, table to come",
            )
            button.enabled = playable
            widgets.append(button)
        return [*widgets, self.back_button()]

    def _switch(self, index: int) -> None:
        self.game = list(self.titles)[index]
        self.layout()

    def _open(self, lesson: Lesson) -> None:
        saved = self.progress.runs.get(lesson.id)
        try:
            scene = open_lesson_scene(self.host, lesson, self.progress, saved)
        except (LessonError, RulesError, ValueError) as error:
            self.host.stack.push(DialogScene(self.host, "Lesson unavailable", str(error), icon="tutorial"))
            return
        self.host.stack.push(scene)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header, completion count, and a notice when lessons failed to load."""
        self.header(surface, "Tutorial", "tutorial")
        done = sum(1 for lesson in self.lessons if lesson.id in self.progress.completed)
        note = f"{done} of {len(self.lessons)} lessons completed"
        if not playable_at_table(self.game):
            note += f" · these lessons open once the {self.titles[self.game]} table is in this build"
        size, centre_x = self.px(16), self.frame.width // 2
        note = decor.elide(self.host.assets, "ui", size, note, self.frame.width - self.px(48))
        decor.text(
            surface, self.host.assets, "ui", size, note, theme.TEXT_DIM, (centre_x, self.note_y), "midtop"
        )
        if self.problem:
            width = min(self.px(880), self.frame.width - self.px(48))
            decor.paragraph(
                surface,
                self.host.assets,
                "ui",
                size,
                self.problem,
                theme.DANGER,
                (centre_x - width // 2, self.note_y + self.px(60)),
                width,
                centred=True,
            )


def tutorial_screen(host: Host) -> Scene:
    """The tutorial menu (from the main menu), or a dialog saying why it cannot open."""
    try:
        return TutorialMenuScene(host)
    except LessonError as error:
        return DialogScene(host, "Tutorial unavailable", str(error), icon="tutorial")
