"""The statistics and the bot's review of a finished game, as partials that the game's page
and its replay include (``{% load reviews %}``), so that the games app needs no import of the
archive."""

from __future__ import annotations

from django import template

from archive.reviews import review_context, statistics_table

register = template.Library()


@register.inclusion_tag("archive/partials/statistics.html")
def game_statistics(game):
    """The statistics table of finished ``game`` (``archive.reviews.statistics_table``)."""
    return {"statistics": statistics_table(game)}


@register.inclusion_tag("archive/partials/review.html")
def game_review(game, seat=None):
    """The bot's review of ``game`` for the viewer holding ``seat`` (None: no seat), or
    nothing when they may not see it (``archive.reviews.review_context``)."""
    return {"game": game, "review": review_context(game, seat)}
