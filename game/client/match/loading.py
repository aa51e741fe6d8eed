"""Opening saved matches without freezing the window: the read and replay run in a thread.

:class:`LoadingScene` shows a small dialog while its work runs in a background thread and hands
the result on when it is done (Cancel drops it). :func:`continue_match` (the title's Continue) and
:func:`open_entry` (the Load screen) use it; a damaged autosave offers its last good copy.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Generic, TypeVar

from game.client.match.controller import autosave_path
from game.client.match.session import open_loaded
from game.client.match.slots import SaveEntry, describe, read_entry
from game.client.scenes.base import Host
from game.client.scenes.dialog import DialogScene

T = TypeVar("T")

log = logging.getLogger(__name__)


class LoadingScene(DialogScene, Generic[T]):
    """A "Reading…" dialog that runs ``work`` in a thread, then pops itself and calls ``done``."""

    def __init__(self, host: Host, title: str, work: Callable[[], T], done: Callable[[T], None]) -> None:
        super().__init__(host, title, "Reading and checking the saved match…", cancel_label="Cancel",
                         icon="load")
        self._work, self._done = work, done
        self._result: list[T] = []
        self._error: list[Exception] = []
        self._finished = threading.Event()
        self._cancelled = False
        self._thread: threading.Thread | None = None

    def enter(self) -> None:
        """Lay out the dialog and start the work."""
        super().enter()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="magestone-load", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        try:
            self._result.append(self._work())
        except Exception as error:  # shown to the player, never lost in the thread
            log.exception("loading failed")
            self._error.append(error)
        self._finished.set()

    def _cancel(self) -> None:
        self._cancelled = True
        super()._cancel()

    def wait(self, timeout: float) -> bool:
        """Block until the work is done (tests); True when it is."""
        return self._finished.wait(timeout)

    def update(self, dt: float) -> None:
        """Animate; once the work is done, close and hand its result on."""
        super().update(dt)
        if not self._finished.is_set() or self._cancelled:
            return
        self._cancelled = True
        self.host.stack.pop()
        if self._error:
            self.host.stack.push(DialogScene(self.host, "Cannot open", str(self._error[0]), icon="load"))
        else:
            self._done(self._result[0])


def continue_scene(host: Host) -> LoadingScene[SaveEntry]:
    """The dialog that resumes the autosave; when it is damaged, it says so and offers its last good copy."""
    return LoadingScene(host, "Continue", partial(read_entry, autosave_path()), partial(_opened, host, True))


def continue_match(host: Host) -> None:
    """Resume the autosave (the title's Continue)."""
    host.stack.push(continue_scene(host))


def open_entry(host: Host, path: Path) -> None:
    """Open the save at ``path`` (re-read now), or its last good copy when it is damaged."""
    host.stack.push(LoadingScene(host, "Load", partial(read_entry, path), partial(_opened, host, False)))


def _opened(host: Host, ask_for_backup: bool, entry: SaveEntry) -> None:
    if entry.loaded is not None:
        _open(host, entry)
    elif entry.backup is not None and ask_for_backup:
        host.stack.push(DialogScene(
            host, "Autosave damaged",
            f"{entry.damage_report()}\nContinue from its last good copy ({describe(entry.backup)})?",
            confirm=("Continue", partial(_open, host, entry)), cancel_label="Not now", icon="continue"))
    elif entry.backup is not None:
        _open(host, entry)
    else:
        host.stack.push(DialogScene(host, "Cannot open", entry.damage_report(), icon="load"))


def _open(host: Host, entry: SaveEntry) -> None:
    loaded = entry.playable
    assert loaded is not None
    reason = open_loaded(host, loaded, entry.playable_path)
    if reason:
        host.stack.push(DialogScene(host, "Cannot open", reason, icon="load"))
