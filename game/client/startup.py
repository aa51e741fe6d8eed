"""``magestone bench startup``: how fast the window appears, measured from a fresh process.

Each run starts ``python -c`` that imports the client and runs it for a few frames, reporting
wall-clock stamps for "window" (the window exists) and "first_frame" (the first flip). Times
are from just before the child process is spawned, so they include interpreter start-up and
imports. Median of 5 runs.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from game.client.headless import use_dummy_drivers_if_no_display

RUNS = 5
CHILD = """
import sys, time
from game.client.app import ClientOptions, run
def mark(name):
    print(name, repr(time.time()), flush=True)
run(ClientOptions(max_frames=3, on_milestone=mark))
"""


def measure_once(env: dict[str, str]) -> dict[str, float]:
    """One fresh process; seconds from spawn to each milestone."""
    started = time.time()
    result = subprocess.run(
        [sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    stamps = {}
    for line in result.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] in ("window", "first_frame", "menu"):
            stamps[parts[0]] = float(parts[1]) - started
    return stamps


def bench_startup(runs: int = RUNS) -> dict[str, Any]:
    """Median seconds to a visible window, the first drawn frame, and the first full menu frame."""
    use_dummy_drivers_if_no_display()
    with tempfile.TemporaryDirectory(prefix="magestone-startup-") as folder:
        env = {**os.environ, "MAGESTONE_USER_DIR": folder}
        samples = [measure_once(env) for _ in range(runs)]
    return {
        "window_visible_s": round(statistics.median(s["window"] for s in samples), 3),
        "first_frame_s": round(statistics.median(s["first_frame"] for s in samples), 3),
        "menu_interactive_s": round(statistics.median(s["menu"] for s in samples), 3),
        "runs": runs,
        "video_driver": env.get("SDL_VIDEODRIVER", "default"),
    }
