"""The API answers as its OpenAPI document says: a short schemathesis run against the local
site (through WSGI, no network), with a token and without one. Every answer must be
declared (status code, content type, body schema) and none may be a server error."""

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck
from hypothesis import settings as run

from api.tokens import make_token
from tests.social import running_duel

pytestmark = pytest.mark.django_db

#: Answers not gzipped (the WSGI client leaves a body as the site sent it).
PLAIN = {"Accept-Encoding": "identity"}


@pytest.fixture
def api_schema(db):
    """The API's document, read from the site through WSGI. As Django's test client does,
    the requests keep the test's database connection (and its transaction) open."""
    for signal in (signals.request_started, signals.request_finished):
        signal.disconnect(close_old_connections)
    yield schemathesis.openapi.from_wsgi("/api/v1/openapi.json", get_wsgi_application())
    for signal in (signals.request_started, signals.request_finished):
        signal.connect(close_old_connections)


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture
def alice_token(alice, bob):
    running_duel(alice, bob)
    return make_token(alice, "schemathesis")[1]


@schema.parametrize()
@run(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_document_says(case, alice_token):
    case.call_and_validate(headers=PLAIN | {"Authorization": f"Bearer {alice_token}"})


@schema.parametrize()
@run(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
def test_without_a_token_the_api_answers_as_its_document_says(case):
    case.call_and_validate(headers=PLAIN)


@schema.parametrize()
@run(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
def test_past_the_rate_the_api_answers_as_its_document_says(case, alice_token, settings):
    settings.API_RATE = settings.API_ACCOUNT_RATE = "1/h"
    case.call_and_validate(headers=PLAIN | {"Authorization": f"Bearer {alice_token}"})
