"""A Conan bot that plays sensibly, and the names of how games end.

:class:`ConanBot` answers through ``rules.legal_actions`` like any player (it
never reads hidden cards: the other seat's face-down Moves are scored by what
the bot could see, i.e. not at all). It fights and presses on while Conan is
healthy, retreats when the Foes on the battlefield could finish Conan, places
one Move per Foe where it has prowess for it, never accepts a Move that would
defeat its own character, and as the enemy sends two Foes and gives each the
strongest Move it can pay without wounds. Every card's ability in its own role (an
Action, a Foe action, an Item's ability) it plays when the ability language's value
of it (``plays.play_value``) is worth more than keeping the card as a Move
(:data:`PLAY_WORTH`); at an ability timing it passes otherwise. Ties are broken by
its own seeded generator (never the game's, ALL-R1).

How a finished game ended is recorded by the rules when it ends
(``state.outcome``, read by ``GameRules.end_cause`` for self-play reports).
"""

from __future__ import annotations

import random

from tabletop.core.actions import Action
from tabletop.core.cards import CardDb, CardDef
from tabletop.core.engine import Game
from tabletop.core.model import GameState
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan.data import conan_data, lone_asking, turn_data
from tabletop.games.conan.plays import play_value
from tabletop.games.conan.schema import ATTACK_ICONS
from tabletop.games.conan.statics import fixed_modifiers
from tabletop.games.conan.stats import health_left, prowess_now, stat
from tabletop.games.conan.zones import FOE_ZONES, cdef, conan_of, foes_on_field, zid

#: Foes the enemy bot sends per Warrior step (more only feeds the other Conan's renown).
FOES_SENT = 2
#: Conan stops paying with wounds below this much health left.
SAFE_HEALTH = 4
#: An ability play worth at least this much (evaluation points) is played rather
#: than the card kept (an Action is also a Move).
PLAY_WORTH = 0.6
#: The bots' weight of a point of each number (as ``abilities._modify_value``).
STAT_WEIGHT = {"damage": 1.5, "health": 1.0, "prowess": 0.6, "vitality": 0.4}


#: Effects that help the character they land on (the others harm it).
HELPFUL = frozenset({"heal", "unwound", "prowess", "draw", "foe_draw"})


def modifier_worth(card: CardDef) -> float:
    """What an Item's, Ally's or Region's abilities are worth to its Conan: its fixed
    modifiers by :data:`STAT_WEIGHT`, and a point for each other effect that helps
    (less one for each that harms)."""
    worth = sum(STAT_WEIGHT[name] * n for name, n in fixed_modifiers(card))
    for ability in card.abilities:
        for use in ability.what:
            if ability.when.word == "in_play" and ability.whom is not None \
                    and ability.whom.word == "conan" and not ability.conditions:
                continue  # counted above
            helps = use.word in HELPFUL or (use.word == "modify" and use.number("n") > 0)
            worth += 1.0 if helps else -1.0
    return worth


def icon_score(card: CardDef) -> int:
    """How much a Move card does: attack icons count double, defence icons once."""
    score = 0
    for side in ("left", "right"):
        for icon in card.get(side) or []:
            score += 2 if icon in ATTACK_ICONS else (1 if icon else 0)
    return score


class ConanBot:
    """Sensible choices for either seat (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action | None:
        """The bot's action for the seat that must act now, or None."""
        rules, state = game.rules, game.state
        seat = rules.acting_seat(state)
        actions = rules.legal_actions(state, seat)
        if not actions:
            return None
        db = rules.cards
        pending = state.pending
        if pending is not None:
            return self._decide(state, db, pending.kind, actions)
        by_kind: dict[str, list[Action]] = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        done = by_kind.get("next_phase", [None])[0]
        if conan_data(state).window is not None:  # an ability timing: play or pass
            return self.abilities(state, db, by_kind) or done
        if state.phase == "prepare":
            return self._prepare(state, db, by_kind.get("play_card", [])) or done
        if state.phase == "foe_draw":
            return self._foe_draw(state, db, by_kind) or done
        if state.phase == "foe_move":
            return self.abilities(state, db, by_kind) or \
                self._foe_move(state, db, by_kind.get("place_foe_move", [])) or done
        if state.phase == "conan_move":
            return self.abilities(state, db, by_kind) or \
                self._conan_move(state, db, by_kind.get("place_move", [])) or done
        return self.rng.choice(actions)

    # -- decisions ----------------------------------------------------------------------
    def _threat(self, state: GameState, db: CardDb) -> int:
        return sum(stat(state, db, f, "damage") + 1 for f in foes_on_field(state, db))

    def _decide(self, state: GameState, db: CardDb, kind: str,
                actions: list[Action]) -> Action:
        def pick(option: str) -> Action | None:
            return next((a for a in actions if list(a.get("choice")) == [option]), None)

        conan = conan_of(state, db, state.active)
        life = health_left(state, db, conan) if conan is not None else 0
        if kind == "press_on":
            hand = len(state.zones[zid(state.active, "hand")].cards)
            presses = turn_data(state).press
            go = life >= (8 if presses == 0 else 12) and hand >= 3 and presses < 3
            return pick("press_on" if go else "rest") or actions[0]
        if kind == "survey":
            danger = life <= self._threat(state, db)
            return pick("retreat" if danger else "fight") or actions[0]
        if kind == "barbarian":
            return pick("use") or actions[0]
        if kind == "rest_heal":
            return pick("heal") or pick("unwound") or actions[0]
        if kind == "chronicle_loss":
            def lost(a: Action) -> int:
                return sum(int(cdef(state, db, int(i))["renown"]) for i in a.get("choice"))
            return min(actions, key=lost)
        if kind == "lone_attack":
            def strength(a: Action) -> tuple[int, int]:
                side, _, target = str(a.get("choice")[0]).partition("@")
                rec = lone_asking(state)
                assert rec is not None  # the lone_attack decision asks about this Move
                card = cdef(state, db, rec)
                attacks = sum(1 for i in card.get(side) or [] if i in ATTACK_ICONS)
                return (attacks, int(int(target) == conan))
            return max(actions, key=strength)
        if kind == "discard":
            def keep(a: Action) -> tuple[int, float]:
                card = cdef(state, db, int(a.get("choice")[0]))
                value = icon_score(card) - int(card.get("cost", 0) or 0) \
                    if card.get("initiative") else 3
                return (value, self.rng.random())
            return min(actions, key=keep)
        return self.rng.choice(actions)

    # -- abilities -------------------------------------------------------------------------
    def abilities(self, state: GameState, db: CardDb,
                  by_kind: dict[str, list[Action]]) -> Action | None:
        """The ability play worth most (``plays.play_value``), if worth
        :data:`PLAY_WORTH`; Actions only (Allies, Items, Regions: :meth:`_prepare`)."""
        best: tuple[float, float, Action] | None = None
        for a in by_kind.get("play_card", []) + by_kind.get("use_ability", []):
            value = play_value(state, db, a)
            if value is None or value < PLAY_WORTH:
                continue
            key = (value, self.rng.random(), a)
            if best is None or key[:2] > best[:2]:
                best = key
        return best[2] if best else None

    # -- the turn player's Prepare step ---------------------------------------------------
    def _prepare(self, state: GameState, db: CardDb, plays: list[Action]) -> Action | None:
        for a in plays:
            card = cdef(state, db, int(a.get("card")))
            if card.type == "ally":
                return a
            if card.type == "item":
                slot = card["slot"]
                taken = any(cdef(state, db, i).get("slot") == slot and slot != "none"
                            for i in state.zones[zid(state.active, "side")].cards)
                if not taken and (card.abilities or slot != "none"):
                    return a
            if card.type == "region" and modifier_worth(card) > 0 \
                    and not state.zones[zid(state.active, "region")].cards:
                return a
        return self.abilities(state, db, {"play_card": plays})

    # -- the enemy --------------------------------------------------------------------------
    def _foe_draw(self, state: GameState, db: CardDb,
                  by_kind: dict[str, list[Action]]) -> Action | None:
        for a in by_kind.get("attach_region", []):
            card = cdef(state, db, int(a.get("card")))
            if modifier_worth(card) < 0:
                return a
        played = self.abilities(state, db, by_kind)
        if played is not None:
            return played
        if turn_data(state).foes_placed >= FOES_SENT:
            return None
        places = by_kind.get("place_foe", [])
        if not places:
            return None

        def value(a: Action) -> tuple[int, int, float]:
            foe = cdef(state, db, int(a.get("card")))
            # a Foe's every ability works for the enemy (a wound when defeated, +1 damage
            # beside Beasts...): each counts as a point of renown
            worth = int(foe["renown"]) + sum(len(ab.what) for ab in foe.abilities)
            return (worth - len(a.get("cost") or ()), -int(a.get("position")),
                    self.rng.random())
        return max(places, key=value)

    def _foe_move(self, state: GameState, db: CardDb, places: list[Action]) -> Action | None:
        if not places:
            return None

        def value(a: Action) -> tuple[int, int, float]:
            card = cdef(state, db, int(a.get("card")))
            foe = int(a.get("foe"))
            wounds = max(0, int(card["cost"]) - prowess_now(state, db, foe))
            return (-wounds, icon_score(card), self.rng.random())
        return max(places, key=value)

    # -- the turn player's Moves -----------------------------------------------------------
    def _conan_move(self, state: GameState, db: CardDb, places: list[Action]) -> Action | None:
        answered: set[int] = set()
        for zone in FOE_ZONES:
            answered |= {r.by for r in bf.moves(state, zone) if r.foe
                         and r.card in {c.foe_card for c in bf.contacts(state, zone)}}
        best: tuple[float, Action] | None = None
        for a in places:
            if a.get("accept_defeat"):
                continue
            who = int(a.get("character"))
            card = cdef(state, db, int(a.get("card")))
            wounds = max(0, int(card["cost"]) - prowess_now(state, db, who))
            if wounds and health_left(state, db, who) - wounds < SAFE_HEALTH:
                continue
            target = bf.find_target(state, str(a.get("target")))
            if target is None:
                continue
            new = [f for f in target.touches if f not in answered]
            if not new:
                continue
            score = 10 * len(new) + icon_score(card) - 3 * wounds - int(card["cost"]) \
                + self.rng.random()
            if best is None or score > best[0]:
                best = (score, a)
        return best[1] if best else None


# ------------------------------------------------------------------------ endings


