"""The Magnastorm table: the whole physical table in one view, turns as clicks with previews, the
administration phase as followable steps, hot-seat and AI seats, undo within a turn.

Input -> :class:`TurnInput` (what a click on a target means, previews, refusals) ->
``MatchController.play`` -> events -> :class:`MagnastormAnimator`. The view draws the rules state
(the position before an administration while its first stages are shown); ``draw`` changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.client import decor, theme
from game.client.input import Click, Hover, Intent, Key, KeyIntent, Scroll
from game.client.magnastorm.animation import STAGE_TITLES, MagnastormAnimator
from game.client.magnastorm.geometry import TableLayout, Target
from game.client.magnastorm.interaction import Outcome, TurnInput
from game.client.magnastorm.narrator import ADMIN_EVENTS
from game.client.magnastorm.targets import target_of
from game.client.magnastorm.texts import (
    COMMANDER_EFFECTS,
    FIRST_PLAYER_EFFECT,
    bonus_words,
    cost_words,
    objective_words,
)
from game.client.magnastorm.view import Overlay, TableView
from game.client.match.controller import LogLine, MatchController, Played
from game.client.match.table_scene import Control, TableScene, draw_thinking
from game.client.scenes.base import Host
from game.client.widgets import Button, Widget, draw_tooltip
from game.rules.magnastorm import Action, MagnastormState
from game.rules.magnastorm.core import T_CELL
from game.rules.magnastorm.describe import AREA_WORDS

RIGHT_W = 300
"""Design width of the info / decisions / controls / log column (anchored to the right edge)."""
HUD_HEIGHT = 640
"""Design height the column needs; a shorter window draws it at the unit that fits."""
INFO_H = 196
DECISION_ROWS = 5
DECISION_ROW_H = 34


class TableCanvas(TableView):
    """The table view with the window's backdrop behind it (the scene paints its panels on it)."""

    def backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The background of a window of ``size``."""
        return decor.background(size)


class MagnastormMatchScene(TableScene):
    """One Magnastorm match at the table: 2-4 seats, humans and bots in any mix."""

    def __init__(self, host: Host, controller: MatchController) -> None:
        super().__init__(host, controller, pygame.Rect(0, 0, RIGHT_W, 200))
        state = controller.state
        assert isinstance(state, MagnastormState)
        self.state: MagnastormState = state
        if controller.match.resolve_chance() or (controller.match.log and not controller.log):
            controller.retell()  # a new match opens with the deals to draw; the log tells them
            controller.autosave()
        names = [seat.name for seat in controller.seats]
        self.view: TableCanvas = TableCanvas(host.assets, self.colours, names=tuple(names))
        self.animator: MagnastormAnimator = MagnastormAnimator(
            state, self._fresh_model, lambda: [seat.name for seat in self.controller.seats], host.tweens.speed
        )
        self.input: TurnInput = TurnInput(state, names)
        self.table = pygame.Rect(0, 0, 1, 1)
        self.table_layout: TableLayout | None = None
        self._layouts: dict[tuple[object, ...], TableLayout] = {}
        """Table layouts by window rect, unit and the seat whose board is nearest (computing one takes
        a while, and a hot-seat game needs one per human)."""
        self.info = pygame.Rect(0, 0, 1, 1)
        self.decisions = pygame.Rect(0, 0, 1, 1)
        self.hover: Target | None = None
        self.choice_buttons: dict[str, Button] = {}
        """The decision buttons by the notation of their action."""
        self.popup_actions: list[Action] = []
        """The decision behind each button of :attr:`popup`."""
        self.settled: MagnastormState = state.clone()
        """The position before the batch being animated (shown while an administration's first
        stages are on screen)."""
        self._settled_at = len(controller.match.log)
        self._wrapped: dict[tuple[str, int, str, int], list[str]] = {}
        self._stage_shown = ""

    # -- lifecycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        """Hook into the controller and lay out the table."""
        self.controller.on_played.append(self._on_played)
        self.input.refresh()
        self.layout()

    def _fresh_model(self) -> MagnastormState:
        return self.state

    def on_action(self, played: Played) -> None:
        """The action's sound."""
        kinds = {event.kind for event in played.events}
        if "administration" in kinds:
            self.host.audio.play("spell")
        elif kinds & {"lab_dropped", "station_built", "objective"}:
            self.host.audio.play("step")
        else:
            self.host.audio.play("step", 0.5)

    def handover_due(self) -> bool:
        """The hand-over screen once play begins, not between the set-up placements."""
        return self.state.phase == "play"

    def update_table(self, dt: float) -> None:
        """Remember the position while nothing animates; re-layout when an administration stage
        changes (its Next / Skip buttons)."""
        mark = len(self.controller.match.log)
        if not self.animator.busy and self._settled_at != mark:
            self._settled_at = mark
            self.settled = self.state.clone()
        stage = self.animator.stage
        shown = stage.stage if stage is not None else ""
        if shown != self._stage_shown:
            self._stage_shown = shown
            self.layout()

    def _on_played(self, played: Played) -> None:
        super()._on_played(played)
        if played.kind != "action":
            self.settled = self.state.clone()
            self._settled_at = len(self.controller.match.log)

    # -- layout ------------------------------------------------------------------------------------
    def place_panels(self) -> None:
        """The column on the right edge (info, decisions, controls, log); the table takes the rest."""
        frame = self.host.frame
        margin = frame.px(12)
        height = frame.height - 2 * margin
        self.hud = min(frame.unit, height / HUD_HEIGHT)
        u = self.u
        self.right = pygame.Rect(frame.width - margin - u(RIGHT_W), margin, u(RIGHT_W), height)
        self.left = pygame.Rect(margin, margin, 0, height)
        self.info = pygame.Rect(self.right.x, margin, self.right.width, u(INFO_H))
        self.decisions = pygame.Rect(
            self.right.x, self.info.bottom + u(8), self.right.width, u(DECISION_ROWS * DECISION_ROW_H + 8)
        )
        self.controls_y = self.decisions.bottom + u(8)
        log = pygame.Rect(self.right.x, self.controls_y + u(136), self.right.width, 0)
        log.height = max(u(60), self.right.bottom - log.y)
        self.log_rect = log
        self.log_panel.place(log, self.hud)
        self.table = pygame.Rect(margin, margin, self.right.x - 2 * margin, height)
        key = (tuple(self.table), self.hud, self._viewer())
        if key not in self._layouts:
            if len(self._layouts) >= 8:
                self._layouts.clear()
            self._layouts[key] = TableLayout.compute(self.table, self.hud, self.state, self._viewer())
        self.table_layout = self._layouts[key]

    def _viewer(self) -> int:
        """The seat whose board is drawn nearest: the human to act, else the first human, else 0."""
        seat = self.controller.seat_to_act()
        if seat >= 0 and not self.controller.seats[seat].is_ai:
            return seat
        humans = [i for i, s in enumerate(self.controller.seats) if not s.is_ai]
        return humans[0] if humans else 0

    def static_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        """The info panel stays put."""
        return [(self.info, 215, 12)]

    def layout(self) -> None:
        """Decision buttons (Next step / Skip all during the administration) and the match controls."""
        self.place_panels()
        self.input.refresh()
        assets, u = self.host.assets, self.u
        widgets: list[Widget] = []
        row = u(DECISION_ROW_H)
        if self.animator.stage is not None:
            half = (self.decisions.width - u(8)) // 2
            x, y = self.decisions.x, self.decisions.y
            widgets += [
                Button(assets, pygame.Rect(x, y, half, row - u(4)), "Next step",
                       self.next_stage, style="primary", font_size=u(15),
                       tooltip="Show the next step of the administration (Enter)."),
                Button(assets, pygame.Rect(x + half + u(8), y, half, row - u(4)),
                       "Skip all", self.skip_admin, font_size=u(15),
                       tooltip="Skip to the end of the administration (Esc)."),
            ]
        self.choice_buttons = {}
        if self.animator.stage is None and self.controller.human_to_act():
            for index, choice in enumerate(self.input.choices()[:DECISION_ROWS]):
                rect = pygame.Rect(self.decisions.x, self.decisions.y + index * row, self.decisions.width,
                                   row - u(4))
                command = partial(self._play, choice.action) if choice.action is not None else partial(
                    self.say, choice.tooltip)
                style = "primary" if index == 0 else "menu"
                button = Button(assets, rect, choice.label, command, style=style, font_size=u(15),
                                tooltip=choice.tooltip, enabled=choice.action is not None)
                widgets.append(button)
                if choice.action is not None:
                    self.choice_buttons[choice.action.text] = button
        controls: list[Control] = [
            ("Undo", "undo", self.undo, self.can_take_back(),
             "Take back your last decision of this turn (never a bag draw) — Ctrl+Z."),
            ("Hint", "rules", self.hint, self.controller.human_to_act(), "Ask the AI what it would do here."),
            ("Menu", "settings", self.menu, True, "Save, load or leave (Esc)."),
            ("Rules", "rules", self.rules, True, "The Magnastorm rules reference (F1)."),
        ]
        widgets.extend(self.control_buttons(controls, (self.right.x, self.controls_y), self.right.width))
        self.group.widgets = widgets
        self.group.focus_index = None

    # -- commands ----------------------------------------------------------------------------------
    def can_take_back(self) -> bool:
        """Undo stays within the human's own turn: never across a bag draw (the match's floor) nor
        back over the administration into the turn before."""
        if not self.controller.can_undo() or not self.controller.history:
            return False
        last = self.controller.history[-1]
        return not any(event.kind in ADMIN_EVENTS for event in last.events)

    def undo(self) -> None:
        """Take back the human's last decision of this turn."""
        self.animator.skip()
        if self.can_take_back() and self.controller.undo():
            self.say("Taken back.")
        else:
            self.say("Nothing of this turn to take back (a bag draw cannot be taken back).")

    def next_stage(self) -> None:
        """Show the next administration stage."""
        self.animator.next_stage()
        self.layout()

    def skip_admin(self) -> None:
        """Skip the rest of the administration (and any animation)."""
        self.animator.skip()
        self.layout()

    def after_play(self) -> None:
        """Keep the cursor in a sensible place for the next decision."""
        self.input.refresh()

    # -- input -------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        """Route pointer and keys: hand-over, animations (not the administration's steps: they have
        their buttons), popups, buttons, then the table."""
        if isinstance(intent, Hover):
            self.pointer = intent.pos
            self.rest = 0.0
            self.hover = self.table_layout.hit(intent.pos) if self.table_layout else None
        if isinstance(intent, Click) and self.tips.click(intent.pos):
            return
        if self.dismiss_handover(intent):
            return
        if isinstance(intent, Click) and self.animator.busy and not self.animator.admin_pending():
            self.animator.skip()
            return
        if isinstance(intent, KeyIntent) and self._key(intent.key):
            return
        if self.popup and isinstance(intent, Click):
            for button in self.popup:
                if button.hit(intent.pos):
                    button.activate()
                    return
            self.popup = []
            return
        if self.group.handle(intent):
            return
        if isinstance(intent, Click):
            self.click(intent.pos)
        elif isinstance(intent, Scroll) and self.log_rect.collidepoint(self.pointer):
            self.log_panel.scroll_by(intent.dy, len(self.controller.log))

    def click(self, pos: tuple[float, float]) -> None:
        """A click on the table."""
        where = self.table_layout.hit(pos) if self.table_layout else None
        if where is not None:
            self.click_target(where)

    def click_target(self, where: Target) -> None:
        """What a click on ``where`` does: play, offer the choices there, or explain."""
        if self.animator.admin_pending():
            self.skip_admin()
        if not self.controller.human_to_act():
            self.say("The game is over." if self.controller.over else "Wait: it is not your turn.")
            return
        outcome = self.input.click(where)
        self._follow(outcome, where)

    def _follow(self, outcome: Outcome, where: Target) -> None:
        if outcome.action is not None:
            self._play(outcome.action)
        elif outcome.choices:
            self._open_choices(where, outcome)
        elif outcome.message:
            self.say(outcome.message)

    def _open_choices(self, where: Target, outcome: Outcome) -> None:
        """One button per decision a click on ``where`` may mean, beside it."""
        u = self.u
        assert self.table_layout is not None
        anchor = self.table_layout.rect(where)
        width = u(260)
        x = min(anchor.right + u(6), self.table.right - width)
        y = min(anchor.y, self.table.bottom - len(outcome.choices) * u(38))
        self.popup = []
        self.popup_actions = list(outcome.choices)
        for index, action in enumerate(outcome.choices):
            shown = self.input.preview(action)
            label = shown.label or shown.title
            self.popup.append(
                Button(self.host.assets, pygame.Rect(x, y + index * u(38), width, u(34)), label[:40],
                       partial(self._play, action), style="primary" if index == 0 else "menu",
                       font_size=u(14), tooltip="; ".join((shown.title, *shown.lines)))
            )

    def _key(self, key: Key) -> bool:
        """Table keys; False lets the buttons have the key."""
        human = self.controller.human_to_act()
        admin = self.animator.admin_pending()
        if key is Key.CONFIRM and admin:
            self.next_stage()
            return True
        if key is Key.BACK and admin:
            self.skip_admin()
            return True
        if key in (Key.NEXT, Key.PREV) and human and self.group.focused is None:
            self.popup = []
            self.input.step_cursor(1 if key is Key.NEXT else -1)
            return True
        if key is Key.CONFIRM and self.controller.over and self._game_over_shown:
            self.show_results()
            return True
        if key is Key.CONFIRM and human and self.group.focused is None:
            if self.popup:
                self.popup[0].activate()
            elif self.input.cursor is not None:
                self.click_target(self.input.cursor)
            else:
                self.say(self.input.prompt() + " (Tab cycles what you can do).")
            return True
        if key is Key.UNDO:
            self.undo()
            return True
        if key is Key.HELP:
            self.rules()
            return True
        if key is Key.BACK and (self.popup or self.input.cursor is not None):
            self.popup = []
            self.input.cursor = None
            return True
        if key is Key.BACK and human and self.can_take_back():
            self.undo()
            return True
        if key in (Key.BACK, Key.MENU):
            self.menu()
            return True
        return False

    # -- what is shown -------------------------------------------------------------------------------
    def shown_state(self) -> MagnastormState:
        """The position the table shows: the one before an administration while its first stages
        (income, majorities, commanders, turn order) are on screen, else the live one."""
        return self.settled if self.animator.before_swap() else self.state

    def overlay(self) -> Overlay:
        """What to highlight this frame."""
        human = self.controller.human_to_act() and not self.animator.admin_pending()
        legal: dict[Target, str] = {}
        greyed: dict[Target, str] = {}
        selected: Target | None = None
        if human:
            legal = self.input.labels()
            greyed = dict(self.input.greyed)
            selected = self.input.cursor or self._in_hand() or self._crew_cell()
        layout = self.table_layout
        if layout is not None:
            legal = {where: label for where, label in legal.items() if layout.contains(where)}
            greyed = {where: reason for where, reason in greyed.items() if layout.contains(where)}
        return Overlay(
            legal=legal,
            greyed=greyed,
            hover=self.hover,
            selected=selected,
            last=self.last_targets(),
            rotation=self.animator.progress("rotation") or 0.0,
            panel_swap=self.animator.progress("panel_swap") or 0.0,
            bag_draw=self.animator.bag_draw(),
        )

    def _in_hand(self) -> Target | None:
        """The crew member just taken, while it waits for its space."""
        state = self.state
        if not state.tasks or state.tasks[-1][0] != "place" or not self.controller.history:
            return None
        last = self.controller.history[-1]
        if last.kind != "action" or not last.notation.startswith("crew "):
            return None
        return target_of(state, state.parse_action(last.notation))

    def _crew_cell(self) -> Target | None:
        """The lower-panel space of this turn's crew member, while its option and move are chosen."""
        cell = self.state.turn[T_CELL]
        if self.state.phase != "play" or cell < 0 or not self.state.tasks:
            return None
        if self.state.tasks[-1][0] not in ("option", "premove", "step", "land", "mira", "joy", "pay"):
            return None
        columns = self.state.s.columns
        return Target("lower", f"r{cell // columns}c{cell % columns}")

    def last_targets(self) -> frozenset[Target]:
        """Where the last player's decisions of their last turn were made (the last move shown)."""
        history = self.controller.history
        if not history or self.animator.busy:
            return frozenset()
        actor = history[-1].actor
        found: set[Target] = set()
        for played in reversed(history):
            if played.kind != "action" or played.actor != actor:
                break
            where = target_of(self.state, self.state.parse_action(played.notation))
            if where is not None:
                found.add(where)
        return frozenset(found)

    def visible_log(self) -> list[LogLine]:
        """The log as the player may read it: during the administration, its steps appear as they are
        shown (no spoiler of the turn order or the round to come)."""
        log = self.controller.log
        if not self.animator.admin_pending():
            return log
        start = max((i for i, line in enumerate(log) if line.text.startswith("— Administration")), default=-1)
        if start < 0:
            return log
        shown = [log[start]]
        for step in self.animator.shown:
            shown.append(LogLine(-1, f"  {STAGE_TITLES[step.stage]}"))
            shown.extend(LogLine(-1, f"    {line}") for line in step.lines)
        return log[:start] + shown

    def wrap(self, role: str, size: int, text: str, width: int) -> list[str]:
        """``decor.wrap`` with a cache (the panels re-wrap the same words every frame)."""
        key = (role, size, text, width)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 512:
                self._wrapped.clear()
            lines = self._wrapped[key] = decor.wrap(self.host.assets, role, size, text, width)
        return lines

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, table, info (or the administration's step), decisions, log, popups, tooltips."""
        surface.blit(self.backdrop(surface), (0, 0))
        self.tooltips = []
        assert self.table_layout is not None
        self.view.draw(surface, self.shown_state(), self.table_layout, self.overlay())
        self._draw_info(surface)
        self.log_panel.draw(surface, self.visible_log(), list(self.colours))
        self.group.draw(surface)
        for button in self.popup:
            button.draw(surface)
        self.tips.draw(surface, self.host.assets, (self.table.centerx, self.table.y + self.u(58)), self.hud,
                       self.table)
        if self.draw_handover(surface):
            return
        tip = self._tooltip()
        if tip:
            draw_tooltip(surface, self.host.assets, tip, self.pointer, self.hud)

    def _draw_info(self, surface: pygame.Surface) -> None:
        assets, u, info = self.host.assets, self.u, self.info
        self.panel(surface, info, 215, 12)
        x, y, width = info.x + u(12), info.y + u(8), info.width - u(24)
        title, colour = self.turn_title()
        for line in self.wrap("title", u(21), title, width)[:2]:
            decor.text(surface, assets, "title", u(21), line, colour, (x, y), shadow=True)
            y += u(25)
        if self.controller.thinking:
            draw_thinking(surface, self.clock, colour, (info.right - u(40), info.y + u(20)), u(12), u(4))
        state = self.state
        status = f"Round {state.round} of 4 · reputation goal {state.s.threshold}"
        decor.text(surface, assets, "ui_semibold", u(13), status, theme.TEXT_DIM, (x, y))
        y += u(19)
        heading, lines = self.info_lines()
        stage = self.animator.stage
        if stage is not None:
            heading, lines = STAGE_TITLES[stage.stage], stage.lines
            bar = pygame.Rect(x, info.bottom - u(8), round(width * stage.progress), u(3))
            pygame.draw.rect(surface, theme.GOLD, bar)
        for line in self.wrap("ui_bold", u(14), heading, width)[:2]:
            decor.text(surface, assets, "ui_bold", u(14), line, theme.GOLD, (x, y))
            y += u(18)
        for text in lines:
            for line in self.wrap("ui", u(13), text, width):
                if y + u(16) > info.bottom - u(6):
                    break
                decor.text(surface, assets, "ui", u(13), line, theme.TEXT, (x, y))
                y += u(16)
        msg_y = self.decisions.y + len(self.input.choices()[:DECISION_ROWS]) * u(DECISION_ROW_H) + u(4)
        if self.message_shown() and self.controller.human_to_act() is not None:
            for line in self.wrap("ui_semibold", u(13), self.message, self.right.width - u(8))[:2]:
                if msg_y + u(16) > self.controls_y:
                    break
                decor.text(surface, assets, "ui_semibold", u(13), line, theme.GOLD_BRIGHT,
                           (self.right.centerx, msg_y), "midtop")
                msg_y += u(16)
        elif self.controller.notice:
            self._draw_notice(surface, (self.right.centerx, msg_y))

    def turn_title(self) -> tuple[str, tuple[int, int, int]]:
        """The headline of the info panel and its colour."""
        if self.controller.over:
            return "Game over", theme.GOLD
        if self.animator.admin_pending():
            return "Administration", theme.GOLD
        seat = self.controller.seat_to_act()
        if seat < 0:
            return "", theme.GOLD
        name = self.controller.seats[seat].name
        if self.controller.seats[seat].is_ai:
            return f"{name} is thinking…", self.colours[seat]
        return (f"{name}: set-up" if self.state.phase == "setup" else f"{name}'s turn"), self.colours[seat]

    def info_lines(self) -> tuple[str, list[str]]:
        """The decision asked for and the preview of what the pointer or cursor is on."""
        if self.controller.over or not self.controller.human_to_act():
            return ("", ["Click anywhere to skip animations."] if self.animator.busy else [])
        focus = self.hover if self.hover in self.input.groups or self.hover in self.input.greyed else None
        focus = focus or self.input.cursor
        if focus is not None and focus in self.input.greyed:
            return (self.input.prompt(), [self.input.greyed[focus]])
        if focus is not None and len(self.input.groups.get(focus, [])) == 1:
            shown = self.input.preview(self.input.groups[focus][0])
            return (shown.title, list(shown.lines) or ["Nothing changes hands."])
        if focus is not None:
            return (self.input.prompt(), [self.input.tooltip(focus)])
        if not self.input.groups:
            return (self.input.prompt(), [f"{choice.label}: {choice.tooltip.partition('; ')[2] or 'nothing'}"
                                          for choice in self.input.choices()])
        hints = ["Highlighted places can be clicked; hover one to see what it costs and gives. "
                 "Tab cycles them, Enter commits, Esc backs out."]
        if any(action.verb == "trade" for actions in self.input.groups.values() for action in actions):
            hints.append("Free exchange: click a cube of your tray to get one of that colour for three "
                         "others.")
        return (self.input.prompt(), hints)

    # -- tooltips ----------------------------------------------------------------------------------
    def board_tooltip(self) -> str:
        """What the pointer is on: what a click would do there, or what the thing is."""
        where = self.hover
        if where is None:
            return ""
        if self.controller.human_to_act():
            tip = self.input.tooltip(where)
            if tip:
                return tip
        return self.describe_target(where)

    def describe_target(self, where: Target) -> str:
        """A commander, objective, bonus space or other piece of the table in words."""
        state = self.shown_state()
        describe: Callable[[MagnastormState, str], str] | None = _DESCRIBERS.get(where.kind)
        if describe is None:
            return ""
        names = [seat.name for seat in self.controller.seats]
        text = describe(state, where.key)
        for index, name in enumerate(names):
            text = text.replace(f"{{{index}}}", name)
        return text


def _number(key: str) -> int:
    digits = "".join(ch for ch in key if ch.isdigit())
    return int(digits) if digits else 0


def _holder(seat: int) -> str:
    return f"held by {{{seat}}}" if seat >= 0 else "held by nobody"


def _column(state: MagnastormState, key: str) -> str:
    column = _number(key.split()[0])
    if column == 0:
        return f"First-player column ({_holder(state.fp_holder)}). {FIRST_PLAYER_EFFECT}"
    commander_id = state.admin[column] if column < len(state.admin) else ""
    if not commander_id:
        return f"Column {column + 1}"
    commander = state.s.content.commanders[commander_id]
    return (f"{commander.name} (column {column + 1}, {_holder(state.admin_ctrl[column])}): "
            f"{COMMANDER_EFFECTS[commander_id]} +{commander.green} reputation to whoever takes it over, "
            f"−{commander.red} to the one who loses it.")  # noqa: RUF001


def _research(state: MagnastormState, key: str) -> str:
    letter = key[:1]
    if letter not in state.s.colours:
        return ""
    area = state.s.colours.index(letter)
    commander_id = state.rcmd[area]
    bonuses = state.s.research.bonuses[area]
    track = ", ".join(f"{level}: {bonus_words(bonus)}" for level, bonus in sorted(bonuses.items()))
    text = f"{AREA_WORDS[letter].title()} research. Bonuses by level — {track}."
    if commander_id:
        commander = state.s.content.commanders[commander_id]
        text += (f" Research commander {commander.name} ({_holder(state.rcmd_ctrl[area])}, goes to the sole "
                 f"leader at each administration): {COMMANDER_EFFECTS[commander_id]}")
    return text


def _objective(state: MagnastormState, key: str) -> str:
    slot = _number(key) - 1
    if not 0 <= slot < 4 or not state.objectives[slot]:
        return ""
    face = state.objective_face(slot)
    claims = state.claims[slot]
    spaces = state.s.rep_spaces
    left = [str(points) for points in spaces[len(claims):]]
    taken = ", ".join(f"{{{seat}}}" for seat in claims) or "nobody yet"
    return (f"Objective {state.objectives[slot]} ({face.kind}): "
            f"{objective_words(face, state.round, state.s.areas)} this round (it grows each round). "
            f"Reputation left: {', '.join(left) or 'none'}. Fulfilled by {taken}.")


def _lower(state: MagnastormState, key: str) -> str:
    row, column = (int(part) for part in key[1:].split("c"))
    panel = state.s.panel
    bonus = panel.bonuses.get((row, column))
    text = (f"Action space, row {row + 1}: move the runner for {cost_words(panel.move_costs[row])}, or take "
            f"{cost_words(panel.gains[row]).replace('own', 'of your colour')}.")
    if bonus:
        text += f" Bonus: {bonus_words(bonus)}."
    return text


def _space(state: MagnastormState, key: str) -> str:
    space = _number(key)
    board = state.s.board
    if not 0 <= space < len(board.space_colour):
        return ""
    colour = board.space_colour[space]
    area = board.area_names[board.space_area[space]]
    words = "white (any research area)" if colour == "w" else f"{AREA_WORDS.get(colour, colour)} research"
    owner = state.space_owner[space]
    labs = f"; {state.space_labs[space]} lab(s) of {{{owner}}}" if owner >= 0 else "; empty"
    quiet = state.s.quiet[state.rotation][board.area_sector[board.space_area[space]]]
    return f"Space {space} in area {area} ({'quiet' if quiet else 'in the storm'}): {words}{labs}."


def _lab(state: MagnastormState, key: str) -> str:
    slot = _number(key) - 1
    if not 0 <= slot < len(state.s.content.lab_costs):
        return ""
    return f"Lab {slot + 1} of the player board: costs {cost_words(state.lab_cost(slot))} to drop."


def _station(state: MagnastormState, key: str) -> str:
    slot = _number(key) - 1
    costs = state.s.content.station_costs
    if not 0 <= slot < len(costs):
        return ""
    return (f"Transmitter station {slot + 1}: costs {cost_words(costs[slot])}; +2 reputation when built on a "
            "transmitter space the runner passed, and a starting point for every runner.")


def _bag(state: MagnastormState, key: str) -> str:
    bag = state.bag
    parts = [f"{bag[0]} yellow"] + [f"{bag[c]} of {{{c - 1}}}" for c in range(1, state.num_players + 1)]
    return f"The bag: {', '.join(parts)}, {bag[5]} black (a black cube goes back; you get an own cube)."


_DESCRIBERS: dict[str, Callable[[MagnastormState, str], str]] = {
    "column": _column,
    "crew": _column,
    "first_player": lambda state, key: _column(state, "c0"),
    "research": _research,
    "objective": _objective,
    "lower": _lower,
    "space": _space,
    "lab": _lab,
    "station": _station,
    "bag": _bag,
}
"""What each kind of target is, for the tooltips of the things you cannot click now."""
