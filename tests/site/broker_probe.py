"""A task for the broker test: each run appends its token as one line to a file.

The worker of the test imports this module (``celery worker --include``); the test counts the
lines to see that every task ran exactly once.
"""

from celery import shared_task


@shared_task(name="tests.site.broker_probe.record")
def record(path: str, token: str) -> None:
    """Append ``token`` and a newline to the file ``path`` (one small O_APPEND write)."""
    with open(path, "a") as handle:
        handle.write(f"{token}\n")
