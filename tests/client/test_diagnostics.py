"""Crash reports are written with versions, traceback and match context, and shown once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game import __version__
from game.diagnostics import pending_crash_report


def _python(code: str, log_dir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "MAGESTONE_LOG_DIR_TEST": str(log_dir)},
    )


def test_an_unhandled_exception_writes_a_crash_report_with_the_match_context(tmp_path: Path) -> None:
    code = (
        "import os, pathlib\n"
        "from game import diagnostics\n"
        "diagnostics.install(pathlib.Path(os.environ['MAGESTONE_LOG_DIR_TEST']))\n"
        "diagnostics.register_context(lambda: diagnostics.CrashContext('seed 42\\nactions: m a1-a2'))\n"
        "raise RuntimeError('the dice fell off the table')\n"
    )
    result = _python(code, tmp_path)
    assert result.returncode != 0
    reports = list(tmp_path.glob("crash-*.txt"))
    assert len(reports) == 1
    text = reports[0].read_text(encoding="utf-8")
    assert f"MageStone: {__version__}" in text and "Python:" in text and "pygame-ce:" in text
    assert "RuntimeError: the dice fell off the table" in text
    assert "seed 42" in text and "m a1-a2" in text
    assert "the dice fell off the table" in (tmp_path / "magestone.log").read_text(encoding="utf-8")


def test_a_crash_in_a_thread_is_reported_too(tmp_path: Path) -> None:
    code = (
        "import os, pathlib, threading\n"
        "from game import diagnostics\n"
        "diagnostics.install(pathlib.Path(os.environ['MAGESTONE_LOG_DIR_TEST']))\n"
        "def work(): raise ValueError('AI worker broke')\n"
        "t = threading.Thread(target=work, name='ai'); t.start(); t.join()\n"
    )
    assert _python(code, tmp_path).returncode == 0
    (report,) = tmp_path.glob("crash-*.txt")
    assert "thread ai" in report.read_text(encoding="utf-8")


def test_without_a_console_printing_and_logging_never_crash(tmp_path: Path) -> None:
    code = (
        "import os, sys, logging, pathlib\n"
        "sys.stdout = None; sys.stderr = None\n"
        "from game import diagnostics\n"
        "diagnostics.install(pathlib.Path(os.environ['MAGESTONE_LOG_DIR_TEST']))\n"
        "print('hello'); logging.getLogger('x').error('still fine')\n"
        "import pygame\n"
    )
    result = _python(code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "still fine" in (tmp_path / "magestone.log").read_text(encoding="utf-8")


def test_diagnostics_does_not_import_pygame(tmp_path: Path) -> None:
    code = (
        "import os, sys, pathlib\n"
        "from game import diagnostics\n"
        "diagnostics.install(pathlib.Path(os.environ['MAGESTONE_LOG_DIR_TEST']))\n"
        "assert 'pygame' not in sys.modules\n"
    )
    assert _python(code, tmp_path).returncode == 0


def test_the_newest_crash_report_is_offered_once(tmp_path: Path) -> None:
    assert pending_crash_report(tmp_path) is None
    old = tmp_path / "crash-20250101-000000-1.txt"
    old.write_text("old", encoding="utf-8")
    new = tmp_path / "crash-20250102-000000-1.txt"
    new.write_text("new", encoding="utf-8")
    os.utime(old, (1, 1))
    assert pending_crash_report(tmp_path) == new
    assert pending_crash_report(tmp_path) is None


def test_log_files_that_are_links_are_set_aside_never_followed(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    target = tmp_path / "elsewhere.txt"
    target.write_text("precious", encoding="utf-8")
    for name in ("magestone.log", "faulthandler.log"):
        os.symlink(target, logs / name)
    code = (
        "import os, pathlib, logging\n"
        "from game import diagnostics\n"
        "diagnostics.install(pathlib.Path(os.environ['MAGESTONE_LOG_DIR_TEST']))\n"
        "logging.getLogger('x').error('into the real log')\n"
    )
    result = _python(code, logs)
    assert result.returncode == 0, result.stderr
    assert target.read_text(encoding="utf-8") == "precious"
    assert not (logs / "magestone.log").is_symlink()
    assert "into the real log" in (logs / "magestone.log").read_text(encoding="utf-8")
    assert (logs / "magestone.log.corrupt").is_symlink(), "the link is kept aside, not deleted"
