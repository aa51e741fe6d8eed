"""Logging and crash reports: a rotating log, exception hooks, faulthandler, and crash files.

``install(log_dir)`` is idempotent. It never imports pygame (versions come from package
metadata, and from pygame itself only when it is already loaded). In a windowed frozen build
``sys.stdout``/``sys.stderr`` are None: they are replaced by null streams so print and
logging cannot crash.
"""

from __future__ import annotations

import contextlib
import faulthandler
import json
import logging
import logging.handlers
import os
import platform
import stat
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from game import __version__
from game.safe_json import FileProblem, read_bounded

LOG_NAME = "magestone.log"
FAULT_NAME = "faulthandler.log"
CRASH_PREFIX = "crash-"
SEEN_MARKER = "shown-crash-reports.txt"
MAX_REPORT_BYTES = 5_000_000
"""Largest crash report read back: a save at its limit, the traceback and the log's tail."""

CRASH_TITLE = "MageStone crash report"
SAVE_BEGIN = "=== The match as a save (python -m game replay THIS_FILE --verify) ==="
SAVE_END = "=== End of the save ==="
LOG_TAIL_LINES = 40
"""How many of the log's last lines a report quotes."""


@dataclass(frozen=True)
class CrashContext:
    """What a crash report says about what was being played."""

    description: str
    """For people: the game, seed and progress, or the lesson and its step."""
    save: dict[str, Any] | None = None
    """The match as a save payload (game, options, seats, seed, actions): it replays to the crash."""


ContextProvider = Callable[[], CrashContext]

log = logging.getLogger(__name__)


class _State:
    """What install() set up (one per process)."""

    log_dir: Path | None = None
    fault_file: IO[str] | None = None
    context_provider: ContextProvider | None = None


def install(log_dir: Path) -> None:
    """Set up the rotating log file, exception hooks and faulthandler in ``log_dir``."""
    if _State.log_dir is not None:
        return
    _ensure_streams()
    log_dir.mkdir(parents=True, exist_ok=True)
    _State.log_dir = log_dir
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    for name in (LOG_NAME, FAULT_NAME):
        _set_aside_if_not_a_file(log_dir / name)
    handler = _NoFollowRotatingHandler(
        log_dir / LOG_NAME, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    _State.fault_file = open(log_dir / FAULT_NAME, "a", encoding="utf-8", opener=no_follow)  # noqa: SIM115
    faulthandler.enable(file=_State.fault_file)
    sys.excepthook = _excepthook
    threading.excepthook = _thread_excepthook
    log.info(
        "MageStone %s starting on %s, Python %s", __version__, platform.platform(), platform.python_version()
    )


def no_follow(path: str, flags: int) -> int:
    """An ``open()`` opener that refuses to follow a symbolic link in the user folder."""
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0), 0o644)


class _NoFollowRotatingHandler(logging.handlers.RotatingFileHandler):
    """The rotating log, opened without following a link put in its place."""

    def _open(self) -> Any:
        return open(self.baseFilename, self.mode, encoding=self.encoding, errors=self.errors,
                    opener=no_follow)


def _set_aside_if_not_a_file(path: Path) -> None:
    """A link or special file where a log goes is moved aside (never followed, never deleted)."""
    from game.storage.userfiles import set_aside

    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode):
        set_aside(path)


def register_context(provider: ContextProvider | None) -> None:
    """Register what crash reports say about the current match (None: nothing is being played)."""
    _State.context_provider = provider


def unregister_context(provider: ContextProvider) -> None:
    """Forget ``provider`` if it is still the registered one (a scene leaving)."""
    if _State.context_provider == provider:
        _State.context_provider = None


def _ensure_streams() -> None:
    """Give a windowed frozen build (no console) harmless stdout/stderr."""
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def _versions() -> list[str]:
    """Version lines for the report, without importing pygame."""
    lines = [
        f"MageStone: {__version__}",
        f"Platform: {platform.platform()}",
        f"Python: {sys.version.split()[0]} ({platform.python_implementation()})",
        f"Frozen: {bool(getattr(sys, 'frozen', False))}",
    ]
    try:
        lines.append(f"pygame-ce: {metadata.version('pygame-ce')}")
    except metadata.PackageNotFoundError:
        pygame_module = sys.modules.get("pygame")
        if pygame_module is not None:
            lines.append(f"pygame: {getattr(pygame_module.version, 'ver', '?')}")
    pygame_module = sys.modules.get("pygame")
    if pygame_module is not None:
        with contextlib.suppress(Exception):  # a report must be written whatever pygame's state
            lines.append("SDL: {}.{}.{}".format(*pygame_module.get_sdl_version()))
    return lines


def write_crash_report(
    kind: str, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> Path | None:
    """Write a crash report file into the log folder; returns its path (None when not installed)."""
    if _State.log_dir is None:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = _State.log_dir / f"{CRASH_PREFIX}{stamp}-{os.getpid()}.txt"
    parts = [f"{CRASH_TITLE} ({kind})", time.strftime("%Y-%m-%d %H:%M:%S %z"), "", *_versions(), ""]
    parts.append("".join(traceback.format_exception(exc_type, exc, tb)))
    saved: list[str] = []
    if _State.context_provider is not None:
        try:
            context = _State.context_provider()
            parts += ["Match context:", context.description, ""]
            if context.save is not None:
                saved = [SAVE_BEGIN, json.dumps(context.save, ensure_ascii=False), SAVE_END]
        except Exception as error:  # a report must be written whatever the match's state
            parts += [f"(match context unavailable: {error!r})", ""]
    parts += ["Last lines of the log:", *_log_tail(_State.log_dir / LOG_NAME), "", *saved]
    try:
        with open(path, "x", encoding="utf-8", opener=no_follow) as report:
            report.write("\n".join(parts) + "\n")
    except OSError:
        return None
    return path


def _log_tail(path: Path) -> list[str]:
    """The last lines of the log (never through a link)."""
    try:
        descriptor = no_follow(str(path), os.O_RDONLY)
    except OSError:
        return ["(no log)"]
    with open(descriptor, "rb") as log_file:
        size = log_file.seek(0, os.SEEK_END)
        log_file.seek(max(0, size - 32_000))
        lines = log_file.read().decode("utf-8", "replace").splitlines()
    return lines[-LOG_TAIL_LINES:]


def saved_match_text(report: str, path: Path) -> str:
    """The save payload's JSON text inside crash ``report`` read from ``path`` (FileProblem if none)."""
    lines = report.splitlines()
    if SAVE_BEGIN not in lines:
        raise FileProblem(path, "this crash report holds no match (the crash happened outside one)")
    start = lines.index(SAVE_BEGIN) + 1
    if SAVE_END not in lines[start:]:
        raise FileProblem(path, "the match in this crash report is cut short")
    return "\n".join(lines[start:lines.index(SAVE_END, start)])


def report_holds_match(path: Path) -> bool:
    """True when the crash report at ``path`` carries a match to continue."""
    try:
        return SAVE_BEGIN in read_bounded(path, MAX_REPORT_BYTES).decode("utf-8", "replace")
    except (OSError, FileProblem):
        return False


def _excepthook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return
    log.critical("unhandled exception", exc_info=(exc_type, exc, tb))
    path = write_crash_report("main thread", exc_type, exc, tb)
    if sys.stderr is not None:
        print(f"MageStone crashed; report written to {path}", file=sys.stderr)


def _thread_excepthook(args: Any) -> None:
    if args.exc_type is SystemExit:
        return
    name = args.thread.name if args.thread is not None else "?"
    log.critical(
        "unhandled exception in thread %s", name, exc_info=(args.exc_type, args.exc_value, args.exc_traceback)
    )
    if args.exc_value is not None:
        write_crash_report(f"thread {name}", args.exc_type, args.exc_value, args.exc_traceback)


def crash_reports(log_dir: Path) -> list[Path]:
    """Every crash report in ``log_dir``, oldest first."""
    reports = []
    for path in log_dir.glob(f"{CRASH_PREFIX}*.txt"):
        with contextlib.suppress(OSError):  # gone meanwhile
            reports.append((path.lstat().st_mtime, path.name, path))
    return [path for _, _, path in sorted(reports)]


def pending_crash_report(log_dir: Path | None = None) -> Path | None:
    """The newest crash report not yet shown to the player, marked as shown (so it comes once)."""
    folder = log_dir or _State.log_dir
    if folder is None:
        return None
    reports = crash_reports(folder)
    if not reports:
        return None
    marker = folder / SEEN_MARKER
    try:
        seen = set(read_bounded(marker, 1_000_000).decode("utf-8", "replace").split())
    except FileNotFoundError:
        seen = set()
    except FileProblem as problem:
        log.warning("%s", problem)
        _set_aside_if_not_a_file(marker)
        seen = set()
    newest = reports[-1]
    if newest.name in seen:
        return None
    try:
        with open(marker, "a", encoding="utf-8", opener=no_follow) as handle:
            handle.write(newest.name + "\n")
    except OSError:
        log.warning("could not mark crash report %s as shown", newest)
    return newest
