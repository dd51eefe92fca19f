"""The REST API (docs/api.md): ``create_app(settings, workers=N)`` builds the FastAPI app.

Routes live in app/api/scenes.py (jobs), app/api/files.py (a scene's files)
and here (health, readiness, metrics, the creator UI). Every error answers
with one shape: ``{"error": {"code", "message", "details"}}``. A machine
fault (full disk, read-only folder, damaged or locked database, storage down)
answers 503 ``environment`` naming the file; any other unexpected error 500
``internal`` with only an error id, which the log line beside its traceback carries.
"""

from __future__ import annotations

import logging
import os
import secrets
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.api import files as api_files
from app.api import scenes as api_scenes
from app.api.edge import allowed_methods, install_edge, not_json
from app.api.metrics import Pruner, metrics_registry, render
from app.api.models import Health, Ready, error_responses
from app.api.security import ApiError, KeyRing, link_secret, rate_limiter
from app.jobs.backend import open_queue
from app.jobs.health import error_id, explain, probe_machine
from app.jobs.pool import WorkerPool
from app.jobs.queue import JobQueue
from tools.core.errors import InputError, MachineFault
from tools.core.settings import REPO_ROOT, Settings

UI_DIR = REPO_ROOT / "web" / "ui"
# The UI's own <meta> CSP cannot forbid framing; a header can (clickjacking of the prompt box and API key field).
UI_HEADERS = {"Cache-Control": "no-cache", "Content-Security-Policy": "frame-ancestors 'none'",
              "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"}
log = logging.getLogger(__name__)
HTTP_CODES = {400: "invalid_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
              405: "method_not_allowed", 409: "conflict", 413: "too_large", 415: "unsupported_media_type",
              421: "misdirected_request",
              422: "invalid_request", 429: "rate_limited", 501: "not_implemented", 503: "unavailable"}
FAULT_RETRY_AFTER_S = 30  # a full disk or a locked database needs a person; clients should not hammer meanwhile


def error_json(status: int, code: str, message: str, details: Any = None,
               headers: dict[str, str] | None = None) -> JSONResponse:
    """A JSON error response in the API's error shape."""
    body = {"error": {"code": code, "message": message, "details": details}}
    return JSONResponse(body, status_code=status, headers=headers)


def install_error_handlers(app: FastAPI) -> None:
    """Map ApiError, validation errors and unexpected exceptions to the API's JSON error shape."""
    @app.exception_handler(ApiError)
    async def api_error(request: Request, e: ApiError) -> JSONResponse:
        headers = e.headers
        if "/files/" in request.url.path or "/signed/" in request.url.path:
            # the sandboxed page (an opaque origin) must see a missing file as a 404, not as a CORS failure
            headers = {**(headers or {}), "Access-Control-Allow-Origin": "*"}
        return error_json(e.status, e.code, e.message, e.details, headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, e: RequestValidationError) -> JSONResponse:
        problems = [{"loc": list(err.get("loc", ())), "msg": err.get("msg", "")} for err in e.errors()]
        first = problems[0] if problems else {"loc": [], "msg": "invalid request"}
        where = ".".join(str(part) for part in first["loc"])
        if not_json(e.errors()):
            return error_json(400, "invalid_request", "the body is not JSON (send Content-Type: application/json)")
        return error_json(422, "invalid_request", f"{where}: {first['msg']}", {"errors": problems})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException) -> JSONResponse:
        headers = getattr(e, "headers", None)
        if e.status_code == 405:
            headers = {**(headers or {}), "Allow": ", ".join(allowed_methods(request))}
        return error_json(e.status_code, HTTP_CODES.get(e.status_code, "error"), str(e.detail), None, headers)

    @app.exception_handler(InputError)
    async def input_error(request: Request, e: InputError) -> JSONResponse:
        return error_json(422, "invalid_input", str(e))

    @app.exception_handler(MachineFault)
    async def machine_fault(request: Request, e: MachineFault) -> JSONResponse:
        return fault_response(request, e)

    @app.exception_handler(OSError)
    @app.exception_handler(sqlite3.Error)
    @app.exception_handler(Exception)
    async def unexpected(request: Request, e: Exception) -> JSONResponse:
        fault = explain(e, request.app.state.settings)
        if fault is not None:
            return fault_response(request, fault)
        internal = error_id()
        log.error("internal error %s on %s %s", internal, request.method, request.url.path, exc_info=e)
        return error_json(500, "internal", f"internal error {internal}: the server log has the details",
                          {"error_id": internal})


def fault_response(request: Request, fault: MachineFault) -> JSONResponse:
    """503 for a machine fault, naming the file or endpoint and the fix; the log says it too."""
    log.error("machine fault on %s %s: %s", request.method, request.url.path, fault)
    return error_json(503, "environment", str(fault), {"fault": fault.kind, "resource": fault.resource},
                      {"Retry-After": str(FAULT_RETRY_AFTER_S)})


def readiness(app: FastAPI) -> dict[str, dict[str, Any]]:
    """Each part a scene needs, with what is wrong; `model` failing is not fatal (the grounded planner takes over)."""
    settings: Settings = app.state.settings
    from tools.verify.browser import default_chromium

    chromium = settings.chromium or default_chromium()
    three = settings.three_dir / "build" / "three.module.js"
    return {
        "queue": queue_check(app),
        "chromium": {"ok": bool(chromium) and os.path.exists(chromium or ""), "path": chromium},
        "three": {"ok": three.is_file(), "path": str(three)},
        "storage": storage_check(settings),
        "model": model_check(settings),
        **machine_checks(settings, app.state.queue),
    }


def queue_check(app: FastAPI) -> dict[str, Any]:
    """Queued jobs and live workers; not ok when a worker is missing or the job database cannot be read."""
    pool: WorkerPool | None = app.state.pool
    check: dict[str, Any] = {"ok": not pool or pool.alive() == pool.size, "workers": pool.alive() if pool else 0,
                             "workers_wanted": pool.size if pool else 0}
    try:
        check["queued"] = app.state.queue.count("queued")
    except MachineFault as fault:
        check |= {"ok": False, "problem": str(fault)}
    return check


def machine_checks(settings: Settings, queue: JobQueue) -> dict[str, dict[str, Any]]:
    """The data folder written and deleted into, and each database opened and quick-checked."""
    found = probe_machine(settings, queue.path)
    folder = found.pop(str(settings.data_dir))
    data_dir: dict[str, Any] = {"ok": folder is None, "path": str(settings.data_dir)}
    if folder is not None:
        data_dir["problem"] = str(folder)
    return {
        "data_dir": data_dir,
        "databases": {"ok": all(fault is None for fault in found.values()),
                      "files": {path: "ok" if fault is None else str(fault) for path, fault in found.items()}},
    }


def storage_check(settings: Settings) -> dict[str, Any]:
    """Whether the scene storage is reachable: the data folder writable, or the S3 endpoint answering."""
    if settings.storage == "local":
        return {"ok": os.access(settings.data_dir, os.W_OK), "kind": "local", "path": str(settings.data_dir)}
    import httpx

    try:
        httpx.get(settings.s3_endpoint or "", timeout=2.0)
    except httpx.HTTPError as e:
        return {"ok": False, "kind": "s3", "endpoint": settings.s3_endpoint, "problem": str(e)}
    return {"ok": True, "kind": "s3", "endpoint": settings.s3_endpoint}


def model_check(settings: Settings) -> dict[str, Any]:
    """Whether the configured language model's server answers; without one the grounded planner is used."""
    if not settings.llm_base_url:
        return {"ok": True, "planner": "grounded (no model configured)"}
    import httpx

    url = settings.llm_base_url.split(",")[0].rstrip("/") + "/models"
    try:
        answer = httpx.get(url, timeout=2.0)
    except httpx.HTTPError as e:
        return {"ok": False, "url": url, "problem": str(e), "fallback": "grounded planner"}
    return {"ok": answer.status_code == 200, "url": url, "status": answer.status_code}


def add_service_routes(app: FastAPI) -> None:
    """Add /healthz, /readyz and /metrics to the app."""
    @app.get("/healthz", response_model=Health, tags=["service"], summary="The process is alive")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", response_model=Ready, tags=["service"], summary="Ready to run scenes",
             responses={503: {"model": Ready, "description": "a part is missing; checks say which"}})
    def readyz(request: Request) -> JSONResponse:
        checks = readiness(app)
        ready = all(check["ok"] for name, check in checks.items() if name != "model")
        body: dict[str, Any] = {"status": "ok" if ready else "unavailable"}
        if api_scenes.key_presented(request):  # paths and versions are for the operator, not for anyone
            body["checks"] = checks
        return JSONResponse(body, status_code=200 if ready else 503)

    @app.get("/metrics", tags=["service"], summary="Prometheus metrics",
             responses={200: {"content": {"text/plain": {}}}})
    def metrics(caller: api_scenes.Owner) -> Response:
        return Response(render(app.state.metrics), media_type="text/plain; version=0.0.4; charset=utf-8")

    @app.get("/", include_in_schema=False)
    def creator_ui() -> Response:
        index = UI_DIR / "index.html"
        if not index.is_file():
            return HTMLResponse("<!doctype html><title>Diorama</title><p>The web UI is not built (web/ui is "
                                "missing). The REST API is at /docs.</p>", status_code=200)
        return FileResponse(index, media_type="text/html; charset=utf-8", headers=UI_HEADERS)

    if UI_DIR.is_dir():
        app.mount("/ui", StaticFiles(directory=UI_DIR), name="ui")


def link_signing_secret(settings: Settings) -> bytes:
    """The secret that signs file links. Local-only mode signs none, so it writes no file for it: a server
    starting on a full disk still comes up and says what is wrong (/readyz, 503s)."""
    if not settings.api_keys:
        return secrets.token_bytes(32)
    configured = settings.link_secret.get_secret_value() if settings.link_secret else None
    return link_secret(settings.data_dir, configured)


def create_app(settings: Settings, workers: int | None = None, queue: JobQueue | None = None) -> FastAPI:
    """The API app; ``workers`` worker processes (default: settings.workers) run while it is up."""
    queue = queue or open_queue(settings)
    size = settings.workers if workers is None else workers

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.pool = WorkerPool(settings, size) if size > 0 else None
        if app.state.pool:
            app.state.pool.start()
        pruner = Pruner(queue, settings.retention_days).start()
        try:
            yield
        finally:
            pruner.stop()
            if app.state.pool:
                app.state.pool.stop()

    app = FastAPI(title="Diorama", version="1.0", lifespan=lifespan,
                  description="Turn a sentence into a verified 3D scene. Errors share one shape: "
                              '`{"error": {"code", "message", "details"}}`. Send `X-API-Key` when keys are set.',
                  responses=error_responses(500))
    app.state.settings, app.state.queue, app.state.pool = settings, queue, None
    app.state.keys = KeyRing(settings.api_keys, settings.url_token_ttl_s, link_signing_secret(settings))
    app.state.limiter = rate_limiter(settings.rate_limit_per_min, queue)
    app.state.event_streams = api_scenes.StreamCount(settings.max_event_streams)
    app.state.metrics = metrics_registry(queue)
    install_error_handlers(app)
    app.include_router(api_scenes.router)
    app.include_router(api_files.router)
    add_service_routes(app)
    install_edge(app, settings)
    return app
