"""Readers of games: questions the pages, the poll and the writers ask without changing
anything (the writers are ``games.services``)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Count, Q
from django.utils import timezone

from africa_site import cached
from games.engines import GAME_OVER, explain, replay
from games.kinds.rules_links import WhyNot
from games.models import TAKEOVER_LEVEL, Game, Move, Seat, bot_name

#: How often a seat's visit is noted at most (``services.mark_seen``).
SEEN_EVERY = timedelta(minutes=1)
#: How long ``undoable``'s answer for a version is kept.
UNDOABLE_SECONDS = 60 * 60


def seen_long_ago(last_seen_at: datetime | None) -> bool:
    """Whether a seat's last visit (``Seat.last_seen_at``) is older than the minute
    ``mark_seen`` waits between writes (or never happened)."""
    return last_seen_at is None or last_seen_at < timezone.now() - SEEN_EVERY


def why_not(game: Game, seat_number: int | None, text: str) -> WhyNot | None:
    """Why seat ``seat_number`` (None: a watcher or a player who left) may not play the typed
    action ``text`` in ``game`` now, in the active language: ``games.engines.explain`` said by
    the kind (``rules_links.why_not``); None when the action may be played. A game that is
    not being played is over. The reason never depends on what the seat may not see (the
    engines' suites check it on twin positions)."""
    kind = game.kind
    if game.status != Game.Status.ACTIVE or game.state is None:
        return kind.rules_links.why_not(GAME_OVER)
    reason = explain(kind.engine, game.state, seat_number, text)
    return None if reason is None else kind.rules_links.why_not(reason)


def undoable(game: Game, seat_number: int | None) -> bool:
    """Whether ``seat_number`` could undo its last action now (for offering the button).

    The answer is kept in the cache by game and version (a version is one position for
    good), so that a page shown again does not replay the game to find it."""
    if game.status != Game.Status.ACTIVE or seat_number != game.current_seat:
        return False
    return cached.kept(
        undoable_key(game, seat_number),
        UNDOABLE_SECONDS,
        lambda: undoable_move(game, seat_number) is not None,
    )


def undoable_key(game: Game, seat_number: int) -> str:
    return f"game:{game.pk}:{game.version}:undoable:{seat_number}"


def undoable_move(game: Game, seat_number: int) -> Move | None:
    """The last standing move if ``seat_number`` played it by hand and it revealed nothing
    (the engine's ``reveals``, judged in the position before it), else None."""
    standing = game.moves.filter(taken_back=False)
    last = standing.order_by("-version").first()
    if last is None or last.seat != seat_number or last.automatic:
        return None
    rules = game.kind.engine
    earlier = standing.exclude(pk=last.pk).order_by("version").values_list("action", flat=True)
    before = replay(rules, game.num_players, game.seed, game.options, earlier)
    return None if rules.reveals(before, last.action) else last


#: A seat left to a bot is offered to newcomers while the game is less far than this
#: (``engine.progress``, 0 to 1): from half the game on, it stays with the bot.
TAKEOVER_BEFORE = 0.5
#: The fewest players a game needs for its players to vote to end it (with two, the one
#: who would lose may resign instead).
VOTE_END_PLAYERS = 3
#: How far a game must be before the lobby tells how many moves it will take in all.
EARLIEST_ESTIMATE = 0.05
#: The most seats left to bots the lobby offers to newcomers.
OPEN_SEATS_SHOWN = 50


def offered(seat: Seat) -> bool:
    """Whether ``seat`` is one a bot plays for a player who left (resigned, timed out) and
    that no newcomer has taken over yet (a seat changes hands once a game)."""
    return seat.user_id is not None and seat.left_at is not None and not seat.is_substitute


def game_progress(game: Game) -> float:
    """How far ``game`` is, 0 to 1 (the engine's ``progress`` of its position)."""
    return game.kind.engine.progress(game.state)


def end_votes(seats: list[Seat]) -> tuple[int, int]:
    """(the votes to end the game among its active players, the votes that end it: all the
    active players but one) of a game's ``seats``. Active players are people still in the
    game: not computer players, not players who left."""
    active = [s for s in seats if not s.is_bot and s.left_at is None]
    return sum(s.end_vote for s in active), max(1, len(active) - 1)


def ends_by_vote(game: Game, seats: list[Seat]) -> bool:
    """Whether the votes of ``game``'s active players (its ``seats``) end it now: a game of
    VOTE_END_PLAYERS or more, with at least one vote and all its active players but one."""
    votes, needed = end_votes(seats)
    return game.num_players >= VOTE_END_PLAYERS and votes > 0 and votes >= needed


def seats_to_take_over(user) -> list:
    """The seats a newcomer may take over now, for the lobby, newest games first: seats that
    bots play for players who left (``offered``), in running games open to anyone (not by
    invitation only) and less than half played (``TAKEOVER_BEFORE``), leaving out the games
    ``user`` plays in or left. Each Seat comes with its ``game``, ``robot`` (the name of the
    bot that plays it), ``move`` (the number of the game's next move) and ``moves_about``
    (the moves the whole game will take, from how far it is; None while too early to tell)."""
    seats = (
        Seat.objects.filter(
            game__status=Game.Status.ACTIVE,
            game__invite_only=False,
            left_at__isnull=False,
            user__isnull=False,
            substitute_for=None,
        )
        .select_related("game")
        .annotate(moves=Count("game__moves", filter=Q(game__moves__taken_back=False)))
        .order_by("-game__started_at", "number")
    )
    if user.is_authenticated:
        mine = Seat.objects.filter(Q(user=user) | Q(substitute_for=user)).values("game_id")
        seats = seats.exclude(game_id__in=mine)
    found = []
    for seat in seats[:OPEN_SEATS_SHOWN]:
        progress = game_progress(seat.game)
        if progress >= TAKEOVER_BEFORE:
            continue
        seat.robot = bot_name(TAKEOVER_LEVEL, seat.number)
        seat.move = seat.moves + 1
        seat.moves_about = None
        if progress >= EARLIEST_ESTIMATE:
            seat.moves_about = max(seat.move, round(seat.moves / progress))
        found.append(seat)
    return found
