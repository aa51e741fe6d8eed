"""Contextual tips: the first time a rule comes into play in a match, a short dismissible note.

Tips are keyed by the rules' event kinds, one tuple per game (:data:`GAME_TIPS`: a table shows
only its own game's), shown once per player (remembered in the tutorial progress file, so tip ids
are unique across games) and switched off with the ``contextual_tips`` setting. F1 opens the
matching rules topic.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.client import decor, theme
from game.client.tutorial.progress import Progress
from game.rules.protocol import Event

Matcher = Callable[[Mapping[str, Any], Sequence[Event]], bool]
"""Does this event (its data, with every event of the same action) trigger the tip?"""


@dataclass(frozen=True)
class Tip:
    """One tip: which event triggers it, what it says, and the rules topic behind it."""

    id: str
    event: str
    title: str
    text: str
    topic: str
    when: Matcher = lambda data, events: True


def _tie(data: Mapping[str, Any], events: Sequence[Event]) -> bool:
    return len(data.get("rolls", ())) > 1


def _king_attacks(data: Mapping[str, Any], events: Sequence[Event]) -> bool:
    """The attacker is a King that has just moved (MagiStrat)."""
    return any(
        e.kind == "moved" and e.data.get("piece") == "K" and e.data.get("to") == data.get("attacker")
        for e in events
    )


MAGESTONE_TIPS: tuple[Tip, ...] = (
    Tip(
        "tie",
        "dice_rolled",
        "A tie: roll again",
        "Equal totals never decide a fight: every die is rolled again until one side is higher. "
        "That is why one die against one die is exactly 50:50.",
        "combat",
        _tie,
    ),
    Tip(
        "gravestone",
        "gravestone_placed",
        "A gravestone",
        "A fallen Warrior leaves a gravestone while the shared bank lasts. A Priest that stops on it "
        "raises a new Warrior.",
        "falling",
    ),
    Tip(
        "bank_empty",
        "gravestone_not_placed",
        "No gravestone",
        "No gravestone this time: the bank is empty, the square is on the Nexus, or it already has one.",
        "falling",
    ),
    Tip(
        "siege",
        "respawn_held",
        "Under siege",
        "An enemy stands on the base, so fallen Mages and Priests cannot respawn until it is clear. "
        "A player with nothing on the board and no way back is eliminated.",
        "falling",
        lambda data, events: data.get("reason") == "siege",
    ),
    Tip(
        "raised",
        "warrior_raised",
        "A Warrior rises",
        "The Priest raised a Warrior and stepped back the way it came. The gravestone is gone for good.",
        "priest",
    ),
    Tip(
        "activated",
        "stones_activated",
        "Activated for good",
        "Activated stones never turn back, even when dropped, spent or taken. They power the Mage's die: "
        "d6 with 0 or 1, d12 with 2 or 3, d20 with 4 or more.",
        "stones",
    ),
    Tip(
        "bolt_blocked",
        "bolt_blocked",
        "Bolt blocked",
        "Only a Mage can block a Bolt, by out-rolling the caster. Nothing bounces back; the stone lies on "
        "the target's square.",
        "sorcery",
    ),
    Tip(
        "rite",
        "rite_declared",
        "The Rite has begun",
        "Keep every enemy off the Nexus until play comes back round (twice with one rival, once with "
        "three). One enemy on any Nexus square breaks it.",
        "rite",
    ),
)

MAGISTRAT_TIPS: tuple[Tip, ...] = (
    Tip(
        "enhanced",
        "enhanced",
        "Enhanced by a God",
        "A piece under its own God is enhanced from the end of the turn: it cannot be stolen, and it gains "
        "its God power or transforms.",
        "gods",
    ),
    Tip(
        "stolen",
        "stolen",
        "Stolen!",
        "A stolen piece changes side in the outcome and keeps its remaining potential.",
        "attacks",
    ),
    Tip(
        "dropped_out",
        "dropped_out",
        "Dropped out of the cube",
        "A transformed piece lost its God and fell, but the Ground cell below was taken: destroyed.",
        "gods",
    ),
    Tip(
        "king_attack",
        "attacked",
        "The King strikes",
        "A King attacks every enemy around it at once, each for 10% of that piece's full potential. "
        "Only Archmages and Mages can hurt a King.",
        "attacks",
        _king_attacks,
    ),
    Tip(
        "rose",
        "rose",
        "Rising to High-born",
        "An enhanced Mage or Apprentice transforms and rises to the High-born cell above, when it is free. "
        "It keeps its potential and acts as an Archmage or a Priest.",
        "gods",
    ),
    Tip(
        "dropped",
        "dropped",
        "Back to the Ground",
        "A transformed piece whose God moved away loses its enhancement and drops back to the Ground "
        "cell below.",
        "gods",
    ),
    Tip(
        "god_power",
        "destroyed",
        "God power",
        "An enhanced Archmage destroys the enemy piece straight above or below it (never a King or an "
        "enhanced piece); an enhanced Priest steals it instead.",
        "gods",
        lambda data, events: data.get("reason") == "god_power",
    ),
)

MAGNASTORM_TIPS: tuple[Tip, ...] = (
    Tip(
        "ms_commander_lost",
        "took_over",
        "A commander changes hands",
        "Taking over a commander another player holds costs one more cube, of the holder's colour; the "
        "holder hands over the card and loses its red reputation.",
        "takeover",
        lambda data, events: int(data.get("previous", -1)) >= 0,
    ),
    Tip(
        "ms_black_cube",
        "bag_drawn",
        "A black cube",
        "Black cubes stay in the bag: whoever draws one puts it back and takes a cube of their own "
        "colour from the supply instead.",
        "panel",
        lambda data, events: data.get("colour") == "k",
    ),
    Tip(
        "ms_station_fare",
        "station_start",
        "Setting out from a station",
        "A move may start at any transmitter station: free at your own, one cube of your choice to the "
        "owner at someone else's.",
        "stations",
        lambda data, events: data.get("owner") != data.get("seat"),
    ),
    Tip(
        "ms_first_objective",
        "objective",
        "An objective fulfilled",
        "The first to fulfil an objective takes its highest reputation space; whoever follows gets less. "
        "Each player may fulfil each objective once.",
        "objectives",
    ),
    Tip(
        "ms_administration",
        "administration",
        "The administration",
        "The upper panel is empty: income, majorities, research commanders, turn order, the panels swap "
        "and the storm moves on. Next step shows each in turn.",
        "administration",
    ),
    Tip(
        "ms_research_tie",
        "research_commander",
        "A tie on a research track",
        "Only a player alone at the top of a track takes its research commander: on a tie nobody does, "
        "and a previous holder loses the card's red reputation.",
        "administration",
        lambda data, events: int(data.get("seat", -1)) < 0,
    ),
    Tip(
        "ms_storm_moved",
        "centre_rotated",
        "The storm moves",
        "The centre tile turned one sector clockwise. A runner now in a storm sector must leave it on its "
        "next move, and labs in the storm earn nothing until the storm passes.",
        "storm",
    ),
    Tip(
        "ms_end_triggered",
        "end_triggered",
        "The reputation goal is reached",
        "The game ends once the players after this one in turn order have had their turn this pass; the "
        "most reputation wins, even if the goal-setter falls behind.",
        "end",
    ),
)

GAME_TIPS: dict[str, tuple[Tip, ...]] = {
    "magestone": MAGESTONE_TIPS,
    "magistrat": MAGISTRAT_TIPS,
    "magnastorm": MAGNASTORM_TIPS,
}
"""Each game's tips (a table shows its own game's)."""
TIPS: tuple[Tip, ...] = tuple(tip for tips in GAME_TIPS.values() for tip in tips)
"""Every tip of every game."""


class TipBox:
    """The tip currently shown in a match (one at a time), fed with the events of each action."""

    def __init__(self, progress: Progress, enabled: Callable[[], bool], game: str | None = None) -> None:
        self.progress = progress
        self.enabled = enabled
        self.tips = GAME_TIPS.get(game, ()) if game is not None else TIPS
        """The tips this box may show: its game's (every game's when none is named)."""
        self.current: Tip | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    def observe(self, events: Sequence[Event]) -> None:
        """Show the first not-yet-seen tip these events trigger (when tips are on)."""
        if not self.enabled():
            return
        for event in events:
            for tip in self.tips:
                seen = tip.id in self.progress.tips_seen
                if tip.event == event.kind and not seen and tip.when(event.data, events):
                    self.current = tip
                    self.progress.see_tip(tip.id)
                    return

    def dismiss(self) -> None:
        """Hide the tip."""
        self.current = None

    def click(self, pos: tuple[float, float]) -> bool:
        """A click on the tip dismisses it; True when the click was used."""
        if self.current is not None and self.rect.collidepoint(pos):
            self.dismiss()
            return True
        return False

    def draw(
        self,
        surface: pygame.Surface,
        assets: Any,
        anchor: tuple[int, int],
        unit: float = 1.0,
        bounds: pygame.Rect | None = None,
        width: int = 420,
    ) -> None:
        """Draw the tip (if any) centred under ``anchor``, ``width`` design pixels wide at ``unit``
        pixels each, kept inside ``bounds`` (the board) when given."""
        tip = self.current
        if tip is None:
            return

        def u(value: float) -> int:
            return max(1, round(value * unit))

        box_w = u(width) if bounds is None else min(u(width), bounds.width)
        body = max(9, u(15))
        lines = decor.wrap(assets, "ui", body, tip.text, box_w - u(28))
        self.rect = pygame.Rect(0, 0, box_w, u(58) + u(19) * len(lines))
        self.rect.midtop = anchor
        if bounds is not None:
            self.rect.clamp_ip(bounds)
        decor.blit_panel(surface, self.rect, radius=12, alpha=240, unit=unit)
        pygame.draw.rect(surface, (120, 226, 255), self.rect, width=u(2), border_radius=u(12))
        title_size = max(9, u(20))
        note_size = max(9, u(12))
        note = "click to close · F1 rules"
        note_w = assets.font("ui", note_size).size(note)[0]
        title = decor.elide(assets, "title", title_size, tip.title, box_w - u(40) - note_w)
        decor.text(
            surface,
            assets,
            "title",
            title_size,
            title,
            theme.GOLD_BRIGHT,
            (self.rect.x + u(14), self.rect.y + u(8)),
        )
        decor.text(
            surface,
            assets,
            "ui",
            note_size,
            note,
            theme.TEXT_DISABLED,
            (self.rect.right - u(12), self.rect.y + u(12)),
            "topright",
        )
        for index, line in enumerate(lines):
            decor.text(
                surface,
                assets,
                "ui",
                body,
                line,
                theme.TEXT,
                (self.rect.x + u(14), self.rect.y + u(38) + index * u(19)),
            )
