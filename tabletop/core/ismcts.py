"""Information-set Monte Carlo tree search for one seat (single observer).

The method of Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search" (IEEE TCIAIG 2012), SO-ISMCTS: one tree over the searching seat's
information set; every iteration samples a world the seat cannot tell from the
real one (:func:`tabletop.core.determinize.determinize`, ALL-H6), walks the tree
choosing only among the actions legal in that world (UCB1 with availability
counts), adds one node, plays on with the game's fast playout policy
(``GameRules.make_playout_bot``) for at most ``Budget.playout_depth`` actions, and
scores the end (1 won, 0 lost, 0.5 drawn, else ``GameRules.evaluate``).

Playouts use ``rules.prepare``/``rules.apply`` on copies (never a ``Game``: no undo
or reveal bookkeeping). The budget is counted in iterations (reproducible for a
given generator) with a wall-clock cap as a safety net. :func:`search` never
changes the state it is given and keeps no global state, so it is safe in a worker
thread.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from tabletop.core.actions import Action
from tabletop.core.determinize import determinize
from tabletop.core.evaluation import Term, score
from tabletop.core.model import GameState
from tabletop.core.playout import BotPolicy, as_policy, play_checked

if TYPE_CHECKING:
    from tabletop.core.rules import GameRules


@dataclass(frozen=True)
class Budget:
    """How hard one decision is thought about.

    ``iterations``: sampled worlds / tree iterations (the reproducible budget);
    ``seconds``: wall-clock cap in seconds (stops earlier on a slow machine; then
    the decision depends on speed); ``playout_depth``: actions per playout before
    it is cut and scored by ``GameRules.evaluate``; ``exploration``: the UCB1
    constant; ``prior``: visits credited (at a result of 0.5, for choosing only, not
    in the reported statistics) to the move the game's own bot would make at the root,
    so a small search leaves the bot's move only when its samples say another is
    better.
    """

    iterations: int
    seconds: float
    playout_depth: int
    exploration: float = 0.7
    prior: int = 0


@dataclass
class Node:
    """One action of the tree: reached by ``action`` of seat ``actor``.

    ``reward`` sums playout results from ``actor``'s side; ``available`` counts the
    iterations in which the action was legal at its parent (ISMCTS's UCB term).
    """

    action: Action | None
    actor: int
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[Action, Node] = field(default_factory=dict)
    #: root moves only: the sums of the evaluation terms' leads at the end of the
    #: sampled games that began with this move (``GameRules.evaluation_terms``)
    leads: list[float] | None = None
    terms: tuple[Term, ...] = ()

    def ucb(self, exploration: float, prior: int = 0) -> float:
        """UCB1 with availability counts (ISMCTS); ``prior`` extra visits at 0.5."""
        visits = self.visits + prior
        return (self.reward + 0.5 * prior) / visits + exploration * math.sqrt(
            math.log(max(1, self.available + prior)) / visits)


@dataclass(frozen=True)
class Line:
    """One root action's statistics: visits and mean result for the searching seat;
    ``terms``: the game's evaluation terms with their mean lead at the end of those
    sampled games (empty for a game without terms)."""

    action: Action
    visits: int
    value: float
    terms: tuple[Term, ...] = ()


@dataclass(frozen=True)
class SearchResult:
    """The search's answer: the chosen action (most visited at the root) and every
    root action's :class:`Line`, best first; ``iterations`` run and ``seconds`` taken."""

    action: Action
    lines: tuple[Line, ...]
    iterations: int
    seconds: float

    @property
    def best(self) -> Line:
        """The chosen action's line."""
        return self.lines[0]


def _result(rules: GameRules, world: GameState, seat: int,
            terms: tuple[Term, ...]) -> float:
    if world.game_over:
        if world.winner is None:
            return 0.5
        return 1.0 if world.winner == seat else 0.0
    value = score(terms) if terms else rules.evaluate(world, seat)
    return min(1.0, max(0.0, value))


def _add_leads(node: Node, terms: tuple[Term, ...]) -> None:
    if not terms:
        return
    if node.leads is None:
        node.leads = [0.0] * len(terms)
        node.terms = terms
    for i, term in enumerate(terms):
        node.leads[i] += term.lead


def _mean_terms(node: Node) -> tuple[Term, ...]:
    if node.leads is None or not node.visits:
        return ()
    return tuple(replace(t, lead=total / node.visits)
                 for t, total in zip(node.terms, node.leads, strict=True))


def _favourite(rules: GameRules, state: GameState, seat: int, legal: list[Action],
               budget: Budget, rng: random.Random) -> Action | None:
    """The game's own bot's move on one sampled world (None without a prior)."""
    if budget.prior <= 0:
        return None
    world = determinize(rules, state, seat, rng)
    table = BotPolicy(rules.make_bot(rng.getrandbits(32)))
    table.rules, table.state = rules, world
    action = table.bot.choose(table)  # type: ignore[attr-defined]
    return action if action in legal else None


def search(rules: GameRules, state: GameState, seat: int, legal: list[Action],
           budget: Budget, rng: random.Random) -> SearchResult:
    """Search the decision of ``seat`` among ``legal`` (its legal actions in ``state``,
    at least two). Reads only what ``seat`` sees: every iteration runs on a world
    sampled by :func:`determinize`. Raises ValueError when ``legal`` is empty."""
    if not legal:
        raise ValueError("search needs at least one legal action")
    legal = rules.search_actions(state, seat, legal)
    root = Node(None, 1 - seat)
    playout = as_policy(rules.make_playout_bot(rng.getrandbits(32)))
    favourite = _favourite(rules, state, seat, legal, budget, rng)
    start = time.perf_counter()
    done = 0
    while done < budget.iterations:
        if done and time.perf_counter() - start > budget.seconds:
            break
        done += 1
        world = determinize(rules, state, seat, rng)
        path = [root]
        node = root
        first = True
        while not world.game_over:
            actor = rules.acting_seat(world)
            actions = legal if first else rules.search_actions(
                world, actor, rules.legal_actions(world, actor))
            if not actions:
                break
            if len(actions) == 1 and not first:
                # a forced step adds nothing to choose between: not a node of its own
                if not play_checked(rules, world, actions[0]):
                    break
                continue
            first = False
            untried = [a for a in actions if a not in node.children]
            for a in actions:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = Node(action, actor, available=1)
                node.children[action] = child
                path.append(child)
                play_checked(rules, world, action)
                break
            bonus = favourite if node is root else None
            child = max((node.children[a] for a in actions),
                        key=lambda n: n.ucb(budget.exploration, budget.prior
                                            if n.action == bonus else 0))
            path.append(child)
            node = child
            if not play_checked(rules, world, child.action or actions[0]):
                break
        for _ in range(budget.playout_depth):
            if world.game_over or not playout.step(rules, world):
                break
        terms = rules.evaluation_terms(world, seat)
        result = _result(rules, world, seat, terms)
        if len(path) > 1:
            _add_leads(path[1], terms)
        for n in path:
            n.visits += 1
            n.reward += result if n.actor == seat else 1.0 - result
    lines = sorted((Line(a, n.visits, n.reward / n.visits if n.visits else 0.0,
                         _mean_terms(n))
                    for a, n in root.children.items()),
                   key=lambda line: (-line.visits - (budget.prior if line.action == favourite
                                                     else 0), -line.value))
    if not lines:
        lines = [Line(legal[0], 0, 0.5)]
    return SearchResult(lines[0].action, tuple(lines), done, time.perf_counter() - start)
