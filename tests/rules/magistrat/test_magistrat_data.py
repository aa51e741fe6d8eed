"""Data files: pieces.json numbers and validation, preset formations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.rules.magistrat import DataFileError, load_formation, load_piece_table
from game.rules.magistrat.board import APPRENTICE, ARCHMAGE, KING, MAGE, PRIEST
from game.rules.magistrat.data import formation_names, parse_formation, parse_piece_table

GOOD = json.loads((Path(__file__).parents[3] / "levels" / "magistrat" / "pieces.json").read_text())


def test_bundled_numbers_are_the_ruled_defaults() -> None:
    table = load_piece_table()
    kinds = (KING, ARCHMAGE, PRIEST, MAGE, APPRENTICE)
    assert [table.potential[k] for k in kinds] == [200, 100, 120, 60, 30]
    assert [table.attack_percent[k] for k in kinds] == [10, 20, 10, 33, 33]


def _with(change: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(GOOD))
    for kind, entry in change.items():
        if entry is None:
            del data["pieces"][kind]
        else:
            data["pieces"][kind] = entry
    return data


@pytest.mark.parametrize("data, message", [
    ([], "pieces: expected an object"),
    (_with({"mage": None}), "pieces.mage: missing"),
    (_with({"dragon": {}}), "pieces.dragon: unknown kind"),
    (_with({"mage": {"potential": 60}}), "pieces.mage.attack_percent: missing"),
    (_with({"mage": {"potential": "60", "attack_percent": 33}}), "pieces.mage.potential: expected"),
    (_with({"mage": {"potential": 60, "attack_percent": 133}}), "pieces.mage.attack_percent"),
    (_with({"mage": {"potential": 60, "attack_percent": 33, "speed": 1}}), "pieces.mage.speed: unknown"),
    (_with({"god": {"potential": 5}}), "pieces.god"),
])
def test_bad_piece_tables_name_file_and_field(data: Any, message: str) -> None:
    with pytest.raises(DataFileError, match=message) as error:
        parse_piece_table(Path("pieces.json"), data)
    assert str(error.value).startswith("pieces.json: ")


def test_bundled_formations_load() -> None:
    assert {"classic", "fortress", "vanguard"} <= set(formation_names())
    for name in formation_names():
        assert len(load_formation(name).placements) == 4


FORMATION = {"name": "x", "king": "he1", "priests": ["hd2", "he2", "hc1", "hf1"],
             "archmages": ["ha1", "hh1", "hb1", "hg1", "hd1"], "gods": ["dc4", "df4", "dd5", "de5"]}


@pytest.mark.parametrize("change, message", [
    ({"king": "ge1"}, "king: ge1 is outside the king's set-up zone"),
    ({"king": "xx"}, "king: 'xx' is not a cell name"),
    ({"priests": ["hd2"]}, "priests: expected 4"),
    ({"archmages": ["ha1", "hh1", "hb1", "hg1", "ga2"]}, r"archmages\[4\]: ga2 is outside"),
    ({"gods": ["dc4", "df4", "dd5", "he5"]}, r"gods\[3\]: he5 is outside"),
    ({"priests": ["hd2", "he2", "hc1", "he1"]}, r"priests\[3\]: he1 is used twice"),
    ({"name": ""}, "name"),
])
def test_bad_formations_name_file_and_field(change: dict[str, Any], message: str) -> None:
    with pytest.raises(DataFileError, match=message):
        parse_formation(Path("f.json"), {**FORMATION, **change})
