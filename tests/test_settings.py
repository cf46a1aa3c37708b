"""Settings that stay (issue 16): the file, its fallbacks and the command line.

A corrupt file gives every default and a message naming the file; a file with one bad
field gives that field's default alone, the others kept, and a message naming the file
and the field; reading never raises. Writing is atomic.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletop import userdirs
from tabletop.core.persistence import SaveError
from tabletop.core.seat_player import Level
from tabletop.settings import (
    AnimationSpeed,
    Language,
    Settings,
    SettingsError,
    Sleeve,
    load_settings,
    reset_settings,
    save_settings,
    settings_data,
)

#: A settings value of every field other than the default one.
CHANGED = Settings(language=Language.JA, window_size=(1600, 900), fullscreen=True,
                   ui_scale=1.5, animation_speed=AnimationSpeed.FAST, free_mode=True,
                   computer=(None, Level.HARD), sleeves=(Sleeve.GREEN, Sleeve.BLACK))

#: Per field, a value in the file that cannot be used.
BAD_VALUES = {
    "language": "klingon",
    "window_size": [10, 10],
    "fullscreen": "yes",
    "ui_scale": 9.0,
    "animation_speed": "warp",
    "free_mode": 1,
    "computer": [None, "grandmaster"],
    "sleeves": ["red", "red"],
}


def test_the_settings_file_lives_in_the_user_folder_of_the_test() -> None:
    """The autouse fixture points TABLETOP_USER_DIR at a temporary folder: a test never
    reads or writes the user's real settings."""
    root = Path(os.environ[userdirs.USER_DIR_ENV_VAR])
    assert userdirs.settings_path() == root / "settings.json"
    save_settings(CHANGED)
    assert (root / "settings.json").is_file()


def test_no_file_gives_the_defaults_without_a_message() -> None:
    settings, problem = load_settings()
    assert settings == Settings() and problem is None


def test_defaults_are_strict_one_to_one_and_two_different_sleeves() -> None:
    s = Settings()
    assert (s.language, s.window_size, s.fullscreen, s.ui_scale) == (Language.EN, (1280, 720),
                                                                      False, 1.0)
    assert s.free_mode is False and s.computer == (None, None)
    assert s.sleeves[0] != s.sleeves[1]


def test_settings_round_trip_through_the_file() -> None:
    path = save_settings(CHANGED)
    assert json.loads(path.read_text(encoding="utf-8"))["computer"] == [None, "hard"]
    assert load_settings() == (CHANGED, None)


def test_a_file_written_by_hand_with_some_fields_keeps_the_defaults_of_the_rest(
        tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "ja-JP", "sleeves": ["white", "purple"], "new_field": 3}',
                    encoding="utf-8")
    settings, problem = load_settings(path)
    assert problem is None
    assert settings == Settings(language=Language.JA, sleeves=(Sleeve.WHITE, Sleeve.PURPLE))


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "\"just text\"", "", "\x00\x01"],
                         ids=["broken", "list", "string", "empty", "binary"])
def test_a_corrupt_file_gives_every_default_and_names_the_file(text: str,
                                                               tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None and problem.key == "settings.broken_file_kept"
    for lang in ("en", "ja"):
        assert str(path) in problem.render(lang)
    # kept aside for the player, so the next start neither warns again nor loses it
    assert (tmp_path / "settings.json.broken").read_bytes() == text.encode("utf-8")
    assert load_settings(path) == (Settings(), None)


def test_a_file_that_cannot_be_read_gives_the_defaults(tmp_path: Path) -> None:
    folder = tmp_path / "settings.json"
    folder.mkdir()  # a folder where the file should be
    settings, problem = load_settings(folder)
    assert settings == Settings() and problem is not None
    assert str(folder) in problem.render("en")


def test_bytes_that_are_not_utf8_give_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"language": "\xff\xfe"}')
    settings, problem = load_settings(path)
    assert settings == Settings() and problem is not None


@pytest.mark.parametrize("field", sorted(BAD_VALUES))
def test_one_bad_field_falls_back_alone_and_is_named(field: str, tmp_path: Path) -> None:
    data = settings_data(CHANGED)
    data[field] = BAD_VALUES[field]
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    settings, problem = load_settings(path)
    for name in BAD_VALUES:
        wanted = getattr(Settings(), name) if name == field else getattr(CHANGED, name)
        assert getattr(settings, name) == wanted, name
    assert problem is not None and problem.key == "settings.bad_fields"
    for lang in ("en", "ja"):
        text = problem.render(lang)
        assert str(path) in text and field in text


def test_every_bad_field_is_named_in_one_message(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(BAD_VALUES), encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem is not None
    text = problem.render("en")
    assert all(field in text for field in BAD_VALUES)


def test_a_failed_write_keeps_the_file_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    path = save_settings(CHANGED)

    def no_room(*_: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", no_room)
        with pytest.raises(SaveError):
            save_settings(Settings())
    assert load_settings() == (CHANGED, None)
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_reset_forgets_the_file() -> None:
    path = save_settings(CHANGED)
    assert reset_settings() == Settings()
    assert not path.exists()
    assert reset_settings() == Settings()  # nothing to forget: no error


def test_values_out_of_range_are_refused_in_code() -> None:
    with pytest.raises(SettingsError):
        Settings(ui_scale=3.0)
    with pytest.raises(SettingsError):
        Settings(window_size=(100, 100))


def test_choosing_the_other_seats_sleeve_swaps_them() -> None:
    """The two players' cards never wear the same sleeve (they would be mixed up)."""
    s = Settings(sleeves=(Sleeve.BLUE, Sleeve.RED)).with_sleeve(0, Sleeve.RED)
    assert s.sleeves == (Sleeve.RED, Sleeve.BLUE)
    assert s.with_sleeve(1, Sleeve.GREEN).sleeves == (Sleeve.RED, Sleeve.GREEN)


def test_computer_seats_are_set_per_seat() -> None:
    s = Settings().with_computer(1, Level.NORMAL)
    assert s.computer == (None, Level.NORMAL)
    assert s.with_computer(1, None).computer == (None, None)


def test_slower_animation_lasts_longer() -> None:
    assert AnimationSpeed.SLOW.factor > AnimationSpeed.NORMAL.factor == 1.0 > \
        AnimationSpeed.FAST.factor > 0


def test_reset_settings_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.cli import main

    path = save_settings(CHANGED)
    assert main(["--reset-settings", "decks", "arc"]) == 0
    assert not path.exists()
    assert str(path) in capsys.readouterr().out
