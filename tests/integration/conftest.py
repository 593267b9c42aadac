"""The fixtures of the mail tests with a real worker (an SMTP server, a queue of the test's own
on the Redis broker), shared by every test of real processes here."""

from tests.integration.test_worker_mail import broker_queue, inbox, smtp_port  # noqa: F401
