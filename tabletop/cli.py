"""The ``tabletop`` command: the window, plus headless developer tools.

Usage::

    tabletop [--lang en|ja] [--size WxH] [--smoke]      open the window (or smoke-test it)
    tabletop [--size WxH] --first-frame                  draw the first menu frame, exit
    tabletop --reset-settings [...]                      forget the remembered settings first
    tabletop check FILE...                               run scenario files
    tabletop selfplay GAME --games N --seed S [--max-turns T] [--max-actions M]
    tabletop replay SAVE [--step]                        step through a save (spectator view)
    tabletop decks GAME                                  list ready-made and own decks, legality
    tabletop csv-import FILE --game G --map "name=Name,..."   a CSV set list into a card file
    tabletop validate PATH... [--game G]                 check card and deck files (every problem)

Exit codes: 0 success; 1 a scenario expectation failed (``check``), a
listed deck is illegal or unreadable (``decks``), a card or deck file has a problem
(``validate``) or a self-play game crashed; 2 a
broken input (scenario file, save, unknown game) or bad usage. The window is
imported lazily, so the headless commands never import pygame.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import time
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["build_parser", "main"]

EXIT_OK, EXIT_FAILED, EXIT_BROKEN = 0, 1, 2


# --------------------------------------------------------------------------- texts


@cache
def _catalogue_keys() -> frozenset[str]:
    try:
        from tabletop import i18n

        return frozenset(i18n.all_strings(i18n.get_language()))
    except Exception:  # no i18n module or a broken catalogue: English defaults
        return frozenset()


def _say(key: str, default: str, **params: Any) -> str:
    """The catalogue text of ``key`` (``tabletop.i18n.t``) if it exists, else ``default``."""
    if key in _catalogue_keys():
        from tabletop.i18n import t

        return t(key, **params)
    try:
        return default.format(**params)
    except (KeyError, IndexError, ValueError):
        return default


def _out(text: str) -> None:
    print(text, flush=True)


def _err(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- parser


def _size(text: str) -> str:
    """Check ``WxH`` (e.g. ``1280x800``); the window reads the text itself
    (``tabletop.ui.app.run`` parses ``args.size``)."""
    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT like 1280x800, got {text!r}"
                                         ) from None
    if w < 800 or h < 500:
        raise argparse.ArgumentTypeError(f"window size {w}x{h} is too small (min 800x500)")
    return f"{w}x{h}"


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``tabletop`` command (see the module docstring)."""
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="A card tabletop for two players at one computer. Without a command, "
                    "opens the window.")
    parser.add_argument("--lang", choices=["en", "ja"], default=None,
                        help="language of the window (default: English; the menu can "
                             "switch it while the program runs)")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="window size in pixels, e.g. 1280x800")
    parser.add_argument("--smoke", action="store_true",
                        help="open the window briefly and exit (checks the install)")
    parser.add_argument("--first-frame", action="store_true",
                        help="draw the first menu frame and exit (times the start-up)")
    parser.add_argument("--reset-settings", action="store_true",
                        help="forget the remembered settings (language, window, sleeves...) "
                             "and start with the defaults")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = sub.add_parser("check", help="run scenario files and report each step")
    check.add_argument("files", nargs="+", metavar="FILE", help="scenario .toml files")

    selfplay = sub.add_parser("selfplay", help="play bot-vs-bot games headless")
    selfplay.add_argument("game", help="game id, e.g. arc")
    selfplay.add_argument("--games", type=_positive, default=10, help="number of games")
    selfplay.add_argument("--seed", type=int, default=1, help="seed of the first game")
    selfplay.add_argument("--max-turns", type=_positive, default=150,
                          help="give up a game after this many turns (a 'cap hit')")
    selfplay.add_argument("--max-actions", type=_positive, default=6000,
                          help="give up a game after this many actions (a 'cap hit')")

    rep = sub.add_parser("replay", help="step through a save from a spectator's view")
    rep.add_argument("save", metavar="SAVE", help="a save file (.json)")
    rep.add_argument("--step", action="store_true", help="pause after each action (Enter)")

    decks = sub.add_parser("decks", help="list the ready-made decks and your own, and whether "
                                         "each is legal")
    decks.add_argument("game", help="game id, e.g. arc")
    from tabletop.csv_import import add_parser as add_csv_import  # issue 16

    add_csv_import(sub)
    from tabletop.validate import add_parser as add_validate  # issue 15

    add_validate(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tabletop`` command with ``argv`` (default: ``sys.argv[1:]``); return the
    exit code. Never raises for bad input: messages go to stderr and the code is 2.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
    except SystemExit as exc:  # argparse exits on --help and on usage errors
        return int(exc.code or 0) if isinstance(exc.code, int) else EXIT_BROKEN
    if args.reset_settings and _reset_settings() != EXIT_OK:
        return EXIT_BROKEN
    if args.command is None:
        return _window(args)
    # Headless tools print catalogue keys for missing texts; no warning per key.
    i18n_log = logging.getLogger("tabletop.i18n")
    level = i18n_log.level
    i18n_log.setLevel(logging.ERROR)
    handlers = {"check": _check, "selfplay": _selfplay, "replay": _replay, "decks": _decks,
                "csv-import": _csv_import, "validate": _validate}
    try:
        return handlers[args.command](args)
    except BrokenPipeError:  # e.g. `tabletop check ... | head`: stop quietly
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILED
    except KeyboardInterrupt:
        return 130
    finally:
        i18n_log.setLevel(level)


# --------------------------------------------------------------------------- window


def _window(args: argparse.Namespace) -> int:
    """Open the window (lazy import: pygame is loaded only here)."""
    try:
        from tabletop.ui import app
    except ImportError as exc:
        _err(_say("cli.window.unavailable", "tabletop: the window cannot start: {error}",
                  error=exc))
        return EXIT_BROKEN
    if args.smoke:
        from tabletop.ui.smoke import smoke

        return int(smoke())
    if args.first_frame:
        from tabletop.ui.smoke import first_frame

        return first_frame(args.size)
    return int(app.run(args) or 0)


def _reset_settings() -> int:
    """``--reset-settings``: remove the settings file (tabletop.settings.reset_settings)."""
    from tabletop.core.persistence import SaveError
    from tabletop.settings import reset_settings
    from tabletop.userdirs import settings_path

    try:
        reset_settings()
    except SaveError as exc:
        _err(_say("cli.reset_settings.failed", "tabletop: {error}", error=exc))
        return EXIT_BROKEN
    _out(_say("cli.reset_settings.done", "tabletop: settings reset to the defaults ({file})",
              file=settings_path()))
    return EXIT_OK


# --------------------------------------------------------------------------- check


def _scenario_files(names: list[str]) -> list[str]:
    """The files named, with a folder standing for every ``*.toml`` below it."""
    files: list[str] = []
    for name in names:
        folder = Path(name)
        if folder.is_dir():
            files += [str(p) for p in sorted(folder.rglob("*.toml"))]
        else:
            files.append(name)
    return files


def _check(args: argparse.Namespace) -> int:
    from tabletop.core.scenario import ScenarioError, run_scenario

    code = EXIT_OK
    for name in _scenario_files(args.files):
        try:
            report = run_scenario(name)
        except ScenarioError as exc:
            _out(_say("cli.check.broken", "BROKEN {file}: {error}", file=name, error=exc.problem
                      if not exc.field else f"field '{exc.field}': {exc.problem}"))
            code = max(code, EXIT_BROKEN)
            continue
        title = report.scenario.display_title()
        _out(f"{name}: {title}")
        for line in report.lines():
            _out(line)
        passed = sum(1 for s in report.steps if s.passed)
        if report.passed:
            _out(_say("cli.check.passed", "  PASS ({n} steps)", n=passed))
        else:
            _out(_say("cli.check.failed", "  FAILED ({bad} of {n} steps failed)",
                      bad=len(report.failures) or 1, n=len(report.steps)))
            code = max(code, EXIT_FAILED)
    return code


# --------------------------------------------------------------------------- decks


def _ready_decks(game: str, rules: Any) -> dict[str, Any]:
    """The ready-made decks of ``game``: the game package's ``load_decks()`` if it has one,
    else every file in ``assets/decks/<game>``. Raises DeckError for a broken file."""
    import importlib

    from tabletop.core.decks import load_deck_dir
    from tabletop.core.rules import _GAMES
    from tabletop.resources import resource_path

    module_name = _GAMES.get(game)
    if module_name:
        module = importlib.import_module(module_name)
        loader = getattr(module, "load_decks", None)
        if loader is not None:
            decks = loader()
            if isinstance(decks, Mapping):
                return dict(decks)
            return {d.id: d for d in decks}
    try:
        folder = resource_path("assets", "decks", game)
    except FileNotFoundError:
        return {}
    return load_deck_dir(folder, list(rules.cards), rules.deck_options)


def _load_rules_or_report(game: str) -> Any:
    from tabletop.core.rules import game_ids, load_rules

    try:
        return load_rules(game)
    except KeyError:
        _err(_say("cli.unknown_game", "tabletop: unknown game {game!r} (known: {known})",
                  game=game, known=", ".join(game_ids())))
    except Exception as exc:
        _err(_say("cli.rules_broken", "tabletop: the rules of {game!r} could not be loaded: "
                                      "{error}", game=game, error=exc))
    return None


def _rules_and_decks(game: str) -> tuple[Any, dict[str, Any]] | None:
    """The game's rules and ready-made decks, or None after reporting why not."""
    from tabletop.core.decks import DeckError

    rules = _load_rules_or_report(game)
    if rules is None:
        return None
    try:
        return rules, _ready_decks(game, rules)
    except DeckError as exc:
        _err(f"tabletop: {exc}")
        return None


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns, a wide character (漢字, かな)
    counting two, so a Japanese deck name keeps the columns after it in line."""
    import unicodedata

    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - used)


def _deck_lines(rules: Any, deck_id: str, deck: Any) -> tuple[list[str], bool]:
    """One deck's line (id, name, size, legal / ILLEGAL) and each rule it breaks;
    and whether it is legal."""
    from tabletop.core.scenario import render_text

    size = sum(len(deck.card_list(p)) for p in deck.sections)
    problems = rules.check_deck(deck)
    label = f"{_pad(deck_id, 20)} {_pad(str(deck.display_name('en')), 28)} {size:>3} cards"
    if not problems:
        return [f"{label}  legal"], True
    return [f"{label}  ILLEGAL",
            *(f"    - {render_text(problem, cards=rules.cards)}" for problem in problems)], False


def _decks(args: argparse.Namespace) -> int:
    """``tabletop decks GAME``: the ready-made decks, then the user's own
    (``userdirs.folder(Kind.DECKS, game)``, over the game's and the user's cards, as
    the menu reads them: QA15b #8), each legal or not with the rules it breaks; a user
    deck file that cannot be read is named with its problems, and so is each user card
    file left out. Exit 1 if any listed deck is illegal or unreadable."""
    from tabletop.core.deck_files import deck_folder, load_user_decks

    loaded = _rules_and_decks(args.game)
    if loaded is None:
        return EXIT_BROKEN
    rules, decks = loaded
    code = EXIT_OK
    if not decks:
        _out(_say("cli.decks.none", "{game}: no ready-made decks", game=args.game))
    for deck_id, deck in sorted(decks.items()):
        lines, legal = _deck_lines(rules, deck_id, deck)
        code = code if legal else EXIT_FAILED
        for line in lines:
            _out(line)
    mine = load_user_decks(args.game, list(rules.cards), rules.deck_options)
    if not mine.decks and not mine.broken:
        return code
    left_out = tuple(getattr(rules, "user_problems", ()))
    if left_out:  # why a deck of yours misses a card of yours
        _out(_say("cli.decks.cards_left_out", "Your card files left out (the decks below "
                                              "cannot use their cards):"))
        for problem in left_out:
            _out(f"    - {problem}")
    _out(_say("cli.decks.user", "Your decks ({folder}):", folder=deck_folder(args.game)))
    for deck_id, deck in sorted(mine.decks.items()):
        lines, legal = _deck_lines(rules, deck_id, deck)
        code = code if legal else EXIT_FAILED
        for line in lines:
            _out(line)
    for name, reason in sorted(mine.broken.items()):
        code = EXIT_FAILED
        _out(f"{_pad(Path(name).stem, 20)} {'':<28} {'':>9}  BROKEN")
        for line in reason.splitlines():
            _out(f"    - {line}")
    return code


def _csv_import(args: argparse.Namespace) -> int:
    from tabletop.csv_import import run

    return run(args)


def _validate(args: argparse.Namespace) -> int:
    from tabletop.validate import run

    return run(args)


# --------------------------------------------------------------------------- selfplay


def _selfplay(args: argparse.Namespace) -> int:
    from tabletop.core.selfplay import SelfplayReport, play_one

    loaded = _rules_and_decks(args.game)
    if loaded is None:
        return EXIT_BROKEN
    rules, decks = loaded
    if not decks:
        _err(f"tabletop: {args.game}: no ready-made decks to play with")
        return EXIT_BROKEN
    report = SelfplayReport(args.game)
    crashes = 0
    started = time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        try:
            record = play_one(rules, seed, decks, args.max_actions, args.max_turns)[1]
        except Exception as exc:  # a rules bug: report the seed, keep going
            crashes += 1
            _out(f"seed {seed}: CRASH {type(exc).__name__}: {exc}")
            continue
        report.records.append(record)
        if record.capped:
            outcome = "cap hit (no result)"
        elif record.winner is None:
            outcome = f"draw ({record.cause})"
        else:
            outcome = f"winner p{record.winner} ({record.cause})"
        _out(f"seed {seed}: {outcome}, {record.turns} turns, {record.actions} actions")
    report.seconds = max(time.perf_counter() - started, 1e-9)
    _out(report.summary() + (f"; crashes={crashes}" if crashes else ""))
    return EXIT_FAILED if crashes else EXIT_OK


# --------------------------------------------------------------------------- replay


def _describe_action(action: Any) -> str:
    args = ", ".join(f"{k}={v!r}" for k, v in action.to_json()["args"].items())
    return f"player {action.seat + 1}: {action.kind}({args})"


def _replay(args: argparse.Namespace) -> int:
    from tabletop.core.engine import Game
    from tabletop.core.persistence import SaveError, read_save, rules_for
    from tabletop.core.scenario import render_text
    from tabletop.core.view import view_for

    try:
        save = read_save(args.save)
        rules = rules_for(save)
    except SaveError as exc:
        _err(f"tabletop: cannot open the save: {exc}")
        return EXIT_BROKEN
    try:
        game = Game(rules, save.setup)
    except Exception as exc:
        _err(f"tabletop: cannot open the save: {save.path}: field 'setup': the game could not "
             f"be rebuilt: {exc}")
        return EXIT_BROKEN
    _out(f"{save.path}: {save.game}, {len(save.actions)} actions, saved {save.saved_at}")
    seen = len(view_for(game.state, None).log)
    for line in view_for(game.state, None).log:
        _out(f"    {render_text(line, cards=rules.cards)}")
    for index, action in enumerate(save.actions):
        _out(f"{index + 1:>4}. {_describe_action(action)}")
        try:
            verdict = game.propose(action)
        except Exception as exc:
            _err(f"tabletop: {save.path}: field 'actions[{index}]': the rules crashed: "
                 f"{type(exc).__name__}: {exc}")
            return EXIT_BROKEN
        if not verdict.ok:
            _err(f"tabletop: {save.path}: field 'actions[{index}]': action {index + 1} no "
                 f"longer replays: the rules refuse it ({verdict.reason})")
            return EXIT_BROKEN
        log = view_for(game.state, None).log
        for line in log[seen:]:
            _out(f"      {render_text(line, cards=rules.cards)}")
        seen = len(log)
        if args.step and index + 1 < len(save.actions):
            try:
                answer = input("      [Enter: next, q: stop] ")
            except EOFError:
                args.step = False
                answer = ""
            if answer.strip().lower() == "q":
                break
    state = game.state
    if state.result == "draw":
        _out("result: draw")
    elif state.result:
        _out(f"result: player {int(state.winner) + 1} wins (turn {state.turn})")
    else:
        _out(f"result: unfinished (turn {state.turn}, player {state.active + 1} active)")
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
