"""Conan, the enemy's Foe Moves (CONAN-R12) in the window: a Move dropped on the Foe
itself, not on the lit place against its edge, is that Foe's Move (QA: the drop was
answered by an empty refusal box)."""

from __future__ import annotations

from test_ui_lessons_conan_xeno import ROOT, LessonTable
from ui_helpers import drag, frames


def test_conan_r12_a_foe_move_dropped_on_its_foe_is_placed_as_that_foes_move():
    table = LessonTable(ROOT / "conan" / "c2_enemy_side.toml")
    try:
        table.settle()
        while not (table.run.step.step.action == "place_foe_move"
                   and "parry" in str(table.run.step.step.args)):
            table.play_step()
            table.settle()
        parry, skeleton = table.labels["parry"], table.labels["skeleton"]
        sprites = {s.iid: s for s in table.scene.sprites}
        drag(table.app, sprites[parry].rect.center, sprites[skeleton].rect.center)
        frames(table.app, 3)
        assert table.game.state.zone_of(parry) == "moves"
        assert table.scene.toast.text == ""  # no refusal, and never an empty one
        assert table.run.step is not None and table.run.step.step.action != "place_foe_move" \
            or "parry" not in str(table.run.step.step.args)
    finally:
        table.app.shutdown()


def test_conan_a_decision_is_described_in_words_never_by_its_option_ids():
    """The lesson's wrong-move refusal and the hint name a decision's answer in words
    ("Choose Press On", the side and target of a lone Move), never ``press_on`` or
    ``left@12`` (QA: "Choose press_on")."""
    from tabletop.core.actions import Action, Decision
    from tabletop.core.messages import msg
    from tabletop.core.rules import load_rules

    rules = load_rules("conan")
    table = LessonTable(ROOT / "conan" / "c1_first_fight.toml")
    try:
        state = table.game.state
        conan = table.labels["conan"]
        state.pending = Decision(0, "press_on", msg("decision.conan.press_on", player=""),
                                 ("press_on", "rest"))
        words = rules.describe(state, Action.make("decide", 0, choice=["press_on"]))
        assert words is not None and words.render("en") == "Choose Press On"
        state.pending = Decision(1, "lone_attack", msg("decision.conan.lone_attack"),
                                 (f"left@{conan}",))
        words = rules.describe(state, Action.make("decide", 1, choice=[f"left@{conan}"]))
        assert words is not None and "left side against Conan" in words.render("en")
        assert "@" not in words.render("ja")
    finally:
        table.app.shutdown()


def test_a_lesson_step_waits_while_a_fight_is_played_back():
    """While the window plays a fight or battle back, the lesson's coach box says what
    the playback shows, not the next step's words, which would run ahead of the picture
    (QA: the coach said 'Now the Left flank…' during the Center fight)."""
    from tabletop.ui.panels import render_message

    table = LessonTable(ROOT / "conan" / "c1_first_fight.toml")
    try:
        scene = table.scene
        step_words = render_message(scene.coach_override().what, "en")
        earlier = scene.game.state.clone()  # a playback shows an earlier moment
        scene.ui.shown_state = lambda _scene: earlier  # type: ignore[method-assign]
        words = render_message(scene.coach_override().what, "en")
        assert words != step_words and "played back" in words.lower()
    finally:
        table.app.shutdown()
