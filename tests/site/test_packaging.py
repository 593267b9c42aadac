"""The site installed as a package (not from a checkout) has every app and every data file its
code reads: pyproject.toml's package list and package data cover them."""

import fnmatch
import tomllib
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def local_apps() -> list[str]:
    """The installed apps of the site's own tree, without those the test suite adds (the toy
    game of ``tests.toygame``), which are no part of the distribution."""
    return [
        app
        for app in settings.INSTALLED_APPS
        if (ROOT / app.split(".")[0]).is_dir() and app.split(".")[0] != "tests"
    ]


def test_every_app_of_the_site_is_a_package_of_the_distribution():
    include = SETUPTOOLS["packages"]["find"]["include"]

    missing = [app for app in local_apps() if not any(fnmatch.fnmatch(app, p) for p in include)]

    assert missing == []


def test_every_data_file_beside_the_code_is_package_data():
    data = SETUPTOOLS["package-data"]
    missing = []
    for app in {app.split(".")[0] for app in local_apps()}:
        for path in (ROOT / app).rglob("*"):
            if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
                continue
            inside = path.relative_to(ROOT / app).as_posix()
            if not any(fnmatch.fnmatch(inside, glob) for glob in data.get(app, [])):
                missing.append(f"{app}/{inside}")

    assert missing == []
