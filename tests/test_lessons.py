"""Guided lessons (issue 12 §3, docs/lessons.md): every lesson file of every game loads,
its steps played headless complete it, and a wrong move at each learner step is refused
with the step's nudge (and changes nothing). The file format refuses mistakes naming
the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from tabletop.core.actions import Action
from tabletop.core.lesson import Lesson, LessonRun, lesson_files
from tabletop.core.rules import game_ids, load_rules
from tabletop.core.scenario import ScenarioError, render_text
from tabletop.core.view import view_for

ROOT = Path(__file__).resolve().parent.parent / "assets" / "lessons"
LESSONS = lesson_files(ROOT)


def _run(path: Path) -> LessonRun:
    lesson = Lesson.load(path)
    return LessonRun(lesson, load_rules(lesson.game))


def _advance(run: LessonRun) -> None:
    """Play the current step as the lesson means it (learner, opponent or Next)."""
    if run.waits_for_next:
        verdict = run.next()
    elif run.others_turn:
        verdict = run.play_other()
    else:
        expected = run.expected()
        assert expected is not None
        verdict = run.propose(expected)
        if not verdict.ok:
            why = [f"{f.name}: {f.detail}" for f in run.trial_facts(expected) if not f.ok]
            pytest.fail(f"step {run.step.index if run.step else '?'}: "
                        f"{verdict.reason} {render_text(verdict.message)} {why}")
    assert verdict.ok, f"{run.lesson.path}: step {run.index + 1}: {verdict.reason}"


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def test_every_game_with_lessons_is_a_registered_game() -> None:
    games = {p.parent.name for p in LESSONS}
    assert {"arc", "eshi100"} <= games
    assert games <= set(game_ids())


def test_lesson_ids_unique_per_game_and_orders_distinct() -> None:
    seen: dict[str, set[str]] = {}
    orders: dict[str, set[int]] = {}
    for path in LESSONS:
        lesson = Lesson.load(path)
        assert lesson.game == path.parent.name, "a lesson lives under its game's folder"
        assert lesson.id not in seen.setdefault(lesson.game, set()), lesson.id
        assert lesson.order not in orders.setdefault(lesson.game, set()), path
        seen[lesson.game].add(lesson.id)
        orders[lesson.game].add(lesson.order)


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_lesson_played_as_written_completes(path: Path) -> None:
    run = _run(path)
    steps = len(run.lesson.steps)
    for n in range(steps):
        assert run.index == n and not run.done
        _advance(run)
    assert run.done
    assert run.coach().what.key == "lesson.complete_body"


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_lesson_plays_a_whole_turn_cycle(path: Path) -> None:
    """Each lesson shows both seats' turns: the opponent moves at least once and the
    learner moves on a turn of their own."""
    run = _run(path)
    lesson = run.lesson
    assert any(s.seat != lesson.learner and not s.is_note for s in lesson.steps)
    assert any(s.seat == lesson.learner and not s.is_note for s in lesson.steps)
    turns = {run.game.state.turn}
    while not run.done:
        _advance(run)
        turns.add(run.game.state.turn)
    assert len(turns) >= 2, "the lesson never leaves its first turn"


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_wrong_move_at_each_learner_step_is_refused_with_the_nudge(path: Path) -> None:
    run = _run(path)
    rules = run.rules
    checked = 0
    while not run.done:
        step = run.step
        assert step is not None
        if run.learners_move:
            nudge = {lang: render_text(step.nudge.message() if step.nudge else None, lang)
                     for lang in ("en", "ja")}
            before = run.game.state.fingerprint()
            # a move the rules refuse: the rules' reason, then the nudge
            verdict = run.propose(Action.make("no_such_move", run.learner))
            assert not verdict.ok and verdict.reason.endswith("unknown_action")
            assert verdict.message is not None and verdict.message.key == "lesson.refused"
            # a legal move that is not the lesson's: lesson.wrong_move naming the move
            expected = run.expected()
            others = [a for a in rules.legal_actions(run.game.state, run.learner)
                      if a != expected and not run.check(a).ok]
            wrong = [run.propose(a) for a in others[:3]]
            for refused in [verdict, *wrong]:
                assert not refused.ok
                for lang in ("en", "ja"):
                    text = render_text(refused.message, lang, rules.cards)
                    if step.nudge is not None:
                        assert nudge[lang] in text, (step.index, lang, text)
                    else:
                        assert render_text(run.coach().what, lang) or text
            for refused in wrong:
                assert refused.reason == "lesson.wrong_move", refused
            assert run.game.state.fingerprint() == before, "a refused move changed the game"
            assert run.step is step
            checked += 1
        _advance(run)
    assert checked >= 1


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_lit_cards_are_view_ids_of_the_learners_view(path: Path) -> None:
    """Highlights never show the learner a card they cannot see: a lit card is an id
    of the learner's view (a hidden one is lit as its place, ALL-R2)."""
    run = _run(path)
    while not run.done:
        line = run.coach()
        view = view_for(run.game.state, run.learner)
        ids = {c.iid for cards in view.zones.values() for c in cards}
        assert line.lit <= ids
        assert render_text(line.what, "en") and render_text(line.what, "ja")
        assert render_text(line.what, "en") != render_text(line.what, "ja")
        _advance(run)


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_highlighted_drop_places_exist_in_the_games_layout(path: Path) -> None:
    from tabletop.layout.arrange import _local_cells
    from tabletop.ui.games import load_game_ui

    run = _run(path)
    layout = load_game_ui(run.lesson.game, run.rules).load_layout()
    for step in run.lesson.steps:
        for entry in step.highlight:
            if entry.startswith("zone:"):
                assert entry[5:] in layout.zone_ids, (step.index, entry)
            elif entry.startswith("cell:"):
                zone, _, cell = entry[5:].partition("/")
                assert zone in layout.zone_ids, (step.index, entry)
                names = {name for name, *_ in _local_cells(layout.zone(zone))}
                if "/" not in cell and names:  # a grid's cell (Conan's places name more)
                    assert cell in names, (step.index, entry, sorted(names))


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_the_opponent_does_not_move_for_the_learner(path: Path) -> None:
    run = _run(path)
    while not run.done:
        if run.learners_move:
            assert not run.play_other().ok
            assert not run.next().ok
        elif run.others_turn:
            expected = run.expected()
            assert expected is not None
            assert run.propose(expected).reason == "lesson.opponent_moves"
        _advance(run)
    assert run.propose(Action.make("next_phase", run.learner)).reason == "lesson.complete"


# --------------------------------------------------------------------------- the file format

_GOOD = '''
game = "arc"
seed = 1
[lesson]
id = "t"
order = 1
title = { en = "T", ja = "T" }
summary = { en = "S", ja = "S" }
[position]
turn = 2
phase = "resource"
[position.zones]
"p0.deck" = ["red_ember_hills"]
"p1.deck" = ["blue_tide_pool"]
"p0.hand" = [{ card = "red_ember_hills", label = "hills" }]
[[step]]
seat = 0
action = "play_resource"
args = { card = "$hills" }
highlight = ["$hills", "zone:p0.resources"]
say = { en = "Put it down.", ja = "置いてください。" }
nudge = { en = "Drag it.", ja = "ドラッグ。" }
'''


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "lesson.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_minimal_lesson_loads_and_runs(tmp_path: Path) -> None:
    run = LessonRun(Lesson.load(_write(tmp_path, _GOOD)), load_rules("arc"))
    assert run.places() == ("p0.resources",)
    _advance(run)
    assert run.done


@pytest.mark.parametrize(("change", "field"), [
    (('id = "t"', 'id = "t"\nauthor = "me"'), "lesson.author"),
    (('say = {', 'sound = "x"\nsay = {'), "step[1].sound"),
    (('ja = "置いてください。"', 'jp = "x"'), "step[1].say.jp"),
    ((', ja = "置いてください。"', ''), "step[1].say.ja"),
    (('"$hills", "zone', '"$hils", "zone'), "step[1].highlight[0]"),
    (('"zone:p0.resources"', '"p0.resources"'), "step[1].highlight[1]"),
    (('match', 'match'), ""),
    (('nudge = {', 'match = "loose"\nnudge = {'), "step[1].match"),
    (('args = { card = "$hills" }', 'args = { card = "$hills" }\nexpect = "legal"'),
     "step[1].expect"),
    (('id = "t"', 'id = "a b"'), "lesson.id"),
    (('[lesson]', '[lessons]'), "lesson"),
    (('seat = 0\naction = "play_resource"', 'action = "note"'), "step[1].args"),
])
def test_file_errors_name_the_file_and_the_field(tmp_path: Path, change: tuple[str, str],
                                                 field: str) -> None:
    old, new = change
    if old == new:  # the unchanged file is fine
        Lesson.load(_write(tmp_path, _GOOD))
        return
    assert old in _GOOD
    path = _write(tmp_path, _GOOD.replace(old, new, 1))
    with pytest.raises(ScenarioError) as err:
        Lesson.load(path)
    assert err.value.path == str(path)
    assert err.value.field == field, str(err.value)


def test_a_highlighted_zone_the_game_lacks_is_an_error_naming_the_field(
        tmp_path: Path) -> None:
    lesson = Lesson.load(_write(tmp_path, _GOOD.replace("zone:p0.resources",
                                                        "zone:p0.resorces")))
    with pytest.raises(ScenarioError) as err:
        LessonRun(lesson, load_rules("arc"))
    assert err.value.field == "step[1].highlight[1]"
    assert "p0.resources" in err.value.problem  # the zones are listed


def test_kind_match_accepts_any_move_of_the_kind_that_keeps_the_facts(tmp_path: Path) -> None:
    text = _GOOD.replace('"p0.hand" = [{ card = "red_ember_hills", label = "hills" }]',
                         '"p0.hand" = [{ card = "red_ember_hills", label = "hills" }, '
                         '{ card = "green_wildwood", label = "wood" }, '
                         '{ card = "red_spark_squire", label = "squire" }]')
    text = text.replace('nudge = {', 'match = "kind"\nnudge = {')
    text += '[step.after]\ncount = { "p0.resources" = 1 }\nwhere = { "$squire" = "p0.hand" }\n'
    run = LessonRun(Lesson.load(_write(tmp_path, text)), load_rules("arc"))
    labels = run.labels
    assert run.propose(Action.make("play_resource", 0, card=labels["squire"])).reason \
        == "arc.not_a_resource"
    assert run.propose(Action.make("play_resource", 0, card=labels["wood"])).ok
    assert run.done


def test_wrong_move_names_the_expected_move(tmp_path: Path) -> None:
    text = _GOOD.replace('"p0.hand" = [{ card = "red_ember_hills", label = "hills" }]',
                         '"p0.hand" = [{ card = "red_ember_hills", label = "hills" }, '
                         '{ card = "green_wildwood", label = "wood" }]')
    run = LessonRun(Lesson.load(_write(tmp_path, text)), load_rules("arc"))
    verdict = run.propose(Action.make("play_resource", 0, card=run.labels["wood"]))
    assert verdict.reason == "lesson.wrong_move"
    words = render_text(verdict.message, "en", run.rules.cards)
    assert "Ember Hills" in words and "Drag it." in words
    assert "燃えさしの丘" in render_text(verdict.message, "ja", run.rules.cards)
    assert run.game.state.zones["p0.resources"].cards == []


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_no_lesson_text_needs_a_glyph_the_font_lacks(path: Path) -> None:
    font = ROOT.parent / "fonts" / "NotoSansJP-Subset-Regular.otf"
    with TTFont(font, lazy=True) as tt:
        cmap = set(tt.getBestCmap())
    lesson = Lesson.load(path)
    texts = [lesson.title.ja, lesson.summary.ja]
    for step in lesson.steps:
        texts += [step.say.ja, step.nudge.ja if step.nudge else ""]
    missing = sorted({ch for text in texts for ch in text
                      if ch.isprintable() and not ch.isspace() and ord(ch) not in cmap})
    assert missing == [], f"run tools/subset_font.py ({missing})"


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_japanese_lesson_texts_use_the_rule_documents_terms_and_punctuation(
        path: Path) -> None:
    """The same style as the Japanese catalogues (tests/test_i18n_ja_style.py)."""
    from test_i18n_ja_style import BANNED_TERMS, HALF_WIDTH, JAPANESE

    lesson = Lesson.load(path)
    texts = [lesson.title.ja, lesson.summary.ja]
    for step in lesson.steps:
        texts += [step.say.ja, step.nudge.ja if step.nudge else ""]
    found = [f"{variant!r} (use {term}) in {text!r}" for text in texts
             for variant, term in BANNED_TERMS.items() if variant in text]
    found += [f"{m.group()!r} in {text!r}" for text in texts if JAPANESE.search(text)
              for m in HALF_WIDTH.finditer(text)]
    assert found == []


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_coach_never_names_a_card_the_learner_cannot_see(path: Path) -> None:
    """ALL-R2: at every step, the coach line (and the opponent's narration once played)
    names no card the learner cannot see now, unless a copy of it is in sight."""
    run = _run(path)
    cards = run.rules.cards

    def check() -> None:
        state = run.game.state
        seen = {state.cards[i].card_id for i in state.cards
                if state.visible_to(i, run.learner)}
        hidden = {state.cards[i].card_id for i in state.cards} - seen
        for line in (run.coach(), run.narration()):
            if line is None:
                continue
            for lang in ("en", "ja"):
                text = render_text(line.what, lang, cards)
                named = [cards[c].display_name(lang) for c in hidden
                         if cards[c].display_name(lang) in text]
                assert named == [], (run.index, lang, text)

    check()
    while not run.done:
        _advance(run)
        check()


def test_exact_match_takes_either_of_two_identical_copies_and_the_label_follows() -> None:
    """絵師100人展 lesson 2 step 4 asks for Chalk Sprite $a and Easel Guard $b; the hand
    holds a second Chalk Sprite $d, the same card in the same zone: challenging with it
    is the step's move, and $d then names the copy left in the hand (step 7 uses it)."""
    run = _run(ROOT / "eshi100" / "eshi_defence_challenge.toml")
    while run.index < 3:
        _advance(run)
    a, b, d = run.labels["a"], run.labels["b"], run.labels["d"]
    assert run.look(a) == run.look(d) and a != d
    assert run.propose(Action.make("challenge", 0, cards=[d, b])).ok
    assert run.labels["a"] == d and run.labels["d"] == a
    assert run.game.state.zone_of(run.labels["d"]) == "p0.hand"
    while not run.done:
        _advance(run)


def test_exact_match_still_refuses_a_card_that_looks_different() -> None:
    run = _run(ROOT / "eshi100" / "eshi_defence_challenge.toml")
    while run.index < 3:
        _advance(run)
    before = dict(run.labels)
    other = run.labels["c"]  # Mural Giant: another card
    verdict = run.propose(Action.make("challenge", 0, cards=[other, run.labels["b"]]))
    assert not verdict.ok and verdict.reason == "lesson.wrong_move"
    assert run.labels == before and run.index == 3


def _twin_moves(run: LessonRun) -> list[Action]:
    """The current step's move with one card argument swapped for a look-alike copy."""
    want = run.expected()
    assert want is not None
    state = run.game.state
    out = []
    for name, value in want.args:
        values = list(value) if isinstance(value, tuple) else [value]
        for i, v in enumerate(values):
            if not isinstance(v, int) or isinstance(v, bool) or v not in state.cards:
                continue
            for twin in state.cards:
                if twin != v and twin not in values and state.visible_to(twin, run.learner) \
                        and run.look(twin) == run.look(v):
                    new = values[:i] + [twin] + values[i + 1:]
                    args = dict(want.args)
                    args[name] = tuple(new) if isinstance(value, tuple) else twin
                    out.append(Action.make(want.kind, want.seat, **args))
    return out


@pytest.mark.parametrize("path", LESSONS, ids=_id)
def test_a_look_alike_copy_is_taken_and_the_lesson_still_completes(path: Path) -> None:
    """At every learner step, a copy that looks the same as the step's card (same card,
    zone, place, face and tapped state) is the step's move, and the rest of the lesson
    goes on with the copy chosen."""
    base = _run(path)
    for n in range(len(base.lesson.steps)):
        if base.learners_move and base.step is not None and base.step.match == "exact":
            for twin in _twin_moves(base):
                run = _run(path)
                while run.index < n:
                    _advance(run)
                verdict = run.propose(twin)
                assert verdict.ok, f"step {n + 1}: {twin} refused: {verdict.reason}"
                while not run.done:
                    _advance(run)
        _advance(base)


# ------------------------------------------------------------ newcomer QA, round 12


def test_every_lessons_title_carries_its_number_in_both_languages() -> None:
    """QA: Arc's titles had no numbers while Conan's did. Every game's lessons are
    numbered 1, 2, 3... by ``order``, and each title starts with its number."""
    by_game: dict[str, list[int]] = {}
    for path in LESSONS:
        lesson = Lesson.load(path)
        by_game.setdefault(lesson.game, []).append(lesson.order)
        for text in (lesson.title.en, lesson.title.ja):
            assert text.startswith(f"{lesson.order} "), (_id(path), text)
    for game, orders in by_game.items():
        assert sorted(orders) == list(range(1, len(orders) + 1)), game


def test_conan_coach_progress_is_the_named_seats_renown() -> None:
    """QA (Conan lesson 2, the learner is Player 2): under "Player 1, as Conan" the coach
    said "Renown 0 / 40 · rival 7 / 40" while Player 1's Chronicle held the renown. The
    progress line is the seat the line names, read from the learner's view."""
    from tabletop.core.coach import coach_line, playback_line

    run = _run(ROOT / "conan" / "c2_enemy_side.toml")
    rules, state = run.rules, run.game.state
    learner = run.learner
    actor = rules.acting_seat(state)
    assert learner == 1 and actor == 0
    db = rules.cards
    chronicle = sum(db[state.cards[i].card_id].number("renown", 0)
                    for i in state.zones["p0.chronicle"].cards)
    assert chronicle > 0
    for line in (coach_line(rules, state, learner), playback_line(rules, state, learner)):
        assert dict(line.who.params)["player"] == dict(
            coach_line(rules, state, actor).who.params)["player"]
        text = line.progress[0].render("en")
        assert text.startswith(f"Renown {chronicle} / 40"), text
        assert text.endswith("rival 0 / 40"), text


def _conan_questions(run: LessonRun, action: Action) -> list[str]:
    """The catalogue keys (the title's) of the questions the Conan table asks after the learner's
    ``action`` is dropped (tabletop/ui/games/conan.py): who plays a Move (only with a
    choice or a cost in wounds), which Minor Foes pay a Major Foe, a Foe's wounds, the
    Chronicle cards a renown loss takes."""
    from tabletop.games.conan import foes
    from tabletop.games.conan import stats as st
    from tabletop.games.conan.zones import cdef
    from tabletop.ui.games import conan_drag as cd

    state, db = run.game.state, run.rules.cards
    if action.kind == "place_move":
        choices = cd.move_choices(state, db, action.seat, action.get("card"),
                                  action.get("target"), run.check)
        if len(choices) > 1 or any(c.fatal or c.wounds > 0 for c in choices):
            return ["conanui.move_title"]
    elif action.kind == "place_foe":
        costs = [[]] if foes.forced_now(state, db) else \
            foes.cost_options(state, db, action.get("card"))
        if costs != [[]]:
            return ["conanui.major_title"]
    elif action.kind == "place_foe_move":
        cost = int(cdef(state, db, action.get("card"))["cost"])
        if st.cost_wounds(state, db, action.get("foe"), cost) > 0:
            return ["conanui.wound_title"]
    elif action.kind == "decide" and state.pending is not None and \
            state.pending.kind == "chronicle_loss":
        return ["conanui.loss_title"]
    return []


@pytest.mark.parametrize("path", lesson_files(ROOT, "conan"), ids=_id)
def test_a_conan_lesson_names_each_question_the_table_asks(path: Path) -> None:
    """QA: "Who plays Parry?" came unannounced. A step after whose drop the table asks
    a question (a Major Foe's cost, the renown a retreat loses, who plays a Move when
    more than one can) names it in both languages, so the learner knows it comes."""
    from tabletop.core.messages import msg

    run = _run(path)
    db = run.rules.cards
    asked = 0
    while not run.done:
        step, action = run.step, run.expected()
        if run.learners_move and step is not None and action is not None:
            for key in _conan_questions(run, action):
                asked += 1
                card = run.game.state.cards[action.get("card")].card_id \
                    if action.kind == "place_move" else None
                for lang in ("en", "ja"):
                    name = db[card].display_name(lang) if card is not None else ""
                    title = msg(key, card=name).render(lang)
                    said = step.say.get(lang) + (step.nudge.get(lang) if step.nudge else "")
                    assert title in said, (step.index, lang, title)
        _advance(run)
    if path.stem == "c2_enemy_side":
        assert asked == 2  # the Captain's cost and the renown of the retreat
