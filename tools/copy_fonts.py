"""Copy the bundled typefaces and their licence texts from Debian font packages into assets/fonts.

Run once after ``apt-get install fonts-ebgaramond fonts-ebgaramond-extra fonts-lato``:
``python tools/copy_fonts.py``. The game loads fonts from assets/fonts only, never from the system.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets" / "fonts"

FONTS = {
    "/usr/share/fonts/truetype/ebgaramond/EBGaramond12-Regular.ttf": "EBGaramond-Regular.ttf",
    "/usr/share/fonts/truetype/ebgaramond/EBGaramond12-Italic.ttf": "EBGaramond-Italic.ttf",
    "/usr/share/fonts/truetype/ebgaramond/EBGaramond12-Bold.ttf": "EBGaramond-Bold.ttf",
    "/usr/share/fonts/truetype/ebgaramond/EBGaramond12-AllSC.ttf": "EBGaramond-AllSC.ttf",
    "/usr/share/fonts/truetype/lato/Lato-Regular.ttf": "Lato-Regular.ttf",
    "/usr/share/fonts/truetype/lato/Lato-Semibold.ttf": "Lato-Semibold.ttf",
    "/usr/share/fonts/truetype/lato/Lato-Bold.ttf": "Lato-Bold.ttf",
}
LICENCES = {
    "/usr/share/doc/fonts-ebgaramond/copyright": "EBGaramond-LICENSE.txt",
    "/usr/share/doc/fonts-lato/copyright": "Lato-LICENSE.txt",
}


def main() -> int:
    """Copy every font and licence; exit 1 naming the first missing source file."""
    ASSETS.mkdir(parents=True, exist_ok=True)
    for source, target in {**FONTS, **LICENCES}.items():
        if not Path(source).exists():
            print(f"missing {source}: install the Debian font packages first", file=sys.stderr)
            return 1
        shutil.copyfile(source, ASSETS / target)
        print(f"assets/fonts/{target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
