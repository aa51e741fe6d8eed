"""The replay viewer: a saved game at its own table, stepped, played and scrubbed like on lichess.

The game's own match scene (from the game-client registry) shows each position read-only
(``MatchController.read_only``): its board, player panels, dice and action log, in the seats'
own names and colours. A transport bar under it steps one move at a time (←/→, or the wheel),
jumps to the start or the end (Home/End), plays and pauses (Space) at a chosen speed, and a
scrubber covers the whole game (click or drag). Stepping forward animates the move like a move
made now; any other jump rebuilds the table at the target from the :class:`Timeline`, which
replays at most :data:`~game.client.match.timeline.SNAPSHOT_EVERY` actions. Above the bar, the
win-chance graph (:mod:`game.client.match.chance_graph`) shows the whole game; a click on it jumps
there, and G hides or shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.client import decor, theme
from game.client.input import Click, Hover, Intent, Key, KeyIntent, Release, Scroll, Typed
from game.client.layout import Frame
from game.client.match.chance_graph import ChanceGraph, line_colours
from game.client.match.chances import ChanceSeries
from game.client.match.controller import MatchController
from game.client.match.games import game_client, seat_colours
from game.client.match.seats import seats_from_texts
from game.client.match.timeline import Timeline
from game.client.options import ClientOptions
from game.client.scenes.base import Host, Scene, SceneStack
from game.client.scenes.dialog import DialogScene
from game.client.tween import Tweener
from game.client.widgets import Button, Choice, FocusGroup, Widget, draw_tooltip, draw_track
from game.storage.saves import LoadedSave
from game.storage.settings import Settings

if TYPE_CHECKING:
    from game.client.assets import Assets
    from game.client.audio import Audio
    from game.client.decor import Motes

SPEEDS = (("0.5×", 0.5), ("1×", 1.0), ("2×", 2.0), ("4×", 4.0))  # noqa: RUF001
"""The autoplay speeds offered (label, factor on the pause between moves and on the animations)."""
MOVE_SECONDS = 1.1
"""The pause after a move has been shown before autoplay plays the next, at normal speed."""
BUILD_SECONDS = 0.006
"""How long each frame may spend narrating the game further (a long game is ready in seconds)."""
BAR_HEIGHT = 60
"""The transport bar's design height, under the table."""
TITLE_WIDTH = 190
"""Design width of the bar's title and move count, at its left end."""
GRAPH_HEIGHT = 92
"""The win-chance graph's design height, between the table and the bar."""
GRAPH_KEY = "g"
"""Hides or shows the graph."""
BAR_WIDTH = 1150
"""Design width the bar needs (title, buttons, a usable scrubber, status, speeds, Close): a narrower
window (or a larger Interface size) draws the bar at the unit that fits."""


class TableHost:
    """What the replayed table sees of the app: the same, but a window without the transport bar and
    its own animation speed (autoplay at 2x animates twice as fast)."""

    def __init__(self, host: Host) -> None:
        self._host = host
        self.frame: Frame = host.frame
        self.tweens = Tweener(host.tweens.speed)
        self.assets: Assets = host.assets
        self.audio: Audio = host.audio
        self.motes: Motes = host.motes
        self.stack: SceneStack = host.stack
        self.settings: Settings = host.settings
        self.settings_file: Path = host.settings_file
        self.options: ClientOptions = host.options

    def follow(self, frame: Frame, speed: float) -> None:
        """Take the table's part of the window, the app's current settings and ``speed``."""
        self.frame = frame
        self.settings = self._host.settings
        self.tweens.speed = speed

    def quit(self) -> None:
        """Close the game."""
        self._host.quit()

    def change_settings(self, settings: Settings) -> None:
        """Apply and save settings."""
        self._host.change_settings(settings)

    def autosave_exists(self) -> bool:
        """True when there is an autosave."""
        return self._host.autosave_exists()


class GlyphButton(Button):
    """A transport button with a drawn symbol (no font glyph can go missing): start, back, play,
    pause, forward or end."""

    def __init__(
        self, assets: Assets, rect: pygame.Rect, glyph: str, on_click: Callable[[], None], tooltip: str
    ) -> None:
        super().__init__(assets, rect, "", on_click, style="menu", tooltip=tooltip)
        self.glyph = glyph

    def draw(self, surface: pygame.Surface) -> None:
        """The button's panel, then its symbol in the label's colour."""
        super().draw(surface)
        colour = theme.mix(theme.GOLD, theme.GOLD_BRIGHT, self.glow) if self.enabled else theme.TEXT_DISABLED
        draw_glyph(surface, self.glyph, self.rect.center, self.rect.height * 0.34, colour)


def draw_glyph(
    surface: pygame.Surface, glyph: str, centre: tuple[int, int], size: float, colour: tuple[int, int, int]
) -> None:
    """A transport symbol of half-height ``size`` around ``centre``: bars and triangles."""
    x, y = centre
    h = size
    bar = max(2, round(h * 0.32))

    def triangle(tip_x: float, direction: int) -> None:
        base = tip_x - direction * h * 1.1
        pygame.draw.polygon(surface, colour, [(tip_x, y), (base, y - h), (base, y + h)])

    if glyph == "play":
        triangle(x + h * 0.6, 1)
    elif glyph == "pause":
        for left in (x - h * 0.55, x + h * 0.55 - bar):
            pygame.draw.rect(surface, colour, pygame.Rect(round(left), round(y - h), bar, round(2 * h)))
    elif glyph in ("forward", "back"):
        direction = 1 if glyph == "forward" else -1
        triangle(x + direction * h * 0.55, direction)
    else:  # start / end: a bar, then two triangles pointing at it
        direction = 1 if glyph == "end" else -1
        edge = x + direction * h * 0.95
        pygame.draw.rect(
            surface,
            colour,
            pygame.Rect(round(edge - (bar if direction > 0 else 0)), round(y - h), bar, round(2 * h)),
        )
        tip = edge - direction * bar
        triangle(tip, direction)
        triangle(tip - direction * h * 0.9, direction)


class Scrubber(Widget):
    """The whole game as a track: click or drag to jump; Left/Right step when it has the focus.
    The part not yet narrated is dimmer (a jump there waits for it)."""

    design_height = 40

    def __init__(
        self,
        assets: Assets,
        rect: pygame.Rect,
        length: int,
        on_seek: Callable[[int], None],
        on_step: Callable[[int], None],
    ) -> None:
        super().__init__(assets, rect, "Drag or click to jump anywhere in the game")
        self.length = length
        self.on_seek = on_seek
        self.on_step = on_step
        self.value = 0
        """The move shown."""
        self.ready = 0
        """Moves narrated so far."""
        self.dragging = False

    def track(self) -> pygame.Rect:
        """The track's rect (the knob's centre runs along it)."""
        pad = self.u(12)
        return pygame.Rect(
            self.rect.x + pad, self.rect.centery - self.u(3), self.rect.width - 2 * pad, self.u(6)
        )

    def move_at(self, x: float) -> int:
        """The move under the pointer's ``x``."""
        track = self.track()
        fraction = min(1.0, max(0.0, (x - track.x) / max(1, track.width)))
        return round(fraction * self.length)

    def x_of(self, move: int) -> int:
        """Where ``move`` lies on the track."""
        track = self.track()
        return track.x + round(track.width * move / max(1, self.length))

    def press(self, pos: tuple[float, float]) -> bool:
        """Jump to the pressed point and start dragging."""
        self.dragging = True
        self.on_seek(self.move_at(pos[0]))
        return True

    def drag(self, pos: tuple[float, float]) -> None:
        """Follow the pointer."""
        self.on_seek(self.move_at(pos[0]))

    def release(self) -> None:
        """The drag ended."""
        self.dragging = False

    def adjust(self, step: int) -> bool:
        """Left/Right while focused: one move."""
        self.on_step(step)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """Track, the narrated part, the part played and the knob."""
        track = self.track()
        ready, played = self.x_of(self.ready) - track.x, self.x_of(self.value) - track.x
        fills = [(ready, (80, 70, 124)), (played, theme.GOLD)]
        radius = self.u(9) + int(self.u(2) * self.glow)
        draw_track(surface, track, fills, (self.x_of(self.value), track.centery), radius, self.glow)


def replay_screen(host: Host, loaded: LoadedSave, start: int = 0) -> Scene:
    """The replay viewer for ``loaded`` at position ``start``, or a dialog saying why its game cannot be
    replayed here."""
    game_id = loaded.match.state.game_id
    if game_client(game_id) is None:
        return DialogScene(host, "Cannot replay", f"{game_id} has no table in this build yet.", icon="load")
    return ReplayScene(host, loaded, start)


class ReplayScene(Scene):
    """A saved game at its own table, read-only, under a transport bar."""

    def __init__(self, host: Host, loaded: LoadedSave, start: int = 0) -> None:
        self.host = host
        self.loaded = loaded
        client = game_client(loaded.match.state.game_id)
        assert client is not None, "open it with replay_screen"
        self.client = client
        self.seats = seats_from_texts(loaded.seats)
        self.narrator = client.narrator()
        self.timeline = Timeline(loaded, self.narrator, self.seats)
        self.table_host = TableHost(host)
        self.group = FocusGroup([], host.audio)
        self.scrubber = Scrubber(
            host.assets, pygame.Rect(0, 0, 1, 1), self.timeline.length, self.seek, self.step
        )
        self.move = 0
        """The moves shown (0: the start)."""
        self.pending: int | None = start if 0 < start <= self.timeline.length else None
        """A jump waiting for the timeline to narrate that far."""
        self.client_id = loaded.match.state.game_id
        self.series = ChanceSeries(loaded.match, self.narrator, self.seats)
        self.graph = ChanceGraph(host.assets, pygame.Rect(0, 0, 1, 1), self.series, (), self.pick, 1.0)
        self.show_graph = True
        """Whether the win-chance graph is shown (G)."""
        self.playing = False
        self.speed = 1
        """Index into :data:`SPEEDS`."""
        self.since_step = 0.0
        self.bar = pygame.Rect(0, 0, 1, 1)
        self.unit = host.frame.unit
        """Window pixels per design pixel of the bar (see :meth:`px`)."""
        self.table: Scene = self._table_at(0)

    # -- the table -----------------------------------------------------------------------------------
    def _table_at(self, move: int) -> Scene:
        """The game's own table showing the first ``move`` moves (entered, laid out)."""
        controller = MatchController(
            self.timeline.match_at(move),
            list(self.seats),
            narrator=self.narrator,
            undo_across_turns=self.client.undo_across_turns,
            read_only=True,
        )
        controller.log, controller.history = self.timeline.story(move)
        table = self.client.match_scene(self.table_host, controller)
        table.enter()
        return table

    def _show(self, move: int) -> None:
        """Rebuild the table at ``move`` (a jump: no animation)."""
        self.table.exit()
        self.table = self._table_at(move)
        self.move = move
        self.since_step = 0.0

    def busy(self) -> bool:
        """True while the table still animates the last move."""
        animator = getattr(self.table, "animator", None)
        return bool(animator is not None and animator.busy)

    @property
    def controller(self) -> MatchController:
        """The replayed match's controller (F1 opens this game's rules)."""
        return self.table.controller  # type: ignore[attr-defined, no-any-return]

    # -- commands --------------------------------------------------------------------------------------
    def seek(self, move: int) -> None:
        """Show the position after ``move`` moves (waiting, if need be, until it is narrated)."""
        move = max(0, min(self.timeline.length, move))
        if move > self.timeline.ready and move != self.timeline.length:
            self.pending = move
            return
        self.pending = None
        if move == self.move + 1 and not self.busy():
            self._forward()
        elif move != self.move:
            self._show(move)

    def step(self, delta: int) -> None:
        """One move forward (animated) or back; stepping pauses autoplay."""
        self.playing = False
        self.seek((self.pending if self.pending is not None else self.move) + delta)

    def _forward(self) -> None:
        timeline, move = self.timeline, self.move
        entries = timeline.entries[timeline.end_of(move) : timeline.end_of(move + 1)]
        self.controller.replay_move(entries, timeline.moves[move])
        self.move = move + 1
        self.since_step = 0.0

    def to_start(self) -> None:
        """Jump to the start."""
        self.playing = False
        self.seek(0)

    def to_end(self) -> None:
        """Jump to the end."""
        self.playing = False
        self.seek(self.timeline.length)

    def toggle_play(self) -> None:
        """Play from here (from the start when at the end), or pause."""
        if not self.playing and self.move >= self.timeline.length:
            self.seek(0)
        self.playing = not self.playing
        self.since_step = 0.0
        self.layout()

    def set_speed(self, index: int) -> None:
        """Choose the autoplay speed."""
        self.speed = index

    def pick(self, move: int) -> None:
        """A point picked on the graph: pause and show that position."""
        self.playing = False
        self.seek(move)
        self.layout()

    def toggle_graph(self) -> None:
        """Hide or show the win-chance graph (the table takes or gives back its room)."""
        self.show_graph = not self.show_graph
        self.layout()

    def back(self) -> None:
        """Leave the viewer."""
        self.host.stack.pop()

    # -- lifecycle -------------------------------------------------------------------------------------
    def enter(self) -> None:
        """Lay out the bar and the table."""
        self.layout()

    def exit(self) -> None:
        """Let the table go."""
        self.table.exit()

    def layout(self) -> None:
        """The transport bar along the bottom; the table lays itself out in the window above it."""
        frame, px = self.host.frame, self.px
        self.unit = min(frame.unit, frame.width / BAR_WIDTH)
        height = px(BAR_HEIGHT)
        self.bar = pygame.Rect(0, frame.height - height, frame.width, height)
        graph_height = px(GRAPH_HEIGHT) if self.show_graph else 0
        top = self.bar.y - graph_height
        self.graph.rect = pygame.Rect(px(8), top, frame.width - px(16), graph_height - px(6))
        self.graph.unit, self.graph.current = self.unit, self.move
        colours = seat_colours(self.client_id, self.seats, self.host.settings.colour_blind)
        self.graph.colours = line_colours(colours)
        self.table_host.follow(Frame(frame.width, self.graph.rect.y, frame.ui_scale), self._speed())
        self.table.layout()
        assets = self.host.assets
        y, size = self.bar.y + px(8), height - px(16)
        x = self.bar.x + px(12) + px(TITLE_WIDTH)
        widgets: list[Widget] = []
        transport: list[tuple[str, Callable[[], None], str]] = [
            ("start", self.to_start, "The start (Home)"),
            ("back", partial(self.step, -1), "One move back (Left)"),
            (
                "pause" if self.playing else "play",
                self.toggle_play,
                "Pause (Space)" if self.playing else "Play (Space)",
            ),
            ("forward", partial(self.step, 1), "One move forward (Right)"),
            ("end", self.to_end, "The end (End)"),
        ]
        for glyph, command, tip in transport:
            widgets.append(GlyphButton(assets, pygame.Rect(x, y, size, size), glyph, command, tip))
            x += size + px(4)
        close = Button(
            assets,
            pygame.Rect(self.bar.right - px(12) - px(110), y, px(110), size),
            "Close",
            self.back,
            icon="back",
            font_size=px(16),
            tooltip="Back to where you came from (Esc)",
        )
        speed_width = px(200)
        speed = Choice(
            assets,
            pygame.Rect(close.rect.x - px(12) - speed_width, y + px(4), speed_width, size - px(8)),
            [label for label, _ in SPEEDS],
            self.speed,
            self.set_speed,
            tooltip="Autoplay speed",
            font_size=px(15),
        )
        self.scrubber.rect = pygame.Rect(x + px(8), y, speed.rect.x - px(130) - x - px(8), size)
        self.scrubber.value, self.scrubber.ready = self.move, self.timeline.ready
        graph = [self.graph] if self.show_graph else []
        self.group.widgets = [*graph, *widgets, self.scrubber, speed, close]
        self.group.focus_index = None

    # -- input -----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        """The replay's keys, then the bar; pointer and typed keys also reach the table (tooltips, view
        controls), which in a replay cannot play."""
        if isinstance(intent, KeyIntent):
            self._key(intent)
            return
        if isinstance(intent, Scroll):
            self.step(-1 if intent.dy > 0 else 1)
            return
        if isinstance(intent, Typed) and intent.text.lower() == GRAPH_KEY:
            self.toggle_graph()
            return
        if isinstance(intent, Hover):
            self.graph.hover(intent.pos)
        used = self.group.handle(intent)
        if isinstance(intent, Hover) or (
            isinstance(intent, Click | Release | Typed) and not used and not self._in_bar(intent)
        ):
            self.table.handle(intent)

    def _in_bar(self, intent: Intent) -> bool:
        bar = self.bar.union(self.graph.rect) if self.show_graph else self.bar
        return isinstance(intent, Click | Release) and bar.collidepoint(intent.pos)

    def _key(self, intent: KeyIntent) -> None:
        key = intent.key
        if key is Key.BACK:
            self.back()
        elif key is Key.LEFT:
            self.step(-1)
        elif key is Key.RIGHT:
            self.step(1)
        elif key is Key.HOME:
            self.to_start()
        elif key is Key.END:
            self.to_end()
        elif key is Key.CONFIRM and (intent.typing is Key.SPACE or self.group.focused is None):
            self.toggle_play()
        else:
            self.group.handle(intent)

    # -- frame -----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Narrate further, make a waiting jump, autoplay, then the table and the bar."""
        timeline = self.timeline
        if not timeline.complete:
            timeline.build(BUILD_SECONDS)
        elif not self.series.complete:
            self.series.build(BUILD_SECONDS)
        if self.pending is not None and self.pending <= timeline.ready:
            self.seek(self.pending)
        self.table_host.follow(self.table_host.frame, self._speed())
        self.since_step += dt
        if self.playing and not self.busy() and self.since_step >= MOVE_SECONDS / SPEEDS[self.speed][1]:
            if self.move < timeline.length and self.move < timeline.ready:
                self._forward()
            elif self.move >= timeline.length:
                self.playing = False
                self.layout()
        self.table.update(dt)
        self.scrubber.value = self.pending if self.pending is not None else self.move
        self.scrubber.ready = timeline.ready
        self.graph.current = self.scrubber.value
        self.group.update(dt)

    def px(self, value: float) -> int:
        """A design length of the bar in pixels (the frame's unit, or less where the window is too
        narrow for the bar at the Interface size)."""
        return max(1, round(value * self.unit)) if value else 0

    def _speed(self) -> float:
        """The table's animation speed: the settings' times the autoplay speed."""
        return self.host.tweens.speed * SPEEDS[self.speed][1]

    def draw(self, surface: pygame.Surface) -> None:
        """The table above, the transport bar below."""
        table_area = pygame.Rect(0, 0, surface.get_width(), self.bar.y - (self.graph.rect.height and
                                 self.bar.y - self.graph.rect.y))
        self.table.draw(surface.subsurface(table_area))
        frame, px, assets = self.host.frame, self.px, self.host.assets
        decor.blit_panel(surface, self.bar.inflate(px(4), 0).move(0, px(2)), radius=0, alpha=235, shadow=0)
        pygame.draw.line(
            surface, theme.mix(theme.BORDER, theme.GOLD, 0.5), self.bar.topleft, self.bar.topright
        )
        left = self.bar.x + px(16)
        room = px(TITLE_WIDTH) - px(8)
        title = decor.elide(assets, "ui_bold", px(17), f"Replay · {self.client.title}", room)
        decor.text(
            surface, assets, "ui_bold", px(17), title, theme.GOLD, (left, self.bar.centery), "bottomleft"
        )
        where = self.scrubber.value
        count = f"Move {where} of {self.timeline.length}"
        decor.text(
            surface, assets, "ui", px(14), count, theme.TEXT_DIM, (left, self.bar.centery + px(2)), "topleft"
        )
        self.group.draw(surface)
        status = self._status()
        if status:
            status_x = self.scrubber.rect.right + px(10)
            status = decor.elide(
                assets, "ui", px(13), status, self.group.widgets[-2].rect.x - status_x - px(6)
            )
            decor.text(
                surface, assets, "ui", px(13), status, theme.TEXT_DIM, (status_x, self.bar.centery), "midleft"
            )
        tip = self.group.tooltip() or (self.graph.readout() if self.show_graph else None)
        if tip is not None:
            draw_tooltip(surface, assets, tip[0], tip[1], frame.unit)

    def _status(self) -> str:
        """'Playing 2×', 'Preparing 40 %', the timeline's problem, or ''."""  # noqa: RUF002
        timeline = self.timeline
        if timeline.problem:
            return timeline.problem
        if self.pending is not None:
            return f"Preparing… {100 * timeline.ready // max(1, timeline.length)} %"
        if self.playing:
            return f"Playing {SPEEDS[self.speed][0]}"
        return "Paused" if self.move < timeline.length else "The end"
