"""tabletop.core.files: every file is read safely (regular files only, size and depth
caps, BOM accepted, huge numbers refused), and each problem names the file."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tabletop.core.files import (
    MAX_DEPTH,
    FileProblem,
    check_depth,
    load_json,
    load_toml,
    read_bytes,
    read_text,
)

DEEP = 100_000


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def problem(call, *args) -> FileProblem:
    with pytest.raises(FileProblem) as info:
        call(*args)
    return info.value


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_at_once_instead_of_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "cards.toml"
    os.mkfifo(fifo)
    started = time.perf_counter()
    error = problem(load_toml, fifo)
    assert time.perf_counter() - started < 1.0
    assert error.path == str(fifo) and "pipe" in error.problem


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_symlink_to_dev_zero_is_refused_as_a_device(tmp_path: Path) -> None:
    link = tmp_path / "save.json"
    link.symlink_to("/dev/zero")
    assert "device" in problem(read_bytes, link).problem


def test_a_folder_and_a_missing_file_are_named(tmp_path: Path) -> None:
    (tmp_path / "deck.toml").mkdir()
    assert "folder" in problem(read_text, tmp_path / "deck.toml").problem
    assert problem(read_text, tmp_path / "nope.toml").problem == "no such file"


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "autosave.json"
    with big.open("wb") as fh:
        fh.truncate(58 * 1024 * 1024)  # sparse: 58 MB without writing them
    started = time.perf_counter()
    error = problem(load_json, big)
    assert time.perf_counter() - started < 0.5
    assert "too large" in error.problem and "58.0 MB" in error.problem


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    assert load_toml(write(tmp_path, "a.toml", "\ufeffname = 'x'\n")) == {"name": "x"}
    assert load_json(write(tmp_path, "a.json", "\ufeff{\"a\": 1}")) == {"a": 1}


def test_text_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    error = problem(read_text, write(tmp_path, "a.toml", b"a = 1\nb = '\xff'\n"))
    assert "not UTF-8" in error.problem and "line 2" in error.problem and error.content


@pytest.mark.parametrize("text", [
    "a = " + "[" * DEEP + "]" * DEEP,
    "a = " + "{b = " * DEEP + "1" + "}" * DEEP,
    "a" + ".a" * DEEP + " = 1",
    "[" + "a." * DEEP + "a]\nx = 1",
], ids=["arrays", "inline_tables", "dotted_key", "table_header"])
def test_toml_nested_100000_deep_is_refused_quickly(tmp_path: Path, text: str) -> None:
    started = time.perf_counter()
    error = problem(load_toml, write(tmp_path, "deep.toml", text))
    assert time.perf_counter() - started < 2.0
    assert f"nested more than {MAX_DEPTH} levels" in error.problem and "line 1" in error.problem


def test_json_nested_100000_deep_is_refused(tmp_path: Path) -> None:
    error = problem(load_json, write(tmp_path, "deep.json", "[" * DEEP + "]" * DEEP))
    assert f"nested more than {MAX_DEPTH} levels" in error.problem


def test_nesting_just_past_the_cap_names_the_field(tmp_path: Path) -> None:
    text = '{"a": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}"
    error = problem(load_json, write(tmp_path, "d.json", text))
    assert error.field.startswith("a[0][0]")
    check_depth({"a": [[1]]}, "x.json")  # shallow data passes


def test_strings_and_comments_do_not_count_as_nesting(tmp_path: Path) -> None:
    text = ('# [[[[[[[[ {{{{{{{\nname = "a.b.c.[[[[[{{{{ "\nlit = \'[[[[\'\n'
            'ml = """\n[[[[[[ \\""" {{{{\n"""\n') + "x = " + "[" * 50 + "]" * 50 + "\n"
    data = load_toml(write(tmp_path, "ok.toml", text))
    assert data["name"] == "a.b.c.[[[[[{{{{ " and data["lit"] == "[[[["


@pytest.mark.parametrize(("name", "text"), [
    ("big.toml", "a = 1\nb = 1" + "0" * 5000 + "\n"),
    ("big.json", '{"a": 1,\n"b": 1' + "0" * 5000 + "}"),
])
def test_a_5001_digit_number_is_refused_with_its_line(tmp_path: Path, name: str,
                                                      text: str) -> None:
    error = problem(load_toml if name.endswith("toml") else load_json,
                    write(tmp_path, name, text))
    assert "more than 4300 digits" in error.problem and "line 2" in error.problem


def test_the_message_names_file_and_field(tmp_path: Path) -> None:
    error = FileProblem(tmp_path / "d.toml", "cards.x", "bad")
    assert str(error) == f"{tmp_path / 'd.toml'}: field 'cards.x': bad"
    assert str(FileProblem("d.toml", "", "bad")) == "d.toml: bad"


def test_json_syntax_errors_say_line_and_column_once(tmp_path: Path) -> None:
    error = problem(load_json, write(tmp_path, "s.json", '{"a": "abc'))
    assert "line 1, column 7" in error.problem and "at at" not in error.problem
