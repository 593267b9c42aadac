"""The suite in parallel (pytest-xdist): each worker process keeps to its own Redis database and
broker, so that two tests running at once never see each other's keys or tasks."""

import os

import pytest
from django.conf import settings

from africa_site.celery import app
from tests.fixtures import XDIST_WORKER, worker_redis_url


@pytest.mark.parametrize(
    ("url", "worker", "expected"),
    [
        ("redis://127.0.0.1:6379/15", 0, "redis://127.0.0.1:6379/15"),
        ("redis://127.0.0.1:6379/15", 1, "redis://127.0.0.1:6379/14"),
        ("redis://:secret@cache.example.org:6380/3", 2, "redis://:secret@cache.example.org:6380/1"),
        ("redis://127.0.0.1:6379", 1, "redis://127.0.0.1:6379/15"),
        ("redis://127.0.0.1:6379/0", 0, "redis://127.0.0.1:6379/0"),
    ],
)
def test_each_worker_counts_down_from_the_named_redis_database(url, worker, expected):
    assert worker_redis_url(url, worker) == expected


def test_a_redis_database_that_is_no_number_is_refused():
    with pytest.raises(ValueError):
        worker_redis_url("redis://127.0.0.1:6379/cache", 1)


def test_the_settings_the_celery_app_and_started_processes_share_this_workers_broker():
    assert app.conf.broker_url == settings.CELERY_BROKER_URL
    if os.environ.get("CELERY_BROKER_URL"):
        assert os.environ["CELERY_BROKER_URL"] == settings.CELERY_BROKER_URL
    if XDIST_WORKER and not os.environ.get("CELERY_BROKER_URL"):
        assert f"/tests/{XDIST_WORKER}/celery.sqlite3" in settings.CELERY_BROKER_URL


@pytest.mark.processes
def test_tests_that_start_processes_share_one_xdist_group(request):
    """--dist loadgroup sends a group to one worker by the "@group" end of its node ids; a pytest
    that ignores how pytest-xdist sets them would let real workers run side by side again."""
    if request.config.getoption("loadgroup", False):
        assert request.node.nodeid.endswith("@processes")
    else:
        assert request.node.get_closest_marker("xdist_group").args == ("processes",)
