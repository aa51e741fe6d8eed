"""The in-game rules reference for Magnastorm: every rule section and design ruling has its topic,
and the printed numbers it shows are those of levels/magnastorm/ (reference_tables.py)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from game.client.rules_reference.topics import Reference, load_reference
from game.rules.magnastorm.data import Cost, bundled_content
from game.rules.magnastorm.state import THRESHOLD
from tests.rules.magnastorm.reference_tables import reference_tables

ROOT = Path(__file__).resolve().parents[3]
RULINGS = ROOT.parent / "shared" / "rulings" / "magnastorm.md"
DESIGN = ROOT / "docs" / "magnastorm-design.md"

DESIGN_RULINGS = {
    1: ("runner", "A move is counted in areas"),
    2: ("runner", "ends it in the nearest area of the next sector clockwise"),
    3: ("stations", "One station per move"),
    4: ("commanders", "Mira Mascovic's jump may end on any space of a quiet area with a lab"),
    5: ("labs", "The extra lab needs a first lab dropped on that space this move"),
    6: ("commanders", "Kaysia Vasidis is offered as a free variant"),
    7: ("commanders", "Joy D. Obondov is a choice"),
    8: ("commanders", "Rain Davenpitt advances the lowest area; on a tie you choose"),
    9: ("objectives", "asks for all of them"),
    10: ("start", "drawn from the seed unless the match names one"),
    11: ("setup", "dealt on a random face"),
    12: ("end", "still the last player of the old order"),
    13: ("end", "no player of the match holds"),
    14: ("turn", "Resigning"),
    15: ("turn", "An agreed draw"),
}
"""Each numbered ruling of the design page's rulings section, and where the reference explains it."""


@pytest.fixture(scope="module")
def reference() -> Reference:
    return load_reference("magnastorm")


def _texts(reference: Reference, topic_id: str) -> list[str]:
    topic = next(t for t in reference.topics if t.id == topic_id)
    return [*topic.paragraphs, *topic.rulings]


def missing_lines(reference: Reference, tables: dict[str, list[str]]) -> list[str]:
    """The data lines (or commander line starts) that the reference does not show."""
    missing = []
    for topic_id, lines in tables.items():
        texts = _texts(reference, topic_id)
        for line in lines:
            shown = any(t.startswith(line) for t in texts) if topic_id == "commanders" else line in texts
            if not shown:
                missing.append(f"{topic_id}: {line}")
    return missing


def test_every_shared_rulings_section_has_a_topic(reference: Reference) -> None:
    if not RULINGS.is_file():
        pytest.skip("rulings not available")
    sections = re.findall(r"^## (.+)$", RULINGS.read_text(encoding="utf-8"), flags=re.M)
    topics = {topic.ruling: topic for topic in reference.topics}
    assert sections
    for section in sections:
        assert section in topics, f"no reference topic explains '{section}'"
        assert topics[section].paragraphs and topics[section].rulings


def test_every_design_ruling_is_explained(reference: Reference) -> None:
    text = DESIGN.read_text(encoding="utf-8")
    section = text.split("## Rulings our design settles", 1)[1].split("\n## ", 1)[0]
    numbers = [int(n) for n in re.findall(r"^(\d+)\. ", section, flags=re.M)]
    assert numbers == sorted(DESIGN_RULINGS), "a design ruling was added: explain it in the reference"
    for number, (topic_id, phrase) in DESIGN_RULINGS.items():
        topic = next(t for t in reference.topics if t.id == topic_id)
        assert any(phrase in ruling for ruling in topic.rulings), f"design ruling {number}: {phrase!r}"


def test_the_reference_shows_the_numbers_of_the_data_files(reference: Reference) -> None:
    missing = missing_lines(reference, reference_tables(bundled_content()))
    assert not missing, "levels/rules/magnastorm.json lacks (or shows other numbers than):\n" + "\n".join(
        missing)


def test_a_changed_number_in_the_data_is_caught(reference: Reference) -> None:
    content = bundled_content()
    dearer = dataclasses.replace(content, lab_costs=(*content.lab_costs[:-1], Cost(2, 2, 1)))
    missing = missing_lines(reference, reference_tables(dearer))
    assert len(missing) == 1 and missing[0].startswith("labs: Turtle labs, left to right: free, free, ")
    assert missing[0].endswith(", 2 yellow + 2 own + 1 any.")


def test_every_commander_has_its_effect(reference: Reference) -> None:
    texts = _texts(reference, "commanders")
    for commander in bundled_content().commanders.values():
        line = next(t for t in texts if t.startswith(commander.name + " ("))
        assert len(line.split("):", 1)[1]) > 30, f"{commander.name}: no effect text"


def test_the_thresholds_and_the_round_limit_are_stated(reference: Reference) -> None:
    end = " ".join(_texts(reference, "end"))
    for players, threshold in THRESHOLD.items():
        assert f"{threshold} ({players}" in end or f"{threshold} reputation ({players}" in end
    assert "after round 4" in end
