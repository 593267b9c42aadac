"""The settings page's list of the player's API tokens."""

from django import template

from api.models import ApiToken

register = template.Library()


@register.simple_tag
def api_tokens_of(user):
    """``user``'s tokens, newest first (names and prefixes only: the tokens are not kept)."""
    return list(ApiToken.objects.filter(user=user))
