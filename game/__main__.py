"""Entry point for ``python -m game`` and the ``magestone`` launcher."""

from __future__ import annotations

import multiprocessing
import sys


def main() -> int:
    """Start the command line (the game window by default)."""
    multiprocessing.freeze_support()
    from game.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
