"""``manage.py receive_mail < message.eml``: handle one inbound mail from an MTA pipe.

Reads one raw RFC 5322 message from standard input and hands it to
``mailplay.inbound.handle_message``, as the inbound webhooks do. For Postfix, for example, an
alias ``play: "|/path/to/venv/bin/python /path/to/manage.py receive_mail"`` with
``recipient_delimiter = +``. Exits 0 for every mail it handled (answered, or dropped on
purpose), so the MTA does not bounce or retry it; exits 75 (EX_TEMPFAIL, sysexits.h) when the
mail could not be handled for want of a service (the outcome "deferred": nothing was
recorded), so that the MTA keeps it in its queue and delivers it again later.
"""

import os
import sys

from django.core.management.base import BaseCommand

from mailplay.inbound import handle_message
from mailplay.parsing import parse_bytes


class Command(BaseCommand):
    """Read one raw mail from standard input, handle it, and print its outcome's status."""

    help = "Handle one inbound mail (a reply with moves) read from standard input."

    def handle(self, *args, **options):
        raw = sys.stdin.buffer.read()
        outcome = handle_message(parse_bytes(raw))
        self.stdout.write(outcome.status)
        if outcome.status == "deferred":
            self.stdout.flush()
            sys.exit(os.EX_TEMPFAIL)
