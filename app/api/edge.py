"""What the API answers at its edge, beside the routes: the middlewares, `Allow:` and a body that is not JSON.

``install_edge`` adds the request size limit and, in local-only mode (no API
keys), the loopback Host check. ``allowed_methods`` fills the `Allow:` header of
a 405; ``not_json`` tells a body that is no JSON at all (400) from JSON with a
wrong field (422).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from starlette.routing import Match

from app.api.security import BodySizeLimit, LoopbackHostOnly
from tools.core.settings import Settings

METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def install_edge(app: FastAPI, settings: Settings) -> None:
    """Add the middlewares every request passes: the Host check (local-only mode), then the body size limit."""
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_request_bytes)
    if not settings.api_keys:
        app.add_middleware(LoopbackHostOnly)  # added last: it runs first


def allowed_methods(request: Request) -> list[str]:
    """Every method some route answers on this path.

    Each method is tried against the routes as the router would (FastAPI's included routers hide their
    routes' methods, which left `Allow:` empty when read off the routes).
    """
    routes = request.app.router.routes
    return [method for method in METHODS
            if any(route.matches({**request.scope, "method": method})[0] == Match.FULL for route in routes)]


def not_json(errors: Sequence[dict[str, Any]]) -> bool:
    """Whether validation failed because the body is not JSON (malformed, or sent as another content type)."""
    for error in errors:
        raw_body = tuple(error.get("loc", ())) == ("body",) and isinstance(error.get("input"), (bytes, str))
        if error.get("type") == "json_invalid" or raw_body:
            return True
    return False
