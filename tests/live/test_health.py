"""/health/ covers the live process: it asks the live process's health URL (LIVE_HEALTH_URL)."""

import pytest
from django.utils import timezone

from operations.models import Heartbeat
from operations.signals import SWEEP_TASK
from tests.live.conftest import free_port


@pytest.fixture
def swept_now(transactional_db):
    Heartbeat.objects.create(name=SWEEP_TASK, at=timezone.now())


def live_check(client) -> tuple[int, str]:
    response = client.get("/health/", {"format": "json"})
    [message] = [value for name, value in response.json().items() if "Live" in name]
    return response.status_code, message


def test_the_health_page_checks_the_live_process(client, live, settings, swept_now):
    settings.LIVE_HEALTH_URL = f"{live.url}/live/health"

    assert live_check(client) == (200, "OK")


def test_a_live_process_that_does_not_answer_fails_the_health_page(client, settings, swept_now):
    settings.LIVE_HEALTH_URL = f"http://127.0.0.1:{free_port()}/live/health"

    status, message = live_check(client)

    assert status == 500 and "the live process does not answer" in message


def test_without_a_live_health_url_the_check_is_skipped(client, settings, swept_now):
    settings.LIVE_HEALTH_URL = ""

    assert live_check(client) == (200, "OK")
