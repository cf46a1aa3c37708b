"""絵師100人展's ability words: every trigger, condition, target and effect a card's
``[[card.ability]]`` tables may use, registered once in :data:`VOCABULARY` (issue 15).

The seed says a card's abilities are mostly its icons, but it names three things
printed on specific cards: their own victory conditions (勝利条件: "特定カードに記載
された勝利条件を満たす"), modifiers to the power compared in an attack (攻撃判定:
"各種修正を加え") and special instructions on the shape of the cards consumed
(コネクトの消費: "特別な指示が無い限り、つながってさえいればその形は問われない").
Those are the effects ``win``, ``power`` and ``consume_shape``; ``draw``,
``recover`` and ``damage`` are the card effects our own sample cards add.

Words (the docs, with an example card each: docs/cards-eshi100.md):

* when: ``while_on_grid`` (continuous: holds while the card stands on the grid and
  its conditions hold, no record kept), ``on_place``, ``on_connect`` (a card is
  placed that connects directly with this one for this card's owner),
  ``on_attack``, ``on_defend``, ``on_score`` (this card's attack succeeded),
  ``on_challenge``, ``on_counter`` (its owner challenged / countered while it
  stands on the grid), ``start_of_turn`` (``whose`` turn: own or opponent);
* if: ``recovered``, ``attacking``, ``defending``, ``connect_at_least``,
  ``points_at_least``, ``hand_at_most``, ``deck_at_most``, ``grid_count``,
  ``on_square``, ``line``;
* whom: ``grid_card`` (filters: whose, state, icon, near; ``count`` chosen by the
  card's owner, or ``all``), ``battle_foe`` (the other card of this battle);
* what: ``power``, ``win``, ``draw``, ``recover``, ``damage``, ``consume_shape``.

Every word is read through :class:`Ctx`: the state, the card db, the seat that
owns the ability's card (it chooses the targets and gains the effect) and that
card's instance. Squares in parameters are named as the card's owner reads the
grid (``"A1"`` its own start square, ``"D4"`` the opponent's); their words go
through :func:`describe`, which names them for the reader (``GameRules.reorient``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.core.abilities import Ability, Active, Duration, Param, Part, Use, Vocabulary
from tabletop.core.actions import LEGAL, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.games.eshi100 import board, connect, outcome
from tabletop.games.eshi100.data import eshi_data
from tabletop.games.eshi100.schema import GAME_ID
from tabletop.games.eshi100.words import (
    COLUMN_LETTERS,
    inst_msg,
    square_from_label,
    square_msg,
)
from tabletop.games.eshi100.zones import GRID, cards_in

__all__ = ["CONTINUOUS", "LINES", "SQUARE_LABELS", "VOCABULARY", "Ctx", "active_value",
           "describe", "effect_words", "line_held", "power_per", "words_of"]


@dataclass(frozen=True)
class Ctx:
    """What an ability is read in: ``state`` and ``db``, the ``seat`` that owns the
    ability's card (it chooses targets; "own" and "opponent" are from its side) and
    ``source``, that card's instance id."""

    state: GameState
    db: CardDb
    seat: int
    source: int


#: The trigger of continuous abilities (computed when asked, never queued).
CONTINUOUS = "while_on_grid"
#: Square names as a seat reads the grid ("A1" .. "D4", words.square_label).
SQUARE_LABELS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, 5) for c in COLUMN_LETTERS)
#: The lines of the ``line`` condition: each a tuple of squares (player 1's numbering).
LINES: dict[str, tuple[tuple[int, ...], ...]] = {
    "row": tuple(tuple(r * 4 + c for c in range(4)) for r in range(4)),
    "column": tuple(tuple(r * 4 + c for r in range(4)) for c in range(4)),
    "diagonal": ((0, 5, 10, 15), (3, 6, 9, 12)),
    "corners": ((0, 3, 12, 15),),
}
LINES["any"] = LINES["row"] + LINES["column"] + LINES["diagonal"]

WHOSE = ("own", "opponent")
WHOSE_ANY = ("own", "opponent", "any")
STATES = ("recovered", "damaged", "any")
ICONS = ("attack", "defense", "any")
NEAR = ("any", "adjacent", "connect")
PER = ("none", "connect", "points", "opponent_points", "own_damaged", "adjacent")

class EshiVocabulary(Vocabulary[Ctx]):
    """The game's vocabulary; its :meth:`describe` words every parameter (see
    :func:`describe`), so any reader of ``GameRules.vocabulary`` gets whole words."""

    def describe(self, ability: Ability, owner: int = 0) -> Message:
        """``ability`` in one sentence, its squares named as ``owner`` (default player
        1) reads the grid (:func:`describe`)."""
        return _worded(super().describe(ability), owner, ability)


VOCABULARY: Vocabulary[Ctx] = EshiVocabulary(GAME_ID)


def _seats(ctx: Ctx, whose: str) -> tuple[int, ...]:
    if whose == "own":
        return (ctx.seat,)
    if whose == "opponent":
        return (1 - ctx.seat,)
    return (0, 1)


def _source_square(ctx: Ctx) -> int | None:
    if ctx.state.zone_of(ctx.source) != GRID:
        return None
    return board.square_of(ctx.state, ctx.source)


def _connect(ctx: Ctx) -> frozenset[int]:
    """The source's connect for its owner; in a battle, a fighting card's connect as
    it was when the card was used (its payment damaged it since)."""
    battle = eshi_data(ctx.state).attack
    if battle is not None:
        if battle.attacker == ctx.source and battle.attacker_connect:
            return battle.attacker_connect
        if battle.defender == ctx.source and battle.defender_connect:
            return battle.defender_connect
    square = _source_square(ctx)
    if square is None:
        return frozenset()
    return connect.connect_of(ctx.state, ctx.db, ctx.seat, square)


def _matches_state(state: GameState, iid: int, wanted: str) -> bool:
    if wanted == "any":
        return True
    return board.is_recovered(state, iid) == (wanted == "recovered")


# -- when ------------------------------------------------------------------------------

VOCABULARY.trigger(CONTINUOUS, doc="while this card stands on the grid (continuous)")
VOCABULARY.trigger("on_place", doc="when this card is placed on the grid")
VOCABULARY.trigger("on_connect", doc="when a card is placed that connects directly with "
                   "this card for this card's owner")
VOCABULARY.trigger("on_attack", doc="when this card is used to attack, after its payment")
VOCABULARY.trigger("on_defend", doc="when this card is used to defend, after its payment")
VOCABULARY.trigger("on_score", doc="when this card's attack succeeds (it is a victory point)")
VOCABULARY.trigger("on_challenge", doc="when its owner challenges, this card on the grid")
VOCABULARY.trigger("on_counter", doc="when its owner counters, this card on the grid")
VOCABULARY.trigger("start_of_turn", (Param("whose", str, default="own", choices=WHOSE),),
                   doc="in the prepare phase of its owner's (or the opponent's) turn, "
                       "after the draw, this card on the grid")


# -- if --------------------------------------------------------------------------------

def _recovered(ctx: Ctx, use: Use) -> bool:
    return _source_square(ctx) is not None and board.is_recovered(ctx.state, ctx.source)


def _attacking(ctx: Ctx, use: Use) -> bool:
    battle = eshi_data(ctx.state).attack
    return battle is not None and battle.attacker == ctx.source


def _defending(ctx: Ctx, use: Use) -> bool:
    battle = eshi_data(ctx.state).attack
    return battle is not None and battle.defender == ctx.source


def _connect_at_least(ctx: Ctx, use: Use) -> bool:
    return len(_connect(ctx)) >= use.number("n")


def _points_at_least(ctx: Ctx, use: Use) -> bool:
    return all(outcome.points(ctx.state, s) >= use.number("n") for s in _seats(ctx, use["whose"]))


def _hand_at_most(ctx: Ctx, use: Use) -> bool:
    return all(len(cards_in(ctx.state, s, "hand")) <= use.number("n")
               for s in _seats(ctx, use["whose"]))


def _deck_at_most(ctx: Ctx, use: Use) -> bool:
    return all(len(cards_in(ctx.state, s, "deck")) <= use.number("n")
               for s in _seats(ctx, use["whose"]))


def _grid_count(ctx: Ctx, use: Use) -> bool:
    seats = _seats(ctx, use["whose"])
    n = sum(1 for iid in board.occupants(ctx.state).values()
            if ctx.state.cards[iid].owner in seats
            and _matches_state(ctx.state, iid, use["state"]))
    return n >= use.number("n")


def _on_square(ctx: Ctx, use: Use) -> bool:
    return _source_square(ctx) == square_from_label(use["square"], ctx.seat)


def line_held(state: GameState, seat: int, shape: str) -> tuple[int, ...] | None:
    """The first line of ``shape`` (:data:`LINES`) whose every square holds one of
    ``seat``'s recovered cards, or None."""
    on = board.occupants(state)
    for line in LINES[shape]:
        if all(q in on and state.cards[on[q]].owner == seat and board.is_recovered(state, on[q])
               for q in line):
            return line
    return None


def _line(ctx: Ctx, use: Use) -> bool:
    return line_held(ctx.state, ctx.seat, use["shape"]) is not None


_N = Param("n", int, required=True, minimum=0, maximum=40)
VOCABULARY.condition("recovered", _recovered, doc="this card stands on the grid, recovered")
VOCABULARY.condition("attacking", _attacking, doc="this card is the attacker of this battle")
VOCABULARY.condition("defending", _defending, doc="this card is the defender of this battle")
VOCABULARY.condition("connect_at_least", _connect_at_least,
                     (Param("n", int, required=True, minimum=1, maximum=16),),
                     doc="this card's connect (for its owner) holds at least n cards")
VOCABULARY.condition("points_at_least", _points_at_least,
                     (Param("n", int, required=True, minimum=1, maximum=3),
                      Param("whose", str, default="own", choices=WHOSE)),
                     doc="its owner (or the opponent) has at least n victory points")
VOCABULARY.condition("hand_at_most", _hand_at_most,
                     (_N, Param("whose", str, default="own", choices=WHOSE)),
                     doc="its owner's (or the opponent's) hand holds at most n cards")
VOCABULARY.condition("deck_at_most", _deck_at_most,
                     (_N, Param("whose", str, default="own", choices=WHOSE)),
                     doc="its owner's (or the opponent's) deck holds at most n cards")
VOCABULARY.condition("grid_count", _grid_count,
                     (Param("n", int, required=True, minimum=1, maximum=16),
                      Param("whose", str, default="own", choices=WHOSE_ANY),
                      Param("state", str, default="any", choices=STATES)),
                     doc="at least n cards of its owner's (opponent's, anyone's) stand on "
                         "the grid, in that state")
VOCABULARY.condition("on_square", _on_square,
                     (Param("square", str, required=True, choices=SQUARE_LABELS),),
                     doc="this card stands on that square, named as its owner reads the grid")
VOCABULARY.condition("line", _line,
                     (Param("shape", str, default="any", choices=tuple(LINES)),),
                     doc="its owner's recovered cards fill a whole row, column, diagonal "
                         "(any: one of those) or the four corners")


# -- whom ------------------------------------------------------------------------------

def _grid_card(ctx: Ctx, use: Use) -> list[int]:
    state = ctx.state
    seats = _seats(ctx, use["whose"])
    square = _source_square(ctx)
    near: set[int] | None = None
    if use["near"] == "adjacent":
        near = set()
        if square is not None:
            on = board.occupants(state)
            near = {on[q] for q in board.neighbours(square) if q in on}
    elif use["near"] == "connect":
        near = set(_connect(ctx))
    out = []
    for iid in board.occupants(state).values():
        if state.cards[iid].owner not in seats or (use["other"] and iid == ctx.source):
            continue
        if not _matches_state(state, iid, use["state"]):
            continue
        if use["icon"] != "any" and ctx.db[state.cards[iid].card_id]["icon"] != use["icon"]:
            continue
        if near is not None and iid not in near:
            continue
        out.append(iid)
    return sorted(out)


def _battle_foe(ctx: Ctx, use: Use) -> list[int]:
    battle = eshi_data(ctx.state).attack
    if battle is None:
        return []
    if battle.attacker == ctx.source:
        return [] if battle.defender is None else [battle.defender]
    return [battle.attacker] if battle.defender == ctx.source else []


VOCABULARY.target("grid_card", _grid_card,
                  (Param("whose", str, default="any", choices=WHOSE_ANY),
                   Param("state", str, default="any", choices=STATES),
                   Param("icon", str, default="any", choices=ICONS),
                   Param("near", str, default="any", choices=NEAR),
                   Param("other", bool, default=True),
                   Param("count", int, default=1, minimum=1, maximum=4),
                   Param("all", bool, default=False)),
                  doc="cards on the grid: whose, in which state, with which icon, how near "
                      "this card (adjacent, in its connect); other: not this card itself; "
                      "its owner chooses count of them, or all: every one")
VOCABULARY.target("battle_foe", _battle_foe,
                  doc="the other card of this battle (the defender of this attacker, the "
                      "attacker of this defender); nobody chooses")


# -- what ------------------------------------------------------------------------------

def power_per(ctx: Ctx, per: str) -> int:
    """How many times a ``power`` modifier counts (:data:`PER`): 1 for ``none``; else
    this card's connect, its owner's or the opponent's victory points, its owner's
    damaged cards on the grid, or its owner's recovered cards orthogonally next to it."""
    state = ctx.state
    if per == "connect":
        return len(_connect(ctx))
    if per == "points":
        return outcome.points(state, ctx.seat)
    if per == "opponent_points":
        return outcome.points(state, 1 - ctx.seat)
    if per == "own_damaged":
        return len(board.damaged_of(state, ctx.seat))
    if per == "adjacent":
        square = _source_square(ctx)
        if square is None:
            return 0
        on = board.occupants(state)
        return sum(1 for q in board.neighbours(square) if q in on
                   and state.cards[on[q]].owner == ctx.seat and board.is_recovered(state, on[q]))
    return 1


def _power_targets(ctx: Ctx, targets: Sequence[int]) -> tuple[int, ...]:
    return tuple(targets) if targets else (ctx.source,)


def _power_value(ctx: Ctx, use: Use, targets: Sequence[int]) -> float:
    amount = use.number("amount") * max(0, power_per(ctx, use["per"]))
    return sum(0.02 * amount * (1 if ctx.state.cards[t].owner == ctx.seat else -1)
               for t in _power_targets(ctx, targets) if t in ctx.state.cards)


def _win(ctx: Ctx, use: Use, targets: Sequence[int]) -> None:
    outcome.card_victory(ctx.state, ctx.seat, inst_msg(ctx.state, ctx.source))


def _draw(ctx: Ctx, use: Use, targets: Sequence[int]) -> None:
    outcome.draw(ctx.state, ctx.seat, use.number("n", 1))


def _draw_value(ctx: Ctx, use: Use, targets: Sequence[int]) -> float:
    deck = len(cards_in(ctx.state, ctx.seat, "deck"))
    return 0.03 * use.number("n", 1) if deck > use.number("n", 1) + 2 else -0.05


def _flip_check(damaged: bool) -> Callable[[Ctx, Use, Sequence[int]], Verdict]:
    """ESHI-H9: every target of ``recover`` is a damaged grid card (``damaged``), of
    ``damage`` a recovered one; else the refusal naming the first that is not."""
    def check(ctx: Ctx, use: Use, targets: Sequence[int]) -> Verdict:
        for iid in targets:
            if ctx.state.zone_of(iid) != GRID or board.is_recovered(ctx.state, iid) == damaged:
                return Verdict.refuse("eshi100.target_not_damaged" if damaged
                                      else "eshi100.target_not_recovered", "ESHI-H9",
                                      card=inst_msg(ctx.state, iid))
        return LEGAL
    return check


def _recover(ctx: Ctx, use: Use, targets: Sequence[int]) -> None:
    for iid in targets:
        board.set_recovered(ctx.state, iid, True)
        ctx.state.add_log(msg("log.eshi100.ability_recovers", card=inst_msg(ctx.state, iid),
                              source=inst_msg(ctx.state, ctx.source)))


def _damage(ctx: Ctx, use: Use, targets: Sequence[int]) -> None:
    for iid in targets:
        board.set_recovered(ctx.state, iid, False)
        ctx.state.add_log(msg("log.eshi100.ability_damages", card=inst_msg(ctx.state, iid),
                              source=inst_msg(ctx.state, ctx.source)))


def _flip_value(good_for_owner: float) -> Callable[[Ctx, Use, Sequence[int]], float]:
    def value(ctx: Ctx, use: Use, targets: Sequence[int]) -> float:
        return sum(good_for_owner * (1 if ctx.state.cards[t].owner == ctx.seat else -1)
                   for t in targets if t in ctx.state.cards)
    return value


_LASTING = frozenset({Duration.END_OF_COMBAT, Duration.END_OF_TURN, Duration.WHILE_IN_PLAY,
                      Duration.TURNS, Duration.PERMANENT})
VOCABULARY.effect("power", (Param("amount", int, required=True, minimum=-9, maximum=9),
                            Param("per", str, default="none", choices=PER)),
                  doc="each target's power (without whom: this card's) changes by amount "
                      "(times per: its connect, victory points, damaged cards, adjacent "
                      "cards); the power compared never drops below 0 (各種修正)",
                  value=_power_value, durations=_LASTING)
VOCABULARY.effect("win", doc="its owner wins the game at once (a victory condition "
                             "printed on the card, 勝利条件)",
                  resolve=_win, value=lambda ctx, use, targets: 1.0)
VOCABULARY.effect("draw", (Param("n", int, default=1, minimum=1, maximum=3),),
                  doc="its owner draws n cards (ESHI-R6 applies inside the draw)",
                  resolve=_draw, value=_draw_value)
VOCABULARY.effect("recover", doc="the targets, damaged cards, become recovered",
                  resolve=_recover, needs_target=True,
                  check=_flip_check(damaged=True),
                  value=_flip_value(0.05))
VOCABULARY.effect("damage", doc="the targets, recovered cards, become damaged",
                  resolve=_damage, needs_target=True,
                  check=_flip_check(damaged=False),
                  value=_flip_value(-0.06))
VOCABULARY.effect("consume_shape", (Param("line", bool, default=False),
                                    Param("own_only", bool, default=False)),
                  doc="a special instruction on paying this card's connect (特別な指示): "
                      "line, the consumed cards lie in one row or column; own_only, only "
                      "its owner's cards are consumed",
                  durations=frozenset({Duration.WHILE_IN_PLAY}))


# -- words -----------------------------------------------------------------------------

def describe(ability: Ability, owner: int) -> Message:
    """``ability`` in one sentence (catalogue ``ability.sentence`` around the words
    ``ability.eshi100.<part>.<word>``), every parameter in words (``whose`` as
    ``ability.eshi100.whose.<value>``, ``state``, ``icon``, ``near``, ``shape``,
    ``per``; signed amounts) and every square named as ``owner`` reads the grid (a
    ``square.eshi100`` message): pass the result through
    ``GameRules.reorient(message, owner, reader)`` before showing it, so each reader
    finds the square under the label on their own side."""
    return _worded(Vocabulary.describe(VOCABULARY, ability), owner, ability)


#: Parameters whose values are words of their own (catalogue ``ability.eshi100.<group>``).
_WORD_PARAMS = {"whose": "whose", "state": "state", "icon": "icon", "near": "near",
                "shape": "line", "per": "per"}
_PREFIX = f"ability.{GAME_ID}."
#: Parameter values that add no words (a catalogue text may not be empty).
_UNSAID = frozenset({("state", "any"), ("per", "none")})


def _worded(message: Message, owner: int, ability: Ability | None) -> Message:
    params = dict(message.params)
    for key, value in message.params:
        if isinstance(value, Message):
            params[key] = _worded(value, owner, ability)
    key = message.key
    if not key.startswith(_PREFIX):
        return msg(key, **params)
    for name, group in _WORD_PARAMS.items():
        value = params.get(name)
        if isinstance(value, str):
            params[name] = "" if (name, value) in _UNSAID else msg(f"{_PREFIX}{group}.{value}")
    square = params.get("square")
    if isinstance(square, str) and square in SQUARE_LABELS:
        params["square"] = square_msg(square_from_label(square, owner), owner)
    amount = params.get("amount")
    if isinstance(amount, int) and not isinstance(amount, bool):
        params["amount"] = f"{amount:+d}".replace("-", "−")
    if key == f"{_PREFIX}whom.grid_card":
        count = params.get("count")
        params["count"] = (msg(f"{_PREFIX}count_all") if params.get("all")
                           else msg(f"{_PREFIX}count", n=count))
    elif key == f"{_PREFIX}what.consume_shape":
        rule = ("line_own" if params.get("line") and params.get("own_only")
                else "own" if params.get("own_only") else "line")
        params["rule"] = msg(f"{_PREFIX}shape.{rule}")
    elif key == f"{_PREFIX}what.power" and ability is not None and ability.whom is None:
        key = f"{_PREFIX}what.power_self"
    return msg(key, **params)


def effect_words(use: Use, owner: int) -> Message:
    """One effect in force in words, as :func:`describe` words it (its squares named as
    ``owner`` reads the grid), said of the cards it is on (the log of its end, ALL-H7)."""
    return _worded(VOCABULARY.describe_use(Part.WHAT, use), owner, None)


def active_value(state: GameState, db: CardDb, active: Active) -> float:
    """The bots' worth of an effect in force to its owner (:meth:`Vocabulary.value`)."""
    if active.source not in state.cards:
        return 0.0
    ctx = Ctx(state, db, active.owner, active.source)
    return VOCABULARY.effect_spec(active.effect).value(ctx, active.effect, active.targets)


def words_of(part: Part) -> tuple[str, ...]:
    """The registered words of one part, sorted (for the docs and their test)."""
    return tuple(sorted(VOCABULARY.words(part)))

