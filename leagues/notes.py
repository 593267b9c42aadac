"""What a league says on its games' pages and mails (``games.annotations``), and the mail
that tells a player their season started (the ``season_started`` event's composer)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from games.annotations import Note, header_source, log_source
from leagues.models import Season, Table
from notifications.emails import absolute_url
from notifications.outbox import Close, Draft, composer
from notifications.preferences import wants

#: Where a game object keeps its league table once read, so that the header and the log of
#: one page (or one mail) read it once.
TABLE_ATTRIBUTE = "_league_table"


def _table(game) -> Table | None:
    """The league table of ``game`` (with its division, season and league), or None; one
    query per game object."""
    if TABLE_ATTRIBUTE not in game.__dict__:
        found = Table.objects.filter(game_id=game.pk).select_related("division__season__league")
        game.__dict__[TABLE_ATTRIBUTE] = found.first()
    return game.__dict__[TABLE_ATTRIBUTE]


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
