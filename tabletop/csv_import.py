"""``tabletop csv-import``: a spreadsheet's set list (CSV) into a card file of the user's.

Usage::

    tabletop csv-import FILE --game G --map "name=Name,name.ja=Japanese,cost=Cost,..."
                         [--set type=character ...] [--name club_set] [--dry-run] [--replace]

The cards are written to ``userdirs.folder(Kind.CARDS, G)/<name>.toml`` (``name``: the
CSV file's stem unless given), where the deck builder finds them; every row that
cannot be a card is told with its row and column and left out (see
:mod:`tabletop.core.csv_cards` for the mapping and the values). ``--dry-run`` prints
the card file instead of writing it. A card file there already that holds something
else than this import gives (an earlier import edited by hand, another set list's
cards) is replaced only with ``--replace`` (QA16b #9); without it nothing is written
and the exit code is 2.

Exit codes: 0 every row became a card; 1 some rows were left out (the others are
written) or none was left; 2 the file, the mapping or the game cannot be used.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
from typing import Any

__all__ = ["add_parser", "run"]

EXIT_OK, EXIT_FAILED, EXIT_BROKEN = 0, 1, 2


def add_parser(sub: Any) -> None:
    """Add the ``csv-import`` command to the ``tabletop`` command's subparsers."""
    parser = sub.add_parser("csv-import", help="turn a spreadsheet (CSV) set list into a card "
                                               "file in the user folder")
    parser.add_argument("file", metavar="FILE", help="the CSV file (first row: column names)")
    parser.add_argument("--game", required=True, help="game id, e.g. arc")
    parser.add_argument("--map", required=True, dest="mapping", metavar="FIELD=COLUMN,...",
                        help="which column each card field is read from")
    parser.add_argument("--set", action="append", default=[], dest="constants",
                        metavar="FIELD=VALUE", help="a value for every row (repeatable)")
    parser.add_argument("--name", default="", help="the card file's name (default: FILE's)")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the card file instead of writing it")
    parser.add_argument("--replace", action="store_true",
                        help="replace the card file even when it holds something else "
                             "(e.g. edited by hand)")


def _print(text: str, err: bool = False) -> None:
    print(text, file=sys.stderr if err else sys.stdout, flush=True)


def run(args: argparse.Namespace) -> int:
    """Run ``csv-import`` with parsed ``args``; returns the exit code. Never raises for
    bad input."""
    from pathlib import Path

    from tabletop import i18n
    from tabletop.core.cards import CardDataError
    from tabletop.core.csv_cards import CsvError, cards_toml, import_rows, parse_mapping, read_csv
    from tabletop.core.deck_files import shared_mode
    from tabletop.core.deck_pool import load_pool
    from tabletop.core.persistence import SaveError, write_text_atomic
    from tabletop.core.rules import load_rules
    from tabletop.userdirs import Kind, folder

    # The other user card files are not this command's business (QA16 #18): one line
    # tells how many were left out instead of each file's warning.
    user_log = logging.getLogger("tabletop.core.user_cards")
    level = user_log.level
    user_log.setLevel(logging.ERROR)
    try:
        rules = load_rules(args.game)
    except KeyError as exc:
        _print(f"tabletop: {exc.args[0]}", err=True)
        return EXIT_BROKEN
    except CardDataError as exc:
        _print(f"tabletop: {exc}", err=True)
        return EXIT_BROKEN
    finally:
        user_log.setLevel(level)
    others = [p for p in rules.user_problems if not p.startswith(f"cards/{args.game}/"
                                                                  f"{Path(args.file).stem}.")]
    if others:
        _print(f"({len(others)} other user card file(s) of {args.game} are left out: "
               "tabletop validate lists them)", err=True)
    source = Path(args.file)
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", args.name or source.stem).strip("_") or "cards"
    target = folder(Kind.CARDS, args.game) / f"{stem}.toml"
    try:
        table = read_csv(source)
        mapping = parse_mapping(args.mapping)
        constants: dict[str, str] = {}
        for item in args.constants:
            key, sep, value = str(item).partition("=")
            if not sep or not key.strip():
                raise CsvError(f"--set {item!r}: expected field=value")
            constants[key.strip()] = value.strip()
        pool = load_pool(rules)
        # the cards of the file being replaced may be taken again
        base = {cid: c for cid, c in pool.cards.items() if c.source != str(target)}
        result = import_rows(table, mapping, args.game, constants, base, str(target))
    except CsvError as exc:
        _print(f"tabletop: {exc}", err=True)
        return EXIT_BROKEN
    if result.problems:  # the heading first, then the rows it introduces (QA16b #15)
        _print(i18n.t("decks.csv.problems", n=len(result.problems)), err=True)
    for problem in result.problems:
        _print(f"{source.name}: {problem}", err=True)
    if not table.rows:  # a header alone: nothing in the file can become a card
        _print(f"tabletop: {source}: no card rows under the header row", err=True)
        return EXIT_BROKEN
    if not result.entries:
        _print(i18n.t("decks.csv.nothing"), err=True)
        return EXIT_FAILED
    text = cards_toml(result.entries, f"Imported from {source.name} by tabletop csv-import.\n"
                                      f"Fields: see tabletop/games/{args.game}/schema.py.")
    if args.dry_run:
        _print(text)
    elif not getattr(args, "replace", False) and _other_contents(target, text):
        _print(f"tabletop: {target} is there already and holds something else (an earlier "
               "import edited by hand?); nothing was written. Add --replace to replace it, "
               "or --name to write another file.", err=True)
        return EXIT_BROKEN
    else:
        try:
            shared_mode(write_text_atomic(text, target))
        except SaveError as exc:
            _print(f"tabletop: {target}: {exc.problem}", err=True)
            return EXIT_BROKEN
        _print(i18n.t("decks.csv.done", n=len(result.entries), file=str(target)))
    return EXIT_FAILED if result.problems else EXIT_OK


def _other_contents(target: Any, text: str) -> bool:
    """True when the file ``target`` exists and holds something else than ``text``."""
    try:
        return bool(target.read_text(encoding="utf-8") != text)
    except FileNotFoundError:
        return False
    except (OSError, UnicodeDecodeError):
        return bool(target.exists())
