"""How long a game will take, in days, and how fast a player moves.

A game's length is its number of turns times the time a player takes to reply (to move once
the turn came to them): the turns are the median of the finished games of the same game and
player count (else the kind's ``turns_per_player`` per player), the reply time the median
reply of the players who joined so far over ``RECENT`` (else half the time per move), and no
estimate is longer than every player using all their time per move and all their bank.
"""

from __future__ import annotations

import math
from datetime import timedelta
from statistics import median

from django.db.models import F
from django.utils import timezone

from games.kinds import get_kind
from games.models import Game, Move, Seat

RECENT = timedelta(days=30)
FINISHED_SAMPLE = 50  # the newest finished games whose turns are counted
REPLY_SAMPLE = 500  # the newest replies of the players counted


def _turns(moves: list[tuple[int, int]]) -> int:
    """How many turns ``moves`` [(game id, seat)] in game and version order hold (a turn
    begins at each change of seat)."""
    turns, previous = 0, None
    for key in moves:
        if key != previous:
            turns += 1
        previous = key
    return turns


def median_turns(engine: str, num_players: int) -> float | None:
    """The median number of turns of the newest finished games of ``engine`` at
    ``num_players``, or None when there is none."""
    games = list(
        Game.objects.finished()
        .filter(engine=engine, num_players=num_players)
        .order_by("-finished_at")
        .values_list("pk", flat=True)[:FINISHED_SAMPLE]
    )
    if not games:
        return None
    rows = Move.objects.filter(game__in=games, taken_back=False).order_by("game", "version")
    by_game: dict[int, list] = {}
    for game_id, seat in rows.values_list("game_id", "seat"):
        by_game.setdefault(game_id, []).append((game_id, seat))
    return median(_turns(moves) for moves in by_game.values()) if by_game else None


def reply_times(users, since) -> list[timedelta]:
    """How long ``users`` took to make the first move of each of their turns since ``since``
    (from the move before it, another seat's), newest first, at most REPLY_SAMPLE."""
    mine = list(
        Move.objects.filter(
            game__seats__user__in=users,
            game__seats__number=F("seat"),
            created_at__gte=since,
            automatic=False,
            taken_back=False,
        )
        .order_by("-created_at")
        .values_list("game_id", "version", "seat", "created_at")[:REPLY_SAMPLE]
    )
    if not mine:
        return []
    before = {
        (game_id, version): (seat, created)
        for game_id, version, seat, created in Move.objects.filter(
            game__in={m[0] for m in mine}, version__in={m[1] - 1 for m in mine}
        ).values_list("game_id", "version", "seat", "created_at")
    }
    times = []
    for game_id, version, seat, created in mine:
        previous = before.get((game_id, version - 1))
        if previous is not None and previous[0] != seat:
            times.append(created - previous[1])
    return times


def median_reply(users, now=None) -> timedelta | None:
    """The median reply time (``reply_times``) of ``users`` over the last RECENT, or None."""
    times = reply_times(users, (now or timezone.now()) - RECENT)
    return median(times) if times else None


def estimate_days(
    engine: str, num_players: int, days_per_move: int, bank_days: int, users=(), turns=None
) -> int:
    """About how many days a game of ``engine`` for ``num_players`` at ``days_per_move`` and a
    bank of ``bank_days`` will last with ``users`` (who joined so far: users or their ids):
    turns times reply time, no more than every turn taking its whole time and every bank spent;
    at least 1. ``turns`` is ``median_turns`` when the caller has read it."""
    turns = turns if turns is not None else median_turns(engine, num_players)
    if turns is None:
        turns = get_kind(engine).turns_per_player * num_players
    reply = median_reply(list(users)) if users else None
    if reply is None:
        reply = timedelta(days=days_per_move) / 2
    longest = turns * days_per_move + num_players * bank_days
    days = min(turns * reply / timedelta(days=1), longest)
    return max(1, math.ceil(days))


def add_estimates(games) -> None:
    """Set ``estimate`` (``estimate_days``, with the players seated so far) on each of the open
    ``games`` (Game rows), for the lobby; the finished games' turns read once per game and
    player count."""
    games = list(games)
    seated: dict[int, list[int]] = {}
    rows = Seat.objects.filter(game__in=games, user__isnull=False).values_list("game", "user")
    for game_id, user_id in rows:
        seated.setdefault(game_id, []).append(user_id)
    turns: dict[tuple[str, int], float | None] = {}
    for game in games:
        key = (game.engine, game.num_players)
        if key not in turns:
            turns[key] = median_turns(*key)
        game.estimate = estimate_days(
            game.engine,
            game.num_players,
            game.days_per_move,
            game.bank_days,
            seated.get(game.pk, []),
            turns=turns[key],
        )
