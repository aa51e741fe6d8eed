"""The MagiStrat rules engine: set-up phase, turns (move, attack, Outcome), victory and draws.

Pieces have fixed ids; flat per-piece arrays hold owner, remaining potential,
enhancement and cell, and ``board[cell]`` holds the piece id or -1. What never
changes during a game (kind, full potential, strengths, set-up order) lives
in a ``_Tables`` object shared by clones. ``apply`` logs every write to those
arrays (with the other fields on the undo stack), so ``undo`` is exact.
Legal moves come from a per-piece cache kept up to date incrementally (see
``movegen`` and ``_moves``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any, ClassVar, Self

from game.rules.magistrat.actions import (
    PASS,
    Action,
    Move,
    Pass,
    Place,
    move,
    parse_action,
    place,
)
from game.rules.magistrat.board import (
    ACTING_KIND,
    APPRENTICE,
    APPRENTICE_CELLS,
    ARCHMAGE,
    CELL_NAMES,
    DIVINE_ABOVE,
    FORWARD_DIR,
    GOD,
    HIGH,
    KIND_LETTERS,
    KIND_NAMES,
    KING,
    KING_RING,
    LAYER_NAMES,
    MAGE,
    NUM_CELLS,
    PRIEST,
    PRIEST_CELLS,
    RAYS,
    SIDE_NAMES,
    home_ranks,
    layer_of,
)
from game.rules.magistrat.data import PieceTable, load_piece_table
from game.rules.magistrat.movegen import piece_moves
from game.rules.magistrat.options import DEFAULT_NO_PROGRESS_LIMIT, normalise_options
from game.rules.magistrat.position import (
    PLACEMENT_ORDER,
    SETUP_STEPS,
    PositionData,
    decode,
    encode_row,
    encode_tail,
    join_rows,
    validate,
)
from game.rules.magistrat.tables import PREY_SHIFT, TARGET_SHIFT
from game.rules.protocol import TERMINAL, Event, GameResult, GameState, IllegalActionError, PositionError


class _Tables:
    """Per-game data that never changes during play (shared by clones)."""

    __slots__ = (
        "acting_strength",
        "count",
        "full",
        "gods",
        "kind",
        "king",
        "no_progress_limit",
        "options",
        "placements",
        "quality",
        "strength",
        "table",
    )

    def __init__(self, table: PieceTable, kinds: list[int], fulls: list[int], owners: list[int],
                 placements: list[int], quality: tuple[int, int], options: dict[str, Any]) -> None:
        self.table = table
        self.kind = tuple(kinds)
        self.full = tuple(fulls)
        self.count = len(kinds)
        pct = table.attack_percent
        self.strength = tuple(f * pct[k] // 100 for k, f in zip(kinds, fulls, strict=True))
        self.acting_strength = tuple(
            f * pct[ACTING_KIND[k]] // 100 for k, f in zip(kinds, fulls, strict=True)
        )
        kings = [-1, -1]
        for pid, kind in enumerate(kinds):
            if kind == KING:
                kings[owners[pid]] = pid
        self.king = (kings[0], kings[1])
        self.gods = tuple(pid for pid, kind in enumerate(kinds) if kind == GOD)
        self.placements = tuple(placements)
        self.quality = quality
        self.options = options
        limit = options.get("no_progress_limit", DEFAULT_NO_PROGRESS_LIMIT)
        self.no_progress_limit: int | None = limit


@dataclass(frozen=True)
class PieceView:
    """What the view needs to draw one piece."""

    cell: int
    kind: int
    acting_kind: int
    """The kind it moves and attacks as (enhanced: a Mage acts as an Archmage, an Apprentice as a Priest)."""
    owner: int
    remaining: int
    full: int
    enhanced: bool


@dataclass(frozen=True)
class Preview:
    """What an action would do, computed on a clone (nothing is applied)."""

    action: Action
    events: tuple[Event, ...]

    def of_kind(self, kind: str) -> list[Event]:
        """The events of one kind, in order."""
        return [e for e in self.events if e.kind == kind]

    @property
    def attacks(self) -> list[Event]:
        """Exchanges in target order: attacker, target, amount, remaining."""
        return self.of_kind("attacked")

    @property
    def drop_outs(self) -> list[str]:
        """Cells whose transformed piece would drop out of the cube (the client warns)."""
        return [str(e.data["cell"]) for e in self.of_kind("dropped_out")]


class MagiStratState(GameState):
    """A MagiStrat game: set-up placements, then turns until victory or draw.

    Seats: 0 White (moves first), 1 Black. Deterministic: no chance nodes.
    A turn is one ``Move`` action (with or without the moved piece's attack);
    resigning and agreed draws are methods for the match, not actions.
    """

    game_id: ClassVar[str] = "magistrat"

    __slots__ = (
        "_changes",
        "_dirty",
        "_history",
        "_log",
        "_pending",
        "_piece_moves",
        "_position",
        "_preyed",
        "_reads",
        "_restated",
        "_rows",
        "_selectors",
        "_stale_rows",
        "_stamp",
        "_undirty",
        "board",
        "cell",
        "divine",
        "enh",
        "enhanced",
        "no_progress",
        "owner",
        "prey",
        "reason",
        "rem",
        "side",
        "step",
        "t",
        "winner",
    )

    t: _Tables
    board: list[int]
    owner: list[int]
    rem: list[int]
    enh: list[bool]
    cell: list[int]
    enhanced: tuple[int, ...]
    divine: int
    """Mask of the occupied Divine cells (only Gods stand there)."""
    prey: int
    """Mask of the cells of each side's non-King pieces (what the other side's Apprentices, Priests and
    Kings may attack): White's at bit ``cell``, Black's at bit ``PREY_SHIFT[BLACK] + cell``."""
    side: int
    step: int
    no_progress: int
    winner: int | None
    reason: str | None
    _history: list[tuple[Any, ...]]
    _log: list[Any]
    _piece_moves: list[list[Move]]
    _reads: list[int]
    _dirty: tuple[int, int]
    _pending: tuple[int, int]
    _changes: int
    _preyed: int
    _restated: int
    _selectors: tuple[bytes, bytes]
    """Per side, one byte per piece: 1 where the side owns it (``_moves`` picks its pieces' cells)."""
    _undirty: tuple[int, int, int]
    _stamp: int
    _position: str | None
    _rows: tuple[str, ...]
    _stale_rows: int

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_data(cls, data: PositionData, table: PieceTable, options: Mapping[str, Any]) -> Self:
        """Build a state from a validated position (pieces get ids in cell order)."""
        validate(data)
        placed = sorted(data.pieces, key=lambda p: p.cell)
        kinds = [p.kind for p in placed]
        fulls = [p.full for p in placed]
        owners = [p.owner for p in placed]
        placements: list[int] = [-1] * SETUP_STEPS
        for step in range(data.step, SETUP_STEPS):
            side, index = step % 2, step // 2
            kind = PLACEMENT_ORDER[index]
            placements[step] = len(kinds)
            kinds.append(kind)
            fulls.append(table.full(kind, data.quality[side]))
            owners.append(side)
        state = cls.__new__(cls)
        state.t = _Tables(table, kinds, fulls, owners, placements, data.quality, dict(options))
        state.board = [-1] * 192
        state.cell = [-1] * len(kinds)
        for pid, piece in enumerate(placed):
            state.board[piece.cell] = pid
            state.cell[pid] = piece.cell
        state.owner = owners
        state._select_owners()
        state.rem = [p.remaining for p in placed] + fulls[len(placed):]
        state.enh = [p.enhanced for p in placed] + [False] * (len(kinds) - len(placed))
        state.enhanced = tuple(pid for pid in range(len(placed)) if state.enh[pid])
        state.side = data.side
        state.step = data.step
        state.no_progress = data.no_progress
        state.winner = data.winner
        state.reason = data.reason
        state._history = []
        state._log = []
        state._piece_moves = [[] for _ in kinds]
        state._reads = [UNKNOWN] * len(kinds)
        state._dirty = state._pending = (0, 0)
        state.divine = sum(1 << p.cell for p in placed if p.cell >= 128)
        state.prey = sum(1 << p.cell << PREY_SHIFT[p.owner] for p in placed if p.kind != KING)
        state._changes = state._preyed = state._restated = 0
        state._undirty = (0, 0, 0)
        state._stamp = 0
        state._position = None
        state._rows = ("",) * 24
        state._stale_rows = _ALL_ROWS
        return state

    @classmethod
    def from_position(cls, text: str, options: Mapping[str, Any] | None = None,
                      table: PieceTable | None = None) -> Self:
        """A state from position notation; raise ``PositionError``."""
        table = table or load_piece_table()
        return cls.from_data(decode(text, table), table, options or {})

    # ------------------------------------------------------------------ protocol

    @property
    def num_players(self) -> int:
        """Two seats: 0 White, 1 Black."""
        return 2

    def current_player(self) -> int:
        """0 White, 1 Black, or ``TERMINAL``."""
        return TERMINAL if self.reason is not None else self.side

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.reason is not None

    def is_chance_node(self) -> bool:
        """Never: MagiStrat has no chance nodes."""
        return False

    def in_setup(self) -> bool:
        """True while pieces are still being placed."""
        return self.step < SETUP_STEPS

    def legal_actions(self) -> list[Action]:
        """Legal actions in a deterministic order (by cell)."""
        if self.reason is not None:
            return []
        if self.step < SETUP_STEPS:
            return self._placements()
        return self._moves()

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` may be applied now."""
        return isinstance(action, (Place, Move, Pass)) and action in self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """MagiStrat has no chance nodes."""
        return []

    def sample_chance(self, rng: Any) -> Any:
        """MagiStrat has no chance nodes; always raises."""
        raise IllegalActionError("MagiStrat has no chance nodes")

    def apply(self, action: Any) -> list[Event]:
        """Apply a legal action (trusted: check with ``is_legal``) and return its events."""
        log: list[Any] = []
        self._log = log
        self._history.append(self._snapshot(log))
        self._position = None
        self._changes = self._preyed = self._restated = 0
        events: list[Event] = []
        if type(action) is Move:
            frm, to = action.frm, action.to
            pid = self._move_piece(frm, to, events)
            # A quiet move (no attack, no God above either end, so not a God either) cannot change
            # steals, enhancement, God powers or the victory checks: its Outcome is only the counter.
            board = self.board
            if not action.attack and board[DIVINE_ABOVE[frm]] < 0 and board[DIVINE_ABOVE[to]] < 0:
                self._end_turn(False, False, events)
                self._spread_changes()
                return events
        if type(action) is Move:
            if action.attack:
                hits: list[int] = []
                marks: list[int] = []
                self._attack(pid, hits, marks, events)
                self._outcome(pid, hits, marks, events)
            else:
                # Without an attack only the two columns the piece left and entered can change.
                left, entered = frm & 63, to & 63
                self._settle((left,) if left == entered else (min(left, entered), max(left, entered)),
                             False, False, events)
        elif type(action) is Place:
            self._place(action, events)
        else:
            events.append(Event("passed", {"player": self.side}))
            self._outcome(-1, [], [], events)
        self._spread_changes()
        return events

    def _changed(self, c: int, pid: int) -> None:
        """Piece ``pid`` came to, left, or changed (owner, or a King's enhancement or potential) on cell
        ``c``: the moves that read the cell are stale, and so is its row of the position text. As an
        attack target it matters to the other side only (Kings are never fixed targets)."""
        bit = 1 << c
        self._changes |= bit
        self._stale_rows |= 1 << (c >> 3)
        if self.t.kind[pid] != KING:
            owner = self.owner[pid]
            self._preyed |= bit << _PREYED_SHIFT[owner]
            self.prey ^= bit << PREY_SHIFT[owner]  # every call for a non-King comes or goes

    def _switch_owner(self, q: int, side: int) -> None:
        """A steal: piece ``q`` now belongs to ``side`` (an attack target for the other side now)."""
        c = self.cell[q]
        self._changed(c, q)
        self._set(self.owner, q, side)
        self._select_owners()
        self._changed(c, q)

    def _select_owners(self) -> None:
        """Rebuild ``_selectors`` after the owners changed (a steal; ``undo`` restores the old pair)."""
        black = bytes(self.owner)
        self._selectors = (black.translate(_FLIP), black)

    def _set(self, values: list[Any], index: int, value: Any) -> None:
        """``values[index] = value`` on one of the piece arrays, logged for ``undo``."""
        self._log += (values, index, values[index])
        values[index] = value

    def _spread_changes(self) -> None:
        """Add what the action changed to ``_pending`` (stale for the cached moves), and keep it for
        ``undo`` in ``_undirty``."""
        changes, preyed = self._changes, self._preyed
        pending = self._pending
        self._pending = (pending[0] | changes, pending[1] | preyed)
        self._undirty = (changes, preyed, self._restated)

    def _snapshot(self, log: list[Any]) -> tuple[Any, ...]:
        """The undo record: every field but the piece arrays, whose writes go to ``log`` as
        (array, index, previous value) triples."""
        return (self.enhanced, self._selectors, self.divine, self.prey, self._pending, self._stamp,
                self._undirty, self.side, self.step, self.no_progress, self.winner, self.reason,
                self._position, self._rows, self._stale_rows, log)

    def undo(self) -> None:
        """Restore the state before the last ``apply`` (or ``resign``/``agree_draw``)."""
        changes, preyed, restated = self._undirty
        stamp, pending = self._stamp, self._pending
        (self.enhanced, self._selectors, self.divine, self.prey, saved_pending, saved_stamp, self._undirty,
         self.side, self.step, self.no_progress, self.winner, self.reason, self._position, self._rows,
         self._stale_rows, log) = self._history.pop()
        for i in range(len(log) - 3, -1, -3):
            log[i][log[i + 1]] = log[i + 2]
        if stamp == saved_stamp:
            self._pending = saved_pending  # the cache and _dirty are as the action left them
        else:
            # Every piece the action touched (its writes other than the board's are indexed by piece)
            # may hold moves cached in a line that no longer exists: recompute them.
            board, reads = self.board, self._reads
            for i in range(0, len(log), 3):
                if log[i] is not board:
                    reads[log[i + 1]] = UNKNOWN
            # The cache changed since the action (and took what was pending then): what the action
            # changed is changed back, so stale again (and so are the moves of a piece whose
            # enhancement alone changed).
            self._pending = (pending[0] | changes | restated, pending[1] | preyed)

    def forget_history(self) -> None:
        """Drop the undo history (the current position becomes the start of the game)."""
        self._history.clear()

    def result(self) -> GameResult | None:
        """The result once the game is over."""
        if self.reason is None:
            return None
        return GameResult(() if self.winner is None else (self.winner,), self.reason)

    def clone(self) -> Self:
        """An independent copy sharing the immutable tables (undo history dropped)."""
        other = self.__class__.__new__(self.__class__)
        other.t = self.t
        other.board = self.board[:]
        other.owner = self.owner[:]
        other._selectors = self._selectors
        other.rem = self.rem[:]
        other.enh = self.enh[:]
        other.cell = self.cell[:]
        other.enhanced = self.enhanced
        other.prey = self.prey
        other._piece_moves = self._piece_moves[:]
        other._reads = self._reads[:]
        other._dirty = self._dirty
        other._pending = self._pending
        other.divine = self.divine
        other._undirty = self._undirty
        other._stamp = self._stamp
        other.side = self.side
        other.step = self.step
        other.no_progress = self.no_progress
        other.winner = self.winner
        other.reason = self.reason
        other._history = []
        other._log = []
        other._position = self._position
        other._rows = self._rows
        other._stale_rows = self._stale_rows
        return other

    def parse_action(self, text: str) -> Action:
        """Parse action notation (``ge2-ge3``, ``ge2-ge3x``, ``K@he1``, ``pass``)."""
        return parse_action(text)

    def position(self) -> str:
        """The position in MagiStrat notation (docs/magistrat-notation.md); cached until the next change."""
        if self._position is None:
            t, stale = self.t, self._stale_rows
            if stale:
                rows = list(self._rows)
                for row in range(24):
                    if stale >> row & 1:
                        rows[row] = encode_row(self.board, row, t.kind, self.owner, self.rem, t.full,
                                               self.enh, t.table.potential)
                self._rows = tuple(rows)
                self._stale_rows = 0
            tail = encode_tail(self.side, self.step, self.no_progress, t.quality, self.winner, self.reason)
            self._position = join_rows(self._rows, tail)
        return self._position

    def to_json(self) -> dict[str, Any]:
        """``{"game", "format", "options", "position"}`` (undo history is not saved)."""
        return {"game": self.game_id, "format": 1, "options": self.options(), "position": self.position()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild from ``to_json`` data; raise ``PositionError``."""
        if not isinstance(data, Mapping) or data.get("game") != cls.game_id or data.get("format") != 1:
            raise PositionError("expected {'game': 'magistrat', 'format': 1, ...}")
        options = data.get("options")
        if not isinstance(options, Mapping):
            raise PositionError("options: expected an object")
        try:
            normalised = normalise_options(options)
        except ValueError as exc:
            raise PositionError(f"options: {exc}") from exc
        return cls.from_position(str(data.get("position")), normalised)

    def options(self) -> dict[str, Any]:
        """The match options this game was created with."""
        return dict(self.t.options)

    def describe_action(self, action: Any) -> str:
        """Plain-language description, e.g. ``White Mage ge2 to ge3, then attacks``."""
        who = SIDE_NAMES[self.side].capitalize()
        if isinstance(action, Place):
            return f"{who} places a {KIND_NAMES[action.kind]} on {_cell_words(action.cell)}"
        if isinstance(action, Move):
            pid = self.board[action.frm]
            name = KIND_NAMES[self.t.kind[pid]] if pid >= 0 else "piece"
            text = f"{who} {name} {_cell_words(action.frm)} to {_cell_words(action.to)}"
            return text + (", then attacks" if action.attack else "")
        return f"{who} passes"

    # ------------------------------------------------------------------ queries for the view and the AI

    def pieces(self) -> list[PieceView]:
        """Every piece on the cube, in cell order."""
        return [view for c in range(len(self.board)) if (view := self.piece_at(c)) is not None]

    def piece_at(self, cell: int) -> PieceView | None:
        """The piece on ``cell`` or None."""
        pid = self.board[cell]
        if pid < 0:
            return None
        t = self.t
        return PieceView(cell, t.kind[pid], ACTING_KIND[t.kind[pid]] if self.enh[pid] else t.kind[pid],
                         self.owner[pid], self.rem[pid], t.full[pid], self.enh[pid])

    def next_placement(self) -> int | None:
        """Kind of the piece to place next during set-up, else None."""
        return self.t.kind[self.t.placements[self.step]] if self.step < SETUP_STEPS else None

    def king_must_move(self) -> bool:
        """True when the player to act has an enhanced King with a legal move (it must move)."""
        king = self.t.king[self.side]
        if self.reason is not None or self.step < SETUP_STEPS or king < 0 or not self.enh[king]:
            return False
        self._take_pending()
        return bool(self._cached_moves([self.cell[king]]))

    def preview(self, action: Action) -> Preview:
        """What a legal ``action`` would do (events of its move, attack and Outcome), without applying it."""
        if not self.is_legal(action):
            raise IllegalActionError(f"illegal action {action}")
        return Preview(action, tuple(self.clone().apply(action)))

    def preview_attack(self, action: Move) -> Preview | None:
        """What the moved piece's attack would do after ``action``'s move, or None if it has no target.

        The preview's events cover the whole turn: the exchanges in target
        order (amounts, remaining potentials), steals, destructions,
        enhancement changes and drop-outs.
        """
        attacking = move(action.frm, action.to, True)
        if not self.is_legal(attacking):
            if self.is_legal(move(action.frm, action.to, False)):
                return None
            raise IllegalActionError(f"illegal action {action}")
        return Preview(attacking, tuple(self.clone().apply(attacking)))

    def resign(self, player: int) -> list[Event]:
        """``player`` resigns: the other side wins. Undoable like an action."""
        return self._end_by_agreement(1 - player, "resigned")

    def agree_draw(self) -> list[Event]:
        """Both players agree a draw. Undoable like an action."""
        return self._end_by_agreement(None, "agreed_draw")

    def _end_by_agreement(self, winner: int | None, reason: str) -> list[Event]:
        if self.reason is not None:
            raise IllegalActionError("the game is already over")
        self._history.append(self._snapshot([]))
        self._position = None
        self._undirty = (0, 0, 0)
        self.winner, self.reason = winner, reason
        return [self._game_over_event()]

    def _game_over_event(self) -> Event:
        winners = [] if self.winner is None else [self.winner]
        return Event("game_over", {"winners": winners, "reason": self.reason})

    # ------------------------------------------------------------------ set-up

    def _placements(self) -> list[Action]:
        kind = self.t.kind[self.t.placements[self.step]]
        board = self.board
        return [a for a in _PLACEMENTS[kind][self.side] if board[a.cell] < 0]

    def _place(self, action: Place, events: list[Event]) -> None:
        pid = self.t.placements[self.step]
        self._set(self.board, action.cell, pid)
        self._set(self.cell, pid, action.cell)
        self._changed(action.cell, pid)
        if action.cell >= 128:
            self.divine |= 1 << action.cell
        events.append(Event("placed", {"player": self.side, "piece": KIND_LETTERS[action.kind],
                                       "cell": CELL_NAMES[action.cell]}))
        self.step += 1
        self.side = self.step % 2
        if self.step == SETUP_STEPS:
            self._enhancement_update(range(64), events)

    # ------------------------------------------------------------------ move generation

    def _moves(self) -> list[Action]:
        """An enhanced King's moves when it has any (it must move), else every piece's, in cell order
        (the Gods on Divine last), else pass.

        ``_piece_moves[pid]`` is a piece's moves and ``_reads[pid]`` the cells they depend on
        (``UNKNOWN`` until computed). ``apply`` leaves what it changed in ``_pending`` (content
        changes; target changes for both sides), added here to ``_dirty[side]``: what changed since
        that side's pieces were last all checked, when it starts again from nothing. ``_stamp``
        counts the changes of the cache and ``_dirty``: an ``undo`` with the same stamp as its
        ``apply`` restores everything exactly.
        """
        me = self.side
        self._take_pending()
        king = self.t.king[me]
        if king >= 0 and self.enh[king]:
            moves = self._cached_moves([self.cell[king]])
            if moves:
                return moves
        from_cells = sorted(compress(self.cell, self._selectors[me]))
        del from_cells[:from_cells.count(-1)]  # pieces off the cube
        moves = self._cached_moves(from_cells)
        if self._dirty[me]:
            self._dirty = (0, self._dirty[1]) if me == 0 else (self._dirty[0], 0)
            self._stamp += 1
        return moves or [PASS]

    def _take_pending(self) -> None:
        """Add the changes ``apply`` left in ``_pending`` to each side's ``_dirty``."""
        changes, preyed = self._pending
        if changes or preyed:
            white, black = self._dirty
            self._dirty = (white | changes | preyed & _TARGETS,
                           black | changes | preyed >> TARGET_SHIFT & _TARGETS)
            self._pending = (0, 0)
            self._stamp += 1

    def _cached_moves(self, from_cells: list[int]) -> list[Action]:
        """The moves of the pieces on ``from_cells`` (the side to move's), recomputing the stale ones."""
        board = self.board
        dirty = self._dirty[self.side] | UNKNOWN
        known, reads = self._piece_moves, self._reads
        out: list[Action] = []
        for c in from_cells:
            pid = board[c]
            if reads[pid] & dirty:
                known[pid], reads[pid] = piece_moves(self, pid, c)
                self._stamp += 1
            out += known[pid]
        return out

    def uncached_legal_actions(self) -> list[Action]:
        """``legal_actions()`` generated from scratch, bypassing the move cache (tests compare the two)."""
        saved = self._piece_moves, self._reads, self._dirty, self._pending, self._stamp
        self._piece_moves = [[] for _ in saved[0]]
        self._reads = [UNKNOWN] * self.t.count
        try:
            return self.legal_actions()
        finally:
            self._piece_moves, self._reads, self._dirty, self._pending, self._stamp = saved

    # ------------------------------------------------------------------ the turn

    def _move_piece(self, frm: int, to: int, events: list[Event]) -> int:
        board, cell = self.board, self.cell
        pid = board[frm]
        self._log += (board, frm, pid, board, to, board[to], cell, pid, frm)
        board[frm] = -1
        board[to] = pid
        cell[pid] = to
        self._changes |= 1 << frm | 1 << to
        self._stale_rows |= 1 << (frm >> 3) | 1 << (to >> 3)
        if self.t.kind[pid] != KING:
            moved, owner = 1 << frm | 1 << to, self.owner[pid]
            self._preyed |= moved << _PREYED_SHIFT[owner]
            self.prey ^= moved << PREY_SHIFT[owner]
        if frm >= 128:
            self.divine ^= 1 << frm | 1 << to  # only Gods stand on Divine, and they stay there
        events.append(Event("moved", {"player": self.side, "piece": KIND_LETTERS[self.t.kind[pid]],
                                      "frm": CELL_NAMES[frm], "to": CELL_NAMES[to]}))
        return pid

    def _attack(self, pid: int, hits: list[int], marks: list[int], events: list[Event]) -> None:
        """The moved piece's whole attack pattern, in the ruled target order."""
        board, owner, kinds = self.board, self.owner, self.t.kind
        c = self.cell[pid]
        me = owner[pid]
        kind = kinds[pid]
        acting = ACTING_KIND[kind] if self.enh[pid] else kind
        strength = self.t.acting_strength[pid] if self.enh[pid] else self.t.strength[pid]
        forward = FORWARD_DIR[me]
        if acting == ARCHMAGE:
            for d in (forward, forward ^ 4):
                for s in RAYS[c][d]:
                    q = board[s]
                    if q < 0:
                        continue
                    if owner[q] == me or (kinds[q] == KING and self.enh[q]):
                        break
                    if not self._exchange(pid, q, strength, acting, hits, marks, events):
                        return
                    if self.rem[q]:
                        break
            return
        targets: list[int] = []
        if acting == MAGE:
            for s in RAYS[c][forward]:
                q = board[s]
                if q >= 0:
                    if owner[q] != me and not (kinds[q] == KING and self.enh[q]):
                        targets.append(q)
                    break
        else:
            for s in _TARGET_CELLS[acting][me][c]:
                q = board[s]
                if q >= 0 and owner[q] != me and kinds[q] != KING:
                    targets.append(q)
        for q in targets:
            if not self._exchange(pid, q, strength, acting, hits, marks, events):
                return

    def _exchange(self, pid: int, q: int, strength: int, acting: int,
                  hits: list[int], marks: list[int], events: list[Event]) -> bool:
        """One exchange; False when the attacker can attack no further."""
        rem = self.rem
        kinds = self.t.kind
        limit = rem[pid] - 1 if kinds[pid] == KING else rem[pid]
        amount = min(strength, rem[q], limit)
        if amount <= 0:
            return False
        self._set(rem, q, rem[q] - amount)
        self._set(rem, pid, rem[pid] - amount)
        hits.append(q)
        if kinds[q] == KING:
            self._changed(self.cell[q], q)  # a King with 1 potential left cannot attack
        else:
            self._stale_rows |= 1 << (self.cell[q] >> 3)
        events.append(Event("attacked", {"attacker": CELL_NAMES[self.cell[pid]],
                                         "target": CELL_NAMES[self.cell[q]], "amount": amount,
                                         "remaining": rem[q], "attacker_remaining": rem[pid]}))
        if rem[q]:
            if acting == PRIEST and not self.enh[q]:
                marks.append(q)
            if kinds[q] == APPRENTICE and not self.enh[q] and kinds[pid] != KING and not self.enh[pid]:
                marks.append(pid)
        return rem[pid] > 0

    def _outcome(self, attacker: int, hits: list[int], marks: list[int], events: list[Event]) -> None:
        """Outcome steps 1-6 (rulings: A turn) after an attack or a pass, then the next player's turn."""
        owner, rem, cells = self.owner, self.rem, self.cell
        # 1. Attack steals: each marked survivor changes owner once.
        stole = False
        for q in dict.fromkeys(marks):
            if rem[q]:
                self._switch_owner(q, owner[q] ^ 1)
                stole = True
                events.append(Event("stolen", {"cell": CELL_NAMES[cells[q]],
                                               "piece": KIND_LETTERS[self.t.kind[q]], "player": owner[q],
                                               "by": "attack"}))
        # 2. Pieces at 0 potential leave the cube.
        if hits:
            for q in dict.fromkeys([*hits, attacker]):
                if rem[q] == 0:
                    self._remove(q, events, "destroyed", "attack")
        # Steps 3-5 can change something only in a column (x, y) with a God or an enhanced piece, and
        # there only if the turn changed one of its cells (the columns were settled when it began).
        changes = self._changes
        touched = changes | changes >> 64 | changes >> 128
        columns = sorted(xy for xy in {cells[g] & 63 for g in self.t.gods if cells[g] >= 0}
                         | {cells[q] & 63 for q in self.enhanced} if touched >> xy & 1)
        self._settle(columns, bool(hits), stole, events)

    def _settle(self, columns: Sequence[int], hit: bool, stole: bool, events: list[Event]) -> None:
        """Outcome steps 3-6 on the (x, y) ``columns`` where something can change, then end the turn.

        ``hit``: an attack cost potential this turn; ``stole``: an attack steal happened.
        """
        # 3.-5. Enhancement update, God powers, and the update again after God steals.
        dropped_out = self._enhancement_update(columns, events)
        god_stole, god_destroyed = self._god_powers(columns, events)
        if god_stole and self._enhancement_update(columns, events):
            dropped_out = True
        progress = hit or dropped_out or god_destroyed
        self._end_turn(progress or stole or god_stole, progress, events)

    def _end_turn(self, changed: bool, progress: bool, events: list[Event]) -> None:
        """Count progress, pass the turn, then Outcome step 6 (victory and draw checks)."""
        self.no_progress = 0 if progress else self.no_progress + 1
        self.side ^= 1
        self._check_end(changed)
        if self.reason is not None:
            events.append(self._game_over_event())

    def _remove(self, q: int, events: list[Event], kind: str, reason: str) -> None:
        c = self.cell[q]
        # Off the cube its cached moves are never checked, so what changes meanwhile is not seen:
        # should an undo bring it back, they are recomputed.
        self._reads[q] = UNKNOWN
        self._set(self.board, c, -1)
        self._set(self.cell, q, -1)
        self._set(self.rem, q, 0)
        self._changed(c, q)
        if self.enh[q]:
            self._set(self.enh, q, False)
            self.enhanced = tuple(p for p in self.enhanced if p != q)
        events.append(Event(kind, {"cell": CELL_NAMES[c], "piece": KIND_LETTERS[self.t.kind[q]],
                                   "player": self.owner[q], "reason": reason}))

    def _enhancement_update(self, columns: Iterable[int], events: list[Event]) -> bool:
        """Outcome step 3 on ``columns``; True when a piece dropped out of the cube (progress).

        A piece is enhanced exactly when a God of its owner stands above its (x, y); transformed
        pieces that lose it drop (or drop out), enhanced ones rise into an empty High-born cell.
        """
        board, owner, enh, kinds = self.board, self.owner, self.enh, self.t.kind
        gained: list[int] = []
        lost: list[int] = []
        for xy in columns:
            god = board[128 + xy]
            god_owner = owner[god] if god >= 0 else -1
            for c in (xy, xy + 64):
                q = board[c]
                if q >= 0 and (owner[q] == god_owner) != enh[q]:
                    (lost if enh[q] else gained).append(q)
        if lost or gained:
            cells = self.cell
            lost.sort(key=cells.__getitem__)
            gained.sort(key=cells.__getitem__)
            for q in lost:
                self._set(enh, q, False)
                events.append(Event("lost_enhancement", {"cell": CELL_NAMES[cells[q]],
                                                         "piece": KIND_LETTERS[kinds[q]],
                                                         "player": owner[q]}))
            for q in gained:
                self._set(enh, q, True)
                events.append(Event("enhanced", {"cell": CELL_NAMES[cells[q]],
                                                 "piece": KIND_LETTERS[kinds[q]], "player": owner[q]}))
            self.enhanced = tuple([q for q in (*self.enhanced, *gained) if enh[q]])
            self._restate(lost + gained)
        dropped_out = False
        for q in lost:
            c = self.cell[q]
            if c >= 64 and (kinds[q] == MAGE or kinds[q] == APPRENTICE):
                if board[c - 64] < 0:
                    self._relocate(q, c - 64, "dropped", events)
                else:
                    self._remove(q, events, "dropped_out", "drop_out")
                    dropped_out = True
        for xy in columns:
            q = board[xy]
            if q >= 0 and enh[q] and (kinds[q] == MAGE or kinds[q] == APPRENTICE) and board[xy + 64] < 0:
                self._relocate(q, xy + 64, "rose", events)
        return dropped_out

    def _restate(self, pids: list[int]) -> None:
        """The enhancement of ``pids`` changed. Only a King's matters to other pieces' moves (Archmages
        and Mages may not attack an enhanced King); the others' own cached moves are dropped."""
        kinds, cells, reads = self.t.kind, self.cell, self._reads
        for q in pids:
            c = cells[q]
            if kinds[q] == KING:
                self._changed(c, q)
            else:
                self._stale_rows |= 1 << (c >> 3)
                reads[q] = UNKNOWN
                self._restated |= 1 << c  # undo changes it back

    def _relocate(self, q: int, to: int, kind: str, events: list[Event]) -> None:
        frm = self.cell[q]
        self._set(self.board, frm, -1)
        self._set(self.board, to, q)
        self._set(self.cell, q, to)
        self._changed(frm, q)
        self._changed(to, q)
        events.append(Event(kind, {"frm": CELL_NAMES[frm], "to": CELL_NAMES[to],
                                   "piece": KIND_LETTERS[self.t.kind[q]], "player": self.owner[q]}))

    def _god_powers(self, columns: Iterable[int], events: list[Event]) -> tuple[bool, bool]:
        """Outcome step 4 on ``columns``: enhanced Priests steal and enhanced Archmages destroy the enemy
        non-King piece on the other layer (returns stole, destroyed)."""
        board, owner, kinds, enh = self.board, self.owner, self.t.kind, self.enh
        stole = destroyed = False
        for xy in columns:
            for c, other in ((xy, xy + 64), (xy + 64, xy)):
                q = board[c]
                if q < 0 or not enh[q] or (kinds[q] != PRIEST and kinds[q] != ARCHMAGE):
                    continue
                r = board[other]
                if r < 0 or owner[r] == owner[q] or kinds[r] == KING or enh[r]:
                    continue
                if kinds[q] == PRIEST:
                    self._switch_owner(r, owner[q])
                    stole = True
                    events.append(Event("stolen", {"cell": CELL_NAMES[other],
                                                   "piece": KIND_LETTERS[kinds[r]], "player": owner[r],
                                                   "by": "god_power"}))
                else:
                    self._remove(r, events, "destroyed", "god_power")
                    destroyed = True
        return stole, destroyed

    def _check_end(self, changed: bool) -> None:
        """Outcome step 6, then the no-progress house rule.

        The piece checks run only after a steal or a destruction: nothing else can change them.
        """
        t = self.t
        if changed:
            cells = self.cell
            for side in (0, 1):
                if t.king[side] < 0 or cells[t.king[side]] < 0:
                    self.winner, self.reason = 1 - side, "king_destroyed"
                    return
            has = [False, False]
            kinds, owner = t.kind, self.owner
            for pid in range(t.count):
                if cells[pid] >= 0 and (kinds[pid] == ARCHMAGE or kinds[pid] == MAGE):
                    has[owner[pid]] = True
                    if has[0] and has[1]:
                        break
            if not has[0] and not has[1]:
                self.winner, self.reason = None, "neither_has_archmage_or_mage"
                return
            if not has[0] or not has[1]:
                self.winner, self.reason = (1 if not has[0] else 0), "no_archmage_or_mage"
                return
        if t.no_progress_limit is not None and self.no_progress >= t.no_progress_limit:
            self.winner, self.reason = None, "no_progress"


def _placement_cells(kind: int, side: int) -> Sequence[int]:
    """Where a set-up piece may go, in cell order: Gods anywhere on Divine, Kings on their side's
    High-born home rows, the others on their side's Ground or High-born home rows."""
    if kind == GOD:
        return range(128, 192)
    layers = (HIGH,) if kind == KING else (0, HIGH)
    return sorted(layer * 64 + rank * 8 + f
                  for layer in layers for rank in home_ranks(side) for f in range(8))


_PLACEMENTS = {kind: tuple(tuple(place(kind, c) for c in _placement_cells(kind, side)) for side in (0, 1))
               for kind in set(PLACEMENT_ORDER)}
"""Every placement of each set-up kind by each side, in cell order (filtered by the empty cells)."""

_TARGET_CELLS = {KING: KING_RING, PRIEST: PRIEST_CELLS, APPRENTICE: APPRENTICE_CELLS}
"""Target cells in the ruled order for the attackers that hit fixed cells (Kings passed over)."""

_FLIP = bytes.maketrans(b"\x00\x01", b"\x01\x00")
"""Swaps the owner bytes 0 and 1 (so White's pieces are the ones selected)."""

_ALL_ROWS = (1 << 24) - 1
"""Every row of the position text (layer * 8 + rank) needs encoding."""

_CELLS = (1 << NUM_CELLS) - 1
"""The cell part of a read mask (see ``tables``)."""

UNKNOWN = 1 << 2 * NUM_CELLS
"""Read mask of moves never computed, or of a piece whose enhancement changed: beyond every bit of a
read mask (cells, then targets), so it always looks stale."""

_PREYED_SHIFT = (2 * TARGET_SHIFT, TARGET_SHIFT)
"""Where ``_preyed`` notes a piece of each side changing: as a target it matters to the other side
(bits from ``2 * TARGET_SHIFT`` are Black's part, shifted down when spread)."""

_TARGETS = _CELLS << TARGET_SHIFT
"""The target part of a read mask (see ``tables``)."""


def _cell_words(cell: int) -> str:
    return f"{CELL_NAMES[cell][1:]} ({LAYER_NAMES[layer_of(cell)]})"
