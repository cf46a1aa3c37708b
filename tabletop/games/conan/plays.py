"""Using abilities (issue 15): Actions played in their own role, in-play cards'
abilities, the timings of the turn, and the abilities that happen by themselves.

* **The moment** (:func:`moment`) is the ability timing of now: the phase in which
  one seat acts (``prepare`` and ``conan_move`` for the turn player, ``foe_draw``
  and ``foe_move`` for the enemy), or an open :class:`~tabletop.games.conan.data.Window`
  (``survey``, ``barbarian``, ``before_resolution``, ``before_zone``,
  ``after_zone``, ``end_of_round``, ``rest``). A window is opened by the flow at its
  place in the turn; the turn player acts in it first, then the enemy; a seat is
  asked when it could use something there as far as both seats can see (an
  in-play ability usable now, or a hand while its deck list holds an Action of
  that timing: being asked tells the other seat nothing of the hand), else passed
  over; it answers with its plays and ``next_phase`` (pass). House ruling CONAN-H11.
* **Plays**: ``play_card(card, target)`` plays an Action from the hand in its own
  role (its ``when`` is the moment and its ``by`` the player's role: ``conan`` for
  the turn player, ``enemy`` for a Foe action); ``use_ability(card, ability,
  target)`` uses an ability of the turn player's Item, Ally or Region in play
  (CONAN-R19). Conditions must hold, the ``cost`` is paid from Conan's prowess
  only (CONAN-H5), a chosen target must be one of the target word's candidates
  (the refusal names them).
* **By themselves**: ``auto`` timings of in-play cards and Foes
  (:func:`fire_timing`), and the events :func:`fire` is called for
  (``placed``, ``defeated``, ``unanswered``, ``special_hit``). Their targets are
  given by the moment (every candidate), never chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.core.abilities import Ability, Boundary, Part, Use, tick
from tabletop.core.actions import Action, Verdict
from tabletop.core.cards import CardDb
from tabletop.core.effect_end_log import log_duration_ends
from tabletop.core.messages import Message, msg
from tabletop.core.model import GameState
from tabletop.games.conan import defeat
from tabletop.games.conan.abilities import (
    ACTOR_TIMINGS,
    CHOSEN,
    TIMINGS,
    VOCABULARY,
    Ctx,
    describe,
    in_play,
    words,
)
from tabletop.games.conan.data import Phase, Window, conan_data, set_turn, turn_data
from tabletop.games.conan.stats import lose_prowess, prowess_now
from tabletop.games.conan.words import inst_msg, seat_msg
from tabletop.games.conan.zones import FOE_ZONES, cdef, conan_of, enemy, zid

#: The phase in which one seat acts -> its timing.
PHASE_TIMING: dict[str, str] = {Phase.PREPARE: "prepare", Phase.FOE_DRAW: "foe_draw",
                                Phase.FOE_MOVE: "foe_move", Phase.CONAN_MOVE: "conan_move"}
#: What ``next_phase`` does in an open window: the acting seat passes.
WINDOW = "window"
#: Card types whose abilities the turn player uses while they are in play.
IN_PLAY_TYPES = frozenset({"item", "ally", "region"})


def role(state: GameState, seat: int) -> str:
    """``conan`` for the turn player, ``enemy`` for the other seat (seed: 敵プレイヤー)."""
    return "conan" if seat == state.active else "enemy"


def moment(state: GameState) -> str | None:
    """The ability timing of now (see the module docstring), or None."""
    window = conan_data(state).window
    if window is not None:
        return window.timing
    timing = PHASE_TIMING.get(state.phase)
    if timing == "foe_draw" and state.step != "place":
        return None
    return timing


def window_seat(state: GameState) -> int | None:
    """The seat acting in the open window, or None."""
    window = conan_data(state).window
    return window.queue[0] if window is not None and window.queue else None


def _timed(ability: Ability, timing: str, by: str) -> bool:
    when = ability.when
    return when.word == timing and when.get("by", "conan") == by and not when.get("auto")


def _may_act(state: GameState, seat: int, timing: str) -> bool:
    """Is ``seat`` the one acting at ``timing`` now?"""
    if conan_data(state).window is not None:
        return window_seat(state) == seat
    return ACTOR_TIMINGS.get(timing) == role(state, seat)


def in_play_sources(state: GameState) -> list[int]:
    """The turn player's cards in play whose abilities it may use: side and Region."""
    a = state.active
    return [*state.zones[zid(a, "side")].cards, *state.zones[zid(a, "region")].cards]


@dataclass(frozen=True)
class AbilityPlay:
    """A checked play: ``seat`` uses ``ability`` of ``card`` on ``targets`` (the chosen
    one, or every candidate of a given target word); ``from_hand``: an Action played
    in its own role (discarded after its effect)."""

    card: int
    ability: Ability
    targets: tuple[int, ...]
    seat: int
    from_hand: bool


def timing_words(state: GameState, db: CardDb, iid: int) -> Message:
    """The timings the card's abilities are used at, in words (for a refusal)."""
    said = [words(Part.WHEN, a.when) for a in cdef(state, db, iid).abilities]
    return msg("conanab.timings", timings=said) if said else msg("conanab.no_timing")


def check_use(state: GameState, db: CardDb, seat: int, iid: int, ability: Ability,
              target: object) -> AbilityPlay | Verdict:
    """``seat`` using ``ability`` of ``iid`` on ``target`` now, checked: the condition,
    the cost (Conan's prowess, CONAN-H5), the target; or the refusal."""
    ctx = Ctx(state, db, seat, iid, ability)
    card = inst_msg(state, iid)
    if not VOCABULARY.holds(ctx, ability):
        return Verdict.refuse("conanab.condition", "CONAN-H11", card=card,
                              condition=describe(ability))
    cost = ability.when.number("cost")
    if cost:
        conan = conan_of(state, db, state.active)
        if conan is None or seat != state.active or prowess_now(state, db, conan) < cost:
            return Verdict.refuse("conanab.cost", "CONAN-H5", card=card, n=cost)
    targets: tuple[int, ...] = ()
    if ability.whom is not None:
        candidates = VOCABULARY.candidates(ctx, ability)
        if ability.whom.word in CHOSEN:
            if not candidates:
                return Verdict.refuse("conanab.no_target", "CONAN-H11", card=card,
                                      whom=words(Part.WHOM, ability.whom))
            if not isinstance(target, int) or isinstance(target, bool) or \
                    target not in candidates:
                return Verdict.refuse("conanab.bad_target", "CONAN-H11", card=card,
                                      targets=[inst_msg(state, c) for c in candidates])
            targets = (target,)
        else:
            if target is not None:
                return Verdict.refuse("conanab.no_choice", "CONAN-H11", card=card)
            targets = tuple(candidates)
    elif target is not None:
        return Verdict.refuse("conanab.no_choice", "CONAN-H11", card=card)
    verdict = VOCABULARY.check(ctx, ability, targets)
    if not verdict:
        return verdict
    return AbilityPlay(iid, ability, targets, seat, False)


def prepare_play_action(state: GameState, db: CardDb, seat: int, iid: int,
                        target: object) -> AbilityPlay | Verdict:
    """An Action from ``seat``'s hand played in its own role now (its ability whose
    ``when`` is the moment, ``by`` the seat's role), checked; or the refusal."""
    timing = moment(state)
    card = cdef(state, db, iid)
    found = [a for a in card.abilities
             if timing is not None and _timed(a, timing, role(state, seat))]
    if not found or timing is None or not _may_act(state, seat, timing):
        return Verdict.refuse("conanab.action_timing", "CONAN-H11", card=inst_msg(state, iid),
                              timings=timing_words(state, db, iid))
    checked = check_use(state, db, seat, iid, found[0], target)
    return replace(checked, from_hand=True) if isinstance(checked, AbilityPlay) else checked


def prepare_use(state: GameState, db: CardDb, seat: int, iid: object, index: object,
                target: object) -> AbilityPlay | Verdict:
    """``use_ability(card, ability, target)``: ability number ``index`` of the turn
    player's Item, Ally or Region in play, at its timing, checked; or the refusal."""
    if not isinstance(iid, int) or iid not in state.cards or iid not in in_play_sources(state) \
            or cdef(state, db, iid).type not in IN_PLAY_TYPES or seat != state.active:
        return Verdict.refuse("conanab.not_in_play", "CONAN-R19")
    card = cdef(state, db, iid)
    if not isinstance(index, int) or isinstance(index, bool) or \
            not 0 <= index < len(card.abilities):
        return Verdict.refuse("conanab.no_ability", "CONAN-H11", card=inst_msg(state, iid))
    ability = card.abilities[index]
    timing = moment(state)
    if timing is None or not _timed(ability, timing, "conan") or \
            not _may_act(state, seat, timing):
        return Verdict.refuse("conanab.ability_timing", "CONAN-H11", card=inst_msg(state, iid),
                              timings=timing_words(state, db, iid))
    return check_use(state, db, seat, iid, ability, target)


def _record_use(state: GameState, iid: int, ability: Ability) -> None:
    turn = turn_data(state)
    set_turn(state, replace(turn, used=(*turn.used, (iid, ability.index))))


def apply_play(state: GameState, db: CardDb, play: AbilityPlay) -> None:
    """Pay the cost, carry out the effects; an Action goes to the discard after them."""
    cost = play.ability.when.number("cost")
    conan = conan_of(state, db, state.active)
    if cost and conan is not None:
        lose_prowess(state, db, conan, cost)
    _record_use(state, play.card, play.ability)
    key = "log.conanab.plays" if play.from_hand else "log.conanab.uses"
    if play.from_hand:
        # seed: 効果の発動後は捨て札置き場に送られる; the card is shown as it is played
        state.cards[play.card].face_up = True
    state.add_log(msg(key, player=seat_msg(play.seat), card=inst_msg(state, play.card),
                      ability=describe(play.ability)))
    VOCABULARY.resolve(Ctx(state, db, play.seat, play.card, play.ability), play.ability,
                       play.targets)
    if play.from_hand and state.zone_of(play.card) == zid(play.seat, "hand"):
        state.move(play.card, zid(play.seat, "discard"))


def ability_actions(state: GameState, db: CardDb, seat: int) -> list[Action]:
    """Candidate plays of ``seat`` now (unchecked beyond the timing): each Action of
    the hand timed now with each candidate target, each usable ability of the turn
    player's cards in play. The rules' ``check`` filters them."""
    timing = moment(state)
    if timing is None or not _may_act(state, seat, timing):
        return []
    out: list[Action] = []
    who = role(state, seat)
    seen: set[str] = set()
    for iid in state.zones[zid(seat, "hand")].cards:
        card = cdef(state, db, iid)
        if card.type != "action" or card.id in seen:
            continue
        seen.add(card.id)  # copies of one card are interchangeable
        for ability in card.abilities:
            if _timed(ability, timing, who):
                out += [Action.make("play_card", seat, card=iid, target=t)
                        for t in _targets(state, db, seat, iid, ability)]
                break
    if who == "conan":
        for iid in in_play_sources(state):
            card = cdef(state, db, iid)
            if card.type not in IN_PLAY_TYPES:
                continue
            for ability in card.abilities:
                if _timed(ability, timing, "conan"):
                    out += [Action.make("use_ability", seat, card=iid, ability=ability.index,
                                        target=t)
                            for t in _targets(state, db, seat, iid, ability)]
    return out


def _targets(state: GameState, db: CardDb, seat: int, iid: int,
             ability: Ability) -> list[int | None]:
    if ability.whom is None or ability.whom.word not in CHOSEN:
        return [None]
    return list(VOCABULARY.candidates(Ctx(state, db, seat, iid, ability), ability))


def usable_now(state: GameState, db: CardDb, seat: int) -> bool:
    """Has ``seat`` anything it may play or use now (an open window stays for it)?"""
    for action in ability_actions(state, db, seat):
        card = int(action.get("card"))
        if action.kind == "play_card":
            verdict = prepare_play_action(state, db, seat, card, action.get("target"))
        else:
            verdict = prepare_use(state, db, seat, card, action.get("ability"),
                                  action.get("target"))
        if isinstance(verdict, AbilityPlay):
            return True
    return False


# ----------------------------------------------------------------- windows


def open_window(state: GameState, db: CardDb, timing: str) -> None:
    """``timing`` comes: the abilities that happen by themselves happen, then the
    turn player and the enemy may use theirs (CONAN-H11)."""
    fire_timing(state, db, timing)
    if state.game_over:
        return
    conan_data(state).window = Window(timing, (state.active, enemy(state)))


def could_use(state: GameState, db: CardDb, seat: int, timing: str) -> bool:
    """Could ``seat`` use something at ``timing``, judged from what both seats see
    (so that being asked tells the other seat nothing of a hidden hand): an ability of
    the turn player's cards in play usable now, or a card in the hand while the seat's
    own cards (its deck list, chosen in front of both players) hold an Action timed
    here for its role."""
    who = role(state, seat)
    if who == "conan":
        for iid in in_play_sources(state):
            card = cdef(state, db, iid)
            if card.type in IN_PLAY_TYPES and any(_timed(a, timing, "conan")
                                                  for a in card.abilities):
                for action in ability_actions(state, db, seat):
                    if action.kind == "use_ability" and isinstance(prepare_use(
                            state, db, seat, int(action.get("card")), action.get("ability"),
                            action.get("target")), AbilityPlay):
                        return True
                break
    if not state.zones[zid(seat, "hand")].cards:
        return False
    return (timing, who) in _deck_timings(state, db, seat)


def _deck_timings(state: GameState, db: CardDb, seat: int) -> frozenset[tuple[str, str]]:
    """``(timing, by)`` of every Action ``seat`` owns (its deck list)."""
    ids = {c.card_id for c in state.cards.values() if c.owner == seat}
    return frozenset((a.when.word, str(a.when.get("by", "conan")))
                     for cid in ids if db[cid].type == "action" for a in db[cid].abilities)


def settle(state: GameState, db: CardDb) -> bool:
    """Pass over the seats of the open window that could use nothing there
    (:func:`could_use`, public information only); True while a seat must act in it
    (it plays, or passes with ``next_phase``), False once it has closed (or none is
    open)."""
    data = conan_data(state)
    while data.window is not None:
        if state.game_over:
            data.window = None
            return False
        queue = data.window.queue
        if queue and could_use(state, db, queue[0], data.window.timing):
            return True
        rest = queue[1:]
        data.window = Window(data.window.timing, rest) if rest else None
    return False


def pass_window(state: GameState) -> None:
    """The acting seat is done with the open window (``next_phase``)."""
    data = conan_data(state)
    window = data.window
    if window is None:
        return
    state.add_log(msg("log.conanab.passes", player=seat_msg(window.queue[0]),
                      timing=words(Part.WHEN, _timing_use(window.timing))))
    rest = window.queue[1:]
    data.window = Window(window.timing, rest) if rest else None


def _timing_use(timing: str) -> Use:
    return Use(timing, {"by": "conan", "auto": False, "cost": 0})


# ----------------------------------------------------------------- by themselves


def _auto_sources(state: GameState) -> list[tuple[int, int]]:
    """``(card, seat using it)`` of every card in play this turn: the turn player's
    side and Region, the Foes on the battlefield (the enemy's)."""
    a = state.active
    out = [(i, a) for i in in_play_sources(state)]
    out += [(i, state.cards[i].owner) for z in FOE_ZONES for i in state.zones[z].cards]
    return out


def fire_timing(state: GameState, db: CardDb, timing: str) -> None:
    """The ``auto`` abilities of the cards in play at ``timing`` happen."""
    for iid, seat in _auto_sources(state):
        card = cdef(state, db, iid)
        for ability in card.abilities:
            if ability.when.word == timing and ability.when.get("auto"):
                _happen(state, db, seat, iid, ability)


def fire(state: GameState, db: CardDb, event: str, iid: int, seat: int,
         struck: int | None = None) -> None:
    """The abilities of card ``iid`` (used by ``seat``) on ``event`` happen
    (``placed``, ``defeated``, ``unanswered``, ``special_hit``)."""
    for ability in VOCABULARY.triggered(cdef(state, db, iid).abilities, event):
        _happen(state, db, seat, iid, ability, struck)
        if state.game_over:
            return


def _happen(state: GameState, db: CardDb, seat: int, iid: int, ability: Ability,
            struck: int | None = None) -> None:
    ctx = Ctx(state, db, seat, iid, ability, struck)
    if state.game_over or not VOCABULARY.holds(ctx, ability):
        return
    targets = VOCABULARY.candidates(ctx, ability) if ability.whom is not None else []
    if ability.whom is not None and not targets:
        return
    _record_use(state, iid, ability)
    state.add_log(msg("log.conanab.happens", card=inst_msg(state, iid),
                      ability=describe(ability)))
    VOCABULARY.resolve(ctx, ability, targets)


# ----------------------------------------------------------------- lasting effects


def end_of(state: GameState, boundary: Boundary) -> None:
    """Effects in force that end at ``boundary`` (a combat round's or the turn's end)."""
    data = conan_data(state)
    if data.actives:
        data.actives, ended = tick(data.actives, boundary, state.active)
        log_duration_ends(state, VOCABULARY, ended, boundary,  # ALL-H7
                          lambda active: words(Part.WHAT, active.effect))


def left_play(state: GameState, db: CardDb) -> None:
    """Effects on characters no longer in play end; so do ``while_in_play`` effects
    of cards that left."""
    data = conan_data(state)
    if not data.actives:
        return
    gone = frozenset(i for a in data.actives for i in (a.source, *a.targets)
                     if not in_play(state, db, i) and state.zone_of(i) not in
                     (zid(state.active, "region"),))
    if gone:
        data.actives = tick(data.actives, Boundary.LEFT_PLAY, state.active, gone)[0]


__all__ = ["AbilityPlay", "TIMINGS", "ability_actions", "apply_play", "check_use", "fire",
           "fire_timing", "moment", "open_window", "pass_window", "prepare_play_action",
           "prepare_use", "settle"]


def play_value(state: GameState, db: CardDb, action: Action) -> float | None:
    """The bots' worth of a ``play_card`` (an Action in its own role) or
    ``use_ability`` action to its seat (:meth:`Vocabulary.value`, less half a point a
    prowess of cost); None when the play is refused now."""
    card = action.get("card")
    if not isinstance(card, int) or card not in state.cards:
        return None
    if action.kind == "use_ability":
        checked = prepare_use(state, db, action.seat, card, action.get("ability"),
                              action.get("target"))
    elif cdef(state, db, card).type == "action":
        checked = prepare_play_action(state, db, action.seat, card, action.get("target"))
    else:
        return None
    if not isinstance(checked, AbilityPlay):
        return None
    ctx = Ctx(state, db, checked.seat, checked.card, checked.ability)
    return VOCABULARY.value(ctx, checked.ability, checked.targets) \
        - 0.5 * checked.ability.when.number("cost")


# a defeat fires "when defeated" abilities and ends effects through these (defeat
# sits below plays: plays reaches it through the ability words)
defeat.on_play(defeat.PlayHooks(fire=fire, left_play=left_play))
