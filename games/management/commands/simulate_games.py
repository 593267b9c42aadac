"""``manage.py simulate_games``: complete (or partly played) games between random players."""

import random
import time

from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from games.engines import engine_names, get_engine
from games.kinds import kind_names
from games.models import Game
from games.simulation import play_game, simulated_players


class Command(BaseCommand):
    help = (
        "Create players and play games with random legal actions through the site's services. "
        "With --plies the games stop after that many actions and stay running."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", default=kind_names()[0], choices=engine_names())
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--count", type=int, default=1)
        parser.add_argument("--plies", type=int, default=None)
        parser.add_argument("--seed", type=int, default=None, help="for repeatable choices")
        parser.add_argument(
            "--users", default="", help="comma-separated emails of accounts to seat first"
        )
        parser.add_argument(
            "--demo",
            action="store_true",
            help="the demo set for a new site: 2 finished and 2 running games with --users, each "
            "running one waiting for a move of one of them; "
            "does nothing once those players have games of --game",
        )

    def handle(self, *args, **options):
        rules = get_engine(options["game"])
        if not rules.min_players <= options["players"] <= rules.max_players:
            raise CommandError(
                f"{options['game']} is for {rules.min_players} to {rules.max_players} players"
            )
        if options["game"] not in kind_names():
            raise CommandError(f"the site does not play {options['game']} yet")
        named = [e.strip() for e in options["users"].split(",") if e.strip()]
        users = list(User.objects.filter(email__in=named))
        if len(users) != len(named):
            raise CommandError("unknown user among --users")
        rng = random.Random(options["seed"])
        players = (users + simulated_players(options["players"]))[: options["players"]]
        if options["demo"]:
            if Game.objects.of_player(players[0]).filter(engine=options["game"]).exists():
                self.stdout.write("Demo games are already there.")
                return
            runs = [(2, None), (2, 15)]
            running_for = users or None
        else:
            runs = [(options["count"], options["plies"])]
            running_for = None
        for count, plies in runs:
            for _n in range(count):
                started = time.perf_counter()
                seats = players[:]
                rng.shuffle(seats)
                # A running demo game waits for a named account, who can play it at once.
                game = play_game(
                    seats, rng=rng, engine=options["game"], plies=plies, to_move=running_for
                )
                self.stdout.write(
                    f"{game.get_status_display()}: {game.get_absolute_url()} "
                    f"({game.moves.count()} moves, {time.perf_counter() - started:.1f} s)"
                )
