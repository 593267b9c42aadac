"""``manage.py league create|start|close``: make a league, start or close its season now."""

from django.core.management.base import BaseCommand, CommandError

from games.kinds import kind_names
from leagues import services
from leagues.models import League


class Command(BaseCommand):
    help = (
        "create --game GAME --name NAME [--table-size N] [--season-days D]: make a league "
        "(prints its slug); start SLUG: start its season open for entry now; close SLUG: "
        "close its season under way now."
    )

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True)
        create = actions.add_parser("create", help="make a league; prints its slug")
        create.add_argument("--game", required=True, choices=kind_names())
        create.add_argument("--name", required=True)
        create.add_argument("--table-size", type=int, default=None)
        create.add_argument("--season-days", type=int, default=42)
        for name in ("start", "close"):
            action = actions.add_parser(name, help=f"{name} the league's season now")
            action.add_argument("slug")

    def handle(self, *args, **options):
        try:
            if options["action"] == "create":
                league = services.create_league(
                    engine=options["game"],
                    name=options["name"],
                    table_size=options["table_size"],
                    season_days=options["season_days"],
                )
                self.stdout.write(league.slug)
                return
            league = League.objects.filter(slug=options["slug"]).first()
            if league is None:
                raise CommandError(f"no league {options['slug']!r}")
            if options["action"] == "start":
                season = league.next_season()
                if season is None:
                    raise CommandError("no season of this league is open for entry")
                season = services.start_season(season)
                tables = sum(d.tables.count() for d in season.divisions.all())
                self.stdout.write(
                    f"season {season.number} started: {season.divisions.count()} divisions, "
                    f"{tables} games"
                )
            else:
                season = league.current_season()
                if season is None or season.status != season.Status.RUNNING:
                    raise CommandError("no season of this league is under way")
                services.close_season(season)
                self.stdout.write(f"season {season.number} closed")
        except services.LeagueError as error:
            raise CommandError(error.message) from None
