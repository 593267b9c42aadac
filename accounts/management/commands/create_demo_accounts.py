"""``manage.py create_demo_accounts``: two verified players to try the site with."""

import secrets

from allauth.account.models import EmailAddress
from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import User

DEMO_ACCOUNTS = [("alice@example.com", "Alice"), ("bob@example.com", "Bob")]


class Command(BaseCommand):
    help = "Create (or reset) the demo accounts alice@example.com and bob@example.com."

    @transaction.atomic
    def handle(self, *args, **options):
        for email, display_name in DEMO_ACCOUNTS:
            user, _ = User.objects.get_or_create(
                email=email, defaults={"display_name": display_name}
            )
            password = secrets.token_urlsafe(9)
            user.set_password(password)
            user.save()
            EmailAddress.objects.update_or_create(
                user=user, email=email, defaults={"verified": True, "primary": True}
            )
            self.stdout.write(f"Demo account: {email}  password: {password}")
