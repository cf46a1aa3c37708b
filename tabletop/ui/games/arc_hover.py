"""Arc's hover lines about a character's numbers now (QA15b #4, #10).

* ``Now: power 0 (printed 0): Iron Herald +1, Mire Grip -2; never below 0 (ARC-H3)``:
  every effect in force that changes the power, with the card it comes from
  (:func:`tabletop.games.arc.causes.power_causes`), said whenever one is in force,
  also when the floor of 0 leaves the number at the printed one;
* the marks free mode put on the card (ALL-R3, ALL-H7): counters of a name the game
  does not know ("Counters put by hand: poison 2") and numbers changed by hand until
  the end of the turn ("Changed by hand until the end of the turn: +1 power"), as on
  the face's chips.

Both read only what the viewer sees: effects in force on a character in play are
public, and the free-mode marks come from the viewer's own view (ALL-R2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.free_mode import counter_word, stat_word
from tabletop.i18n import get_language, t

if TYPE_CHECKING:
    from tabletop.core.cards import CardDb
    from tabletop.core.model import GameState
    from tabletop.core.view import CardView
    from tabletop.ui.context import TableContext

__all__ = ["counter_lines", "power_now_line"]


def _words(value: Any) -> str:
    return str(value.render(get_language())) if hasattr(value, "render") else str(value)


def power_now_line(state: GameState, db: CardDb, iid: int) -> str:
    """The hover's "Now:" line of character ``iid`` in play: its power now, the printed
    one and each effect changing it with its card (ARC-H3); "" when no effect changes
    its power or it is not in play."""
    from tabletop.games.arc.causes import power_causes, raw_power
    from tabletop.games.arc.effects import power

    if iid not in state.cards or not state.zone_of(iid).endswith(".characters"):
        return ""
    found = power_causes(state, db, iid)
    if not found:
        return ""
    card = db.get(state.cards[iid].card_id)
    printed = card.number("power", 0) if card is not None else 0
    causes = t("qa15b.list_sep").join(
        t("qa15b.arc.cause", card=t(f"card.{state.cards[c.source].card_id}")
          if c.source in state.cards else "?", delta=f"{c.delta:+d}") for c in found)
    floor = t("qa15b.arc.floor") if raw_power(state, db, iid) < 0 else ""
    now = t("hover.now_vs_printed", stat=t("hover.stat.power"), now=power(state, db, iid),
            printed=printed)
    return t("hover.now", list=t("qa15b.arc.now_causes", now=now, causes=causes,
                                 floor=floor))


def counter_lines(scene: TableContext, view: CardView) -> list[str]:
    """The free-mode marks on the card behind ``view`` in words: counters of names the
    game does not show itself, then numbers changed by hand; [] for a hidden card or
    one without marks."""
    if view.hidden:
        return []
    rules = scene.rules
    shown = set(rules.counter_names) | set(rules.place_counters)
    lines = []
    typed = [t("qa15b.counter", name=_words(counter_word(rules.game_id, name)), n=count)
             for name, count in view.counters if name not in shown and count]
    if typed:
        lines.append(t("qa15b.counters_by_hand", list=t("qa15b.list_sep").join(typed)))
    changed = [t("qa15b.changed", delta=f"{delta:+d}",
                 stat=_words(stat_word(rules.game_id, stat)))
               for iid, stat, delta in getattr(scene.view, "modifiers", ())
               if iid == view.iid]
    if changed:
        lines.append(t("qa15b.changed_by_hand", list=t("qa15b.list_sep").join(changed)))
    return lines
