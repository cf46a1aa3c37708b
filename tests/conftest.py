"""Test-wide settings: headless SDL, a private save folder, a hypothesis profile."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

settings.register_profile("default", deadline=None, max_examples=25)
settings.register_profile("soak", deadline=None, max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def _private_save_dir(tmp_path_factory: pytest.TempPathFactory,
                      monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Autosaves of a test go to a fresh folder, never to the user's real one."""
    monkeypatch.setenv("TABLETOP_SAVE_DIR", str(tmp_path_factory.mktemp("saves")))
    # the folder offered when saving fails: never the user's home either
    monkeypatch.setenv("TABLETOP_FALLBACK_SAVE_DIR", str(tmp_path_factory.mktemp("fallback")))
    yield


@pytest.fixture(autouse=True)
def _private_user_dir(tmp_path_factory: pytest.TempPathFactory,
                      monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Settings, user cards, decks, images and lessons of a test live in a fresh
    folder (tabletop.userdirs), never in the user's real one."""
    monkeypatch.setenv("TABLETOP_USER_DIR", str(tmp_path_factory.mktemp("user")))
    yield


@pytest.fixture(autouse=True, scope="session")
def _private_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Parsed TOML (tabletop.core.parse_cache) is kept in a folder of the test run,
    never in the user's real cache folder."""
    before = os.environ.get("TABLETOP_CACHE_DIR")
    os.environ["TABLETOP_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if before is None:
        os.environ.pop("TABLETOP_CACHE_DIR", None)
    else:
        os.environ["TABLETOP_CACHE_DIR"] = before


@pytest.fixture(autouse=True)
def _no_leftover_notices() -> Iterator[None]:
    """A file problem one test provokes is told in that test's window, not in a later
    test's menu (the notices wait for the next menu, see tabletop/notices.py)."""
    from tabletop import notices

    notices.take()
    notices.forget()
    yield
    notices.take()
