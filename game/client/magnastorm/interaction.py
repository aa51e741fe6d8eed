"""A Magnastorm turn as clicks: the legal decisions grouped by what they are drawn on, their previews,
what cannot be done and why, and the keyboard cursor.

The rules offer one small decision at a time (a crew member, a space, an option, a step, a lab...).
:class:`TurnInput` groups the decisions by their :class:`~game.client.magnastorm.geometry.Target`
(``target_of``); decisions drawn on nothing (move, gain, done, finish...) become buttons. Every
preview is the rules' own answer: the decision is applied to a copy of the state and the copy is
compared with the original (cubes by colour, reputation, research levels, bonuses, a bag draw).
Targets that are shown but not possible now (a commander you cannot pay for, a lab slot too dear,
an objective not yet met) are *greyed* with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.client.magnastorm.geometry import Target
from game.client.magnastorm.narrator import named
from game.client.magnastorm.targets import area_of_space, target_of
from game.client.magnastorm.texts import bonus_words, cost_words, cube_word, objective_words
from game.rules.magnastorm import Action, MagnastormState
from game.rules.magnastorm.actions import act
from game.rules.magnastorm.core import T_CELL, T_SPACE
from game.rules.magnastorm.data import Cost
from game.rules.magnastorm.describe import AREA_WORDS
from game.rules.magnastorm.state import COLOURS, LAB_SLOTS, STATION_SLOTS
from game.rules.protocol import CHANCE

BUTTON_LABELS = {
    "move": "Move the runner",
    "gain": "Take the cubes",
    "done": "Done",
    "finish": "End turn",
    "joy": "Draw 2 more",
    "nojoy": "No extra draw",
    "justin": "One more area",
    "adira": "Research for 2 cubes",
    "mira": "Jump (Mira)",
    "go": "Set out from here",
}
"""Labels of the decisions that are buttons rather than places on the table."""


@dataclass(frozen=True)
class Preview:
    """What a decision costs and gives, read from a copy of the state after it."""

    title: str
    lines: tuple[str, ...] = ()
    label: str = ""
    """A short form for the table (``-1y, +3 rep``)."""
    draws: bool = False
    """True when a bag draw follows (it cannot be taken back)."""


@dataclass(frozen=True)
class ButtonChoice:
    """A decision offered as a button: its action (None when greyed), label, tooltip."""

    label: str
    action: Action | None
    tooltip: str


@dataclass
class Outcome:
    """What a click on a target means: play ``action``, offer ``choices``, or explain ``message``."""

    action: Action | None = None
    choices: list[Action] = field(default_factory=list)
    message: str = ""


def button_label(action: Action) -> str:
    """A button's text for a decision that is not drawn on the table."""
    if action.verb == "dain":
        count = action.args[0]
        return f"Spend {count} yellow" if count != "0" else "Spend none"
    if action.verb == "go" and action.args:
        return f"Set out from {action.args[0]}"
    if action.verb == "move" and action.args:
        return "Move (own for yellow)" if action.args[0] == "iy" else "Move (yellow for own)"
    return BUTTON_LABELS.get(action.verb, str(action))


def _cube_counts(state: MagnastormState, seat: int) -> list[int]:
    return state.cubes[seat * 5:seat * 5 + 5]


def _colour_words(colour: int, seat: int, names: Sequence[str]) -> str:
    if colour == seat + 1:
        return "own"
    return cube_word(COLOURS[colour], names)


def compare(
    before: MagnastormState, after: MagnastormState, seat: int, names: Sequence[str]
) -> tuple[list[str], list[str]]:
    """The changes from ``before`` to ``after`` for ``seat`` (and others' reputation): long lines and
    short parts."""
    lines: list[str] = []
    short: list[str] = []
    old, new = _cube_counts(before, seat), _cube_counts(after, seat)
    paid = [(c, old[c] - new[c]) for c in range(5) if new[c] < old[c]]
    got = [(c, new[c] - old[c]) for c in range(5) if new[c] > old[c]]
    if paid:
        text = ", ".join(f"{n} {_colour_words(c, seat, names)}" for c, n in paid)
        lines.append(f"Pays {text}")
        short.extend(f"−{n}{COLOURS[c] if c != seat + 1 else 'o'}" for c, n in paid)  # noqa: RUF001
    if got:
        text = ", ".join(f"{n} {_colour_words(c, seat, names)}" for c, n in got)
        lines.append(f"Gets {text}")
        short.extend(f"+{n}{COLOURS[c] if c != seat + 1 else 'o'}" for c, n in got)
    for other in range(before.num_players):
        gain = after.rep[other] - before.rep[other]
        if gain:
            whose = "" if other == seat else f"{names[other]}: "
            lines.append(f"{whose}{gain:+d} reputation (now {after.rep[other]})")
            if other == seat:
                short.append(f"{gain:+d} rep")
    areas = before.s.areas
    for area in range(areas):
        steps = after.level(seat, area) - before.level(seat, area)
        if steps:
            colour = before.s.colours[area]
            level = after.level(seat, area)
            bonus = before.s.research.bonuses[area].get(level) if steps > 0 else None
            extra = f" — bonus: {bonus_words(bonus)}" if bonus else ""
            lines.append(f"{AREA_WORDS[colour].title()} research {steps:+d} (level {level}){extra}")
            short.append(f"{steps:+d} {AREA_WORDS[colour]}")
    built = sum(before.station_slots[seat * STATION_SLOTS:(seat + 1) * STATION_SLOTS]) - sum(
        after.station_slots[seat * STATION_SLOTS:(seat + 1) * STATION_SLOTS]
    )
    if built > 0:
        lines.append("Builds a transmitter station")
    dropped = sum(before.lab_slots[seat * LAB_SLOTS:(seat + 1) * LAB_SLOTS]) - sum(
        after.lab_slots[seat * LAB_SLOTS:(seat + 1) * LAB_SLOTS]
    )
    if dropped > 0:
        lines.append(f"Drops {dropped} lab{'s' * (dropped > 1)}")
    return lines, short


def preview(state: MagnastormState, action: Action, names: Sequence[str]) -> Preview:
    """What ``action`` costs and gives, by applying it to a copy of ``state``."""
    seat = state.current_player()
    title = named(state.describe_action(action), names)
    after = state.clone()
    events = after.apply(action)
    lines, short = compare(state, after, seat, names)
    for event in events:
        if event.kind == "bonus":
            lines.append(f"Bonus: {bonus_words(str(event.data['bonus']))}")
        elif event.kind == "end_triggered":
            lines.append("Reaches the reputation goal: the game ends after this pass")
    draws = after.current_player() == CHANCE
    if draws:
        lines.append("Then a draw from the bag (cannot be taken back)")
    top = after.tasks[-1] if after.tasks else None
    if action.verb == "to" and top is not None and top[0] == "option":
        lines.extend(_option_lines(after, names))
    if action.verb == "take":
        lines.extend(_take_lines(state, int(action.args[0][1:]), names))
    return Preview(title, tuple(lines), " ".join(short[:4]), draws)


def _take_lines(state: MagnastormState, column: int, names: Sequence[str]) -> list[str]:
    """What taking over a column brings once its crew is placed: the commander's reputation, what
    the holder loses, the effect (the first-player token: its research level and cube)."""
    crew = sum(state.upper[column * 5:column * 5 + 5])
    placed = f"Then place its {crew} crew member{'s' * (crew != 1)} on the lower panel"
    if column == 0:
        return [placed, "The first-player token: a research level and a cube of any player's colour now; "
                "you go first next round"]
    commander = state.s.content.commanders[state.admin[column]]
    lines = [placed, f"{commander.name}: +{commander.green} reputation"]
    holder = state.admin_ctrl[column]
    if holder >= 0:
        lines.append(f"{names[holder]} loses {commander.red} reputation")
    return lines


def _option_lines(state: MagnastormState, names: Sequence[str]) -> list[str]:
    """The two options of the row the crew member stands on: what moving costs, what the cubes give."""
    seat = state.current_player()
    out: list[str] = []
    legal = state.legal_actions()
    for verb, word in (("move", "Move the runner"), ("gain", "Take the cubes")):
        options = [a for a in legal if a.verb == verb and not a.args]
        if not options:
            cost = state.s.panel.move_costs[state.turn[T_CELL] // state.s.columns]
            out.append(f"{word}: not affordable (costs {cost_words(cost)})")
            continue
        after = state.clone()
        after.apply(options[0])
        _, short = compare(state, after, seat, names)
        out.append(f"{word}: {' '.join(short) or 'no cubes'}")
    bonus = state.s.panel.bonuses.get(divmod(state.turn[T_CELL], state.s.columns))
    if bonus:
        out.append(f"Space bonus: {bonus_words(bonus)}")
    return out


def _lacking(state: MagnastormState, seat: int, cost: Sequence[int]) -> str:
    held = _cube_counts(state, seat)
    missing = [f"{cost[c] - held[c]} more {'yellow' if c == 0 else 'own' if c == seat + 1 else COLOURS[c]}"
               for c in range(5) if held[c] < cost[c]]
    return ", ".join(missing) or "more cubes"


class TurnInput:
    """The human's current decision: targets with their actions, buttons, greyed targets, cursor."""

    def __init__(self, state: MagnastormState, names: Sequence[str]) -> None:
        self.state = state
        self.names = list(names)
        self.groups: dict[Target, list[Action]] = {}
        self.buttons: list[Action] = []
        self.greyed: dict[Target, str] = {}
        self.cursor: Target | None = None
        self._previews: dict[str, Preview] = {}
        self._key = ""

    def refresh(self) -> None:
        """Re-read the legal decisions (after any change of the state)."""
        key = f"{len(self.state.tasks)}/{self.state.position()}"
        if key == self._key:
            return
        self._key = key
        self._previews = {}
        self.groups = {}
        self.buttons = []
        self.greyed = {}
        if self.state.current_player() < 0:
            self.cursor = None
            return
        for action in self.state.legal_actions():
            where = target_of(self.state, action)
            if where is None:
                self.buttons.append(action)
            else:
                self.groups.setdefault(where, []).append(action)
            if action.verb == "build":  # a station is also built from its slot on the board
                self.groups.setdefault(Target("station", action.args[1]), []).append(action)
        for where, reason in self._refusals().items():
            if where is not None and where not in self.groups:
                self.greyed[where] = reason
        if self.cursor not in self.groups:
            self.cursor = None

    # -- what is possible --------------------------------------------------------------------------
    def targets(self) -> list[Target]:
        """Every target that can be clicked now, in the rules' order (Tab follows it)."""
        return list(self.groups)

    def preview(self, action: Action) -> Preview:
        """The (cached) preview of a legal action."""
        found = self._previews.get(action.text)
        if found is None:
            found = self._previews[action.text] = preview(self.state, action, self.names)
        return found

    def labels(self) -> dict[Target, str]:
        """The short preview of each target (its first action), for the table's highlights."""
        out: dict[Target, str] = {}
        for where, actions in self.groups.items():
            label = self.preview(actions[0]).label
            out[where] = label + (" …" if len(actions) > 1 else "")
        return out

    def choices(self) -> list[ButtonChoice]:
        """The button-only decisions with their previews (and a greyed Move when it is too dear)."""
        out = [ButtonChoice(self._button_text(a), a, self._tip(a)) for a in self.buttons]
        top = self.state.tasks[-1] if self.state.tasks else None
        if top is not None and top[0] == "option" and not any(a.verb == "move" for a in self.buttons):
            cost = self.state.s.panel.move_costs[self.state.turn[T_CELL] // self.state.s.columns]
            out.insert(0, ButtonChoice("Move the runner", None,
                                       f"Moving from this row costs {cost_words(cost)}: you cannot pay it."))
        return out

    def _button_text(self, action: Action) -> str:
        label = self.preview(action).label
        return f"{button_label(action)}   {label}" if label else button_label(action)

    def _tip(self, action: Action) -> str:
        shown = self.preview(action)
        return "; ".join((shown.title, *shown.lines))

    def tooltip(self, where: Target) -> str:
        """What clicking ``where`` would do (or why it cannot be done)."""
        if where in self.greyed:
            return self.greyed[where]
        actions = self.groups.get(where)
        if not actions:
            return ""
        if len(actions) == 1:
            return self._tip(actions[0])
        return "Choose: " + " / ".join(self.preview(a).title for a in actions)

    # -- clicks and keys -----------------------------------------------------------------------------
    def click(self, where: Target | None) -> Outcome:
        """What a click on ``where`` means now."""
        if where is None:
            return Outcome()
        if where in self.greyed:
            return Outcome(message=self.greyed[where])
        actions = self.groups.get(where)
        if not actions and where.kind == "space":  # a space one step away: the step to its area
            actions = self.groups.get(area_of_space(self.state, where))
        if not actions:
            return Outcome(message=self.prompt())
        if len(actions) == 1:
            return Outcome(action=actions[0])
        return Outcome(choices=list(actions))

    def step_cursor(self, delta: int) -> Target | None:
        """Tab / Shift+Tab: move the cursor to the next (previous) target that can be clicked."""
        targets = self.targets()
        if not targets:
            self.cursor = None
            return None
        index = targets.index(self.cursor) + delta if self.cursor in targets else (0 if delta > 0 else -1)
        self.cursor = targets[index % len(targets)]
        return self.cursor

    # -- what the player is asked ------------------------------------------------------------------
    def prompt(self) -> str:
        """The decision asked for now, in words."""
        state = self.state
        if not state.tasks or state.current_player() < 0:
            return ""
        kind = state.tasks[-1][0]
        return PROMPTS.get(kind, "Choose what to do")

    def _refusals(self) -> dict[Target | None, str]:
        """Targets shown on the table that cannot be chosen now, with the reason."""
        state = self.state
        seat = state.current_player()
        kind = state.tasks[-1][0]
        out: dict[Target | None, str] = {}
        if kind == "main":
            out.update(self._take_refusals(seat))
        elif kind == "land":
            out.update(self._build_refusals(seat))
        elif kind == "objective":
            for slot in range(4):
                if state.objectives[slot]:
                    out[target_of(state, act(f"obj {slot + 1}"))] = self._objective_refusal(seat, slot)
        elif kind == "step" and state.tasks[-1][2] < 0:
            board = state.s.board
            for area in board.neighbours[state.runner[seat]]:
                if not state.s.quiet[state.rotation][board.area_sector[area]]:
                    name = board.area_names[area]
                    out[target_of(state, act(f"step {name}"))] = (
                        f"Area {name} is in the storm: no runner enters it.")
        return out

    def _take_refusals(self, seat: int) -> dict[Target | None, str]:
        state = self.state
        out: dict[Target | None, str] = {}
        for column in range(state.s.columns):
            crew = state.upper[column * 5:column * 5 + 5]
            holder = state.admin_ctrl[column] if column else state.fp_holder
            where = target_of(state, act(f"take c{column}"))
            if holder == seat:
                out[where] = "You already hold this commander."
            elif not any(crew):
                out[where] = "No crew in this column: nobody can take it over now."
            else:
                cost = list(crew)
                if column and holder >= 0:
                    cost[holder + 1] += 1
                out[where] = (f"Taking over costs {self._cost_text(seat, cost)}: "
                              f"you need {_lacking(state, seat, cost)}.")
        return out

    def _cost_text(self, seat: int, cost: Sequence[int]) -> str:
        return ", ".join(f"{n} {_colour_words(c, seat, self.names)}" for c, n in enumerate(cost) if n)

    def _build_refusals(self, seat: int) -> dict[Target | None, str]:
        state = self.state
        out: dict[Target | None, str] = {}
        space = state.turn[T_SPACE]
        owner = state.space_owner[space]
        board = state.s.board
        if owner >= 0 and owner != seat:
            why = f"Space {space} has {self.names[owner]}'s lab: no lab of yours here."
        elif owner == seat:
            why = "One lab a space, unless a bonus (the extra-lab space, Azrea Bonsmai) gives another."
        elif not state.s.quiet[state.rotation][board.area_sector[board.space_area[space]]]:
            why = "The runner drifted here in the storm: no lab in the storm."
        else:
            why = ""
        for slot in range(LAB_SLOTS):
            if state.lab_slots[seat * LAB_SLOTS + slot]:
                cost = state.lab_cost(slot)
                out[Target("lab", str(slot + 1))] = why or (
                    f"Lab {slot + 1} costs {cost_words(cost)}: you need {self._short(seat, cost)}.")
        for slot in range(STATION_SLOTS):
            if state.station_slots[seat * STATION_SLOTS + slot]:
                cost = state.s.content.station_costs[slot]
                out[Target("station", str(slot + 1))] = (
                    f"Station {slot + 1} costs {cost_words(cost)}; it is built on a free transmitter "
                    "space the runner passed this move, one a move.")
        return out

    def _short(self, seat: int, cost: Cost) -> str:
        """What ``seat`` lacks to pay ``cost`` (yellow, own and cubes of any colour)."""
        held = _cube_counts(self.state, seat)
        missing = [f"{cost.yellow - held[0]} more yellow"] * (held[0] < cost.yellow)
        missing += [f"{cost.own - held[seat + 1]} more own"] * (held[seat + 1] < cost.own)
        spare = sum(held) - min(held[0], cost.yellow) - min(held[seat + 1], cost.own)
        missing += [f"{cost.any - spare} more of any colour"] * (spare < cost.any)
        return ", ".join(missing) or "more cubes"

    def _objective_refusal(self, seat: int, slot: int) -> str:
        state = self.state
        claims = state.claims[slot]
        face = state.objective_face(slot)
        goal = objective_words(face, state.round, state.s.areas)
        if seat in claims:
            return f"You fulfilled this objective already. ({goal})"
        if len(claims) >= len(state.s.rep_spaces):
            return f"Every reputation space of this objective is taken. ({goal})"
        if not state.markers_home[seat]:
            return "You have no marker left to claim an objective."
        return f"Not yet: {goal[0].lower()}{goal[1:]}."


PROMPTS = {
    "start_crew": "Set-up: put a crew member into a column of the upper panel",
    "research": "Choose a research area to advance",
    "main": "Take a crew member from the upper panel, or take over a commander",
    "place": "Put the crew member on a free space of the lower panel",
    "option": "Move the runner, or take the row's cubes",
    "premove": "Set out: from the runner, or from a station",
    "step": "Step the runner to an area, or end the move on a space",
    "mira": "Choose the space the runner jumps to",
    "land": "Drop a lab or build a station here — or Done",
    "pay": "Choose a cube to pay",
    "getcolour": "Choose a cube of any player's colour",
    "joy": "Joy D. Obondov: draw 2 more cubes from the bag?",
    "dain": "Forrester Dain: spend yellow cubes for reputation",
    "objective": "Fulfil an objective, or end your turn",
    "remove": "Choose a lab to take back for the objective",
    "down": "Choose a research marker to move down",
    "give": "Free exchange: choose a cube to give",
}
"""What each kind of decision asks of the player."""
