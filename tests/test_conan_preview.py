"""The fight preview as rule examples (issue 12 §7; CONAN-R8, R14, R15; ALL-R2).

A Conan/Ally Move beside a Foe's Move: which facing icons would block and which would
hit, from what the viewer knows. A face-down enemy Move previews nothing; a face-up
one (the CONAN-R13 fallback) previews fully, and the preview agrees with the fight.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.core.actions import Action
from tabletop.core.engine import Game
from tabletop.core.rules import GameSetup, load_rules
from tabletop.core.view import view_for
from tabletop.games.conan import battlefield as bf
from tabletop.games.conan import preview as pv
from tabletop.games.conan.playback import Outcome

RULES = load_rules("conan")
DB = RULES.cards


def c(card: str, label: str, **extra: Any) -> dict[str, Any]:
    return {"card": card, "label": label, **extra}


def at_conan_move(foe_move: str, hand: list[str], face_up: bool = True,
                  foe: str = "foe_temple_spearman", allies: tuple[str, ...] = (),
                  placed: dict[str, str] | None = None) -> Game:
    """Seat 0's Conan Move phase: one Foe in Center with its Move ``foe_move`` (face up
    as a CONAN-R13 fallback Move unless ``face_up`` is False); ``placed``: Conan's own
    Moves already lying there (card -> target)."""
    placed = placed or {}
    zone_moves = [c(foe_move, "foe_move", face_up=face_up)]
    records: list[dict[str, Any]] = [{"card": "$foe_move", "foe": "$foe"}]
    for n, (card, target) in enumerate(placed.items()):
        zone_moves.append(c(card, f"mine{n}"))
        records.append({"card": f"$mine{n}", "by": "$conan", "target": target})
    position = {
        "turn": 3, "active": 0, "phase": "conan_move",
        "zones": {"conan": [c("conan_wanderer", "conan")],
                  "center": [c(foe, "foe")],
                  "moves": zone_moves,
                  "p0.side": [c(a, a) for a in allies],
                  "p0.hand": [c(h, h) for h in hand],
                  "p0.deck": ["move_parry"] * 6, "p1.deck": ["move_parry"] * 6,
                  "p0.foe_deck": ["foe_hill_bandit"] * 3,
                  "p1.foe_deck": ["foe_hill_bandit"] * 3},
        "data": {"moves": records},
    }
    return Game(RULES, GameSetup("conan", seed=1, position=position))


def preview(game: Game, card: str, target: str, who: str = "conan",
            viewer: int = 0) -> tuple[pv.SidePreview, ...]:
    labels = game.state.data["labels"]
    place = next(t for t in bf.all_targets(game.state) if t.named(target))
    return pv.preview_at(game.state, view_for(game.state, viewer), DB, card, labels[who],
                         place.shape, place.zone)


def pair_at(side: pv.SidePreview, slot: int) -> pv.PairMark:
    return next(p for p in side.pairs if p.slot == slot)


def test_conan_r14_a_blade_beside_a_foes_blade_blocks_and_is_blocked():
    game = at_conan_move("move_lunge", ["move_lunge"])
    (side,) = preview(game, "move_lunge", "center/foe1/right")
    assert side.known
    pair = pair_at(side, 2)
    # slot 2 faces slot 4 - 2 = 2 (CONAN-R8): blade against blade, both ways
    assert (pair.facing, pair.icon, pair.facing_icon) == (2, "blade", "blade")
    assert pair.mine == Outcome.BLOCKED and pair.theirs == Outcome.BLOCKED
    assert pair.rule == "CONAN-R14"
    assert (side.deal, side.take) == (0, 0)  # CONAN-R15: no success, no glance


def test_all_r2_a_face_down_enemy_move_previews_nothing():
    game = at_conan_move("move_lunge", ["move_lunge"], face_up=False)
    (side,) = preview(game, "move_lunge", "center/foe1/right")
    assert not side.known
    assert side.pairs == () and side.deal is None and side.take is None


def test_all_r2_the_enemy_knows_its_own_face_down_move_but_the_turn_player_does_not():
    game = at_conan_move("move_lunge", ["move_lunge"], face_up=False)
    assert not preview(game, "move_lunge", "center/foe1/right", viewer=0)[0].known
    assert preview(game, "move_lunge", "center/foe1/right", viewer=1)[0].known


def test_conan_r14_a_shield_turns_a_two_handed_blow_into_a_glancing_hit():
    game = at_conan_move("move_cleave", ["move_shield_block"])
    (side,) = preview(game, "move_shield_block", "center/foe1/right")
    pair = pair_at(side, 2)
    assert (pair.icon, pair.facing_icon) == ("shield", "two_handed")
    assert pair.mine is None  # a Shield never attacks
    assert pair.theirs == Outcome.GLANCING
    assert (side.deal, side.take) == (0, 1)  # CONAN-R15: S = 0, G = 1 -> 1 damage


def test_conan_r14_an_attack_facing_an_empty_slot_hits():
    game = at_conan_move("move_sidestep", ["move_lunge"])
    (side,) = preview(game, "move_lunge", "center/foe1/right")
    pair = pair_at(side, 2)
    assert pair.icon == "blade" and pair.mine == Outcome.HIT
    # Conan's damage 3, one success (CONAN-R15); Sidestep has no attack at all
    assert (side.deal, side.take) == (3, 0)


def test_conan_r14_one_blocked_slot_stops_the_whole_multi_icon():
    # Flurry's left Multi (blade, blade at slots 0-1) faces the Slash's slots 4 and 3:
    # slot 3 holds a blade, so the whole Multi is blocked, even its unopposed slot.
    game = at_conan_move("move_slash", ["move_flurry"])
    (side,) = preview(game, "move_flurry", "center/foe1/right")
    assert side.side == "left"
    multi = [pair_at(side, 0), pair_at(side, 1)]
    assert all(p.multi and p.mine == Outcome.BLOCKED for p in multi)
    assert multi[0].facing_icon == "" and multi[1].facing_icon == "blade"
    assert side.deal == 0


def test_conan_r14_an_unblocked_multi_icon_counts_a_success_per_icon():
    game = at_conan_move("move_parry", ["move_flurry"])
    (side,) = preview(game, "move_flurry", "center/foe1/right")
    assert [pair_at(side, i).mine for i in (0, 1)] == [Outcome.HIT, Outcome.HIT]
    assert side.deal == 3 + 1  # printed 3 + (S - 1) with S = 2 (CONAN-R15)


def test_conan_r14_magic_attacks_only_for_a_character_with_magic():
    game = at_conan_move("move_sidestep", ["move_hex_bolt"], foe="foe_hill_bandit",
                         allies=("ally_hedge_wizard",))
    by_conan = preview(game, "move_hex_bolt", "center/foe1/left")[0]
    by_wizard = preview(game, "move_hex_bolt", "center/foe1/left", who="ally_hedge_wizard")[0]
    magic = [p for p in by_conan.pairs if p.icon == "magic"]
    assert magic and all(p.mine is None for p in magic)
    assert by_conan.deal == 0
    wizard_magic = [p for p in by_wizard.pairs if p.icon == "magic"]
    assert wizard_magic and all(p.mine is not None for p in wizard_magic)


def test_conan_r10_a_gap_move_previews_both_foe_moves():
    position = {
        "turn": 3, "active": 0, "phase": "conan_move",
        "zones": {"conan": [c("conan_wanderer", "conan")],
                  "center": [c("foe_hill_bandit", "a"), c("foe_temple_spearman", "b")],
                  "moves": [c("move_lunge", "ma", face_up=True), c("move_cleave", "mb")],
                  "p0.hand": [c("move_parry", "parry")],
                  "p0.deck": ["move_parry"] * 6, "p1.deck": ["move_parry"] * 6,
                  "p1.foe_deck": ["foe_hill_bandit"] * 3},
        "data": {"moves": [{"card": "$ma", "foe": "$a"}, {"card": "$mb", "foe": "$b"}]},
    }
    game = Game(RULES, GameSetup("conan", seed=1, position=position))
    sides = preview(game, "move_parry", "center/gap1")
    assert len(sides) == 2
    known = {s.foe: s.known for s in sides}
    labels = game.state.data["labels"]
    assert known == {labels["a"]: True, labels["b"]: False}  # Cleave lies face down


def test_placed_moves_are_previewed_for_their_owner_only_on_its_turn():
    game = at_conan_move("move_lunge", [], placed={"move_slash": "center/foe1/right"})
    labels = game.state.data["labels"]
    mine = pv.placed_previews(game.state, view_for(game.state, 0), DB, 0)
    assert set(mine) == {labels["mine0"]}
    (side,) = mine[labels["mine0"]]
    assert side.known
    # the enemy sees the Slash face down (and it is not its turn): nothing
    assert pv.placed_previews(game.state, view_for(game.state, 1), DB, 1) == {}


@pytest.mark.parametrize(("foe_move", "mine", "target"), [
    ("move_lunge", "move_lunge", "center/foe1/right"),
    ("move_cleave", "move_shield_block", "center/foe1/right"),
    ("move_slash", "move_flurry", "center/foe1/right"),
    ("move_parry", "move_flurry", "center/foe1/left"),
    ("move_arrow_volley", "move_feint", "center/foe1/left"),
    ("move_bull_charge", "move_wrestle", "center/foe1/right"),
])
def test_conan_r15_the_preview_agrees_with_the_fight(foe_move, mine, target):
    game = at_conan_move(foe_move, [mine], foe="foe_mercenary_captain")
    labels = game.state.data["labels"]
    (side,) = preview(game, mine, target)
    conan, foe = labels["conan"], labels["foe"]
    assert game.propose(Action.make("place_move", 0, card=labels[mine], character=conan,
                                    target=target)).ok
    assert game.propose(Action.make("next_phase", 0)).ok
    pending = game.state.pending
    if pending is not None and pending.kind == "barbarian":
        assert game.propose(Action.make("decide", 0, choice=["pass"])).ok
    # the fight's own strikes (recorded beats) against the preview's numbers
    from tabletop.games.conan.playback import Initiative, fight
    recorded = fight(game.state)
    assert recorded is not None
    strikes = [s for b in recorded.beats if isinstance(b, Initiative) for s in b.strikes]
    dealt = sum(s.damage for s in strikes if s.attacker == conan)
    taken = sum(s.damage for s in strikes if s.attacker == foe)
    assert (dealt, taken) == (side.deal, side.take)
    recorded_slots = {c.slot: c.outcome for s in strikes if s.attacker == conan
                      for c in s.clashes}
    singles = {p.slot: p.mine for p in side.pairs if p.mine is not None and not p.multi}
    assert singles.items() <= recorded_slots.items()
    # a Multi's slots: each slot's own clash is recorded; the Multi hits only if all do
    multi = [p for p in side.pairs if p.multi]
    if multi:
        all_hit = all(recorded_slots[p.slot] == Outcome.HIT for p in multi)
        assert all_hit == all(p.mine == Outcome.HIT for p in multi)
