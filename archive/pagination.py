"""Pages of a long list of games that cost the same on the first page and the thousandth.

Django's Paginator counts the rows with ``COUNT(*)`` on every request and reads a page with
``OFFSET``, which reads every skipped row in full. Over 100,000 finished games both grow with
the archive. ``ArchivePaginator`` keeps each filter's count in the shared cache for a few
minutes (a page may be off by the games finished since, which pages tolerate), and reads a
page in two steps: the ids of the page from the ordering's index alone (an index-only scan
skips the offset), then those rows in full.

``IdListPaginator`` pages a list of ids already in order (all the games of one player, a few
hundred): its count is the list's length, a page reads the rows of its ids.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.core.paginator import Paginator
from django.utils.functional import cached_property

#: How long a filter's count is reused, in seconds.
COUNT_SECONDS = 5 * 60


class ArchivePaginator(Paginator):
    """A Paginator over an ordered QuerySet whose count is cached under ``count_key`` (a
    string naming the filter, e.g. the query string without the page) for COUNT_SECONDS.
    ``rows`` is the QuerySet a page's rows are read from by primary key (with its deferred
    fields and related lookups); by default ``object_list`` itself, whose filters the
    planner may then misjudge (it scanned every game to find 25 ids among a player's)."""

    def __init__(self, object_list, per_page, *, count_key: str, rows=None, **kwargs):
        super().__init__(object_list, per_page, **kwargs)
        self.rows = object_list if rows is None else rows
        digest = hashlib.sha256(count_key.encode()).hexdigest()[:20]
        self.count_key = f"paginator-count:{object_list.model._meta.label_lower}:{digest}"

    @cached_property
    def count(self) -> int:
        """The number of rows, from the cache when another request counted them lately."""
        count = cache.get(self.count_key)
        if count is None:
            count = self.object_list.count()
            cache.set(self.count_key, count, COUNT_SECONDS)
        return count

    def page(self, number):
        """Page ``number`` (1-based; raises InvalidPage like Paginator.page): the page's ids
        first, then their rows (with the QuerySet's related lookups), in the list's order."""
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        ids = list(self.object_list.values_list("pk", flat=True)[bottom : bottom + self.per_page])
        rows = {row.pk: row for row in self.rows.filter(pk__in=ids).order_by()}
        return self._get_page([rows[pk] for pk in ids if pk in rows], number, self)


class IdListPaginator(Paginator):
    """A Paginator over ``ids``, a list of primary keys in the list's order, whose pages hold
    the rows of ``rows`` (a QuerySet, with its deferred fields and related lookups) with
    those keys, in that order (a key without a row is left out)."""

    def __init__(self, ids: list, per_page, *, rows, **kwargs):
        super().__init__(ids, per_page, **kwargs)
        self.rows = rows

    def page(self, number):
        """Page ``number`` (1-based; raises InvalidPage like Paginator.page) of the rows."""
        page = super().page(number)
        found = self.rows.in_bulk(page.object_list)
        page.object_list = [found[pk] for pk in page.object_list if pk in found]
        return page
