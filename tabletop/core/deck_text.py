"""Decks as plain text a person can read, type and edit by hand.

One entry a line, the count first::

    # Northern Steel, for the club night
    name: Northern Steel
    name.ja: 北方の鋼

    [conan]
    1 Conan the Wanderer

    [draw]
    3 Slash
    2 炎の決闘者          # a Japanese name works too
    move_parry            # a card id, no count: one copy

    [foe]
    3x Pit Fighter

* a card is named by its English or Japanese name or by its id (case, width and
  spacing do not matter: ``３　炎の決闘者`` is fine); the count may be written
  ``3``, ``3x``, ``3 ×`` before the name or ``x3`` after it, and is 1 when left out;
* ``[pile]`` starts a pile (Conan: ``[conan]``, ``[draw]``, ``[foe]``; the headings
  may also be the piles' names, "Draw deck", "ドローデッキ"...); the other games have
  one pile, ``[cards]``, which may be left out. A Conan line above every heading goes
  to the pile its card belongs in (the Conan card, a Foe, the draw deck);
* ``name:``, ``name.ja:`` and the game's deck options (Arc's ``alignment: good``)
  are the deck's own fields;
* ``#`` starts a comment (a whole line, or after a space at the end of a line).

:func:`format_deck` writes a deck so that :func:`parse_deck_text` gives it back
exactly (same piles, cards, counts, order, name and options). Every line that
cannot be read is a :class:`TextProblem` with its line number; an unknown name
comes with the closest names of the game's cards.
"""

from __future__ import annotations

import difflib
import importlib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from tabletop.core.cards import LANGS, CardDef
from tabletop.core.decks import MAX_COUNT, Deck
from tabletop.core.messages import Message, msg

__all__ = ["CardIndex", "ParsedDeck", "ProblemKind", "TextProblem", "format_deck",
           "natural_pile", "parse_deck_text", "piles_of"]

#: Catalogue keys naming a pile in each language (headings a person may type).
PILE_KEY = "decks.pile.{game}.{pile}"

# Any run of digits (a sign too) is a count, so that "999999999999999999 Firestorm" or
# "-3 Scorch" is told as a bad count, not as an unknown card (QA16b #20); no card of
# any game has a name starting with a digit.
_COUNT_FIRST = re.compile(r"([-+]?\d+)\s*[xX×*]?\s+(.+)")
_COUNT_LAST = re.compile(r"(.+?)\s+[xX×*]\s*([-+]?\d+)")
#: Characters a copy from a web page or a word processor leaves that show nothing
#: (byte order mark, zero-width spaces, soft hyphen): taken out before a line is read.
_INVISIBLE = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060\u00ad"))
_FIELD = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)\s*[:=]\s*(.*)")
_HEADING = re.compile(r"\[(.*)\]")


class ProblemKind(StrEnum):
    """What is wrong with one line of a deck text."""

    UNKNOWN_CARD = "unknown_card"
    BAD_COUNT = "bad_count"
    UNKNOWN_PILE = "unknown_pile"
    EMPTY_FIELD = "empty_field"
    CONTROL_CHARACTER = "control_character"


@dataclass(frozen=True)
class TextProblem:
    """A line that could not be read: ``line`` (1-based), its ``text``, the ``kind``
    and, for an unknown card, the ``closest`` card names (best first, at most 3).
    ``text`` never holds a control character: each is written ``U+0001`` (they drew as
    empty boxes, QA16b #20)."""

    line: int
    text: str
    kind: ProblemKind
    closest: tuple[str, ...] = ()

    def message(self) -> Message:
        """The problem in words, with the line number (catalogue ``decks.text.*``)."""
        if self.kind is ProblemKind.UNKNOWN_CARD and self.closest:
            return msg("decks.text.unknown_card_closest", line=self.line, name=self.text,
                       closest=", ".join(self.closest))
        if self.kind is ProblemKind.CONTROL_CHARACTER:
            codes = sorted({f"U+{ord(c):04X}" for c in self.text if _is_control(c)})
            return msg("decks.text.control_character", line=self.line,
                       name=_shown(self.text), codes=", ".join(codes))
        return msg(f"decks.text.{self.kind.value}", line=self.line, name=_shown(self.text),
                   max=MAX_COUNT)


def _is_control(char: str) -> bool:
    """A character that is not text and draws as an empty box (tab is a space here)."""
    return char != "\t" and unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn")


#: Characters of a line a problem quotes; a longer line is cut with "…".
SHOWN_CHARS = 60


def _shown(text: str) -> str:
    """``text`` with every control character written as its code (``U+0001``), cut
    to :data:`SHOWN_CHARS` characters."""
    out = "".join(f"U+{ord(c):04X}" if _is_control(c) else c for c in text)
    return out if len(out) <= SHOWN_CHARS else out[:SHOWN_CHARS - 1] + "…"


@dataclass(frozen=True)
class ParsedDeck:
    """What a deck text gave: the ``deck`` made of every line that could be read and
    the ``problems`` of the others (empty when the whole text was read)."""

    deck: Deck
    problems: tuple[TextProblem, ...] = ()


def _norm(text: str) -> str:
    """The form names are compared in: NFKC (full-width digits and letters), case
    folded, runs of spaces made one."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def piles_of(game: str) -> tuple[str, ...]:
    """The piles of a deck of ``game``, in the order they are written: its decklegal
    module's ``PILES`` (Conan: conan, draw, foe), else the one pile ``cards``."""
    try:
        module = importlib.import_module(f"tabletop.games.{game}.decklegal")
    except ImportError:
        return ("cards",)
    piles = getattr(module, "PILES", ("cards",))
    return tuple(str(p) for p in piles)


def natural_pile(card: CardDef, piles: tuple[str, ...], types: Iterable[str]) -> str:
    """The pile ``card`` belongs in: the pile named after its type (Conan's ``conan``
    and ``foe``), else the first pile not named after any of the game's card
    ``types`` (Conan's ``draw``), else the first pile."""
    if card.type in piles:
        return card.type
    named = set(types)
    return next((p for p in piles if p not in named), piles[0])


@dataclass
class CardIndex:
    """The game's cards by every name a line may use (see :meth:`find`)."""

    cards: Mapping[str, CardDef]
    _ids: dict[str, str] = field(default_factory=dict)
    _names: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    _spelled: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for cid, card in self.cards.items():
            self._ids[_norm(cid)] = cid
            for lang in LANGS:
                name = card.name.get(lang)
                if name:
                    self._names.setdefault(lang, {}).setdefault(_norm(name), []).append(cid)
                    self._spelled.setdefault(_norm(name), name)

    def find(self, text: str) -> str | None:
        """The id of the card ``text`` names: an id first, then an English name, then
        a Japanese one (the first card of that name in file order). None if none."""
        key = _norm(text)
        if key in self._ids:
            return self._ids[key]
        for lang in LANGS:
            found = self._names.get(lang, {}).get(key)
            if found:
                return found[0]
        return None

    def closest(self, text: str, n: int = 3) -> tuple[str, ...]:
        """Up to ``n`` card names (as printed) nearest to ``text``, best first."""
        near = difflib.get_close_matches(_norm(text), list(self._spelled), n=n, cutoff=0.5)
        return tuple(self._spelled[k] for k in near)

    def label(self, cid: str, lang: str) -> str:
        """How a line names card ``cid``: its name in ``lang`` when that name finds it
        again (:meth:`find`), else its id."""
        card = self.cards[cid]
        name = card.name.get(lang) or card.name.get("en") or cid
        if name == name.strip() and not name.startswith(("#", "[")) \
                and self.find(name) == cid and not _COUNT_LAST.fullmatch(name) \
                and not _FIELD.fullmatch(name) and " #" not in name:
            return name
        return cid


def _pile_names(game: str, piles: tuple[str, ...]) -> dict[str, str]:
    """Every heading that names a pile (its id, its name in each language) -> pile."""
    from tabletop import i18n

    out = {_norm(p): p for p in piles}
    for pile in piles:
        key = PILE_KEY.format(game=game, pile=pile)
        for lang in i18n.languages():
            template = i18n.all_strings(lang).get(key)
            if template:
                out.setdefault(_norm(template), pile)
    return out


def format_deck(deck: Deck, cards: Mapping[str, CardDef], game: str, lang: str = "en",
                options: Iterable[str] = ()) -> str:
    """``deck`` as text (see the module docstring), cards named in ``lang``.

    ``options``: the game's deck options to write (``GameRules.deck_options``); the
    deck's other options are written too. A card id the game does not know is
    written as it is (it will be reported when read back). Ends with a newline.
    """
    index = CardIndex(cards)
    lines = [f"name: {deck.name.get('en') or deck.id}"]
    ja = deck.name.get("ja")
    if ja and ja != deck.name.get("en"):
        lines.append(f"name.ja: {ja}")
    for key in [*options, *(k for k in deck.options if k not in options)]:
        if key in deck.options:
            lines.append(f"{key}: {deck.options[key]}")
    piles = piles_of(game)
    order = [*(p for p in piles if p in deck.sections),
             *(p for p in deck.sections if p not in piles)]
    for pile in order:
        lines.append("")
        lines.append(f"[{pile}]")
        for cid, n in deck.sections[pile].items():
            lines.append(f"{n} {index.label(cid, lang) if cid in cards else cid}")
    return "\n".join(lines) + "\n"


def parse_deck_text(text: str, cards: Mapping[str, CardDef], game: str, deck_id: str,
                    options: Iterable[str] = ()) -> ParsedDeck:
    """Read a deck text (see the module docstring); never raises.

    ``options``: the game's deck options (``GameRules.deck_options``): ``key: value``
    lines for them are deck fields, any other line is a card line. The deck's name is
    ``deck_id`` when the text gives none; Japanese falls back to English. Counts of
    the same card in one pile add up (up to :data:`~tabletop.core.decks.MAX_COUNT`).
    """
    index = CardIndex(cards)
    piles = piles_of(game)
    headings = _pile_names(game, piles)
    types = {card.type for card in cards.values()}
    allowed = {"name", "name.en", "name.ja", *options}
    names: dict[str, str] = {}
    found_options: dict[str, str] = {}
    sections: dict[str, dict[str, int]] = {}
    problems: list[TextProblem] = []
    pile: str | None = piles[0] if len(piles) == 1 else None
    skipping = False  # under a heading that names no pile: lines left out (reported)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw.translate(_INVISIBLE))
        if not line:
            continue
        if any(_is_control(c) for c in line):
            problems.append(TextProblem(number, line, ProblemKind.CONTROL_CHARACTER))
            continue
        heading = _HEADING.fullmatch(line)
        if heading:
            pile = headings.get(_norm(heading.group(1)))
            skipping = pile is None
            if skipping:
                problems.append(TextProblem(number, line, ProblemKind.UNKNOWN_PILE))
            continue
        if skipping:
            continue
        fld = _FIELD.fullmatch(line)
        if fld and fld.group(1) in allowed:
            value = fld.group(2).strip().strip('"').strip()
            if not value:
                problems.append(TextProblem(number, line, ProblemKind.EMPTY_FIELD))
            elif fld.group(1).startswith("name"):
                names["ja" if fld.group(1) == "name.ja" else "en"] = value
            else:
                found_options[fld.group(1)] = value
            continue
        count, name = _count_and_name(unicodedata.normalize("NFKC", line))
        if (count is None or not 1 <= count <= MAX_COUNT) and index.find(line) is not None:
            count, name = 1, line  # a name that merely looks like a count
        if count is None or not 1 <= count <= MAX_COUNT:
            problems.append(TextProblem(number, line, ProblemKind.BAD_COUNT))
            continue
        cid = index.find(name)
        if cid is None:
            problems.append(TextProblem(number, name, ProblemKind.UNKNOWN_CARD,
                                        index.closest(name)))
            continue
        target = pile if pile is not None else natural_pile(cards[cid], piles, types)
        entries = sections.setdefault(target, {})
        total = entries.get(cid, 0) + count
        if total > MAX_COUNT:
            problems.append(TextProblem(number, line, ProblemKind.BAD_COUNT))
            continue
        entries[cid] = total
    en = names.get("en") or names.get("ja") or deck_id
    deck_name = {"en": en, "ja": names.get("ja", en)}
    return ParsedDeck(Deck(deck_id, deck_name, sections, found_options), tuple(problems))


def _strip_comment(raw: str) -> str:
    line = raw.strip()
    if line.startswith(("#", "//")):
        return ""
    cut = re.search(r"\s#", line)
    return (line[:cut.start()] if cut else line).strip()


def _count_and_name(line: str) -> tuple[int | None, str]:
    """``"3 Slash"`` -> (3, "Slash"); ``"Slash x3"`` -> (3, "Slash"); ``"Slash"`` ->
    (1, "Slash"); a line that is only a number -> (None, line). A count of more than
    six digits is None (too big either way; ``int`` of thousands of digits raises)."""
    first = _COUNT_FIRST.fullmatch(line)
    if first:
        return _count(first.group(1)), first.group(2).strip()
    last = _COUNT_LAST.fullmatch(line)
    if last:
        return _count(last.group(2)), last.group(1).strip()
    if line.isdigit():
        return None, line
    return 1, line


def _count(digits: str) -> int | None:
    return int(digits) if len(digits.lstrip("+-")) <= 6 else None
