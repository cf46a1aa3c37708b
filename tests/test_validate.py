"""``tabletop validate PATH`` (issue 15): every problem of card and deck files, each
with its file, card and field, checked against the game's schema and ability words;
and the user's card files loaded with the game's ability words (GameRules.vocabulary).

The files are in tests/validate_files/ (``good/``: a user folder whose every file is
sound; ``broken/arc/``: files broken in several places at once)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.core.abilities import Duration, Param, Vocabulary
from tabletop.core.rules import game_ids, load_rules
from tabletop.resources import resource_path
from tabletop.validate import Problem, validate

FILES = Path(__file__).parent / "validate_files"


@pytest.fixture
def arc_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[Vocabulary[object]]:
    """Arc with a few ability words of the tests' own (``zz_``: neither the words of
    the real Arc cards nor Arc's checks of them apply): the trigger ``zz_enters``;
    ``zz_draw`` n; ``zz_pump`` amount, needing a ``zz_character`` target and lasting
    to the end of the turn at most."""
    from tabletop.games.arc.rules import ArcRules

    vocab: Vocabulary[object] = Vocabulary("arc")
    vocab.trigger("zz_enters")
    vocab.target("zz_character", lambda ctx, use: [],
                  (Param("side", str, default="own", choices=("own", "opponent")),))
    vocab.effect("zz_draw", (Param("n", int, default=1, minimum=1),))
    vocab.effect("zz_pump", (Param("amount", int, required=True, minimum=1),),
                 needs_target=True, durations=frozenset({Duration.END_OF_TURN}))
    monkeypatch.setattr(ArcRules, "vocabulary", vocab)
    yield vocab


def where(problems: list[Problem]) -> set[tuple[str, str, str]]:
    return {(Path(p.file).name, p.card, p.field) for p in problems}


def test_every_problem_of_broken_files_with_file_card_and_field(
        arc_words: Vocabulary[object]) -> None:
    report = validate([FILES / "broken" / "arc"])
    assert where(report.problems) == {
        ("many.toml", "zz_two_faults", "cost"),          # a broken field...
        ("many.toml", "zz_two_faults", "colur"),         # ...does not hide the next one
        ("many.toml", "zz_after", "power"),              # nor a broken card the next card
        ("many.toml", "red_spark_squire", "id"),         # the game's own card has this id
        ("many.toml", "zz_nowhere", "same_as"),          # a printing of no card
        ("many.toml", "zz_id_as_same", "same_as"),       # an id where a name belongs
        ("many.toml", "zz_bad_ability", "ability[1].what[0]"),   # unknown effect word
        ("many.toml", "zz_bad_ability", "ability[2].what[0].n"),  # and its next ability
        ("many.toml", "zz_pump_untimed", "ability[0].how_long"),  # a duration not allowed
        ("second.toml", "zz_ok", "id"),                  # given twice in the folder
        ("over_limit.toml", "over_limit", "cards.zz_missing"),
        ("over_limit.toml", "over_limit", "(deck)"),
    }
    text = {(Path(p.file).name, p.card, p.field): p.problem for p in report.problems}
    assert "known: zz_draw, zz_pump" in text[("many.toml", "zz_bad_ability", "ability[1].what[0]")]
    assert "same_as = 'Flame Duelist'" in text[("many.toml", "zz_id_as_same", "same_as")]
    assert "also in" in text[("second.toml", "zz_ok", "id")]
    assert "lasts only" in text[("many.toml", "zz_pump_untimed", "ability[0].how_long")]
    # two printings of Ember Knight (red_ember_knight, zz_ok): 5 copies, ARC-R2
    deck = text[("over_limit.toml", "over_limit", "(deck)")]
    assert "5" in deck and "Ember Knight" in deck and "ARC-R2" in deck
    assert report.files == 3 and report.decks == 1
    assert report.cards == 1  # zz_ok of many.toml, with its ability: the only sound one


def test_the_command_prints_every_problem_and_exits_1(
        arc_words: Vocabulary[object], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(FILES / "broken" / "arc")]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 12 + 1  # every problem, then the count
    assert any("many.toml: card 'zz_bad_ability': field 'ability[1].what[0]': unknown "
               "effect 'zz_explode'" in line for line in lines)
    assert lines[-1] == "Problems: 12. Files checked: 3; sound cards: 1; decks: 1."


def test_a_sound_user_folder_passes(capsys: pytest.CaptureFixture[str]) -> None:
    """cards/arc/ and decks/arc/ of a user folder: the game read from the folders;
    a printing (same name) and a same_as reprint; a deck using both."""
    report = validate([FILES / "good"])
    assert report.problems == []
    assert (report.files, report.cards, report.decks) == (2, 2, 1)
    assert main(["validate", str(FILES / "good")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "No problem. Files checked: 2; cards: 2; decks: 1.")


@pytest.mark.parametrize("game", game_ids())
def test_every_shipped_card_set_and_deck_is_sound(game: str) -> None:
    """The game's own cards and ready-made decks (checking its own folder, its cards
    are not "taken ids")."""
    cards, decks = resource_path("assets", "cards", game), resource_path("assets", "decks", game)
    report = validate([cards, decks])
    assert [str(p) for p in report.problems] == []
    assert report.cards == len(load_rules(game, card_root=cards).cards)
    assert report.decks == len(list(decks.glob("*.toml")))


def test_the_game_is_told_by_the_folder_or_by_game(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    loose = tmp_path / "misc"
    loose.mkdir()
    card = (FILES / "good" / "cards" / "arc" / "club_promos.toml").read_text(encoding="utf-8")
    (loose / "promos.toml").write_text(card, encoding="utf-8")
    assert main(["validate", str(loose / "promos.toml")]) == 2
    assert "--game" in capsys.readouterr().err
    assert main(["validate", str(loose), "--game", "arc"]) == 0
    assert main(["validate", str(loose), "--game", "chess"]) == 2
    assert main(["validate", str(tmp_path / "nowhere")]) == 2


def test_a_card_file_of_another_game_is_checked_by_that_game(tmp_path: Path) -> None:
    folder = tmp_path / "cards" / "xenocard"
    folder.mkdir(parents=True)
    (folder / "x.toml").write_text(
        (FILES / "good" / "cards" / "arc" / "club_promos.toml").read_text(encoding="utf-8"),
        encoding="utf-8")
    report = validate([folder])
    assert {p.field for p in report.problems} == {"type"}  # an Arc card is no Xenocard card
    assert all(Path(p.file).name == "x.toml" for p in report.problems)


# ------------------------------------------------------------ vocabulary in every loader


ABILITY_CARDS = '''
[[card]]
id = "zz_scholar"
type = "character"
name = { en = "Zz Scholar", ja = "学者" }
colour = "blue"
cost = 2
power = 1

[[card.ability]]
when = "zz_enters"
what = [{ effect = "zz_draw", n = 2 }]

[[card]]
id = "zz_broken_scholar"
type = "character"
name = { en = "Zz Broken Scholar", ja = "壊れた学者" }
colour = "blue"
cost = 2
power = 1

[[card.ability]]
when = "zz_enters"
what = [{ effect = "zz_draw", n = 0 }]
'''


def test_user_cards_load_with_the_games_ability_words(arc_words: Vocabulary[object]) -> None:
    """A user's card with abilities loads (parsed by GameRules.vocabulary); a broken
    ability leaves its file out, named by file, card and field in the menu's
    problems list (rules.user_problems)."""
    user = Path(os.environ["TABLETOP_USER_DIR"]) / "cards" / "arc"
    user.mkdir(parents=True)
    good, broken = ABILITY_CARDS.split("[[card]]")[1:]
    (user / "good.toml").write_text("[[card]]" + good, encoding="utf-8")
    (user / "broken.toml").write_text("[[card]]" + broken, encoding="utf-8")
    rules = load_rules("arc")
    scholar = rules.cards["zz_scholar"]
    assert scholar.abilities[0].what[0]["n"] == 2
    assert "zz_broken_scholar" not in rules.cards
    (problem,) = rules.user_problems
    assert "broken.toml" in problem and "'zz_broken_scholar'" in problem
    assert "'ability[0].what[0].n'" in problem and "at least 1" in problem

