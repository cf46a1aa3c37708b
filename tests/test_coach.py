"""The coach line (issue 12 §1): in every phase and step of every game it says who acts,
in which role, and what they can do, in the game's own words; it lights exactly the
cards of the seat's legal actions, as that seat sees them; it warns before moves that
end a phase or the turn; it shows win progress from the seat's view.

The walk: seeded bot games of every registered game, every step, both seats.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from tabletop.core import selfplay
from tabletop.core.actions import Action
from tabletop.core.coach import CoachLine, action_cards, coach_line, situations, uses_fallback
from tabletop.core.engine import Game
from tabletop.core.messages import Message
from tabletop.core.model import GameState, Visibility
from tabletop.core.rules import GameRules, game_ids, load_rules
from tabletop.core.view import resolve, view_for
from tabletop.i18n import load_catalogue

REPO = Path(__file__).resolve().parents[1]
SEEDS = (1, 2, 3)
MAX_ACTIONS = 300
LANGS = ("en", "ja")
#: Int arguments that are not a piece that acts: a square, a row position, and the
#: Minor Foes paying for a Major Foe (CONAN-R5: they are paid, not played).
NOT_PIECES = frozenset({"square", "position", "cost"})


@dataclass(frozen=True)
class Seen:
    """One seat's coach line at one step of a bot game, with what the test needs."""

    situation: tuple[str, str, str]
    seat: int
    acting: bool
    line: CoachLine
    texts: dict[str, list[str]]  # lang -> every rendered text of the line
    hidden_names: frozenset[str]
    # instance ids named anywhere in the seat's legal actions, and each copy beside a
    # card they play for which the same action is accepted (rules may list one copy)
    legal_cards: frozenset[int]
    lit_resolved: frozenset[int]
    lit_leaks: tuple[int, ...]  # lit view ids that name a card the seat cannot see
    kinds: frozenset[str]  # the kinds of the seat's legal actions


def _texts(line: CoachLine, lang: str) -> list[str]:
    messages: list[Message] = [line.who, line.what, *line.warnings, *line.progress]
    return [m.render(lang) for m in messages]


def _named_cards(state: GameState, actions: list[Action]) -> set[int]:
    """Every instance id an action names, read independently of the coach: any int
    argument (also in lists) that is a card, and any number in a decision option."""
    found: set[int] = set()
    for action in actions:
        for name, value in action.args:
            values = value if isinstance(value, tuple) else (value,)
            for v in values:
                if name == "choice":
                    found.update(int(n) for n in re.findall(r"\d+", str(v))
                                 if int(n) in state.cards)
                elif (isinstance(v, int) and not isinstance(v, bool) and v in state.cards
                      and name not in NOT_PIECES):
                    found.add(v)
    return found


def _copies(rules: GameRules, state: GameState, actions: list[Action]) -> set[int]:
    """Copies (same card id, same zone) of an action's ``card`` the same action, made
    with that copy, is accepted for (issue 15 QA: each copy in hand glows)."""
    found: set[int] = set()
    for action in actions:
        card = action.get("card")
        if not isinstance(card, int) or card not in state.cards:
            continue
        for other in state.zones[state.zone_of(card)].cards:
            if other != card and state.cards[other].card_id == state.cards[card].card_id \
                    and rules.check(state, Action.make(action.kind, action.seat, **{
                        **dict(action.args), "card": other})).ok:
                found.add(other)
    return found


def _hidden_names(rules: GameRules, state: GameState, seat: int) -> frozenset[str]:
    """Names (en, ja) of cards ``seat`` cannot see and sees no copy of."""
    seen: set[str] = set()
    hidden: set[str] = set()
    for iid, inst in state.cards.items():
        card = rules.cards[inst.card_id]
        names = {card.display_name(lang) for lang in LANGS}
        (seen if state.visible_to(iid, seat) else hidden).update(names)
    return frozenset(n for n in hidden - seen if len(n) >= 4)


@cache
def walk(game_id: str) -> tuple[Seen, ...]:
    """Every step of the seeded bot games of ``game_id``, for both seats."""
    rules = load_rules(game_id)
    decks = importlib.import_module(f"tabletop.games.{game_id}").load_decks()
    seen: list[Seen] = []
    for seed in SEEDS:
        game = Game(rules, selfplay.setup_for(rules, seed, decks))
        bots = [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]
        for _ in range(MAX_ACTIONS):
            state = game.state
            if state.game_over:
                break
            for seat in (0, 1):
                line = coach_line(rules, state, seat)
                actions = rules.legal_actions(state, seat)
                lit = {resolve(state, i) for i in line.lit}
                seen.append(Seen(
                    (str(state.phase), str(state.step),
                     str(state.pending.kind) if state.pending else ""),
                    seat, seat == rules.acting_seat(state), line,
                    {lang: _texts(line, lang) for lang in LANGS},
                    _hidden_names(rules, state, seat),
                    frozenset(_named_cards(state, actions) | _copies(rules, state, actions)),
                    frozenset(i for i in lit if i is not None),
                    tuple(i for i in line.lit if i >= 0 and not state.visible_to(i, seat)),
                    frozenset(a.kind for a in actions),
                ))
            action = bots[rules.acting_seat(state)].choose(game)
            assert game.propose(action).ok
    return tuple(seen)


@pytest.mark.parametrize("game_id", game_ids())
def test_coach_line_is_specific_in_every_step_of_bot_games(game_id: str) -> None:
    fallbacks = sorted({(s.situation, s.acting) for s in walk(game_id)
                        if uses_fallback(s.line)})
    assert fallbacks == [], f"{game_id}: situations with only the generic words: {fallbacks}"


@pytest.mark.parametrize("game_id", game_ids())
def test_coach_line_is_readable_in_both_languages(game_id: str) -> None:
    for s in walk(game_id):
        for lang, texts in s.texts.items():
            who, what = texts[0], texts[1]
            assert who.strip() and what.strip(), (s.situation, lang)
            for text in texts:
                assert "{" not in text and not text.startswith("coach."), (s.situation, text)
        assert s.line.progress, (game_id, s.situation)


@pytest.mark.parametrize("game_id", game_ids())
def test_coach_line_never_names_a_hidden_card(game_id: str) -> None:
    for s in walk(game_id):
        for texts in s.texts.values():
            joined = "\n".join(texts)
            leaked = [n for n in s.hidden_names if n in joined]
            assert leaked == [], (s.situation, s.seat, leaked)


@pytest.mark.parametrize("game_id", game_ids())
def test_lit_pieces_are_exactly_the_cards_of_the_seats_legal_actions(game_id: str) -> None:
    for s in walk(game_id):
        assert s.lit_resolved == s.legal_cards, (s.situation, s.seat)
        assert s.lit_leaks == (), (s.situation, s.seat)
        if not s.acting:
            assert s.line.lit == frozenset()


@pytest.mark.parametrize("game_id", game_ids())
def test_the_waiting_seat_is_told_who_acts_and_what_they_are_doing(game_id: str) -> None:
    waiting = [s for s in walk(game_id) if not s.acting]
    assert waiting
    for s in waiting:
        assert s.line.what.key == "coach.wait", s.situation
        doing = dict(s.line.what.params)["doing"]
        assert doing.key.startswith(f"coach.{game_id}.doing."), s.situation


def _catalogue(game_id: str, lang: str) -> dict[str, str]:
    return load_catalogue(REPO / "assets" / "i18n" / f"{game_id}coach_{lang}.toml")


def _decision_kinds(game_id: str) -> list[str]:
    module = "state" if game_id == "xenocard" else "data"
    kinds = importlib.import_module(f"tabletop.games.{game_id}.{module}").DecisionKind
    return [str(k) for k in kinds]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", game_ids())
def test_every_phase_and_decision_has_its_own_words(game_id: str, lang: str) -> None:
    """Walk the game's phases and decision kinds: each has "what" and "doing" words of
    the game in both languages, whether or not bot games reach it."""
    words = _catalogue(game_id, lang)
    rules = load_rules(game_id)
    missing = []
    for phase in rules.phases:
        for part in ("what", "doing"):
            if f"coach.{game_id}.{part}.{phase}" not in words:
                missing.append(f"{part}.{phase}")
    for kind in _decision_kinds(game_id):
        for part in ("what", "doing"):
            if not any(k.startswith(f"coach.{game_id}.{part}.") and
                       (k.endswith(f".{kind}") or k.endswith(f"-{kind}")) for k in words):
                missing.append(f"{part}.{kind}")
    assert missing == []
    assert words.keys() == _catalogue(game_id, "en").keys()


def test_situations_go_from_the_most_specific_name_to_the_least() -> None:
    state = GameState("conan", 1)
    state.phase, state.step = "foe_draw", "place"
    assert situations(state) == ["foe_draw-place", "foe_draw"]
    assert situations(state, idle=True)[0] == "foe_draw-place-idle"


def _first(game_id: str, pred: object) -> Seen:
    for s in walk(game_id):
        if pred(s):  # type: ignore[operator]
            return s
    raise AssertionError(f"{game_id}: no such step in the bot games")


def test_conan_the_enemy_places_foes_and_conans_player_waits() -> None:
    """CONAN-R4..R7: in Foe Draw the enemy acts; Conan's player is told to wait."""
    acting = _first("conan", lambda s: s.situation[:2] == ("foe_draw", "place") and s.acting)
    waiting = _first("conan", lambda s: s.situation[:2] == ("foe_draw", "place")
                     and not s.acting)
    assert acting.texts["en"][0].endswith(", as the enemy")
    assert "Foe hand" in acting.texts["en"][1] and "Center" in acting.texts["en"][1]
    assert waiting.texts["en"][1].endswith("is placing Foes against Conan; wait.")
    assert acting.line.lit and acting.lit_resolved == acting.legal_cards


def test_conan_retreat_is_warned_and_renown_progress_is_shown() -> None:
    """CONAN-R17: Survey's retreat ends the fighting; CONAN-R1: renown toward 40."""
    s = _first("conan", lambda s: s.situation[2] == "survey" and s.acting)
    assert any("Retreat" in w for w in s.texts["en"][2:-1])
    assert re.fullmatch(r"Renown \d+ / 40 · rival \d+ / 40", s.texts["en"][-1])


def test_arc_attack_phase_warns_that_next_phase_ends_the_attacks() -> None:
    s = _first("arc", lambda s: s.situation == ("attack", "", "") and s.acting
               and any(k.key.endswith(".attack") for k in [s.line.what]))
    assert "Next phase ends your attacks" in " ".join(s.texts["en"])
    assert s.texts["en"][0].endswith(", attacking")


def test_no_warning_when_moving_on_is_all_the_seat_can_do() -> None:
    for game_id in game_ids():
        for s in walk(game_id):
            if s.line.what.key.endswith("-idle"):
                assert s.line.warnings == (), (game_id, s.situation)


@pytest.mark.parametrize("game_id", game_ids())
def test_progress_reads_the_win_condition_from_the_seats_view(game_id: str) -> None:
    rules = load_rules(game_id)
    decks = importlib.import_module(f"tabletop.games.{game_id}").load_decks()
    game = Game(rules, selfplay.setup_for(rules, 5, decks))
    bots = [rules.make_bot(11), rules.make_bot(12)]
    for _ in range(120):
        if game.state.game_over:
            break
        assert game.propose(bots[rules.acting_seat(game.state)].choose(game)).ok
    state = game.state
    for seat in (0, 1):
        actor = seat if state.game_over else rules.acting_seat(state)
        line = coach_line(rules, state, seat)
        # the named (acting) seat's progress, read from the viewer's view
        assert line.progress == rules.coach_progress(view_for(state, seat), actor)
        text = line.progress[0].render("en")
        numbers = [int(n) for n in re.findall(r"\d+", text)]
        mine, theirs = numbers[0], numbers[2 if "/" in text else 1]
        if game_id in ("arc", "xenocard"):
            assert (mine, theirs) == (len(state.zones[f"p{actor}.deck"]),
                                      len(state.zones[f"p{1 - actor}.deck"]))
        elif game_id == "eshi100":
            assert (mine, theirs) == (len(state.zones[f"p{actor}.victory"]),
                                      len(state.zones[f"p{1 - actor}.victory"]))
        else:
            from tabletop.games.conan.zones import renown
            assert (mine, theirs) == (renown(state, rules.cards, actor),
                                      renown(state, rules.cards, 1 - actor))


def test_action_cards_reads_card_arguments_and_decision_options() -> None:
    state = GameState("arc", 1)
    state.add_zone("p0.hand", 0, Visibility.OWNER)
    a, b = state.new_card("x", 0, "p0.hand"), state.new_card("y", 0, "p0.hand")
    assert action_cards(state, Action.make("attack", 0, attackers=[a, b])) == {a, b}
    assert action_cards(state, Action.make("decide", 0, choice=[f"{a}>{b}"])) == {a, b}
    assert action_cards(state, Action.make("place", 0, card=a, square=b)) == {a}
    assert action_cards(state, Action.make("decide", 0, choice=["pass"])) == set()


@pytest.mark.parametrize(("game_id", "situation", "kind", "words"), [
    ("eshi100", "action", "use", "attack with it"),  # ESHI-R4: only with a usable card
    ("eshi100", "action", "place", "place it"),
    ("xenocard", "set", "equip", "weapon onto one of your battle cards"),
    ("xenocard", "set", "set_card", "standby area"),
    ("arc", "attack", "play_card", "action card onto its target"),
])
def test_what_names_only_the_kinds_of_action_possible_now(game_id: str, situation: str,
                                                          kind: str, words: str) -> None:
    steps = [s for s in walk(game_id)
             if s.acting and s.line.what.key == f"coach.{game_id}.what.{situation}"]
    with_kind = [s for s in steps if kind in s.kinds]
    assert with_kind, f"{game_id}: no {situation} step with {kind} in the bot games"
    for s in steps:
        assert (words in s.texts["en"][1]) == (kind in s.kinds), (s.situation, s.kinds)
