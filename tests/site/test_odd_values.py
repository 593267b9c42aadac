"""No URL of the URLconf answers a server error to odd values: in each path segment, in every
query parameter a view reads and in every field a form posts, the values a careless or
hostile client sends (NUL, "-1", "None", "[]", an emoji, a very long text). A signed-in
player with a running game crawls them; each must get an answer below 500 (a refusal, a
redirect, a page), never an exception."""

import pytest
from django.test import Client

from tests.site.test_unstorable_input import (
    APPS,
    ROUTES,
    SAMPLES,
    _fill,
    _placeholders,
    form_parameters,
)
from tests.site.test_unstorable_input import _get_parameters as _query_parameters
from tests.social import running_duel

pytestmark = pytest.mark.django_db

ODD = ["\x00", "-1", "None", "[]", "\U0001f981", "x" * 5000]


def _post_fields() -> set[str]:
    """Every form field a view of the site reads from a POST (``form_parameters``), and
    those of allauth's forms and of a market form's quantities."""
    names = {"login", "password", "email", "code", "password1", "password2", "qty:buy rations"}
    return names | form_parameters("POST", APPS + ["api", "calendars", "friends", "talk"])


QUERY, FIELDS = sorted(_query_parameters()), sorted(_post_fields())


def test_the_fields_are_found():
    assert {"version", "action", "name", "follow", "next", "text", "display_name"} <= set(FIELDS)


# /health/ answers 500 by design while a service check fails (here: no deadline sweep yet).
@pytest.mark.parametrize("route", [r for r in ROUTES if r != "/health/"])
def test_odd_values_get_no_server_error(route, alice, bob):
    game = running_duel(alice, bob)
    client = Client()
    failures = []

    def check(method, url, data):
        status = getattr(client, method)(url, data).status_code
        if status >= 500:
            failures.append((method, url[:80], str(data)[:80], status))

    for odd in ODD:
        client.force_login(alice)
        url = _fill(route).replace(SAMPLES["uuid"], str(game.code))
        for index in range(_placeholders(route)):
            check("get", _fill(route, index, odd).replace(SAMPLES["uuid"], str(game.code)), {})
        check("get", url, dict.fromkeys(QUERY, odd))
        check("post", url, dict.fromkeys(FIELDS, odd))

    assert failures == []
