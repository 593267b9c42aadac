"""Finished games made quickly: rows as ``games.services._finish`` leaves them, without play.

For ratings, leaderboards and the archive list, where the moves do not matter; tests that need
a game that can be replayed play one through ``games.simulation.play_game``.
"""

from datetime import timedelta

from django.utils import timezone

from games.models import Game, Seat, seed_commitment
from ratings.services import record_result

START = timezone.now() - timedelta(days=365)


def finished_game(
    users, places, *, scores=None, left=(), rated=True, engine="africa", finished_at=None, **extra
) -> Game:
    """A finished game of ``users`` (seat order) who took ``places``; ``left``: indexes of the
    seats whose player left. Rated like the site rates a game that ends (record_result)."""
    finished_at = finished_at or START + timedelta(hours=Game.objects.count())
    game = Game.objects.create(
        engine=engine,
        num_players=len(users),
        status=Game.Status.FINISHED,
        rated=rated,
        seed=7,
        salt="pepper",
        seed_commitment=seed_commitment(7, "pepper"),
        created_at=finished_at - timedelta(days=30),
        started_at=finished_at - timedelta(days=29),
        finished_at=finished_at,
        **extra,
    )
    scores = scores or [40 - 5 * place for place in places]
    seats = [
        Seat.objects.create(
            game=game,
            user=user,
            number=number,
            colour="blue",
            place=place,
            final_score=score,
            left_at=finished_at if number in left else None,
        )
        for number, (user, place, score) in enumerate(zip(users, places, scores, strict=True))
    ]
    record_result(game, seats)
    return game
