"""`make run`: the local site stays up when one of its processes dies, and Ctrl-C stops it all.

The test runs the README's command on a free port with its own var/ folder, kills the worker as
a crash would, and checks that supervisord starts it again and says so in the log, that the web
server kept answering, that the live process answers on the next port (its health, and a
stream refused without a token), that a second run is refused while one runs, and that SIGINT
(what Ctrl-C sends to the terminal's foreground group) stops every process.
"""

import json
import os
import re
import signal
import socket
import subprocess
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.site.test_embedded_broker import local_env

ROOT = Path(__file__).resolve().parents[2]
WAIT = 300

pytestmark = [pytest.mark.slow, pytest.mark.processes]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Run:
    """``make run`` in the background; ``log`` is what it printed so far."""

    def __init__(self, env):
        self.env = env
        self.lines = []
        self.changed = threading.Condition()
        self.process = subprocess.Popen(
            ["make", "--no-print-directory", "run"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()

    @property
    def log(self) -> str:
        return "".join(self.lines)

    def wait_for(self, pattern: str, count: int = 1) -> None:
        with self.changed:
            found = self.changed.wait_for(
                lambda: len(re.findall(pattern, self.log)) >= count, timeout=WAIT
            )
        assert found, f"no {pattern!r} x{count} in:\n{self.log[-5000:]}"

    def ctl(self, *args) -> str:
        result = subprocess.run(
            [str(ROOT / ".venv/bin/supervisorctl"), "-c", "supervisord.conf", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        return result.stdout


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def free_pair() -> int:
    """A port free together with the next one (the web server's and the live process's)."""
    while True:
        port = free_port()
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port + 1))
            except OSError:
                continue
        return port


def test_a_crashed_process_is_restarted_and_ctrl_c_stops_everything(tmp_path):
    port = free_pair()
    env = local_env(tmp_path / "var") | {"PORT": str(port), "VAR_DIR": str(tmp_path / "var")}
    env["LIVE_PORT"] = str(port + 1)  # make's own default, which supervisord alone needs
    run = Run(env)
    try:
        run.wait_for(r"success: (web|live|worker|beat) entered RUNNING state", 4)
        run.wait_for(r"Starting development server at")
        assert status(f"http://127.0.0.1:{port}/") == 200
        live = f"http://127.0.0.1:{port + 1}/live"
        with urllib.request.urlopen(f"{live}/health", timeout=30) as answer:
            health = json.load(answer)
        assert health["ok"] is True and health["source"] == "embedded"
        assert status(f"{live}/games/{'0' * 8}-0000-0000-0000-{'0' * 12}/?t=forged") == 403

        again = subprocess.run(
            [str(ROOT / ".venv/bin/supervisord"), "-c", "supervisord.conf"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert again.returncode != 0
        assert "Another program is already listening" in again.stdout + again.stderr

        pids = {name: int(run.ctl("pid", name)) for name in ("web", "live", "worker", "beat")}
        os.kill(pids["worker"], signal.SIGKILL)
        run.wait_for(r"exited: worker \(terminated by SIGKILL; not expected\)")
        run.wait_for(r"spawned: 'worker' with pid")
        run.wait_for(r"success: worker entered RUNNING state", 2)
        restarted = int(run.ctl("pid", "worker"))
        assert restarted != pids["worker"]
        assert status(f"http://127.0.0.1:{port}/") == 200

        os.killpg(run.process.pid, signal.SIGINT)
        run.process.wait(60)
        run.reader.join(10)
    finally:
        if run.process.poll() is None:
            os.killpg(run.process.pid, signal.SIGKILL)
    assert re.search(r"stopped: web", run.log) and re.search(r"stopped: beat", run.log)
    assert re.search(r"stopped: live", run.log)
    for pid in [*pids.values(), restarted]:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
