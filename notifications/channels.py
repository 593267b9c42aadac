"""Channels out: the ways a notification reaches a player, each one module.

A channel is a module (or any object) with:

- ``NAME``: its word ("mail"); a row of another channel than mail has a key that starts
  with it (``events.notify``).
- ``carries(event) -> bool``: whether it tells of ``event`` at all.
- ``compose(row) -> message | Close | Defer``: what the outbox row ``row`` says when it is
  sent, read from the world as it is then, or why it no longer goes out (``outbox.Close``)
  or not yet (``outbox.Defer``).
- ``deliver(message) -> None | Close``: send what ``compose`` made; raises on failure (the
  row is retried after a backoff), or returns an ``outbox.Close`` when there is nobody left
  to send it to (a push whose devices all unsubscribed).
- optional ``reaches(user) -> bool``: whether ``user`` can get anything on it at all (a push
  needs a subscribed device); a row is written only then.

A channel registers itself in its app's ``AppConfig.ready()`` (``register``); the apps that
tell of events (``events.notify``) never name one. The mail channel is ``notifications.mail``.
"""

from __future__ import annotations

from types import ModuleType

MAIL = "mail"
registered: dict[str, ModuleType] = {}


def register(channel) -> None:
    """Add ``channel`` (see the module's docstring) under its ``NAME``; registering a name
    again replaces the channel."""
    registered[channel.NAME] = channel


def carrying(event: str) -> list[str]:
    """The names of the registered channels that tell of ``event``, mail first."""
    return sorted(
        (name for name, channel in registered.items() if channel.carries(event)),
        key=lambda name: (name != MAIL, name),
    )


def reaches(name: str, user) -> bool:
    """Whether the channel ``name`` can reach ``user`` (its ``reaches``, when it has one)."""
    reaches = getattr(registered[name], "reaches", None)
    return user is not None and (reaches is None or reaches(user))
