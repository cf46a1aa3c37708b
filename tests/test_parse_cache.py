"""Parsed TOML kept by content (issue 14, start-up): the same data as parsing, fresh each
time, never for other content, and a broken cache never breaks anything."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.core import parse_cache
from tabletop.core.files import FileProblem, load_toml, parse_toml

TEXT = '[menu]\nstart = "Start"\nsizes = [1, 2.5, true]\n[menu.deep]\nname = "x"\n'


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private cache folder, nothing kept in memory from other tests."""
    monkeypatch.setenv(parse_cache.CACHE_DIR_ENV_VAR, str(tmp_path / "cache"))
    parse_cache.clear_memory()
    yield tmp_path / "cache" / "toml"
    parse_cache.clear_memory()


def entries(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if not p.name.startswith(".")]


def test_a_text_parsed_again_gives_the_same_data_from_the_cache(cache: Path) -> None:
    first = parse_toml(TEXT, "menu.toml")
    assert len(entries(cache)) == 1
    parse_cache.clear_memory()  # as a new run of the program: from the disk
    again = parse_toml(TEXT, "menu.toml")
    assert again == first == {"menu": {"start": "Start", "sizes": [1, 2.5, True],
                                       "deep": {"name": "x"}}}


def test_every_get_hands_out_fresh_objects(cache: Path) -> None:
    first = parse_toml(TEXT, "menu.toml")
    first["menu"]["start"] = "changed by a caller"
    first["menu"]["sizes"].append(99)
    assert parse_toml(TEXT, "menu.toml")["menu"] == {"start": "Start", "sizes": [1, 2.5, True],
                                                     "deep": {"name": "x"}}


def test_an_edited_file_is_parsed_again(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text('name = "old"\n', encoding="utf-8")
    assert load_toml(path) == {"name": "old"}
    path.write_text('name = "new"\n', encoding="utf-8")  # same size, maybe same mtime
    assert load_toml(path) == {"name": "new"}


def test_the_nesting_limit_is_part_of_what_is_kept(cache: Path) -> None:
    deep = "a = [[[1]]]\n"
    assert parse_toml(deep, "deep.toml") == {"a": [[[1]]]}
    with pytest.raises(FileProblem, match="nested more than 2 levels"):
        parse_toml(deep, "deep.toml", limit=2)


def test_broken_toml_is_never_kept_and_still_refused(cache: Path) -> None:
    for _ in range(2):
        with pytest.raises(FileProblem, match="not valid TOML"):
            parse_toml("start = \n", "broken.toml")
    assert not cache.exists() or entries(cache) == []


@pytest.mark.parametrize("damage", ["truncate", "flip", "format", "empty"])
def test_a_damaged_cache_entry_is_ignored_and_the_text_parsed(cache: Path, damage: str) -> None:
    expected = parse_toml(TEXT, "menu.toml")
    (entry,) = entries(cache)
    raw = entry.read_bytes()
    if damage == "truncate":
        entry.write_bytes(raw[: len(raw) // 2])
    elif damage == "flip":
        entry.write_bytes(raw[:-3] + bytes([raw[-3] ^ 0x55]) + raw[-2:])
    elif damage == "format":
        entry.write_bytes(b"tabletop-toml-0\n" + raw[16:])
    else:
        entry.write_bytes(b"")
    parse_cache.clear_memory()
    assert parse_toml(TEXT, "menu.toml") == expected


def test_a_cache_folder_that_cannot_be_written_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv(parse_cache.CACHE_DIR_ENV_VAR, str(blocker))
    parse_cache.clear_memory()
    assert parse_toml(TEXT, "menu.toml")["menu"]["start"] == "Start"
    parse_cache.clear_memory()
    assert parse_toml(TEXT, "menu.toml")["menu"]["start"] == "Start"


def test_dates_are_not_kept_but_still_parsed(cache: Path) -> None:
    data = parse_toml("when = 2024-05-01T10:00:00\n", "dated.toml")
    assert data["when"].year == 2024
    assert not cache.exists() or entries(cache) == []


def test_too_many_entries_are_pruned_to_half(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 4)
    monkeypatch.setattr(parse_cache, "_pruned", False)
    cache.mkdir(parents=True)
    for i in range(10):
        (cache / f"old{i}").write_bytes(b"stale")
    parse_toml(TEXT, "menu.toml")
    assert len(entries(cache)) == 6  # ten old ones, the oldest five gone, one new


def test_the_shipped_catalogues_read_the_same_from_the_cache(cache: Path) -> None:
    from tabletop import i18n

    parsed = {lang: i18n.all_strings(lang) for lang in i18n.languages()}
    parse_cache.clear_memory()
    assert {lang: i18n.all_strings(lang) for lang in i18n.languages()} == parsed


def test_without_a_digest_nothing_is_kept_and_the_text_still_parses(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_blake2(text: str, limit: int) -> str:
        raise ValueError("unsupported hash type blake2b")

    monkeypatch.setattr(parse_cache, "_key", no_blake2)
    assert parse_toml(TEXT, "menu.toml")["menu"]["start"] == "Start"
    assert not cache.exists() or entries(cache) == []
