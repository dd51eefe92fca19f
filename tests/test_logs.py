"""JSON logs carry the scene id, and each run records its tool calls (tools/core/telemetry.py)."""

from __future__ import annotations

import io
import json
import logging
import threading
from contextvars import copy_context

import pytest

from app.logs import configure_logging, json_logging_enabled, log_progress
from graph.runner import generate_scene
from tools.core.telemetry import collect_tool_calls, current_tool_calls, scene_scope, tool_call


@pytest.fixture
def json_stream():
    """Root logging to a string buffer as JSON lines; the earlier set-up is put back afterwards."""
    root = logging.getLogger()
    saved_handlers, saved_level = list(root.handlers), root.level
    stream = io.StringIO()
    configure_logging(json=True, stream=stream)
    yield stream
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in saved_handlers:
        root.addHandler(handler)
    root.setLevel(saved_level)


def lines(stream: io.StringIO) -> list[dict]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_json_lines_carry_the_scene_id_of_the_run(json_stream):
    log = logging.getLogger("diorama.test")
    log.info("before")
    with scene_scope("s-abc"):
        log.warning("inside %d", 1, extra={"stage": "plan"})
        # a thread started with the run's context (as LangGraph starts node threads) keeps the id
        worker = threading.Thread(target=copy_context().run, args=(log.info, "from a thread"))
        worker.start()
        worker.join()
    log.error("after")
    before, inside, threaded, after = lines(json_stream)
    assert set(before) >= {"ts", "level", "logger", "msg", "scene_id"}
    assert before["scene_id"] is None and after["scene_id"] is None
    assert inside == {**inside, "level": "WARNING", "logger": "diorama.test", "msg": "inside 1", "scene_id": "s-abc",
                      "stage": "plan"}
    assert inside["ts"].endswith("Z")
    assert threaded["scene_id"] == "s-abc" and threaded["msg"] == "from a thread"
    assert json_logging_enabled()


def test_exceptions_stay_one_json_line(json_stream):
    try:
        raise ValueError("bad\nthing")
    except ValueError:
        logging.getLogger("diorama.test").exception("failed")
    (entry,) = lines(json_stream)
    assert entry["msg"] == "failed" and "ValueError: bad" in entry["exc"]


def test_text_format_is_the_default_and_quiet():
    root = logging.getLogger()
    saved = list(root.handlers), root.level
    stream = io.StringIO()
    try:
        configure_logging(json=False, stream=stream)
        logging.getLogger("diorama.test").info("not shown at the default level")
        with scene_scope("s-1"):
            logging.getLogger("diorama.test").warning("shown")
        assert not json_logging_enabled()
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in saved[0]:
            root.addHandler(handler)
        root.setLevel(saved[1])
    assert stream.getvalue().count("\n") == 1 and "[s-1] shown" in stream.getvalue()


def test_tool_call_records_success_failure_and_stage():
    with tool_call("outside"):  # no collector: measures nothing, changes nothing
        pass
    with collect_tool_calls("assets") as calls:
        with tool_call("generate_asset"):
            pass
        with pytest.raises(KeyError), tool_call("storage_put"):
            raise KeyError("gone")
        assert current_tool_calls() == calls
    ok, failed = calls
    assert ok["tool"] == "generate_asset" and ok["ok"] and ok["stage"] == "assets" and ok["seconds"] >= 0
    assert "error" not in ok
    assert failed["tool"] == "storage_put" and not failed["ok"] and failed["error"] == "KeyError: 'gone'"
    assert current_tool_calls() == []


def test_a_run_logs_its_scene_id_and_keeps_its_tool_calls(json_stream, run_context, tmp_path):
    run_context.progress = log_progress
    state = generate_scene("a bedroom with a bed", tmp_path / "out", run_context, scene_id="s-logs",
                           interrupt_after=["layout"])  # stops before the browser
    entries = lines(json_stream)
    assert entries and all(e["scene_id"] == "s-logs" for e in entries)
    assert {"plan", "assets", "layout"} <= {e.get("stage") for e in entries}
    calls = state["tool_calls"]
    assert {(c["tool"], c["stage"]) for c in calls} >= {("generate_asset", "assets"), ("storage_put", "assets"),
                                                       ("solve_layout", "layout")}
    assert all(c["ok"] for c in calls)
