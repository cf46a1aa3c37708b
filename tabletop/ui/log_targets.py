"""The chosen targets after a log line in the window (QA15 #10): "... Target: one of
your characters. → War Chanter".

The rules put the names into the line's ``chosen`` parameter, for the seats that see
those cards (:mod:`tabletop.core.log_targets`); the window's log shows them after
the line's own words, from the viewer's copy of the line only.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.log_targets import CHOSEN
from tabletop.i18n import msg

__all__ = ["with_chosen"]


def with_chosen(message: Any, text: str, lang: str) -> str:
    """``text`` (``message`` rendered in ``lang``) followed by the chosen targets the
    message names (catalogue ``faceeffects.log.chosen``); ``text`` as it is when it
    names none."""
    params = getattr(message, "params", ())
    try:
        names = dict(params).get(CHOSEN)
    except (TypeError, ValueError):
        return text
    if not names:
        return text
    rendered = [str(n.render(lang)) if hasattr(n, "render") else str(n) for n in names]
    return text + _in(lang, "faceeffects.log.chosen",
                      cards=_in(lang, "faceeffects.log.sep").join(rendered))


def _in(lang: str, key: str, **params: Any) -> str:
    return str(msg(key, **params).render(lang))
