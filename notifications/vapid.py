"""The keys of Web Push: the site's VAPID key pair (RFC 8292) and the browsers' keys (RFC 8291).

Keys travel as URL-safe base64 without padding, as browsers give and take them: a P-256 public
key as its raw uncompressed point (65 bytes, starting 0x04), a private key as its raw 32-byte
number, an auth secret as its 16 bytes.
"""

from __future__ import annotations

import base64
import binascii

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

POINT_BYTES = 65
AUTH_BYTES = 16


def b64url_encode(data: bytes) -> str:
    """``data`` as URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """The bytes of URL-safe (or standard) base64 ``text``, padding optional. Raises ValueError
    for text that is not base64."""
    text = text.strip().replace("+", "-").replace("/", "_")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as error:
        raise ValueError("not base64") from error


def raw_public_key(public_key: ec.EllipticCurvePublicKey) -> str:
    """The URL-safe base64 of ``public_key``'s uncompressed point (65 bytes)."""
    return b64url_encode(public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))


def generate_pair() -> tuple[str, str]:
    """A new VAPID key pair on P-256: (private key, public key), URL-safe base64 of the raw
    32-byte private number and of the 65-byte uncompressed public point."""
    private = ec.generate_private_key(ec.SECP256R1())
    number = private.private_numbers().private_value.to_bytes(32, "big")
    return b64url_encode(number), raw_public_key(private.public_key())


def public_key_of(private_key: str) -> str:
    """The public key (URL-safe base64 of its point) of the raw private key ``private_key``.
    Raises ValueError when it is not a 32-byte P-256 private key."""
    number = b64url_decode(private_key)
    if len(number) != 32:
        raise ValueError("a VAPID private key is 32 bytes")
    private = ec.derive_private_key(int.from_bytes(number, "big"), ec.SECP256R1())
    return raw_public_key(private.public_key())


def check_point(text: str) -> bytes:
    """The 65 bytes of the uncompressed P-256 point ``text`` (URL-safe base64). Raises
    ValueError when it is not base64, not 65 bytes starting 0x04, or not on the curve."""
    data = b64url_decode(text)
    if len(data) != POINT_BYTES or data[0] != 4:
        raise ValueError("not an uncompressed P-256 point")
    ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), data)  # ValueError off curve
    return data


def check_auth_secret(text: str) -> bytes:
    """The 16 bytes of the auth secret ``text`` (URL-safe base64). Raises ValueError when it
    is not base64 of 16 bytes."""
    data = b64url_decode(text)
    if len(data) != AUTH_BYTES:
        raise ValueError("an auth secret is 16 bytes")
    return data
