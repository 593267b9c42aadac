"""Reproducible installs: the lock files pin every package, direct and indirect.

requirements/site.txt is what production installs, dev.txt adds the tools of ``make run``,
test.txt the test tools (``make lock`` makes all three from pyproject.toml).
"""

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
TOOLS = {"honcho", "babel", "supervisor", "uv", "pytest", "ruff", "playwright"}


def pins(name: str) -> dict[str, str]:
    """The ``package==version`` lines of requirements/<name>.txt that apply to this Python
    (their environment markers hold), by canonical name."""
    text = (ROOT / "requirements" / name).read_text()
    found = re.findall(r"^([A-Za-z0-9_.\-]+==\S+(?: ; .*)?)$", text, re.MULTILINE)
    return {
        canonicalize_name(r.name): str(r.specifier).removeprefix("==")
        for r in map(Requirement, found)
        if r.marker is None or r.marker.evaluate()
    }


def declared(requirements: list[str]) -> dict[str, str]:
    return {
        canonicalize_name(r.name): str(r.specifier).removeprefix("==")
        for r in map(Requirement, requirements)
    }


def test_each_lock_pins_the_declared_versions():
    runtime = declared(PROJECT["dependencies"])
    extras = PROJECT["optional-dependencies"]

    assert runtime.items() <= pins("site.txt").items()
    assert (runtime | declared(extras["dev"])).items() <= pins("dev.txt").items()
    everything = runtime | declared(extras["dev"]) | declared(extras["test"])
    assert everything.items() <= pins("test.txt").items()


def test_tools_stay_out_of_the_runtime_dependencies():
    assert not TOOLS & set(pins("site.txt"))
    assert not TOOLS & set(declared(PROJECT["dependencies"]))


def test_every_installed_package_is_locked_at_its_installed_version():
    locked = pins("test.txt")
    ignored = {"africa-site", "pip", "setuptools", "wheel"}
    installed = {
        canonicalize_name(d.metadata["Name"]): d.version
        for d in metadata.distributions()
        if canonicalize_name(d.metadata["Name"]) not in ignored
    }

    assert installed == {name: version for name, version in locked.items() if name in installed}
    assert set(installed) == set(locked)
