"""What the lessons say (issue 12 §3, after a newcomer QA round): the narration states
only what the learner could know (never what a hidden hand holds, ALL-R2), keeps up
with the table (a move that ends a turn says so), tells the result of the learner's
defence, and the lessons together cover what a newcomer needs for each game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_lessons import _advance, _id, _run

from tabletop.core.lesson import Lesson, LessonRun, LessonStep, lesson_files
from tabletop.core.rules import load_rules

ROOT = Path(__file__).resolve().parent.parent / "assets" / "lessons"
LESSONS = lesson_files(ROOT)
#: The games whose lessons this file's "keeps up with the table" checks walk.
TABLE_GAMES = ("arc", "eshi100")

#: Claims about what a player holds (a hand is hidden from the other seat, ALL-R2):
#: "Your opponent has no combat card left", "had no defence card to use",
#: 相手にはコンバットカードが残っておらず, 相手には使える防御のカードがなかった.
_EN_HOLDS = re.compile(
    r"\b(opponent|they|enemy|player \d)\b[^.;:]{0,30}?\b(has|have|had|holds?|held|keeps?)"
    r"\s+(no|nothing|none|only|just|not a single)\b"
    r"|\bno\s+(\w+\s+)?cards?\s+(left|to use|to play|in (their|its|the|your) hand)\b"
    r"|\b(their|its|the enemy's|your opponent's) hand\s+(holds|is empty|has)\b"
    r"|\bnothing\s+(left\s+)?in\s+(their|its|the)\s+hand\b",
    re.IGNORECASE)
_JA_HOLDS = re.compile(
    r"相手(に|には|の手札に|は)[^。]{0,20}?(が|を)(残っておらず|残っていない|なかった|ありません"
    r"|ない|なく|持っておらず|持っていない)"
    r"|手札(に|には)[^。]{0,20}?(ない|なく|ありません|残っておらず)")


def _texts(lesson: Lesson) -> list[tuple[str, str, str]]:
    """(where, lang, text) for every text of the lesson a learner reads."""
    out = [("title", "en", lesson.title.en), ("title", "ja", lesson.title.ja),
           ("summary", "en", lesson.summary.en), ("summary", "ja", lesson.summary.ja)]
    for step in lesson.steps:
        for name, text in (("say", step.say), ("nudge", step.nudge)):
            if text is not None:
                out += [(f"step {step.index} {name}", "en", text.en),
                        (f"step {step.index} {name}", "ja", text.ja)]
    return out


def claims_about_a_hand(text: str, lang: str) -> list[str]:
    """The phrases of ``text`` that say what a player holds (empty: none)."""
    pattern = _EN_HOLDS if lang == "en" else _JA_HOLDS
    return [m.group(0) for m in pattern.finditer(text)]


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_no_lesson_text_claims_what_a_hidden_hand_holds(path: Path) -> None:
    """ALL-R2: "Your opponent plays no combat card", never "has no combat card left"
    while a card lies in their hand; every lesson of every game, both languages."""
    found = [(where, lang, claim) for where, lang, text in _texts(Lesson.load(path))
             for claim in claims_about_a_hand(text, lang)]
    assert found == []


@pytest.mark.parametrize(("text", "lang"), [
    ("Your opponent has no combat card left and passes.", "en"),
    ("Your opponent had no defence card to use, so the attack succeeded.", "en"),
    ("They hold only Moves now.", "en"),
    ("The enemy has nothing left to play.", "en"),
    ("Their hand is empty.", "en"),
    ("相手にはコンバットカードが残っておらず、パスします。", "ja"),
    ("相手には使える防御のカードがなかったので、攻撃は成功しました。", "ja"),
    ("相手の手札にはアクションがありません。", "ja"),
])
def test_the_old_words_are_claims_about_a_hand(text: str, lang: str) -> None:
    """The words the QA round found (Arc lesson 2, 絵師 lesson 1) and their kind."""
    assert claims_about_a_hand(text, lang)


@pytest.mark.parametrize(("text", "lang"), [
    ("Your opponent plays no combat card and passes.", "en"),
    ("Its column across holds no card, so it shoots the deck.", "en"),
    ("Your damaged Chalk Sprite has no connectors until it is recovered.", "en"),
    ("相手はコンバットカードを使わずにパスします。", "ja"),
    ("向かいの列にカードがないので、山札を撃ちます。", "ja"),
])
def test_what_the_table_shows_is_no_claim_about_a_hand(text: str, lang: str) -> None:
    assert claims_about_a_hand(text, lang) == []


def _lessons_of(*games: str) -> list[Path]:
    return [p for p in LESSONS if p.parent.name in games]


@pytest.mark.parametrize("path", _lessons_of(*TABLE_GAMES), ids=_id)
def test_a_move_that_hands_the_turn_over_says_so(path: Path) -> None:
    """The words never lag behind the table: when a step's move ends a turn (the
    table then shows the next player's turn), that step's text says the turn ends or
    begins (絵師 lesson 2: the counter ends your turn and your opponent's begins)."""
    run = _run(path)
    lagging = []
    while not run.done:
        step = run.step
        assert step is not None
        before = (run.game.state.turn, run.game.state.active)
        _advance(run)
        moved_on = (run.game.state.turn, run.game.state.active) != before
        if moved_on and ("turn" not in step.say.en or "ターン" not in step.say.ja):
            lagging.append((step.index, step.say.en))
    assert lagging == []


@pytest.mark.parametrize("path", _lessons_of(*TABLE_GAMES), ids=_id)
def test_when_the_learners_turn_begins_the_words_say_so(path: Path) -> None:
    """The opponent's last move of their turn already shows the learner's new turn
    (untapped, a card drawn): that step, or the note right after it, says the learner's
    turn begins (Arc lesson 3: "Your opponent ends their turn, and yours begins")."""
    run = _run(path)
    silent = []
    while not run.done:
        step = run.step
        assert step is not None
        was_learners = run.game.state.active == run.learner
        _advance(run)
        if was_learners or run.game.state.active != run.learner:
            continue
        after = run.step
        texts = [step.say] + ([after.say] if after is not None and after.is_note else [])
        if not any(re.search(r"(?i)\byour turn\b|\byours begins\b", x.en)
                   and re.search("自分の(ターン|番)|また自分", x.ja) for x in texts):
            silent.append((step.index, step.say.en))
    assert silent == []


def _answers_a_defence(run: LessonRun) -> bool:
    pending = run.game.state.pending
    return run.learners_move and pending is not None and pending.kind == "defend"


@pytest.mark.parametrize("path", _lessons_of("eshi100"), ids=_id)
def test_the_result_of_the_learners_defence_is_told(path: Path) -> None:
    """After the learner defends (絵師 lesson 2 step 12), the next step tells whether the
    attack failed or succeeded, before the lesson moves on."""
    run = _run(path)
    told: list[LessonStep] = []
    while not run.done:
        defending = _answers_a_defence(run)
        _advance(run)
        if defending:
            following = run.step
            assert following is not None, "the lesson ends on the defence"
            told.append(following)
    for step in told:
        assert re.search(r"\b(failed|succeeded)\b", step.say.en), step.say.en
        assert re.search("失敗|成功", step.say.ja), step.say.ja


def _game_texts(game: str, lang: str) -> list[str]:
    return [text for path in lesson_files(ROOT, game)
            for _, lng, text in _texts(Lesson.load(path)) if lng == lang]


@pytest.mark.parametrize(("game", "topic", "en", "ja"), [
    # 絵師100人展 (issue 12 §3 plus what the QA newcomer missed)
    ("eshi100", "deck-out loses", r"deck runs out loses", "デッキが尽きたプレイヤーはその場で負け"),
    ("eshi100", "hand limit of 5", r"at most 5 hand cards", "手札は5枚まで"),
    ("eshi100", "placing on a card replaces it", r"holds your own card.*replaced",
     "自分のカードがあるマス.*置き換え"),
    ("eshi100", "what an attack targets", r"attack aims at no card", "カードを狙うものではなく"),
    ("eshi100", "hand boost", r"Hand boost", "手札強化"),
    ("eshi100", "challenge and counter", r"counter", "対抗"),
    # Arc System
    ("arc", "mulligan", r"mulliganed: Mulligan shuffles it back",
     "「マリガン」で手札をデッキに戻して"),
    ("arc", "action cards", r"Action cards .*are played", "アクション.*プレイします"),
    ("arc", "alignment marks", r"yellow G .* alignment: good \(a purple E means evil\)",
     "善悪の属性"),
    ("arc", "choosing who pays", r"Choose who pays: click", "選んだ順に番号が付きます"),
    ("arc", "colour letters", r"G green", "野生の森は「緑」"),
    ("arc", "combat cards and blocks", r"Confirm blocks", "コンバットカード"),
])
def test_the_lessons_of_a_game_cover_what_a_newcomer_needs(game: str, topic: str, en: str,
                                                          ja: str) -> None:
    assert any(re.search(en, text) for text in _game_texts(game, "en")), topic
    assert any(re.search(ja, text) for text in _game_texts(game, "ja")), topic


@pytest.mark.parametrize(("game", "term", "meaning"), [
    ("eshi100", "recovered", r"recovered \(face up"),
])
def test_a_term_is_explained_before_a_step_uses_it(game: str, term: str, meaning: str) -> None:
    """絵師 lesson 1 said "your recovered cards" in step 3 before saying what
    recovered means: the first lesson of the game explains it first."""
    first = min(lesson_files(ROOT, game), key=lambda p: Lesson.load(p).order)
    for step in Lesson.load(first).steps:
        if term in step.say.en:
            assert re.search(meaning, step.say.en), (step.index, step.say.en)
            return
    pytest.fail(f"{term!r} is never used")


def test_the_green_resource_and_the_good_mark_are_told_apart_where_both_show() -> None:
    """Arc's yellow G (good) and a green resource's G look alike: the step that puts
    the first green resource into play says its G is green, and the step that lights
    good characters says their G is an alignment, no colour."""
    rules = load_rules("arc")
    green_said = good_said = False
    for path in lesson_files(ROOT, "arc"):
        run = _run(path)
        while not run.done:
            step = run.step
            assert step is not None
            lit = [run.game.state.cards[run.labels[h[1:]]].card_id for h in step.highlight
                   if h.startswith("$")]
            if any(rules.cards[c].get("colour") == "green"
                   and rules.cards[c].type == "resource" for c in lit):
                green_said |= "green" in step.say.en and "緑" in step.say.ja
            if lit and all(rules.cards[c].get("alignment") == "good" for c in lit):
                good_said |= "alignment" in step.say.en and "色ではなく" in step.say.ja
            _advance(run)
    assert green_said and good_said
