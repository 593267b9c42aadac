"""``{{ game|turn_clock }}``: the clock of the player to move, in words (``games.clocks``)."""

from django import template

from games import clocks

register = template.Library()


@register.filter
def turn_clock(game) -> str:
    """What is left of the move's time and of the bank of ``game``'s player to move
    ("1 day 4 h, then 6 days of bank"), "" without a deadline."""
    return clocks.turn_clock(game)


@register.filter
def duration_words(span) -> str:
    """A timedelta in days and hours ("1 day 4 h"), see ``games.clocks.duration_words``."""
    return clocks.duration_words(span)
