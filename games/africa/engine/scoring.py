"""Africa's final scoring (rulebook "Game End and Scoring", ruling 10)."""

from __future__ import annotations

from typing import Any

# Points for 0..5 goods of one kind.
GOODS_POINTS = (0, 1, 3, 5, 8, 12)
FIRST, SECOND = 10, 6


def goods_points(goods: dict[str, int]) -> int:
    """Points for a player's goods {kind: count}: 1/3/5/8/12 for 1/2/3/4/5 of a kind."""
    return sum(GOODS_POINTS[min(count, 5)] for count in goods.values())


def _share(points: int, players: int, rounding: str) -> int:
    return -(-points // players) if rounding == "up" else points // players


def majority_points(amounts: list[int], rounding: str = "down") -> list[int]:
    """Points per seat for gold (or jewels), from each seat's nuggets (or gems).

    Only seats holding at least one take part. A lone leader scores 10 and the seats tied for
    second share 6; k > 1 tied leaders share 10 + 6 and nobody is second. Shares round down,
    or up with ``rounding == "up"`` (the Dutch rulebook).
    """
    points = [0] * len(amounts)
    held = sorted({amount for amount in amounts if amount > 0}, reverse=True)
    if not held:
        return points
    leaders = [seat for seat, amount in enumerate(amounts) if amount == held[0]]
    if len(leaders) > 1:
        for seat in leaders:
            points[seat] = _share(FIRST + SECOND, len(leaders), rounding)
        return points
    points[leaders[0]] = FIRST
    if len(held) > 1:
        seconds = [seat for seat, amount in enumerate(amounts) if amount == held[1]]
        for seat in seconds:
            points[seat] = _share(SECOND, len(seconds), rounding)
    return points


def final_scoring(players: list[dict[str, Any]], rounding: str) -> list[dict[str, int]]:
    """Each seat's final points: [{"goods", "gold", "jewels"}] (the caller adds "bonus")."""
    gold = majority_points([p["gold"] for p in players], rounding)
    jewels = majority_points([p["jewels"] for p in players], rounding)
    return [
        {"goods": goods_points(p["goods"]), "gold": gold[seat], "jewels": jewels[seat]}
        for seat, p in enumerate(players)
    ]
