"""Arc's ability words: the one registry of its triggers, conditions, targets and
effects (issue 15; :mod:`tabletop.core.abilities`).

Every Arc card's abilities are read through :func:`abilities_of`: its
``[[card.ability]]`` tables, or for a card written in the short form of the
first sample set (``effect`` and ``amount`` on an action or combat card) the one
ability that form stands for (:func:`shorthand`). The rules (:mod:`effects`,
:mod:`plays`, :mod:`combat`), the bots, the coach and the card face all use
:data:`VOCABULARY`; nothing else knows what an effect word does.

Words (docs/cards-arc.md has an example card for each):

* ``when``: ``on_play`` (an action card used in your turn, ARC-H1, or a combat
  card played in a combat, ARC-R5), ``enters`` (this character is put into play),
  ``attacks`` (this character is declared an attacker), ``blocked`` (this attacker
  is blocked), ``always`` (while this character is in play: a static ability,
  ``how_long = "while_in_play"``).
* ``if``: ``characters_at_least`` (n: you have n or more characters),
  ``opponent_deck_at_most`` (n), ``attacking``, ``blocking`` (this character, in
  the combat in progress).
* ``whom``, chosen by the player using the card: ``opposing_character``,
  ``opposing_character_power_at_most`` (n, printed power), ``tapped_opposing_character``,
  ``own_character`` (never the source itself), ``own_tapped_character`` (ARC-H4),
  ``any_character``, ``own_combatant``, ``opposing_combatant``; not chosen, every
  candidate is affected: ``this`` (the source character), ``each_other_own_character``,
  ``each_opposing_character``. Filters read printed power, so a static power
  modifier never depends on another one.
* ``what``: ``draw`` (n), ``mill`` (n: the opponent's deck), ``destroy``,
  ``untap``, ``pump`` / ``weaken`` (n: +n / -n power; until the end of the combat
  or turn, or while in play), ``return_to_hand`` (to its owner's hand), ``search_character``,
  ``search_action``, ``search_combat``, ``search_resource`` (the first such card
  from the top of your deck into your hand, then the deck is shuffled; only you see
  which), ``recover_character`` (and ``_action``, ``_combat``, ``_resource``: the
  last such card put into your discard pile back to your hand), ``unblockable``,
  ``cannot_block``.

Values (``value``) are in the units of :mod:`tabletop.games.arc.heuristic`: one
card of deck (life, ARC-R1) or one point of power in play, positive when good for
the seat using the card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core.abilities import (
    Ability,
    Active,
    Duration,
    Lasting,
    Param,
    Part,
    Use,
    Vocabulary,
)
from tabletop.core.cards import CardDataError, CardDb, CardDef, CardProblems
from tabletop.core.messages import msg
from tabletop.core.model import GameState
from tabletop.games.arc.data import arc_data, current_combat
from tabletop.games.arc.deck_moves import draw, mill
from tabletop.games.arc.schema import GAME_ID
from tabletop.games.arc.words import card_msg, inst_msg, seat_msg
from tabletop.games.arc.zones import cards_in, cdef, characters, zid

__all__ = [
    "CHOSEN_TARGETS", "VOCABULARY", "ArcCtx", "Trigger", "abilities_of", "check_card",
    "check_cards",
    "shorthand", "targets_for",
]


@dataclass(frozen=True)
class ArcCtx:
    """What an Arc ability is resolved in: the state and card db, the seat using the
    ability (the source's owner), the source instance (the card played, or the
    character whose ability it is; -1 for none) and how long its effects last."""

    state: GameState
    db: CardDb
    seat: int
    source: int = -1
    lasting: Lasting = Lasting()


class Trigger:
    """The ``when`` words of Arc, as constants (the rules fire them)."""

    ON_PLAY = "on_play"
    ENTERS = "enters"
    ATTACKS = "attacks"
    BLOCKED = "blocked"
    ALWAYS = "always"


VOCABULARY: Vocabulary[ArcCtx] = Vocabulary(GAME_ID)

_N = (Param("n", int, required=True, minimum=1, maximum=40),)
_LASTING = frozenset({Duration.END_OF_COMBAT, Duration.END_OF_TURN, Duration.WHILE_IN_PLAY})

# -- when ---------------------------------------------------------------------------------
VOCABULARY.trigger(Trigger.ON_PLAY, doc="an action card used in your turn (ARC-H1) or a "
                   "combat card played in a combat (ARC-R5)")
VOCABULARY.trigger(Trigger.ENTERS, doc="this character is put into play")
VOCABULARY.trigger(Trigger.ATTACKS, doc="this character is declared an attacker (ARC-R5)")
VOCABULARY.trigger(Trigger.BLOCKED, doc="this attacker is blocked (ARC-R5)")
VOCABULARY.trigger(Trigger.ALWAYS, doc="while this character is in play (a static ability)")


# -- if -----------------------------------------------------------------------------------
def _in_combat(ctx: ArcCtx, side: str) -> bool:
    combat = current_combat(ctx.state)
    if combat is None:
        return False
    if side == "attacker":
        return ctx.source in combat.attackers
    return any(b == ctx.source for b, _ in combat.blocks)


VOCABULARY.condition(
    "characters_at_least",
    lambda ctx, use: len(characters(ctx.state, ctx.db, ctx.seat)) >= use.number("n"),
    _N, "you have n or more characters in play")
VOCABULARY.condition(
    "opponent_deck_at_most",
    lambda ctx, use: len(cards_in(ctx.state, ctx.state.other(ctx.seat), "deck"))
    <= use.number("n"),
    (Param("n", int, required=True, minimum=0, maximum=60),),
    "your opponent's deck holds n or fewer cards")
VOCABULARY.condition("attacking", lambda ctx, use: _in_combat(ctx, "attacker"),
                     doc="this character attacks in the combat in progress")
VOCABULARY.condition("blocking", lambda ctx, use: _in_combat(ctx, "blocker"),
                     doc="this character blocks in the combat in progress")


# -- whom ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Shape:
    """What a target word picks: whose characters, chosen or each, filters."""

    side: str  # "own" | "opponent" | "any"
    chosen: bool = True
    combat: bool = False
    tapped: bool = False
    power_at_most: bool = False
    not_source: bool = False


def _combatants(state: GameState, seat: int) -> list[int]:
    combat = current_combat(state)
    if combat is None:
        return []
    if seat == state.active:
        return list(combat.attackers)
    return [b for b, _ in combat.blocks]


def _finder(shape: _Shape) -> Callable[[ArcCtx, Use], Sequence[int]]:
    def find(ctx: ArcCtx, use: Use) -> list[int]:
        state, seat = ctx.state, ctx.seat
        seats = {"own": (seat,), "opponent": (state.other(seat),),
                 "any": (state.active, state.other(state.active))}[shape.side]
        out: list[int] = []
        for s in seats:
            pool = _combatants(state, s) if shape.combat else characters(state, ctx.db, s)
            out += [i for i in pool if _fits(ctx, use, shape, i)]
        return out
    return find


def _fits(ctx: ArcCtx, use: Use, shape: _Shape, iid: int) -> bool:
    state = ctx.state
    if not state.zone_of(iid).endswith(".characters"):
        return False
    if shape.not_source and iid == ctx.source:
        return False
    if shape.tapped and not state.cards[iid].tapped:
        return False
    return not shape.power_at_most or cdef(state, ctx.db, iid).number("power", 0) <= use.number("n")


_TARGETS: dict[str, tuple[_Shape, str]] = {
    "opposing_character": (_Shape("opponent"), "an opposing character"),
    "opposing_character_power_at_most": (
        _Shape("opponent", power_at_most=True),
        "an opposing character with printed power n or less"),
    "tapped_opposing_character": (_Shape("opponent", tapped=True), "a tapped opposing character"),
    "own_character": (_Shape("own", not_source=True),
                      "one of your characters (never the source itself)"),
    "own_tapped_character": (_Shape("own", tapped=True), "a tapped character of yours (ARC-H4)"),
    "any_character": (_Shape("any"), "a character on either side"),
    "own_combatant": (_Shape("own", combat=True), "one of your characters in this combat"),
    "opposing_combatant": (_Shape("opponent", combat=True),
                           "an opposing character in this combat"),
    "each_other_own_character": (_Shape("own", chosen=False, not_source=True),
                                 "every other character of yours (not chosen)"),
    "each_opposing_character": (_Shape("opponent", chosen=False),
                                "every opposing character (not chosen)"),
}
for _word, (_shape, _doc) in _TARGETS.items():
    VOCABULARY.target(_word, _finder(_shape),
                      _N if _shape.power_at_most else (), _doc)


def _this(ctx: ArcCtx, use: Use) -> list[int]:
    source = ctx.source
    if source in ctx.state.cards and ctx.state.zone_of(source).endswith(".characters"):
        return [source]
    return []


VOCABULARY.target("this", _this, doc="the source character itself (not chosen)")

#: Target words the player chooses one card of (the others affect every candidate).
CHOSEN_TARGETS: frozenset[str] = frozenset(w for w, (s, _) in _TARGETS.items() if s.chosen)


def targets_for(ctx: ArcCtx, ability: Ability, chosen: int | None) -> tuple[int, ...]:
    """The cards ``ability``'s effects fall on: ``(chosen,)`` for a chosen target,
    every candidate for the others, ``()`` without ``whom``."""
    if ability.whom is None:
        return ()
    if ability.whom.word in CHOSEN_TARGETS:
        return () if chosen is None else (chosen,)
    return tuple(VOCABULARY.candidates(ctx, ability))


# -- what ---------------------------------------------------------------------------------
def _in_play(state: GameState, iid: int) -> bool:
    return iid in state.cards and state.zone_of(iid).endswith(".characters")


def _printed(ctx: ArcCtx, iid: int) -> int:
    return cdef(ctx.state, ctx.db, iid).number("power", 0)


def _side(ctx: ArcCtx, iid: int) -> float:
    """+1 for a card of the seat using the ability, -1 for an opposing one."""
    return 1.0 if ctx.state.cards[iid].owner == ctx.seat else -1.0


def _draw(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> None:
    draw(ctx.state, ctx.seat, use.number("n"))


def _mill(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> None:
    mill(ctx.state, ctx.state.other(ctx.seat), use.number("n"))


def _destroy(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> None:
    state = ctx.state
    for iid in targets:
        if _in_play(state, iid):
            state.add_log(msg("log.arc.destroyed", card=inst_msg(state, iid)))
            state.move(iid, zid(state.cards[iid].owner, "discard"))


def _untap(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> None:
    state = ctx.state
    for iid in targets:
        if _in_play(state, iid):
            state.cards[iid].tapped = False
            state.add_log(msg("log.arc.untaps", player=seat_msg(ctx.seat),
                              card=inst_msg(state, iid)))


def _return(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> None:
    state = ctx.state
    for iid in targets:
        if _in_play(state, iid):
            owner = state.cards[iid].owner
            state.add_log(msg("log.arc.returned", card=inst_msg(state, iid),
                              player=seat_msg(owner)))
            state.move(iid, zid(owner, "hand"))


def _lasting(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> None:
    """Put a lasting effect (power, unblockable, cannot_block) in force on ``targets``."""
    live = tuple(i for i in targets if _in_play(ctx.state, i))
    if not live:
        return
    data = arc_data(ctx.state)
    data.actives = (*data.actives, Active.start(ctx.source, ctx.seat, use, live, ctx.lasting))


def _search(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> None:
    """``search_<type>``: the first card of that type from the top of the deck goes to
    the hand, then the deck is shuffled. Everyone reads that a card was found; only its
    owner reads which (ALL-R2). The card's move to the hand is the undo barrier (ALL-H1)."""
    state, seat = ctx.state, ctx.seat
    deck = zid(seat, "deck")
    kind = use.word.removeprefix("search_")
    found = next((i for i in reversed(state.zones[deck].cards)
                  if cdef(state, ctx.db, i).type == kind), None)
    what = msg(f"log.arc.card_type.{kind}")
    if found is None:
        state.add_log(msg("log.arc.search_none", player=seat_msg(seat), what=what))
    else:
        state.move(found, zid(seat, "hand"))
        state.add_log(msg("log.arc.search", player=seat_msg(seat), what=what),
                      {seat: msg("log.arc.search_seen", player=seat_msg(seat),
                                 card=card_msg(state.cards[found].card_id))})
    state.shuffle(deck)


def power_delta(use: Use) -> int:
    """The power change of a ``pump`` (+n) or ``weaken`` (-n) use; 0 for other words."""
    if use.word == "pump":
        return use.number("n")
    return -use.number("n") if use.word == "weaken" else 0


def _recover(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> None:
    """``recover_<type>``: the card of that type put last into your discard pile (the
    card being used left out) goes back to your hand. The pile is public, so the log
    names it for everyone."""
    state, seat = ctx.state, ctx.seat
    kind = use.word.removeprefix("recover_")
    found = next((i for i in reversed(state.zones[zid(seat, "discard")].cards)
                  if i != ctx.source and cdef(state, ctx.db, i).type == kind), None)
    if found is None:
        state.add_log(msg("log.arc.recover_none", player=seat_msg(seat),
                          what=msg(f"log.arc.card_type.{kind}")))
        return
    state.move(found, zid(seat, "hand"))
    state.add_log(msg("log.arc.recover", player=seat_msg(seat), card=inst_msg(state, found)))


def _recover_value(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> float:
    kind = use.word.removeprefix("recover_")
    pile = ctx.state.zones[zid(ctx.seat, "discard")].cards
    found = next((i for i in reversed(pile)
                  if i != ctx.source and cdef(ctx.state, ctx.db, i).type == kind), None)
    return 0.0 if found is None else 1.0 + 0.3 * _printed(ctx, found)


def _power_value(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> float:
    return sum(_side(ctx, i) * power_delta(use) for i in targets if i in ctx.state.cards)


def _worth(ctx: ArcCtx, use: Use, targets: Sequence[int]) -> float:
    """Removing ``targets`` from play: their printed power, good against the opponent."""
    return sum(-_side(ctx, i) * _printed(ctx, i) for i in targets if i in ctx.state.cards)


VOCABULARY.effect("draw", _N, "you draw n cards", resolve=_draw,
                  value=lambda ctx, use, t: 0.5 * use.number("n"))
VOCABULARY.effect("mill", _N, "your opponent discards the top n cards of their deck",
                  resolve=_mill, value=lambda ctx, use, t: float(use.number("n")))
VOCABULARY.effect("destroy", (), "the target goes to its owner's discard pile",
                  resolve=_destroy, value=_worth, needs_target=True)
VOCABULARY.effect("untap", (), "the target is untapped", resolve=_untap,
                  value=lambda ctx, use, t: sum(0.5 * _side(ctx, i) * _printed(ctx, i)
                                                for i in t if i in ctx.state.cards),
                  needs_target=True)
VOCABULARY.effect("return_to_hand", (), "the target goes back to its owner's hand",
                  resolve=_return, value=lambda ctx, use, t: 0.8 * _worth(ctx, use, t),
                  needs_target=True)
VOCABULARY.effect("pump", (Param("n", int, required=True, minimum=1, maximum=20),),
                  "the target gets +n power", resolve=_lasting, value=_power_value,
                  needs_target=True, durations=_LASTING, instant=False)
VOCABULARY.effect("weaken", (Param("n", int, required=True, minimum=1, maximum=20),),
                  "the target gets -n power (never below 0, ARC-H3)", resolve=_lasting,
                  value=_power_value, needs_target=True, durations=_LASTING, instant=False)
VOCABULARY.effect("unblockable", (), "the target cannot be blocked", resolve=_lasting,
                  value=lambda ctx, use, t: sum(0.5 * _side(ctx, i) * _printed(ctx, i)
                                                for i in t if i in ctx.state.cards),
                  needs_target=True, durations=_LASTING, instant=False)
VOCABULARY.effect("cannot_block", (), "the target cannot block", resolve=_lasting,
                  value=lambda ctx, use, t: sum(-0.5 * _side(ctx, i) * _printed(ctx, i)
                                                for i in t if i in ctx.state.cards),
                  needs_target=True, durations=_LASTING, instant=False)
for _kind in ("resource", "character", "action", "combat"):
    VOCABULARY.effect(f"search_{_kind}", (),
                      f"the first {_kind} card from the top of your deck goes to your hand; "
                      "then your deck is shuffled", resolve=_search,
                      value=lambda ctx, use, t: 1.0)

for _kind in ("resource", "character", "action", "combat"):
    VOCABULARY.effect(f"recover_{_kind}", (),
                      f"the {_kind} card put last into your discard pile (not the card "
                      "being used) goes back to your hand", resolve=_recover,
                      value=_recover_value)

#: Effects that stay in force (kept as :class:`Active` records or read from a static
#: ability): they need a ``how_long`` other than instant.
LASTING_EFFECTS: frozenset[str] = frozenset({"pump", "weaken", "unblockable", "cannot_block"})


# -- the short form ---------------------------------------------------------------------------
def _short(file: str, cid: str, raw: dict[str, Any]) -> Ability:
    ability, = VOCABULARY.parse(file, cid, [raw], "effect")
    return ability


def shorthand(card: CardDef) -> tuple[Ability, ...]:
    """The ability an action or combat card's short form stands for (``effect`` and
    ``amount``, docs/cards-arc.md): ``draw``/``mill`` n; ``destroy`` an opposing
    character of printed power ``amount`` or less; ``untap`` a tapped character of
    yours (ARC-H4); combat ``pump``/``weaken``: +/-``amount`` power to one of your /
    an opposing character in this combat until the end of the combat. ``()`` for a
    card without ``effect``."""
    effect = card.get("effect")
    if not isinstance(effect, str):
        return ()
    n = int(card.get("amount") or 1)
    raw: dict[str, Any] = {"when": Trigger.ON_PLAY}
    if effect in ("draw", "mill"):
        raw["what"] = {"effect": effect, "n": max(1, n)}
    elif effect == "destroy":
        raw["whom"] = {"target": "opposing_character_power_at_most", "n": max(1, n)}
        raw["what"] = {"effect": "destroy"}
    elif effect == "untap":
        raw["whom"] = "own_tapped_character"
        raw["what"] = {"effect": "untap"}
    else:
        raw["whom"] = "own_combatant" if effect == "pump" else "opposing_combatant"
        raw["what"] = {"effect": effect, "n": max(1, n)}
        raw["how_long"] = "end_of_combat"
    return (_short(card.source, card.id, raw),)


_CACHE: dict[int, tuple[CardDef, tuple[Ability, ...]]] = {}


def abilities_of(card: CardDef) -> tuple[Ability, ...]:
    """Every ability of ``card``: its ``[[card.ability]]`` tables, or the one its short
    form stands for (:func:`shorthand`)."""
    hit = _CACHE.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    found = card.abilities or shorthand(card)
    _CACHE[id(card)] = (card, found)
    return found


def triggered(card: CardDef, trigger: str) -> list[Ability]:
    """``card``'s abilities whose ``when`` is ``trigger``."""
    return list(VOCABULARY.triggered(abilities_of(card), trigger))


def chosen_ability(card: CardDef, trigger: str) -> Ability | None:
    """The one ``trigger`` ability of ``card`` whose target the player chooses, if any."""
    return next((a for a in triggered(card, trigger)
                 if a.whom is not None and a.whom.word in CHOSEN_TARGETS), None)


def static_uses(state: GameState, db: CardDb) -> Iterator[tuple[Use, tuple[int, ...]]]:
    """Every effect of an ``always`` ability in force now, with the cards it falls on:
    the abilities of characters in play whose conditions hold."""
    for seat in (0, 1):
        for iid in cards_in(state, seat, "characters"):
            card = cdef(state, db, iid)
            for ability in triggered(card, Trigger.ALWAYS):
                ctx = ArcCtx(state, db, seat, iid, ability.how_long)
                if not VOCABULARY.holds(ctx, ability):
                    continue
                targets = targets_for(ctx, ability, None)
                for use in ability.what:
                    yield use, targets


def check_card(card: CardDef) -> None:
    """What the words allow but Arc's rules cannot do, refused when the card is loaded
    (CardDataError naming file, card and field): a lasting effect given no duration;
    an ``always`` ability that is not ``while_in_play``, chooses a target or does
    anything but a lasting effect; a chosen target on an ``attacks``/``blocked``
    trigger (nobody is asked then); two chosen targets for one play; an ``on_play``
    ability on a character or an ``enters``/``attacks``/``blocked``/``always`` one on
    an action or combat card; a combat card without a chosen target; an action or
    combat card that does nothing, or says it twice (abilities and the short form).
    Every problem of the card is told (CardProblems; QA15b #1)."""
    problems: list[CardDataError] = []

    def bad(where: str, problem: str) -> None:
        problems.append(CardDataError(card.source, card.id, where, problem))

    if card.abilities and card.get("effect") is not None:
        bad("effect", "a card says what it does once: abilities or the short form "
                      "effect/amount, not both")
    # a short form the schema refused is absent from the fields: told there (QA15b #1)
    if card.type in ("action", "combat") and not abilities_of(card) and "effect" in card.fields:
        bad("ability", "missing: an action or combat card does something "
                       "([[card.ability]] or effect/amount)")
    chosen: dict[str, int] = {}
    for ability in card.abilities:
        where = f"ability[{ability.index}]"
        when = ability.when.word
        is_character = card.type == "character"
        if (when == Trigger.ON_PLAY) == is_character:
            bad(f"{where}.when", f"{when!r} does not fit a {card.type} card")
        durations = {use.word for use in ability.what if use.word in LASTING_EFFECTS}
        if durations and ability.how_long.duration is Duration.INSTANT:
            bad(f"{where}.how_long", f"missing: {sorted(durations)[0]!r} lasts until the end "
                                     "of the combat or turn, or while in play")
        if when == Trigger.ON_PLAY and ability.how_long.duration is Duration.WHILE_IN_PLAY:
            bad(f"{where}.how_long", "an action or combat card leaves play as it is used: "
                                     "use end_of_combat or end_of_turn")
        picks = ability.whom is not None and ability.whom.word in CHOSEN_TARGETS
        if when == Trigger.ALWAYS and (
                ability.how_long.duration is not Duration.WHILE_IN_PLAY or picks
                or any(use.word not in LASTING_EFFECTS for use in ability.what)):
            bad(where, "an 'always' ability is a lasting effect 'while_in_play' "
                       "on cards it does not choose")
        if picks and when in (Trigger.ATTACKS, Trigger.BLOCKED):
            bad(f"{where}.whom", f"nobody chooses a target when {when!r} triggers: use "
                                 "'this' or an 'each_...' target")
        if picks:
            chosen[when] = chosen.get(when, 0) + 1
            if chosen[when] > 1:
                bad(f"{where}.whom", "one play chooses one target: only one chosen target "
                                     f"per {when!r}")
    if card.type == "combat" and card.abilities and not chosen.get(Trigger.ON_PLAY):
        bad("ability", "a combat card is played on a character in the combat: "
                       "it needs a chosen target")
    if problems:
        raise CardProblems(problems)


def check_cards(db: CardDb) -> CardDb:
    """:func:`check_card` for every card of ``db`` (the game's own files, the user's,
    ``tabletop validate``); returns ``db`` unchanged. Raises CardDataError."""
    for card in db.values():
        check_card(card)
    return db


def describe_card(card: CardDef, trigger: str | None = None) -> list[Any]:
    """``card``'s abilities (those of ``trigger`` when given) in words, one
    :class:`~tabletop.core.messages.Message` each."""
    return [VOCABULARY.describe(a) for a in abilities_of(card)
            if trigger is None or a.when.word == trigger]


def word_message(part: Part, use: Use) -> Any:
    """One word of an ability in plain words (for a refusal naming a condition)."""
    return VOCABULARY.describe_use(part, use)
