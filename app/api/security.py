"""API keys, signed file URLs, the per-key rate limit and the request size limit.

With no keys configured the server is local-only (``diorama serve`` binds
127.0.0.1 alone) and every caller is the one owner ``local``. With keys, each
key is an owner: it sees only its own scenes, and file URLs carry a token
(HMAC of scene id and expiry) so an iframe or an <img> can load them without
headers.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import threading
import time
from collections import deque
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOCAL_OWNER = "local"


class ApiError(Exception):
    """An HTTP error in the API's one error shape."""

    def __init__(self, status: int, code: str, message: str, details: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.details, self.headers = status, code, message, details, headers


def owner_of(key: str) -> str:
    """A stable, non-secret name for a key (stored with its jobs; the key itself is never stored)."""
    return "k-" + hashlib.sha256(key.encode()).hexdigest()[:16]


class KeyRing:
    """The configured API keys; checks a presented key and signs/verifies file-URL tokens."""

    def __init__(self, keys: list[str], token_ttl_s: int) -> None:
        self.keys = [k for k in keys if k]
        self.token_ttl_s = token_ttl_s
        self._secret = hashlib.sha256(("diorama-url-token\0" + "\0".join(sorted(self.keys))).encode()).digest()

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

    def _signature(self, scene_id: str, owner: str, expires: int) -> str:
        message = f"{scene_id}\0{owner}\0{expires}".encode()
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()[:32]

    def token(self, scene_id: str, owner: str) -> str:
        """A signed, expiring token that lets a page load this owner's scene files without an API key."""
        expires = int(time.time()) + self.token_ttl_s
        return f"{expires}.{owner}.{self._signature(scene_id, owner, expires)}"

    def token_owner(self, token: str, scene_id: str) -> str | None:
        """The owner a valid, unexpired token for this scene was made for; None otherwise."""
        parts = token.split(".")
        if len(parts) != 3 or not parts[0].isdigit():
            return None
        expires, owner, signature = int(parts[0]), parts[1], parts[2]
        if expires < time.time() or not hmac.compare_digest(signature, self._signature(scene_id, owner, expires)):
            return None
        return owner


class RateLimiter:
    """At most ``per_minute`` events per owner in any 60 s window (a sliding log; one process)."""

    WINDOW_S = 60.0

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
    """Refuses request bodies over ``max_bytes`` with 413, whether or not Content-Length is sent."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass HTTP requests through unless their declared or streamed body exceeds the limit."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await self._refuse(send)
            return
        received = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise BodyTooLarge()
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = (b'{"error": {"code": "too_large", "message": "the request body is larger than '
                + str(self.max_bytes).encode() + b' bytes", "details": null}}')
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    """Raised inside the body-size limit when a streamed body passes the limit."""

    pass
