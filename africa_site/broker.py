"""The embedded Celery broker: kombu's SQLAlchemy transport on one SQLite file under var/.

With no CELERY_BROKER_URL the web server, the worker and beat share a queue kept in
``var/celery.sqlite3``. kombu's file-system transport is not safe for that (a consumer may read
a message file while a producer is still writing it); SQLite is, with three precautions taken
here on top of kombu's SQLAlchemy transport:

- the file is in WAL mode (readers never block the writer) and every connection waits up to
  ``BUSY_TIMEOUT`` seconds for the write lock instead of failing at once;
- creating the tables and a queue's row happens under an exclusive file lock, so two processes
  starting at once do not both create them (kombu guards this only within one process);
- a consumer takes a message in a ``BEGIN IMMEDIATE`` transaction and deletes its row (kombu
  would mark it invisible and keep it for ever): two consumers never get the same message, and
  the file does not grow with every task ever sent. A message taken but not acknowledged by a
  worker that stops cleanly is put back by kombu, as with every virtual transport.

``embedded_broker_url(var_dir)`` gives the URL; importing this module registers the transport's
name ("sqlite-wal") with kombu, which the settings do before Celery reads them.
"""

from __future__ import annotations

import fcntl
from contextlib import contextmanager
from json import loads
from pathlib import Path
from queue import Empty

from kombu.transport import TRANSPORT_ALIASES
from kombu.transport import sqlalchemy as kombu_sqlalchemy
from kombu.utils.encoding import bytes_to_str
from sqlalchemy import create_engine, event, text

SCHEME = "sqlite-wal"
BUSY_TIMEOUT = 30  # seconds a connection waits for SQLite's write lock
POLLING_INTERVAL = 0.2  # seconds an idle worker waits before looking at the queue again


def embedded_broker_url(var_dir: Path) -> str:
    """The broker URL of the queue file ``var_dir/celery.sqlite3`` (absolute path)."""
    return f"{SCHEME}+sqlite:///{(Path(var_dir) / 'celery.sqlite3').resolve()}"


@contextmanager
def _file_lock(database: str):
    """An exclusive lock on ``<database>.lock``, held across processes while in the block."""
    with open(f"{database}.lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _on_connect(dbapi_connection, _record):
    """Every new SQLite connection: WAL, and a full sync only at checkpoints (as the site's
    own SQLite database does)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Channel(kombu_sqlalchemy.Channel):
    """kombu's SQLAlchemy channel made safe for several processes on one SQLite file."""

    @property
    def _database(self) -> str:
        return self.connection.client.hostname.removeprefix("sqlite:///")

    def _engine_from_config(self):
        engine = create_engine(
            self.connection.client.hostname, connect_args={"timeout": BUSY_TIMEOUT}
        )
        event.listen(engine, "connect", _on_connect)
        return engine

    def _open(self):
        if self.connection.client.hostname in self._engines:
            return self._engines[self.connection.client.hostname]
        Path(self._database).parent.mkdir(parents=True, exist_ok=True)
        with _file_lock(self._database):
            return super()._open()

    def _get_or_create(self, queue):
        found = self.session.query(self.queue_cls).filter(self.queue_cls.name == queue).first()
        if found is not None:
            return found
        with _file_lock(self._database):
            return super()._get_or_create(queue)

    def _get(self, queue):
        """The oldest message of ``queue``, removed from the file; Empty when there is none."""
        found = self._get_or_create(queue)
        self.session.execute(text("BEGIN IMMEDIATE TRANSACTION"))
        try:
            message = (
                self.session.query(self.message_cls)
                .filter(self.message_cls.queue_id == found.id)
                .order_by(self.message_cls.id)
                .limit(1)
                .first()
            )
            if message is None:
                raise Empty()
            payload = message.payload
            self.session.query(self.message_cls).filter(self.message_cls.id == message.id).delete(
                synchronize_session=False
            )
            return loads(bytes_to_str(payload))
        finally:
            self.session.commit()

    def _size(self, queue):
        found = self._get_or_create(queue)
        return (
            self.session.query(self.message_cls)
            .filter(self.message_cls.queue_id == found.id)
            .count()
        )


class Transport(kombu_sqlalchemy.Transport):
    """kombu's SQLAlchemy transport with the channel above; an idle worker polls every
    POLLING_INTERVAL seconds."""

    Channel = Channel
    polling_interval = POLLING_INTERVAL


TRANSPORT_ALIASES[SCHEME] = f"{__name__}:Transport"
