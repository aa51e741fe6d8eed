"""Magnastorm's AI levels: whole-turn planning, reproducible, in the worker, and playing for the win."""

from __future__ import annotations

import random
import time

import pytest

from game.ai import turnplan
from game.ai.base import Budget
from game.ai.games import evaluator, last_pass, round_of
from game.ai.levels import hint, make_bot
from game.ai.magnastorm_eval import reply_danger
from game.ai.turnplan import next_turn_wins
from game.ai.worker import AiWorker, choose_text
from game.rules.magnastorm import MagnastormState, new_game
from game.rules.match import Match
from tests.rules.magnastorm.helpers import give_rep, set_cubes, started

LEVELS = ("easy", "normal", "hard")


def _midgame(players: int, seed: int = 4, plies: int = 40) -> MagnastormState:
    """A position some way into a seeded game between Easy bots, at a decision."""
    match = Match(new_game({"players": players}), seed)
    match.resolve_chance()
    bot = make_bot("magnastorm", "easy", players)
    rng = random.Random(seed)
    for _ in range(plies):
        match.play(bot.choose(match.state, rng))
    state = match.state
    assert isinstance(state, MagnastormState) and not state.is_terminal()
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plans_turns_and_plays_legally(players: int) -> None:
    state = _midgame(players)
    for level in ("random", *LEVELS):
        bot = make_bot("magnastorm", level, players)
        assert level == "random" or bot.name == f"magnastorm-{level}"
        assert state.is_legal(bot.choose(state, random.Random(1)))


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_node_budget_give_the_same_action(level: str) -> None:
    state = _midgame(3, seed=7)
    before = state.position()
    picks = {str(make_bot("magnastorm", level, 3).choose(state, random.Random(5))) for _ in range(2)}
    assert len(picks) == 1 and state.position() == before


def test_a_spent_budget_still_gives_a_legal_action() -> None:
    state = _midgame(4, seed=2)
    action = make_bot("magnastorm", "hard", 4).choose(state, random.Random(3), Budget(5))
    assert state.is_legal(action)


def test_the_hint_is_the_hard_move_and_stable() -> None:
    state = _midgame(2, seed=9)
    first = hint("magnastorm", state)
    assert state.is_legal(first) and hint("magnastorm", state) == first


def test_the_worker_rebuilds_a_magnastorm_turn_and_answers_legally() -> None:
    state = _midgame(3, seed=11)
    message = {"game_id": "magnastorm", "state": state.to_json(), "level": "hard", "seed": 8,
               "budget": Budget(60_000).to_json()}
    assert state.is_legal(state.parse_action(choose_text(message)))
    with AiWorker(timeout_s=60.0) as worker:
        worker.request("magnastorm", state.to_json(), "normal", 3, Budget(20_000, 30.0))
        deadline = time.monotonic() + 60.0
        result = None
        while result is None and time.monotonic() < deadline:
            result = worker.poll()
            time.sleep(0.02)
    assert result is not None and not result.fallback
    assert state.is_legal(state.parse_action(result.action))


def _play_turn(state: MagnastormState, level: str, seed: int = 1) -> list[str]:
    """Let the ``level`` bot play the whole turn of the seat to act; returns its decisions."""
    seat = state.current_player()
    bot = make_bot("magnastorm", level, state.num_players)
    rng = random.Random(seed)
    played = []
    match = Match(state, seed)
    while not state.is_terminal() and state.current_player() == seat:
        action = bot.choose(state, rng)
        played.append(str(action))
        match.play(action)
    return played


def _last_turn(players: int = 2) -> MagnastormState:
    """Round 1, the first player to act is the last of the pass and the end is already triggered."""
    state = started(players)
    seat = state.current_player()
    others = [s for s in state.order if s != seat]
    state.pass_order = [*others, seat]
    state.pass_pos = len(others)
    state.end_triggered = 1
    state.refresh()
    return state


@pytest.mark.parametrize("level", LEVELS)
def test_on_the_last_turn_it_wins_at_least_by_the_commander(level: str) -> None:
    """Taking the commander with the best green reputation wins by 1; every level wins by that or more
    (Hard, playing for the margin, may find a bigger win)."""
    state = _last_turn()
    seat = state.current_player()
    other = 1 - seat
    best_green = max(state.s.content.commanders[cid].green for cid in state.admin if cid)
    give_rep(state, seat, 20)
    give_rep(state, other, 20 + best_green - 1)
    set_cubes(state, seat, y=4, **{f"c{seat + 1}": 3})
    played = _play_turn(state, level)
    result = state.result()
    assert result is not None and result.winners == (seat,), played
    assert state.rep[seat] - state.rep[other] >= 1, played


@pytest.mark.parametrize("level", LEVELS)
def test_it_fulfils_the_objective_that_ends_and_wins_the_game(level: str) -> None:
    state = _last_turn()
    state.end_triggered = 0
    seat = state.current_player()
    other = 1 - seat
    reward = state.s.rep_spaces[0]
    give_rep(state, seat, state.s.threshold - reward)
    give_rep(state, other, state.s.threshold - reward + 1)
    green = state.s.colours.index("g")
    state.research[seat * state.s.areas + green] = 2  # R1a: two levels of green in round 1
    set_cubes(state, seat, y=0, **{f"c{seat + 1}": 0})
    state.refresh()
    assert state.objectives[0] == "R1a"
    played = _play_turn(state, level)
    result = state.result()
    assert "obj 1" in played and result is not None and result.winners == (seat,), played


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_it_claims_an_objective_within_reach_in_midgame(level: str) -> None:
    """Green at 3 meets R1a (two levels of green in round 1), worth the first reputation space."""
    state = started(3)
    seat = state.current_player()
    green = state.s.colours.index("g")
    state.research[seat * state.s.areas + green] = 3
    state.refresh()
    played = _play_turn(state, level)
    assert any(text.startswith("obj") for text in played), played
    assert any(seat in claims for claims in state.claims) and state.rep[seat] >= state.s.rep_spaces[0]


_FIRST_CLAIM_IN_REACH = (
    "magnastorm players=2 start_area=1 phase=play round=1 rotation=0 rep=0,0 ledger=0,0,0,0,0,0,0,0,0,0,0"
    ",0,0,0,0,0,0,0,0,0 cubes=0,4,0,0,0,1,0,2,0,0 supply=21,18,20,0,0,0 bag=3,3,3,0,0,25 lab_slots=1,1,1,"
    "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 station_slots=1,1,1,1,1,1 crew_home=4,4 markers_home=8,8 research="
    "0,1,0,1,0,0 runner=19,19 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,"
    "-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1 space_labs=0,0,0,0,"
    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 station_owne"
    "r=-1,-1,-1,-1,-1,-1 upper=3,0,0,0,0,3,0,0,0,0,3,0,1,0,0,3,1,0,0,0 lower=-,-,-,-,-,-,-,-,-,-,-,-,-,-,"
    "-,-,-,-,-,- admin=-,yilmark,okzil,dain admin_ctrl=-1,-1,-1,-1 rcmd=mbado,park,vasidis rcmd_ctrl=-1,-"
    "1,-1 objectives=R1b,R3b,S3b,S2a claims=-,-,-,- fp_holder=-1 order=1,0 pass_order=1,0 pass_pos=0 end_"
    "triggered=0 turn=-1,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=1,0 drawn= ranking= artifacts_wo"
    "n=-1,-1 tasks=turn_end.-3.1.0.0,objective.1.0.0.0,main.1.0.0.0"
)
"""The careful game's ply 17 (docs/games/magnastorm-2p-vs-hard-2026-12-03.json, seed 2030), Hard's first
turn (seat 1): R1b is one research step away (the red research space r1c2 with a yellow cube, a lab on
s35) and S2a one extra-lab space away; either is a first claim, +5."""
_COMMANDER_OR_OBJECTIVE = (
    "magnastorm players=2 start_area=1 phase=play round=1 rotation=0 rep=12,5 ledger=10,0,0,0,2,0,0,0,0,0"
    ",5,0,0,0,0,0,0,0,0,0 cubes=0,3,1,0,0,2,1,4,0,0 supply=20,18,18,0,0,0 bag=3,3,2,0,0,25 lab_slots=0,1,"
    "1,1,1,1,1,1,1,1,0,1,1,1,1,1,1,1,1,1 station_slots=1,0,1,1,1,1 crew_home=4,4 markers_home=6,7 researc"
    "h=0,0,1,0,0,0 runner=23,19 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-"
    "1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1,-1,-1,-1,-1,-1,-1,0,-1 space_labs=0,0,0,0,"
    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,1,0 station_owne"
    "r=-1,-1,-1,-1,0,-1 upper=3,0,0,0,0,0,0,0,0,0,3,0,1,0,0,2,1,0,0,0 lower=-,0,0,-,-,-,-,-,-,0,-,0,-,-,-"
    ",-,-,-,-,- admin=-,yilmark,okzil,dain admin_ctrl=-1,-1,-1,-1 rcmd=mbado,park,vasidis rcmd_ctrl=-1,-1"
    ",-1 objectives=R1b,R3b,S3b,S2a claims=0,1,-,0 fp_holder=-1 order=1,0 pass_order=1,0 pass_pos=0 end_t"
    "riggered=0 turn=-1,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=1,0 drawn= ranking= artifacts_won"
    "=-1,-1 tasks=turn_end.-3.1.0.0,objective.1.0.0.0,main.1.0.0.0"
)
"""The same game's ply 60: S3b (two lab colours) is one lab away for Hard (``crew c0 y, to r0c0, move, end
s38, lab 2, res g, done, obj 3``, +5, the first claim); Hard takes Forrester Dain (+1) with its last
yellow cubes."""


def _after_whole_turn(position: str, level: str, seed: object) -> MagnastormState:
    """The 2-player position once the level has played the whole turn of the seat to act (bag draws and the
    bot's choices from ``seed``)."""
    state = MagnastormState.from_position(position)
    seat, rng = state.current_player(), random.Random(str(seed))
    bot = make_bot("magnastorm", level, 2)
    while not state.is_terminal() and (state.is_chance_node() or state.current_player() == seat):
        state.apply(state.sample_chance(rng) if state.is_chance_node() else bot.choose(state, rng))
    return state


def _turn_gain(position: str, level: str, seed: object) -> int:
    """Reputation the level's whole turn from ``position`` gains (bag draws from ``seed``)."""
    start = MagnastormState.from_position(position)
    seat = start.current_player()
    return _after_whole_turn(position, level, seed).rep[seat] - start.rep[seat]


def test_hard_plans_its_turn_five_decisions_deep() -> None:
    """Hard searches five decisions of its turn, the 4 best at each of the next three and the 2 best at the
    fifth, then rolls out greedily (two deep it missed the careful game's first objective claim at ply 17;
    three deep, 4 wide, the claims at plies 60 and 122 below; 3 wide at every level, ply 121's
    administration)."""
    planner = make_bot("magnastorm", "hard", 2).searcher  # type: ignore[attr-defined]
    assert planner.widths == (4, 4, 4, 2)


@pytest.mark.parametrize("seed", ["ai/2030/17", 0, 1, 2, 3, 4])
def test_hard_claims_a_first_objective_in_reach(seed: object) -> None:
    """Ply 17 of the careful game: Hard's turn claims an objective first (+5), whatever the bag draws."""
    assert _turn_gain(_FIRST_CLAIM_IN_REACH, "hard", seed) == 5


@pytest.mark.parametrize("seed", ["ai/2030/60", 0, 1, 2, 3])
def test_hard_prefers_a_first_claim_to_a_commander(seed: object) -> None:
    """Ply 60 of the careful game: S3b first (+5) is in reach; Hard's turn gains more than Dain's +1 (three
    deep it took Dain: the lab that brings S3b into reach looked no better than other steps until the
    turn's last decisions)."""
    assert _turn_gain(_COMMANDER_OR_OBJECTIVE, "hard", seed) >= 5


_ADMINISTRATION_COMING = (
    "magnastorm players=2 start_area=1 phase=play round=1 rotation=0 rep=16,15 ledger=14,0,0,0,2,0,0,0,0,"
    "0,13,0,0,0,2,0,0,0,0,0 cubes=0,7,2,0,0,1,1,2,0,0 supply=21,15,19,0,0,0 bag=3,2,2,0,0,25 lab_slots=0,"
    "0,1,1,1,1,1,1,1,1,0,0,1,0,1,1,1,1,1,1 station_slots=1,0,1,1,0,1 crew_home=3,4 markers_home=5,5 resea"
    "rch=0,0,1,0,0,0 runner=23,17 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1"
    ",-1,-1,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,1,-1,-1,-1,-1,1,-1,-1,1,-1,-1,-1,0,-1 space_labs=0,0,0,0,0"
    ",0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,1,0,0,0,0,1,0,0,1,0,0,0,1,0 station_owner"
    "=-1,-1,-1,0,1,-1 upper=0,0,0,0,0,2,2,0,0,0,1,0,0,0,0,2,0,0,0,0 lower=0,0,0,-,0,-,0,-,-,2,-,0,-,-,-,-"
    ",-,0,-,- admin=-,outridge,yakuul,dain admin_ctrl=-1,-1,-1,-1 rcmd=davenpitt,modo,mbado rcmd_ctrl=-1,"
    "-1,-1 objectives=R1b,R3b,S2a,S3a claims=0.1,0.1,1.0,- fp_holder=-1 order=1,0 pass_order=1,0 pass_pos"
    "=0 end_triggered=0 turn=-1,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=1,2 drawn= ranking= artif"
    "acts_won=-1,-1 tasks=turn_end.-3.1.0.0,objective.1.0.0.0,main.1.0.0.0"
)
"""The careful game's ply 121 (docs/games/magnastorm-2p-vs-hard-2026-12-04.json, seed 2031), Hard (seat 1)
to move with 7 crew left in the round: the administration would give the player 3 (blue research
commander, sector 5) and Hard 1. Hard took a commander (``take c2``) and the player won 26-20 there."""


def _administration_lead_after_turn(position: str, level: str, seed: object) -> int:
    """The player's (seat 0's) lead in the administration's preview once the level's turn is over."""
    gains = _after_whole_turn(position, level, seed).administration_preview()
    return gains[0] - gains[1]


@pytest.mark.parametrize("seed", ["ai/2031/121", 0, 1, 2, 3])
def test_hard_contests_the_coming_administration(seed: object) -> None:
    """Ply 121: Hard's turn takes away the player's lead in the coming administration (it was +2)."""
    assert _administration_lead_after_turn(_ADMINISTRATION_COMING, "hard", seed) <= 0


_LOST_LAST_TURN = (
    "magnastorm players=2 start_area=1 phase=play round=2 rotation=1 rep=19,25 ledger=9,5,0,1,2,2,0,0,0,0"
    ",19,2,0,1,2,0,1,0,0,0 cubes=2,2,0,0,0,1,1,0,0,0 supply=20,19,22,0,0,0 bag=2,3,3,0,0,25 lab_slots=0,0"
    ",1,1,1,1,1,1,1,1,0,1,1,1,1,1,1,1,1,1 station_slots=1,0,1,1,0,1 crew_home=4,3 markers_home=4,3 resear"
    "ch=1,1,2,2,2,0 runner=17,19 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,"
    "-1,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,1 space_labs=0,0,0,0,"
    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,1 station_owne"
    "r=-1,-1,-1,0,1,-1 upper=3,1,0,0,0,3,0,1,0,0,2,0,1,0,0,3,0,0,0,0 lower=-,-,-,-,-,-,-,-,-,0,-,-,-,-,-,"
    "-,-,-,-,- admin=-,outridge,beeper,dain admin_ctrl=-1,1,0,0 rcmd=vasidis,obondov,mbado rcmd_ctrl=-1,-"
    "1,0 objectives=R4a,R1a,S4a,S1a claims=1,1.0,1,0.1 fp_holder=-1 order=1,0 pass_order=1,0 pass_pos=1 e"
    "nd_triggered=1 turn=-1,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=0,1 drawn= ranking= artifacts"
    "_won=-1,-1 tasks=turn_end.-3.0.0.0,objective.0.0.0.0,main.0.0.0.0"
)
"""The careful game's ply 122 (docs/games/magnastorm-2p-vs-hard-2026-12-04-b.json, seed 2033): Hard's last
turn, the game lost 19-25 (the end triggered, the player first in the turn order). R4a second (+4) is in
reach: ``crew c0 y, to r0c1, move, go, step 4o, end s37, lab 3, done, obj 1``. Hard played +0."""


@pytest.mark.parametrize("seed", ["ai/2033/122", 0, 1, 2, 3])
def test_hard_plays_a_lost_last_turn_for_the_margin(seed: object) -> None:
    """A lost game still ends as close as it can: Hard's last turn claims the objective (+4)."""
    assert _turn_gain(_LOST_LAST_TURN, "hard", seed) == 4


_LAST_TURN_OF_THE_ROUND = (
    "magnastorm players=2 start_area=1 phase=play round=1 rotation=0 rep=17,10 ledger=15,0,0,0,2,0,0,0,0,"
    "0,9,1,0,0,0,0,0,0,0,0 cubes=0,2,1,0,0,0,0,6,0,0 supply=22,20,16,0,0,0 bag=3,3,2,0,0,25 lab_slots=0,1"
    ",0,1,1,1,1,1,1,1,0,1,1,1,1,1,1,1,1,1 station_slots=1,0,1,1,1,1 crew_home=4,4 markers_home=5,5 resear"
    "ch=1,1,2,0,1,1 runner=18,23 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,"
    "-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,0,-1,-1,1,-1,-1 space_labs=0,0,0,0,"
    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,1,0,0,1,0,0 station_owne"
    "r=-1,-1,-1,-1,0,-1 upper=1,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0 lower=2,0,0,0,0,-,0,-,0,0,0,0,-,-,-"
    ",-,0,-,-,1 admin=-,yilmark,okzil,dain admin_ctrl=-1,-1,-1,1 rcmd=mbado,park,vasidis rcmd_ctrl=-1,-1,"
    "-1 objectives=R1b,R3b,S3b,S2a claims=0,1,0,0.1 fp_holder=-1 order=1,0 pass_order=1,0 pass_pos=0 end_"
    "triggered=0 turn=-1,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=1,0 drawn= ranking= artifacts_wo"
    "n=-1,-1 tasks=turn_end.-3.1.0.0,objective.1.0.0.0,main.1.0.0.0"
)
"""The first careful game's ply 118 (docs/games/magnastorm-2p-vs-hard-2026-12-03.json, seed 2030): Hard
(seat 1) at 10 to the player's 17, one crew member each left on the upper panel: the player's turn after
Hard's closes round 1, and the administration after it can bring the player to 25. Hard's R1b second (+4)
dropped its red lead and the player won there; some turns with the same +4 leave no winning reply."""


def _reply_wins(state: MagnastormState, mover: int) -> bool:
    """Whether the seat after ``mover`` finds a turn that wins the game (or two in a row across the round's
    end): its turn planned five deep with a larger budget than the reply check's and two bag seeds of its
    own."""
    judge = evaluator("magnastorm")
    return any(next_turn_wins(state, mover, judge, (4, 4, 4, 2), random.Random(seed), 20_000,
                              last_pass("magnastorm"), round_of("magnastorm"))[0] for seed in (101, 102))


_ROUND_END_COMMANDER = (
    "magnastorm players=2 start_area=1 phase=play round=1 rotation=0 rep=16,16 ledger=14,0,0,0,2,0,0,0,0,"
    "0,13,1,0,0,2,0,0,0,0,0 cubes=1,4,2,0,0,2,1,4,0,0 supply=19,18,18,0,0,0 bag=3,2,1,0,0,25 lab_slots=0,"
    "0,1,0,1,1,0,1,1,1,0,0,1,0,1,1,1,1,1,1 station_slots=1,0,1,1,0,1 crew_home=3,4 markers_home=5,4 resea"
    "rch=1,1,1,0,0,0 runner=23,17 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1"
    ",-1,-1,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,1,-1,-1,-1,-1,1,-1,-1,1,-1,-1,0,0,0 space_labs=0,0,0,0,0,0"
    ",0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,1,0,0,0,0,1,0,0,1,0,0,1,1,1 station_owner=-"
    "1,-1,-1,0,1,-1 upper=0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,2,0,0,0,0 lower=0,0,0,0,0,-,0,-,1,2,-,0,-,-,-,-,0"
    ",0,0,- admin=-,outridge,yakuul,dain admin_ctrl=-1,-1,1,-1 rcmd=davenpitt,modo,mbado rcmd_ctrl=-1,-1,"
    "-1 objectives=R1b,R3b,S2a,S3a claims=0.1,0.1,1.0,- fp_holder=-1 order=1,0 pass_order=1,0 pass_pos=0 "
    "end_triggered=0 turn=-1,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=1,2 drawn= ranking= artifact"
    "s_won=-1,-1 tasks=turn_end.-3.1.0.0,objective.1.0.0.0,main.1.0.0.0"
)
"""The second careful game's ply 147 (docs/games/magnastorm-2p-vs-hard-2026-12-04.json, seed 2031): Hard
(seat 1) at 16-16 with three crew members left on the upper panel and the administration coming (the
player's research leads and sector 5 were worth 8 to it). Hard took Forrester Dain (+3) and the player's turn
closed the round at 26; five deep without the reply check Hard took a commander with every bag seed tried and
left the same reply."""


@pytest.mark.parametrize(("position", "seed"), [
    (_LAST_TURN_OF_THE_ROUND, "ai/2030/118"), (_LAST_TURN_OF_THE_ROUND, 4), (_LAST_TURN_OF_THE_ROUND, 5),
    (_LAST_TURN_OF_THE_ROUND, 6), (_ROUND_END_COMMANDER, "ai/2031/147"), (_ROUND_END_COMMANDER, 0),
], ids=["118-game", "118-4", "118-5", "118-6", "147-game", "147-0"])
def test_hard_leaves_no_winning_reply_at_the_round_end(position: str, seed: object) -> None:
    """Plies 118 and 147: whatever Hard gains in its turn, the player's next turn does not win the game
    (without the reply check, Hard's turn at ply 118 with bag seed 6 let it: 25 in the administration; at
    ply 147 with both seeds)."""
    after = _after_whole_turn(position, "hard", seed)
    assert not after.is_terminal() and after.current_player() == 0
    assert not _reply_wins(after, 1)


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_level_leaves_no_plain_winning_reply(level: str, seed: int) -> None:
    """Ply 147: the player's winning reply (the round closed at 26) is one a greedy turn finds, so Easy and
    Normal see it too and take a turn that leaves none (without their own check they left it with every bag
    seed tried; Easy's mistakes included)."""
    after = _after_whole_turn(_ROUND_END_COMMANDER, level, seed)
    assert not after.is_terminal() and after.current_player() == 0
    assert not _reply_wins(after, 1)


_TRIGGER_WITH_A_LEAD = (
    "magnastorm players=2 start_area=1 phase=play round=2 rotation=1 rep=18,17 ledger=9,6,0,1,2,0,0,0,0,0"
    ",10,3,0,2,0,2,0,0,0,0 cubes=2,2,1,0,0,2,0,4,0,0 supply=19,20,19,0,0,0 bag=2,3,1,0,0,25 lab_slots=0,0"
    ",1,0,1,1,1,1,1,1,0,0,0,1,1,1,1,1,1,1 station_slots=1,0,1,1,1,1 crew_home=3,4 markers_home=5,5 resear"
    "ch=1,0,3,0,1,2 runner=17,18 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,"
    "-1,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,0,-1,-1,1,-1,1,-1,-1,-1,-1,-1,-1,-1,-1,1 space_labs=0,0,0,0,0,"
    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,0,0,0,1,0,0,1,0,1,0,0,0,0,0,0,0,0,1 station_owner="
    "-1,-1,-1,0,-1,-1 upper=5,0,0,0,0,4,1,0,0,0,3,0,0,0,0,0,1,1,0,0 lower=-,-,-,-,-,-,-,-,-,-,-,-,-,-,-,-"
    ",-,-,-,- admin=-,bonsmai,dain,mascovic admin_ctrl=-1,0,1,-1 rcmd=huber,modo,vasidis rcmd_ctrl=0,1,0 "
    "objectives=R4a,R3b,S3a,S2b claims=0,1,-,1.0 fp_holder=-1 order=0,1 pass_order=0,1 pass_pos=0 end_tri"
    "ggered=0 turn=-1,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=0,2 drawn= ranking= artifacts_won=-"
    "1,-1 tasks=turn_end.-3.0.0.0,objective.0.0.0.0,main.0.0.0.0"
)
"""The fifth careful game's ply 127 (docs/games/magnastorm-2p-vs-hard-2026-12-04-d.json, seed 2035): the
player, first in round 2 at 18-17, takes Mira Mascovic (+2) and claims S3a first (+5): 25, the end triggered.
Hard moves once more in the pass and makes at most +2, so that turn won the game before Hard's last one."""


@pytest.mark.parametrize("widths", [(), (4, 4, 4, 2)], ids=["greedy", "five-deep"])
def test_a_reply_that_triggers_the_end_with_a_lead_counts_as_won(widths: tuple[int, ...]) -> None:
    """The reply check plays out the turns left in the game's last pass: the player's turn at ply 127 wins
    though Hard moves after it (judged at the turn's end alone it was a lead, not a won game)."""
    state = MagnastormState.from_position(_TRIGGER_WITH_A_LEAD)
    assert state.current_player() == 0
    wins, _ = next_turn_wins(state, 1, evaluator("magnastorm"), widths, random.Random(0), 6_000,
                             last_pass("magnastorm"))
    assert wins
    assert state.position() == _TRIGGER_WITH_A_LEAD


_BEFORE_A_DOUBLE_TURN = (
    "magnastorm players=2 start_area=1 phase=play round=1 rotation=0 rep=13,13 ledger=9,2,0,0,2,0,0,0,0,0"
    ",10,1,0,0,0,2,0,0,0,0 cubes=0,1,0,0,0,2,0,3,0,0 supply=21,21,21,0,0,0 bag=2,3,1,0,0,25 lab_slots=0,0"
    ",1,0,1,1,1,1,1,1,0,0,1,1,1,1,1,1,1,1 station_slots=1,0,1,1,1,1 crew_home=3,4 markers_home=5,5 resear"
    "ch=1,0,2,0,1,1 runner=17,19 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,"
    "-1,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,1,-1,-1,-1,-1,-1,-1,-1,-1,1 space_labs=0,0,0,0,0"
    ",0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,0,0,0,1,0,0,0,0,1,0,0,0,0,0,0,0,0,1 station_owner"
    "=-1,-1,-1,0,-1,-1 upper=0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0 lower=0,0,0,-,0,-,0,-,0,0,-,2,-,0,0,"
    "1,0,0,-,- admin=-,bonsmai,dain,mascovic admin_ctrl=-1,0,1,-1 rcmd=huber,modo,vasidis rcmd_ctrl=-1,-1"
    ",-1 objectives=R4a,R3b,S3a,S2b claims=0,1,-,1.0 fp_holder=-1 order=1,0 pass_order=1,0 pass_pos=0 end"
    "_triggered=0 turn=-1,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=0,2 drawn= ranking= artifacts_w"
    "on=-1,-1 tasks=turn_end.-3.1.0.0,objective.1.0.0.0,main.1.0.0.0"
)
"""The fifth careful game's ply 112 (docs/games/magnastorm-2p-vs-hard-2026-12-04-d.json, seed 2035): Hard
(seat 1) at 13-13, one crew member each left on the upper panel. The player's turn closes round 1 and, with
the first-player token bought there, opens round 2 as well: ``take c0, to r1c1, res b, get 2, finish``, then
``take c3, to r0c1, to r1c2, obj 3`` (Mira Mascovic and S3a first, 25 with the end triggered; Hard's one
turn left makes at most +2). Hard's lab (``crew c3 y``, +0) left that; taking Mascovic itself (``take c3``)
did not."""

_DOUBLE_TURN_REPLY = (
    "magnastorm players=2 start_area=1 phase=play round=1 rotation=0 rep=13,13 ledger=9,2,0,0,2,0,0,0,0,0"
    ",10,1,0,0,0,2,0,0,0,0 cubes=0,1,0,0,0,0,0,3,0,0 supply=23,21,21,0,0,0 bag=2,3,1,0,0,25 lab_slots=0,0"
    ",1,0,1,1,1,1,1,1,0,0,0,1,1,1,1,1,1,1 station_slots=1,0,1,1,1,1 crew_home=3,4 markers_home=5,5 resear"
    "ch=1,0,2,0,1,2 runner=17,18 space_owner=-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,"
    "-1,-1,-1,-1,-1,-1,-1,0,-1,-1,-1,-1,-1,0,-1,-1,1,-1,1,-1,-1,-1,-1,-1,-1,-1,-1,1 space_labs=0,0,0,0,0,"
    "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,0,0,0,1,0,0,1,0,1,0,0,0,0,0,0,0,0,1 station_owner="
    "-1,-1,-1,0,-1,-1 upper=0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 lower=0,0,0,-,0,-,0,-,0,0,-,2,0,0,0,1"
    ",0,0,-,- admin=-,bonsmai,dain,mascovic admin_ctrl=-1,0,1,-1 rcmd=huber,modo,vasidis rcmd_ctrl=-1,-1,"
    "-1 objectives=R4a,R3b,S3a,S2b claims=0,1,-,1.0 fp_holder=-1 order=1,0 pass_order=1,0 pass_pos=1 end_"
    "triggered=0 turn=-1,0,0,0,0,0,0,0,0,0,0,0,0 kim_used=0,0 start_used=0,2 drawn= ranking= artifacts_wo"
    "n=-1,-1 tasks=turn_end.-3.0.0.0,objective.0.0.0.0,main.0.0.0.0"
)
"""The same game's ply 122, after Hard's lab: the player to move, its two turns in a row to come."""


@pytest.mark.parametrize("widths", [(), (4, 4, 4, 2)], ids=["greedy", "five-deep"])
def test_the_reply_check_plans_two_turns_in_a_row_across_the_round_end(widths: tuple[int, ...]) -> None:
    """At ply 122 the player's winning second turn begins with an action that costs (Mascovic for a yellow, a
    cube of each colour) and pays three actions later (S3a first): the reply planner searches that turn's
    first decision over every action, as its first turn's; played greedily after the round's end (before)
    no plan from ply 122 won, with either width."""
    state = MagnastormState.from_position(_DOUBLE_TURN_REPLY)
    assert state.current_player() == 0 and state.round == 1
    wins, _ = next_turn_wins(state, 1, evaluator("magnastorm"), widths, random.Random(0), 6_000,
                             last_pass("magnastorm"), round_of("magnastorm"))
    assert wins
    assert state.position() == _DOUBLE_TURN_REPLY


@pytest.mark.parametrize("seed", ["ai/2035/112", 0, 1])
def test_hard_leaves_no_winning_double_turn_across_the_round_end(seed: object) -> None:
    """Ply 112: Hard's turn leaves the player no two turns in a row that win (before, Hard built its lab with
    every seed tried and left them)."""
    after = _after_whole_turn(_BEFORE_A_DOUBLE_TURN, "hard", seed)
    assert not after.is_terminal() and after.current_player() == 0
    assert not _reply_wins(after, 1)


@pytest.mark.parametrize(("players", "plans"), [(2, True), (3, False), (4, False)])
def test_hard_plans_its_own_finish_with_two_players(players: int, plans: bool) -> None:
    """Hard searches its own second turn in a row and plays its last-pass turn ends out with two players only
    (with four, three rivals' greedy last turns cost up to a third more time in a game, the worst decision
    beyond the 3 s)."""
    planner = make_bot("magnastorm", "hard", players).searcher  # type: ignore[attr-defined]
    assert planner.plans_own_finish is plans


@pytest.mark.parametrize("seed", ["ai/2035/122", 0])
def test_hard_takes_its_own_two_turns_in_a_row_that_win(seed: object) -> None:
    """Ply 122 with Hard in the player's seat: its two turns in a row reach 25 with the end triggered
    (Mascovic and S3a first after ``res b``), a won game. Before it played ``res r`` and reached 21-23: its
    plan played the second turn greedily (searched from its first decision alone, 21) and judged the end it
    triggers with a lead by the evaluation alone (the last pass played out alone, 21)."""
    after = _after_whole_turn(_DOUBLE_TURN_REPLY, "hard", seed)
    assert after.rep[0] >= after.s.threshold
    assert after.end_triggered and after.rep[0] > after.rep[1]


def test_a_turn_that_closes_the_pass_is_checked_for_the_next_pass_trigger() -> None:
    """Hard last in a pass with the player opening the next one 7 short of the threshold: the player's turn
    may trigger the end with a lead, so Hard's turn is checked; with the player 11 short (beyond one turn)
    not."""
    hard_closes_the_pass = _TRIGGER_WITH_A_LEAD.replace("pass_pos=0", "pass_pos=1").replace(
        "tasks=turn_end.-3.0.0.0,objective.0.0.0.0,main.0.0.0.0",
        "tasks=turn_end.-3.1.0.0,objective.1.0.0.0,main.1.0.0.0")
    state = MagnastormState.from_position(hard_closes_the_pass)
    assert state.current_player() == 1
    assert reply_danger(state)
    further = hard_closes_the_pass.replace("rep=18,17 ledger=9,", "rep=14,17 ledger=5,")
    assert not reply_danger(MagnastormState.from_position(further))


def test_remembered_reply_verdicts_change_neither_the_choice_nor_its_cost() -> None:
    """The reply check remembers its verdicts between decisions; a bot asked with them remembered chooses as
    one asked afresh, and is charged the same evaluations (a worker's memory never changes a move)."""
    def ask() -> tuple[str, int]:
        state = MagnastormState.from_position(_LAST_TURN_OF_THE_ROUND)
        limit = Budget(60_000).start()
        action = make_bot("magnastorm", "hard", 2).choose_with(state, random.Random(3), limit)
        return str(action), limit.used

    turnplan._verdicts.clear()
    fresh = ask()
    assert turnplan._verdicts, "the position should be checked for a winning reply"
    assert ask() == fresh
