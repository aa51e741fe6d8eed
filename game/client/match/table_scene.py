"""The part of a match table both games share: controller hook-up, frame loop, commands and tooltips.

A game's table (:class:`~game.client.magestone.scene.MageStoneMatchScene`,
:class:`~game.client.magistrat.scene.MagiStratMatchScene`) subclasses :class:`TableScene`, builds
its own ``state``, ``view``, ``animator`` and ``input`` after ``super().__init__``, and fills in the
hooks: :meth:`~TableScene.layout`, :meth:`~TableScene.on_action` (sounds, counters),
:meth:`~TableScene.after_play`, :meth:`~TableScene.update_table` and
:meth:`~TableScene.board_tooltip`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game import diagnostics
from game.client import decor, theme
from game.client.input import Click, Intent, Key, KeyIntent
from game.client.match.animation import StepAnimator
from game.client.match.controller import MatchController, Played
from game.client.match.games import seat_colours
from game.client.match.log_panel import LogPanel
from game.client.scenes.base import Host, Scene
from game.client.scenes.dialog import DialogScene
from game.client.scenes.screens import open_screen
from game.client.tutorial.progress import Progress
from game.client.tutorial.tips import TipBox
from game.client.widgets import Button, FocusGroup
from game.diagnostics import CrashContext
from game.rules.protocol import Event, GameState
from game.storage.saves import save_payload

TOOLTIP_DELAY = 0.45
Control = tuple[str, str, Callable[[], None], bool, str]
"""A match control button: label, icon, command, enabled, tooltip."""
MESSAGE_SECONDS = 6
"""How long a status-line message stays up."""
NEAR_POINTER_SECONDS = 2.5
"""How long a message (a refused click) is also shown beside the pointer that caused it."""


def draw_thinking(
    surface: pygame.Surface,
    clock: float,
    colour: tuple[int, int, int],
    left: tuple[int, int],
    gap: int,
    radius: int = 4,
) -> None:
    """Three pulsing dots from ``left`` (the centre of the first) while the AI thinks."""
    for i in range(3):
        phase = 0.5 + 0.5 * math.sin(clock * 6 - i * 0.8)
        pygame.draw.circle(
            surface, theme.mix(theme.PANEL, colour, phase), (left[0] + i * gap, left[1]), radius
        )


class TableScene(Scene):
    """One match at a table, humans and bots in any mix: what does not depend on the game."""

    concessions: bool = True
    """Whether the table offers Resign / Offer draw (a lesson does not)."""
    state: GameState
    view: Any
    animator: StepAnimator[Any, Any]
    input: Any

    def __init__(self, host: Host, controller: MatchController, log_rect: pygame.Rect) -> None:
        self.host = host
        self.controller = controller
        self.colours = seat_colours(controller.game_id, controller.seats, host.settings.colour_blind)
        self.group = FocusGroup([], host.audio)
        self.log_panel = LogPanel(host.assets, log_rect)
        self.log_rect = log_rect
        self._backdrop: tuple[object, pygame.Surface] | None = None
        self.left = self.right = pygame.Rect(0, 0, 1, 1)
        self.hud = host.frame.unit
        """Window pixels per design pixel of the table's panels: the frame's unit, or less where the
        window is too short for the panels at the Interface size (set by the game's layout)."""
        self.message = ""
        self.message_age = 0.0
        self.message_at: tuple[float, float] = (-1, -1)
        self.popup: list[Button] = []
        """Choice buttons opened next to the board (one per action a click may mean)."""
        self.pointer: tuple[float, float] = (-1, -1)
        self.rest = 0.0
        self.clock = 0.0
        self._game_over_shown = False
        self.tooltips: list[tuple[pygame.Rect, str]] = []
        self.tips = TipBox(Progress.load(), lambda: bool(host.settings.contextual_tips), controller.game_id)
        self.unexplained: list[Event] = []
        """Events whose rule tips wait until the animations have shown them (no tip before the dice)."""
        self.handover = bool(host.settings.handover_screen)
        """Show "Pass to <name>" when the turn moves from one human to another (the set-up may override)."""
        self.handover_to: int | None = None
        self._last_human = controller.seat_to_act() if controller.human_to_act() else None

    # -- static panels on the backdrop ---------------------------------------------------------------
    def static_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        """The HUD panels that stay put between layouts (rect, alpha, design corner radius): they are
        painted once onto :meth:`backdrop` (default: none)."""
        return []

    def backdrop(self, surface: pygame.Surface) -> pygame.Surface:
        """The view's backdrop (background and static board) with the static panels on it, made
        once per layout: each frame starts with one opaque blit."""
        size = surface.get_size()
        panels = self.static_panels()
        board = self.view.backdrop(size)  # a new surface when the view's geometry changed
        key = (size, id(board), tuple((tuple(rect), alpha, radius) for rect, alpha, radius in panels))
        if self._backdrop is None or self._backdrop[0] != key:
            backdrop = board.copy()
            for rect, alpha, radius in panels:
                backdrop.blit(
                    decor.panel(rect.size, radius=self.u(radius), alpha=alpha, shadow=0), rect.topleft
                )
            self._backdrop = (key, backdrop)
        return self._backdrop[1]

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, alpha: int = 210, radius: int = 10) -> None:
        """A HUD panel: already on the backdrop when it is one of :meth:`static_panels`, else drawn."""
        decor.record_panel(rect)
        if (rect, alpha, radius) not in self.static_panels():
            surface.blit(decor.panel(rect.size, radius=self.u(radius), alpha=alpha, shadow=0), rect.topleft)

    def place_columns(self, left_width: int, right_width: int, hud_height: int) -> tuple[int, int]:
        """Set :attr:`hud` (the frame's unit, or less where the window is shorter than the columns'
        design ``hud_height``) and anchor a left column of design width ``left_width`` and a right
        one of ``right_width`` to the window's edges (``self.left``, ``self.right``); returns the
        margin and the columns' height in pixels."""
        frame = self.host.frame
        margin = frame.px(12)
        height = frame.height - 2 * margin
        self.hud = min(frame.unit, height / hud_height)
        self.left = pygame.Rect(margin, margin, self.u(left_width), height)
        self.right = pygame.Rect(
            frame.width - margin - self.u(right_width), margin, self.u(right_width), height
        )
        return margin, height

    def u(self, value: float) -> int:
        """A design length of the table's panels in window pixels (see :attr:`hud`)."""
        pixels = round(value * self.hud)
        return pixels if pixels or not value else 1

    # -- game hooks ------------------------------------------------------------------------------------
    def on_action(self, played: Played) -> None:
        """A played action reached the table (after the animator and tips saw it): sounds, counters."""

    def after_play(self) -> None:
        """The human's action was accepted (default: nothing)."""

    def update_table(self, dt: float) -> None:
        """Per-frame work of the game's own, after the AI and before game over (default: nothing)."""

    def board_tooltip(self) -> str:
        """The tooltip of the board square or cell under the pointer ('' for none)."""
        return ""

    def handover_due(self) -> bool:
        """Whether a change of human now calls for the hand-over screen (default: always)."""
        return True

    # -- lifecycle -------------------------------------------------------------------------------------
    def crash_context(self) -> CrashContext:
        """What a crash report says about this match: its summary and the match as a save."""
        controller = self.controller
        return CrashContext(
            f"{controller.game_id} match, seed {controller.match.seed}, {len(controller.match.log)} actions, "
            f"seats {', '.join(controller.seat_texts())}",
            save_payload(controller.match, controller.seat_texts()),
        )

    def exit(self) -> None:
        """Stop the AI of this match."""
        diagnostics.unregister_context(self.crash_context)
        if self._on_played in self.controller.on_played:
            self.controller.on_played.remove(self._on_played)
        self.controller.close()
        if self.controller.source is not None:
            self.controller.source.close()

    def resume(self) -> None:
        """Settings may have changed the speed."""
        self.animator.speed = self.host.tweens.speed
        self.layout()

    def _on_played(self, played: Played) -> None:
        if played.kind == "action":
            self.animator.play(played.events)
            self.unexplained.extend(played.events)
            self.on_action(played)
        else:
            self.animator.reset()
        self.input.refresh()
        self.popup = []
        self.layout()

    def button(self, label: str) -> Button:
        """A visible button by label (tests click it)."""
        for widget in [*self.popup, *self.group.widgets]:
            if isinstance(widget, Button) and widget.label == label:
                return widget
        raise KeyError(label)

    def control_buttons(
        self, controls: list[Control], topleft: tuple[int, int], width: int, first_style: str = "menu"
    ) -> list[Button]:
        """The match controls in two columns of ``width`` from ``topleft``, 44 design px a row, then a
        row of quieter Resign / Offer draw buttons (see :meth:`concession_controls`)."""
        u = self.u
        half = (width - u(8)) // 2
        if self.controller.read_only:  # a replay: the transport bar is the only control
            return []
        concessions_from = (len(controls) + 1) // 2 * 2
        placed = [
            (slot, control, first_style if slot == 0 else "menu") for slot, control in enumerate(controls)
        ]
        placed += [
            (concessions_from + index, control, "ghost")
            for index, control in enumerate(self.concession_controls())
        ]
        return [
            Button(
                self.host.assets,
                pygame.Rect(
                    topleft[0] + (slot % 2) * (half + u(8)), topleft[1] + (slot // 2) * u(44), half, u(38)
                ),
                label,
                command,
                icon=icon,
                style=style,
                font_size=u(16),
                tooltip=tip,
                enabled=enabled,
            )
            for slot, (label, icon, command, enabled, tip), style in placed
        ]

    # -- commands --------------------------------------------------------------------------------------
    def _play(self, action: Any) -> None:
        self.popup = []
        if not self.controller.human_to_act():
            return
        if self.state.is_legal(action):
            self.controller.play(action)
            self.say("")
            self.after_play()
        else:
            self.say("That is not possible now.")

    def hint(self) -> None:
        """Ask the AI for a suggestion."""
        if self.controller.request_hint():
            self.say("Thinking of a hint…")

    # -- resigning and agreed draws ----------------------------------------------------------------
    def concession_controls(self) -> list[Control]:
        """Resign (for the human who may resign now) and, when every seat is human, Offer draw.

        None where :attr:`concessions` is off (a scripted lesson is not a match).
        """
        controller = self.controller
        if not self.concessions:
            return []
        controls: list[Control] = [
            (
                "Resign",
                "quit",
                self.resign,
                controller.resigning_seat() is not None,
                "Give up this match (you are asked to confirm).",
            )
        ]
        if not any(seat.is_ai for seat in controller.seats):
            everyone = "the other player accepts" if len(controller.seats) == 2 else "everyone else accepts"
            controls.append(
                (
                    "Offer draw",
                    "spell",
                    self.offer_draw,
                    controller.can_offer_draw(),
                    f"Propose a draw: the game ends drawn if {everyone}.",
                )
            )
        return controls

    def resign(self) -> None:
        """Ask the human who may resign now to confirm, then resign for them."""
        seat = self.controller.resigning_seat()
        if seat is None:
            return
        seats = self.controller.seats
        rivals = [i for i in range(len(seats)) if i != seat and self.controller.in_game(i)]
        if len(rivals) == 1:
            outcome = f"{seats[rivals[0]].name} wins the game."
        else:
            outcome = "You leave the game, your units leave the board, and the others play on."
        self.popup = []
        self.host.stack.push(
            DialogScene(
                self.host,
                "Resign?",
                f"{seats[seat].name}, do you resign this match? {outcome}",
                confirm=("Resign", partial(self._resign, seat)),
                cancel_label="Keep playing",
                icon="quit",
            )
        )

    def _resign(self, seat: int) -> None:
        if not self.controller.in_game(seat):
            return
        self.controller.resign(seat)
        if not self.controller.over:
            self.say(f"{self.controller.seats[seat].name} resigned; the others play on.")

    def offer_draw(self) -> None:
        """The human to act offers a draw; every other player still in the game accepts or declines."""
        if self.controller.can_offer_draw():
            self.popup = []
            self._ask_draw(self.controller.seat_to_act(), self.controller.draw_voters())

    def _ask_draw(self, offerer: int, voters: list[int]) -> None:
        if not voters:
            if self.controller.can_offer_draw():
                self.controller.agree_draw()
            return
        names = [seat.name for seat in self.controller.seats]
        voter, rest = voters[0], voters[1:]
        others = " The others are asked next." if rest else ""
        self.host.stack.push(
            DialogScene(
                self.host,
                "Draw offered",
                f"{names[offerer]} offers a draw. {names[voter]}, do you accept?{others}",
                confirm=("Accept draw", partial(self._ask_draw, offerer, rest)),
                cancel_label="Decline",
                icon="spell",
                on_cancel=partial(self.say, f"{names[voter]} declines the draw: play on."),
            )
        )

    def menu(self) -> None:
        """Open the match menu."""
        open_screen(self.host, "match_menu", self.controller)

    def rules(self) -> None:
        """Open the rules reference (the app knows where it is)."""
        opener = getattr(self.host, "open_rules", None)
        if opener is not None:
            opener()

    def say(self, text: str) -> None:
        """Show a short explanation in the status line."""
        self.message = text
        self.message_age = 0.0
        self.message_at = self.pointer

    # -- frame -----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Animations, the AI, the game's own work, then game over."""
        diagnostics.register_context(self.crash_context)  # a crash now reports this match
        self.clock += dt
        self.view.clock = self.clock
        self.rest += dt
        self.message_age += dt
        self.animator.speed = self.host.tweens.speed
        self.animator.update(dt)
        self.group.update(dt)
        for button in self.popup:
            button.update(dt)
        had_hint = self.controller.hint
        self.controller.update(dt, self.animator.busy)
        if self.controller.hint is not None and had_hint is None:
            self.say("Hint: " + self.state.describe_action(self.controller.hint))
        if self.unexplained and not self.animator.busy and not self.controller.read_only:
            self.tips.observe(self.unexplained)
            self.unexplained = []
        self.update_table(dt)
        self._check_handover()
        finished = self.controller.over and not self.controller.read_only  # a replay has no results card
        if finished and not self.animator.busy and not self._game_over_shown:
            self._game_over_shown = True
            self.host.audio.play("victory")
            self.show_results()

    def show_results(self) -> None:
        """The game-over card (again, after the player closed it to look at the board)."""
        if self.controller.over:
            open_screen(self.host, "game_over", self.controller)

    # -- the hand-over screen between humans -----------------------------------------------------------
    def _check_handover(self) -> None:
        if not self.controller.human_to_act() or self.animator.busy:
            return
        seat = self.controller.seat_to_act()
        humans = sum(1 for s in self.controller.seats if not s.is_ai)
        changed = self._last_human is not None and seat != self._last_human
        if self.handover and humans > 1 and changed and self.handover_due():
            self.handover_to = seat
        self._last_human = seat

    def dismiss_handover(self, intent: Intent) -> bool:
        """While the hand-over screen is up it takes every input; a click or Enter closes it."""
        if self.handover_to is None:
            return False
        if isinstance(intent, Click) or (isinstance(intent, KeyIntent) and intent.key is Key.CONFIRM):
            self.handover_to = None
        return True

    def draw_handover(self, surface: pygame.Surface) -> bool:
        """Veil the table with "Pass to <name>" while the hand-over screen is up; True if drawn."""
        if self.handover_to is None:
            return False
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*theme.INK, 235))
        surface.blit(veil, (0, 0))
        assets, frame = self.host.assets, self.host.frame
        name = self.controller.seats[self.handover_to].name
        colour = theme.legible(self.colours[self.handover_to])
        centre_x, middle = frame.width // 2, frame.height // 2
        title = f"Pass to {name}"
        decor.text(
            surface,
            assets,
            "title",
            frame.font(56),
            title,
            colour,
            (centre_x, middle - frame.px(60)),
            "midtop",
            shadow=True,
        )
        ready = "Click or press Enter when ready"
        decor.text(
            surface,
            assets,
            "ui",
            frame.font(20),
            ready,
            theme.TEXT_DIM,
            (centre_x, middle + frame.px(30)),
            "midtop",
        )
        return True

    def message_shown(self) -> bool:
        """True while the status-line message is still up."""
        return bool(self.message) and self.message_age < MESSAGE_SECONDS

    def _draw_notice(self, surface: pygame.Surface, midtop: tuple[int, int]) -> None:
        """The controller's notice (a failed save, a lost AI) in the status line."""
        decor.text(
            surface,
            self.host.assets,
            "ui_semibold",
            self.u(13),
            self.controller.notice[:44],
            theme.DANGER,
            midtop,
            "midtop",
        )

    def message_near_pointer(self) -> str:
        """The message just said, while the pointer is still near where it was (a refused click is
        explained where the player looks, not only in the status line)."""
        if not self.message_shown() or self.message_age >= NEAR_POINTER_SECONDS:
            return ""
        return self.message if math.dist(self.pointer, self.message_at) < self.u(80) else ""

    def _tooltip(self) -> str:
        near = self.message_near_pointer()
        if near:
            return near
        if self.rest < TOOLTIP_DELAY:
            return ""
        tip = self.group.tooltip()
        if tip is not None:
            return tip[0]
        for rect, text in self.tooltips:
            if rect.collidepoint(self.pointer):
                return text
        return self.board_tooltip()
