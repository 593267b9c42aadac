"""What a league says on its games' pages and mails (``games.annotations``), and the mail
that tells a player their season started (the ``season_started`` event's composer)."""

from __future__ import annotations

from django.core.cache import cache
from django.urls import reverse
from django.utils.translation import gettext as _

from africa_site.cached import forget
from games.annotations import Note, header_source, log_source
from leagues.models import Season, Table
from notifications.emails import absolute_url
from notifications.outbox import Close, Draft, composer
from notifications.preferences import wants

#: Where a game object keeps its league table once read, so that the header and the log of
#: one page (or one mail) read it once.
TABLE_ATTRIBUTE = "_league_table"


#: How long the shared cache keeps a game's league table (seconds): a table changes only when
#: its season closes (``forget_table``); a league renamed in the admin shows within this time.
TABLE_SECONDS = 60 * 60
#: How long it keeps that a game is in no league (seconds): a game becomes a league game only
#: when a table is made for it, which forgets this (``forget_table``); most games are in none,
#: and a day or more passes between two moves of a game.
NO_TABLE_SECONDS = 7 * 24 * 60 * 60

#: What the cache holds for a game outside any league (None would read as a miss).
NO_TABLE = 0


def table_key(game_id: int) -> str:
    """The shared cache's key of the league table of the game ``game_id``."""
    return f"league-table:{game_id}"


def _table(game) -> Table | None:
    """The league table of ``game`` (with its division, season and league), or None: kept on
    the game object and in the shared cache, so that a page or a mail reads it without a query
    after the game's first."""
    if TABLE_ATTRIBUTE not in game.__dict__:
        key = table_key(game.pk)
        found = cache.get(key)
        if found is None:
            rows = Table.objects.filter(game_id=game.pk).select_related("division__season__league")
            found = rows.first() or NO_TABLE
            cache.set(key, found, TABLE_SECONDS if found else NO_TABLE_SECONDS)
        game.__dict__[TABLE_ATTRIBUTE] = found or None
    return game.__dict__[TABLE_ATTRIBUTE]


def forget_table(sender, instance, using, **kwargs) -> None:
    """``post_save`` and ``post_delete`` of Table: its game's pages read it again; forgotten
    at once and again at the commit, so that a page read meanwhile does not keep the old one."""
    forget([table_key(instance.game_id)], using)


@header_source
def league_header(game) -> list[Note]:
    """ "League Rift, season 2, Division 1", linked to the season's standings, for a game of a
    league; nothing for another game."""
    table = _table(game)
    if table is None:
        return []
    division = table.division
    season = division.season
    text = _("%(league)s, season %(season)d, %(division)s, round %(round)d") % {
        "league": season.league.name,
        "season": season.number,
        "division": division.name,
        "round": table.round,
    }
    return [Note(text, season.get_absolute_url() + f"#division-{division.level}")]


@log_source
def league_log(game) -> list[dict]:
    """The log's line where a season's close took the game over: the bot played every seat to
    the end, or the game ended with the scores as they stood."""
    table = _table(game)
    if table is None or not table.closed_with:
        return []
    if table.closed_with == Table.Closing.BOT:
        text = _("The season closed: the computer played every seat to the end of the game.")
        ply = table.closed_version + 1
    else:
        text = _("The season closed: the game ended with the scores as they stood.")
        ply = game.version
    return [{"ply": ply, "seat": None, "lines": [{"text": text, "event": ""}]}]


@composer("season_started")
def compose_season_started(row) -> Draft | Close:
    """The season of a league started: its name, the player's division and number of games,
    and the links to the standings and to My games."""
    season = Season.objects.select_related("league").filter(pk=row.payload.get("season")).first()
    if season is None or season.status != Season.Status.RUNNING:
        return Close("moved on")
    if not wants(row.user, row.template, row.channel):
        return Close("not wanted")
    entry = season.entries.select_related("division").filter(user=row.user).first()
    if entry is None or entry.division is None or entry.left_at is not None:
        return Close("moved on")
    games = Table.objects.filter(division=entry.division, game__seats__user=row.user).count()
    return Draft(
        {
            "season": season,
            "league": season.league,
            "division": entry.division,
            "games": games,
            "season_url": absolute_url(season.get_absolute_url()),
            "my_games_url": absolute_url(reverse("my_games")),
        }
    )
