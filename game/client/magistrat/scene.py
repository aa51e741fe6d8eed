"""The MagiStrat table: the cube, set-up and turns by mouse and keyboard, previews, HUD and log.

Input -> :class:`TurnInput` (what a click means, previews) -> ``MatchController.play`` -> events ->
:class:`Animator`. The HUD reads the live rules state; ``draw`` never changes anything.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game.client import decor, theme
from game.client.input import Click, Hover, Intent, Key, KeyIntent, Scroll, Typed
from game.client.magistrat.animation import Animator
from game.client.magistrat.cube import CubeGeometry
from game.client.magistrat.interaction import TurnInput, preview_lines
from game.client.magistrat.keys import FRONT_HELP, KEY_CAPTION, VIEW_HELP, layer_shortcut
from game.client.magistrat.model import CubeModel, Shown
from game.client.magistrat.narrator import cell_words, kind_word
from game.client.magistrat.view import CubeView, Overlay
from game.client.match.controller import MatchController, Played
from game.client.match.table_scene import Control, TableScene, draw_thinking
from game.client.scenes.base import Host
from game.client.widgets import Button, Choice, Widget, draw_tooltip
from game.rules.magistrat import MagiStratState, Move, PieceView
from game.rules.magistrat.board import ARCHMAGE, CELL_INDEX, GOD, KING, MAGE, PRIEST
from game.rules.magistrat.position import PLACEMENT_ORDER, SETUP_STEPS
from game.rules.magistrat.start import random_placement

LEFT_W = 250
"""Design width of the sides column (anchored to the left edge)."""
RIGHT_W = 270
"""Design width of the info / controls / log column (anchored to the right edge)."""
HUD_HEIGHT = 600
"""Design height the columns need; a shorter window draws them at the unit that fits."""
FRONT_LABELS = ("All", "Ground", "High", "Divine")
PIECE_RULES = {
    KING: "King: 1 cell any way, or up/down. Attacks every enemy around it (10% of full per target); "
    "only Archmages and Mages can hurt it.",
    GOD: "God: slides along rows, columns and diagonals on Divine; enhances your pieces below it.",
    ARCHMAGE: "Archmage: slides along row or column, or up/down. Attacks the first piece ahead and "
    "behind (20%), chaining on through destroyed targets.",
    PRIEST: "Priest: slides diagonally, or up/down. Attacks behind and below (10%); survivors are stolen.",
    MAGE: "Mage: 1 or 2 cells forward/back (may jump). Attacks the first piece ahead in its column (33%).",
    5: "Apprentice: 1 cell forward or diagonally forward. Attacks ahead and diagonally ahead (33%); "
    "an attacker it survives is stolen.",
}


class MagiStratMatchScene(TableScene):
    """One MagiStrat match at the table: humans and bots in any mix."""

    random_setup_offered = True
    """Whether a human placing by hand is offered "Finish at random"."""

    def __init__(self, host: Host, controller: MatchController) -> None:
        super().__init__(host, controller, pygame.Rect(0, 0, RIGHT_W, 248))
        self.info = pygame.Rect(0, 0, 1, 1)
        self.controls_y = 0
        state = controller.state
        assert isinstance(state, MagiStratState)
        self.state: MagiStratState = state
        self.view: CubeView = CubeView(host.assets, (self.colours[0], self.colours[1]))
        full_of = {kind: state.t.table.full(kind, 100) for kind in range(6)}
        self.animator: Animator = Animator(
            CubeModel.from_state(state), self._fresh_model, self.view.piece_anchor, full_of, host.tweens.speed
        )
        self.input: TurnInput = TurnInput(state)
        self.hover: int | None = None
        self._pieces_key = ""
        self._pieces: list[PieceView] = []
        self._wrapped: dict[tuple[str, int, str, int], list[str]] = {}
        self.random_setup: set[int] = set()
        """Seats finishing their set-up at random: each of their placements is drawn for them."""

    # -- lifecycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        """Hook into the controller and lay out the buttons."""
        self.controller.on_played.append(self._on_played)
        self.input.refresh()
        self.layout()

    def _fresh_model(self) -> CubeModel:
        return CubeModel.from_state(self.state)

    def on_action(self, played: Played) -> None:
        """The action's sound."""
        kinds = {e.kind for e in played.events}
        if kinds & {"destroyed", "dropped_out"}:
            self.host.audio.play("fall")
        else:
            self.host.audio.play("step", 0.6)

    # -- view settings -----------------------------------------------------------------------------
    @property
    def geometry(self) -> CubeGeometry:
        """The cube's current layout."""
        return self.view.geometry

    def set_view(self, mode: str | None = None, front: int | str | None = "keep") -> None:
        """Switch oblique/flat and/or the layer brought to the front (None: all equal)."""
        geometry = self.view.geometry
        self.view.geometry = CubeGeometry(
            mode or geometry.mode,
            geometry.front if front == "keep" else front,  # type: ignore[arg-type]
            geometry.area,
        )
        self.layout()

    def toggle_view(self) -> None:
        """Oblique stack <-> flat side by side."""
        self.set_view("flat" if self.geometry.mode == "oblique" else "oblique")

    def cycle_front(self, delta: int) -> None:
        """Bring the next layer to the front (All, Ground, High-born, Divine)."""
        index = 0 if self.geometry.front is None else self.geometry.front + 1
        index = (index + delta) % 4
        self.set_view(front=None if index == 0 else index - 1)

    # -- buttons -------------------------------------------------------------------------------------
    def place_panels(self) -> None:
        """The sides column on the left edge, info / controls / log on the right edge, the cube in
        all the space between."""
        margin, height = self.place_columns(LEFT_W, RIGHT_W, HUD_HEIGHT)
        u = self.u
        self.info = pygame.Rect(self.right.x, margin, self.right.width, u(250))
        self.controls_y = self.info.bottom + u(58)
        log = pygame.Rect(self.right.x, self.controls_y + u(136), self.right.width, 0)
        log.height = max(u(60), self.right.bottom - log.y)
        self.log_rect = log
        self.log_panel.place(log, self.hud)
        gap = u(10)
        area = (self.left.right + gap, margin, self.right.x - self.left.right - 2 * gap, height)
        self.view.geometry = self.view.geometry.placed(tuple(float(v) for v in area))  # type: ignore[arg-type]

    def static_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        """The sides column and the info panel."""
        return [(self.left, 205, 12), (self.info, 215, 12)]

    def layout(self) -> None:
        """View controls, the pending turn's Attack / Skip buttons and the match controls."""
        self.place_panels()
        assets, u, left = self.host.assets, self.u, self.left
        human = self.controller.human_to_act()
        widgets: list[Widget] = [
            Choice(
                assets,
                pygame.Rect(left.x + u(10), left.bottom - u(96), left.width - u(20), u(36)),
                list(FRONT_LABELS),
                0 if self.geometry.front is None else self.geometry.front + 1,
                lambda index: self.set_view(front=None if index == 0 else index - 1),
                font_size=u(14),
                tooltip=FRONT_HELP,
            ),
            Button(
                assets,
                pygame.Rect(left.x + u(10), left.bottom - u(52), left.width - u(20), u(38)),
                "Flat view" if self.geometry.mode == "oblique" else "Cube view",
                self.toggle_view,
                icon="cube",
                font_size=u(16),
                tooltip=VIEW_HELP,
            ),
        ]
        pending = self.input.pending if human else None
        seat = self.controller.seat_to_act()
        if human and self.random_setup_offered and self.state.in_setup() and seat not in self.random_setup:
            info = self.info
            widgets.append(
                Button(
                    assets,
                    pygame.Rect(info.x + u(10), info.bottom - u(50), info.width - u(20), u(40)),
                    "Finish at random",
                    self.finish_at_random,
                    icon="dice",
                    style="menu",
                    font_size=u(16),
                    tooltip="Place the rest of your pieces on legal cells drawn at random "
                    "(from the match's seed, so a replay places them the same).",
                )
            )
        if pending is not None:
            choices: list[tuple[str, Callable[[], None], str | None, str]]
            if pending.attack is not None:
                attack_tip = "Move, then attack with the whole pattern (Enter)."
                choices = [
                    ("Attack", partial(self._play, pending.attack), "combat", attack_tip),
                    ("Skip attack", partial(self._play, pending.plain), None, "Only move this turn."),
                ]
            else:
                choices = [
                    ("Move", partial(self._play, pending.plain), None, "Commit this move (Enter)."),
                    ("Cancel", self.cancel, None, "Choose another move (Esc)."),
                ]
            info = self.info
            half = (info.width - u(28)) // 2
            for index, (label, command, icon, tip) in enumerate(choices):
                widgets.append(
                    Button(
                        assets,
                        pygame.Rect(info.x + u(10) + index * (half + u(8)), info.bottom - u(50), half, u(40)),
                        label,
                        command,
                        icon=icon,
                        style="menu" if index else "primary",
                        font_size=u(16) if index else u(17),
                        tooltip=tip,
                    )
                )
        passing = human and self.input.legal() == [self.state.parse_action("pass")]
        controls: list[Control] = [
            (
                "Undo",
                "undo",
                self.undo,
                self.controller.can_undo(),
                "Take back your last turn (and the reply after it) — Ctrl+Z.",
            ),
            ("Hint", "rules", self.hint, human, "Ask the Hard AI what it would play here."),
            (
                "Pass" if passing else "Menu",
                "continue" if passing else "settings",
                self.pass_turn if passing else self.menu,
                True,
                "No legal move: pass the turn." if passing else "Save, load or leave (Esc).",
            ),
            (
                "Menu" if passing else "Rules",
                "settings" if passing else "rules",
                self.menu if passing else self.rules,
                True,
                "Save, load or leave (Esc)." if passing else "The MagiStrat rules reference (F1).",
            ),
        ]
        widgets.extend(self.control_buttons(controls, (self.right.x, self.controls_y), self.right.width))
        self.group.widgets = widgets
        self.group.focus_index = None

    # -- commands ------------------------------------------------------------------------------------
    def cancel(self) -> None:
        """Drop the pending move or the selection."""
        self.input.select(None)
        self.layout()

    def finish_at_random(self) -> None:
        """Place the rest of this side's set-up pieces at random, one legal placement per turn."""
        self.random_setup.add(self.controller.seat_to_act())
        self.update_table(0.0)
        self.layout()

    def update_table(self, dt: float) -> None:
        """Make the next placement of a side finishing its set-up at random, once the last one shows."""
        if not self.state.in_setup() or self.animator.busy or not self.controller.human_to_act():
            return
        if self.controller.seat_to_act() in self.random_setup:
            self._play(random_placement(self.state, self.controller.match.seed))

    def pass_turn(self) -> None:
        """Pass (only offered when no move is legal)."""
        self._play(self.state.parse_action("pass"))

    def undo(self) -> None:
        """Take back the human's last turn (and the reply after it)."""
        self.animator.skip()
        self.random_setup.clear()  # a placement taken back is made by hand again
        if self.controller.undo():
            self.say("Taken back.")
        else:
            self.say("Nothing of yours to take back.")

    def handover_due(self) -> bool:
        """No hand-over screen between the alternating set-up placements, only once play begins."""
        return not self.state.in_setup()

    # -- input ---------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        """Route pointer and keys: skip animations, buttons, then the cube."""
        if isinstance(intent, Hover):
            self.pointer = intent.pos
            self.rest = 0.0
            self.hover = self.view.cell_at(intent.pos)
        if isinstance(intent, Click) and self.tips.click(intent.pos):
            return
        if self.dismiss_handover(intent):
            return
        if isinstance(intent, Click) and self.animator.busy:
            self.animator.skip()
            return
        if isinstance(intent, KeyIntent) and self._key(intent.key):
            return
        if isinstance(intent, Typed) and layer_shortcut(self, intent.text):
            return
        if self.group.handle(intent):
            return
        if isinstance(intent, Click):
            self.click(intent.pos)
        elif isinstance(intent, Scroll) and self.log_rect.collidepoint(self.pointer):
            self.log_panel.scroll_by(intent.dy, len(self.controller.log))

    def click(self, pos: tuple[float, float]) -> None:
        """A click on the cube: place, select, choose a destination, or an explanation."""
        cell = self.view.cell_at(pos)
        if cell is None:
            return
        self.click_cell(cell)

    def click_cell(self, cell: int) -> None:
        """What a click on ``cell`` does."""
        if not self.controller.human_to_act():
            self.say("The game is over." if self.controller.over else "Wait: it is not your turn.")
            return
        outcome = self.input.click(cell)
        if outcome.action is not None:
            self._play(outcome.action)
            return
        self.say(outcome.message)
        self.layout()

    def _key(self, key: Key) -> bool:
        """Board keys; False lets the buttons have the key."""
        human = self.controller.human_to_act()
        if key in (Key.NEXT, Key.PREV) and human and self.group.focused is None:
            self.input.step_cursor(1 if key is Key.NEXT else -1)
            return True
        if key in (Key.LEFT, Key.RIGHT):
            self.cycle_front(1 if key is Key.RIGHT else -1)
            return True
        if key is Key.CONFIRM and self.controller.over and self._game_over_shown:
            self.show_results()
            return True
        if key is Key.CONFIRM and human and self.group.focused is None:
            pending = self.input.pending
            if pending is not None:
                self._play(pending.attack or pending.plain)
            elif self.input.cursor is not None:
                self.click_cell(self.input.cursor)
            return True
        if key is Key.UNDO:
            self.undo()
            return True
        if key is Key.HELP:
            self.rules()
            return True
        if key is Key.BACK and (self.input.selected is not None or self.input.pending is not None):
            self.cancel()
            return True
        if key in (Key.BACK, Key.MENU):
            self.menu()
            return True
        return False

    # -- cached reads --------------------------------------------------------------------------------
    def pieces(self) -> list[PieceView]:
        """The rules' pieces, read once per position (the HUD asks many times a frame)."""
        key = self.state.position()
        if key != self._pieces_key:
            self._pieces_key = key
            self._pieces = self.state.pieces()
        return self._pieces

    def wrap(self, role: str, size: int, text: str, width: int) -> list[str]:
        """``decor.wrap`` with a cache (the panels re-wrap the same words every frame)."""
        key = (role, size, text, width)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 400:
                self._wrapped.clear()
            lines = self._wrapped[key] = decor.wrap(self.host.assets, role, size, text, width)
        return lines

    # -- HUD words (tests read these) ----------------------------------------------------------------
    def turn_title(self) -> str:
        """Whose turn, or the result."""
        if self.controller.over:
            result = self.state.result()
            if result is None or result.is_draw:
                return "Drawn"
            return f"{self.controller.seats[result.winners[0]].name} wins"
        seat = self.controller.seat_to_act()
        name = self.controller.seats[seat].name
        if self.state.in_setup():
            kind = self.state.next_placement()
            return f"{name} places the {kind_word(kind or 0)}"
        return f"{name} to move"

    def offensive(self, side: int) -> int:
        """Archmages and Mages (a transformed Mage counts) ``side`` controls."""
        return sum(1 for p in self.pieces() if p.owner == side and p.kind in (ARCHMAGE, MAGE))

    def king(self, side: int) -> tuple[int, int, bool] | None:
        """The King's remaining and full potential and enhancement, or None if not placed."""
        for piece in self.pieces():
            if piece.kind == KING and piece.owner == side:
                return piece.remaining, piece.full, piece.enhanced
        return None

    def to_place(self, side: int) -> dict[int, int]:
        """Set-up pieces still to place by ``side``, by type."""
        counts: dict[int, int] = {}
        for step in range(self.state.step, SETUP_STEPS):
            if step % 2 == side:
                kind = PLACEMENT_ORDER[step // 2]
                counts[kind] = counts.get(kind, 0) + 1
        return counts

    def hud_lines(self) -> list[str]:
        """The HUD's words: the turn, each side, the no-progress counter and obligations."""
        lines = [self.turn_title()]
        for side in (0, 1):
            seat = self.controller.seats[side]
            king = self.king(side)
            king_text = "King not placed" if king is None else f"King {king[0]}/{king[1]}"
            if king is not None and king[2]:
                king_text += " (enhanced, immune)"
            lines.append(f"{seat.name} ({seat.label}): {self.offensive(side)} offensive pieces, {king_text}")
            if self.state.in_setup():
                left = self.to_place(side)
                if left:
                    lines.append(
                        f"{seat.name} to place: " + ", ".join(f"{n} {kind_word(k)}" for k, n in left.items())
                    )
        if not self.state.in_setup():
            limit = self.state.options().get("no_progress_limit")
            if limit:
                lines.append(f"No progress: {self.state.no_progress} of {limit} turns")
        if self.state.king_must_move():
            lines.append("Your King is enhanced: it must move this turn")
        pending = self.input.pending
        if pending is not None:
            lines.append(self.pending_title())
            lines.extend(preview_lines(pending.shown.events, [s.name for s in self.controller.seats]))
        if self.message_shown():
            lines.append(self.message)
        return lines

    def pending_title(self) -> str:
        """The pending move in words."""
        pending = self.input.pending
        assert pending is not None
        move = pending.plain
        piece = self.state.piece_at(move.frm)
        name = kind_word(piece.kind) if piece else "Piece"
        title = f"{name} {cell_words(move.frm)} → {cell_words(move.to)}"
        if pending.attack is None:
            return title + " (no target to attack)"
        return title + ": attack?"

    # -- drawing -------------------------------------------------------------------------------------
    def overlay(self) -> Overlay:
        """What to highlight this frame."""
        human = self.controller.human_to_act() and not self.animator.busy
        overlay = Overlay(hover=self.hover)
        if human:
            if self.state.in_setup():
                overlay.placements = self.input.placement_cells()
            elif self.input.selected is not None:
                overlay.selected = self.input.selected
                overlay.destinations = {c: a is not None for c, a in self.input.destinations().items()}
            overlay.marks = self.input.marks()
            overlay.cursor = self.input.cursor
            if self.input.pending is not None:
                move = self.input.pending.plain
                overlay.pending_to = move.to
                overlay.destinations = {}
                mover = self.animator.model.pieces.get(move.frm)
                if mover is not None:
                    overlay.ghost = (mover, move.to)
            if self.state.king_must_move():
                king = next(p.cell for p in self.pieces() if p.kind == KING and p.owner == self.state.side)
                overlay.must_move = king
            hint = self.controller.hint
            if isinstance(hint, Move):
                overlay.hint = (hint.frm, hint.to)
        last = next((p for p in reversed(self.controller.history) if p.kind == "action"), None)
        if last is not None and not self.animator.busy:
            action = self.state.parse_action(last.notation)
            if isinstance(action, Move):
                overlay.last = (action.frm, action.to)
                overlay.last_seat = last.actor
                overlay.last_changed = tuple(
                    CELL_INDEX[e.data["cell"]]
                    for e in last.events
                    if e.kind in ("stolen", "destroyed", "dropped_out") and e.data.get("cell") in CELL_INDEX
                )
        return overlay

    def draw(self, surface: pygame.Surface) -> None:
        """Background, cube, HUD, side panel, log and tooltip."""
        self.tooltips = []
        base = self.backdrop(surface)
        self.view.draw(surface, self.animator.model, self.overlay(), self.animator, base=base)
        self._draw_left(surface)
        self._draw_info(surface)
        colours = list(self.colours)
        self.log_panel.draw(surface, self.controller.log, colours)
        area = pygame.Rect(*(round(v) for v in self.geometry.area))
        self.tips.draw(surface, self.host.assets, (area.centerx, area.y + self.u(58)), self.hud, area)
        self.group.draw(surface)
        if self.draw_handover(surface):
            return
        tip = self._tooltip()
        if tip:
            draw_tooltip(surface, self.host.assets, tip, self.pointer, self.hud)

    def _draw_left(self, surface: pygame.Surface) -> None:
        assets = self.host.assets
        u, left = self.u, self.left
        self.panel(surface, left, 205, 12)
        seat = self.controller.seat_to_act()
        colour = theme.legible(self.colours[seat]) if seat >= 0 else theme.GOLD
        lines = self.wrap("title", u(24), self.turn_title(), left.width - u(24))
        y = left.y + u(8)
        for line in lines[:2]:
            decor.text(surface, assets, "title", u(24), line, colour, (left.x + u(12), y), shadow=True)
            y += u(28)
        if self.controller.thinking:
            draw_thinking(surface, self.clock, colour, (left.right - u(40), left.y + u(22)), u(12), u(4))
        y += u(6)
        for side in (0, 1):
            y = self._side_block(surface, side, y) + 10
        if not self.state.in_setup():
            limit = self.state.options().get("no_progress_limit")
            if limit:
                text = f"No progress: {self.state.no_progress} of {limit}"
                rect = decor.text(
                    surface,
                    assets,
                    "ui_semibold",
                    u(15),
                    text,
                    theme.DANGER if self.state.no_progress > limit * 0.8 else theme.TEXT_DIM,
                    (left.x + u(12), y),
                )
                self.tooltips.append(
                    (
                        rect,
                        "House rule: 100 turns in a row without any piece losing potential "
                        "is a draw. Steals and passes are not progress.",
                    )
                )
                y += u(24)
        if self.state.king_must_move():
            for line in self.wrap(
                "ui_bold",
                u(15),
                "Your King is enhanced: it must move this turn, and not under any God.",
                left.width - u(24),
            ):
                decor.text(surface, assets, "ui_bold", u(15), line, theme.DANGER, (left.x + u(12), y))
                y += u(19)
        decor.text(
            surface,
            assets,
            "ui_semibold",
            u(14),
            KEY_CAPTION,
            theme.TEXT_DIM,
            (left.x + u(12), left.bottom - u(118)),
        )

    def _side_block(self, surface: pygame.Surface, side: int, y: int) -> int:
        assets = self.host.assets
        u, column = self.u, self.left
        seat = self.controller.seats[side]
        colour = theme.legible(self.colours[side])
        box = pygame.Rect(column.x + u(6), y, column.width - u(12), 0)
        decor.swatch(surface, self.colours[side], (box.x + u(14), y + u(12)), u(9), u(2))
        decor.text(surface, assets, "ui_bold", u(17), f"{seat.name}", colour, (box.x + u(30), y + u(2)))
        decor.text(
            surface, assets, "ui", u(14), seat.label, theme.TEXT_DIM, (box.right - u(8), y + u(4)), "topright"
        )
        y += u(28)
        king = self.king(side)
        icon = assets.icon("king", u(20), colour)
        surface.blit(icon, (box.x + u(6), y))
        if king is None:
            decor.text(
                surface, assets, "ui", u(14), "King not placed yet", theme.TEXT_DIM, (box.x + u(32), y + u(2))
            )
        else:
            bar = pygame.Rect(box.x + u(32), y + u(5), u(120), u(10))
            pygame.draw.rect(surface, theme.INK, bar.inflate(u(4), u(4)), border_radius=u(4))
            fill = bar.copy()
            fill.width = round(bar.width * king[0] / max(1, king[1]))
            pygame.draw.rect(
                surface, theme.mix(theme.DANGER, colour, king[0] / max(1, king[1])), fill, border_radius=u(3)
            )
            decor.text(
                surface,
                assets,
                "ui_semibold",
                u(14),
                f"{king[0]}/{king[1]}",
                theme.TEXT,
                (bar.right + u(8), y + u(1)),
            )
            if king[2]:
                decor.text(
                    surface,
                    assets,
                    "ui_bold",
                    u(12),
                    "ENHANCED · IMMUNE",
                    (255, 236, 160),
                    (box.x + u(32), y + u(18)),
                )
                y += u(14)
        self.tooltips.append(
            (
                pygame.Rect(box.x, y, box.width, u(22)),
                "The King's remaining magic potential. Destroy the enemy King to win.",
            )
        )
        y += u(26)
        offensive = self.offensive(side)
        surface.blit(assets.icon("archmage", u(20), colour), (box.x + u(6), y))
        decor.text(
            surface,
            assets,
            "ui_semibold",
            u(14),
            f"{offensive} offensive pieces",
            theme.DANGER if offensive <= 2 else theme.TEXT,
            (box.x + u(32), y + u(2)),
        )
        self.tooltips.append(
            (
                pygame.Rect(box.x, y, box.width, u(22)),
                "Archmages and Mages this side controls. None left loses the game (both none: a draw).",
            )
        )
        y += u(26)
        if self.state.in_setup():
            left = self.to_place(side)
            x = box.x + u(6)
            for kind, count in left.items():
                surface.blit(assets.icon(("king", "god", "archmage", "priest")[kind], u(20), colour), (x, y))
                decor.text(surface, assets, "ui_bold", u(14), f"x{count}", theme.TEXT, (x + u(22), y + u(2)))
                x += u(56)
            if left:
                self.tooltips.append(
                    (
                        pygame.Rect(box.x, y, box.width, u(22)),
                        "Pieces still to place: King, then Priests, Archmages, Gods.",
                    )
                )
                y += u(26)
        return y

    def _draw_info(self, surface: pygame.Surface) -> None:
        assets = self.host.assets
        u, info = self.u, self.info
        self.panel(surface, info, 215, 12)
        x, y = info.x + u(12), info.y + u(8)
        width = info.width - u(24)
        pending = self.input.pending if self.controller.human_to_act() else None
        if pending is not None:
            title = self.pending_title()
            lines = preview_lines(pending.shown.events, [s.name for s in self.controller.seats])
            heading_colour = theme.GOLD
        else:
            title, lines, heading_colour = self._info_text()
        for line in self.wrap("ui_bold", u(16), title, width)[:3]:
            decor.text(surface, assets, "ui_bold", u(16), line, heading_colour, (x, y))
            y += u(20)
        y += u(4)
        button_below = pending is not None or any(
            isinstance(w, Button) and w.rect.colliderect(info) for w in self.group.widgets
        )
        limit = info.bottom - (u(60) if button_below else u(8))
        for text in lines:
            warn = text.startswith("WARNING")
            for line in self.wrap("ui_bold" if warn else "ui", u(14), text, width):
                if y + u(17) > limit:
                    break
                decor.text(
                    surface,
                    assets,
                    "ui_bold" if warn else "ui",
                    u(14),
                    line,
                    theme.DANGER if warn else theme.TEXT,
                    (x, y),
                )
                y += u(17)
        if self.message_shown():
            msg_y = info.bottom + u(10)
            for line in self.wrap("ui_semibold", u(14), self.message, self.right.width - u(8))[:3]:
                decor.text(
                    surface,
                    assets,
                    "ui_semibold",
                    u(14),
                    line,
                    theme.GOLD_BRIGHT,
                    (self.right.centerx, msg_y),
                    "midtop",
                )
                msg_y += u(17)
        elif self.controller.notice:
            self._draw_notice(surface, (self.right.centerx, info.bottom + u(10)))

    def _info_text(self) -> tuple[str, list[str], tuple[int, int, int]]:
        if self.controller.over:
            return "Game over", [], theme.GOLD
        if self.controller.read_only:
            return f"{self.controller.seats[self.state.current_player()].name} to move", [], theme.TEXT_DIM
        if not self.controller.human_to_act():
            return "The AI is thinking…", ["Click anywhere to skip animations."], theme.TEXT_DIM
        if self.state.in_setup():
            kind = self.state.next_placement() or 0
            where = {
                KING: "a green cell on High-born, in your first three ranks",
                GOD: "any green cell on the Divine layer",
            }.get(kind, "a green cell on High-born or Ground, in your first three ranks")
            return f"Place your {kind_word(kind)}", [f"Click {where}.", PIECE_RULES[kind]], theme.GOLD
        selected = self.input.selected
        if selected is not None:
            piece = self.state.piece_at(selected)
            assert piece is not None
            title = f"{kind_word(piece.acting_kind)} on {cell_words(selected)}"
            if piece.acting_kind != piece.kind:
                title = f"{kind_word(piece.kind)} acting as {title}"
            return (
                title,
                [
                    f"Potential {piece.remaining}/{piece.full}" + (" · enhanced" if piece.enhanced else ""),
                    PIECE_RULES[piece.acting_kind],
                    "Blue: move only. Red: the move can attack. Click one to preview.",
                ],
                theme.GOLD,
            )
        return (
            "Your turn",
            [
                "Click one of your pieces to see its moves (Tab / arrows and Enter work too).",
                "Hover a piece for its potential; the column line shows the cells above and below.",
            ],
            theme.GOLD,
        )

    def board_tooltip(self) -> str:
        """The cell under the pointer."""
        return self.cell_tooltip(self.hover) if self.hover is not None else ""

    def cell_tooltip(self, cell: int) -> str:
        """What stands on a cell (or which layer it is)."""
        piece: Shown | None = self.animator.model.pieces.get(cell)
        where = cell_words(cell)
        if piece is None:
            return f"{where} (empty)"
        name = self.controller.seats[piece.owner].name
        text = f"{name}'s {kind_word(piece.kind)} on {where}"
        if piece.kind != GOD:
            text += f" — potential {piece.remaining}/{piece.full}"
        if piece.enhanced:
            text += f"; enhanced{' as ' + kind_word(piece.acting) if piece.acting != piece.kind else ''}"
        return text
