"""The deployment files in deploy/ are valid as far as this machine can tell.

- the compose file against the Compose Specification's schema (check-jsonschema's vendored
  copy), plus what the README promises: PostgreSQL, Redis, web, live, worker, beat, one beat,
  the web's health check on /health/web/, the live one's on /live/health; also
  ``docker compose config`` where Docker has compose;
- the systemd units with ``systemd-analyze verify`` (paths rewritten to this checkout);
- gunicorn's configuration file, and gunicorn started with it answering /health/web/.
"""

import configparser
import os
import shutil
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tests.site.test_embedded_broker import local_env

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
BIN = Path(sys.executable).parent


def test_the_compose_file_follows_the_compose_specification():
    result = subprocess.run(
        [
            str(BIN / "check-jsonschema"),
            "--builtin-schema",
            "vendor.compose-spec",
            str(DEPLOY / "compose.yaml"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stdout + result.stderr


def test_the_compose_file_runs_each_part_once_where_it_must():
    compose = YAML(typ="safe").load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]

    assert {"postgres", "redis", "web", "live", "worker", "beat"} <= set(services)
    assert services["beat"]["deploy"]["replicas"] == 1
    assert "/health/web/" in " ".join(services["web"]["healthcheck"]["test"])
    assert "/live/health" in " ".join(services["live"]["healthcheck"]["test"])
    assert "live.asgi:app" in services["live"]["command"]
    assert services["redis"]["command"][-4:] == ["--save", "", "--appendonly", "no"]
    for name in ("web", "live", "worker", "beat"):
        assert services[name]["depends_on"]["migrate"]["condition"] == (
            "service_completed_successfully"
        )


def test_docker_compose_accepts_the_file_where_docker_has_compose():
    has_compose = shutil.which("docker") and (
        subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0
    )
    if not has_compose:
        pytest.skip("docker compose is not installed here; the schema test above still runs")
    env = os.environ | {
        "SECRET_KEY": "k" * 50,
        "POSTGRES_PASSWORD": "p",
        "ALLOWED_HOSTS": "a.example.org",
        "SITE_URL": "https://a.example.org",
        "EMAIL_URL": "smtp://mail.example.org",
    }
    result = subprocess.run(
        ["docker", "compose", "--file", str(DEPLOY / "compose.yaml"), "config", "--quiet"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


def test_the_systemd_units_start_web_live_worker_and_beat_and_restart_them():
    """Read as INI files, so this holds even where systemd-analyze is missing."""
    commands = {}
    for unit in sorted((DEPLOY / "systemd").glob("*.service")):
        ini = configparser.ConfigParser(interpolation=None, strict=True)
        ini.read_string(unit.read_text())
        service = ini["Service"]
        assert service["Restart"] == "always" and service["User"] == "africa", unit.name
        assert service["EnvironmentFile"] == "/etc/africa/env", unit.name
        assert ini["Install"]["WantedBy"] == "multi-user.target", unit.name
        commands[unit.stem] = service["ExecStart"]

    assert "gunicorn --config /srv/africa/deploy/gunicorn.conf.py" in commands["africa-web"]
    assert "uvicorn live.asgi:app" in commands["africa-live"]
    assert "celery --app africa_site worker" in commands["africa-worker"]
    assert "celery --app africa_site beat" in commands["africa-beat"]


@pytest.fixture
def units_here(tmp_path):
    """The units with /srv/africa and /etc/africa/env pointing into this checkout."""
    site = tmp_path / "srv" / "africa"
    site.mkdir(parents=True)
    (site / "venv").symlink_to(BIN.parent)
    (site / "deploy").symlink_to(DEPLOY)
    (tmp_path / "env").write_text("")
    units = []
    for unit in sorted((DEPLOY / "systemd").glob("*.service")):
        text = unit.read_text().replace("/srv/africa", str(site))
        units.append(tmp_path / unit.name)
        units[-1].write_text(text.replace("/etc/africa/env", str(tmp_path / "env")))
    return units


def test_the_systemd_units_verify(units_here):
    if not shutil.which("systemd-analyze"):
        pytest.skip("systemd-analyze is not installed here")
    names = [unit.name for unit in units_here]

    result = subprocess.run(
        ["systemd-analyze", "verify", *map(str, units_here)],
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert names == [
        "africa-beat.service",
        "africa-live.service",
        "africa-web.service",
        "africa-worker.service",
    ]
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr


def test_gunicorn_serves_the_site_with_the_repository_configuration(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = local_env(tmp_path / "var") | {
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "GUNICORN_WORKERS": "1",
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=300,
    )
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "--config", str(DEPLOY / "gunicorn.conf.py")],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert _wait(lambda: _answers(f"http://127.0.0.1:{port}/health/web/") or server.poll())
        assert server.poll() is None, server.stderr.read()
        assert _answers(f"http://127.0.0.1:{port}/health/web/") == 200
    finally:
        server.terminate()
        server.wait(30)


def _answers(url: str) -> int | None:
    """The status of GET ``url``, or None while nothing listens."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def _wait(condition, seconds=60) -> bool:
    """Wait until ``condition()`` holds, checking on a short event wait (no fixed sleep)."""
    tick = threading.Event()
    for _n in range(int(seconds * 10)):
        if condition():
            return True
        tick.wait(0.1)
    return bool(condition())
