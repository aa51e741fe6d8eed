"""Physics dice: pymunk bodies thrown across a tray, relabelled to show the faces the rules rolled.

The rules decide every face before anything moves. A throw is simulated to rest at once, then
played back; the number on top of each die is chosen frame by frame so that it tumbles while the
die turns and lands, exactly, on the engine's face. Physics never decides anything, and the tray
never sees the game state. Each tie re-roll is thrown in turn.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pymunk

STEP = 1 / 60
MAX_FRAMES = 110
DIE_SIZE = 30.0
HOLD_SECONDS = 0.9
"""How long a settled roll stays (at normal speed) before the next tie re-roll is thrown, or the
board and the log show the result."""


@dataclass(frozen=True)
class Pose:
    """One die in one frame: where it is, how it is turned and the face on top."""

    x: float
    y: float
    angle: float
    face: int


@dataclass
class DieTrack:
    """A die's whole recorded flight: owner (``"attacker"``/``"defender"``), sides, final face, poses."""

    owner: str
    sides: int
    face: int
    poses: list[Pose]


@dataclass(frozen=True)
class Roll:
    """One throw of a contest: the attacker's faces against the defender's face."""

    attacker: tuple[int, ...]
    defender: int
    attacker_sides: int
    defender_sides: int


def simulate(roll: Roll, width: float, height: float, rng: random.Random) -> list[DieTrack]:
    """Throw the dice of ``roll`` from the left of a ``width`` by ``height`` tray and record them to rest."""
    space = pymunk.Space()
    space.damping = 0.22
    walls = [
        ((0, 0), (width, 0)),
        ((width, 0), (width, height)),
        ((width, height), (0, height)),
        ((0, height), (0, 0)),
    ]
    for a, b in walls:
        wall = pymunk.Segment(space.static_body, a, b, 2)
        wall.elasticity = 0.7
        wall.friction = 0.6
        space.add(wall)
    dice: list[tuple[pymunk.Body, str, int, int]] = []
    entries = [("attacker", roll.attacker_sides, f) for f in roll.attacker] + [
        ("defender", roll.defender_sides, roll.defender)
    ]
    for index, (owner, sides, face) in enumerate(entries):
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (DIE_SIZE, DIE_SIZE)))
        lane = (index + 0.5) / len(entries)
        body.position = (DIE_SIZE, height * (0.15 + 0.7 * lane) + rng.uniform(-4, 4))
        body.velocity = (rng.uniform(420, 640), rng.uniform(-160, 160))
        body.angular_velocity = rng.uniform(-14, 14)
        body.angle = rng.uniform(0, math.tau)
        shape = pymunk.Poly.create_box(body, (DIE_SIZE, DIE_SIZE), 4)
        shape.elasticity = 0.55
        shape.friction = 0.5
        space.add(body, shape)
        dice.append((body, owner, sides, face))
    raw: list[list[tuple[float, float, float]]] = [[] for _ in dice]
    for _frame in range(MAX_FRAMES):
        for body, *_ in dice:
            body.angular_velocity *= 0.965
        space.step(STEP)
        for track, (body, *_) in zip(raw, dice, strict=True):
            track.append((body.position.x, body.position.y, body.angle))
        if all(b.velocity.length < 6 and abs(b.angular_velocity) < 0.3 for b, *_ in dice):
            break
    return [
        _relabel(owner, sides, face, track) for track, (_, owner, sides, face) in zip(raw, dice, strict=True)
    ]


def _relabel(owner: str, sides: int, face: int, track: list[tuple[float, float, float]]) -> DieTrack:
    """Poses whose top face counts down quarter turns to ``face``; the die squares up at the end."""
    end_angle = track[-1][2]
    square = round(end_angle / (math.pi / 2)) * (math.pi / 2)
    poses = []
    last = len(track) - 1
    for index, (x, y, angle) in enumerate(track):
        turns = int(abs(end_angle - angle) // (math.pi / 2))
        shown = (face - 1 + turns * 7) % sides + 1 if turns else face
        settle = max(0.0, 1 - (last - index) / 12)
        poses.append(Pose(x, y, angle + (square - end_angle) * settle, shown))
    return DieTrack(owner, sides, face, poses)


class DiceTray:
    """Plays contests: each roll (ties first) thrown, settled, held, then the next."""

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self.rolls: list[Roll] = []
        self.index = 0
        self.tracks: list[DieTrack] = []
        self.time = 0.0
        self.winner = ""
        self._rng = random.Random(0)

    def throw(self, rolls: list[Roll], winner: str, seed: int) -> None:
        """Start a contest's throws; ``seed`` only varies the tumbling (the faces are given)."""
        self._rng = random.Random(seed)
        self.rolls = list(rolls)
        self.winner = winner
        self.index = 0
        self._start_roll()

    def _start_roll(self) -> None:
        self.time = 0.0
        self.tracks = (
            simulate(self.rolls[self.index], self.width, self.height, self._rng) if self.rolls else []
        )

    @property
    def frames(self) -> int:
        """Frames of the current throw."""
        return max((len(t.poses) for t in self.tracks), default=0)

    @property
    def settled(self) -> bool:
        """True once the current throw lies still."""
        return self.time >= (self.frames - 1) * STEP

    @property
    def done(self) -> bool:
        """True once the last throw has settled and been held."""
        return not self.rolls or (
            self.index == len(self.rolls) - 1 and self.time >= (self.frames - 1) * STEP + HOLD_SECONDS
        )

    @property
    def is_tie(self) -> bool:
        """True when the throw on show is a tie that will be re-rolled."""
        return self.index < len(self.rolls) - 1

    def update(self, dt: float) -> None:
        """Advance the playback by ``dt`` seconds (already scaled by the animation speed)."""
        if not self.rolls:
            return
        self.time += dt
        while self.index < len(self.rolls) - 1 and self.time >= (self.frames - 1) * STEP + HOLD_SECONDS:
            self.index += 1
            self._start_roll()

    def finish(self) -> None:
        """Skip to the settled last throw."""
        if not self.rolls:
            return
        if self.index != len(self.rolls) - 1:
            self.index = len(self.rolls) - 1
            self._start_roll()
        self.time = (self.frames - 1) * STEP + HOLD_SECONDS

    def poses(self) -> list[tuple[DieTrack, Pose]]:
        """Each die of the current throw with its pose now."""
        frame = min(self.frames - 1, int(self.time / STEP))
        return [(t, t.poses[min(frame, len(t.poses) - 1)]) for t in self.tracks]

    def shown_faces(self) -> tuple[tuple[int, ...], int] | None:
        """The faces on top now: (attacker faces, defender face)."""
        if not self.tracks:
            return None
        poses = self.poses()
        attacker = tuple(p.face for t, p in poses if t.owner == "attacker")
        defender = next(p.face for t, p in poses if t.owner == "defender")
        return attacker, defender
