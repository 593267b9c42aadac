"""``manage.py create_demo_accounts``: two verified players, safe to run again."""

import re
from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import User

pytestmark = pytest.mark.django_db


def run_command() -> dict[str, str]:
    out = StringIO()
    call_command("create_demo_accounts", stdout=out)
    return dict(re.findall(r"Demo account: (\S+)\s+password: (\S+)", out.getvalue()))


def test_it_creates_two_verified_players_with_the_printed_passwords(client):
    printed = run_command()

    assert set(printed) == {"alice@example.com", "bob@example.com"}
    for email, password in printed.items():
        user = User.objects.get(email=email)
        assert user.check_password(password)
        assert user.emailaddress_set.get().verified


def test_running_it_again_is_safe(client):
    run_command()
    printed = run_command()

    assert User.objects.count() == 2
    assert User.objects.get(email="bob@example.com").check_password(printed["bob@example.com"])
