"""The /v1/scenes routes: submit, read, list, follow, edit, cancel, delete."""

from __future__ import annotations

import asyncio
import base64
import importlib.util
import json
import shutil
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager, nullcontext
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi import Path as PathParam
from sse_starlette import EventSourceResponse, ServerSentEvent

from app.api.models import SCENE_ID_PATTERN, EditCreate, Scene, SceneCreate, SceneList, error_responses
from app.api.output import Outputs
from app.api.security import ApiError, KeyRing, RateLimiter, SharedRateLimiter
from app.jobs.queue import (
    ACTIVE,
    TERMINAL,
    ActiveCapReached,
    IdempotencyConflict,
    Job,
    JobQueue,
    iso,
    new_job_id,
    scene_dir,
)
from tools.core.errors import StorageError
from tools.core.settings import Settings
from tools.storage.bundle import unpublish
from tools.storage.folder import forget_folder
from tools.storage.open import open_store

EVENT_POLL_S = 0.25
MAX_EVENT_ID = 2**63 - 1  # SQLite's largest integer
STREAM_RETRY_AFTER_S = 5
SSE_PING_S = 15
CAP_RETRY_AFTER_S = 5  # a job slot frees when one finishes; ask again soon
router = APIRouter(prefix="/v1/scenes", tags=["scenes"])
SceneId = Annotated[str, PathParam(pattern=SCENE_ID_PATTERN, description="scene id, e.g. s-3f2a9c1e0b7d4a65")]


def queue_of(request: Request) -> JobQueue:
    """The app's job queue."""
    return request.app.state.queue


def owner(request: Request) -> str:
    """The caller's owner name from X-API-Key or 'Authorization: Bearer'; 401 when keys are set and it is wrong."""
    keys: KeyRing = request.app.state.keys
    presented = request.headers.get("x-api-key")
    bearer = request.headers.get("authorization", "")
    if not presented and bearer.lower().startswith("bearer "):
        presented = bearer[7:].strip()
    return keys.owner(presented)


def key_presented(request: Request) -> bool:
    """Whether the caller may see what is for the operator (readiness detail): local-only mode, or a valid key."""
    try:
        owner(request)
    except ApiError:
        return False
    return True


Owner = Annotated[str, Depends(owner)]
Queue = Annotated[JobQueue, Depends(queue_of)]


def owned_job(queue: JobQueue, job_id: str, caller: str, keys: KeyRing) -> Job:
    """The job with this id if the caller owns it (any job when API keys are off); else a 404."""
    job = queue.get(job_id)
    if job is None or (keys.enabled and job.owner != caller):
        raise ApiError(404, "not_found", f"no scene {job_id}")
    return job


def outputs_of(request: Request) -> Outputs:
    """Where the app reads scene outputs (app/api/output.py): made on first use, kept for the app's life."""
    state = request.app.state
    if not hasattr(state, "outputs"):
        state.outputs = Outputs(state.settings, open_store)
    return state.outputs


def has_output(outputs: Outputs, job: Job) -> bool:
    """Whether the job has ended and left a published page."""
    return job.status in TERMINAL and outputs.of(job).published()


def scene_view(job: Job, outputs: Outputs, keys: KeyRing) -> dict[str, Any]:
    """The scene object of docs/api.md; file URLs carry a signed token when API keys are set."""
    base = f"/v1/scenes/{job.id}"
    token = keys.token(job.id, job.owner) if keys.enabled else None
    query = f"?token={token}" if token else ""
    files = f"{base}/signed/{token}" if token else f"{base}/files"  # the page's relative URLs keep the token
    urls = None
    output = outputs.of(job)
    if job.status in ("succeeded", "failed") and output.published():
        urls = {"page": f"{files}/index.html", "bundle": f"{base}/bundle{query}",
                "scene_glb": f"{base}/scene.glb{query}", "report": f"{files}/report.json",
                "screenshots": {PurePosixPath(name).stem: f"{files}/screenshots/{name}"
                                for name in output.screenshots()}}
    error = {"code": job.error_code, "message": job.error_message or ""} if job.error_code else None
    return {
        "id": job.id, "kind": job.kind, "prompt": job.prompt, "seed": job.seed, "status": job.status,
        "stage": job.stage, "progress": round(job.progress, 3), "created_at": iso(job.created_at),
        "started_at": iso(job.started_at), "finished_at": iso(job.finished_at), "passed": job.passed,
        "error": error, "urls": urls, "events_url": f"{base}/events{query}", "summary": job.summary,
        "revisions": revision_views(job.revisions, output.revision_log() if len(job.revisions) > 1 else []),
    }


LOG_TIME_SLACK_S = 1.0  # revisions.json keeps whole seconds, cut down


def revision_views(revisions: list[dict[str, Any]], made: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The queue's revisions, each with what its edit changed: ``counts`` and ``changes`` from ``made``, the
    entries of the scene's revisions.json that an edit wrote (None for the generated one, one still queued or
    running, and one that failed).

    The folder numbers only the edits that made a revision, so after a failed edit its numbers run behind the
    queue's. The queue takes one edit of a scene at a time, so an entry belongs to the revision of the same
    instruction that was asked for before the entry was written, with no other asked for in between.
    """
    written = [_epoch(e["created_at"]) for e in made]
    views, k = [], 0
    for i, r in enumerate(revisions):
        until = revisions[i + 1]["created_at"] if i + 1 < len(revisions) else float("inf")
        while k < len(made) and written[k] + LOG_TIME_SLACK_S <= r["created_at"]:
            k += 1  # written before this revision was asked for: no later revision's
        entry: dict[str, Any] = {}
        if k < len(made) and written[k] < until and made[k]["instruction"] == r["instruction"]:
            entry, k = made[k], k + 1
        views.append({"revision": r["revision"], "instruction": r["instruction"], "created_at": iso(r["created_at"]),
                      "counts": entry.get("counts"), "changes": entry.get("changes")})
    return views


def _epoch(timestamp: str) -> float:
    return datetime.fromisoformat(timestamp).timestamp()


def view(request: Request, job: Job) -> dict[str, Any]:
    """The API view of a job, with URLs signed for the caller."""
    return scene_view(job, outputs_of(request), request.app.state.keys)


@contextmanager
def admitted(request: Request, caller: str) -> Iterator[int]:
    """The per-key rate limit, then the concurrency cap (which the queue checks in the submit's own
    transaction, yielded here as max_active); 429 with Retry-After when over either."""
    settings: Settings = request.app.state.settings
    limiter: RateLimiter | SharedRateLimiter = request.app.state.limiter
    wait = limiter.acquire(caller)
    if wait is not None:
        raise ApiError(429, "rate_limited", f"more than {limiter.per_minute} submissions in a minute; "
                       f"retry in {wait} s", {"limit": "rate", "per_minute": limiter.per_minute},
                       {"Retry-After": str(wait)})
    try:
        yield settings.max_concurrent_jobs_per_key
    except ActiveCapReached as capped:
        limiter.refund(caller)  # a refused job does not use up the caller's rate
        raise ApiError(429, "rate_limited", f"{capped.active} jobs are already queued or running for this key "
                       f"(the cap is {settings.max_concurrent_jobs_per_key}); wait for one to finish",
                       {"limit": "concurrency", "cap": settings.max_concurrent_jobs_per_key},
                       {"Retry-After": str(CAP_RETRY_AFTER_S)}) from None


@router.post("", status_code=202, response_model=Scene, summary="Submit a scene",
             responses={200: {"model": Scene, "description": "the job an earlier request with the same "
                              "Idempotency-Key made"}, **error_responses(400, 401, 409, 413, 422, 429)})
def submit_scene(body: SceneCreate, request: Request, response: Response, queue: Queue, caller: Owner,
                 idempotency_key: Annotated[str | None, Header(max_length=200)] = None) -> dict[str, Any]:
    """Queue a scene. The same Idempotency-Key with the same body returns the same job (200)."""
    options = body.options.model_dump(exclude_none=True)
    # a replay of an accepted request is not a new job: no limits
    replay = idempotency_key is not None and queue.by_idempotency_key(caller, idempotency_key) is not None
    try:
        with nullcontext() if replay else admitted(request, caller) as max_active:
            job, created = queue.submit(new_job_id(), caller, body.prompt, body.seed, options, idempotency_key,
                                        max_active)
    except IdempotencyConflict:
        raise ApiError(409, "conflict", "this Idempotency-Key was used with a different request body",
                       {"idempotency_key": idempotency_key}) from None
    if not created:
        response.status_code = 200
    return view(request, job)


@router.get("", response_model=SceneList, summary="List scenes, newest first",
            responses=error_responses(401, 422))
def list_scenes(request: Request, queue: Queue, caller: Owner, limit: Annotated[int, Query(ge=1, le=100)] = 20,
                cursor: Annotated[str | None, Query(max_length=200)] = None) -> dict[str, Any]:
    """The caller's scenes, newest first, one page at a time."""
    keys: KeyRing = request.app.state.keys
    jobs = queue.list(caller if keys.enabled else None, limit + 1, decode_cursor(cursor) if cursor else None)
    page = jobs[:limit]
    next_cursor = encode_cursor(page[-1]) if len(jobs) > limit else None
    return {"items": [view(request, job) for job in page], "next_cursor": next_cursor}


def encode_cursor(job: Job) -> str:
    """An opaque page cursor holding the last job's creation time and id."""
    return base64.urlsafe_b64encode(json.dumps([job.created_at, job.id]).encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[float, str]:
    """The creation time and job id an encoded cursor holds; a 422 for a cursor this API did not make."""
    try:
        created_at, job_id = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        return float(created_at), str(job_id)
    except (ValueError, TypeError) as e:  # binascii.Error and JSONDecodeError are ValueErrors
        raise ApiError(422, "invalid_request", "the cursor is not one this API gave out", {"cursor": cursor}) from e


@router.get("/{scene_id}", response_model=Scene, summary="One scene", responses=error_responses(401, 404, 422))
def get_scene(scene_id: SceneId, request: Request, queue: Queue, caller: Owner) -> dict[str, Any]:
    """One of the caller's scenes."""
    return view(request, owned_job(queue, scene_id, caller, request.app.state.keys))


@router.post("/{scene_id}/edits", status_code=202, response_model=Scene, summary="Edit a scene (new revision)",
             responses=error_responses(400, 401, 404, 409, 413, 422, 429, 501))
def edit_scene(scene_id: SceneId, body: EditCreate, request: Request, queue: Queue, caller: Owner) -> dict[str, Any]:
    """Queue an edit of a finished scene as its next revision."""
    job = owned_job(queue, scene_id, caller, request.app.state.keys)
    if importlib.util.find_spec("graph.edit") is None:
        raise ApiError(501, "not_implemented", "conversational edits are not available in this version yet")
    if job.status in ACTIVE:
        raise ApiError(409, "conflict", f"a job on {scene_id} is still {job.status}; wait for it or cancel it",
                       {"status": job.status})
    if not has_output(outputs_of(request), job):
        raise ApiError(409, "conflict", f"{scene_id} has no finished scene to edit", {"status": job.status})
    with admitted(request, caller) as max_active:
        edited = queue.submit_edit(scene_id, body.instruction, max_active)
    if edited is None:
        raise ApiError(409, "conflict", f"a job on {scene_id} started meanwhile; try again when it ends")
    return view(request, edited)


@router.post("/{scene_id}/cancel", status_code=202, response_model=Scene, summary="Cancel a scene's job",
             responses=error_responses(401, 404, 422))
def cancel_scene(scene_id: SceneId, request: Request, queue: Queue, caller: Owner) -> dict[str, Any]:
    """A queued job is cancelled at once; a running one when its worker reaches the next stage."""
    owned_job(queue, scene_id, caller, request.app.state.keys)
    job = queue.cancel(scene_id)
    if job is None:
        raise ApiError(404, "not_found", f"no scene {scene_id}")
    return view(request, job)


@router.delete("/{scene_id}", status_code=204, summary="Delete a scene",
               responses=error_responses(401, 404, 422, 503))
def delete_scene(scene_id: SceneId, request: Request, queue: Queue, caller: Owner) -> Response:
    """Cancels its job, removes its published copy (and with S3 its working folder) from the store, then the job,
    its events, checkpoint and files."""
    job = owned_job(queue, scene_id, caller, request.app.state.keys)
    queue.cancel(scene_id)
    settings: Settings = request.app.state.settings
    outputs = outputs_of(request)
    store = outputs.store
    try:  # first, so a store that is down leaves the scene listed and the DELETE can simply be sent again
        unpublish(store, f"scenes/{scene_id}")
        if outputs.stored:
            forget_folder(store, scene_id)
    except StorageError as e:
        raise ApiError(503, "unavailable", f"the scene's published copy could not be removed from "
                       f"{store.describe()}; the scene is cancelled but not deleted: send the DELETE again",
                       {"problem": str(e)}) from e
    queue.delete(scene_id)
    # generate_scene's thread is the scene id; each edit runs under <id>-r<n> (graph/edit.py)
    threads = [scene_id, *(f"{scene_id}-r{r['revision']}" for r in job.revisions if r["revision"] > 1)]
    forget_checkpoint(settings, threads)
    shutil.rmtree(scene_dir(settings.data_dir, scene_id), ignore_errors=True)
    shutil.rmtree(bundle_cache_dir(settings.data_dir, scene_id), ignore_errors=True)
    return Response(status_code=204)


def bundle_cache_dir(data_dir: Path, scene_id: str) -> Path:
    """Where a scene's zipped bundles are kept between downloads (app/api/files.py)."""
    return data_dir / "bundles" / scene_id


def forget_checkpoint(settings: Settings, thread_ids: list[str]) -> None:
    """Delete the LangGraph checkpoints of these threads (graph/checkpoints.py), if there are any."""
    if settings.database_url is None and not settings.checkpoint_db.is_file():
        return
    from graph.checkpoints import open_checkpointer

    with open_checkpointer(settings) as saver:
        for thread_id in thread_ids:
            saver.delete_thread(thread_id)


@router.get("/{scene_id}/events", summary="Follow a scene (server-sent events)",
            response_class=EventSourceResponse,
            responses={200: {"content": {"text/event-stream": {"example": 'event: stage\ndata: {"stage": "layout", '
                                                                          '"message": "started", "progress": 0.35, '
                                                                          '"t": 0.4}\n\n'}}},
                       **error_responses(400, 401, 404, 422, 503)})
async def follow_scene(scene_id: SceneId, request: Request,
                       token: Annotated[str | None, Query(max_length=200)] = None,
                       last_event_id: Annotated[str | None, Header(max_length=20)] = None) -> EventSourceResponse:
    """Replays the current revision's events, then follows live; ends with `done` (the final scene object)."""
    queue: JobQueue = request.app.state.queue
    job = await to_thread.run_sync(file_access_job, request, scene_id, token)
    after = event_number(last_event_id)
    streams: StreamCount = request.app.state.event_streams
    if streams.open >= streams.cap:
        raise ApiError(503, "unavailable", f"{streams.cap} event streams are open, the most this server follows "
                       f"at once; retry soon or poll GET /v1/scenes/{scene_id}", {"limit": "event_streams"},
                       {"Retry-After": str(STREAM_RETRY_AFTER_S)})
    return EventSourceResponse(streams.counted(stream_events(request, queue, job, after)), ping=SSE_PING_S)


def event_number(last_event_id: str | None) -> int:
    """The event number a Last-Event-ID header resumes after (0: from the start); 400 for one never given out."""
    if not last_event_id or not last_event_id.isdigit():
        return 0
    if int(last_event_id) > MAX_EVENT_ID:
        raise ApiError(400, "invalid_request", "Last-Event-ID is larger than any event number",
                       {"max": MAX_EVENT_ID})
    return int(last_event_id)


class StreamCount:
    """How many event streams are open in this process, and the most it serves (DIORAMA_MAX_EVENT_STREAMS)."""

    def __init__(self, cap: int) -> None:
        self.cap, self.open = cap, 0

    async def counted(self, events: AsyncIterator[ServerSentEvent]) -> AsyncIterator[ServerSentEvent]:
        """The stream, counted open from its first step until it ends or its client leaves.

        Counting starts inside the generator so a stream never started is never counted (one event loop runs
        every stream, so the count needs no lock; a burst may pass the cap by the streams starting meanwhile).
        """
        self.open += 1
        try:
            async for event in events:
                yield event
        finally:
            self.open -= 1


def file_access_job(request: Request, scene_id: str, token: str | None) -> Job:
    """The job, for a caller with a key header or a signed token for this scene (EventSource, iframes)."""
    keys: KeyRing = request.app.state.keys
    queue: JobQueue = request.app.state.queue
    if keys.enabled and token:
        token_owner = keys.token_owner(token, scene_id)
        if token_owner is None:
            raise ApiError(401, "unauthorized", "the link's token is not valid or has expired")
        return owned_job(queue, scene_id, token_owner, keys)
    return owned_job(queue, scene_id, owner(request), keys)


async def stream_events(request: Request, queue: JobQueue, job: Job,
                        after: int) -> AsyncIterator[ServerSentEvent]:
    """Server-sent events of a job's progress from event number `after` on, until its done event."""
    revision = job.revision
    while True:
        events = await to_thread.run_sync(queue.events, job.id, revision, after)
        for event in events:
            after = event.seq
            if event.event == "done":
                final = await to_thread.run_sync(queue.get, job.id)
                if final is not None:
                    yield ServerSentEvent(json.dumps(view(request, final)), event="done", id=str(event.seq))
                return
            data = {"stage": event.data.get("stage", event.event), "message": event.data.get("message", ""),
                    "progress": event.data.get("progress", 0.0), "t": event.data.get("t", 0.0)}
            yield ServerSentEvent(json.dumps(data), event="stage", id=str(event.seq))
        current = await to_thread.run_sync(queue.get, job.id)
        if current is None or current.revision != revision:
            return  # deleted, or a newer revision: its own stream tells that story
        if await request.is_disconnected():
            return
        await asyncio.sleep(EVENT_POLL_S)
