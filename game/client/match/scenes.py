"""Shared match screens: the in-match menu, save slots (load and save) and game over (the replay viewer
is :mod:`game.client.match.replay`)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import lru_cache, partial

import pygame

from game.client import decor, theme
from game.client.layout import Region, fit_region
from game.client.match.controller import MatchController
from game.client.match.games import game_client
from game.client.match.loading import open_entry
from game.client.match.session import open_match
from game.client.match.slots import SLOT_COUNT, SaveEntry, list_saves, replay_path, slot_path
from game.client.scenes.base import Host
from game.client.scenes.common import MenuScene
from game.client.scenes.dialog import DialogScene
from game.client.scenes.screens import open_screen
from game.client.widgets import Button, Widget
from game.storage.saves import LoadedSave

SLOTS_DESIGN = (120, 146, 1040, 504)
"""The save list's rows in design coordinates (nine rows of 56)."""


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
    """Saved matches with their game, players and date; unreadable files are listed with the reason.

    With a ``controller`` it saves into a chosen slot; without, it loads (or replays) a chosen save.
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

    def enter(self) -> None:
        """Build, and start reading the saves folder."""
        self._relist()
        super().enter()

    def _relist(self) -> None:
        self.reading = True
        listed = self._listed = []
        threading.Thread(target=lambda: listed.append(list_saves()), daemon=True).start()

    def update(self, dt: float) -> None:
        """Animate; rebuild the rows once the saves folder has been read."""
        super().update(dt)
        if self.reading and self._listed:
            self.entries, self.reading = self._listed[0], False
            self.layout()

    def build(self) -> list[Widget]:
        """One row per save (or per slot when saving), each with its buttons."""
        assets = self.host.assets
        widgets: list[Widget] = []
        rows = self._rows()
        r = self.region = self.form(SLOTS_DESIGN)
        for index, (title, entry) in enumerate(rows[:9]):
            y = 150 + index * 56
            if self.controller is not None:
                widgets.append(
                    Button(
                        assets,
                        r.rect(960, y, 150, 44),
                        "Save here",
                        partial(self._save_slot, index + 1),
                        icon="save",
                        style="primary",
                        font_size=r.font(17),
                        tooltip=f"Write this match to {title}",
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

    def _rows(self) -> list[tuple[str, SaveEntry | None]]:
        if self.controller is None:
            return [(entry.title, entry) for entry in self.entries]
        by_path = {entry.path: entry for entry in self.entries}
        return [(f"Slot {i}", by_path.get(slot_path(i))) for i in range(1, SLOT_COUNT + 1)]

    def _save_slot(self, index: int) -> None:
        assert self.controller is not None
        try:
            self.controller.save_to(slot_path(index))
            self.message = f"Saved to slot {index}."
        except OSError as error:
            self.message = f"Could not save: {error}"
        self._relist()

    def _load(self, entry: SaveEntry) -> None:
        leave_to_title(self.host)
        open_entry(self.host, entry.path)

    def _ask_delete(self, entry: SaveEntry) -> None:
        self.host.stack.push(
            DialogScene(
                self.host,
                "Delete this save?",
                f"{entry.title}: {entry.summary()}. It cannot be brought back.",
                confirm=("Delete", partial(self._delete, entry)),
                cancel_label="Keep it",
                icon="quit",
            )
        )

    def _delete(self, entry: SaveEntry) -> None:
        try:
            entry.path.unlink(missing_ok=True)
            self.message = f"{entry.title} deleted."
        except OSError as error:
            self.message = f"Could not delete: {error}"
        self.entries = list_saves()
        self.layout()

    def _replay(self, entry: SaveEntry) -> None:
        assert entry.playable is not None
        open_screen(self.host, "replay", entry.playable)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Header and one line per save."""
        assets = self.host.assets
        self.header(
            surface,
            "Save match" if self.controller else "Saved matches",
            "save" if self.controller else "load",
        )
        rows = self._rows()
        r = self.region
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
        text_right = r.pos(750 if self.controller is None else 940, 0)[0]
        for index, (title, entry) in enumerate(rows[:9]):
            y = 150 + index * 56
            decor.blit_panel(
                surface, r.rect(120, y - 4, 1040, 52), radius=10, alpha=150, shadow=0, unit=r.unit
            )
            left = r.pos(140, y + 3)
            size = r.font(18)
            title = decor.elide(assets, "ui_bold", size, title, text_right - left[0])
            decor.text(surface, assets, "ui_bold", size, title, theme.GOLD, left)
            if entry is None:
                summary, colour = "Empty", theme.TEXT_DISABLED
            else:
                summary = entry.summary()
                colour = theme.TEXT_DIM if entry.loaded is not None else theme.DANGER
            size = r.font(15)
            summary = decor.elide(assets, "ui", size, summary, text_right - left[0])
            decor.text(surface, assets, "ui", size, summary, colour, r.pos(140, y + 25))
        if self.message:  # above the footer, clear of the Back button at every size
            size = self.px(18)
            text = decor.elide(assets, "ui_semibold", size, self.message, self.frame.width - self.px(48))
            decor.text(
                surface,
                assets,
                "ui_semibold",
                size,
                text,
                theme.GOLD_BRIGHT,
                (self.frame.width // 2, self.footer_top() - self.px(6)),
                "midbottom",
            )


class GameOverScene(MenuScene):
    """Who won and how, a short summary, then rematch, save the replay, watch it, or leave."""

    def __init__(self, host: Host, controller: MatchController) -> None:
        super().__init__(host)
        self.controller = controller
        self.message = ""
        client = game_client(controller.game_id)
        lines = client.summary(controller) if client else ["Game over"]
        self.title, self.lines = lines[0], lines[1:]
        self.region = self._region()

    opaque = False

    def _region(self) -> Region:
        """The card (designed at 220,120 840x520) fitted inside the window."""
        return fit_region(self.frame, (200, 100, 880, 560), self.frame.inset(8))

    def build(self) -> list[Widget]:
        """Rematch, See the board, Save replay, Watch replay, Title."""
        entries: list[tuple[str, str, Callable[[], None]]] = [
            ("Rematch", "combat", self._rematch),
            ("See the board", "cube", self._look),
            ("Save replay", "save", self._save),
            ("Watch replay", "continue", self._watch),
            ("Title screen", "back", partial(leave_to_title, self.host)),
        ]
        r = self.region = self._region()
        return [
            Button(
                self.host.assets,
                r.rect(236 + i * 164, 560, 152, 50),
                label,
                action,
                icon=icon,
                style="primary" if i == 0 else "menu",
                font_size=r.font(18),
            )
            for i, (label, icon, action) in enumerate(entries)
        ]

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

    def _watch(self) -> None:
        loaded = LoadedSave(self.controller.match, self.controller.seat_texts(), "", "")
        open_screen(self.host, "replay", loaded)

    def draw(self, surface: pygame.Surface) -> None:
        """A veil over the final board, then the card."""
        surface.blit(_veil(surface.get_size(), 190), (0, 0))
        r, assets = self.region, self.host.assets
        card = r.rect(220, 120, 840, 520)
        decor.blit_panel(surface, card, radius=18, alpha=240, border=theme.GOLD, shadow=24, unit=r.unit)
        emblem = decor.glow_icon(assets, "victory", r.px(72), theme.GOLD_BRIGHT, theme.GLOW)
        surface.blit(emblem, emblem.get_rect(center=r.pos(640, 190)))
        room = card.width - r.px(40)
        decor.centred_title(surface, assets, r.font(44), self.title, theme.GOLD, r.pos(640, 240), room)
        y = 320
        for line in self.lines[:7]:
            text = decor.elide(assets, "ui", r.font(18), line, room)
            decor.text(surface, assets, "ui", r.font(18), text, theme.TEXT, r.pos(640, y), "midtop")
            y += 28
        if self.message:
            text = decor.elide(assets, "ui_semibold", r.font(16), self.message, room)
            decor.text(
                surface, assets, "ui_semibold", r.font(16), text, theme.GOLD_BRIGHT, r.pos(640, 530), "midtop"
            )
        self.group.draw(surface)

    def back(self) -> None:
        """Back leaves to the title (the game is over)."""
        leave_to_title(self.host)


@lru_cache(maxsize=4)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    """A translucent ink veil the size of the window (cached per size)."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((*theme.INK, alpha))
    return veil
