"""The ability language's own rules (tabletop/core/abilities.py, issue 15), on a small
vocabulary of its own (no game's words): parsing names the field path of every
problem; ``tick`` ends each duration exactly at its boundary; ``describe`` renders
the whole ability in English and Japanese; a word is registered once."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tabletop import i18n
from tabletop.core.abilities import (
    Ability,
    Active,
    Boundary,
    Counted,
    Duration,
    Lasting,
    Param,
    Part,
    Use,
    Vocabulary,
    tick,
)
from tabletop.core.actions import LEGAL, Verdict
from tabletop.core.cards import CardDataError

FILE, CARD = "demo.toml", "demo_card"


@dataclass
class Table:
    """The demo game's whole state: cards in play by instance id -> power, a hand."""

    power: dict[int, int] = field(default_factory=dict)
    hand: int = 3
    drawn: int = 0
    log: list[str] = field(default_factory=list)


def make_vocab() -> Vocabulary[Table]:
    v: Vocabulary[Table] = Vocabulary("demo")
    v.trigger("on_play")
    v.trigger("start_of_turn", (Param("whose", str, default="own",
                                      choices=("own", "opponent", "either")),))
    v.condition("hand_at_least", lambda t, u: t.hand >= u.number("n"),
                (Param("n", int, required=True, minimum=0, maximum=10),))
    v.target("creature", lambda t, u: [i for i, p in t.power.items()
                                       if p <= u.number("max_power", 99)],
             (Param("max_power", int, minimum=0), Param("count", int, default=1, minimum=1)))

    def draw(t: Table, u: Use, targets: Any) -> None:
        t.drawn += u.number("n")
        t.log.append(f"draw {u.number('n')}")

    def pump(t: Table, u: Use, targets: Any) -> None:
        for iid in targets:
            t.power[iid] += u.number("amount")
        t.log.append(f"pump {u.number('amount')}")

    def pump_check(t: Table, u: Use, targets: Any) -> Verdict:
        return LEGAL if targets else Verdict.refuse("demo.no_target")

    v.effect("draw", (Param("n", int, default=1, minimum=1, maximum=5),), resolve=draw,
             value=lambda t, u, ts: float(u.number("n")))
    v.effect("pump", (Param("amount", int, required=True, minimum=1),
                      Param("kinds", list, item_choices=("fire", "ice"))),
             resolve=pump, check=pump_check, value=lambda t, u, ts: 0.5 * u.number("amount"),
             needs_target=True,
             durations=frozenset({Duration.END_OF_COMBAT, Duration.END_OF_TURN,
                                  Duration.TURNS, Duration.WHILE_IN_PLAY, Duration.PERMANENT}))
    return v


VOCAB = make_vocab()


def parse(*tables: dict[str, Any]) -> tuple[Ability, ...]:
    return VOCAB.parse(FILE, CARD, list(tables))


def problem(*tables: dict[str, Any]) -> CardDataError:
    with pytest.raises(CardDataError) as caught:
        parse(*tables)
    err = caught.value
    assert (err.file, err.card) == (FILE, CARD)
    return err


PUMP = {"when": "on_play", "whom": {"target": "creature"},
        "what": [{"effect": "pump", "amount": 2}], "how_long": "end_of_turn"}


# ------------------------------------------------------------------------ parsing


def test_a_sound_ability_has_its_five_parts_with_defaults_filled() -> None:
    (ability,) = parse({"when": {"trigger": "start_of_turn"},
                        "if": [{"condition": "hand_at_least", "n": 2}],
                        "whom": {"target": "creature", "max_power": 3},
                        "what": [{"effect": "pump", "amount": 1}],
                        "how_long": {"turns": 2, "counted": "either"}})
    assert ability.when == Use("start_of_turn", {"whose": "own"})
    assert ability.conditions == (Use("hand_at_least", {"n": 2}),)
    assert ability.whom == Use("creature", {"max_power": 3, "count": 1})
    assert ability.what == (Use("pump", {"amount": 1, "kinds": None}),)
    assert ability.how_long == Lasting(Duration.TURNS, 2, Counted.EITHER)
    (plain,) = parse({"when": "on_play", "what": ["draw", {"effect": "draw", "n": 3}]})
    assert [u["n"] for u in plain.what] == [1, 3]  # the default, then the value given


def test_one_table_or_one_word_stands_for_a_list_of_one() -> None:
    (ability,) = parse({"when": "on_play", "if": {"condition": "hand_at_least", "n": 1},
                        "what": {"effect": "draw", "n": 2}})
    assert len(ability.conditions) == 1 and ability.what[0]["n"] == 2
    assert ability.how_long.duration is Duration.INSTANT


def test_abilities_know_their_place_on_the_card() -> None:
    first, second = parse({"when": "on_play", "what": "draw"}, PUMP)
    assert (first.index, second.index) == (0, 1)


def test_unknown_part_is_named() -> None:
    err = problem({"when": "on_play", "what": "draw", "until": "end_of_turn"})
    assert err.field == "ability[0].until"
    assert "unknown part" in err.problem and "how_long" in err.problem


def test_unknown_word_lists_the_known_ones() -> None:
    err = problem({"when": "on_play", "what": "draw"}, {"when": "on_play", "what": [
        {"effect": "draw"}, {"effect": "explode"}]})
    assert err.field == "ability[1].what[1]"
    assert "unknown effect 'explode'" in err.problem and "known: draw, pump" in err.problem
    err = problem({"when": "on_sunrise", "what": "draw"})
    assert err.field == "ability[0].when"
    assert "known: on_play, start_of_turn" in err.problem
    err = problem({"when": "on_play", "if": ["raining"], "what": "draw"})
    assert err.field == "ability[0].if[0]" and "known: hand_at_least" in err.problem
    err = problem({"when": "on_play", "whom": "dragon", "what": "draw"})
    assert err.field == "ability[0].whom" and "known: creature" in err.problem


def test_unknown_parameter_names_what_the_word_takes() -> None:
    err = problem({"when": "on_play", "what": [{"effect": "draw", "amount": 2}]})
    assert err.field == "ability[0].what[0].amount"
    assert "unknown parameter of 'draw' (it takes n)" in err.problem
    err = problem({"when": {"trigger": "on_play", "whose": "own"}, "what": "draw"})
    assert err.field == "ability[0].when.whose" and "(it takes none)" in err.problem


def test_wrong_kind_is_named_with_the_value() -> None:
    err = problem({"when": "on_play", "what": [{"effect": "draw", "n": "two"}]})
    assert err.field == "ability[0].what[0].n"
    assert err.problem == "expected an integer from 1 to 5, got 'two'"
    err = problem({"when": "on_play", "what": [{"effect": "draw", "n": True}]})
    assert err.field == "ability[0].what[0].n" and "got True" in err.problem
    err = problem({"when": "on_play", "what": [{"effect": 3}]})
    assert err.field == "ability[0].what[0].effect"
    err = problem({"when": 7, "what": "draw"})
    assert err.field == "ability[0].when" and "trigger" in err.problem
    err = problem({"when": "on_play", "what": "draw", "if": 5})
    assert err.field == "ability[0].if" and "a word, a table or a list" in err.problem
    with pytest.raises(CardDataError) as caught:
        VOCAB.parse(FILE, CARD, {"when": "on_play"})
    assert caught.value.field == "ability"
    err = problem("draw")  # type: ignore[arg-type]
    assert err.field == "ability[0]" and "table" in err.problem


def test_out_of_range_and_not_among_the_choices() -> None:
    err = problem({"when": "on_play", "what": [{"effect": "draw", "n": 0}]})
    assert err.field == "ability[0].what[0].n"
    assert err.problem == "expected an integer from 1 to 5, got 0"
    err = problem({"when": "on_play", "what": [{"effect": "draw", "n": 6}]})
    assert err.problem == "expected an integer from 1 to 5, got 6"
    err = problem({"when": {"trigger": "start_of_turn", "whose": "mine"}, "what": "draw"})
    assert err.field == "ability[0].when.whose" and "'either'" in err.problem
    err = problem({**PUMP, "what": [{"effect": "pump", "amount": 1, "kinds": ["fire", "mud"]}]})
    assert err.field == "ability[0].what[0].kinds" and "'mud'" in err.problem


def test_missing_parts_and_parameters() -> None:
    err = problem({"what": "draw"})
    assert err.field == "ability[0].when" and err.problem.startswith("missing: one of ")
    err = problem({"when": "on_play"})
    assert err.field == "ability[0].what" and "missing" in err.problem
    err = problem({"when": "on_play", "what": []})
    assert err.field == "ability[0].what"
    err = problem({"when": "on_play", "if": {"condition": "hand_at_least"}, "what": "draw"})
    assert err.field == "ability[0].if[0].n" and err.problem.startswith("missing: an integer")


def test_an_effect_that_needs_a_target_needs_whom() -> None:
    err = problem({"when": "on_play", "what": [{"effect": "pump", "amount": 1}]})
    assert err.field == "ability[0].whom"
    assert "effect 'pump' needs a target" in err.problem


def test_parse_each_names_every_broken_ability_and_keeps_the_sound_ones() -> None:
    raw = [{"when": "on_play", "what": "explode"}, {"when": "on_play", "what": "draw"},
           {"when": "on_play", "what": [{"effect": "draw", "n": 9}]}]
    sound, problems = VOCAB.parse_each(FILE, CARD, raw)
    assert [a.index for a in sound] == [1]
    assert [p.field for p in problems] == ["ability[0].what[0]", "ability[2].what[0].n"]
    with pytest.raises(CardDataError) as caught:
        VOCAB.parse(FILE, CARD, raw)
    assert caught.value.field == problems[0].field  # the first is what parse raises
    assert VOCAB.parse_each(FILE, CARD, {"when": "on_play"})[1][0].field == "ability"


def test_a_duration_the_effect_does_not_allow() -> None:
    err = problem({"when": "on_play", "what": "draw", "how_long": "end_of_turn"})
    assert err.field == "ability[0].how_long"
    assert "effect 'draw' lasts only instant" in err.problem
    err = problem({**PUMP, "what": [{"effect": "pump", "amount": 1}, "draw"]})
    assert "'draw'" in err.problem  # one effect of the list cannot last: refused


@pytest.mark.parametrize(("how_long", "fld", "words"), [
    ({"turns": 0}, "ability[0].how_long.turns", "1 to 20"),
    ({"turns": 21}, "ability[0].how_long.turns", "1 to 20"),
    ({"turns": "two"}, "ability[0].how_long.turns", "1 to 20"),
    ({"turns": True}, "ability[0].how_long.turns", "1 to 20"),
    ({}, "ability[0].how_long.turns", "1 to 20"),
    ({"turns": 2, "counted": "mine"}, "ability[0].how_long.counted", "own, opponent"),
    ({"turns": 2, "counted": ["own"]}, "ability[0].how_long.counted", "own, opponent"),
    ({"turns": 2, "for": "own"}, "ability[0].how_long.for", "turns, counted"),
    ("turns", "ability[0].how_long", "{ turns = N }"),
    ("forever", "ability[0].how_long", "{ turns = N }"),
    (3, "ability[0].how_long", "{ turns = N }"),
])
def test_bad_turns_duration(how_long: Any, fld: str, words: str) -> None:
    err = problem({**PUMP, "how_long": how_long})
    assert err.field == fld and words in err.problem


def test_every_duration_word_parses() -> None:
    for word in ("instant", "end_of_combat", "end_of_turn", "while_in_play", "permanent"):
        (ability,) = parse({**PUMP, "how_long": word})
        assert ability.how_long == Lasting(Duration(word))
    (ability,) = parse({**PUMP, "how_long": {"turns": 3}})
    assert ability.how_long == Lasting(Duration.TURNS, 3, Counted.OWN)


# ------------------------------------------------------------------ registration


def test_a_word_is_registered_once_per_part() -> None:
    v: Vocabulary[Table] = Vocabulary("demo")
    v.trigger("on_play")
    with pytest.raises(ValueError, match="when word 'on_play' registered twice"):
        v.trigger("on_play")
    v.effect("draw")
    with pytest.raises(ValueError, match="registered twice"):
        v.effect("draw", (Param("n", int),))
    v.condition("draw", lambda t, u: True)  # another part: another word
    assert set(v.words(Part.IF)) == {"draw"}
    with pytest.raises(KeyError, match="no what word 'nothing'"):
        v.spec(Part.WHAT, "nothing")


def test_every_effect_may_be_instant() -> None:
    spec = VOCAB.effect_spec(Use("pump"))
    assert Duration.INSTANT in spec.durations
    assert VOCAB.effect_spec(Use("draw")).durations == frozenset({Duration.INSTANT})


# ------------------------------------------------------ the one way rules use them


def test_holds_candidates_check_resolve_value_and_triggered() -> None:
    first, second = parse(
        {"when": "on_play", "if": [{"condition": "hand_at_least", "n": 4}], "what": "draw"},
        {**PUMP, "whom": {"target": "creature", "max_power": 2}})
    table = Table(power={10: 1, 11: 2, 12: 5}, hand=3)
    assert not VOCAB.holds(table, first)
    table.hand = 4
    assert VOCAB.holds(table, first) and VOCAB.holds(table, second)
    assert VOCAB.candidates(table, first) == []
    assert VOCAB.candidates(table, second) == [10, 11]
    assert not VOCAB.check(table, second, [])
    assert VOCAB.check(table, second, [11])
    VOCAB.resolve(table, second, [11])
    assert table.power[11] == 4 and table.log == ["pump 2"]
    assert VOCAB.value(table, second, [11]) == 1.0
    assert VOCAB.value(table, first, []) == 1.0
    assert list(Vocabulary.triggered([first, second], "on_play")) == [first, second]
    starts = parse({"when": {"trigger": "start_of_turn", "whose": "opponent"}, "what": "draw"})
    assert list(Vocabulary.triggered(starts, "start_of_turn",
                                     lambda u: u["whose"] == "own")) == []
    assert list(Vocabulary.triggered(starts, "start_of_turn",
                                     lambda u: u["whose"] == "opponent")) == list(starts)


# --------------------------------------------------------------------------- tick


def active(duration: Duration, *, source: int = 1, owner: int = 0,
           targets: tuple[int, ...] = (5,), turns: int = 0,
           counted: Counted = Counted.OWN) -> Active:
    return Active.start(source, owner, Use("pump", {"amount": 1}), targets,
                        Lasting(duration, turns, counted))


def survives(a: Active, boundary: Boundary, turn_seat: int = -1,
             left: frozenset[int] = frozenset()) -> bool:
    kept, ended = tick([a], boundary, turn_seat, left)
    assert len(kept) + len(ended) == 1
    return bool(kept)


def test_end_of_combat_ends_at_either_boundary() -> None:
    a = active(Duration.END_OF_COMBAT)
    assert not survives(a, Boundary.END_OF_COMBAT)
    assert not survives(a, Boundary.END_OF_TURN, 0)
    assert survives(a, Boundary.LEFT_PLAY, left=frozenset({99}))


def test_end_of_turn_ends_at_the_turns_end_only() -> None:
    a = active(Duration.END_OF_TURN)
    assert survives(a, Boundary.END_OF_COMBAT)
    assert not survives(a, Boundary.END_OF_TURN, 0)
    assert not survives(a, Boundary.END_OF_TURN, 1)  # whoever's turn it was


@pytest.mark.parametrize(("counted", "seats", "ends_after"), [
    (Counted.OWN, [0, 1, 0, 1, 0], 3),        # the owner's (seat 0's) turns: 1st and 3rd
    (Counted.OPPONENT, [0, 1, 0, 1, 0], 4),   # seat 1's: the 2nd and 4th
    (Counted.EITHER, [0, 1, 0, 1, 0], 2),     # every turn
    (Counted.OWN, [1, 1, 0, 1, 0], 5),        # started in the opponent's turn
])
def test_turns_are_counted_in_the_turns_said(counted: Counted, seats: list[int],
                                             ends_after: int) -> None:
    a = active(Duration.TURNS, turns=2, counted=counted, owner=0)
    assert a.left == 2
    actives: tuple[Active, ...] = (a,)
    ended_at = None
    for n, seat in enumerate(seats, start=1):
        assert tick(actives, Boundary.END_OF_COMBAT)[0] == actives  # combats count nothing
        actives, ended = tick(actives, Boundary.END_OF_TURN, seat)
        if ended:
            ended_at = n
            break
    assert ended_at == ends_after and actives == ()


def test_turns_left_counts_down_in_a_copy() -> None:
    a = active(Duration.TURNS, turns=3, counted=Counted.EITHER)
    (after,), _ = tick([a], Boundary.END_OF_TURN, 1)
    assert (a.left, after.left) == (3, 2)  # frozen: the earlier state keeps its count


def test_while_in_play_ends_when_its_source_leaves_play() -> None:
    a = active(Duration.WHILE_IN_PLAY, source=1, targets=(5,))
    assert survives(a, Boundary.END_OF_TURN, 0)
    assert survives(a, Boundary.END_OF_COMBAT)
    assert survives(a, Boundary.LEFT_PLAY, left=frozenset({2}))
    assert not survives(a, Boundary.LEFT_PLAY, left=frozenset({1}))
    seat_wide = active(Duration.WHILE_IN_PLAY, source=1, targets=())
    assert survives(seat_wide, Boundary.LEFT_PLAY, left=frozenset({5}))
    assert not survives(seat_wide, Boundary.LEFT_PLAY, left=frozenset({1}))


def test_an_effect_whose_targets_all_left_play_ends() -> None:
    for duration in (Duration.PERMANENT, Duration.END_OF_TURN, Duration.TURNS):
        a = active(duration, targets=(5, 6), turns=2)
        assert survives(a, Boundary.LEFT_PLAY, left=frozenset({5}))  # one is still there
        assert not survives(a, Boundary.LEFT_PLAY, left=frozenset({5, 6, 7}))


def test_permanent_lasts_through_every_turn_and_combat() -> None:
    a = active(Duration.PERMANENT)
    actives: tuple[Active, ...] = (a,)
    for seat in (0, 1) * 10:
        actives = tick(actives, Boundary.END_OF_COMBAT)[0]
        actives = tick(actives, Boundary.END_OF_TURN, seat)[0]
    assert actives == (a,)


def test_tick_keeps_the_order_of_what_stays() -> None:
    a, b, c = (active(Duration.PERMANENT, source=1), active(Duration.END_OF_TURN, source=2),
               active(Duration.WHILE_IN_PLAY, source=3))
    kept, ended = tick([a, b, c], Boundary.END_OF_TURN, 0)
    assert kept == (a, c) and ended == (b,)


# ----------------------------------------------------------------------- describe


WORDS = {
    "en": {"ability.demo.when.on_play": "When played",
           "ability.demo.when.start_of_turn": "At the start of the turn",
           "ability.demo.if.hand_at_least": "you hold {n} or more cards",
           "ability.demo.whom.creature": "a creature with power {max_power} or less",
           "ability.demo.what.draw": "draw {n}",
           "ability.demo.what.pump": "+{amount} power"},
    "ja": {"ability.demo.when.on_play": "プレイ時",
           "ability.demo.when.start_of_turn": "ターン開始時",
           "ability.demo.if.hand_at_least": "手札が{n}枚以上",
           "ability.demo.whom.creature": "パワー{max_power}以下のクリーチャー",
           "ability.demo.what.draw": "{n}枚引く",
           "ability.demo.what.pump": "パワー+{amount}"},
}


@pytest.fixture
def demo_words() -> None:
    for lang, strings in WORDS.items():
        i18n.register_strings(lang, strings)


def test_describe_renders_the_whole_ability_in_english_and_japanese(demo_words: None) -> None:
    (ability,) = parse({"when": "on_play", "if": [{"condition": "hand_at_least", "n": 2}],
                        "whom": {"target": "creature", "max_power": 3},
                        "what": [{"effect": "pump", "amount": 2}],
                        "how_long": "end_of_turn"})
    sentence = VOCAB.describe(ability)
    assert sentence.render("en") == ("When played, if you hold 2 or more cards: +2 power "
                                     "until the end of the turn. Target: a creature with "
                                     "power 3 or less.")
    assert sentence.render("ja") == ("プレイ時、手札が2枚以上なら、パワー+2"
                                     "（ターン終了時まで）。対象：パワー3以下のクリーチャー。")


def test_describe_joins_effects_and_an_instant_one_has_no_duration(demo_words: None) -> None:
    (ability,) = parse({"when": "on_play", "what": ["draw", {"effect": "draw", "n": 2}],
                        "how_long": "instant"})
    assert VOCAB.describe(ability).render("en") == "When played: draw 1 and draw 2."
    assert VOCAB.describe(ability).render("ja") == "プレイ時、1枚引く、2枚引く。"


@pytest.mark.parametrize(("how_long", "en", "ja"), [
    ({"turns": 2}, " for 2 of its owner's turns", "（持ち主のターン2回の間）"),
    ({"turns": 2, "counted": "opponent"}, " for 2 of the opponent's turns",
     "（相手のターン2回の間）"),
    ({"turns": 3, "counted": "either"}, " for 3 turns", "（3ターンの間）"),
    ("while_in_play", " while this card is in play", "（このカードが場にある間）"),
    ("permanent", " for the rest of the game", "（ゲームの終わりまで）"),
    ("end_of_combat", " until the end of the combat", "（この戦闘の終わりまで）"),
])
def test_describe_says_how_long(demo_words: None, how_long: Any, en: str, ja: str) -> None:
    (ability,) = parse({**PUMP, "how_long": how_long, "whom": {"target": "creature",
                                                              "max_power": 1}})
    assert en in VOCAB.describe(ability).render("en")
    assert ja in VOCAB.describe(ability).render("ja")
