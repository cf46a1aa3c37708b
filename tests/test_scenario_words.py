"""Every ability word of every game is shown by a scenario (issue 15).

Issue 15's done-means asks for a scenario file for every effect and trigger; this
test holds the games to it for every part of the ability language: each word a
game registers for ``when``, ``if``, ``whom`` and ``what``
(``tabletop.games.<game>.abilities.VOCABULARY``) is used by an ability of a card
that stands on the table some scenario of that game (``scenarios/<game>/*.toml``)
starts from. ``how_long`` is the language's own closed list, not a game's word.

A card's abilities are read as the game's rules read them: through the game's
``abilities_of`` where it has one (Arc's short form ``effect``/``amount`` stands for
one ability, docs/cards-arc.md), else the card's ``[[card.ability]]`` tables. A
printed victory condition (絵師100人展, ``what = "win"``) is an ability like any
other, so its conditions count the same way.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType

import pytest

from tabletop.core.abilities import Ability, Part, Vocabulary
from tabletop.core.cards import CardDef
from tabletop.core.engine import Game
from tabletop.core.rules import GameRules, game_ids, load_rules
from tabletop.core.scenario import build_setup, load_scenario

ROOT = Path(__file__).resolve().parent.parent
#: The parts whose words each game registers.
GAME_PARTS: tuple[Part, ...] = (Part.WHEN, Part.IF, Part.WHOM, Part.WHAT)


def _abilities_module(game_id: str) -> ModuleType | None:
    """``tabletop.games.<game>.abilities``, or None for a game without one."""
    name = f"tabletop.games.{game_id}.abilities"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def _reader(module: ModuleType) -> Callable[[CardDef], tuple[Ability, ...]]:
    """How the game reads a card's abilities (its ``abilities_of``, else the tables)."""
    reader: Callable[[CardDef], tuple[Ability, ...]] | None = getattr(
        module, "abilities_of", None)
    return reader if reader is not None else (lambda card: card.abilities)


def _scenario_cards(game_id: str, rules: GameRules) -> dict[str, set[str]]:
    """Card id -> names of the scenario files of ``game_id`` whose starting table holds
    it (the position's zones, or the decks a scenario without a position starts from)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "scenarios" / game_id).glob("*.toml")):
        scenario = load_scenario(path)
        state = Game(rules, build_setup(scenario, rules)).state
        for card in state.cards.values():
            found.setdefault(card.card_id, set()).add(path.name)
    return found


def _uses(abilities: Iterable[Ability]) -> dict[Part, set[str]]:
    """The words of each part that ``abilities`` use."""
    used: dict[Part, set[str]] = {part: set() for part in GAME_PARTS}
    for ability in abilities:
        used[Part.WHEN].add(ability.when.word)
        used[Part.IF].update(use.word for use in ability.conditions)
        if ability.whom is not None:
            used[Part.WHOM].add(ability.whom.word)
        used[Part.WHAT].update(use.word for use in ability.what)
    return used


@pytest.mark.parametrize("game_id", game_ids())
def test_every_ability_word_is_used_by_a_card_of_a_scenario(game_id: str) -> None:
    module = _abilities_module(game_id)
    vocabulary = getattr(module, "VOCABULARY", None)
    if not isinstance(vocabulary, Vocabulary):
        pytest.skip(f"{game_id} has no ability vocabulary (tabletop.games.{game_id}.abilities)")
    assert module is not None
    rules = load_rules(game_id)
    read = _reader(module)
    used: dict[Part, set[str]] = {part: set() for part in GAME_PARTS}
    for card_id in _scenario_cards(game_id, rules):
        for part, words in _uses(read(rules.cards[card_id])).items():
            used[part].update(words)
    missing = {part.value: sorted(set(vocabulary.words(part)) - used[part])
               for part in GAME_PARTS if set(vocabulary.words(part)) - used[part]}
    assert not missing, (
        f"{game_id}: no card on the table of any scenarios/{game_id}/*.toml uses these "
        f"words, by part: {missing}; write a scenario (docs/scenarios.md) with a card "
        f"that does")


def test_arc_short_form_words_count_as_used() -> None:
    """Second Wind says ``untap`` in its short form only (``effect``/``amount``): its
    words are read as the rules read them, and it stands in a scenario."""
    module = _abilities_module("arc")
    assert module is not None
    rules = load_rules("arc")
    shown = _scenario_cards("arc", rules)
    assert "untap" in _uses(_reader(module)(rules.cards["green_second_wind"]))[Part.WHAT]
    assert "green_second_wind" in shown
