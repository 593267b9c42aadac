"""The settings page's calendar feed address."""

from django import template
from django.urls import reverse

from calendars.feeds import feed_token
from calendars.models import CalendarFeed

register = template.Library()


@register.simple_tag(takes_context=True)
def calendar_feed_url(context):
    """The absolute address of the signed-in user's feed, or "" when they have none."""
    request = context["request"]
    found = CalendarFeed.objects.filter(user=request.user).first()
    if found is None:
        return ""
    return request.build_absolute_uri(reverse("calendar_feed", args=[feed_token(found)]))
