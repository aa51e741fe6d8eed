"""The replay viewer: steps through a saved game forward and back."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.client import decor, theme
from game.client.input import Click, Intent, Key, KeyIntent, Scroll
from game.client.match.controller import LogLine, concession_lines
from game.client.match.games import game_client
from game.client.match.log_panel import LogPanel
from game.client.match.seats import seats_from_texts
from game.client.scenes.base import Host, Scene
from game.client.widgets import Button
from game.rules.match import CONCESSIONS, Match
from game.rules.registry import new_game
from game.storage.saves import LoadedSave


class ReplayScene(Scene):
    """Steps through a saved game forward and back (Left/Right, buttons, or the wheel)."""

    def __init__(self, host: Host, loaded: LoadedSave) -> None:
        from game.client.widgets import FocusGroup

        self.host = host
        state = loaded.match.state
        self.entries = [(e.actor, e.notation) for e in loaded.match.log]
        self.seats = seats_from_texts(loaded.seats)
        self.match = Match(new_game(state.game_id, state.options()), loaded.match.seed)
        self.index = 0
        self.client = game_client(state.game_id)
        self.lines: list[LogLine] = []
        self.panel = LogPanel(host.assets, pygame.Rect(960, 90, 300, 540), "Moves")
        self.group = FocusGroup([], host.audio)
        self.board_rect = pygame.Rect(20, 20, 920, 680)

    def enter(self) -> None:
        """Build the step buttons."""
        self.layout()

    def layout(self) -> None:
        """The move list and its step buttons anchored to the right edge; the board takes the rest."""
        assets, frame = self.host.assets, self.host.frame
        px = frame.px
        column = pygame.Rect(frame.width - px(320), px(20), px(300), frame.height - 2 * px(20))
        self.panel.place(
            pygame.Rect(column.x, column.y + px(70), column.width, column.height - px(70) - px(64)),
            frame.unit,
        )
        self.board_rect = pygame.Rect(px(20), px(20), column.x - px(40), frame.height - 2 * px(20))
        steps: list[tuple[int, int, str, Callable[[], None], str | None, str, int, str]] = [
            (0, 70, "", partial(self.seek, 0), "back", "menu", 16, "Back to the start"),
            (76, 70, "◀", partial(self.step, -1), None, "primary", 18, "One action back (Left)"),
            (152, 70, "▶", partial(self.step, 1), None, "primary", 18, "One action forward (Right)"),
            (228, 72, "End", partial(self.seek, len(self.entries)), None, "menu", 16, "Jump to the end"),
        ]
        self.group.widgets = [
            Button(
                assets,
                pygame.Rect(column.x + px(x), column.bottom - px(44), px(width), px(44)),
                label,
                command,
                icon=icon,
                style=style,
                font_size=px(font_size),
                tooltip=tip,
            )
            for x, width, label, command, icon, style, font_size, tip in steps
        ]

    def step(self, delta: int) -> None:
        """Move one action forward (apply the logged entry) or back (undo it)."""
        if delta > 0 and self.index < len(self.entries):
            actor, notation = self.entries[self.index]
            if notation in CONCESSIONS:
                self.match.apply_logged(actor, notation)
                texts = concession_lines(self.match.state, actor, notation, self.seats)
            else:
                before = self.match.state.clone()
                action = self.match.state.parse_action(notation)
                events = self.match.apply_logged(actor, notation)
                narrator = self.client.narrator() if actor >= 0 and self.client is not None else None
                texts = narrator.narrate(before, actor, action, events, self.seats) if narrator else []
            for i, text in enumerate(texts):
                self.lines.append(LogLine(actor if i == 0 else -1, text, i == 0))
            self.index += 1
        elif delta < 0 and self.index > 0:
            self.match.state.undo()
            self.match.log.pop()
            self.index -= 1
            actor = self.entries[self.index][0]
            if actor >= 0:
                while self.lines and not self.lines[-1].headline:
                    self.lines.pop()
                if self.lines:
                    self.lines.pop()

    def seek(self, target: int) -> None:
        """Step until the replay shows ``target`` actions."""
        while self.index < target:
            self.step(1)
        while self.index > target:
            self.step(-1)

    def handle(self, intent: Intent) -> None:
        """Buttons, arrows, wheel, Back."""
        if self.group.handle(intent):
            return
        if isinstance(intent, KeyIntent):
            if intent.key is Key.BACK:
                self.host.stack.pop()
            elif intent.key in (Key.RIGHT, Key.NEXT):
                self.step(1)
            elif intent.key in (Key.LEFT, Key.PREV):
                self.step(-1)
        elif isinstance(intent, Scroll):
            self.step(-1 if intent.dy > 0 else 1)
        elif isinstance(intent, Click):
            self.step(1)

    def update(self, dt: float) -> None:
        """Animate the buttons."""
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The position, the move list and the step buttons."""
        surface.blit(decor.background(surface.get_size()), (0, 0))
        assets, px = self.host.assets, self.host.frame.px
        column = self.panel.rect
        decor.text(surface, assets, "title", px(34), "Replay", theme.GOLD, (column.x, px(20)), shadow=True)
        decor.text(
            surface,
            assets,
            "ui",
            px(14),
            f"Action {self.index} of {len(self.entries)}  ·  ← → to step",
            theme.TEXT_DIM,
            (column.right, px(66)),
            "bottomright",
        )
        if self.client is not None:
            self.client.paint_board(self.host, self.match.state, surface, self.board_rect)
        colours = theme.player_colours(self.host.settings.colour_blind)
        self.panel.draw(surface, self.lines, [colours[s.colour] for s in self.seats])
        self.group.draw(surface)
