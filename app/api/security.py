"""API keys, signed file URLs, the per-key rate limit, the request size limit and the Host check.

With no keys configured the server is local-only (``diorama serve`` binds
127.0.0.1 alone), answers only requests addressed to a loopback name (DNS
rebinding cannot reach it from a web page), and every caller is the one owner
``local``. With keys, each key is an owner: it sees only its own scenes, and
file URLs carry a token (HMAC of scene id, an opaque key id and expiry, under
a random server secret) so an iframe or an <img> can load them without headers.
A token reveals nothing about the key: the key id and the signature are both
keyed by the server secret, so a link cannot be used to test guesses offline.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import math
import os
import secrets
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)
LOCAL_OWNER = "local"
LINK_SECRET_FILE = "link-secret"  # in the data folder, mode 0600, made once
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]"})


class ApiError(Exception):
    """An HTTP error in the API's one error shape."""

    def __init__(self, status: int, code: str, message: str, details: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.details, self.headers = status, code, message, details, headers


def owner_of(key: str) -> str:
    """A stable name for a key, stored with its jobs (the key itself is never stored); never sent to
    clients: links carry an opaque key id instead."""
    return "k-" + hashlib.sha256(key.encode()).hexdigest()[:16]


def link_secret(data_dir: Path, configured: str | None = None) -> bytes:
    """The secret that signs file links: the configured one, else ``<data_dir>/link-secret``, made on first use.

    The file is written under a temporary name with mode 0600 and linked into place, so two processes
    starting at once agree on one secret and none ever reads a half-written file.
    """
    if configured:
        return configured.encode()
    path = Path(data_dir) / LINK_SECRET_FILE
    if not path.is_file():
        try:
            _write_secret(path)
        except OSError as error:
            # A full or read-only data dir must not keep the server from starting and saying so on /readyz;
            # links signed meanwhile die with the process.
            log.warning("link secret not saved (%s: %s): links last until this server stops", path, error)
            return secrets.token_hex(32).encode()
    return path.read_text().strip().encode()


def _write_secret(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another process made it first: use theirs
    finally:
        tmp.unlink(missing_ok=True)


class KeyRing:
    """The configured API keys; checks a presented key and signs/verifies file-URL tokens."""

    def __init__(self, keys: list[str], token_ttl_s: int, secret: bytes) -> None:
        self.keys = [k for k in keys if k]
        self.token_ttl_s = token_ttl_s
        self._secret = secret
        self._owner_by_kid = {self._key_id(owner_of(key)): owner_of(key) for key in self.keys}

    @property
    def enabled(self) -> bool:
        """Whether any API keys are configured (when not, every caller is anonymous and sees everything)."""
        return bool(self.keys)

    def owner(self, presented: str | None) -> str:
        """The owner of a presented key; raises 401 when keys are configured and it is missing or wrong."""
        if not self.enabled:
            return LOCAL_OWNER
        if not presented:
            raise ApiError(401, "unauthorized", "an API key is required: send the header 'X-API-Key: <key>'")
        for key in self.keys:
            if hmac.compare_digest(key.encode(), presented.encode()):
                return owner_of(key)
        raise ApiError(401, "unauthorized", "the API key is not valid")

    def _key_id(self, owner: str) -> str:
        """An opaque id of an owner for links: keyed by the server secret, so it says nothing of the key."""
        return hmac.new(self._secret, f"key-id\0{owner}".encode(), hashlib.sha256).hexdigest()[:16]

    def _signature(self, scene_id: str, kid: str, expires: int) -> str:
        message = f"link\0{scene_id}\0{kid}\0{expires}".encode()
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()[:32]

    def token(self, scene_id: str, owner: str) -> str:
        """A signed, expiring token that lets a page load this owner's scene files without an API key."""
        expires = int(time.time()) + self.token_ttl_s
        kid = self._key_id(owner)
        return f"{expires}.{kid}.{self._signature(scene_id, kid, expires)}"

    def token_owner(self, token: str, scene_id: str) -> str | None:
        """The owner a valid, unexpired token for this scene was made for; None otherwise."""
        parts = token.split(".")
        if len(parts) != 3 or not parts[0].isdigit() or len(parts[0]) > 12:
            return None
        expires, kid, signature = int(parts[0]), parts[1], parts[2]
        if expires < time.time() or not hmac.compare_digest(signature, self._signature(scene_id, kid, expires)):
            return None
        return self._owner_by_kid.get(kid)  # a key removed from the settings takes its links with it


RATE_WINDOW_S = 60.0


@runtime_checkable
class SharedRates(Protocol):
    """A database that keeps the rate log for every API instance (PostgresJobQueue)."""

    def admit_rate(self, owner: str, limit: int, window_s: float) -> float | None:
        """Count one request if under the limit; None when admitted, else the seconds to wait."""

    def refund_rate(self, owner: str) -> None:
        """Uncount the owner's latest admitted request."""


def rate_limiter(per_minute: int, queue: object) -> RateLimiter | SharedRateLimiter:
    """The limiter for the queue's database: shared when it is a server that many instances use, else this
    process's own (SQLite is one host, one API process)."""
    if isinstance(queue, SharedRates):
        return SharedRateLimiter(per_minute, queue)
    return RateLimiter(per_minute)


class SharedRateLimiter:
    """At most ``per_minute`` events per owner in any 60 s window, counted in the database for all instances."""

    def __init__(self, per_minute: int, rates: SharedRates) -> None:
        self.per_minute, self._rates = per_minute, rates

    def acquire(self, owner: str) -> int | None:
        """Count one event; returns None when allowed, else the seconds to wait (for Retry-After)."""
        wait = self._rates.admit_rate(owner, self.per_minute, RATE_WINDOW_S)
        return None if wait is None else max(1, math.ceil(wait))

    def refund(self, owner: str) -> None:
        """Uncount the owner's latest event (a request refused for another reason after ``acquire``)."""
        self._rates.refund_rate(owner)


class RateLimiter:
    """At most ``per_minute`` events per owner in any 60 s window (a sliding log; one process)."""

    WINDOW_S = RATE_WINDOW_S

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._log: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def acquire(self, owner: str) -> int | None:
        """Count one event; returns None when allowed, else the seconds to wait (for Retry-After)."""
        now = time.monotonic()
        with self._lock:
            log = self._log.setdefault(owner, deque())
            while log and log[0] <= now - self.WINDOW_S:
                log.popleft()
            if len(log) >= self.per_minute:
                return max(1, math.ceil(log[0] + self.WINDOW_S - now))
            log.append(now)
            return None

    def refund(self, owner: str) -> None:
        """Uncount the owner's latest event (a request refused for another reason after ``acquire``)."""
        with self._lock:
            log = self._log.get(owner)
            if log:
                log.pop()


class BodySizeLimit:
    """Refuses request bodies over ``max_bytes`` with 413, whether or not Content-Length is sent.

    The body (at most ``max_bytes``, 64 KiB by default) is read here before the route sees it, so a chunked
    body over the limit is answered 413 by this middleware rather than failing inside FastAPI's body parser
    (which would turn any error there into a 400).
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass HTTP requests through with their body read ahead, unless it exceeds the limit."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await send_error(send, 413, "too_large", f"the request body is larger than {self.max_bytes} bytes")
            return
        body = await self._read_body(receive)
        if body is None:
            await send_error(send, 413, "too_large", f"the request body is larger than {self.max_bytes} bytes")
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # after the body: disconnects, which a streaming route watches for
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _read_body(self, receive: Receive) -> bytes | None:
        """The whole body, or None once it passes the limit (or the client left while sending it)."""
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


class LoopbackHostOnly:
    """In local-only mode, answers only requests addressed to a loopback name; others get 421.

    A web page can point a name it controls at 127.0.0.1 (DNS rebinding) and then read a local-only API as
    its own origin; the Host header it sends is still its own name, so checking it closes that door.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse HTTP requests whose Host is not 127.0.0.1, localhost or [::1] (any port)."""
        if scope["type"] == "http":
            host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            if host_name(host) not in LOOPBACK_HOSTS:
                await send_error(send, 421, "misdirected_request",
                                 "this server is local-only: address it as 127.0.0.1, localhost or [::1] "
                                 "(set DIORAMA_API_KEYS to serve other names)")
                return
        await self.app(scope, receive, send)


def host_name(host: str) -> str:
    """A Host header's name without its port, lower-cased: '[::1]:8000' -> '[::1]', 'LocalHost' -> 'localhost'."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[:host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


async def send_error(send: Send, status: int, code: str, message: str) -> None:
    """An error in the API's one shape, sent straight from a middleware."""
    body = json.dumps({"error": {"code": code, "message": message, "details": None}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
