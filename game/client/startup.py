"""``magestone bench startup``: how fast the window appears, measured from a fresh process.

Each run starts ``python -m game play --max-frames 3 --trace-startup`` (or a frozen
executable with the same arguments: the one named by ``--executable``, or this very build when
``bench startup`` runs frozen), which prints wall-clock stamps for "window" (the window
exists), "first_frame" (the first flip) and "menu" (the first full menu frame). Times are from
just before the child process is spawned, so they include interpreter start-up and imports.
Median of 5 runs.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game.client.headless import use_dummy_drivers_if_no_display

RUNS = 5
TRACE_ARGUMENTS = ["play", "--max-frames", "3", "--trace-startup"]


class StartupBenchError(RuntimeError):
    """The measured process did not start or did not finish; the message says which and why."""


def measure_once(command: list[str], env: dict[str, str]) -> dict[str, float]:
    """One fresh process; seconds from spawn to each milestone."""
    started = time.time()
    try:
        result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=60, check=True)
    except subprocess.CalledProcessError as failure:
        last = (failure.stderr or "").strip().splitlines()[-1:] or ["no message"]
        raise StartupBenchError(f"{' '.join(command)} exited with {failure.returncode}: {last[0]}") from None
    except (OSError, subprocess.TimeoutExpired) as failure:
        raise StartupBenchError(f"{' '.join(command)} could not run: {failure}") from None
    stamps = {}
    for line in result.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] in ("window", "first_frame", "menu"):
            stamps[parts[0]] = float(parts[1]) - started
    return stamps


def own_command() -> list[str]:
    """The command that starts this MageStone: a frozen build is its executable (it has no ``-m``),
    a source tree is this interpreter running the ``game`` package."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "game"]


def bench_startup(executable: Path | None = None, runs: int = RUNS) -> dict[str, Any]:
    """Median seconds to a visible window, the first drawn frame, and the first full menu frame."""
    command = [str(executable)] if executable else own_command()
    use_dummy_drivers_if_no_display()
    with tempfile.TemporaryDirectory(prefix="magestone-startup-") as folder:
        env = {**os.environ, "MAGESTONE_USER_DIR": folder}
        samples = [measure_once(command + TRACE_ARGUMENTS, env) for _ in range(runs)]
    return {
        "build": "frozen" if executable or getattr(sys, "frozen", False) else "source",
        "startup_window_s": round(statistics.median(s["window"] for s in samples), 3),
        "startup_first_frame_s": round(statistics.median(s["first_frame"] for s in samples), 3),
        "startup_menu_s": round(statistics.median(s["menu"] for s in samples), 3),
        "runs": runs,
        "video_driver": env.get("SDL_VIDEODRIVER", "default"),
    }
