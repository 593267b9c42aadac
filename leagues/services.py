"""The writers of leagues: make a league, join and leave a season, start and close it.

Each public function runs in one transaction with the season row locked, re-reads it and
checks everything before it changes anything; a refused request raises a ``LeagueError`` a
player or an operator can read, and changes nothing.

A season's life: it is open for entry (``join``, ``leave``) until ``start_season`` places the
entrants in divisions, draws the tables and starts every game at once; ``close_season`` has
the bot finish the games still running, writes the final standings, moves a quarter of each
division up and a quarter down, and opens the next season with the players who stay.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.services import vacation_until
from games import services as games
from games.kinds import get_kind, kind_names
from games.models import BANK_DAYS_CHOICES, Game, Seat
from leagues import schedule
from leagues.models import (
    DIVISION_MAX,
    DIVISION_MIN,
    ENTRY_DAYS,
    Division,
    Entry,
    League,
    Season,
    Table,
)
from notifications.events import notify
from ratings.models import PlayerRating
from ratings.services import reliability


class LeagueError(Exception):
    """A league request that cannot be honoured; ``message`` is for the player or operator."""

    def __init__(self, message):
        super().__init__(str(message))
        self.message = str(message)


def table_range(engine: str) -> tuple[int, int]:
    """The players per table a league of ``engine`` may have: 2 at least (a league is for
    opponents), the game's most at most."""
    kind = get_kind(engine)
    return max(2, kind.min_players), kind.max_players


@transaction.atomic
def create_league(
    *,
    engine: str,
    name: str,
    table_size: int | None = None,
    season_days: int = 42,
    days_per_move: int = 3,
    bank_days: int = 7,
    options: dict | None = None,
    starts_at=None,
) -> League:
    """A new league of ``engine`` called ``name`` (its slug made from the name, unique), with
    its first season open for entry until ``starts_at`` (default: ENTRY_DAYS from now).
    ``table_size`` defaults to 4, or the game's most when fewer; ``options`` to the game's
    defaults. Raises LeagueError for an unknown game, a table size the game does not seat,
    a season shorter than a day, an empty name or a bank not offered."""
    if engine not in kind_names():
        raise LeagueError(_("There is no game called %(name)s.") % {"name": engine})
    low, high = table_range(engine)
    table_size = min(4, high) if table_size is None else table_size
    if not low <= table_size <= high:
        raise LeagueError(
            _("Tables of this game have %(min)d to %(max)d players.") % {"min": low, "max": high}
        )
    if season_days < 1:
        raise LeagueError(_("A season lasts a day at least."))
    if bank_days not in dict(BANK_DAYS_CHOICES):
        raise LeagueError(_("Choose a time bank of none, 3, 7 or 14 days."))
    base = slugify(name)[:70]
    if not base:
        raise LeagueError(_("Give the league a name."))
    slug, number = base, 1
    while League.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    league = League.objects.create(
        name=name.strip(),
        slug=slug,
        engine=engine,
        options=get_kind(engine).default_options() if options is None else options,
        table_size=table_size,
        days_per_move=days_per_move,
        bank_days=bank_days,
        season_days=season_days,
    )
    Season.after(league, 1, starts_at or timezone.now() + timedelta(days=ENTRY_DAYS))
    return league


def refusal(league: League, user: User, season: Season) -> str | None:
    """Why ``user`` may not enter ``season`` of ``league``, in words, or None: their
    reliability (the share on profiles, once they have played) is below the league's
    minimum, or their vacation runs through the season's start."""
    figure = reliability(user).figure
    if figure is not None and figure * 100 < league.min_reliability:
        return str(
            _(
                "Your reliability is %(share)d %%; this league asks for %(min)d %% at least. "
                "Play your moves in time and finish your games to raise it."
            )
            % {"share": int(figure * 100), "min": league.min_reliability}
        )
    until = vacation_until(user)
    if until is not None and until >= season.starts_at:
        return str(
            _("You are on vacation until after the season starts: end your vacation to join.")
        )
    return None


def _locked_season(season: Season) -> Season:
    return Season.objects.select_for_update().select_related("league").get(pk=season.pk)


@transaction.atomic
def join(league: League, user: User) -> Entry:
    """Enter ``user`` in the next season of ``league``. Raises LeagueError when no season is
    open for entry, they are already in it, or they are refused (``refusal``)."""
    season = league.next_season()
    if season is None:
        raise LeagueError(_("No season of this league is open for entry."))
    season = _locked_season(season)
    if season.entries.filter(user=user, left_at=None).exists():
        raise LeagueError(_("You are already in the next season."))
    reason = refusal(league, user, season)
    if reason:
        raise LeagueError(reason)
    entry, _created = Entry.objects.update_or_create(
        season=season, user=user, defaults={"left_at": None, "joined_at": timezone.now()}
    )
    return entry


@transaction.atomic
def leave(league: League, user: User) -> Entry:
    """Take ``user`` out of ``league``: out of the season open for entry, and out of the
    season under way, whose games they still play they forfeit (``forfeit``). Raises
    LeagueError when they are in neither."""
    entries = list(
        Entry.objects.select_for_update(of=("self",))
        .filter(season__league=league, user=user, left_at=None)
        .exclude(season__status=Season.Status.CLOSED)
        .select_related("season")
    )
    if not entries:
        raise LeagueError(_("You are not in this league."))
    for entry in entries:
        if entry.season.status == Season.Status.RUNNING:
            forfeit(entry)
        entry.left_at = timezone.now()
        entry.save(update_fields=["left_at"])
    return entries[0]


def forfeit(entry: Entry) -> None:
    """``entry``'s player leaves every game of their season still running: the bot plays
    their seat (as when anyone leaves a game), and each counts as a timeout of theirs."""
    games_left = Game.objects.active().filter(
        league_table__division__season=entry.season,
        seats__user=entry.user,
        seats__left_at=None,
    )
    for game in games_left:
        games.resign(game, entry.user)
        Seat.objects.filter(game=game, user=entry.user).update(timeouts=F("timeouts") + 1)


def season_seed(season: Season) -> int:
    """The public number the season's tables are drawn from: anyone can draw them again."""
    text = f"{season.league.slug}:{season.number}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@transaction.atomic
def start_season(season: Season) -> Season:
    """Start ``season`` now. Steps: lock it and check it is open; place its entrants in
    divisions (``place``); draw each division's tables (``schedule.schedule``) and create
    and start every game at once (rated, public, the league's options and clocks); tell
    every player (the ``season_started`` event). Raises LeagueError when the season is not
    open or has fewer than DIVISION_MIN entrants."""
    season = _locked_season(season)
    if season.status != Season.Status.OPEN:
        raise LeagueError(_("This season has already started."))
    league = season.league
    entries = list(season.entries.filter(left_at=None).select_related("user"))
    if len(entries) < DIVISION_MIN:
        raise LeagueError(
            _("A season needs %(min)d players at least; %(count)d entered.")
            % {"min": DIVISION_MIN, "count": len(entries)}
        )
    ratings = dict(
        PlayerRating.objects.filter(
            engine=league.engine, user__in=[e.user for e in entries]
        ).values_list("user_id", "ordinal")
    )
    low, high = table_range(league.engine)
    low = max(low, min(3, league.table_size))  # no table of two in a league of three or more
    seed = season_seed(season)
    for level, (members, rookie) in enumerate(place(entries, ratings), start=1):
        division = Division.objects.create(season=season, level=level, rookie=rookie)
        Entry.objects.filter(pk__in=[e.pk for e in members]).update(division=division)
        users = [e.user for e in members]
        rounds = schedule.schedule(users, league.table_size, low, high, seed + level)
        for number, tables in enumerate(rounds, start=1):
            for players in tables:
                game = games.create_table(
                    players,
                    engine=league.engine,
                    options=league.options,
                    days_per_move=league.days_per_move,
                    bank_days=league.bank_days,
                )
                Table.objects.create(division=division, game=game, round=number)
    season.status = Season.Status.RUNNING
    season.started_at = timezone.now()
    season.ends_at = season.started_at + timedelta(days=league.season_days)
    season.save(update_fields=["status", "started_at", "ends_at"])
    for entry in entries:
        about = f"{season.pk}:{entry.user_id}"
        notify("season_started", entry.user, about=about, payload={"season": season.pk})
    return season


def place(entries: list[Entry], ratings: dict[int, float]) -> list[tuple[list[Entry], bool]]:
    """The divisions of a season's ``entries``, the top first, each (entries, rookie):
    returning players by the level the last season gave them (promoted and relegated), then
    by their rank there; newcomers in the lowest division, or in a rookie division of their
    own when there are DIVISION_MIN of them and the league has returning players. A division
    shorter than DIVISION_MIN merges with the next, a longer one than DIVISION_MAX is cut
    (``schedule.cut``). Within a division, players are ordered by rating (``ratings``
    {user id: rating}), the best first."""

    def rating(entry):
        return -ratings.get(entry.user_id, float("-inf"))

    returning = [e for e in entries if e.previous_level is not None]
    newcomers = sorted((e for e in entries if e.previous_level is None), key=rating)
    levels = defaultdict(list)
    for entry in sorted(returning, key=lambda e: (e.previous_level, e.previous_rank or 0)):
        levels[entry.previous_level].append(entry)
    groups = [levels[level] for level in sorted(levels)]
    rookie = bool(returning) and len(newcomers) >= DIVISION_MIN
    if rookie:
        groups.append(newcomers)
    elif groups:
        groups[-1] = groups[-1] + newcomers
    else:
        groups = [newcomers]
    newcomer_ids = {e.pk for e in newcomers}
    divisions = schedule.cut(groups, DIVISION_MIN, DIVISION_MAX)
    return [
        (sorted(members, key=rating), rookie and all(e.pk in newcomer_ids for e in members))
        for members in divisions
    ]


@dataclass
class Standing:
    """A player's standing in a division: ``points`` (by placement, ``schedule
    .placement_points``), ``wins`` (first places, ties included), ``score_sum`` (their final
    scores), ``games`` (their tables in the season), ``finished`` (those over), and
    ``timeout_games`` (those in which they let a turn time out, or forfeited)."""

    entry: Entry
    points: Fraction = Fraction(0)
    wins: int = 0
    score_sum: int = 0
    games: int = 0
    finished: int = 0
    timeout_games: int = 0

    @property
    def user(self) -> User:
        return self.entry.user

    @property
    def points_shown(self) -> float:
        """The points as a number to print (a share of a tie may be a fraction)."""
        return float(self.points)

    @property
    def key(self) -> tuple:
        """The order of the standings: points, then wins, then the sum of scores."""
        return (-self.points, -self.wins, -self.score_sum, self.entry.user.display_name.lower())


def standings(division: Division) -> list[Standing]:
    """The standings of ``division`` now, the first first (``Standing.key``), from its
    finished games (a seat a newcomer took over counts for the entrant who left it)."""
    entries = list(division.entries.select_related("user"))
    rows = {e.user_id: Standing(e) for e in entries}
    seats = Seat.objects.filter(game__league_table__division=division).select_related("game")
    by_game = defaultdict(list)
    for seat in seats:
        by_game[seat.game_id].append(seat)
    for table_seats in by_game.values():
        finished = table_seats[0].game.status == Game.Status.FINISHED
        points = None
        if finished and all(s.place for s in table_seats):
            points = schedule.placement_points([s.place for s in table_seats])
        for index, seat in enumerate(table_seats):
            owner = seat.substitute_for_id if seat.substitute_for_id in rows else seat.user_id
            row = rows.get(owner)
            if row is None:
                continue
            row.games += 1
            if seat.timeouts or seat.left_at is not None or seat.substitute_for_id == owner:
                row.timeout_games += 1  # a game left or forfeited counts as a timeout
            if points is None:
                continue
            row.finished += 1
            row.points += points[index]
            row.wins += seat.place == 1
            row.score_sum += seat.final_score or 0
    return sorted(rows.values(), key=lambda row: row.key)


def closing_bot_level() -> str:
    """The level of the bot that finishes a closing season's games (LEAGUE_CLOSE_BOT_LEVEL)."""
    return settings.LEAGUE_CLOSE_BOT_LEVEL


def close_season(season: Season) -> Season:
    """Close ``season`` now. Steps: check it runs; every game still running is played to its
    end by the bot (``games.play_to_end`` with LEAGUE_CLOSE_BOT_LEVEL, its log says so) or,
    when that takes more than LEAGUE_CLOSE_SECONDS, ended with the scores as they stand
    (``games.end_now``), each game in a transaction of its own (a close of many games never
    holds one long transaction; a second close running meanwhile finds those games over);
    then, in one transaction with the season locked, ``_final_standings``. Raises
    LeagueError when the season is not running."""
    if not Season.objects.filter(pk=season.pk, status=Season.Status.RUNNING).exists():
        raise LeagueError(_("Only a season under way can be closed."))
    level = closing_bot_level()
    running = Table.objects.filter(division__season=season, game__status=Game.Status.ACTIVE)
    for table in running.select_related("game"):
        with transaction.atomic():
            version = table.game.version
            if games.play_to_end(table.game, level, settings.LEAGUE_CLOSE_SECONDS):
                table.closed_with = Table.Closing.BOT
            elif games.end_now(table.game):
                table.closed_with = Table.Closing.SCORES
            else:  # its players ended it meanwhile
                continue
            table.closed_version = version
            table.save(update_fields=["closed_with", "closed_version"])
    return _final_standings(season)


@transaction.atomic
def _final_standings(season: Season) -> Season:
    """The close's last step: write each entrant's final standing; the top quarter of each
    division (rounded up) goes up, the bottom quarter down (not from the top division up,
    nor from the lowest down); a player with timeouts in more than a third of their games is
    left out of the next season; open the next season with everyone else, placed by this
    one. Raises LeagueError when the season is no longer running (closed meanwhile)."""
    season = _locked_season(season)
    if season.status != Season.Status.RUNNING:
        raise LeagueError(_("Only a season under way can be closed."))
    divisions = list(season.divisions.order_by("level"))
    carried = []
    for division in divisions:
        rows = standings(division)
        up = schedule.quarter(len(rows)) if division.level > 1 else 0
        down = schedule.quarter(len(rows)) if division.level < len(divisions) else 0
        for rank, row in enumerate(rows, start=1):
            entry = row.entry
            entry.rank = rank
            entry.points = Decimal(row.points.numerator) / Decimal(row.points.denominator)
            entry.wins, entry.score_sum = row.wins, row.score_sum
            entry.games, entry.timeout_games = row.games, row.timeout_games
            entry.movement = (
                Entry.Movement.UP
                if rank <= up
                else Entry.Movement.DOWN
                if rank > len(rows) - down
                else Entry.Movement.STAY
            )
            entry.left_out = 3 * row.timeout_games > row.games
            entry.save()
            if entry.left_at is None and not entry.left_out:
                step = {Entry.Movement.UP: -1, Entry.Movement.DOWN: 1}.get(entry.movement, 0)
                carried.append((entry.user_id, division.level + step, rank))
    season.status = Season.Status.CLOSED
    season.closed_at = timezone.now()
    season.save(update_fields=["status", "closed_at"])
    following = season.league.next_season() or Season.after(
        season.league, season.number + 1, timezone.now() + timedelta(days=ENTRY_DAYS)
    )
    for user_id, target, rank in carried:
        Entry.objects.update_or_create(
            season=following,
            user_id=user_id,
            defaults={"previous_level": target, "previous_rank": rank, "left_at": None},
        )
    return season


def seasons_due(now) -> tuple[list[Season], list[Season]]:
    """The seasons to start (open, their start passed) and to close (running, their end
    passed) at ``now``."""
    start = list(Season.objects.filter(status=Season.Status.OPEN, starts_at__lte=now))
    close = list(Season.objects.filter(status=Season.Status.RUNNING, ends_at__lte=now))
    return start, close
