"""``smoke --frames N`` draws exactly N frames; ``bench startup`` runs from a frozen build."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.client.app import App
from game.client.smoke import run_smoke
from game.client.startup import bench_startup, own_command


def test_smoke_frames_stops_the_tour_after_exactly_that_many_frames(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    drawn: list[int] = []
    step = App.step

    def counted(app: App, dt: float) -> None:
        drawn.append(1)
        step(app, dt)

    monkeypatch.setattr(App, "step", counted)
    assert main(["smoke", "--frames", "5"]) == 0
    assert len(drawn) == 5
    assert "5 frames" in capsys.readouterr().out


def test_smoke_frames_has_help_text() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "game", "smoke", "--help"], capture_output=True, text=True, check=True
    )
    assert "--frames N" in completed.stdout and "stop after N frames" in completed.stdout


def test_a_smoke_run_cut_short_still_writes_its_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "early.png"
    assert run_smoke(3, shot) == 0
    assert shot.is_file()


def _fake_frozen_build(tmp_path: Path) -> Path:
    """An executable that, like the PyInstaller build, takes the command line with no ``-m game``
    (given ``-m game`` it fails, as the real build did)."""
    launcher = tmp_path / "MageStone"
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m game "$@"\n', encoding="utf-8")
    launcher.chmod(0o755)
    return launcher


@pytest.mark.skipif(sys.platform.startswith("win"), reason="the stand-in build is a shell script")
def test_bench_startup_in_a_frozen_build_starts_the_build_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build = _fake_frozen_build(tmp_path)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(build))
    assert own_command() == [str(build)]
    figures = bench_startup(runs=1)
    assert figures["build"] == "frozen"
    assert 0 < figures["startup_window_s"] <= figures["startup_menu_s"]


@pytest.mark.skipif(sys.platform.startswith("win"), reason="the stand-in build is a shell script")
def test_bench_startup_names_the_command_that_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken"
    broken.write_text("#!/bin/sh\necho 'no such option' >&2\nexit 2\n", encoding="utf-8")
    broken.chmod(0o755)
    assert main(["bench", "startup", "--executable", str(broken)]) == 1
    said = capsys.readouterr().err
    assert str(broken) in said and "no such option" in said
