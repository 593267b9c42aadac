"""What other apps say about a game, on its page and in its mails, without the games knowing
them: an app registers a source of notes in its ``AppConfig.ready()``.

- ``header_notes(game)``: [Note] shown in the game's header and its mails ("League Rift,
  season 2, division 1", with a link to the standings).
- ``log_notes(game)``: extra lines of the game's log, as ``page.table_notes`` makes them
  ({"ply", "seat", "lines": [{"text", "event"}]}).

Each source is a function of the game; it reads what it needs and returns [] for a game it has
nothing to say about.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Note:
    """One thing said about a game: ``text`` (translated), ``url`` (a site path, or "")."""

    text: str
    url: str = ""


_header_sources: list[Callable] = []
_log_sources: list[Callable] = []


def header_source(function: Callable) -> Callable:
    """Register ``function(game) -> [Note]`` as a source of the game's header notes."""
    if function not in _header_sources:
        _header_sources.append(function)
    return function


def log_source(function: Callable) -> Callable:
    """Register ``function(game) -> [log entry]`` as a source of lines of the game's log."""
    if function not in _log_sources:
        _log_sources.append(function)
    return function


def header_notes(game) -> list[Note]:
    """Every registered source's notes about ``game``, in the order of registration."""
    return [note for source in _header_sources for note in source(game)]


def log_notes(game) -> list[dict]:
    """Every registered source's log lines about ``game``."""
    return [entry for source in _log_sources for entry in source(game)]
