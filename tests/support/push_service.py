"""A Web Push service on 127.0.0.1 for the tests, in a thread, and the browser that subscribes.

``PushService`` takes pushes at ``<url>/push/<n>`` as a real service does (RFC 8030): it checks
the VAPID authorisation (RFC 8292: a JWT signed ES256 with the key in ``k``, ``aud`` the
endpoint's origin, ``exp`` within 24 hours, ``sub`` set) and decrypts the body (aes128gcm,
RFC 8291) with the private key of the browser that subscribed (``Browser``), keeping each push
it took in ``received``. ``answer(status, ...)`` makes it answer the next pushes with other
statuses (410 Gone, 503) instead of 201.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from notifications.vapid import b64url_decode, b64url_encode, raw_public_key


@dataclass
class Browser:
    """One browser's push subscription: its key pair and auth secret, made as a browser does,
    and the endpoint the push service gave it."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def to_json(self) -> dict:
        """What ``PushSubscription.toJSON()`` gives."""
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {
                "p256dh": raw_public_key(self.private_key.public_key()),
                "auth": b64url_encode(self.auth),
            },
        }


@dataclass
class Received:
    """A push the service took: the decrypted JSON ``payload``, the request's ``headers`` and
    the verified VAPID ``claims``."""

    endpoint: str
    payload: dict
    headers: dict
    claims: dict


class VapidError(Exception):
    pass


def verify_vapid(authorization: str, origin: str, public_key: str) -> dict:
    """The claims of ``authorization`` ("vapid t=<JWT>,k=<key>") once checked: ``k`` is
    ``public_key``, the JWT is ES256-signed by it, ``aud`` is ``origin``, ``exp`` is in the
    next 24 hours and ``sub`` is set. Raises VapidError otherwise."""
    scheme, _space, parameters = authorization.partition(" ")
    values = dict(part.strip().split("=", 1) for part in parameters.split(",") if "=" in part)
    if scheme != "vapid" or "t" not in values or "k" not in values:
        raise VapidError(f"not a VAPID authorisation: {authorization!r}")
    if values["k"].rstrip("=") != public_key.rstrip("="):
        raise VapidError("signed with another key than the site's")
    header, claims, signature = values["t"].split(".")
    if json.loads(b64url_decode(header)) != {"typ": "JWT", "alg": "ES256"}:
        raise VapidError("not an ES256 JWT")
    raw = b64url_decode(signature)
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(values["k"]))
    try:
        key.verify(
            encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
            f"{header}.{claims}".encode(),
            ec.ECDSA(hashes.SHA256()),
        )
    except InvalidSignature as error:
        raise VapidError("bad signature") from error
    claims = json.loads(b64url_decode(claims))
    if claims.get("aud") != origin:
        raise VapidError(f"aud {claims.get('aud')!r} is not {origin!r}")
    if not time.time() < claims.get("exp", 0) <= time.time() + 24 * 60 * 60:
        raise VapidError("exp not within 24 hours")
    if not claims.get("sub"):
        raise VapidError("no sub")
    return claims


class PushService:
    """The push service; ``browser()`` subscribes a new browser to it. Use as a context manager
    (the server runs in a thread until the block ends)."""

    def __init__(self, vapid_public_key: str):
        self.vapid_public_key = vapid_public_key
        self.browsers: dict[str, Browser] = {}
        self.received: list[Received] = []
        self.refused: list[str] = []
        self.statuses: list[int] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                service.take(self, body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self):
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def browser(self) -> Browser:
        endpoint = f"{self.url}/push/{len(self.browsers) + 1}"
        self.browsers[endpoint] = browser = Browser(endpoint)
        return browser

    def answer(self, *statuses: int) -> None:
        """Answer the next pushes with ``statuses``, in order, instead of 201 Created."""
        self.statuses.extend(statuses)

    def take(self, request: BaseHTTPRequestHandler, body: bytes) -> None:
        endpoint = self.url + request.path
        status = self.statuses.pop(0) if self.statuses else 201
        browser = self.browsers.get(endpoint)
        try:
            if browser is None:
                raise VapidError(f"no subscription at {endpoint}")
            claims = verify_vapid(
                request.headers.get("Authorization", ""), self.url, self.vapid_public_key
            )
            if request.headers.get("Content-Encoding") != "aes128gcm":
                raise VapidError("not aes128gcm")
            payload = json.loads(
                http_ece.decrypt(
                    body,
                    private_key=browser.private_key,
                    auth_secret=browser.auth,
                    version="aes128gcm",
                )
            )
        except Exception as error:  # a push the service refuses: the test sees why
            self.refused.append(repr(error))
            request.send_response(400)
            request.end_headers()
            return
        if status < 300:
            headers = {name.lower(): value for name, value in request.headers.items()}
            self.received.append(Received(endpoint, payload, headers, claims))
        request.send_response(status)
        request.end_headers()
