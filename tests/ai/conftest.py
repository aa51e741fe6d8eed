"""Shared fixtures: the toy games are registered with the AI for every test here."""

from __future__ import annotations

import pytest

from tests.ai.toy_game import register_toys


@pytest.fixture(autouse=True, scope="session")
def _toys() -> None:
    register_toys()
