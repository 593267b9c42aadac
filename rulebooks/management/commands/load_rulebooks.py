"""``manage.py load_rulebooks``: load the site's own rules summaries (idempotent)."""

from django.core.management.base import BaseCommand

from rulebooks import services


class Command(BaseCommand):
    help = "Load the rules summaries shipped in games/<game>/rules/; unchanged files are skipped."

    def handle(self, *args, **options):
        loaded = services.load_site_rulebooks()
        changed = sum(1 for _rulebook, was_changed in loaded if was_changed)
        self.stdout.write(f"{len(loaded)} rules summaries, {changed} loaded or updated.")
