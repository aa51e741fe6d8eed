"""Synthesize the game's sound effects into assets/sounds/*.wav (standard library only).

``python tools/make_sounds.py``. Deterministic: the same script always writes the same files.
Every sound is short, mono, 44.1 kHz, 16-bit, faded in and out so it never clicks.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44_100
ASSETS = Path(__file__).resolve().parent.parent / "assets" / "sounds"
TAU = 2 * math.pi

Samples = list[float]


def silence(seconds: float) -> Samples:
    """A buffer of ``seconds`` of silence."""
    return [0.0] * int(seconds * RATE)


def mix_into(target: Samples, source: Samples, at: float, gain: float = 1.0) -> None:
    """Add ``source`` into ``target`` starting at ``at`` seconds (clipped to the target)."""
    start = int(at * RATE)
    for index, value in enumerate(source[: max(0, len(target) - start)]):
        target[start + index] += value * gain


def tone(
    freq: Callable[[float], float] | float,
    seconds: float,
    decay: float,
    partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),),
    attack: float = 0.004,
) -> Samples:
    """A decaying tone; ``freq`` may vary with time; ``partials`` are (ratio, amplitude) pairs."""
    frequency = freq if callable(freq) else (lambda _t, f=freq: f)
    out: Samples = []
    phase = 0.0
    for index in range(int(seconds * RATE)):
        t = index / RATE
        phase += TAU * frequency(t) / RATE
        envelope = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(envelope * sum(amp * math.sin(phase * ratio) for ratio, amp in partials))
    return out


def noise(seconds: float, decay: float, rng: random.Random, smooth: float = 0.5) -> Samples:
    """Decaying noise through a one-pole low-pass (``smooth`` near 1 = darker)."""
    out: Samples = []
    state = 0.0
    for index in range(int(seconds * RATE)):
        state = smooth * state + (1 - smooth) * rng.uniform(-1, 1)
        out.append(state * math.exp(-index / RATE / decay))
    return out


def echo(samples: Samples, delay: float, feedback: float, tail: float) -> Samples:
    """A simple feedback delay, a touch of room for the magical sounds."""
    out = samples + [0.0] * int(tail * RATE)
    step = int(delay * RATE)
    for index in range(step, len(out)):
        out[index] += out[index - step] * feedback
    return out


def finish(samples: Samples, peak: float) -> Samples:
    """Normalise to ``peak`` (0..1) and apply 3 ms fades at both ends."""
    top = max((abs(value) for value in samples), default=0.0) or 1.0
    fade = int(0.003 * RATE)
    out = [value * peak / top for value in samples]
    for index in range(min(fade, len(out))):
        out[index] *= index / fade
        out[-1 - index] *= index / fade
    return out


def click() -> Samples:
    """A soft wooden tick for button presses."""
    body = tone(620, 0.07, 0.012, ((1.0, 1.0), (2.7, 0.35)))
    tick = tone(2100, 0.07, 0.005)
    return finish([a + 0.5 * b for a, b in zip(body, tick, strict=True)], 0.55)


def hover() -> Samples:
    """A faint glassy tick for pointer-over."""
    return finish(tone(2600, 0.05, 0.010, ((1.0, 1.0), (1.5, 0.3))), 0.18)


def dice(rng: random.Random) -> Samples:
    """Bone dice rattling on wood: a few hits closer and quieter each time."""
    out = silence(0.55)
    at, gain = 0.0, 1.0
    for _ in range(6):
        hit = noise(0.06, 0.008, rng, smooth=0.35)
        ring = tone(rng.uniform(1100, 1700), 0.06, 0.010, ((1.0, 1.0), (2.3, 0.4)))
        mix_into(out, [a + 0.6 * b for a, b in zip(hit, ring, strict=True)], at, gain)
        at += rng.uniform(0.05, 0.11) * gain + 0.02
        gain *= 0.72
    return finish(out, 0.7)


def step() -> Samples:
    """A soft footstep: a low thump with a little scuff."""
    thump = tone(lambda t: 150 - 500 * t, 0.12, 0.03)
    scuff = noise(0.12, 0.02, random.Random(7), smooth=0.8)
    return finish([a + 0.4 * b for a, b in zip(thump, scuff, strict=True)], 0.6)


def fall() -> Samples:
    """A unit falls: a sinking tone ending in a dull thud."""
    out = silence(0.75)
    sink = tone(lambda t: 520 * math.exp(-2.6 * t), 0.55, 0.25, ((1.0, 1.0), (2.0, 0.25)))
    mix_into(out, [value * (0.75 + 0.25 * math.sin(TAU * 11 * i / RATE)) for i, value in enumerate(sink)], 0)
    mix_into(out, tone(lambda t: 95 - 120 * t, 0.2, 0.06), 0.5, 1.4)
    mix_into(out, noise(0.2, 0.05, random.Random(3), smooth=0.9), 0.5, 0.8)
    return finish(out, 0.7)


def spell() -> Samples:
    """A shimmering rising arpeggio with a bell-like tail."""
    out = silence(0.9)
    bell = ((1.0, 1.0), (2.76, 0.3), (5.4, 0.12))
    for index, note in enumerate((440.0, 554.37, 659.25, 880.0, 1108.73)):

        def vibrato(t: float, f: float = note) -> float:
            return f * (1 + 0.004 * math.sin(TAU * 6 * t))

        mix_into(out, tone(vibrato, 0.6, 0.22, bell), index * 0.07, 0.8)
    sparkle = noise(0.9, 0.25, random.Random(11), smooth=0.05)
    mix_into(
        out,
        [value * 0.08 * (0.5 + 0.5 * math.sin(TAU * 23 * i / RATE)) for i, value in enumerate(sparkle)],
        0,
    )
    return finish(echo(out, 0.11, 0.35, 0.4), 0.6)


def victory() -> Samples:
    """A short brass-like fanfare resolving on a major chord."""
    out = silence(1.9)
    brass = ((1.0, 1.0), (2.0, 0.5), (3.0, 0.3), (4.0, 0.15))
    for at, note in ((0.0, 523.25), (0.14, 659.25), (0.28, 783.99)):
        mix_into(out, tone(note, 0.22, 0.12, brass, attack=0.015), at, 0.7)
    for note in (523.25, 659.25, 783.99, 1046.5):
        mix_into(out, tone(note, 1.4, 0.55, brass, attack=0.03), 0.45, 0.5)
    return finish(echo(out, 0.13, 0.25, 0.3), 0.65)


def write_wav(path: Path, samples: Samples) -> None:
    """Write mono 16-bit PCM."""
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(value * 32767)))) for value in samples)
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(frames)


def main() -> int:
    """Write every sound file."""
    ASSETS.mkdir(parents=True, exist_ok=True)
    sounds = {
        "click": click(),
        "hover": hover(),
        "dice": dice(random.Random(42)),
        "step": step(),
        "fall": fall(),
        "spell": spell(),
        "victory": victory(),
    }
    for name, samples in sounds.items():
        write_wav(ASSETS / f"{name}.wav", samples)
        print(f"assets/sounds/{name}.wav  {len(samples) / RATE:.2f} s")
    (ASSETS / "LICENSE").write_text(
        "These sound effects were synthesized for MageStone by tools/make_sounds.py\n"
        "and are distributed under the same licence as the game (MIT).\n",
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
