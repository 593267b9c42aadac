"""`PORT=8010 make run`: every program of the site is told its own address (SITE_URL on that
port), so that the links of its mails (the sign-up verification included) lead back to it.

The run is stopped at its first command: a stand-in for the virtualenv's python writes down
the SITE_URL it was given and fails, so that nothing else runs (no database is touched)."""

import os
import stat
import subprocess
from pathlib import Path

import pytest
from django.test import override_settings

from tests.accounts.test_signup import sign_up

ROOT = Path(__file__).resolve().parents[2]


def site_url_of_make_run(tmp_path, **variables) -> str:
    """The SITE_URL the first program of ``make run`` gets, with ``variables`` on the
    command line of make."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    probe = venv / "bin" / "python"
    seen = tmp_path / "site-url"
    probe.write_text(f'#!/bin/sh\nprintf %s "$SITE_URL" > {seen}\nexit 3\n')
    probe.chmod(probe.stat().st_mode | stat.S_IXUSR)
    pybabel = venv / "bin" / "pybabel"  # a catalogue not compiled yet stays so
    pybabel.write_text("#!/bin/sh\nexit 0\n")
    pybabel.chmod(probe.stat().st_mode)
    (venv / ".installed-site").touch()  # newer than pyproject.toml: nothing to install
    env = {k: v for k, v in os.environ.items() if k not in {"SITE_URL", "MAKEFLAGS"}}
    arguments = [f"VENV={venv}", *(f"{name}={value}" for name, value in variables.items())]
    subprocess.run(
        ["make", "--no-print-directory", "run", *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=60,
    )
    return seen.read_text()


@pytest.mark.parametrize(
    ("variables", "address"),
    [
        ({"PORT": "8010"}, "http://127.0.0.1:8010"),
        ({}, "http://127.0.0.1:8000"),
        ({"PORT": "8010", "SITE_URL": "https://play.example.org"}, "https://play.example.org"),
    ],
)
def test_make_run_tells_the_site_its_own_address(tmp_path, variables, address):
    assert site_url_of_make_run(tmp_path, **variables) == address


@pytest.mark.django_db
@override_settings(SITE_URL="http://127.0.0.1:8010")
def test_the_sign_up_verification_link_is_on_the_sites_own_port(client, mailoutbox):
    sign_up(client)

    assert "http://127.0.0.1:8010/accounts/confirm-email/" in mailoutbox[0].body
    assert ":8000" not in mailoutbox[0].body


def test_the_readme_warns_that_the_first_run_takes_about_a_minute_and_names_the_port():
    run_it = (ROOT / "README.md").read_text().split("## Run it", 1)[1].split("\n## ", 1)[0]
    prose = " ".join(run_it.split())
    assert "The first `make run` takes about a minute" in prose
    assert "`PORT=8010 make run` uses another port, and every link of the site's mails" in prose
