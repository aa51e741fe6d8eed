"""The rules and AI layers never import pygame (checked in a fresh interpreter)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import importlib, pkgutil, sys
before = set(sys.modules)
import {package} as root
for info in pkgutil.walk_packages(root.__path__, root.__name__ + "."):
    importlib.import_module(info.name)
top_level = {{name.split(".")[0] for name in set(sys.modules) - before}}
print(",".join(sorted(top_level - set(sys.stdlib_module_names) - {{"game"}})))
"""


def _foreign_imports(package: str) -> set[str]:
    completed = subprocess.run([sys.executable, "-c", PROBE.format(package=package)],
                               capture_output=True, text=True, check=True, cwd=REPO_ROOT)
    return {name for name in completed.stdout.strip().split(",") if name}


@pytest.mark.parametrize("package", ["game.rules", "game.ai"])
def test_package_never_imports_pygame(package: str) -> None:
    assert not _foreign_imports(package) & {"pygame", "pymunk"}


def test_rules_import_only_the_standard_library() -> None:
    assert _foreign_imports("game.rules") == set()
