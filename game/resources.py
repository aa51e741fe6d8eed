"""Find bundled read-only files (assets, levels, docs) from source or a PyInstaller bundle.

Standard library only, so the rules may load their data files through it.
Nothing is ever written below these folders.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

BUNDLE_ROOT_ENV = "MAGESTONE_BUNDLE_ROOT"
"""Environment variable that overrides the root (tests simulate a bundle with it)."""


def bundle_root() -> Path:
    """Folder that holds ``assets/`` and ``levels/``.

    Inside a PyInstaller bundle it is ``sys._MEIPASS``; from source it is the
    repository root (the parent of the ``game`` package).
    """
    override = os.environ.get(BUNDLE_ROOT_ENV)
    if override:
        return Path(override)
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """Path of a bundled file, e.g. ``resource_path("levels", "magestone", "board.json")``."""
    path = bundle_root().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"bundled file missing: {path}")
    return path
