"""Subset Noto Sans JP (Regular, Bold) into ``assets/fonts/`` for the UI.

Run from anywhere, again whenever catalogue strings or cards change:

    .venv/bin/python tools/subset_font.py [--source-dir DIR] [--out-dir DIR]

The subset covers: ASCII + Latin-1, General Punctuation (U+2000-206F), a few
arrows and symbols, the non-kanji rows 1-8 of JIS X 0208 (symbols, Greek,
Cyrillic, box drawing), CJK symbols and punctuation (U+3000-303F), hiragana,
katakana, half/full-width forms (U+FF00-FFEF), the 2,965 JIS X 0208 level 1
kanji, and every character in ``assets/i18n/*.toml`` and in every string value
of ``assets/cards/**/*.toml``. OpenType layout features are all kept.

The source fonts come from pygame_gui's package data (SIL OFL 1.1).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from fontTools import subset
from fontTools.ttLib import TTFont

REPO = Path(__file__).resolve().parent.parent
WEIGHTS = ("Regular", "Bold")
SOURCE_NAME = "NotoSansJP-{weight}.otf"
OUTPUT_NAME = "NotoSansJP-Subset-{weight}.otf"

#: Symbols the UI may use beyond the ranges below (most are also in JIS rows 1-8).
EXTRA_SYMBOLS = "→←↑↓↔⇒×÷±≥≤≠∞★☆●○◎◆◇■□▲△▼▽▶◀▷◁♠♣♥♦♤♧♡♢✓♪…‥・「」『』【】〈〉《》"

#: (first, last) code point ranges, inclusive.
RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 supplement
    (0x2000, 0x206F),  # General Punctuation
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # Hiragana
    (0x30A0, 0x30FF),  # Katakana
    (0xFF00, 0xFFEF),  # Half-width and full-width forms
)


def find_source_dir() -> Path:
    """Return pygame_gui's data folder, which ships the full Noto Sans JP fonts."""
    spec = importlib.util.find_spec("pygame_gui")  # located, not imported
    if spec is None or spec.origin is None:
        raise SystemExit("pygame_gui is not installed; pass --source-dir")
    return Path(spec.origin).resolve().parent / "data"


def jis_chars(first_row_byte: int, last_row_byte: int) -> str:
    """Return every character of the EUC-JP rows ``first..last`` (lead bytes 0xA1-0xFE).

    Lead bytes 0xB0-0xCF are JIS X 0208 rows 16-47, the level 1 kanji (2,965);
    0xA1-0xA8 are rows 1-8 (symbols, kana, Greek, Cyrillic, box drawing).
    """
    out: list[str] = []
    for hi in range(first_row_byte, last_row_byte + 1):
        for lo in range(0xA1, 0xFF):
            try:
                out.append(bytes([hi, lo]).decode("euc_jp"))
            except UnicodeDecodeError:
                continue
    return "".join(out)


def level1_kanji() -> str:
    """Return the JIS X 0208 level 1 kanji (rows 16-47)."""
    return jis_chars(0xB0, 0xCF)


def toml_strings(data: Any) -> Iterator[str]:
    """Yield every string value (and table key) found anywhere in parsed TOML."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from toml_strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from toml_strings(value)


def data_files(root: Path) -> list[Path]:
    """Return the catalogue and card TOML files below ``root`` whose text must render."""
    return sorted((root / "assets" / "i18n").glob("*.toml")) + sorted(
        (root / "assets" / "cards").glob("**/*.toml")) + sorted(
        (root / "assets" / "lessons").glob("**/*.toml")) + sorted(  # lesson narration
        (root / "assets" / "help").glob("*.toml"))  # the rules help pages (docs/help.md)


def data_chars(files: Iterable[Path]) -> set[str]:
    """Return every printable character of every string in ``files``."""
    chars: set[str] = set()
    for path in files:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        for text in toml_strings(data):
            chars.update(c for c in text if c.isprintable() and not c.isspace())
    return chars


def wanted_codepoints(root: Path) -> set[int]:
    """Return the code points the subset must contain (before checking the source)."""
    cps: set[int] = set()
    for first, last in RANGES:
        cps.update(range(first, last + 1))
    text = EXTRA_SYMBOLS + jis_chars(0xA1, 0xA8) + level1_kanji()
    cps.update(ord(c) for c in text)
    cps.update(ord(c) for c in data_chars(data_files(root)))
    return cps


def subset_one(source: Path, target: Path, unicodes: set[int]) -> None:
    """Write the subset of ``source`` holding ``unicodes`` to ``target``."""
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    options.hinting = True
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(unicodes))
    subsetter.subset(font)
    target.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(target), options)
    font.close()


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source-dir", type=Path, default=None,
                        help="folder holding NotoSansJP-Regular.otf / -Bold.otf "
                             "(default: pygame_gui's data folder)")
    parser.add_argument("--out-dir", type=Path, default=None,
                        help="where to write the subsets (default: <data-root>/assets/fonts)")
    parser.add_argument("--data-root", type=Path, default=REPO,
                        help="folder holding assets/i18n and assets/cards (default: the repo)")
    args = parser.parse_args(argv)
    root: Path = args.data_root.resolve()
    out_dir: Path = args.out_dir or root / "assets" / "fonts"
    source_dir: Path = args.source_dir or find_source_dir()

    kanji = level1_kanji()
    print(f"JIS X 0208 level 1 kanji: {len(kanji)}")
    if len(kanji) != 2965:
        print("error: expected 2965 level 1 kanji", file=sys.stderr)
        return 1
    wanted = wanted_codepoints(root)
    extra = data_chars(data_files(root))
    print(f"characters from catalogues and cards: {len(extra)}")

    status = 0
    for weight in WEIGHTS:
        source = source_dir / SOURCE_NAME.format(weight=weight)
        target = out_dir / OUTPUT_NAME.format(weight=weight)
        with TTFont(source, lazy=True) as src:
            cmap = set(src.getBestCmap())
        absent_data = sorted(c for c in extra if ord(c) not in cmap)
        if absent_data:
            print(f"error: {source.name} lacks characters used in data: "
                  f"{' '.join(absent_data)}", file=sys.stderr)
            status = 1
        unicodes = wanted & cmap
        subset_one(source, target, unicodes)
        print(f"{target.relative_to(root) if target.is_relative_to(root) else target}: "
              f"{len(unicodes)} characters ({len(wanted - cmap)} wanted but not in the "
              f"source font), {target.stat().st_size / 1e6:.2f} MB")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
