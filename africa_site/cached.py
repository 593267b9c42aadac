"""Values kept in the shared cache until the rows they are read from change.

A value read from the database and kept in the cache (``kept``: a player's user, their games
waiting, a game's league table, the accounts they follow, a game's talk panel facts, the time
given in it) is forgotten by the signal handlers of the models it is read from (``forget``):
at once, and again when the transaction that changed them commits, so that a request that read
the old rows meanwhile, which cannot see the change yet, does not keep what it read.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TypeVar

from django.core.cache import cache
from django.db import transaction

T = TypeVar("T")


def kept(key: str, seconds: int, read: Callable[[], T | None]) -> T | None:
    """The value of the shared cache's ``key``, else ``read()``'s, then kept there for
    ``seconds`` (a None read is not kept: the cache cannot tell it from a miss)."""
    found = cache.get(key)
    if found is None:
        found = read()
        if found is not None:
            cache.set(key, found, seconds)
    return found


def forget(keys: Iterable[str], using: str = "default") -> None:
    """Delete ``keys`` (cache keys) from the shared cache now and, inside a transaction of the
    database ``using``, again when it commits."""
    keys = sorted(set(keys))
    if not keys:
        return
    cache.delete_many(keys)
    if transaction.get_connection(using).in_atomic_block:
        transaction.on_commit(functools.partial(cache.delete_many, keys), using=using)
