"""Set up a local virtual environment and run the game or the tests, on any OS with Python 3.11+.

    python3 bootstrap.py play     # install and start the game
    python3 bootstrap.py test     # install and run every test

Extra arguments are passed on (``python3 bootstrap.py test -k dice``).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
EXTRAS = {"play": "", "test": "[test]"}


def venv_python() -> Path:
    """The interpreter inside the project's virtual environment."""
    scripts = "Scripts" if sys.platform == "win32" else "bin"
    return VENV / scripts / ("python.exe" if sys.platform == "win32" else "python")


def ensure_installed(extras: str) -> Path:
    """Create ``.venv`` and install the project (editable) when pyproject.toml changed."""
    python = venv_python()
    if not python.exists():
        print("Creating a virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    fingerprint = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f"installed{extras or '[play]'}.stamp"
    if not stamp.exists() or stamp.read_text() != fingerprint:
        print(f"Installing MageStone{extras} and its dependencies ...", flush=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-e", f".{extras}"],
                       check=True, cwd=ROOT)
        stamp.write_text(fingerprint)
    return python


def main(argv: list[str]) -> int:
    """Install what ``play`` or ``test`` needs, then run it."""
    if not argv or argv[0] not in EXTRAS:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    python = ensure_installed(EXTRAS[command])
    if command == "play":
        return subprocess.run([str(python), "-m", "game", *rest], cwd=ROOT).returncode
    return subprocess.run([str(python), "-m", "pytest", "-n", "auto", "-q", *rest], cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
