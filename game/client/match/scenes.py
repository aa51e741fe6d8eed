"""Shared match screens: the in-match menu, save slots (load and save) and game over (the replay viewer
is :mod:`game.client.match.replay`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache, partial

import pygame

from game.client import decor, theme
from game.client.input import Hover, Intent, Scroll
from game.client.layout import Region, fit_region
from game.client.match.chance_graph import ChanceGraph
from game.client.match.chances import ChanceSeries
from game.client.match.controller import MatchController
from game.client.match.games import game_client, seat_colours
from game.client.match.loading import open_entry
from game.client.match.session import open_match
from game.client.match.slots import (
    NAME_LENGTH,
    SLOT_COUNT,
    SaveEntry,
    default_name,
    list_saves,
    replay_path,
    slot_path,
)
from game.client.match.thumbnails import Thumbnails
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
from game.client.scenes.dialog import DialogScene
from game.client.scenes.screens import open_screen
from game.client.widgets import Button, TextField, Widget, draw_tooltip
from game.storage.saves import LoadedSave

SLOTS_DESIGN = (120, 140, 1040, 500)
"""The save list in design coordinates: the name field when saving, the rows, the message line."""
ROWS_TOP = 146
NAME_ROW = 56
"""Room the name field takes above the slots when saving."""
ROW_HEIGHT = 58
ROW_PITCH = 64
LOAD_ROWS = 7
"""Saves shown at once when loading (the wheel scrolls through the rest)."""
PICTURE = (78, 54)
"""The design size of a save's picture."""
MESSAGE_TOP = 606
"""Where "Saved to slot 1" goes: below the last row, above the bottom of the list's area."""
GRAPH_SECONDS = 0.006
"""How long each frame may spend computing the game-over graph's win chances further."""


def leave_to_title(host: Host) -> None:
    """Pop every scene above the title screen."""
    while len(host.stack) > 1:
        host.stack.pop()


class MatchMenuScene(MenuScene):
    """Esc during a match: resume, save to a slot, load, settings, or leave (the autosave stays)."""

    def __init__(self, host: Host, controller: MatchController) -> None:
        super().__init__(host)
        self.controller = controller
        self.region = self.form((440, 190, 400, 360))

    def build(self) -> list[Widget]:
        """A column of buttons."""
        entries: list[tuple[str, str, Callable[[], None], str]] = [
            ("Resume", "continue", self.back, "Back to the table"),
            ("Save to a slot", "save", self._save, "Keep this match in a named slot"),
            ("Load", "load", self._load, "Open another saved match"),
            ("Settings", "settings", self._settings, "Sound, animation speed, attack confirmation, display"),
            ("Quit to title", "quit", self._quit, "The match is autosaved: Continue resumes it exactly"),
        ]
        widgets: list[Widget] = []
        r = self.region = self.form((440, 190, 400, 360))
        for index, (label, icon, action, tip) in enumerate(entries):
            widgets.append(
                Button(
                    self.host.assets,
                    r.rect(640 - 170, 205 + index * 60, 340, 50),
                    label,
                    action,
                    icon=icon,
                    font_size=r.font(21),
                    tooltip=tip,
                )
            )
        return widgets

    def _save(self) -> None:
        self.host.stack.push(SaveSlotsScene(self.host, self.controller))

    def _load(self) -> None:
        self.host.stack.push(SaveSlotsScene(self.host))

    def _settings(self) -> None:
        open_screen(self.host, "settings")

    def _quit(self) -> None:
        self.controller.autosave()
        leave_to_title(self.host)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header and where the autosave lives."""
        self.header(surface, "Match menu", "settings")
        r = self.region
        size = r.font(16)
        note = "Every action is autosaved; Continue on the title screen resumes exactly here."
        note = decor.elide(self.host.assets, "ui", size, note, self.frame.width - self.px(48))
        decor.text(surface, self.host.assets, "ui", size, note, theme.TEXT_DIM, r.pos(640, 515), "midtop")


class SaveSlotsScene(MenuScene):
    """Saved matches with their name, a picture of the position, the game, players and date;
    unreadable files are listed with the reason.

    With a ``controller`` it saves into a chosen slot under a typed name (or one built from the
    match); without, it loads (or replays, or deletes) a chosen save.
    """

    def __init__(self, host: Host, controller: MatchController | None = None) -> None:
        super().__init__(host)
        self.controller = controller
        self.entries: list[SaveEntry] = []
        self.message = ""
        self.region = self.form(SLOTS_DESIGN)
        self.reading = False
        """True while the saves folder is being read (in a thread: a big save never freezes the window)."""
        self._listed: list[list[SaveEntry]] = []
        self.typed_name = controller.name if controller is not None else ""
        """The name typed for the save ('' saves under :meth:`default_name`)."""
        self.first_row = 0
        """The first save shown (the list scrolls when it holds more than fit)."""
        self.thumbnails = Thumbnails(host)

    def enter(self) -> None:
        """Build, and start reading the saves folder."""
        self._relist()
        super().enter()

    def _relist(self) -> None:
        self.reading = True
        listed = self._listed = []
        threading.Thread(target=lambda: listed.append(list_saves()), daemon=True).start()

    def update(self, dt: float) -> None:
        """Animate; rebuild the rows once the saves folder has been read; draw a picture a frame."""
        super().update(dt)
        if self.reading and self._listed:
            self.entries, self.reading = self._listed[0], False
            self.first_row = min(self.first_row, max(0, len(self._rows()) - self._visible()))
            self.layout()
        size = self._picture_size()
        for _title, entry in self._shown_rows():
            loaded = entry.playable if entry is not None else None
            if entry is not None and loaded is not None:
                self.thumbnails.request(_identity(entry), loaded.match.state, size)
        self.thumbnails.draw_next()

    def _visible(self) -> int:
        """How many rows fit below the name field (saving) or the top of the list (loading)."""
        return SLOT_COUNT if self.controller is not None else LOAD_ROWS

    def _top(self) -> int:
        """The design y of the first row."""
        return ROWS_TOP + (NAME_ROW if self.controller is not None else 0)

    def _shown_rows(self) -> list[tuple[str, SaveEntry | None]]:
        return self._rows()[self.first_row : self.first_row + self._visible()]

    def _picture_size(self) -> tuple[int, int]:
        rect = self.region.rect(130, 0, *PICTURE)
        return rect.size

    def default_name(self) -> str:
        """The name a save gets when none is typed: game, players, go or turn, and today's date."""
        assert self.controller is not None
        return default_name(self.controller.match, self.controller.seats, datetime.now())

    def build(self) -> list[Widget]:
        """The name field (saving), then one row per save (or per slot when saving) with its buttons."""
        assets = self.host.assets
        widgets: list[Widget] = []
        r = self.region = self.form(SLOTS_DESIGN)
        if self.controller is not None:
            widgets.append(
                TextField(
                    assets,
                    r.rect(300, ROWS_TOP, 850, 44),
                    self.typed_name,
                    self._set_name,
                    placeholder=self.default_name(),
                    max_length=NAME_LENGTH,
                    tooltip="Click and type a name for this save (empty: the name shown in grey).",
                    font_size=r.font(17),
                )
            )
        for index, (title, entry) in enumerate(self._shown_rows()):
            y = self._top() + index * ROW_PITCH + (ROW_HEIGHT - 44) // 2
            if self.controller is not None:
                slot = self.first_row + index + 1
                widgets.append(
                    Button(
                        assets,
                        r.rect(990, y, 160, 44),
                        "Save here",
                        partial(self._ask_save, slot, entry),
                        icon="save",
                        style="primary",
                        font_size=r.font(17),
                        tooltip=f"Write this match to {title}"
                        + (" (you are asked before it replaces the save there)" if entry else ""),
                    )
                )
            elif entry is not None:
                readable = entry.playable is not None
                widgets.append(
                    Button(
                        assets,
                        r.rect(770, y, 120, 44),
                        "Load",
                        partial(self._load, entry),
                        icon="load",
                        style="primary",
                        font_size=r.font(17),
                        enabled=readable,
                        tooltip=(
                            ("Continue this match" if entry.loaded else "Continue from the last good copy")
                            if readable else entry.error
                        ),
                    )
                )
                widgets.append(
                    Button(
                        assets,
                        r.rect(900, y, 120, 44),
                        "Replay",
                        partial(self._replay, entry),
                        icon="continue",
                        font_size=r.font(17),
                        enabled=readable,
                        tooltip="Step through this game",
                    )
                )
                widgets.append(
                    Button(
                        assets,
                        r.rect(1030, y, 120, 44),
                        "Delete",
                        partial(self._ask_delete, entry),
                        icon="quit",
                        style="ghost",
                        font_size=r.font(17),
                        tooltip=f"Delete {entry.title} (you are asked to confirm)",
                    )
                )
        widgets.append(self.back_button())
        return widgets

    def handle(self, intent: Intent) -> None:
        """The wheel scrolls a list longer than the screen; the rest as in every menu."""
        if isinstance(intent, Scroll) and not isinstance(self.group.capturing, TextField):
            self.scroll(-1 if intent.dy > 0 else 1)
            return
        super().handle(intent)

    def scroll(self, rows: int) -> None:
        """Show the list ``rows`` further down (negative: up), within the list."""
        first = max(0, min(len(self._rows()) - self._visible(), self.first_row + rows))
        if first != self.first_row:
            self.first_row = first
            self.layout()

    def _rows(self) -> list[tuple[str, SaveEntry | None]]:
        if self.controller is None:
            return [(entry.title, entry) for entry in self.entries]
        by_path = {entry.path: entry for entry in self.entries}
        return [(f"Slot {i}", by_path.get(slot_path(i))) for i in range(1, SLOT_COUNT + 1)]

    def _set_name(self, name: str) -> None:
        self.typed_name = name

    def _ask_save(self, index: int, entry: SaveEntry | None) -> None:
        """Save into slot ``index``; a slot holding a save asks first."""
        if entry is None:
            self._save_slot(index)
            return
        held = f"“{entry.name}”" if entry.name else "a damaged save"
        message = f"Slot {index} holds {held}. Save this match over it?"
        self._confirm("Replace this save?", message, ("Replace", partial(self._save_slot, index)), "save")

    def _confirm(self, title: str, message: str, confirm: tuple[str, Callable[[], None]], icon: str) -> None:
        """Ask before a save is lost; "Keep it" (the focused choice) does nothing."""
        self.host.stack.push(
            DialogScene(self.host, title, message, confirm=confirm, cancel_label="Keep it", icon=icon)
        )

    def _save_slot(self, index: int) -> None:
        assert self.controller is not None
        name = self.typed_name.strip() or self.default_name()
        try:
            self.controller.save_to(slot_path(index), name)
            self.message = f"Saved to slot {index} as “{name}”."
        except OSError as error:
            self.message = f"Could not save: {error}"
        self._relist()

    def _load(self, entry: SaveEntry) -> None:
        leave_to_title(self.host)
        open_entry(self.host, entry.path)

    def _ask_delete(self, entry: SaveEntry) -> None:
        message = f"{entry.title}: {entry.summary()}. It cannot be brought back."
        self._confirm("Delete this save?", message, ("Delete", partial(self._delete, entry)), "quit")

    def _delete(self, entry: SaveEntry) -> None:
        try:
            entry.path.unlink(missing_ok=True)
            self.message = f"{entry.title} deleted."
        except OSError as error:
            self.message = f"Could not delete: {error}"
        self.entries = list_saves()
        self.first_row = min(self.first_row, max(0, len(self._rows()) - self._visible()))
        self.layout()

    def _replay(self, entry: SaveEntry) -> None:
        assert entry.playable is not None
        open_screen(self.host, "replay", entry.playable)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header, the name field's label, one row per save, where the list has more, the message."""
        assets = self.host.assets
        self.header(
            surface,
            "Save match" if self.controller else "Saved matches",
            "save" if self.controller else "load",
        )
        r = self.region
        rows = self._rows()
        if self.controller is not None:
            decor.text(
                surface, assets, "ui_semibold", r.font(19), "Name", theme.TEXT, r.pos(285, ROWS_TOP + 22),
                "midright",
            )
        if not rows:
            decor.text(
                surface,
                assets,
                "serif_italic",
                r.font(24),
                "Reading saved matches…" if self.reading else "No saved matches yet.",
                theme.TEXT_DIM,
                r.pos(640, 300),
                "midtop",
            )
        text_right = r.pos(750 if self.controller is None else 970, 0)[0]
        for index, (title, entry) in enumerate(self._shown_rows()):
            self._draw_row(surface, self._top() + index * ROW_PITCH, title, entry, text_right)
        hidden = len(rows) - self._visible()
        if hidden > 0:
            last = min(len(rows), self.first_row + self._visible())
            decor.text(
                surface, assets, "ui", r.font(14),
                f"Saves {self.first_row + 1} to {last} of {len(rows)} · scroll for the others",
                theme.TEXT_DIM, r.pos(1160, ROWS_TOP - 4), "bottomright",
            )
        if self.message:  # below the rows, inside the list's area: clear of the Back button at every size
            size = r.font(17)
            text = decor.elide(assets, "ui_semibold", size, self.message, r.px(1040))
            centre = r.pos(640, MESSAGE_TOP)
            decor.text(surface, assets, "ui_semibold", size, text, theme.GOLD_BRIGHT, centre, "midtop")

    def _draw_row(
        self, surface: pygame.Surface, y: int, title: str, entry: SaveEntry | None, text_right: int
    ) -> None:
        """One save: its panel, the picture of its position, its name and its summary line."""
        assets, r = self.host.assets, self.region
        panel = r.rect(120, y, 1040, ROW_HEIGHT)
        decor.blit_panel(surface, panel, radius=10, alpha=150, shadow=0, unit=r.unit)
        frame = r.rect(130, y + (ROW_HEIGHT - PICTURE[1]) // 2, *PICTURE)
        pygame.draw.rect(surface, theme.INK, frame, border_radius=r.px(4))
        picture = self.thumbnails.shown(_identity(entry), frame.size) if entry and entry.playable else None
        if picture is not None:
            surface.blit(picture, frame)
        pygame.draw.rect(surface, theme.BORDER, frame, width=1, border_radius=r.px(4))
        left = frame.right + r.px(14)
        size = r.font(18)
        heading = f"{title} · {entry.name}" if entry is not None and entry.name else title
        heading = decor.elide(assets, "ui_bold", size, heading, text_right - left)
        decor.text(surface, assets, "ui_bold", size, heading, theme.GOLD, (left, r.pos(0, y + 7)[1]))
        if entry is None:
            summary, colour = "Empty", theme.TEXT_DISABLED
        else:
            summary = entry.summary()
            colour = theme.TEXT_DIM if entry.loaded is not None else theme.DANGER
        size = r.font(15)
        summary = decor.elide(assets, "ui", size, summary, text_right - left)
        decor.text(surface, assets, "ui", size, summary, colour, (left, r.pos(0, y + 33)[1]))


def _identity(entry: SaveEntry | None) -> str:
    """Names a saved position for its picture: the file and the final hash of what is shown."""
    loaded = entry.playable if entry is not None else None
    return f"{entry.playable_path}:{loaded.recorded_hash}" if entry is not None and loaded else ""


class GameOverScene(MenuScene):
    """Who won and how, a short summary, the win-chance graph with its biggest swings, then rematch,
    save the replay, watch it (from a point picked on the graph), or leave."""

    def __init__(self, host: Host, controller: MatchController) -> None:
        super().__init__(host)
        self.controller = controller
        self.message = ""
        client = game_client(controller.game_id)
        lines = client.summary(controller) if client else ["Game over"]
        self.title, self.lines = lines[0], lines[1:]
        self.series = ChanceSeries(controller.match, controller.narrator, controller.seats)
        self.graph: ChanceGraph | None = None
        self.region = self._region()

    opaque = False

    def _region(self) -> Region:
        """The card (designed at 220,30 840x660) fitted inside the window."""
        return fit_region(self.frame, (210, 20, 860, 680), self.frame.inset(8))

    def build(self) -> list[Widget]:
        """Rematch, See the board, Save replay, Watch replay, Title, and the graph."""
        entries: list[tuple[str, str, Callable[[], None]]] = [
            ("Rematch", "combat", self._rematch),
            ("See the board", "cube", self._look),
            ("Save replay", "save", self._save),
            ("Watch replay", "continue", self._watch),
            ("Title screen", "back", partial(leave_to_title, self.host)),
        ]
        r = self.region = self._region()
        controller = self.controller
        colours = seat_colours(controller.game_id, controller.seats, self.host.settings.colour_blind)
        self.graph = ChanceGraph(self.host.assets, r.rect(260, 318, 760, 150), self.series, colours,
                                 self._watch, r.unit)
        buttons: list[Widget] = [
            Button(
                self.host.assets,
                r.rect(236 + i * 164, 582, 152, 50),
                label,
                action,
                icon=icon,
                style="primary" if i == 0 else "menu",
                font_size=r.font(18),
            )
            for i, (label, icon, action) in enumerate(entries)
        ]
        return [*buttons, self.graph]

    def _look(self) -> None:
        """Close the card to look at the final board (Enter at the table brings it back)."""
        self.host.stack.pop()

    def _rematch(self) -> None:
        fresh = self.controller.rematch()
        leave_to_title(self.host)
        open_match(self.host, fresh)

    def _save(self) -> None:
        path = replay_path()
        try:
            self.controller.save_to(path)
            self.message = f"Replay saved as {path.name}"
        except OSError as error:
            self.message = f"Could not save: {error}"

    def _watch(self, start: int = 0) -> None:
        """The replay viewer, at position ``start`` (a point picked on the graph)."""
        loaded = LoadedSave(self.controller.match, self.controller.seat_texts(), "", "")
        open_screen(self.host, "replay", loaded, start=start)

    def handle(self, intent: Intent) -> None:
        """The pointer over the graph picks a position to read; then the widgets."""
        if isinstance(intent, Hover) and self.graph is not None:
            self.graph.hover(intent.pos)
        super().handle(intent)

    def update(self, dt: float) -> None:
        """Compute the graph further, then animate the widgets."""
        if not self.series.complete:
            self.series.build(GRAPH_SECONDS)
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """A veil over the final board, then the card: title, summary, graph, swings, buttons."""
        surface.blit(_veil(surface.get_size(), 190), (0, 0))
        r, assets = self.region, self.host.assets
        card = r.rect(220, 30, 840, 660)
        decor.blit_panel(surface, card, radius=18, alpha=240, border=theme.GOLD, shadow=24, unit=r.unit)
        emblem = decor.glow_icon(assets, "victory", r.px(52), theme.GOLD_BRIGHT, theme.GLOW)
        surface.blit(emblem, emblem.get_rect(center=r.pos(640, 76)))
        room = card.width - r.px(40)
        decor.centred_title(surface, assets, r.font(40), self.title, theme.GOLD, r.pos(640, 106), room)
        y = 164
        for line in self.lines[:5]:
            text = decor.elide(assets, "ui", r.font(16), line, room)
            decor.text(surface, assets, "ui", r.font(16), text, theme.TEXT, r.pos(640, y), "midtop")
            y += 24
        self._draw_swings(surface, r, room)
        if self.message:
            text = decor.elide(assets, "ui_semibold", r.font(15), self.message, room)
            decor.text(
                surface, assets, "ui_semibold", r.font(15), text, theme.GOLD_BRIGHT, r.pos(640, 552), "midtop"
            )
        self.group.draw(surface)
        readout = self.graph.readout() if self.graph is not None else None
        if readout is not None:
            draw_tooltip(surface, assets, readout[0], readout[1], r.unit)

    def _draw_swings(self, surface: pygame.Surface, r: Region, room: int) -> None:
        """Under the graph: "Win chance" and the numbered swings in the game's words (or what is wrong)."""
        assets, left = self.host.assets, r.pos(260, 0)[0]
        lines = [f"{n}. Move {s.position}: {s.text}" for n, s in enumerate(self.series.swings(), start=1)]
        if self.series.problem:
            lines = [self.series.problem]
        elif not lines and self.series.complete:
            lines = ["No swing: the chances never moved much in a single move"]
        heading = "Win chance move by move · click the graph to replay from there"
        decor.text(surface, assets, "ui_semibold", r.font(14), decor.elide(assets, "ui_semibold", r.font(14),
                   heading, room), theme.GOLD, (left, r.pos(0, 296)[1]), "topleft")
        for index, line in enumerate(lines[:3]):
            text = decor.elide(assets, "ui", r.font(14), line, r.px(760))
            decor.text(surface, assets, "ui", r.font(14), text, theme.TEXT_DIM,
                       (left, r.pos(0, 474 + index * 22)[1]), "topleft")

    def back(self) -> None:
        """Back leaves to the title (the game is over)."""
        leave_to_title(self.host)


@lru_cache(maxsize=4)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A translucent ink veil the size of the window (cached per size)."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((*theme.INK, alpha))
    return veil
