"""``manage.py import_rulebook --game africa --language fr FILE``: add or replace a rulebook."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rulebooks import services
from rulebooks.models import Rulebook


class Command(BaseCommand):
    help = (
        "Import a rulebook from a Markdown (.md) or plain-text file, replacing the one of the "
        "same game, language and kind."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--game", required=True)
        parser.add_argument("--language", required=True)
        parser.add_argument("--kind", choices=Rulebook.Kind.values, default=Rulebook.Kind.FULL)
        parser.add_argument(
            "--format",
            choices=Rulebook.Format.values,
            help="markdown or text (default: from the file name, .md is Markdown)",
        )
        parser.add_argument("--title", default="")
        parser.add_argument("--book-version", dest="book_version", default="")
        parser.add_argument("--credits", default="")
        parser.add_argument(
            "--differences", type=Path, help="a Markdown file: how the online game differs"
        )

    def handle(self, *args, **options):
        path = options["file"]
        try:
            source = path.read_text(encoding="utf-8")
            differences = (
                options["differences"].read_text(encoding="utf-8") if options["differences"] else ""
            )
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {error}") from error
        try:
            rulebook, changed = services.import_rulebook(
                game=options["game"],
                language=options["language"],
                kind=options["kind"],
                source=source,
                source_format=options["format"] or services.source_format_for(path.name),
                title=options["title"],
                version=options["book_version"],
                credits=options["credits"],
                differences=differences,
            )
        except ValueError as error:
            raise CommandError(str(error)) from error
        sections = rulebook.sections.exclude(anchor="").count()
        state = "imported" if changed else "unchanged"
        self.stdout.write(f"{rulebook} {state}: {sections} sections, {rulebook.get_absolute_url()}")
