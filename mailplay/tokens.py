"""Reply addresses: ``play+<token>@REPLY_DOMAIN``, one per player and game version.

The token is ``<game id>.<seat number>.<version>.<signature>``, e.g. ``42.1.17.k3v9...``: only
ids and the version, nothing about the position. The signature is an HMAC-SHA256 of the rest
(``django.core.signing.Signer`` with the salt ``mailplay.reply``, so SECRET_KEY_FALLBACKS
apply), truncated to 80 bits and written in lower-case base32, because many mail servers
lower-case the local part of an address; tokens are read case-insensitively. RFC 5321
section 4.5.3.1.1 allows 64 characters in a local part; a token stays well under 40.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.utils.crypto import salted_hmac

REPLY_SALT = "mailplay.reply"
LOCAL_PREFIX = "play+"
SIGNATURE_LENGTH = 16  # base32 characters, 80 bits
_TOKEN = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


class _LowerCaseSigner(signing.Signer):
    """A Signer whose signature is lower-case base32 (safe in a mail address's local part)."""

    def signature(self, value, key=None):
        key = key or self.key
        digest = salted_hmac(self.salt + "signer", value, key, algorithm=self.algorithm).digest()
        return base64.b32encode(digest).decode().lower()[:SIGNATURE_LENGTH]


def _signer() -> signing.Signer:
    return _LowerCaseSigner(sep=".", salt=REPLY_SALT, algorithm="sha256")


@dataclass(frozen=True)
class ReplyToken:
    """What a reply address names: a game (id), a seat (number) and the game's version."""

    game_id: int
    seat: int
    version: int

    def __str__(self) -> str:
        return _signer().sign(f"{self.game_id}.{self.seat}.{self.version}")


def reply_address(game_id: int, seat: int, version: int) -> str:
    """The address a reply to a mail about ``game_id`` at ``version`` for ``seat`` goes to."""
    token = ReplyToken(game_id, seat, version)
    return f"{LOCAL_PREFIX}{token}@{settings.REPLY_DOMAIN}"


def read_token(address: str) -> ReplyToken | None:
    """The token in a reply address (any case), or None when the address holds none.

    Raises ``signing.BadSignature`` for an address that looks like a reply address but whose
    token is forged or garbled."""
    local = address.rsplit("@", 1)[0].strip().lower()
    if not local.startswith(LOCAL_PREFIX):
        return None
    value = _signer().unsign(local.removeprefix(LOCAL_PREFIX))
    match = _TOKEN.match(value)
    if match is None:
        raise signing.BadSignature("malformed token")
    return ReplyToken(*(int(group) for group in match.groups()))
