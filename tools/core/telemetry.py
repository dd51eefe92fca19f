"""Per-run observability: which scene is running, and how long each tool call took.

Both live in context variables, so they follow a run through LangGraph's node
threads (it copies the caller's context into them) without being passed
around, and tools stay usable on their own: outside a run, ``tool_call``
measures nothing and costs nothing.

    with scene_scope("s-1234"):                 # the runner, for the whole run
        with collect_tool_calls() as calls:     # a node, for its own duration
            with tool_call("render"):           # a tool call site
                ...
        calls  # [{"tool": "render", "seconds": 4.2, "ok": True}]
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

ERROR_TEXT_MAX = 300  # report.json stays readable when a tool fails with a page-long message

scene_id_var: ContextVar[str | None] = ContextVar("diorama_scene_id", default=None)
_tool_calls: ContextVar[list[dict] | None] = ContextVar("diorama_tool_calls", default=None)
_stage: ContextVar[str | None] = ContextVar("diorama_stage", default=None)
log = logging.getLogger(__name__)


@contextmanager
def scene_scope(scene_id: str) -> Iterator[None]:
    """Tag everything logged inside the block (this thread and the threads it starts) with ``scene_id``."""
    token = scene_id_var.set(scene_id)
    try:
        yield
    finally:
        scene_id_var.reset(token)


def current_scene_id() -> str | None:
    """The scene id of the run in progress in this context, if any."""
    return scene_id_var.get()


@contextmanager
def collect_tool_calls(stage: str | None = None) -> Iterator[list[dict]]:
    """Collect the ``tool_call`` records made inside the block into the yielded list (tagged with ``stage``)."""
    calls: list[dict] = []
    token = _tool_calls.set(calls)
    stage_token = _stage.set(stage)
    try:
        yield calls
    finally:
        _stage.reset(stage_token)
        _tool_calls.reset(token)


def current_tool_calls() -> list[dict]:
    """A copy of the records collected so far by the innermost ``collect_tool_calls`` (empty outside one)."""
    return list(_tool_calls.get() or ())


@contextmanager
def tool_call(tool: str) -> Iterator[None]:
    """Time the block as one call of ``tool``: ``{"tool", "stage"?, "seconds", "ok", "error"?}``.

    The exception, if any, is recorded and re-raised unchanged: measuring never
    changes what a tool does.
    """
    calls = _tool_calls.get()
    if calls is None:
        yield
        return
    started = time.perf_counter()
    try:
        yield
    except BaseException as error:
        calls.append(_record(tool, started, error))
        raise
    calls.append(_record(tool, started, None))


def _record(tool: str, started: float, error: BaseException | None) -> dict:
    record = {"tool": tool, "seconds": round(time.perf_counter() - started, 4), "ok": error is None}
    if _stage.get() is not None:
        record["stage"] = _stage.get()
    if error is not None:
        record["error"] = f"{type(error).__name__}: {error}"[:ERROR_TEXT_MAX]
        log.info("tool %s failed after %.3f s: %s", tool, record["seconds"], record["error"])
    return record
