"""``manage.py import_game_record FILE``: recreate a finished game from its record."""

from django.core.management.base import BaseCommand, CommandError

from archive.management.commands.verify_game_record import read_record
from archive.records import RecordError
from archive.services import import_record


class Command(BaseCommand):
    help = (
        "Verify a game record and recreate it as a finished, unrated game. Players are matched "
        "by display name (any case); a name nobody has gets a new inactive account that cannot "
        "sign in."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **options):
        try:
            game = import_record(read_record(options["file"]))
        except RecordError as error:
            raise CommandError(f"The record was not imported: {error}") from None
        self.stdout.write(self.style.SUCCESS(f"Imported game {game.code}."))
