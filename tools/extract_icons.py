"""Write the game's icons from the game-icons.net set as white SVG files into assets/icons.

Source: the npm package ``@iconify-json/game-icons`` (CC BY 3.0), fetched with
``npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz``, then
``python tools/extract_icons.py package``. The paths are drawn white so the client can tint
them with any palette colour. Also writes assets/icons/LICENSE (authors credited per icon)
and assets/icons/credits.json (read by the credits screen).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets" / "icons"

# asset name -> (game-icons.net name, author as credited on game-icons.net)
ICONS: dict[str, tuple[str, str]] = {
    # pieces and game concepts
    "mage": ("pointy-hat", "Lorc"),
    "archmage": ("wizard-face", "Delapouite"),
    "apprentice": ("hooded-figure", "DarkZaitzev"),
    "priest": ("sun-priest", "Delapouite"),
    "warrior": ("visored-helm", "Lorc"),
    "combat": ("crossed-swords", "Lorc"),
    "magestone": ("crystal-growth", "Lorc"),
    "gravestone": ("tombstone", "Lorc"),
    "nexus": ("magic-portal", "Lorc"),
    "dice": ("rolling-dices", "Delapouite"),
    "die-1": ("dice-six-faces-one", "Delapouite"),
    "die-2": ("dice-six-faces-two", "Delapouite"),
    "die-3": ("dice-six-faces-three", "Delapouite"),
    "die-4": ("dice-six-faces-four", "Delapouite"),
    "die-5": ("dice-six-faces-five", "Delapouite"),
    "die-6": ("dice-six-faces-six", "Delapouite"),
    "d20": ("dice-twenty-faces-twenty", "Delapouite"),
    "king": ("king", "Lorc"),
    "god": ("hand-of-god", "Delapouite"),
    "crown": ("crown", "Lorc"),
    "spell": ("magic-swirl", "Lorc"),
    "staff": ("wizard-staff", "Lorc"),
    "victory": ("laurel-crown", "Lorc"),
    "cube": ("crystal-ball", "Lorc"),
    # Magnastorm: federation emblems and pieces
    "ms-sun": ("sun", "Lorc"),
    "ms-moon": ("moon", "Lorc"),
    "ms-clover": ("clover", "Lorc"),
    "ms-spade": ("spade", "Lorc"),
    "ms-crew": ("meeple", "Delapouite"),
    "ms-runner": ("rocket", "Lorc"),
    "ms-station": ("radar-dish", "Lorc"),
    "ms-lab": ("round-bottom-flask", "Lorc"),
    "ms-storm": ("lightning-storm", "Lorc"),
    "ms-exchange": ("cycle", "Lorc"),
    "ms-bag": ("swap-bag", "Lorc"),
    "ms-range": ("walking-boot", "Lorc"),
    "ms-reputation": ("laurels", "Lorc"),
    # interface
    "settings": ("cog", "Lorc"),
    "rules": ("open-book", "Lorc"),
    "load": ("scroll-unfurled", "Lorc"),
    "quit": ("exit-door", "Delapouite"),
    "continue": ("fast-forward-button", "Delapouite"),
    "tutorial": ("graduate-cap", "Delapouite"),
    "credits": ("quill-ink", "Lorc"),
    "back": ("return-arrow", "Lorc"),
    "save": ("save", "Delapouite"),
    "sound-on": ("sound-on", "Delapouite"),
    "sound-off": ("sound-off", "Delapouite"),
    "music": ("lyre", "Lorc"),
    "animation": ("hourglass", "Lorc"),
    "palette": ("palette", "Delapouite"),
    "fullscreen": ("expand", "Delapouite"),
    "ui-scale": ("magnifying-glass", "Lorc"),
    "undo": ("backward-time", "Delapouite"),
}

LICENCE_HEAD = """Icons in this folder come from game-icons.net (https://game-icons.net),
licensed under Creative Commons Attribution 3.0 Unported (CC BY 3.0):
https://creativecommons.org/licenses/by/3.0/

They were taken from the @iconify-json/game-icons package and recoloured white
(the game tints them at run time); no other change was made.

File (this folder)  <- game-icons.net name, author
"""


def svg_text(body: str, width: int, height: int) -> str:
    """A standalone SVG document for an Iconify icon body, painted white."""
    painted = body.replace("currentColor", "#ffffff")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">{painted}</svg>\n'
    )


def main(argv: list[str]) -> int:
    """Extract the icons from the package folder given as the first argument."""
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    icon_set = json.loads((Path(argv[0]) / "icons.json").read_text(encoding="utf-8"))
    width, height = icon_set.get("width", 512), icon_set.get("height", 512)
    ASSETS.mkdir(parents=True, exist_ok=True)
    lines = [LICENCE_HEAD]
    credits: dict[str, list[str]] = {}
    for asset, (source, author) in ICONS.items():
        icon = icon_set["icons"].get(source)
        if icon is None:
            print(f"icon {source!r} not in the package", file=sys.stderr)
            return 1
        svg = svg_text(icon["body"], icon.get("width", width), icon.get("height", height))
        (ASSETS / f"{asset}.svg").write_text(svg, encoding="utf-8")
        lines.append(f"{asset + '.svg':<20}<- {source}, by {author}")
        credits.setdefault(author, []).append(source)
    (ASSETS / "LICENSE").write_text("\n".join(lines) + "\n", encoding="utf-8")
    payload = {
        "licence": "CC BY 3.0",
        "url": "https://game-icons.net",
        "authors": {author: sorted(names) for author, names in sorted(credits.items())},
    }
    (ASSETS / "credits.json").write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {len(ICONS)} icons to {ASSETS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
