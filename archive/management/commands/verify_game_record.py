"""``manage.py verify_game_record FILE``: replay a game record and confirm its scores."""

import json

from django.core.management.base import BaseCommand, CommandError

from archive.records import RecordError, replay_record


def read_record(path: str) -> dict:
    """The JSON record in file ``path``. Raises CommandError when it cannot be read."""
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError) as error:
        raise CommandError(f"Cannot read {path}: {error}") from None


class Command(BaseCommand):
    help = (
        "Replay a game record (JSON, as /archive/<code>.json serves it) from its seed and "
        "check the commitment, every action and the final scores. Exits 1 when it does not hold."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **options):
        record = read_record(options["file"])
        try:
            steps, _state = replay_record(record)
        except RecordError as error:
            raise CommandError(f"The record does not verify: {error}") from None
        scores = ", ".join(str(score) for score in record["final_scores"])
        self.stdout.write(
            self.style.SUCCESS(
                f"The record verifies: {len(steps)} actions replay from the seed to the "
                f"scores {scores}."
            )
        )
