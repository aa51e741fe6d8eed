"""Write Magnastorm's lessons, ``levels/tutorial/magnastorm/*.json``, from the scripts below.

``python tools/magnastorm_lessons.py`` rewrites the files (``--check`` only says whether they are up
to date). Each lesson starts from a *played* set-up: a new two-player game and the actions that lead
to the lesson's situation. The later lessons need whole rounds of play before them; those turns
(plain crew-and-cubes turns, ``filler``) are computed here with the engine, so after a change of
the board or the panels' bonuses in ``levels/magnastorm/`` running this tool again brings the
set-ups back in line. Edit the lessons here, not in the JSON files.

Lesson texts name no cost, gain or reputation figure (those are retuned in the data files): they
say them in words, and decisions whose numbers the data decide (a cube to pay, a lab to drop) are
``verb`` steps that accept any such decision and pass by themselves when the game does not ask.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.rules.magnastorm import MagnastormState, new_game
from game.rules.match import Match

OUT = Path(__file__).resolve().parents[1] / "levels" / "tutorial" / "magnastorm"
OPTIONS = {"players": 2, "first_player": 0}
"""The learner (seat 0, NEU) plays first against SONA in every lesson but the last."""
Step = dict[str, Any]
LESSONS: list[tuple[str, dict[str, Any]]] = []


def say(title: str, text: str, points: list[str] | None = None) -> Step:
    """A text step (``points``: table targets ``kind:key`` or HUD parts to outline)."""
    return {"kind": "say", "title": title, "text": text, **({"points": points} if points else {})}


def do(text: str, expect: str = "", verb: str = "", why: str = "", points: list[str] | None = None) -> Step:
    """A step waiting for the learner's decision: ``expect`` exactly, or any of ``verb``."""
    step: Step = {"kind": "do", "text": text}
    for name, value in (("expect", expect), ("verb", verb), ("why", why), ("points", points)):
        if value:
            step[name] = value
    return step


def reply(actions: list[str], text: str) -> Step:
    """SONA's scripted decisions (``?x``: only when the game asks)."""
    return {"kind": "reply", "actions": actions, "text": text}


def celebrate(title: str, text: str) -> Step:
    """The lesson's closing words."""
    return {"kind": "celebrate", "title": title, "text": text}


def lesson(
    lesson_id: str,
    title: str,
    summary: str,
    teaches: list[str],
    actions: list[str],
    steps: list[Step],
    options: dict[str, Any] | None = None,
) -> None:
    """Add a lesson (its order is its place in this file)."""
    LESSONS.append(
        (
            lesson_id,
            {
                "id": lesson_id,
                "game": "magnastorm",
                "order": len(LESSONS) + 1,
                "title": title,
                "summary": summary,
                "teaches": teaches,
                "seed": 1,
                "setup": {"played": {"options": options or OPTIONS, "actions": actions}},
                "steps": steps,
            },
        )
    )


def replay(actions: list[str]) -> Match:
    """The match after a played set-up's actions."""
    match = Match(new_game(dict(OPTIONS)), 1)
    match.resolve_chance()
    for text in actions:
        if text.startswith("?") and not match.state.is_legal(match.state.parse_action(text[1:])):
            continue
        match.play_text(text.lstrip("?"))
    return match


def filler(actions: list[str], until: Callable[[MagnastormState], bool]) -> list[str]:
    """``actions`` and then plain turns for both seats (a crew member, a space without a bonus, the
    cubes) until ``until`` holds; other decisions take the first choice."""
    actions = list(actions)
    match = replay(actions)
    state = match.state
    assert isinstance(state, MagnastormState)
    for _ in range(3000):
        if until(state):
            return actions
        legal = [str(a) for a in state.legal_actions()]
        kind = state.tasks[-1][0]
        if kind == "main":
            pick = next(a for a in legal if a.startswith("crew "))
        elif kind == "place" and match.log[-1].notation.startswith("crew "):
            pick = plain_to(state)
        elif "gain" in legal or "finish" in legal:
            pick = "gain" if "gain" in legal else "finish"
        else:
            pick = next(a for a in legal if not a.startswith("trade"))
        match.play_text(pick)
        actions.append("?finish" if pick == "finish" else pick)
    raise SystemExit("filler: the goal was never reached")


def plain_to(state: MagnastormState) -> str:
    """The first free lower-panel space without a bonus (else the first free one)."""
    legal = [str(a) for a in state.legal_actions() if str(a).startswith("to ") and not str(a).endswith("kim")]
    plain = [a for a in legal if (int(a[4]), int(a[6])) not in state.s.panel.bonuses]
    return (plain or legal)[0]


def last_crew(actions: list[str]) -> tuple[str, str]:
    """A crew member of the first column still holding crew, and a plain space for it."""
    match = replay(actions)
    state = match.state
    assert isinstance(state, MagnastormState)
    column = next(c for c in range(state.s.columns) if sum(state.upper[c * 5 : c * 5 + 5]))
    crew = next(str(a) for a in state.legal_actions() if str(a).startswith(f"crew c{column}"))
    match.play_text(crew)
    return crew, plain_to(state)


def learner_main(state: MagnastormState) -> bool:
    """The learner is to start a turn."""
    return state.current_player() == 0 and bool(state.tasks) and state.tasks[-1][0] == "main"


def follow_ups() -> list[Step]:
    """Decisions a bonus or a commander's effect may ask after an action (each passes when not asked)."""
    return [
        do("A research bonus: choose the area to advance.", verb="res"),
        do("A bonus cube: choose its colour.", verb="get"),
        do("A bonus crew member: put it on a free space of the lower panel.", verb="to"),
    ]


def main(argv: list[str] | None = None) -> int:
    """Write the lesson files (or, with ``--check``, compare them)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report files that are out of date")
    args = parser.parse_args(argv)
    stale = []
    for lesson_id, data in LESSONS:
        path = OUT / f"{lesson_id}.json"
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(path.name)
            if not args.check:
                path.write_text(text, encoding="utf-8")
    print(("out of date: " if args.check else "written: ") + (", ".join(stale) or "none"))
    return 1 if args.check and stale else 0


# -- the lessons ------------------------------------------------------------------------------------
SETUP = ["start c1", "start c2", "res g", "res r"]

lesson(
    "01_table",
    "The table and the set-up",
    "The planet, the boards, the goal, and your starting position.",
    [
        "The Story of Magnastorm",
        "Components",
        "Shared Components",
        "Components in Each of the 4 Player Colors",
        "Game Setup: General",
        "Game Setup: Player",
        "Goal of the Game",
        "Starting Positions",
        "Starting Positions / 1) Turn Order",
        "2) Putting Crew Members into the Command Center of the Action Panel",
        "3) Gain Knowledge Through Research",
        "4) Turn Order Bonuses",
        "The planet (board.json)",
        "The centre tile (centre_tile.json)",
        "The research board (research_board.json)",
    ],
    [],
    [
        say(
            "Welcome to Magnastorm",
            "You lead the NEU federation's team on a storm-swept planet; SONA is your rival. You gain "
            "reputation by taking over commanders, building transmitter stations, holding sector "
            "majorities and fulfilling objectives. The first to the reputation goal (the info panel shows"
            " it) ends the game.",
        ),
        say(
            "The planet",
            "The planet has six sectors around the centre tile. The tile's green half marks the three "
            "quiet sectors, its red half the three storm sectors; it turns one sector clockwise every "
            "round, so the storm moves. Each area holds one to three round spaces of a research colour "
            "(white: any colour).",
            ["space:s38"],
        ),
        say(
            "The action board",
            "The upper panel holds the crew members under each commander column; the leftmost column is "
            "the first-player token. The lower panel has five rows: each row's red display is what moving"
            " the scout runner costs, its green display the cubes you gain instead. Some lower spaces "
            "show a bonus.",
        ),
        say(
            "Research and your board",
            "The research board has a track per research area with a research commander above it and the "
            "objective cards beside. Your player board holds your turtle labs, transmitter stations, crew"
            " members and CreditCubes (black on a display always means your own colour).",
        ),
        say(
            "Starting positions",
            "You are first in turn order this game. In turn order each player puts one crew member in a "
            "column of the upper panel, under the neutral crew, and never in a column someone already "
            "chose (the first player chooses freely).",
        ),
        do(
            "Put your crew member into column 1 (under its commander).",
            expect="start c1",
            points=["column:c1"],
        ),
        reply(["start c2"], "SONA puts its crew member into column 2."),
        say(
            "Gain knowledge",
            "Then, from the last player backwards, each player advances one research marker one level, "
            "each in a different area. SONA goes first.",
        ),
        reply(["res g"], "SONA advances its green research."),
        do(
            "Advance one level in a research area SONA did not take (click a research track).",
            verb="res",
            why="Click one of the research tracks still open to you.",
        ),
        say(
            "Turn-order bonuses",
            "With three or four players, the third and fourth in turn order get an extra cube of their "
            "colour; with two players nobody does. Research spaces may show a bonus, taken at once (often"
            " cubes).",
        ),
        celebrate("Ready to play", "The set-up is done: the first round begins. Next: your first turn."),
    ],
)

lesson(
    "02_crew",
    "A turn: crew and cubes",
    "Which crew you may take, the lower panel's rows, and option B.",
    [
        "Gameplay",
        "Rounds",
        "Phase 1: Turns",
        "2) Perform an Action on the Lower Action Panel",
        "B) Gain CreditCubes",
        "Turns",
        "The action board and panels (action_board.json)",
    ],
    SETUP,
    [
        say(
            "A round",
            "A round has two phases. In phase 1, players take turns in order, one action each, until the "
            "upper panel is empty. Then comes phase 2, the administration.",
        ),
        say(
            "Your turn",
            "On your turn you either take over a commander, or take a crew member from the upper panel "
            "for an action on the lower panel. Afterwards you may fulfil one objective.",
        ),
        say(
            "Which crew member",
            "You may take a neutral (yellow) crew member or one of your own colour, from any place in its"
            " column. An opponent's crew member only when no neutral and none of your own is left "
            "anywhere on the upper panel.",
        ),
        do("Take a neutral crew member from column 3.", expect="crew c3 y", points=["crew:c3 k"]),
        say(
            "Pick a row",
            "Put it on any free space of the lower panel. The row decides both options: what moving the "
            "scout runner costs (red), or which cubes you gain (green). The bottom rows give the most "
            "cubes and cost the most to move.",
        ),
        do("Put it on the bottom row, in column 2.", expect="to r4c2", points=["lower:r4c2"]),
        say(
            "Option A or B",
            "Now choose one option: A, move your scout runner (and drop a turtle lab), paying the row's "
            "red cost; or B, take the row's green cubes from the supply. Only one of them.",
        ),
        do("Choose option B: take the cubes (the Take the cubes button).", expect="gain"),
        do(
            "Nothing more this turn: press End turn.",
            verb="finish",
            why="Press End turn: no objective this time.",
        ),
        reply(
            ["crew c1 y", "to r0c0", "gain", "?finish"], "SONA takes a neutral crew member and gains cubes."
        ),
        celebrate(
            "Cubes in hand", "Cubes pay for moves, labs, stations and commanders. Next: the scout runner."
        ),
    ],
)

T1 = [*SETUP, "crew c3 y", "to r4c2", "gain", "?finish", "crew c1 y", "to r0c0", "gain", "?finish"]

lesson(
    "03_runner",
    "The scout runner and turtle labs",
    "Option A: moving, the storm, dropping a lab and the research it brings.",
    [
        "A) Move a Scout Runner (and Drop Off a Turtle Lab)",
        "Scout runner movement",
        "Movement details",
        "Turtle labs",
        "The scout runner and the planet",
        "The player board (player_board.json)",
        "Rulings our design settles",
    ],
    T1,
    [
        say("Your own crew", "Your own crew member waits in column 1: you may take it like a neutral one."),
        do("Take your own crew member from column 1.", expect="crew c1 1", points=["crew:c1 1"]),
        do("Put it in the middle row, column 2 (a cheap move).", expect="to r2c2", points=["lower:r2c2"]),
        do("Choose option A: Move the runner (its cost is paid to the supply).", expect="move"),
        do("Set out from your runner (Set out from here).", verb="go"),
        say(
            "Moving",
            "The runner moves within its area or along a line into an adjacent area. It may never enter a"
            " storm sector (red on the centre tile); a runner caught in the storm must leave it on its "
            "next move. Transmitter spaces cannot be crossed.",
        ),
        do(
            "Step into area 3o (it glows), in the quiet sector next door.",
            expect="step 3o",
            points=["area:3o"],
        ),
        do("End the move on the white space of area 3o.", expect="end s30", points=["space:s30"]),
        say(
            "Turtle labs",
            "On a space without a lab you may drop one of your labs. The two leftmost labs of your board "
            "are free; the others cost the cubes shown under them. You may end on a space with a lab, but"
            " drop none there, and labs are never dropped in a storm sector.",
        ),
        do("Drop a turtle lab (click a lab on your board; a free one is best).", verb="lab"),
        do("The space is white: advance in a research area of your choice.", verb="res"),
        say(
            "Research bonuses",
            "Each lab advances your research in the space's colour. A research space showing a bonus "
            "gives it at once: cubes of your colour, yellow, any player's colour, cubes drawn from the "
            "bag, or a crew member to place.",
        ),
        do("Drop nothing more: press Done.", verb="done"),
        do("Press End turn.", verb="finish"),
        celebrate(
            "A lab on the planet",
            "Labs earn income and sector majorities in the administration, and objectives ask for them. "
            "Next: commanders.",
        ),
    ],
)

T2 = [
    *T1,
    "crew c1 1",
    "to r2c2",
    "move",
    "?go",
    "step 3o",
    "end s30",
    "lab 1",
    "res b",
    "?done",
    "?finish",
    "crew c3 y",
    "to r3c0",
    "gain",
    "?finish",
]

lesson(
    "04_commanders",
    "Taking over a commander",
    "Paying for a column's crew, the commander's reputation and effect, the first-player token.",
    [
        "1) Take Over a Commander (or Buy the First Player Token)",
        "List of Commanders",
        "Administration Commanders",
        "First Player Token",
        "Commanders",
        "Commanders (commanders.json)",
    ],
    T2,
    [
        say(
            "Take over a commander",
            "Instead of an action you may take over a commander: pay one cube for every crew member under"
            " it on the upper panel, in that crew member's colour (yellow for neutral crew). The cubes go"
            " back to the supply.",
            ["column:c1"],
        ),
        say(
            "Its card",
            "You then place those crew members on free spaces of the lower panel (they only block the "
            "spaces there), put a marker under the commander and take its card: you gain its green "
            "reputation at once, and its effect is yours from now on. Point at a commander to read its "
            "effect.",
            ["column:c1"],
        ),
        do("Take over the commander of column 1.", expect="take c1", points=["column:c1"]),
        do("Place the first of its crew members on a free space of the lower panel.", verb="to"),
        do("Place the second one.", verb="to"),
        do("Press End turn.", verb="finish"),
        say(
            "Only with crew",
            "A commander with no crew under it cannot be taken over, so each commander changes hands at "
            "most once a round. You can never take over a commander you already hold.",
        ),
        say(
            "From another player",
            "If another player holds the commander, you also pay one cube of that player's colour; they "
            "lose the red reputation on the card and hand it to you. Administrative commanders sit on the"
            " action board; research commanders go to whoever leads their research track in the "
            "administration.",
        ),
        say(
            "The first-player token",
            "The leftmost column is the first-player token: whoever takes it over advances one research "
            "level and takes a cube of any player's colour at once, and will be first next round. No "
            "marker is placed there. Watch SONA take it.",
        ),
        reply(
            ["take c0", "to r2c0", "to r3c1", "to r3c3", "res g", "get 2", "?finish"],
            "SONA buys the first-player token.",
        ),
        celebrate(
            "Commanders",
            "Commanders bring reputation and effects that shape your turns. Next: transmitter stations "
            "and bonus spaces.",
        ),
    ],
)

T3 = [
    *T2,
    "take c1",
    "to r1c1",
    "to r1c3",
    "?finish",
    "take c0",
    "to r2c0",
    "to r3c1",
    "to r3c3",
    "res g",
    "get 2",
    "?finish",
]

lesson(
    "05_stations",
    "Transmitter stations and bonus spaces",
    "The lower panel's bonuses, moving two areas, building a station.",
    ["Transmitter stations", "Bonus spaces", "Action panel full"],
    T3,
    [
        say(
            "Bonus spaces",
            "Many lower spaces show a bonus, yours when you put a crew member there (after you pay for "
            "the action). Research and an extra crew member work with both options; two areas of movement"
            " and an extra lab only with option A; a cube from the bag only with option B.",
            ["lower:r0c2"],
        ),
        do("Take a neutral crew member from column 2.", expect="crew c2 y"),
        do(
            "Put it on the top-row space with the two-areas bonus (column 2).",
            expect="to r0c2",
            points=["lower:r0c2"],
        ),
        do("Move the runner (option A): the bonus lets it go up to two areas.", expect="move"),
        do("Set out from your runner.", verb="go"),
        do("Step to area 3r.", expect="step 3r", points=["area:3r"]),
        say(
            "A transmitter on the way",
            "Between 3r and 4l lies a transmitter space. When your move crosses from one sector to the "
            "next past a free transmitter space, you may build a station there: pay the cost beside it on"
            " your board and gain reputation at once. A station is also a place to start a later move "
            "from: free for its owner, one cube to the owner for anyone else.",
        ),
        do("Step on to area 4l, in the next sector.", expect="step 4l", points=["area:4l"]),
        do("End the move on the green space of 4l.", expect="end s34", points=["space:s34"]),
        do("Build a transmitter station on the transmitter you passed (click it).", verb="build"),
        do("Drop a lab on this space as well.", verb="lab"),
        do("Press Done.", verb="done"),
        do("Press End turn.", verb="finish"),
        say(
            "A full panel",
            "In the rare case the lower panel has no free space left, a crew member may go onto an "
            "already used space of the bottom row. With four players one bonus also moves you up the turn"
            " order (from your next turn on).",
        ),
        celebrate(
            "Stations",
            "Stations are reputation, and a way across the planet. Next: the free exchange and objectives.",
        ),
    ],
)

T4 = [
    *T3,
    "crew c2 y",
    "to r0c2",
    "move",
    "?go",
    "step 3r",
    "step 4l",
    "end s34",
    "build t3 2",
    "lab 2",
    "?done",
    "?finish",
    "crew c2 y",
    "to r4c3",
    "gain",
    "?finish",
]

lesson(
    "06_exchange_objectives",
    "The free exchange and objectives",
    "Three cubes for one at any time; sector and research objectives.",
    [
        "Free exchange actions",
        "Objectives",
        "Sector Objectives (Remove Turtle Labs)",
        "Sector Objectives (Remove Turtle Labs) / Details",
        "Research Objectives (Move Down Research Markers)",
        "Research Objectives (Move Down Research Markers) / Details",
        "Objectives (objectives.json)",
    ],
    T4,
    [
        say(
            "The free exchange",
            "At any time you may give three cubes (of any colours) to the supply for one cube of another "
            "colour. Yellow pays for the cheap moves and labs, so exchange your own cubes for one.",
        ),
        do("Exchange three cubes for a yellow one (the yellow cube of your tray).", expect="trade y"),
        do("Choose a cube to give.", verb="give"),
        do("Choose a second cube.", verb="give"),
        do("Choose a third cube.", verb="give"),
        say(
            "Objectives",
            "At the end of your turn you may fulfil one objective. You put a marker on its highest free "
            "reputation space (first come, most reputation) and move up the reputation track. Each "
            "objective once per player; its demands grow with the round.",
            ["objective:1", "objective:3"],
        ),
        say(
            "Sector objectives",
            "Sector objectives take labs back from the planet to your board (refilled from the right): "
            "labs in a sector, in quiet or storm sectors, on different colours, or where you hold the "
            "sole majority. Labs in storm sectors count too.",
        ),
        say(
            "Research objectives",
            "Research objectives move your markers down: a given track, a track where you alone have the "
            "most knowledge (judged before moving), or levels in different areas. Moving down gives no "
            "bonus; advancing again later gives bonuses again.",
        ),
        do("Take a neutral crew member from column 3.", expect="crew c3 y"),
        do("Put it on the bottom row, column 1.", expect="to r4c1"),
        do("Take the cubes (option B).", expect="gain"),
        do(
            "You meet an objective: fulfil it (click the glowing card; point at a card to read it).",
            verb="obj",
            why="Click an objective card that glows.",
        ),
        do("Choose what the objective takes back.", verb="remove"),
        do("Choose a marker to move down.", verb="down"),
        do("Choose another marker to move down.", verb="down"),
        do("End your turn.", verb="finish"),
        celebrate(
            "Objectives",
            "Objectives are the biggest source of reputation: plan your labs and research for them. Next:"
            " the administration.",
        ),
    ],
)

T5 = [*T4, "trade y", "?give 1", "?give 1", "?give 1", "crew c3 y", "to r4c1", "gain", "?finish"]

T6 = filler(T5, lambda s: learner_main(s) and sum(s.upper) <= 2)
LAST = ["crew c3 y", "?to r4c0", "gain", "?finish"]
_lt = list(last_crew(T6))
_to = _lt[1]
REST = filler(
    T6 + _lt + ["gain", "?finish"],
    lambda s: s.round == 2 and s.phase == "play" and s.tasks and s.tasks[-1][0] == "main",
)[len(T6) + len(_lt) + 2 :]
OPEN2 = filler(T6 + _lt + ["gain", "?finish"] + REST, learner_main)[len(T6) + len(_lt) + 2 + len(REST) :]

lesson(
    "07_administration",
    "The administration, step by step",
    "Income, majorities, research commanders, turn order, panels and the storm.",
    [
        "Phase 2: Administration",
        "1) Income from Turtle Labs",
        "2) Determine Sector Majority",
        "3) Assign Research Commander",
        "4) Adjust the Turn Order",
        "5) Swap Action Panels",
        "6) Rotate the Center Tile",
        "Research Commanders",
    ],
    T6,
    [
        say(
            "The round's end is near",
            "Only a few crew members are left on the upper panel. When the last one goes down, phase 1 "
            "ends and the administration begins.",
        ),
        do("Take one of the last crew members.", expect=_lt[0]),
        do("Put it on a free space of the lower panel.", expect=_to),
        do("Take the cubes.", expect="gain"),
        do("End your turn.", verb="finish"),
        *([reply(REST, "SONA plays the last crew member: the administration follows.")] if REST else []),
        say(
            "1. Income",
            "Each player counts their labs in each of the three quiet sectors and takes the cubes the "
            "centre tile shows for that count. The labs stay on the planet. The info panel and the log "
            "show each step; Next step walks through them.",
            ["info", "log"],
        ),
        say(
            "2. Sector majorities",
            "In each quiet sector, whoever has more labs than every other player gains one reputation.",
        ),
        say(
            "3. Research commanders",
            "Whoever alone is highest on a research track takes its research commander and its green "
            "reputation (its effect from now on). A tie gives it to nobody, and a previous holder loses "
            "the red reputation.",
        ),
        say(
            "4. Turn order",
            "Whoever bought the first-player token becomes first; the others move down one place. The "
            "token goes back to the board.",
        ),
        say(
            "5. Swap panels",
            "The lower panel slides up with every crew member on it: they are the upper panel of the next"
            " round. Where you put crew this round decides which commanders are dear next round.",
        ),
        say(
            "6. The storm moves",
            "The centre tile turns one sector clockwise: quiet sectors may become storm sectors. A runner"
            " caught in the storm must move out on its next move, towards the nearest quiet sector "
            "clockwise if it cannot reach one; no lab is dropped in a storm.",
        ),
        *([reply(OPEN2, "SONA bought the first-player token: it opens round 2.")] if OPEN2 else []),
        do("Your turn in round 2: take any crew member you may take.", verb="crew"),
        do("Put it on a free space of the lower panel.", verb="to"),
        do("Take the cubes this time.", verb="gain"),
        *follow_ups(),
        do("End your turn.", verb="finish"),
        celebrate("A round in full", "That is a whole round. Next: how the game ends."),
    ],
)

T8 = filler(T6, lambda s: s.round == 4 and learner_main(s) and sum(s.upper) <= 2)
_c8, _t8 = last_crew(T8)
_own = [*T8, _c8, _t8, "gain"]
_own = filler(_own, lambda s: s.current_player() != 0)
END = filler(_own, lambda s: s.is_terminal())[len(_own) :]

lesson(
    "08_game_end",
    "The end of the game and artifact cards",
    "The reputation goal, the fourth round, ranking and the cards you keep.",
    [
        "Game End and Winner",
        "Game End and Winner / Details",
        "Drawing and Keeping Artifact Cards",
        "Advanced Starting Positions",
        "Advanced Starting Positions / 1) Turn Order",
        "4) Bonuses for the Turn Order",
        "Objectives and the end",
        "Artifact cards (artifacts.json)",
    ],
    T8,
    [
        say(
            "How it ends",
            "When a player reaches the reputation goal, the pass is finished so that everyone after them "
            "in turn order still plays; then the game ends. It ends even if that player later loses "
            "reputation. Otherwise it ends after the fourth round, as now.",
            ["info"],
        ),
        say(
            "Details",
            "If the goal is reached in the administration, the administration is completed. The most "
            "reputation wins; a tie goes to whoever is earlier in turn order. Whoever ends the game is "
            "not always the winner.",
        ),
        do("This is round 4's last pass: take a crew member.", expect=_c8),
        do("Put it on the lower panel.", expect=_t8),
        do("Take the cubes.", expect="gain"),
        *follow_ups(),
        do("End your turn.", verb="finish"),
        *([reply(END, "SONA plays the last turn, then the final administration.")] if END else []),
        {"kind": "check", "reason": "round limit"},
        say(
            "Artifact cards",
            "At the end every player draws an artifact card by ranking: the winner a gold card, the last "
            "a bronze, the others silver. Your profile keeps them from game to game.",
        ),
        say(
            "Advanced starting positions",
            "When every player has at least two artifact cards, a new game may use them: each draws two "
            "of their cards, the highest sum of levels goes first (the highest single card breaks a tie),"
            " and in turn order each takes the bonuses shown: a reputation point, a cube of their colour,"
            " or a research level in green, red or blue.",
        ),
        celebrate(
            "The whole game", "You know every rule of Magnastorm. Last lesson: a match against the Easy AI."
        ),
    ],
)

lesson(
    "09_match",
    "A match against the Easy AI",
    "A whole game of your own, with the table's previews to guide you.",
    ["Gameplay", "Rounds"],
    [],
    [
        say(
            "Your match",
            "Play a whole game against the Easy AI, from the set-up on. Point at anything on the table "
            "for its preview, the info panel says what each decision asks, and F1 opens the rules. Take "
            "over commanders early, drop labs in quiet sectors you can hold, and watch the objectives.",
        ),
        {
            "kind": "free",
            "title": "Free play",
            "text": "Play the game to its end against the Easy AI (Hint and F1 help).",
            "goes": 50,
            "opponent": "easy",
        },
        celebrate(
            "Well done!",
            "You have played Magnastorm. In your own matches the artifact card you draw joins your "
            "profile's collection (lessons leave it untouched).",
        ),
    ],
    options={"players": 2},
)


if __name__ == "__main__":
    sys.exit(main())
