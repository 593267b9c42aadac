"""``manage.py vapid_keys --dir DIR``: make the site's VAPID key pair once and keep it in DIR.

Writes ``DIR/vapid-private-key`` (mode 0600) and ``DIR/vapid-public-key`` (URL-safe base64 of
the raw keys, ``notifications.vapid``) unless both are there already, so that the browsers'
subscriptions, made for the public key, keep working across restarts. ``make run`` runs it and
hands the keys to every program as WEBPUSH_VAPID_PRIVATE_KEY and WEBPUSH_VAPID_PUBLIC_KEY.
Without ``--dir`` it prints a new pair as those two settings, for a deployer to keep.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from notifications.vapid import generate_pair, public_key_of

PRIVATE_FILE = "vapid-private-key"
PUBLIC_FILE = "vapid-public-key"


class Command(BaseCommand):
    help = "Make the VAPID key pair of Web Push once and keep it in --dir (or print a new one)."

    def add_arguments(self, parser):
        parser.add_argument("--dir", help="the folder that keeps the pair (VAR_DIR)")

    def handle(self, *args, dir=None, **options):
        if dir is None:
            private, public = generate_pair()
            self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={private}")
            self.stdout.write(f"WEBPUSH_VAPID_PUBLIC_KEY={public}")
            return
        folder = Path(dir)
        private_path, public_path = folder / PRIVATE_FILE, folder / PUBLIC_FILE
        if private_path.exists():
            try:
                public = public_key_of(private_path.read_text().strip())
            except ValueError as error:
                raise CommandError(f"{private_path} is not a VAPID private key: {error}") from error
            public_path.write_text(public + "\n")
            return
        folder.mkdir(parents=True, exist_ok=True)
        private, public = generate_pair()
        descriptor = os.open(private_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(private + "\n")
        public_path.write_text(public + "\n")
        self.stdout.write(f"A new VAPID key pair is in {folder}.")
