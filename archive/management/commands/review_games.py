"""``manage.py review_games``: count the statistics and make the bot's review of the finished
games that have none (games that ended before the review existed, imported records)."""

from django.core.management.base import BaseCommand
from django.db.models import Exists, OuterRef

from archive.models import GameReview
from archive.tasks import review_game
from games.models import Game


class Command(BaseCommand):
    help = (
        "Make the statistics and the bot's review of every finished game that has no review "
        "yet, here and now, one game after the other (each within GAME_REVIEW_SECONDS)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=None, help="review at most this many")

    def handle(self, *args, **options):
        reviewed = GameReview.objects.filter(game=OuterRef("pk"), reviewed_at__isnull=False)
        waiting = Game.objects.finished().filter(~Exists(reviewed)).order_by("finished_at", "pk")
        ids = list(waiting.values_list("pk", flat=True)[: options["limit"]])
        for game_id in ids:
            review_game(game_id)
        self.stdout.write(self.style.SUCCESS(f"Games reviewed: {len(ids)}."))
