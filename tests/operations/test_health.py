"""The health pages: /health/web/ for a load balancer, /health/ for a monitor."""

from datetime import timedelta

import pytest
from django.utils import timezone

from africa_site.celery import app
from games.tasks import sweep_deadlines
from notifications.models import OutboundMail
from operations.models import Heartbeat
from operations.signals import SWEEP_TASK

pytestmark = pytest.mark.django_db(transaction=True)


def health(client, path="/health/"):
    response = client.get(path, {"format": "json"})
    return response.status_code, response.json()


@pytest.fixture
def swept_now():
    Heartbeat.objects.create(name=SWEEP_TASK, at=timezone.now())


def test_a_healthy_site_answers_200_on_both_pages(client, swept_now):
    status, checks = health(client)

    assert status == 200
    assert set(checks.values()) == {"OK"}
    assert len(checks) == 6
    assert health(client, "/health/web/")[0] == 200


def test_the_deadline_sweep_records_that_it_ran(client):
    assert health(client)[0] == 500  # never ran

    sweep_deadlines.delay()

    assert health(client)[0] == 200


def test_a_sweep_that_stopped_fails_the_monitor_page_but_not_the_web_page(client):
    Heartbeat.objects.create(name=SWEEP_TASK, at=timezone.now() - timedelta(minutes=6))

    status, checks = health(client)

    assert status == 500
    assert any("deadline sweep last ran" in value for value in checks.values())
    assert health(client, "/health/web/")[0] == 200


def test_a_mail_waiting_too_long_fails_the_monitor_page(client, swept_now, alice):
    OutboundMail.objects.create(
        key="turn:1:1:1", user=alice, template="your_turn",
        send_after=timezone.now() - timedelta(minutes=16),
    )  # fmt: skip

    status, checks = health(client)

    assert status == 500
    assert any("oldest unsent mail has waited" in value for value in checks.values())


def test_a_fresh_unsent_mail_is_healthy(client, swept_now, alice):
    OutboundMail.objects.create(key="turn:1:1:1", user=alice, template="your_turn")

    assert health(client)[0] == 200


def test_a_broker_that_does_not_answer_fails_the_web_page(client, swept_now, monkeypatch):
    monkeypatch.setattr(app.conf, "broker_write_url", "redis://127.0.0.1:9/0")

    status, checks = health(client, "/health/web/")

    assert status == 500
    assert any("broker does not answer" in value for value in checks.values())
