"""Tests of the message catalogues (tabletop.i18n) and resource lookup (tabletop.resources)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop import i18n
from tabletop.i18n import Message, all_strings, msg, placeholders, t
from tabletop.resources import DATA_ENV_VAR, data_root, font_path, resource_path


@pytest.fixture(autouse=True)
def _clean_language() -> Iterator[None]:
    """Each test starts in English with fresh caches and leaves it so."""
    i18n.reload()
    i18n.set_language("en")
    yield
    i18n.reload()
    i18n.set_language("en")


@pytest.fixture
def tiny_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data root with small hand-written catalogues, selected via $TABLETOP_DATA."""
    cat = tmp_path / "assets" / "i18n"
    cat.mkdir(parents=True)
    (cat / "en.toml").write_text(
        'only_en = "English only"\n'
        'both = "Both {x}"\n'
        'broken = "Bad {"\n'
        '[list]\nsep = ", "\n',
        encoding="utf-8",
    )
    (cat / "ja.toml").write_text('both = "両方 {x}"\n[list]\nsep = "、"\n', encoding="utf-8")
    monkeypatch.setenv(DATA_ENV_VAR, str(tmp_path))
    i18n.reload()
    return tmp_path


# ------------------------------------------------------------------ shipped catalogues


def test_languages_are_en_and_ja_english_first() -> None:
    assert i18n.languages()[:1] == ["en"]
    assert "ja" in i18n.languages()


def test_same_keys_in_every_language() -> None:
    en = all_strings("en")
    for lang in i18n.languages():
        other = all_strings(lang)
        assert sorted(set(en) - set(other)) == [], f"keys missing in {lang}.toml"
        assert sorted(set(other) - set(en)) == [], f"keys in {lang}.toml but not in en.toml"


def test_placeholders_identical_across_languages() -> None:
    en = all_strings("en")
    for lang in i18n.languages():
        other = all_strings(lang)
        bad = {key: (placeholders(en[key]), placeholders(other[key]))
               for key in en.keys() & other.keys()
               if placeholders(en[key]) != placeholders(other[key])}
        assert bad == {}, f"placeholder mismatch between en.toml and {lang}.toml"


def test_every_template_formats_and_is_not_empty() -> None:
    for lang in i18n.languages():
        for key, text in all_strings(lang).items():
            assert text.strip(), f"{lang}.toml: {key} is empty"
            dummy = {name: "X" for name in placeholders(text)}
            text.format_map(dummy)  # raises on a malformed template


def test_base_vocabulary_present() -> None:
    en = all_strings("en")
    for key in ["app.title", "menu.start", "seat.0", "zone.discard", "arc.phase.untap",
                "button.end_turn", "hotseat.pass_to", "preview.cost", "colour.red",
                "refuse.cannot_pay", "log.plays", "save.corrupt", "deck.too_many_copies"]:
        assert key in en


def test_glossary_terms_in_japanese() -> None:
    ja = all_strings("ja")
    assert ja["zone.hand"] == "手札"
    assert ja["zone.discard"] == "捨て札置き場"
    assert ja["seat.0"] == "プレイヤー1"
    assert ja["menu.free_mode"] == "フリーモード"
    assert ja["button.mulligan"] == "マリガン"


# ------------------------------------------------------------------ t() and Message


def test_t_with_params_in_both_languages() -> None:
    assert t("hotseat.pass_to", player="Ann") == "Pass the computer to Ann"
    i18n.set_language("ja")
    assert i18n.get_language() == "ja"
    assert t("hotseat.pass_to", player="Ann") == "Annに交代してください"


def test_set_language_normalises_and_rejects_unknown() -> None:
    i18n.set_language("ja_JP")
    assert i18n.get_language() == "ja"
    i18n.set_language("EN-gb")
    assert i18n.get_language() == "en"
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("xx")


def test_nested_message_rendering() -> None:
    line = msg("log.blocks", card=msg("colour.red"), attacker=msg("seat.1"))
    assert line.render("en") == "Red blocks Player 2."
    assert line.render("ja") == "赤がプレイヤー2をブロックしました。"
    deeper = msg("log.manual", text=msg("hotseat.pass_to", player=msg("seat.0")))
    assert deeper.render("ja") == "手動操作：プレイヤー1に交代してください"


def test_message_lists_join_with_language_separator() -> None:
    line = msg("log.attacks_with", player=msg("seat.0"),
               cards=[msg("colour.red"), msg("colour.green")])
    assert line.render("en") == "Player 1 attacks with Red, Green."
    assert line.render("ja") == "プレイヤー1が赤、緑でアタックしました。"


def test_message_follows_current_language_and_str() -> None:
    m = msg("seat.0")
    assert str(m) == "Player 1"
    i18n.set_language("ja")
    assert str(m) == "プレイヤー1"
    assert m.render("en") == "Player 1"


def test_message_is_hashable_sorted_and_json_round_trips() -> None:
    a = msg("log.plays", player=msg("seat.0"), card="Xena")
    b = Message("log.plays", (("card", "Xena"), ("player", msg("seat.0"))))
    assert a == b and hash(a) == hash(b)
    assert [name for name, _ in a.params] == ["card", "player"]
    c = msg("log.attacks_with", player="p", cards=["a", msg("seat.1")])
    assert hash(c) == hash(msg("log.attacks_with", player="p", cards=("a", msg("seat.1"))))
    for m in (a, c):
        assert Message.from_dict(json.loads(json.dumps(m.to_dict()))) == m
    with pytest.raises(AttributeError):
        a.key = "other"  # type: ignore[misc]


def test_param_named_key_is_allowed() -> None:
    assert msg("x", key=1).params == (("key", 1),)
    assert t("missing.thing", key=1) == "missing.thing"


def test_singular_variant_used_when_n_is_one() -> None:
    assert t("log.discard_top", player="A", n=3) == "A discards 3 cards from the top of the deck."
    assert t("log.discard_top", player="A", n=1) == "A discards the top card of the deck."


# ------------------------------------------------------------------ fallbacks


def test_missing_key_returns_key() -> None:
    assert t("no.such.key") == "no.such.key"
    assert msg("no.such.key", a=1).render("ja") == "no.such.key"


def test_missing_param_stays_visible() -> None:
    assert t("log.plays", player="A") == "A plays {card}."


def test_japanese_missing_falls_back_to_english(tiny_data: Path) -> None:
    i18n.set_language("ja")
    assert t("only_en") == "English only"
    assert t("both", x=1) == "両方 1"
    assert t("absent") == "absent"


def test_malformed_template_never_raises(tiny_data: Path) -> None:
    assert t("broken") == "Bad {"


def test_broken_catalogue_file_is_reported_strictly_but_t_survives(tiny_data: Path) -> None:
    (tiny_data / "assets" / "i18n" / "ja.toml").write_text("not = [valid", encoding="utf-8")
    i18n.reload()
    with pytest.raises(i18n.CatalogueError, match=r"ja\.toml"):
        all_strings("ja")
    i18n.set_language("ja")
    assert t("both", x=2) == "Both 2"


def test_non_string_value_is_rejected(tiny_data: Path) -> None:
    (tiny_data / "assets" / "i18n" / "ja.toml").write_text("n = 3", encoding="utf-8")
    with pytest.raises(i18n.CatalogueError, match="'n' must be a string"):
        all_strings("ja")


def test_placeholders_helper() -> None:
    assert placeholders("{a} and {b:d} {a}") == {"a", "b"}
    assert placeholders("no fields {{here}}") == set()


# ------------------------------------------------------------------ resources


def test_resource_path_from_checkout() -> None:
    repo = Path(__file__).resolve().parent.parent
    assert data_root() == repo
    assert resource_path("assets", "i18n", "en.toml") == repo / "assets" / "i18n" / "en.toml"
    assert resource_path("assets/i18n") == repo / "assets" / "i18n"
    assert font_path().is_file() and font_path(bold=True).is_file()


def test_resource_path_missing_names_the_path() -> None:
    with pytest.raises(FileNotFoundError, match="nothing-here.toml"):
        resource_path("layouts", "nothing-here.toml")


def test_resource_path_rejects_escaping_parts() -> None:
    with pytest.raises(ValueError):
        resource_path("..", "etc")
    with pytest.raises(ValueError):
        resource_path("/etc/passwd")


def test_env_var_overrides_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "arc.toml").write_text("", encoding="utf-8")
    monkeypatch.setenv(DATA_ENV_VAR, str(tmp_path))
    assert data_root() == tmp_path.resolve()
    assert resource_path("layouts", "arc.toml") == tmp_path.resolve() / "layouts" / "arc.toml"


def test_pyinstaller_bundle_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "assets").mkdir()
    monkeypatch.delenv(DATA_ENV_VAR, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert data_root() == tmp_path.resolve()
    assert resource_path("assets") == tmp_path.resolve() / "assets"
