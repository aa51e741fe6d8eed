"""MagiStrat match options: set-up mode, piece quality, house rules (validation and defaults).

Options (all optional)::

    {"setup": "manual" | "preset:<name>" | "preset:<white>/<black>" | "random",
     "setup_seed": 0,                       # for "random"
     "quality": {"white": 100, "black": 100},   # piece-quality handicap, 50..150 %
     "no_progress_limit": 100 | None}       # house rule; None turns it off
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DEFAULT_NO_PROGRESS_LIMIT = 100
"""House rule: this many consecutive turns without progress is a draw."""
QUALITY_RANGE = range(50, 151)
"""Allowed piece quality in percent."""


def normalise_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Validated options with defaults filled in; raise ``ValueError`` naming the option."""
    known = {"setup", "setup_seed", "quality", "no_progress_limit"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise ValueError(f"unknown MagiStrat option {unknown[0]!r}; expected {', '.join(sorted(known))}")
    setup = options.get("setup", "manual")
    if not isinstance(setup, str) or not (setup in ("manual", "random") or setup.startswith("preset:")):
        raise ValueError(f"setup: expected 'manual', 'random' or 'preset:<name>', got {setup!r}")
    seed = options.get("setup_seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"setup_seed: expected an integer, got {seed!r}")
    quality = options.get("quality", {"white": 100, "black": 100})
    if not isinstance(quality, Mapping) or set(quality) - {"white", "black"}:
        raise ValueError(f"quality: expected {{'white': percent, 'black': percent}}, got {quality!r}")
    qualities = {side: quality.get(side, 100) for side in ("white", "black")}
    for side, value in qualities.items():
        if not isinstance(value, int) or isinstance(value, bool) or value not in QUALITY_RANGE:
            raise ValueError(f"quality.{side}: expected a percent in 50..150, got {value!r}")
    limit = options.get("no_progress_limit", DEFAULT_NO_PROGRESS_LIMIT)
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
        raise ValueError(f"no_progress_limit: expected a positive integer or None, got {limit!r}")
    return {"setup": setup, "setup_seed": seed, "quality": qualities, "no_progress_limit": limit}


