"""The MageStone table: board, HUD, dice tray, action log and every action by mouse and keyboard.

Input -> :class:`GoInput` (which action a click means) -> ``MatchController.play`` -> events ->
:class:`Animator` (board picture, physics dice). The HUD reads the live rules state; ``draw``
never changes anything.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import pygame

from game.client import decor, theme
from game.client.input import Click, Hover, Intent, Key, KeyIntent, Scroll
from game.client.magestone.animation import Animator, Banner
from game.client.magestone.dice import DiceTray
from game.client.magestone.interaction import VERB_LABELS, VERB_TIPS, GoInput
from game.client.magestone.model import BoardModel, LastGo, last_go, seat_infos
from game.client.magestone.preview import Preview, preview
from game.client.magestone.view import BOARD_SPAN, BoardView, Overlay, tray_die
from game.client.match.controller import LogLine, MatchController, Played
from game.client.match.table_scene import Control, TableScene, draw_thinking
from game.client.scenes.base import Host
from game.client.widgets import Button, Widget, draw_tooltip
from game.rules.magestone import Attack, Bolt, MageStoneState, UnitAction
from game.rules.magestone.board import ACTIVATIONS_PER_GO, SQUARES_PER_GO, power_die
from game.rules.match import RESIGN

LEFT_W = 282
"""Design width of the players column (anchored to the left edge)."""
RIGHT_W = 278
"""Design width of the go / controls / dice / log column (anchored to the right edge)."""
TRAY_SIZE = (278, 156)
LEGEND_H = 26
"""Design height of the line under the felt saying whose dice are whose."""
HUD_HEIGHT = 624
"""Design height the columns need (the log takes what is left above its minimum): a shorter
window (or a larger Interface size) draws the columns at the unit that fits."""


class MageStoneMatchScene(TableScene):
    """One MageStone match at the table, humans and bots in any mix."""

    def __init__(self, host: Host, controller: MatchController) -> None:
        super().__init__(host, controller, pygame.Rect(0, 0, RIGHT_W, 206))
        state = controller.state
        assert isinstance(state, MageStoneState)
        self.state: MageStoneState = state
        self.view: BoardView = BoardView(
            host.assets, state.board, state.num_players, (328, 40), 40, self.colours, state.seats
        )
        self.tray = DiceTray(TRAY_SIZE[0] - 16, TRAY_SIZE[1] - 32 - LEGEND_H)
        self.top = self.tray_rect = pygame.Rect(0, 0, 1, 1)
        self.actions_y = self.controls_y = self.message_y = 0
        self.animator: Animator = Animator(
            BoardModel.from_state(state), self.tray, self._fresh_model, host.tweens.speed
        )
        self.input: GoInput = GoInput(state)
        self.dice_counts: dict[int, dict[int, int]] = {}
        self._armed: int | None = None
        self._settled: tuple[int, MageStoneState] = (len(controller.match.log), state.clone())
        self._last_go: tuple[tuple[int, int], LastGo | None] = ((-1, -1), None)
        self.held_log: list[int] = []
        """Where the log lines of each unsettled dice contest begin, oldest first."""

        self._previews: tuple[object, list[Preview]] = ((), [])

    # -- lifecycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        """Hook into the controller and lay out the buttons."""
        self.controller.on_played.append(self._on_played)
        for played in self.controller.history:
            self._count_dice(played)
        self.layout()

    def _fresh_model(self) -> BoardModel:
        return BoardModel.from_state(self.state)

    def on_action(self, played: Played) -> None:
        """Count the dice, hold a contest's log lines back until its dice settle, play the sound."""
        self._count_dice(played)
        rolls = sum(1 for e in played.events if e.kind == "dice_rolled")
        start = len(self.controller.log) - len(played.lines)
        self.held_log.extend([start] * rolls)
        if any(e.kind == "dice_rolled" for e in played.events):
            self.host.audio.play("dice")
        elif any(e.kind == "unit_fell" for e in played.events):
            self.host.audio.play("fall")
        else:
            self.host.audio.play("step", 0.6)

    def _count_dice(self, played: Played) -> None:
        for event in played.events:
            if event.kind != "dice_rolled":
                continue
            sides = (int(event.data["attacker_dice"].partition("d")[2]), int(event.data["defender_dice"][1:]))
            for roll in event.data["rolls"]:
                for face in roll["attacker"]:
                    self.dice_counts.setdefault(sides[0], {}).setdefault(face, 0)
                    self.dice_counts[sides[0]][face] += 1
                counts = self.dice_counts.setdefault(sides[1], {})
                counts[roll["defender"]] = counts.get(roll["defender"], 0) + 1

    # -- buttons -------------------------------------------------------------------------------------
    def place_panels(self) -> None:
        """Anchor the players column to the left edge and the go column to the right; the board
        takes the space between them, as large as it fits."""
        margin, height = self.place_columns(LEFT_W, RIGHT_W, HUD_HEIGHT)
        u = self.u
        self.top = pygame.Rect(self.right.x, margin, self.right.width, u(132))
        self.actions_y = self.top.bottom + u(8)
        self.controls_y = self.actions_y + u(46)
        self.message_y = self.controls_y + u(136)
        self.tray_rect = pygame.Rect(self.right.x, self.message_y + u(28), self.right.width, u(TRAY_SIZE[1]))
        log = pygame.Rect(self.right.x, self.tray_rect.bottom + u(8), self.right.width, 0)
        log.height = max(u(60), self.right.bottom - log.y)
        self.log_rect = log
        self.log_panel.place(log, self.hud)
        area = pygame.Rect(self.left.right, margin, self.right.x - self.left.right, height)
        cell = max(8, int(min(area.width - 2 * u(10), area.height) / BOARD_SPAN))
        origin = (area.centerx - cell * 8, area.centery - cell * 8)
        self.view.place(origin, cell)

    def layout(self) -> None:
        """Panels and board, the go buttons and the selected unit's action buttons."""
        self.place_panels()
        assets, u = self.host.assets, self.u
        human = self.controller.human_to_act() and not self.input.fall_choice
        widgets: list[Widget] = []
        y = self.actions_y
        actions = self.input.unit_actions() if human else []
        for index, action in enumerate(actions[:4]):
            width = (self.right.width - u(6) * (len(actions) - 1)) // max(1, len(actions))
            button = Button(
                assets,
                pygame.Rect(self.right.x + index * (width + u(6)), y, width, u(38)),
                VERB_LABELS[action.verb],
                partial(self._play, action),
                style="primary",
                font_size=u(16) if len(actions) < 3 else u(14),
                tooltip=self._verb_tip(action),
            )
            button.action = action  # type: ignore[attr-defined]
            widgets.append(button)
        controls: list[Control] = [
            ("End go", "continue", self.end_go, human, "End your go (Enter). Unused squares are lost."),
            (
                "Undo",
                "undo",
                self.undo,
                self.controller.can_undo(),
                "Take back your last action of this go (Ctrl+Z); never past a dice roll.",
            ),
            ("Hint", "rules", self.hint, human, "Ask the Hard AI what it would play here."),
            ("Menu", "settings", self.menu, True, "Save, load or leave (Esc). Every action is autosaved."),
        ]
        widgets.extend(
            self.control_buttons(controls, (self.right.x, self.controls_y), self.right.width, "primary")
        )
        self.group.widgets = widgets
        self.group.focus_index = None

    def _verb_tip(self, action: UnitAction) -> str:
        """A unit action's rule, and for Nova what it would strike now."""
        if action.verb != "nova":
            return VERB_TIPS[action.verb]
        return f"{VERB_TIPS['nova']} Now: {preview(self.state, action, self._seat_name).lines[0]}"

    # -- commands ------------------------------------------------------------------------------------
    def after_play(self) -> None:
        """Keep the unit that is still going selected."""
        if self.input.selected is None and self.input.active >= 0:
            self.input.select(self.input.active)

    def end_go(self) -> None:
        """End the human's go (after the game: show the results again)."""
        if self.controller.over and self._game_over_shown:
            self.show_results()
        elif self.controller.human_to_act() and not self.input.fall_choice:
            self._play(self.state.parse_action("end"))

    def undo(self) -> None:
        """Take back the last action of this go, if the policy allows."""
        if not self.controller.undo():
            self.say("Nothing to undo in this go (dice rolls cannot be undone).")

    # -- input ---------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        """Route pointer and keys: skip animations, popups, buttons, then the board."""
        if isinstance(intent, Hover):
            self.pointer = intent.pos
            self.rest = 0.0
        if isinstance(intent, Click) and self.tips.click(intent.pos):
            return
        if self.dismiss_handover(intent):
            return
        if isinstance(intent, Click) and self.animator.busy:
            self.animator.skip()
            return
        if self.popup and isinstance(intent, Click):
            for button in self.popup:
                if button.hit(intent.pos):
                    button.activate()
                    return
            if self.armed is not None and self.view.square_at(intent.pos) == self.armed:
                self.click(intent.pos)
                return
            self.popup = []
            return
        if self.group.handle(intent):
            return
        if isinstance(intent, Hover):
            square = self.view.square_at(intent.pos)
            if self.controller.human_to_act():
                self.input.hover(square)
        elif isinstance(intent, Click):
            self.click(intent.pos)
        elif isinstance(intent, Scroll):
            if self.view.rect.collidepoint(self.pointer):
                self.input.cycle_route(-intent.dy)
            elif self.log_rect.collidepoint(self.pointer):
                self.log_panel.scroll_by(intent.dy, len(self.controller.log))
        elif isinstance(intent, KeyIntent):
            self._key(intent.key)

    def click(self, pos: tuple[float, float]) -> None:
        """A click on the board: select, move, attack, cast, or an explanation."""
        square = self.view.square_at(pos)
        if square is None:
            return
        if not self.controller.human_to_act():
            self.say("Wait: it is not your go." if not self.controller.over else "The game is over.")
            return
        outcome = self.input.click(square)
        actions = outcome.actions
        confirmed = self.armed == square or not self.host.settings.confirm_attacks
        if len(actions) == 1 and (confirmed or not isinstance(actions[0], (Attack, Bolt))):
            self._play(actions[0])
        elif actions:
            self._arm(square, actions)
        else:
            self.say(outcome.message)
            self.layout()

    @property
    def armed(self) -> int | None:
        """The target square whose attack preview waits for a confirming click (None: none)."""
        return self._armed if self.popup else None

    def _arm(self, square: int, actions: list[Any]) -> None:
        """Open the preview panel of ``square`` with one button per action and a Cancel."""
        self._armed = square
        self.popup = []
        box = self.preview_rect(square, actions, armed=True)
        u = self.u
        labels = [self._verb(action) for action in actions] + ["Cancel"]
        width = (box.width - u(16) - u(6) * (len(labels) - 1)) // len(labels)
        for index, label in enumerate(labels):
            command = partial(self._play, actions[index]) if index < len(actions) else self._disarm
            self.popup.append(
                Button(
                    self.host.assets,
                    pygame.Rect(box.x + u(8) + index * (width + u(6)), box.bottom - u(44), width, u(36)),
                    label,
                    command,
                    style="primary" if index < len(actions) else "ghost",
                    font_size=u(15),
                )
            )

    def _disarm(self) -> None:
        self.popup = []

    @staticmethod
    def _verb(action: Any) -> str:
        return "Attack" if isinstance(action, Attack) else "Bolt"

    # -- the attack preview --------------------------------------------------------------------------
    def previewed(self) -> tuple[int, list[Any]] | None:
        """The target whose odds are on show: the armed one, else the attackable enemy under the pointer."""
        if not self.controller.human_to_act() or self.animator.busy:
            return None
        square = self.armed if self.armed is not None else self.view.square_at(self.pointer)
        if square is None:
            return None
        for target in self.input.targets():
            if target.square == square and target.kind in ("attack", "bolt"):
                return square, list(target.actions)
        return None

    def previews(self, actions: list[Any]) -> list[Preview]:
        """The rules' preview of each action (cached per position and action)."""
        key = (len(self.controller.match.log), tuple(str(a) for a in actions))
        if self._previews[0] != key:
            self._previews = (key, [preview(self.state, a, self._seat_name) for a in actions])
        return self._previews[1]

    def _seat_name(self, seat: int) -> str:
        return self.controller.seats[seat].name

    def preview_lines(self) -> list[str]:
        """The preview panel's words, empty when none is on show (tests read these)."""
        shown = self.previewed()
        if shown is None:
            return []
        lines = [line for p in self.previews(shown[1]) for line in (p.heading, *p.lines)]
        if self.armed is None:
            lines.append(self._confirm_hint())
        return lines

    def preview_rect(self, square: int, actions: list[Any], armed: bool) -> pygame.Rect:
        """Where the preview panel of ``square`` goes: beside the square, inside the board area, with
        room for the confirm buttons when ``armed``."""
        u = self.u
        width = u(300)
        lines = self._wrapped_preview(actions, width, armed)
        buttons = u(52) if armed else 0
        height = u(16) + len(lines) * self._preview_line() + buttons
        rect = self.view.square_rect(square)
        box = pygame.Rect(rect.right + u(10), rect.centery - height // 2, width, height)
        if box.right > self.right.x - u(6):
            box.right = rect.x - u(10)
        box.clamp_ip(pygame.Rect(self.left.right, 0, self.right.x - self.left.right, self.host.frame.height))
        return box

    def _preview_line(self) -> int:
        return self.u(19)

    def _wrapped_preview(self, actions: list[Any], width: int, armed: bool) -> list[tuple[str, bool]]:
        assets, u = self.host.assets, self.u
        rows: list[tuple[str, bool]] = []
        for item in self.previews(actions):
            for index, line in enumerate((item.heading, *item.lines)):
                role = "ui_semibold" if index == 0 else "ui"
                parts = decor.wrap(assets, role, u(14), line, width - u(20))
                rows.extend((part, index == 0) for part in parts)
        if not armed:
            rows.append((self._confirm_hint(), False))
        return rows

    def _confirm_hint(self) -> str:
        if self.host.settings.confirm_attacks:
            return "Click to aim, then Attack (or click again) to roll."
        return "Click to attack at once (confirmation is off in Settings)."

    def _draw_preview(self, surface: pygame.Surface) -> None:
        shown = self.previewed()
        if shown is None:
            return
        square, actions = shown
        armed = self.armed == square
        box = self.preview_rect(square, actions, armed)
        decor.blit_panel(surface, box, radius=10, fill=theme.INK, alpha=245, border=theme.GOLD, unit=self.hud)
        u = self.u
        y = box.y + u(8)
        for text, heading in self._wrapped_preview(actions, box.width, armed):
            role = "ui_semibold" if heading else "ui"
            colour = theme.GOLD_BRIGHT if heading else theme.PARCHMENT
            decor.text(surface, self.host.assets, role, u(14), text, colour, (box.x + u(10), y))
            y += self._preview_line()

    def _key(self, key: Key) -> None:
        if key in (Key.NEXT, Key.PREV) and self.controller.human_to_act():
            self.input.select_next(1 if key is Key.NEXT else -1)
            self.layout()
        elif key is Key.CONFIRM and self.armed is not None:
            self.popup[0].activate()
        elif key is Key.BACK and self.armed is not None:
            self._disarm()
        elif key is Key.CONFIRM:
            self.end_go()
        elif key is Key.UNDO:
            self.undo()
        elif key is Key.BACK and (self.input.selected is not None or self.popup):
            self.popup = []
            self.input.select(None)
            self.layout()
        elif key in (Key.BACK, Key.MENU):
            self.menu()

    # -- frame ---------------------------------------------------------------------------------------
    def visible_log(self) -> list[LogLine]:
        """The action log as the player may read it: a contest's lines appear once its dice settle."""
        pending = self.animator.dice_pending
        held = self.held_log[len(self.held_log) - pending :] if pending else []
        return self.controller.log[: held[0]] if held else self.controller.log

    def update_table(self, dt: float) -> None:
        """Forget the holds of settled contests; remember the position while no dice roll."""
        if not self.animator.dice_pending:
            self.held_log.clear()
            mark = len(self.controller.match.log)
            if self._settled[0] != mark:
                self._settled = (mark, self.state.clone())

    def _shown(self) -> MageStoneState:
        """The position the HUD shows: while a contest's dice roll, the one before it (no spoilers)."""
        return self._settled[1] if self.animator.dice_pending else self.state

    def shown_scenario(self) -> dict[str, Any]:
        """The scenario data of :meth:`_shown` (bank, Rite, carried stones)."""
        return self.input.data if not self.animator.dice_pending else self._shown().to_scenario()

    def shown_seats(self) -> list[Any]:
        """Each seat's figures as the HUD shows them now."""
        return seat_infos(self._shown())

    def hud_lines(self) -> list[str]:
        """The HUD's words (tests read these): the go, squares, units, then each player."""
        lines = [self.go_title()]
        if not self.controller.over:
            go = self.state.go_info()
            lines.append(f"Squares left: {go['squares']} of {SQUARES_PER_GO}")
            lines.append(f"Units left: {ACTIVATIONS_PER_GO - go['activations']} of {ACTIVATIONS_PER_GO}")
        for index, info in enumerate(self.shown_seats()):
            lines.append(self._seat_line(index, info))
        data = self.shown_scenario()
        lines.append(f"Gravestones in the bank: {data['bank']}")
        rite = data["rite"]
        if rite is not None:
            seat = self.state.seats.index(rite["seat"])
            lines.append(f"Rite: {self.controller.seats[seat].name}, lap {rite['laps']} of {rite['needed']}")
        return lines

    def go_title(self) -> str:
        """ "South's go" / "North is thinking…" / the result."""
        if self.controller.over:
            return "Game over"
        seat = self.controller.seat_to_act()
        name = self.controller.seats[seat].name
        return f"{name} is thinking…" if self.controller.thinking else f"{name}'s go"

    def _out_word(self, index: int) -> str:
        """Why a seat is out of the game: "resigned" or "eliminated"."""
        resigned = any(e.actor == index and e.notation == RESIGN for e in self.controller.match.log)
        return "resigned" if resigned else "eliminated"

    def _seat_line(self, index: int, info: Any) -> str:
        name = self.controller.seats[index].name
        if info.eliminated:
            return f"{name}: {self._out_word(index)}"
        queued = [k for k, sq in (("Mage", info.mage), ("Priest", info.priest)) if sq < 0]
        on_board = int(info.mage >= 0) + int(info.priest >= 0) + info.warriors
        text = (
            f"{name}: stones {info.activated} Activated, {info.unactivated} Unactivated; "
            f"power d{power_die(info.activated)}; units {on_board}"
        )
        if queued:
            text += f"; respawn queue: {', '.join(queued)}"
        if self._besieged(index):
            text += "; under siege"
        return text

    def _besieged(self, seat: int) -> bool:
        board = self.state.board
        letter = self.state.seats[seat]
        from game.rules.magestone.board import MAGE, PRIEST

        for kind in (MAGE, PRIEST):
            unit = self.state.unit_at(board.start_square(letter, kind))
            if unit is not None and unit[0] != seat:
                return True
        return False

    def overlay(self) -> Overlay:
        """What the board highlights for the pointer this frame."""
        overlay = Overlay(done=self.input.done if self.controller.human_to_act() else set())
        if not self.animator.busy:
            overlay.last = self.last_go()
        if not self.controller.human_to_act() or self.animator.busy:
            return overlay
        gi = self.input
        overlay.selected = gi.selected
        overlay.reach = gi.reachable()
        overlay.route = gi.route
        for target in gi.targets():
            overlay.marks.append((target.square, target.kind))
            for action in target.actions:
                if hasattr(action, "caster"):
                    cost = abs((action.caster & 15) - (action.target & 15)) + abs(
                        (action.caster >> 4) - (action.target >> 4)
                    )
                    overlay.labels.append((target.square, f"{cost} sq"))
        hovered = self.group.focused
        if getattr(getattr(hovered, "action", None), "verb", "") == "nova":
            overlay.marks.extend((s, "nova") for s in gi.nova_squares())
        hint = self.controller.hint
        if hint is not None:
            squares = list(getattr(hint, "route", ())) or [
                getattr(hint, "target", getattr(hint, "square", -1))
            ]
            overlay.marks.extend((s, "hint") for s in squares if s >= 0)
        return overlay

    def last_go(self) -> LastGo | None:
        """The previous player's go, as the board marks it (cached per history length)."""
        key = (len(self.controller.history), self.controller.seat_to_act())
        if self._last_go[0] != key:
            found = last_go(self.controller.history, self.controller.seat_to_act(), self.state.board)
            self._last_go = (key, found)
        return self._last_go[1]

    def draw(self, surface: pygame.Surface) -> None:
        """Backdrop, board, HUD, tray, log, popups, banners and tooltips."""
        surface.blit(self.backdrop(surface), (0, 0))
        self.tooltips = []
        self.view.draw(surface, self.animator.model, self.overlay(), self.animator, static=False)
        self._draw_players(surface)
        self._draw_go(surface)
        self.group.draw(surface)
        self._draw_tray(surface)
        self.log_panel.draw(surface, self.visible_log(), self.colours)
        for banner in self.animator.banners:
            self._banner(surface, banner)
        self._draw_preview(surface)
        for button in self.popup:
            button.draw(surface)
        self.tips.draw(
            surface,
            self.host.assets,
            (self.view.rect.centerx, self.view.rect.y + self.u(110)),
            self.hud,
            self.view.rect,
        )
        if self.draw_handover(surface):
            return
        tip = self._tooltip()
        if tip:
            draw_tooltip(
                surface, self.host.assets, tip, (self.pointer[0] + self.u(18), self.pointer[1]), self.hud
            )

    # -- HUD pieces --------------------------------------------------------------------------------
    def _player_rects(self) -> tuple[list[pygame.Rect], pygame.Rect]:
        """One panel per seat down the left column, and the footer (bank, Rite) below them."""
        u, left = self.u, self.left
        count = self.state.num_players
        gap, footer = u(8), u(74)
        height = (left.height - footer - gap * count) // count
        seats = [pygame.Rect(left.x, left.y + i * (height + gap), left.width, height) for i in range(count)]
        return seats, pygame.Rect(left.x, left.bottom - footer + gap, left.width, footer - gap)

    def static_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        """Seat panels, the footer, the go panel and the dice tray."""
        seats, footer = self._player_rects()
        return [(rect, 210, 10) for rect in (*seats, footer, self.top)] + [(self.tray_rect, 235, 10)]

    def _draw_players(self, surface: pygame.Surface) -> None:
        assets = self.host.assets
        u = self.u
        infos = self.shown_seats()
        seat_rects, footer_rect = self._player_rects()
        to_act = self.controller.seat_to_act()
        for index, info in enumerate(infos):
            rect = seat_rects[index]
            height = rect.height
            seat = self.controller.seats[index]
            colour = self.colours[index]
            self.panel(surface, rect)
            if index == to_act:
                pygame.draw.rect(surface, colour, rect, width=u(3), border_radius=u(10))
            pygame.draw.rect(
                surface, colour, (rect.x + u(8), rect.y + u(10), u(6), u(26)), border_radius=u(3)
            )
            decor.text(
                surface, assets, "ui_bold", u(19), seat.name, theme.TEXT, (rect.x + u(22), rect.y + u(8))
            )
            decor.text(
                surface,
                assets,
                "ui",
                u(13),
                f"{self.state.board.seat_names[info.letter]} · {seat.label}",
                theme.TEXT_DIM,
                (rect.right - u(10), rect.y + u(14)),
                "topright",
            )
            self.tooltips.append(
                (
                    pygame.Rect(rect.x, rect.y, rect.width, u(40)),
                    f"{seat.name} plays {self.state.board.seat_names[info.letter]} ({seat.label}).",
                )
            )
            if info.eliminated:
                decor.text(
                    surface,
                    assets,
                    "serif_italic",
                    u(20),
                    self._out_word(index).capitalize(),
                    theme.DANGER,
                    (rect.x + u(22), rect.y + u(44)),
                )
                continue
            y = rect.y + u(42)
            x = rect.x + u(14)
            for lit, amount, tip in (
                (
                    True,
                    info.activated,
                    "Activated MageStones carried: they power the Mage's "
                    "die and count toward victory (6 on your base wins).",
                ),
                (
                    False,
                    info.unactivated,
                    "Unactivated MageStones carried: activate them on "
                    "your own base; until then they do nothing.",
                ),
            ):
                image = self.view.stone(lit, u(22))
                surface.blit(image, image.get_rect(center=(x + u(12), y + u(12))))
                decor.text(surface, assets, "ui_bold", u(18), str(amount), theme.TEXT, (x + u(28), y + u(2)))
                self.tooltips.append((pygame.Rect(x, y, u(52), u(26)), tip))
                x += u(60)
            die = power_die(info.activated)
            icon = self.host.assets.icon("d20" if die == 20 else "dice", u(22), theme.GOLD)
            surface.blit(icon, (x + u(2), y + u(1)))
            decor.text(surface, assets, "ui_bold", u(17), f"d{die}", theme.GOLD_BRIGHT, (x + u(28), y + u(3)))
            self.tooltips.append(
                (
                    pygame.Rect(x, y, u(70), u(26)),
                    "Power die of the Mage: d6 with 0 or 1 Activated stones, "
                    "d12 with 2 or 3, d20 with 4 or more.",
                )
            )
            y += u(32)
            x = rect.x + u(14)
            for kind, alive, tip in (
                (
                    2,
                    info.mage >= 0,
                    "Mage: attacks with its power die, collects and "
                    "activates MageStones, casts Bolt and Nova.",
                ),
                (
                    1,
                    info.priest >= 0,
                    "Priest: never attacks but kills a losing attacker; "
                    "raises Warriors from gravestones; declares the Rite.",
                ),
                (
                    0,
                    info.warriors > 0,
                    "Warriors: 1d6 each; two or three next to one enemy attack together with 2d6 or 3d6.",
                ),
            ):
                token = self.view.token(index, kind, u(24), dim=not alive)
                surface.blit(token, (x, y))
                if kind == 0:
                    decor.text(
                        surface,
                        assets,
                        "ui_bold",
                        u(16),
                        f"x{info.warriors}",
                        theme.TEXT,
                        (x + u(34), y + u(6)),
                    )
                self.tooltips.append((pygame.Rect(x, y, u(32) if kind else u(60), u(30)), tip))
                x += u(38)
            queued = [name for name, sq in (("Mage", info.mage), ("Priest", info.priest)) if sq < 0]
            status = []
            if queued:
                status.append("respawn: " + ", ".join(queued))
            if self._besieged(index):
                status.append("UNDER SIEGE")
            if status and height > u(110):
                text_rect = decor.text(
                    surface,
                    assets,
                    "ui_semibold",
                    u(14),
                    " · ".join(status),
                    theme.DANGER if "UNDER SIEGE" in status else theme.GOLD,
                    (rect.x + u(14), y + u(36)),
                )
                self.tooltips.append(
                    (
                        text_rect,
                        "Fallen Mages and Priests respawn on their base at the start of "
                        "their go, unless an enemy stands on the base (a siege).",
                    )
                )
        self.panel(surface, footer_rect)
        data = self.shown_scenario()
        grave = self.host.assets.icon("gravestone", u(24), (176, 176, 190))
        surface.blit(grave, (footer_rect.x + u(12), footer_rect.y + u(8)))
        decor.text(
            surface,
            assets,
            "ui_semibold",
            u(16),
            f"Gravestone bank: {data['bank']}",
            theme.TEXT,
            (footer_rect.x + u(42), footer_rect.y + u(10)),
        )
        self.tooltips.append(
            (
                pygame.Rect(footer_rect.x, footer_rect.y, footer_rect.width, u(32)),
                "Gravestones left in the shared bank. A fallen Warrior leaves one while the bank "
                "lasts; a Priest landing on it raises a Warrior.",
            )
        )
        rite = data["rite"]
        if rite is not None:
            holder = self.state.seats.index(rite["seat"])
            text = f"Rite: {self.controller.seats[holder].name}, lap {rite['laps']} of {rite['needed']}"
            colour = self.colours[holder]
        else:
            text, colour = "The Nexus is quiet (no Rite)", theme.TEXT_DIM
        nexus = self.host.assets.icon("nexus", u(22), colour)
        surface.blit(nexus, (footer_rect.x + u(13), footer_rect.y + u(38)))
        decor.text(
            surface,
            assets,
            "ui_semibold",
            u(15),
            text,
            colour,
            (footer_rect.x + u(42), footer_rect.y + u(40)),
        )
        self.tooltips.append(
            (
                pygame.Rect(footer_rect.x, footer_rect.y + u(32), footer_rect.width, u(32)),
                "The Rite of the Nexus: a Priest on the clear Nexus wins when play comes back round "
                "to its player (twice with one rival, once with three).",
            )
        )

    def _draw_go(self, surface: pygame.Surface) -> None:
        assets = self.host.assets
        u = self.u
        top = self.top
        self.panel(surface, top)
        seat = self.controller.seat_to_act()
        colour = self.colours[seat] if seat >= 0 else theme.GOLD
        title = self.go_title()
        decor.text(surface, assets, "title", u(26), title, colour, (top.x + u(14), top.y + u(6)), shadow=True)
        if self.controller.thinking:
            draw_thinking(surface, self.clock, colour, (top.right - u(44), top.y + u(24)), u(14), u(4))
        if self.controller.over:
            return
        info = self.state.go_info()
        decor.text(
            surface, assets, "ui_semibold", u(14), "Squares", theme.TEXT_DIM, (top.x + u(14), top.y + u(50))
        )
        for i in range(SQUARES_PER_GO):
            lit = i < info["squares"]
            centre = (top.x + u(94) + i * u(28), top.y + u(59))
            pygame.draw.circle(surface, theme.GOLD_BRIGHT if lit else (60, 52, 90), centre, u(9))
            pygame.draw.circle(surface, theme.INK, centre, u(9), u(2))
        self.tooltips.append(
            (
                pygame.Rect(top.x, top.y + u(44), top.width, u(30)),
                f"{info['squares']} of 6 squares of movement left this go. Bolt also spends "
                "squares; unused squares are lost.",
            )
        )
        decor.text(
            surface, assets, "ui_semibold", u(14), "Units", theme.TEXT_DIM, (top.x + u(14), top.y + u(88))
        )
        left = ACTIVATIONS_PER_GO - info["activations"]
        for i in range(ACTIVATIONS_PER_GO):
            token = self.view.token(max(0, seat), 0 if i else 2, u(22), dim=i >= left)
            surface.blit(token, (top.x + u(82) + i * u(34), top.y + u(82)))
        self.tooltips.append(
            (
                pygame.Rect(top.x, top.y + u(78), top.width, u(34)),
                f"{left} of 3 units may still go this go. A unit moves then acts, or just acts.",
            )
        )
        undo_note = "Undo available" if self.controller.human_to_act() and self.controller.can_undo() else ""
        if undo_note:
            decor.text(
                surface,
                assets,
                "ui_semibold",
                u(14),
                undo_note,
                theme.TEXT_DIM,
                (top.right - u(10), top.y + u(110)),
                "topright",
            )
        if self.message_shown():
            box = pygame.Rect(self.right.x, self.message_y, self.right.width, u(24))
            lines = decor.wrap(assets, "ui_semibold", u(13), self.message, self.right.width - u(8))
            for i, line in enumerate(lines[:2]):
                decor.text(
                    surface,
                    assets,
                    "ui_semibold",
                    u(13),
                    line,
                    theme.GOLD_BRIGHT,
                    (box.centerx, box.y - u(6) + i * u(15)),
                    "midtop",
                )
        elif self.controller.notice:
            self._draw_notice(surface, (self.right.centerx, self.message_y))
        elif self.input.fall_choice and self.controller.human_to_act():
            decor.text(
                surface,
                assets,
                "ui_semibold",
                u(14),
                "Lost! Choose which Warrior falls.",
                theme.DANGER,
                (self.right.centerx, self.message_y),
                "midtop",
            )

    def tray_title(self) -> tuple[str, int]:
        """The tray's heading and the seat it speaks for (-1: none): "Dice", "Rolling…", the tie to be
        re-rolled, or the settled result with the winner's name (tests read it)."""
        tray = self.tray
        faces = tray.shown_faces() if tray.tracks else None
        if faces is None:
            return "Dice", -1
        if not tray.settled:
            return ("Re-rolling…" if tray.index else "Rolling…"), -1
        total = sum(faces[0])
        if tray.is_tie:
            return f"Tie {total} to {faces[1]}: roll again", -1
        attacker, defender = self.animator.dice_seats
        seat = attacker if tray.winner == "attacker" else defender
        who = self.controller.seats[seat].name if 0 <= seat < len(self.controller.seats) else tray.winner
        return f"{total} vs {faces[1]}: {who} wins", seat

    def _seat_colour(self, seat: int) -> theme.Colour:
        return self.colours[seat] if 0 <= seat < len(self.colours) else theme.PARCHMENT

    def _draw_tray(self, surface: pygame.Surface) -> None:
        assets = self.host.assets
        u = self.u
        self.panel(surface, self.tray_rect, 235)
        felt = self.felt_rect()
        pygame.draw.rect(surface, (28, 52, 48), felt, border_radius=u(8))
        pygame.draw.rect(
            surface, theme.mix(theme.BORDER, theme.GOLD, 0.4), felt, width=u(2), border_radius=u(8)
        )
        tray = self.tray
        title, seat = self.tray_title()
        colour = self._seat_colour(seat) if seat >= 0 else theme.GOLD
        size = u(18)
        room = self.tray_rect.width - u(24)
        while size > u(12) and assets.font("title", size).size(title)[0] > room:
            size -= 1
        decor.text(
            surface, assets, "title", size, title, colour, (self.tray_rect.x + u(12), self.tray_rect.y + u(6))
        )
        history = ""
        if self.dice_counts.get(6):
            counts = self.dice_counts[6]
            history = " Faces rolled so far (d6): " + ", ".join(
                f"{f}: {counts.get(f, 0)}" for f in range(1, 7)
            )
        self.tooltips.append(
            (
                pygame.Rect(self.tray_rect.x, self.tray_rect.y, self.tray_rect.width, u(30)),
                "The rules roll every die from the match's seed; the tray shows those faces." + history,
            )
        )
        attacker, defender = self.animator.dice_seats
        if tray.tracks:
            self._draw_dice_legend(surface, felt, attacker, defender)
        cache = self.view._cache
        for track, pose in tray.poses():
            owner = attacker if track.owner == "attacker" else defender
            face = tray_die(assets, track.sides, pose.face, self._seat_colour(owner), u(28), cache)
            turned = pygame.transform.rotate(face, -math.degrees(pose.angle)) if track.sides == 6 else face
            surface.blit(
                turned, turned.get_rect(center=(felt.x + pose.x * self.hud, felt.y + pose.y * self.hud))
            )

    def felt_rect(self) -> pygame.Rect:
        """The felt the dice roll on: below the tray's heading, above its legend."""
        u, tray = self.u, self.tray_rect
        return pygame.Rect(tray.x + u(8), tray.y + u(32), tray.width - u(16), tray.height - u(32 + LEGEND_H))

    def _draw_dice_legend(
        self, surface: pygame.Surface, felt: pygame.Rect, attacker: int, defender: int
    ) -> None:
        """Whose dice are whose: a swatch, the name and the dice of each side, under the felt."""
        assets, u = self.host.assets, self.u
        data = self.animator.dice_names
        y = felt.bottom + u(LEGEND_H) // 2
        for index, (seat, dice) in enumerate(((attacker, data[0]), (defender, data[1]))):
            name = self.controller.seats[seat].name if 0 <= seat < len(self.controller.seats) else "?"
            role = "attacks" if index == 0 else "defends"
            label = f"{name} {role} {dice}"
            x = felt.x + u(4) if index == 0 else felt.centerx + u(4)
            pygame.draw.circle(surface, self._seat_colour(seat), (x + u(6), y), u(6))
            text = decor.elide(assets, "ui_semibold", u(13), label, felt.width // 2 - u(20))
            decor.text(surface, assets, "ui_semibold", u(13), text, theme.TEXT, (x + u(16), y), "midleft")

    def _banner(self, surface: pygame.Surface, banner: Banner) -> None:
        data = banner.data
        seat = data.get("seat", -1)
        name = (
            self.controller.seats[seat].name
            if isinstance(seat, int) and 0 <= seat < len(self.controller.seats)
            else ""
        )
        text = {
            "go_started": f"{name}'s go",
            "rite_declared": f"{name} begins the Rite!",
            "rite_broken": "The Rite is broken",
            "rite_lap": f"{name}'s Rite holds",
            "eliminated": f"{name} is eliminated",
            "bolt_blocked": "Bolt blocked!",
            "game_over": "Game over",
        }.get(banner.kind, "")
        if not text:
            return
        fade = min(1.0, banner.age * 6, (banner.life - banner.age) * 3)
        u = self.u
        rendered = self.host.assets.text("title", u(34), text, self.colours[seat] if name else theme.GOLD)
        box = rendered.get_rect(center=(self.view.rect.centerx, self.view.rect.y + u(70))).inflate(
            u(40), u(14)
        )
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*theme.INK, 210), panel.get_rect(), border_radius=u(12))
        pygame.draw.rect(panel, (*theme.GOLD, 255), panel.get_rect(), width=u(2), border_radius=u(12))
        panel.blit(rendered, rendered.get_rect(center=panel.get_rect().center))
        panel.set_alpha(int(255 * max(0.0, fade)))
        surface.blit(panel, box)

    def board_tooltip(self) -> str:
        """The square under the pointer."""
        square = self.view.square_at(self.pointer)
        if square is None or self.previewed() is not None:
            return ""
        return self.square_tooltip(square)

    def square_tooltip(self, square: int) -> str:
        """What is on a square and what the rules do with it."""
        model = self.animator.model
        parts = []
        name = self.state.board.names[square]
        unit = model.units.get(square)
        if unit is not None:
            seat, kind = unit
            kind_name = ("Warrior", "Priest", "Mage")[kind]
            who = self.controller.seats[seat].name
            rule = {
                0: "attacks 1d6 (2d6/3d6 with neighbours), defends 1d6",
                1: "never attacks, defends 1d6, raises Warriors, declares the Rite",
                2: f"attacks and defends with its power die d{power_die(self.input.carried[seat][1])}",
            }[kind]
            state = (
                " — already gone"
                if square in self.input.done and seat == self.controller.seat_to_act()
                else ""
            )
            parts.append(f"{who}'s {kind_name} on {name}: {rule}{state}.")
        stones = model.stones.get(square)
        if stones:
            parts.append(
                f"MageStones: {stones[1]} Activated, {stones[0]} Unactivated. A Mage ending its move "
                "here collects them."
            )
        if square in model.graves:
            parts.append("Gravestone: a Priest landing here raises a Warrior.")
        if self.state.board.nexus_mask >> square & 1:
            parts.append("The Nexus: a Priest here may declare the Rite.")
        for seat, letter in enumerate(self.state.seats):
            board = self.state.board
            if square in (board.start_square(letter, 1), board.start_square(letter, 2)):
                parts.append(
                    f"{self.controller.seats[seat].name}'s base: Mage and Priest respawn here; "
                    "an enemy on it lays siege."
                )
        if not parts:
            cost = self.input.reachable().get(square)
            return f"{name}: {cost} square{'s' if cost != 1 else ''} away" if cost else ""
        return " ".join(parts)
