"""The menu's seat row: how wide the deck drop-down and the "Person / Computer"
drop-down beside it are, so that every choice of both shows whole (QA16 #20:
"コンピューター（やさ" was cut at 1280x720 and 2560x1440, the seat drop-down having a
fixed 210 px at scale 1 while the deck drop-down had room to spare).

Each drop-down gets what its longest choice needs (the text, its arrow's button and
the padding); the deck drop-down takes what is left. Where both cannot have what they
need, the seat drop-down says its short forms ("CPU (easy)": catalogue
``qa16small.computer_<level>``) and, if that is still not enough, the room is shared
in proportion to the needs (the deck names are the user's own: a long one may be cut).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop import i18n
from tabletop.ui.theme import drop_down_arrow

__all__ = ["SeatRow", "choice_need", "pager_button_w", "seat_labels", "seat_row"]

#: Pixels (at scale 1) a drop-down's text needs beyond its own width: borders, the
#: text's padding and the selected row's frame (its arrow's button is added apart).
TEXT_PAD = 24
#: The seat drop-down is never narrower than this (pixels at scale 1).
MIN_KIND_W = 110


@dataclass(frozen=True)
class SeatRow:
    """The widths (pixels) of one seat's deck and seat-kind drop-downs side by side,
    and whether the seat drop-down uses its short forms."""

    deck_w: int
    kind_w: int
    short: bool


def seat_labels(kinds: Sequence[str], short: bool) -> list[tuple[str, str]]:
    """The seat drop-down's choices ``(text, kind)``: "Person", then a computer at each
    level; ``short``: the computer levels' short forms (``qa16small.computer_<kind>``)."""
    out = []
    for kind in kinds:
        if kind == "person":
            key = "seatmenu.person"
        else:
            key = f"qa16small.computer_{kind}" if short else f"seatmenu.computer_{kind}"
        out.append((i18n.t(key), kind))
    return out


def choice_need(fonts: Any, texts: Sequence[str], scale: float) -> int:
    """The width (pixels) a drop-down needs at UI ``scale`` to show each of ``texts``
    whole: the widest at the drop-downs' font size (16 at scale 1), its arrow's
    button and :data:`TEXT_PAD`."""
    font = fonts.get(round(16 * scale))
    widest = int(max((font.size(text)[0] for text in texts), default=0))
    return widest + drop_down_arrow(scale)[1] + round(TEXT_PAD * scale)


def seat_row(fonts: Any, scale: float, deck_names: Sequence[str], kinds: Sequence[str],
             width: int, gap: int) -> SeatRow:
    """Share ``width`` pixels (minus ``gap`` between them) between the deck drop-down
    (choices ``deck_names``) and the seat drop-down (``kinds``, see :func:`seat_labels`)
    at UI ``scale``: each as its longest choice needs, the deck one the rest; the seat
    one's short forms where the long ones leave the decks too little; in proportion
    where even the short ones do."""
    room = width - gap
    deck = choice_need(fonts, deck_names, scale)
    floor = round(MIN_KIND_W * scale)
    for short in (False, True):
        kind = max(floor, choice_need(fonts, [t for t, _ in seat_labels(kinds, short)],
                                      scale))
        if kind + deck <= room:
            return SeatRow(room - kind, kind, short)
    kind = max(floor, room * kind // max(1, kind + deck))
    return SeatRow(room - kind, kind, True)


def pager_button_w(fonts: Any, scale: float, buttons: Sequence[str], label: str,
                   width: int, gap: int) -> int:
    """The width (pixels) of the save list's Previous / Next buttons in a pager row
    ``width`` wide with ``label`` ("1-2 of 9") between them, ``gap`` either side of it:
    96 at scale 1 where the label then fits, narrower (down to what the buttons' own
    words need) where it would not (QA16 #20: "1～2件目（全9" was cut at 800x600)."""
    font = fonts.get(round(16 * scale))
    need = int(max(font.size(text)[0] for text in buttons)) + round(TEXT_PAD * scale)
    label_w = int(fonts.get(round(15 * scale)).size(label)[0]) + round(8 * scale)
    return max(need, min(round(96 * scale), (width - label_w - 2 * gap) // 2))
