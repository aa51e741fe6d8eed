"""Build the one-folder, windowed standalone executable into ``dist/MageStone``.

PyInstaller's scratch files go to ``.pyinstaller/`` (its default work folder,
``build/``, is where this script and the spec live).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    """Run PyInstaller on the checked-in spec."""
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
               "--workpath", str(ROOT / ".pyinstaller" / "work"), "--distpath", str(ROOT / "dist"),
               str(ROOT / "build" / "magestone.spec")]
    return subprocess.run(command, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
