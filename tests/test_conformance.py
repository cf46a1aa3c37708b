"""What every registered game must hold, whatever its rules (issue 11: contracts).

Each test is parametrized over :func:`tabletop.core.rules.game_ids`, so a game added
to ``_GAMES`` inherits the whole suite with no edit here. Only the shared contract is
used: ``load_rules``, the game package's ``load_decks``, the rules' own bots
(``make_bot``), :class:`~tabletop.core.engine.Game`, views, saves and catalogues.

- card conservation: every card lies in exactly one zone, the count never changes;
- capacities: outside free mode no zone holds more than its capacity;
- ``legal_actions`` offers only what ``check`` accepts, and only to the acting seat;
- determinism: the same seed gives the same game, also in a fresh process with
  another ``PYTHONHASHSEED``; a replay of the actions gives the same state;
- save -> load -> replay gives the same state (the redo list included);
- refusals change nothing; ``check`` never changes the state;
- hidden information: views, log lines and refusals never identify a card the
  reader could not see; an action that showed a card cannot be undone; free-mode
  acts show nobody a new face (ALL-R2, ALL-H1, ALL-H2);
- words: every catalogue key a game uses, and ``refusal.<code>`` for every refusal
  code its rules can produce (read from the source with ``ast``), exist in en and ja;
  every character of the catalogues and of the game's cards is in the bundled fonts.

Bot games are capped (``STEPS`` actions, ``SEEDS``) to keep the suite fast; the long
variant is :func:`test_soak_thousands_of_bot_games` (``pytest -m soak``, ``SOAK_GAMES``).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib
import json
import os
import random
import re
import subprocess
import sys
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont

from tabletop import i18n
from tabletop.core import selfplay
from tabletop.core.actions import Action
from tabletop.core.bot import RandomBot, play_game
from tabletop.core.engine import Game, replay
from tabletop.core.messages import Message, zone_msg
from tabletop.core.model import GameState, Visibility
from tabletop.core.persistence import load_save, save_game
from tabletop.core.rules import _GAMES, GameRules, game_ids, load_rules
from tabletop.core.view import handle, view_for

REPO = Path(__file__).resolve().parent.parent
GAMES = game_ids()
SEEDS = (1, 2)
STEPS = 150
LANGS = ("en", "ja")
SOAK_GAMES = int(os.environ.get("SOAK_GAMES", "1000"))


# -- shared helpers ---------------------------------------------------------------------
@functools.cache
def rules_of(game_id: str) -> GameRules:
    return load_rules(game_id)


@functools.cache
def decks_of(game_id: str) -> Any:
    return importlib.import_module(_GAMES[game_id]).load_decks()


def new_game(game_id: str, seed: int, track_reveals: bool = True) -> tuple[Game, list[Any]]:
    """A seeded game of ``game_id`` (the self-play set-up) and its two bots."""
    rules = rules_of(game_id)
    game = Game(rules, selfplay.setup_for(rules, seed, decks_of(game_id)), track_reveals)
    return game, [rules.make_bot(seed * 2 + 1), rules.make_bot(seed * 2 + 2)]


def play(game_id: str, seed: int, each: Callable[[Game, Action], None] | None = None,
         steps: int = STEPS, before: Callable[[Game], None] | None = None) -> Game:
    """A capped bot game; ``before(game)`` runs before and ``each(game, action)`` after
    every action."""
    game, bots = new_game(game_id, seed)
    for _ in range(steps):
        if game.state.game_over:
            break
        if before is not None:
            before(game)
        action = bots[game.rules.acting_seat(game.state)].choose(game)
        assert action is not None, "the seat to act has no action"
        verdict = game.propose(action)
        assert verdict.ok, (action, verdict.reason)
        if each is not None:
            each(game, action)
    return game


def cards_dealt(game: Game) -> int:
    """How many cards the set-up's decks hold."""
    return sum(len(ids) for deck in game.setup.decks for ids in deck.values())


def names(message: Message) -> Iterator[str]:
    """Card ids named anywhere in a message (card names are ``card.<id>`` messages)."""
    if message.key.startswith("card."):
        yield message.key[5:]
    for _, value in message.params:
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Message):
                yield from names(item)


def keys(message: Message) -> Iterator[str]:
    """Every catalogue key a message (and the messages in it) is written with."""
    yield message.key
    for _, value in message.params:
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Message):
                yield from keys(item)


def visible(state: GameState, seat: int) -> dict[int, str]:
    return {i: c.card_id for i, c in state.cards.items() if state.visible_to(i, seat)}


GAME = pytest.mark.parametrize("game_id", GAMES)
GAME_SEED = pytest.mark.parametrize(("game_id", "seed"),
                                    [(g, s) for g in GAMES for s in SEEDS])


# -- cards, capacities, legal actions ---------------------------------------------------
def assert_conserved(game: Game, count: int) -> None:
    """Every card in exactly one zone, the zone it says, and ``count`` cards in all."""
    state = game.state
    placed = [iid for zone in state.zones.values() for iid in zone.cards]
    assert sorted(placed) == sorted(state.cards), "a card lost or in two zones"
    assert len(state.cards) == count, f"{len(state.cards)} cards, the decks hold {count}"
    for zid, zone in state.zones.items():
        for iid in zone.cards:
            assert state.zone_of(iid) == zid


@GAME_SEED
def test_every_card_is_in_exactly_one_zone_and_none_comes_or_goes(game_id: str,
                                                                  seed: int) -> None:
    game, _ = new_game(game_id, seed)
    count = cards_dealt(game)
    assert_conserved(game, count)
    play(game_id, seed, lambda g, _: assert_conserved(g, count))


@GAME_SEED
def test_outside_free_mode_no_zone_passes_its_capacity(game_id: str, seed: int) -> None:
    def each(game: Game, action: Action) -> None:
        assert not game.state.free_mode
        assert game.state.zones_over_capacity() == [], action

    play(game_id, seed, each)


@GAME_SEED
def test_legal_actions_are_accepted_and_only_the_acting_seat_has_any(game_id: str,
                                                                     seed: int) -> None:
    def before(game: Game) -> None:
        rules, state = game.rules, game.state
        acting = rules.acting_seat(state)
        for seat in (0, 1):
            actions = rules.legal_actions(state, seat)
            if seat != acting:
                assert actions == [], (seat, actions[:3])
            else:
                assert actions, "the seat to act has no legal action"
            for action in actions:
                verdict = rules.check(state, action)
                assert verdict.ok, (action, verdict.reason)

    play(game_id, seed, before=before)


# -- determinism, replay, saves ---------------------------------------------------------
def digest(game_id: str, seed: int) -> str:
    """SHA-256 of a capped bot game: its actions and final fingerprint."""
    game = play(game_id, seed)
    text = json.dumps([[a.to_json() for a in game.actions], game.state.fingerprint()],
                      sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


@GAME_SEED
def test_the_same_seed_gives_the_same_game_and_its_replay(game_id: str, seed: int) -> None:
    first, second = play(game_id, seed), play(game_id, seed)
    assert first.actions == second.actions
    assert first.state.fingerprint() == second.state.fingerprint()
    again = replay(first.rules, first.setup, first.actions)
    assert again.state.fingerprint() == first.state.fingerprint()


@pytest.fixture(scope="module")
def fresh_process_digests() -> dict[str, str]:
    """:func:`digest` of every game and seed, computed in another process with another
    ``PYTHONHASHSEED`` (string hashing, so set order, differs there)."""
    mine = os.environ.get("PYTHONHASHSEED", "")
    env = {**os.environ, "PYTHONHASHSEED": "4242" if mine != "4242" else "17"}
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import test_conformance as c; "
            "print(json.dumps({f'{g}/{s}': c.digest(g, s) for g in c.GAMES for s in c.SEEDS}))")
    out = subprocess.run([sys.executable, "-c", code, str(Path(__file__).parent)], env=env,
                         cwd=REPO, capture_output=True, text=True, timeout=300, check=True)
    result: dict[str, str] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


@GAME_SEED
def test_the_same_seed_gives_the_same_game_in_a_fresh_process(
        game_id: str, seed: int, fresh_process_digests: dict[str, str]) -> None:
    assert fresh_process_digests[f"{game_id}/{seed}"] == digest(game_id, seed)


@GAME_SEED
def test_save_then_load_replays_to_the_same_state(game_id: str, seed: int,
                                                  tmp_path: Path) -> None:
    game = play(game_id, seed)
    for seat in (0, 1):  # a redo list to carry too, when the last action may be undone
        if game.can_undo(seat):
            assert game.undo(seat).ok
    path = save_game(game, tmp_path / f"{game_id}-{seed}.json")
    loaded = load_save(path)
    assert loaded.setup == game.setup
    assert loaded.actions == game.actions and loaded.redo_stack == game.redo_stack
    assert loaded.state.fingerprint() == game.state.fingerprint()
    assert [h.reveals for h in loaded.history] == [h.reveals for h in game.history]


# -- refusals change nothing ------------------------------------------------------------
def attempts(game: Game, stale: list[Action]) -> Iterator[Action]:
    """Actions of many kinds that the rules may well refuse now."""
    state, rules = game.state, game.rules
    acting = rules.acting_seat(state)
    for action in rules.legal_actions(state, acting)[:12]:
        yield Action(action.kind, 1 - acting, action.args)
    yield from stale
    yield Action.make("no_such_kind", acting)
    yield Action.make("decide", acting, choice=["zzz"])
    yield Action.make("decide", 1 - acting, choice=[])
    yield Action.make("manual_move", acting, card=next(iter(state.cards)), zone="nowhere")
    for zone in state.zones.values():
        if zone.owner == acting and zone.cards:
            for target in list(state.zones)[:6]:
                meaning = game.interpret_drop(acting, zone.cards[-1], target)
                if isinstance(meaning, Action):
                    yield meaning


@GAME_SEED
def test_a_refused_action_changes_nothing_and_check_never_does(game_id: str,
                                                               seed: int) -> None:
    stale: list[Action] = []
    refused: set[str] = set()

    def before(game: Game) -> None:
        state = game.state
        print_before = state.fingerprint()
        history, redo = list(game.history), list(game.redo_stack)
        for action in attempts(game, stale[-4:]):
            if game.check(action).ok:
                continue
            verdict = game.propose(action)
            assert not verdict.ok, action
            refused.add(verdict.reason)
        for action in game.rules.legal_actions(state, game.rules.acting_seat(state)):
            game.check(action)
        assert game.state.fingerprint() == print_before
        assert game.history == history and game.redo_stack == redo

    play(game_id, seed, lambda _, action: stale.append(action), steps=60, before=before)
    assert len(refused) >= 3, sorted(refused)


# -- hidden information (ALL-R2, ALL-H1, ALL-H2) ----------------------------------------
def assert_view_hides(state: GameState, seat: int) -> None:
    """The seat's view shows a face exactly when the zone's visibility, the card's face
    and ``known_to`` allow it; a hidden card has neither id nor name, only its place.
    Decks are seen by nobody, hands by their owner only."""
    view = view_for(state, seat)
    for index, (zid, zone) in enumerate(state.zones.items()):
        kind = zid.rsplit(".", 1)[-1]
        if kind.endswith("deck"):
            assert zone.visibility is Visibility.NOBODY, zid
        if kind.endswith("hand"):
            assert zone.visibility is Visibility.OWNER, zid
        for position, (cv, iid) in enumerate(zip(view.zones[zid], zone.cards, strict=True)):
            card = state.cards[iid]
            open_ = {Visibility.PUBLIC: card.face_up,
                     Visibility.OWNER: zone.owner == seat and card.face_up,
                     Visibility.NOBODY: False}[zone.visibility]
            if open_ or seat in card.known_to:
                assert cv.iid == iid and cv.card_id == card.card_id, (zid, iid)
            else:
                assert cv.card_id is None and cv.iid == handle(index, position), (zid, iid)


def assert_refusals_name_no_hidden_card(game: Game, seat: int, seen: set[str]) -> None:
    """Moves a player could try with cards the seat cannot see, by their view handles:
    no refusal names them."""
    state = game.state
    view = view_for(state, seat)
    hidden = [cv.iid for cards in view.zones.values() for cv in cards if cv.hidden][:6]
    for h in hidden:
        secret = state.cards[game.resolve(h)].card_id
        if secret in seen:
            continue
        for kind in ("play_card", "play_resource", "use", "hand_boost", "place_foe",
                     "set_card", "move", "level_up"):
            verdict = game.check(Action.make(kind, seat, card=h))
            if not verdict.ok and verdict.message is not None:
                assert secret not in set(names(verdict.message)), (kind, verdict)
        for zid in list(state.zones)[:8]:
            answer = game.interpret_drop(seat, h, zid)
            message = (game.check(answer) if isinstance(answer, Action) else answer).message
            if message is not None:
                assert secret not in set(names(message)), (zid, message)


@GAME_SEED
def test_ALL_R2_no_seat_reads_a_card_it_could_not_see(game_id: str, seed: int) -> None:
    """Views, log lines and refusals, for each seat after every action of a bot game."""
    game, _ = new_game(game_id, seed)
    seen = [set(visible(game.state, s).values()) for s in (0, 1)]
    step = 0
    sights: list[dict[int, str]] = []
    log_len = 0

    def before(game: Game) -> None:
        nonlocal log_len
        sights[:] = [visible(game.state, s) for s in (0, 1)]
        log_len = len(game.state.log)

    def each(game: Game, action: Action) -> None:
        nonlocal step
        state = game.state
        for s in (0, 1):
            now = visible(state, s)
            allowed = seen[s] | set(sights[s].values()) | set(now.values())
            for entry in state.log[log_len:]:
                named = set(names(entry.for_seat(s)))
                assert named <= allowed, (step, s, action, named - allowed)
            seen[s] |= set(now.values())
            assert_view_hides(state, s)
            if step % 10 == 0:
                assert_refusals_name_no_hidden_card(game, s, seen[s])
        step += 1

    for s in (0, 1):
        assert_view_hides(game.state, s)
    play(game_id, seed, each, before=before)


@GAME_SEED
def test_ALL_H1_no_action_that_showed_a_card_can_be_undone(game_id: str, seed: int) -> None:
    """If anyone newly sees a card (other than the actor showing cards of their own that
    they knew), nobody may undo the action; what may be undone is undone to exactly
    the state before, and redone to the state after."""
    sights: list[dict[int, str]] = []
    prints: list[Any] = []
    rounds: list[Action] = []

    def before(game: Game) -> None:
        sights[:] = [visible(game.state, s) for s in (0, 1)]
        prints[:] = [game.state.fingerprint()]

    def each(game: Game, action: Action) -> None:
        actor, state = action.seat, game.state
        gains = any(not (state.cards[i].owner == actor and i in sights[actor])
                    for s in (0, 1) for i in set(visible(state, s)) - set(sights[s]))
        if gains:
            assert game.history[-1].reveals
            assert not game.can_undo(0) and not game.can_undo(1), action
        elif game.can_undo(actor) and len(rounds) < 25:  # each undo replays the game
            rounds.append(action)
            after = state.fingerprint()
            assert game.undo(actor).ok
            assert game.state.fingerprint() == prints[0]
            assert game.redo(actor).ok
            assert game.state.fingerprint() == after

    play(game_id, seed, each, before=before)


@GAME
def test_ALL_H2_free_mode_acts_show_nobody_a_new_face(game_id: str) -> None:
    """Random free-mode moves, turns and flips by either seat after some bot play:
    nobody sees a card they could not see before, except a player's own known card
    they chose to show, or their own deck top they drew into their hand; the log
    names a card only to seats that saw it."""
    game = play(game_id, 5, steps=60)
    if game.state.game_over:
        pytest.skip("the bot game ended before the check")
    rng = random.Random(3)
    assert game.propose(Action.make("set_free_mode", 0, on=True)).ok
    zone_ids = list(game.state.zones)
    for _ in range(300):
        state = game.state
        seat = rng.randrange(2)
        iid = rng.choice(list(state.cards))
        kind = rng.choice(("manual_move", "manual_move", "manual_tap", "manual_flip"))
        args: dict[str, Any] = {"card": iid}
        if kind == "manual_move":
            args["zone"] = rng.choice(zone_ids)
        before = [visible(state, s) for s in (0, 1)]
        in_deck_unseen = not any(iid in b for b in before)
        log_len = len(state.log)
        if not game.propose(Action.make(kind, seat, **args)).ok:
            continue
        state = game.state
        for s in (0, 1):
            for i in set(visible(state, s)) - set(before[s]):
                own_known = state.cards[i].owner == seat and i in before[seat]
                draw = (i == iid and s == seat and in_deck_unseen
                        and state.cards[i].owner == seat
                        and state.zones[state.zone_of(i)].owner == seat)
                assert own_known or draw, (kind, args, s)
            allowed = {before[s].get(iid), visible(state, s).get(iid)}
            for entry in state.log[log_len:]:
                if state.cards[iid].card_id in set(names(entry.for_seat(s))):
                    assert state.cards[iid].card_id in allowed, (kind, args, s)


# -- words: catalogues, refusal codes, fonts --------------------------------------------
@functools.cache
def catalogue(lang: str) -> frozenset[str]:
    return frozenset(i18n.all_strings(lang))


def missing_text(rules: GameRules, key: str) -> list[str]:
    """The languages in which ``key`` has no text of its own (no English fallback)."""
    card = re.fullmatch(r"card(_text)?\.(.+)", key)
    if card and card[2] in rules.cards:
        texts = rules.cards[card[2]].text if card[1] else rules.cards[card[2]].name
        return [lang for lang in LANGS if not texts.get(lang) and key not in catalogue(lang)]
    return [lang for lang in LANGS if key not in catalogue(lang)]


def game_sources(game_id: str) -> list[Path]:
    """The game's rules package and its window plugin (``ui/games/<game>[_*].py``)."""
    package = Path(importlib.import_module(_GAMES[game_id]).__file__ or "").parent
    plugins = REPO / "tabletop" / "ui" / "games"
    return [*sorted(package.rglob("*.py")), *sorted(plugins.glob(f"{game_id}.py")),
            *sorted(plugins.glob(f"{game_id}_*.py"))]


def shared_sources() -> list[Path]:
    """The code every game runs on: core, i18n and the game-agnostic window."""
    root = REPO / "tabletop"
    return [p for p in sorted(root.rglob("*.py"))
            if "games" not in p.relative_to(root).parts]


@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else \
        func.attr if isinstance(func, ast.Attribute) else ""


def literal(node: ast.expr) -> Iterator[str]:
    """The strings a key expression can be, as regular expressions: a constant, both
    branches of ``a if c else b``, an f-string or ``"prefix" + x`` with the computed
    parts as wildcards. Nothing for a plain name (bot games check what it held)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield re.escape(node.value)
    elif isinstance(node, ast.IfExp):
        yield from literal(node.body)
        yield from literal(node.orelse)
    elif isinstance(node, ast.JoinedStr):
        yield "".join(re.escape(v.value) if isinstance(v, ast.Constant) else r"[\w.]+"
                      for v in node.values)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = list(literal(node.left)) or [r"[\w.]+"], \
            list(literal(node.right)) or [r"[\w.]+"]
        yield from (a + b for a in left for b in right)


def written_keys(paths: list[Path]) -> Iterator[tuple[str, str]]:
    """(where, key pattern) for every catalogue key written in the code: the first
    argument of ``msg``, ``Message`` and ``t``; ``refusal.<code>`` of ``Verdict.refuse``;
    ``refusal.common.<key>`` of ``refusals.refusal``."""
    for path in paths:
        for node in ast.walk(parsed(path)):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            where = f"{path.relative_to(REPO)}:{node.lineno}"
            name = called(node)
            if name in ("msg", "Message", "t"):
                yield from ((where, k) for k in literal(node.args[0]))
            elif name == "refuse":
                yield from ((where, "refusal\\." + k) for k in literal(node.args[0]))
            elif name == "refusal" and len(node.args) > 1:
                yield from ((where, "refusal\\.common\\." + k) for k in literal(node.args[1]))


#: Keys the shared window writes that have no text, each for a reason given here; every
#: other written key must have its text in every language.
KNOWN_GAPS = {
    # ui/panels.py: the fallback name of a seat for a catalogue with ``seat.p1`` keys
    r"seat\.p[\w.]+",
    # ui/drag.py: the refusal of a drop the rules would accept but the window did not
    # light; it reads as the raw key (the text is ``refuse.not_legal_target``)
    r"refusal\.not_legal_target",
}


def unmatched(rules: GameRules, pattern: str) -> list[str]:
    """The languages with no key matching ``pattern``."""
    if re.fullmatch(r"[\w.]+", pattern.replace("\\.", ".")) and "\\" not in \
            pattern.replace("\\.", ""):
        return missing_text(rules, pattern.replace("\\.", "."))
    regex = re.compile(pattern)
    cards = [f"card.{c.id}" for c in rules.cards.values()] + \
        [f"card_text.{c.id}" for c in rules.cards.values() if c.text]
    return [lang for lang in LANGS
            if not any(regex.fullmatch(k) for k in [*catalogue(lang), *cards]
                       if not missing_text(rules, k) or k in catalogue(lang))]


@GAME
def test_every_catalogue_key_the_code_writes_has_en_and_ja_text(game_id: str) -> None:
    rules = rules_of(game_id)
    problems = sorted({f"{where}: {key} missing in {', '.join(langs)}"
                       for where, key in written_keys(game_sources(game_id) + shared_sources())
                       if key not in KNOWN_GAPS and (langs := unmatched(rules, key))})
    assert not problems, "\n".join(problems)


@GAME
def test_every_key_a_game_shows_has_en_and_ja_text(game_id: str) -> None:
    """Phase and zone names, and every message of bot games: log lines for each seat,
    the questions asked, the refusals of tried actions."""
    rules = rules_of(game_id)
    shown: set[str] = {f"phase.{game_id}.{p}" for p in rules.phases}

    def before(game: Game) -> None:
        state = game.state
        for z in state.zones:
            shown.update(keys(zone_msg(z)))
        if state.pending is not None:
            shown.update(keys(state.pending.prompt))
        for action in attempts(game, []):
            verdict = game.check(action)
            if verdict.message is not None:
                shown.update(keys(verdict.message))

    for seed in SEEDS:
        game = play(game_id, seed, steps=80, before=before)
        for entry in game.state.log:
            for seat in (None, 0, 1):
                shown.update(keys(entry.for_seat(seat)))
    problems = sorted(f"{k} missing in {', '.join(langs)}" for k in shown
                      if (langs := missing_text(rules, k)))
    assert not problems, "\n".join(problems)


def refusal_codes(paths: list[Path]) -> Iterator[tuple[str, str | None]]:
    """(where, code pattern) of every refusal the code can produce with its own text
    (``Verdict.refuse(code, ...)``, text ``refusal.<code>``); a code held in a variable
    is followed to the string constants assigned to it in the same function, the ones
    passed for it by callers in the same files, or returned by the function it comes
    from. Yields ``(where, None)`` for a code it cannot follow."""
    functions = {node.name: node for path in paths for node in ast.walk(parsed(path))
                 if isinstance(node, ast.FunctionDef)}
    calls = [node for path in paths for node in ast.walk(parsed(path))
             if isinstance(node, ast.Call)]

    def strings(expr: ast.expr, scope: ast.FunctionDef | None, depth: int) -> list[str] | None:
        found = list(literal(expr))
        if found or depth > 3:
            return found or None
        if isinstance(expr, ast.Name) and scope is not None:
            return named(expr.id, scope, depth + 1)
        if isinstance(expr, ast.Call) and called(expr) in functions:
            target = functions[called(expr)]
            out: list[str] = []
            for ret in ast.walk(target):
                if isinstance(ret, ast.Return) and ret.value is not None:
                    got = strings(ret.value, target, depth + 1)
                    out += got or []
            return out or None
        return None

    def named(name: str, scope: ast.FunctionDef, depth: int) -> list[str] | None:
        values = [node.value for node in ast.walk(scope) if isinstance(node, ast.Assign)
                  and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)]
        params = [a.arg for a in scope.args.args]
        if not values and name in params:
            index = params.index(name)
            for call in calls:
                if called(call) != scope.name:
                    continue
                values += [k.value for k in call.keywords if k.arg == name]
                if index < len(call.args):
                    values.append(call.args[index])
        out: list[str] = []
        for value in values:
            got = strings(value, scope, depth)
            if got is None:
                return None
            out += got
        return out or None

    for path in paths:
        for scope in ast.walk(parsed(path)):
            if not isinstance(scope, ast.FunctionDef):
                continue
            for node in ast.walk(scope):
                if isinstance(node, ast.Call) and called(node) == "refuse" and node.args:
                    where = f"{path.relative_to(REPO)}:{node.lineno}"
                    codes = strings(node.args[0], scope, 0)
                    if codes is None:
                        yield where, None
                    # "" is the "no refusal" answer of a helper like conan's zone_open
                    yield from ((where, code) for code in codes or () if code)


@GAME
def test_every_refusal_code_of_the_rules_has_en_and_ja_text(game_id: str) -> None:
    """Read from the source: every ``Verdict.refuse`` of the game's rules and of the
    engine, ``refusal.<code>`` in both catalogues (the shared first checks word their
    codes with ``refusal.common.*``, checked with the other written keys)."""
    rules = rules_of(game_id)
    package = Path(importlib.import_module(_GAMES[game_id]).__file__ or "").parent
    paths = sorted(package.rglob("*.py")) + sorted((REPO / "tabletop" / "core").glob("*.py"))
    found = list(refusal_codes(paths))
    lost = [where for where, code in found if code is None]
    assert not lost, f"refusal codes this test cannot follow (use a string constant): {lost}"
    problems = sorted({f"{where}: refusal.{code} missing in {', '.join(langs)}"
                       for where, code in found
                       if code is not None and (langs := unmatched(rules, "refusal\\." + code))})
    assert not problems, "\n".join(problems)
    assert any(game_id in (code or "") for _, code in found), "no refusal of the game's own found"


FONTS = sorted(p for p in (REPO / "assets" / "fonts").iterdir()
               if p.suffix.lower() in {".otf", ".ttf", ".woff2", ".woff"})
REGENERATE = "Rerun `.venv/bin/python tools/subset_font.py` to rebuild the font subsets."


def shown_texts(game_id: str) -> Iterator[tuple[str, str]]:
    """(text, where) of every catalogue string (all languages), of every name, text and
    string field of the game's cards, and of its decks' names."""
    for lang in i18n.languages():
        for key, text in i18n.all_strings(lang).items():
            yield text, f"{lang}:{key}"
    for card in rules_of(game_id).cards.values():
        where = f"{card.source or game_id}: card {card.id}"
        for lang, text in [*card.name.items(), *card.text.items()]:
            yield text, f"{where} [{lang}]"
        for name, value in card.fields.items():
            for text in value if isinstance(value, list | tuple) else (value,):
                if isinstance(text, str):
                    yield text, f"{where}.{name}"
    for deck in decks_of(game_id).values():
        for lang, text in deck.name.items():
            yield text, f"deck {deck.id}[{lang}]"


@functools.cache
def cmap(font: Path) -> frozenset[int]:
    with TTFont(font, lazy=True) as tt:
        return frozenset(tt.getBestCmap())


@GAME
@pytest.mark.parametrize("font", FONTS, ids=lambda p: p.name)
def test_every_character_a_game_shows_is_in_the_bundled_font(game_id: str,
                                                             font: Path) -> None:
    """A missing character renders as an empty box, never as an error: check the font's
    cmap against every catalogue string and every name and text of the game's cards."""
    needed: dict[str, set[str]] = {}
    for text, where in shown_texts(game_id):
        for ch in text:
            if not (ch.isspace() or unicodedata.category(ch).startswith("C")):
                needed.setdefault(ch, set()).add(where)
    assert "手" in needed and "A" in needed
    lacking = sorted(ch for ch in needed if ord(ch) not in cmap(font))
    lines = [f"  {ch!r} U+{ord(ch):04X} used in {', '.join(sorted(needed[ch])[:5])}"
             for ch in lacking]
    assert not lacking, f"{font.name} lacks {len(lacking)} character(s):\n" + \
        "\n".join(lines) + f"\n{REGENERATE}"


# -- the long variant -------------------------------------------------------------------
@pytest.mark.soak
@GAME
def test_soak_thousands_of_bot_games(game_id: str) -> None:
    """``SOAK_GAMES`` (default 1000) whole RandomBot games: each ends (or hits the cap,
    at most 5 % of them), keeps every card and every capacity, and replays."""
    rules, decks = rules_of(game_id), decks_of(game_id)
    caps = 0
    for seed in range(SOAK_GAMES):
        setup = selfplay.setup_for(rules, seed, decks)
        game = play_game(rules, setup, [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)],
                         max_actions=6000, max_turns=300, track_reveals=False)
        caps += not game.state.game_over
        assert_conserved(game, cards_dealt(game))
        assert game.state.zones_over_capacity() == [], seed
        if seed % 50 == 0:
            again = replay(rules, setup, game.actions)
            assert again.state.fingerprint() == game.state.fingerprint(), f"seed {seed}"
    assert caps <= SOAK_GAMES * 0.05, f"{caps} of {SOAK_GAMES} games hit the cap"
