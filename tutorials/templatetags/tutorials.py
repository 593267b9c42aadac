"""``{% learn_link game %}``: the "Learn to play" link of a game that ships a tutorial."""

from django import template

from tutorials import script

register = template.Library()


@register.inclusion_tag("tutorials/learn_link.html")
def learn_link(game: str) -> dict:
    """The link to ``game``'s tutorial page, or nothing when it has no tutorial."""
    return {"game": game, "shown": script.has_tutorial(game)}
