"""The arithmetic of a season, with no database: who sits at which table, the points by
placement, the divisions' sizes and the quarters that go up and down.

Everything here is decided from public data and a public number (the season's), so that
anyone can check a season's tables: nothing depends on a hidden thing.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Hashable, Sequence
from fractions import Fraction

#: Whole schedules drawn for a division; the one with the fewest rounds is kept.
TRIES = 40


def table_sizes(players: int, size: int, low: int, high: int) -> list[int]:
    """How a round of ``players`` is cut into tables of about ``size`` (the league's), each of
    ``low`` to ``high`` players (the game's): as few tables as keep every one at most
    ``size``, as equal as possible ([4, 3, 3] for 10 at tables of 4), else (tables would be
    too small) one fewer table, of ``size`` or a little more. Raises ValueError when neither
    fits the game."""
    for count in (math.ceil(players / size), players // size):
        if count <= 0:
            continue
        small, extra = divmod(players, count)
        sizes = [small + 1] * extra + [small] * (count - extra)
        if low <= min(sizes) and max(sizes) <= high:
            return sizes
    raise ValueError(f"{players} players cannot sit at tables of {low} to {high}")


def schedule(
    players: Sequence[Hashable], size: int, low: int, high: int, seed: int
) -> list[list[list[Hashable]]]:
    """Rounds of tables for ``players`` (a division): in each round every player sits at one
    table (``table_sizes``); rounds are added until every pair of players has met at least
    once. Each round is built greedily (a table takes the player who has the most opponents
    still to meet, then those who met fewest of its members); of TRIES whole schedules drawn
    with ``random.Random(seed)``, the one with the fewest rounds is kept. Returns
    [round][table][player]."""
    sizes = table_sizes(len(players), size, low, high)
    rng = random.Random(seed)
    best = None
    for _try in range(TRIES):
        rounds = _one_schedule(list(players), sizes, rng)
        if best is None or len(rounds) < len(best):
            best = rounds
    return best


def _one_schedule(players: list, sizes: list[int], rng: random.Random) -> list:
    """One greedy schedule (see ``schedule``)."""
    unmet = {p: set(players) - {p} for p in players}
    rounds = []
    limit = len(players) * 2  # a safe bound: greedy covers every pair far sooner
    while any(unmet.values()) and len(rounds) < limit:
        free = players[:]
        rng.shuffle(free)
        tables = []
        for seats in sizes:
            first = max(free, key=lambda p: len(unmet[p]))
            table = [first]
            free.remove(first)
            while len(table) < seats:
                pick = max(free, key=lambda p: sum(q in unmet[p] for q in table))
                table.append(pick)
                free.remove(pick)
            tables.append(table)
        for table in tables:
            for a, b in itertools.permutations(table, 2):
                unmet[a].discard(b)
        rounds.append(tables)
    return rounds


def placement_points(places: Sequence[int]) -> list[Fraction]:
    """The points of each seat of a table of n from its ``places`` (1 the best, equal places
    for a tie): n for the first place, then n - p for place p (4, 2, 1, 0 at a table of 4, as
    BoardGameArena's Swiss gives); players tied share the points of the places they cover.
    Raises ValueError for a place outside 1..n."""
    n = len(places)
    if any(not 1 <= p <= n for p in places):
        raise ValueError(f"places {list(places)} are not 1..{n}")
    by_place = [n] + [n - p for p in range(2, n + 1)]
    points = []
    for place in places:
        tied = sum(1 for other in places if other == place)
        points.append(Fraction(sum(by_place[place - 1 : place - 1 + tied]), tied))
    return points


def quarter(players: int) -> int:
    """A quarter of a division of ``players``, rounded up: how many go up, and how many down."""
    return math.ceil(players / 4)


def cut(groups: list[list], low: int, high: int) -> list[list]:
    """Divisions from ``groups`` (lists of players, the top first, in order): a group shorter
    than ``low`` merges with the next (the last with the one before), a group longer than
    ``high`` is cut into as few parts of ``low`` to ``high`` as it takes, in order. Empty
    groups vanish; a single group shorter than ``low`` stays as it is."""
    groups = [list(g) for g in groups if g]
    merged = []
    carry = []
    for group in groups:
        group = carry + group
        carry = []
        if len(group) < low:
            carry = group
        else:
            merged.append(group)
    if carry:
        if merged:
            merged[-1].extend(carry)
        else:
            merged.append(carry)
    divisions = []
    for group in merged:
        parts = max(1, math.ceil(len(group) / high))
        small, extra = divmod(len(group), parts)
        start = 0
        for index in range(parts):
            length = small + (1 if index < extra else 0)
            divisions.append(group[start : start + length])
            start += length
    return divisions
