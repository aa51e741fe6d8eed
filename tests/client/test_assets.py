"""Every bundled asset loads, also from a simulated PyInstaller bundle; a missing one is named."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game.client.assets import ICON_NAMES, Assets, asset_path, verify_all
from game.client.audio import Audio
from game.client.smoke import run_smoke
from game.client.theme import FONT_FILES
from game.resources import BUNDLE_ROOT_ENV, bundle_root

REPO_ASSETS = Path(__file__).resolve().parents[2] / "assets"


@pytest.fixture
def fonts() -> None:
    pygame.font.init()


@pytest.fixture
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of assets/ under a fake bundle root, selected through MAGESTONE_BUNDLE_ROOT."""
    root = tmp_path / "bundle"
    shutil.copytree(REPO_ASSETS, root / "assets")
    monkeypatch.setenv(BUNDLE_ROOT_ENV, str(root))
    return root


def test_every_bundled_asset_loads(fonts: None) -> None:
    assert verify_all() == []


def test_fonts_come_from_the_bundle_only_and_carry_their_licences() -> None:
    for file_name in FONT_FILES.values():
        assert (REPO_ASSETS / "fonts" / file_name).is_file()
    assert {path.name for path in (REPO_ASSETS / "fonts").glob("*LICENSE*")} == {
        "EBGaramond-LICENSE.txt",
        "Lato-LICENSE.txt",
    }
    licence = (REPO_ASSETS / "icons" / "LICENSE").read_text(encoding="utf-8")
    assert "CC BY 3.0" in licence and "Lorc" in licence and "Delapouite" in licence


def test_assets_resolve_under_a_simulated_bundle_root(bundle: Path, fonts: None) -> None:
    assert bundle_root() == bundle
    assert asset_path("icons", "mage.svg") == bundle / "assets" / "icons" / "mage.svg"
    assert verify_all() == []


def test_a_bundle_missing_an_asset_is_reported_by_name(bundle: Path, fonts: None) -> None:
    (bundle / "assets" / "icons" / "nexus.svg").unlink()
    (bundle / "assets" / "sounds" / "dice.wav").write_bytes(b"not a wav")
    problems = verify_all()
    assert any("nexus.svg" in problem for problem in problems)
    assert any("dice.wav" in problem for problem in problems)
    assert run_smoke(5, None) == 1


def test_icons_are_cached_per_size_and_tinted_on_request(fonts: None) -> None:
    assets = Assets()
    assert assets.icon("mage", 32) is assets.icon("mage", 32)
    assert assets.icon("mage", 48).get_size() == (48, 48)
    tinted = assets.icon("magestone", 64, (200, 100, 50))
    opaque = [tinted.get_at((x, y)) for x in range(64) for y in range(64) if tinted.get_at((x, y)).a == 255]
    assert opaque and all(pixel.r == 200 and pixel.g == 100 and pixel.b == 50 for pixel in opaque)
    assert set(ICON_NAMES) <= {path.stem for path in (REPO_ASSETS / "icons").glob("*.svg")}


def test_smoke_run_visits_every_menu_scene_and_writes_a_screenshot_at_its_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot = tmp_path / "title.png"
    assert run_smoke(None, shot, (1600, 900)) == 0
    said = capsys.readouterr().out
    assert "SettingsScene" in said and "a MageStone and a MagiStrat match played" in said
    assert pygame.image.load(shot).get_size() == (1600, 900)


def test_no_audio_device_means_silence_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    audio = Audio()
    audio.start()
    assert not audio.available
    audio.play("click")
