"""``manage.py rebuild_ratings``: every rating again from the finished rated games."""

from django.core.management.base import BaseCommand

from ratings.services import rebuild_ratings


class Command(BaseCommand):
    help = (
        "Delete every rating and rating change, then rate every finished rated game again in "
        "the order it finished (finished_at, then id). Gives the numbers the games gave."
    )

    def handle(self, *args, **options):
        count = rebuild_ratings(progress=lambda games: self.stdout.write(f"{games} games rated..."))
        self.stdout.write(self.style.SUCCESS(f"{count} finished rated games rated."))
