"""Values kept in the shared cache until the rows they are read from change.

A value read from the database and kept in the cache (a player's user, their games waiting,
a game's league table, the accounts they follow, a game's talk panel facts) is forgotten by
the signal handlers of the models it is read from (``forget``): at once, and again when the
transaction that changed them commits, so that a request that read the old rows meanwhile,
which cannot see the change yet, does not keep what it read.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction


def forget(keys: Iterable[str], using: str = "default") -> None:
    """Delete ``keys`` (cache keys) from the shared cache now and, inside a transaction of the
    database ``using``, again when it commits."""
    keys = sorted(set(keys))
    if not keys:
        return
    cache.delete_many(keys)
    if transaction.get_connection(using).in_atomic_block:
        transaction.on_commit(functools.partial(cache.delete_many, keys), using=using)
