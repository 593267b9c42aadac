"""The production services: a cache and a broker shared by every process, real row locks."""

import os
import threading

import pytest
from django.core.cache.backends.redis import RedisCache
from django.db import DatabaseError, connections, transaction

from accounts.models import User
from africa_site.celery import app


@pytest.mark.needs_redis
def test_rate_limits_and_other_cached_values_are_shared_through_redis():
    writer = RedisCache(os.environ["REDIS_URL"], {})
    reader = RedisCache(os.environ["REDIS_URL"], {})  # another process's view of the cache

    writer.set("ci-probe", 41, timeout=30)
    writer.incr("ci-probe")

    assert reader.get("ci-probe") == 42
    writer.delete("ci-probe")


@pytest.mark.needs_redis
def test_celery_reaches_the_redis_broker():
    broker_url = os.environ.get("CELERY_BROKER_URL", os.environ["REDIS_URL"])
    with app.connection_for_write(broker_url) as connection:
        connection.ensure_connection(max_retries=1)
        assert connection.transport_cls == "redis"
        queue = connection.SimpleQueue("ci-probe")
        queue.put({"ply": 7})
        assert queue.get(timeout=5).payload == {"ply": 7}
        queue.clear()
        queue.close()


@pytest.mark.needs_postgres
@pytest.mark.django_db(transaction=True)
def test_a_row_lock_holds_against_another_connection(alice):
    """Game services lock the game row; a second writer must wait, never slip in."""
    locked = threading.Event()
    release = threading.Event()

    def hold_lock():
        with transaction.atomic():
            User.objects.select_for_update().get(pk=alice.pk)
            locked.set()
            release.wait(10)
        connections.close_all()

    holder = threading.Thread(target=hold_lock)
    holder.start()
    try:
        assert locked.wait(10)
        with pytest.raises(DatabaseError), transaction.atomic():
            User.objects.select_for_update(nowait=True).get(pk=alice.pk)
    finally:
        release.set()
        holder.join()
