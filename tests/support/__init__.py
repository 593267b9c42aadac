"""Helpers the test suites share, as a plain package that the games' own tests and ``bench/``
import (conftests hold fixtures only).

- ``play``: whose turn it is, playing actions in order, the ``AFRICA_ONLY`` mark;
- ``pages``: random games of a kind, and everything the site shows each viewer of one;
- ``mail``: replies written as mail programs write them, answering by mail, reply scripts;
- ``hidden``: each game's twins and secrets for the hidden-information checks;
- ``conformance``: the engine conformance driver (fixed-seed random games, played once a run);
- ``browser``: a signed-in page in Chromium and a click that waits for the next version.
"""
