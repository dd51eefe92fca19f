"""Request and response bodies of the REST API (docs/api.md), with the examples /docs shows."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field
from pydantic_core import PydanticCustomError

from tools.core.limits import (  # the rules the CLI and batch files share
    ENGLISH_TEXT,
    INSTRUCTION_MAX_CHARS,
    MAX_REPAIRS,
    PROMPT_MAX_CHARS,
    SCENE_ID_PATTERN,  # noqa: F401  (the routes' path pattern, re-exported)
    SEED_MAX,
    SEED_MIN,
    text_problem,
)


def _json_integer(value: object) -> object:
    """JSON Schema's integer: 2 and 2.0, never true or "2" (pydantic's lax mode would take both)."""
    if isinstance(value, bool) or isinstance(value, str) or (isinstance(value, float) and not value.is_integer()):
        raise ValueError("must be an integer")
    return int(value) if isinstance(value, float) else value


def _readable(what: str) -> AfterValidator:
    """A validator refusing text the planner or editor cannot read, with limits.text_problem's message."""
    def check(text: str) -> str:
        problem = text_problem(text, what)
        if problem:
            raise PydanticCustomError("unreadable_text", "{problem}", {"problem": problem})  # no "Value error," prefix
        return text

    return AfterValidator(check)


JsonInt = Annotated[int, BeforeValidator(_json_integer)]
RepairRounds = Annotated[int, Field(ge=0, le=MAX_REPAIRS), BeforeValidator(_json_integer)]
# The pattern is the schema's statement of text_problem's language rule (in Python's regex dialect, as schemathesis
# reads it), so a body the schema takes is a body the API takes; the validator checks it with its own message.
Prompt = Annotated[str, Field(min_length=1, max_length=PROMPT_MAX_CHARS, json_schema_extra={"pattern": ENGLISH_TEXT}),
                   _readable("prompt")]
Instruction = Annotated[str, Field(min_length=1, max_length=INSTRUCTION_MAX_CHARS,
                                   json_schema_extra={"pattern": ENGLISH_TEXT}), _readable("instruction")]


class SceneOptions(BaseModel):
    """Per-scene options a client may set."""

    model_config = ConfigDict(extra="forbid")
    max_repairs: RepairRounds | None = Field(
        None, description="repair rounds after a failed verification (0..10)")


class SceneCreate(BaseModel):
    """The body of POST /v1/scenes: a prompt, a seed and options."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "examples": [{"prompt": "a bedroom with a red bed and two lamps; 4m x 4m", "seed": 0,
                      "options": {"max_repairs": 2}}]})
    prompt: Prompt = Field(description="what the scene shows, in English")
    seed: JsonInt = Field(0, ge=SEED_MIN, le=SEED_MAX, description="variety seed")
    options: SceneOptions = Field(default_factory=SceneOptions)


class EditCreate(BaseModel):
    """The body of an edit request: one instruction."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"instruction": "make the sofa blue"}]})
    instruction: Instruction = Field(description="what to change, in English")


class JobError(BaseModel):
    """Why a job failed: a machine-readable code and a message."""

    code: str = Field(description="timeout, cancelled, invalid_input, render_error, storage_error, asset_error, "
                                   "environment (disk, folder or database), worker_lost, internal, ...")
    message: str


class SceneUrls(BaseModel):
    """Where a finished scene's page, bundle, glTF, report and screenshots are served."""

    page: str
    bundle: str
    scene_glb: str
    report: str
    screenshots: dict[str, str] = Field(default_factory=dict)


class SceneSummary(BaseModel):
    """A finished scene's figures: objects, checks and requirements passed, seconds taken."""

    objects: int
    checks_passed: int
    checks: int
    requirements_met: int
    requirements: int
    seconds: float


class Revision(BaseModel):
    """One revision of a scene: the edit instruction that made it (None for the first), when, and what it changed."""

    revision: int
    instruction: str | None
    created_at: str
    counts: dict[str, int] | None = Field(None, description=(
        "objects per change word (added, removed, replaced, moved, turned, resized, recoloured, unchanged), read "
        "from the two layouts; null for the first revision and for an edit not finished or failed"))
    changes: list[str] | None = Field(None, description="one line per operation of the edit, e.g. 'recoloured sofa blue'")


SCENE_EXAMPLE: dict[str, Any] = {
    "id": "s-3f2a9c1e0b7d4a65", "kind": "generate", "prompt": "a table", "seed": 0, "status": "succeeded",
    "stage": "publish", "progress": 1.0, "created_at": "2026-11-30T04:00:00Z", "started_at": "2026-11-30T04:00:01Z",
    "finished_at": "2026-11-30T04:00:14Z", "passed": True, "error": None,
    "urls": {"page": "/v1/scenes/s-3f2a9c1e0b7d4a65/files/index.html",
             "bundle": "/v1/scenes/s-3f2a9c1e0b7d4a65/bundle",
             "scene_glb": "/v1/scenes/s-3f2a9c1e0b7d4a65/scene.glb",
             "report": "/v1/scenes/s-3f2a9c1e0b7d4a65/files/report.json",
             "screenshots": {"hero": "/v1/scenes/s-3f2a9c1e0b7d4a65/files/screenshots/hero.png"}},
    "events_url": "/v1/scenes/s-3f2a9c1e0b7d4a65/events",
    "summary": {"objects": 1, "checks_passed": 9, "checks": 9, "requirements_met": 1, "requirements": 1,
                "seconds": 13.0},
    "revisions": [{"revision": 1, "instruction": None, "created_at": "2026-11-30T04:00:00Z", "counts": None,
                   "changes": None}],
}


class Scene(BaseModel):
    """A scene job as the API shows it: status, stage, progress, result links and revisions."""

    model_config = ConfigDict(json_schema_extra={"examples": [SCENE_EXAMPLE]})
    id: str
    kind: Literal["generate", "edit"]
    prompt: str
    seed: int
    status: Literal["queued", "running", "succeeded", "failed", "cancelled"]
    stage: str | None = Field(description="plan, assets, layout, compose, verify, repair or publish")
    progress: float = Field(ge=0, le=1)
    created_at: str
    started_at: str | None
    finished_at: str | None
    passed: bool | None = Field(description="every verification check passed (once succeeded)")
    error: JobError | None
    urls: SceneUrls | None = Field(description="present once the scene has output")
    events_url: str = Field(description="the server-sent events stream (signed when API keys are set)")
    summary: SceneSummary | None
    revisions: list[Revision]


class SceneList(BaseModel):
    """One page of scenes and the cursor of the next page."""

    items: list[Scene]
    next_cursor: str | None


class ErrorDetail(BaseModel):
    """An error's code, message and optional details."""

    code: str = Field(description="invalid_request, invalid_input, unauthorized, not_found, method_not_allowed, "
                                   "conflict, too_large, misdirected_request, rate_limited, internal, "
                                   "not_implemented, unavailable, environment")
    message: str
    details: dict[str, Any] | list[Any] | None = None


class ErrorBody(BaseModel):
    """The JSON body of every error response."""

    model_config = ConfigDict(json_schema_extra={
        "examples": [{"error": {"code": "not_found", "message": "no scene s-0000000000000000", "details": None}}]})
    error: ErrorDetail


class Health(BaseModel):
    """The body of /healthz."""

    status: Literal["ok"]


class Ready(BaseModel):
    """The body of /readyz: overall status and, for a caller with a valid key (or in local-only mode), each part's
    check."""

    status: Literal["ok", "unavailable"]
    checks: dict[str, dict[str, Any]] | None = Field(
        None, description="queue, chromium, three, storage, model, data_dir, databases: each {ok, ...}; "
                          "left out without a valid key when keys are set")


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the error statuses a route can answer, all with the one error shape."""
    meaning = {400: "bad request", 401: "missing or wrong API key", 404: "no such scene or file",
               409: "conflict (a job on the scene is still running, or an idempotency key reused)",
               413: "request body too large", 422: "invalid request", 429: "rate limit or concurrency cap "
               "(see Retry-After)", 501: "not implemented yet",
               503: "a machine fault (environment: disk, folder, database; see Retry-After) or not ready"}
    return {status: {"model": ErrorBody, "description": meaning.get(status, "error")} for status in statuses}
