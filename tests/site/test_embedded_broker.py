"""The embedded broker (a SQLite file under var/) under concurrent producers and a real worker.

Several processes enqueue several hundred tasks at once while a Celery worker with the same
pool as ``make run`` consumes them: every task runs exactly once and no process fails.
"""

import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCERS = 4
TASKS_EACH = 150
WAIT = 300  # seconds at most for the worker to run them all

PRODUCE = """
import sys
import django
django.setup()
from tests.site.broker_probe import record
name, count, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
for n in range(count):
    record.delay(path, f"{name}-{n}")
"""

pytestmark = [pytest.mark.slow, pytest.mark.processes]


def local_env(var_dir: Path) -> dict:
    """The environment of a process on the embedded defaults, keeping its files in var_dir."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"CELERY_BROKER_URL", "DATABASE_URL", "REDIS_URL", "SECRET_KEY"}
    }
    return env | {"VAR_DIR": str(var_dir), "DJANGO_SETTINGS_MODULE": "africa_site.settings"}


def test_concurrent_producers_and_a_worker_lose_and_double_nothing(tmp_path):
    var_dir = tmp_path / "var"
    effects = tmp_path / "effects"
    env = local_env(var_dir)
    # The database as `make run` prepares it: a worker sweeps the deadlines when it connects.
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "--app",
            "africa_site",
            "worker",
            "--concurrency",
            "2",
            "--include",
            "tests.site.broker_probe",
            "--loglevel",
            "WARNING",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    log = []
    reader = threading.Thread(target=lambda: log.extend(worker.stdout), daemon=True)
    reader.start()
    try:
        producers = [
            subprocess.Popen(
                [sys.executable, "-c", PRODUCE, f"p{i}", str(TASKS_EACH), str(effects)],
                cwd=ROOT,
                env=env,
                stderr=subprocess.PIPE,
                text=True,
            )
            for i in range(PRODUCERS)
        ]
        for producer in producers:
            _, errors = producer.communicate(timeout=WAIT)
            assert producer.returncode == 0, errors

        expected = PRODUCERS * TASKS_EACH
        assert _wait(lambda: _lines(effects) >= expected and _queued(var_dir) == 0)
        assert worker.poll() is None, "the worker died"
    finally:
        worker.terminate()
        worker.wait(60)
        reader.join(10)

    tokens = effects.read_text().split()
    assert len(tokens) == expected  # nothing ran twice
    assert set(tokens) == {f"p{i}-{n}" for i in range(PRODUCERS) for n in range(TASKS_EACH)}
    assert not [line for line in log if "Traceback" in line or "CRITICAL" in line], "".join(log)


def _lines(path: Path) -> int:
    return len(path.read_text().split()) if path.exists() else 0


def _queued(var_dir: Path) -> int:
    """Messages still waiting in the broker's file."""
    with sqlite3.connect(var_dir / "celery.sqlite3") as db:
        return db.execute("SELECT count(*) FROM kombu_message").fetchone()[0]


def _wait(condition, seconds=WAIT) -> bool:
    """Wait until ``condition()`` holds, checking on a short event wait (no fixed sleep)."""
    tick = threading.Event()
    for _n in range(int(seconds * 5)):
        if condition():
            return True
        tick.wait(0.2)
    return condition()
