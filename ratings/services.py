"""The only writers of ratings: record a finished game's result, rebuild every rating.

Ratings follow openskill's Plackett-Luce model with its default parameters (mu 25, sigma
25/3, beta 25/6, tau 25/300): every seat of a finished rated game is a one-player team ranked
by ``Seat.place``, so players with equal scores share a place (a tie) and players who left rank
last (``games.services._finish`` already placed them so). A game changes its players' ratings
in the transaction that finishes it; ``rebuild_ratings`` replays every finished rated game in
the order (finished_at, id) through the same function, so it gives the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Avg, Count, F, Max, Q
from openskill.models import PlackettLuce

from games.models import Game, Move, Seat
from ratings.models import PlayerRating, RatingChange, ordinal

MODEL = PlackettLuce()
BATCH = 2000


def rate(before: list[tuple[float, float]], places: list[int]) -> list[tuple[float, float]]:
    """The (mu, sigma) of each player after a game, from their (mu, sigma) before it and the
    places they took (1 is first; equal places are ties), in the same order.

    Plackett-Luce (Weng and Lin 2011, as implemented by openskill 6). Raises ValueError for
    fewer than two players or lists of different lengths.
    """
    if len(before) < 2 or len(before) != len(places):
        raise ValueError("a rated game needs two or more players, each with a place")
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [(team[0].mu, team[0].sigma) for team in rated]


#: Whose rating a seat plays for: ("user", user id) or ("bot", level).
RatingKey = tuple[str, int | str]


def rating_key(seat: Seat) -> RatingKey:
    """Whose rating ``seat``'s result counts for: its player's, or its computer level's; for a
    seat a newcomer took over (``Seat.substitute_for``), the player who left it: the newcomer
    is not rated for that game."""
    if seat.is_bot:
        return ("bot", seat.bot_level)
    return ("user", seat.substitute_for_id or seat.user_id)


def rated_place(seat: Seat, placed: list[Seat]) -> int:
    """The place ``seat`` counts for in the ratings among the ``placed`` seats of its game: its
    own, or last for a seat a newcomer took over (its player left it, and a player who left
    ranks last)."""
    return len(placed) if seat.is_substitute else seat.place


def _key_of(rating: PlayerRating) -> RatingKey:
    return ("user", rating.user_id) if rating.user_id is not None else ("bot", rating.bot_level)


def _new_rating(key: RatingKey, engine: str) -> PlayerRating:
    who, ident = key
    return PlayerRating(
        user_id=ident if who == "user" else None,
        bot_level=ident if who == "bot" else "",
        engine=engine,
        mu=MODEL.mu,
        sigma=MODEL.sigma,
        ordinal=ordinal(MODEL.mu, MODEL.sigma),
    )


def _changes(
    game: Game, seats: list[Seat], ratings: dict[RatingKey, PlayerRating]
) -> list[RatingChange]:
    """Rate ``game``: update ``ratings`` ({rating_key: PlayerRating} of its players, in
    memory) and return the unsaved changes; [] for an unrated game or fewer than two placed
    seats.

    Every seat is a one-player team. A computer level that held several seats enters the
    game once per seat with its rating before the game, and its rating after is the mean of
    those seats' results (one game counted, a win if any of its seats won)."""
    placed = [seat for seat in seats if seat.place is not None]
    if not game.rated or len(placed) < 2:
        return []
    before = [(ratings[rating_key(s)].mu, ratings[rating_key(s)].sigma) for s in placed]
    after = rate(before, [rated_place(seat, placed) for seat in placed])
    results: dict[RatingKey, list[tuple[Seat, tuple[float, float]]]] = {}
    for seat, new in zip(placed, after, strict=True):
        results.setdefault(rating_key(seat), []).append((seat, new))
    changes = []
    for key, played in results.items():
        rating = ratings[key]
        mu, sigma = rating.mu, rating.sigma
        new_mu = sum(new[0] for _seat, new in played) / len(played)
        new_sigma = sum(new[1] for _seat, new in played) / len(played)
        rating.mu, rating.sigma, rating.ordinal = new_mu, new_sigma, ordinal(new_mu, new_sigma)
        rating.games += 1
        rating.wins += any(rated_place(seat, placed) == 1 for seat, _new in played)
        changes.extend(
            RatingChange(
                user_id=key[1] if key[0] == "user" else None,
                bot_level=seat.bot_level,
                game=game,
                engine=game.engine,
                finished_at=game.finished_at,
                place=rated_place(seat, placed),
                mu_before=mu,
                sigma_before=sigma,
                mu_after=new_mu,
                sigma_after=new_sigma,
            )
            for seat, _new in played
        )
    return changes


def record_result(game: Game, seats: list[Seat]) -> list[RatingChange]:
    """Update the ratings of a game's players once it is finished; called by
    ``games.services._finish`` inside the transaction that finishes the game.

    ``seats``: the game's seats with ``place`` set. Steps: create missing ratings (of people
    and of computer levels), lock the players' rating rows (people in user id order, then the
    levels, so two games finishing at once cannot deadlock), rate the game, save the ratings
    and one RatingChange per seat. Returns the changes; [] (nothing written) for an unrated
    game.
    """
    placed = [seat for seat in seats if seat.place is not None]
    if not game.rated or len(placed) < 2:
        return []
    keys = sorted({rating_key(seat) for seat in placed}, key=lambda k: (k[0] == "bot", str(k[1])))
    PlayerRating.objects.bulk_create(
        [_new_rating(key, game.engine) for key in keys], ignore_conflicts=True
    )
    user_ids = [ident for who, ident in keys if who == "user"]
    levels = [ident for who, ident in keys if who == "bot"]
    locked = (
        PlayerRating.objects.select_for_update()
        .filter(engine=game.engine)
        .filter(Q(user_id__in=user_ids) | Q(user__isnull=True, bot_level__in=levels))
        .order_by(F("user_id").asc(nulls_last=True), "bot_level")
    )
    ratings = {_key_of(rating): rating for rating in locked}
    changes = _changes(game, seats, ratings)
    PlayerRating.objects.bulk_update(
        list(ratings.values()), ["mu", "sigma", "ordinal", "games", "wins"]
    )
    RatingChange.objects.bulk_create(changes)
    return changes


@transaction.atomic
def rebuild_ratings(progress: Callable[[int], None] | None = None) -> int:
    """Delete every rating and change, then rate every finished rated game again in the
    order (finished_at, id). Returns the number of games rated; ``progress(games)`` is
    called every BATCH games. Gives the numbers that the games gave one by one."""
    RatingChange.objects.all().delete()
    PlayerRating.objects.all().delete()
    ratings: dict[str, dict[RatingKey, PlayerRating]] = {}
    changes: list[RatingChange] = []
    games = (
        Game.objects.finished()
        .filter(rated=True)
        .only("id", "engine", "rated", "finished_at")
        .order_by("finished_at", "id")
        .prefetch_related("seats")
    )
    count = 0
    for count, game in enumerate(games.iterator(chunk_size=BATCH), start=1):
        of_game = ratings.setdefault(game.engine, {})
        seats = list(game.seats.all())
        for seat in seats:
            if rating_key(seat) not in of_game:
                of_game[rating_key(seat)] = _new_rating(rating_key(seat), game.engine)
        changes.extend(_changes(game, seats, of_game))
        if progress and count % BATCH == 0:
            progress(count)
    PlayerRating.objects.bulk_create(
        [rating for of_game in ratings.values() for rating in of_game.values() if rating.games],
        batch_size=BATCH,
    )
    RatingChange.objects.bulk_create(changes, batch_size=BATCH)
    return count


# -- reading ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reliability:
    """How dependably a player plays, from two counts (all games, rated or not).

    - Moves in time: of the moves of the player's seats while the player held the seat (before
      ``Seat.left_at``, if set), those the player made; a move the site played for the seat
      (``Move.automatic``, as for an absent player or, later, a turn timeout) was not in time.
      Moves played for the seat after the player left count in the second figure instead.
    - Games completed: of the player's finished games, those in which the seat was never taken
      over (``Seat.left_at`` unset: the player neither resigned nor was replaced); a seat the
      player left and a newcomer then took over counts as not completed. A newcomer's moves
      count from the takeover on (``Seat.substituted_version``).

    ``figure`` is the smaller of the two shares (0 to 1), so either habit lowers it; None while
    the player has no finished game and no move.
    """

    moves: int
    moves_in_time: int
    games: int
    games_completed: int

    @property
    def moves_share(self) -> float | None:
        return self.moves_in_time / self.moves if self.moves else None

    @property
    def games_share(self) -> float | None:
        return self.games_completed / self.games if self.games else None

    @property
    def figure(self) -> float | None:
        shares = [s for s in (self.moves_share, self.games_share) if s is not None]
        return min(shares) if shares else None


def reliability(user) -> Reliability:
    """``user``'s Reliability (two queries)."""
    moves = Move.objects.filter(
        Q(game__seats__left_at=None) | Q(created_at__lt=F("game__seats__left_at")),
        Q(game__seats__substituted_version=None)
        | Q(version__gt=F("game__seats__substituted_version")),
        game__seats__user=user,
        seat=F("game__seats__number"),
        taken_back=False,
        at_close=False,  # the computer finishing a closed competition's game
    ).aggregate(total=Count("id"), automatic=Count("id", filter=Q(automatic=True)))
    games = (
        Seat.objects.filter(Q(user=user) | Q(substitute_for=user))
        .filter(game__status=Game.Status.FINISHED)
        .aggregate(total=Count("id"), completed=Count("id", filter=Q(left_at=None, user=user)))
    )
    return Reliability(
        moves=moves["total"],
        moves_in_time=moves["total"] - moves["automatic"],
        games=games["total"],
        games_completed=games["completed"],
    )


def results_by_game(user) -> list[dict]:
    """``user``'s finished games per game: [{"engine", "played", "won", "average", "best"}]
    (scores in points; average None without a score), by engine name."""
    return list(
        Seat.objects.filter(user=user, game__status=Game.Status.FINISHED)
        .values(engine=F("game__engine"))
        .annotate(
            played=Count("id"),
            won=Count("id", filter=Q(place=1)),
            average=Avg("final_score"),
            best=Max("final_score"),
        )
        .order_by("engine")
    )
