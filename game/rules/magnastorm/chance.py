"""Chance nodes: the outcomes of every draw with their weights, and applying the drawn outcome.

Deals, the starting player, bag draws (black back into the bag), artifact draws and ties.
"""

from __future__ import annotations

from game.rules.magnastorm.actions import Action, act
from game.rules.magnastorm.core import (
    BLACK,
    COLOURS,
    YELLOW,
)
from game.rules.magnastorm.setup import SetUpRules


class ChanceRules(SetUpRules):
    """Chance nodes."""

    def _chance_weights(self) -> list[tuple[Action, int]]:
        st = self.s
        kind, _, a, _b, _c = self.tasks[-1]
        if kind == "bag":
            colours = [c for c in (YELLOW, *st.player_colours, BLACK) if self.bag[c]]
            return [(act(f"bag {COLOURS[c]}"), self.bag[c]) for c in colours]
        if kind == "deal_rc":
            return [(act(f"deal rc{a} {cid}"), 1) for cid in st.research_ids if cid not in self.rcmd]
        if kind == "deal_ac":
            return [(act(f"deal ac{a} {cid}"), 1) for cid in st.admin_ids if cid not in self.admin]
        if kind == "deal_ob":
            want = "research" if a < 2 else "sector"
            dealt = {o[:-1] for o in self.objectives if o}
            return [(act(f"deal ob{a} {key}"), 1) for key, face in st.card_faces.items()
                    if face.kind == want and key[:-1] not in dealt]
        if kind == "first":
            return [(act(f"first {seat}"), 1) for seat in range(st.n)]
        if kind == "draw":
            assert st.collections is not None
            taken = set(self._drawn_cards(a))
            return [(act(f"draw {a} {card}"), 1) for card in st.collections[a] if card not in taken]
        if kind == "tie":
            return [(act(f"tie {seat}"), 1) for seat in self._adv_candidates()]
        if kind == "artifact":
            tier = self._tier(a)
            owned = {c for coll in (st.collections or []) for c in coll} | set(self.artifacts_won)
            return [(act(f"artifact {a} {cid}"), 1) for cid, card in st.content.artifacts.items()
                    if card.tier == tier and cid not in owned]
        return []

    def _apply_chance(self, action: Action) -> None:
        st = self.s
        kind, _, a, _b, _c = self.tasks.pop()
        args = action.args
        if kind == "bag":
            colour = COLOURS.index(args[0])
            seat = a
            if colour == BLACK:  # back into the bag; a cube of the player's own colour instead
                self._emit("bag_drawn", seat=seat, colour="k")
                self._gain(seat, seat + 1)
            else:
                self.bag[colour] -= 1
                self.cubes[seat * 5 + colour] += 1
                self._emit("bag_drawn", seat=seat, colour=args[0])
        elif kind == "deal_rc":
            self.rcmd[a] = args[1]
        elif kind == "deal_ac":
            self.admin[a] = args[1]
        elif kind == "deal_ob":
            self.objectives[a] = args[1]
        elif kind == "first":
            self._set_first(int(args[0]))
        elif kind == "draw":
            self.drawn = [*self.drawn, a, int(args[1])]
        elif kind == "tie":
            self.order = [*self.order, int(args[0])]
        elif kind == "artifact":
            self.artifacts_won[a] = int(args[1])
            self._emit("artifact", seat=a, card=int(args[1]), tier=st.content.artifacts[int(args[1])].tier)
