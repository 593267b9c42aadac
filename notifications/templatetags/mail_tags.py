"""Filters for mails: a deadline as its reader reads it, in their own time zone."""

from __future__ import annotations

from django import template
from django.utils import formats, timezone
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _

register = template.Library()


@register.filter
def local_deadline(moment) -> str:
    """``moment`` (aware) in the active time zone (the recipient's, see emails.make_message),
    with the zone's name: "Nov. 24, 2026, 9:51 p.m., Europe/Amsterdam time". "" for None."""
    if moment is None:
        return ""
    local = timezone.localtime(moment)
    return _("%(moment)s, %(zone)s time") % {
        "moment": formats.date_format(local, "DATETIME_FORMAT"),
        "zone": timezone.get_current_timezone_name(),
    }


@register.filter
def time_left(moment) -> str:
    """How long until ``moment``, in its largest unit only ("23 hours", "2 days")."""
    if moment is None:
        return ""
    return timeuntil(moment, depth=1)
