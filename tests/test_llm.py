"""The model client and model planner against a real local HTTP server that misbehaves on purpose.

The server is http.server in a thread on 127.0.0.1 speaking the OpenAI chat
completions protocol; each test sets how it answers: well, HTTP 500, never
(until the test ends), garbage text, JSON that violates the schema, a body
that is no chat completion, or a 400 for the OpenAI json_schema dialect.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from graph.context import RunContext
from tools.core.errors import ModelUnavailableError
from tools.core.settings import Settings
from tools.model.client import Endpoint, LLMClient, ResponseCache, parse_endpoints
from tools.model.planner import plan_with_model
from tools.plan.planner import plan_prompt

PROMPT = "a bedroom with a red bed and two lamps"
GOOD_PROPOSAL = {
    "room_type": "bedroom", "indoor": True,
    "objects": [{"category": "dresser", "count": 1, "color": "white"},
                {"category": "bed", "count": 3, "color": "green"}],  # repeats the prompt's bed: must be ignored
    "relations": [{"kind": "against_wall", "subject": "dresser", "target": "none"}],
}
HANG_LIMIT_S = 20.0  # a hanging handler gives up after this, should a test fail to release it


class FakeModelServer:
    """An OpenAI-compatible server whose answer ``mode`` the test sets; records every request body."""

    def __init__(self) -> None:
        self.mode = "ok"
        self.requests: list[dict] = []
        self.release = threading.Event()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                self._send(200, {"object": "list", "data": [{"id": "fake-model", "object": "model"}]})

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests.append(body)
                fake.answer(self, body)

            def _send(self, status: int, payload, raw: bytes | None = None) -> None:
                data = raw if raw is not None else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler

    def answer(self, handler, body: dict) -> None:
        mode = self.mode(body) if callable(self.mode) else self.mode
        if mode == "hang":
            self.release.wait(HANG_LIMIT_S)
            return handler._send(500, {"error": "released"})
        if mode == "http500":
            return handler._send(500, {"error": "boom"})
        if mode == "not_completion":
            return handler._send(200, None, raw=b"<html>proxy error</html>")
        if mode == "reject_json_schema" and body.get("response_format", {}).get("type") == "json_schema":
            return handler._send(400, {"error": "response_format type json_schema not supported"})
        content = {"garbage": "Sure! Here is a bedroom: {bed, lamp",
                   "schema_violation": json.dumps({"room_type": "spaceship", "objects": "many"})}.get(
            mode, json.dumps(GOOD_PROPOSAL))
        handler._send(200, {"id": "x", "object": "chat.completion", "model": body["model"],
                            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                         "finish_reason": "stop"}],
                            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})

    def __enter__(self) -> FakeModelServer:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake_server() -> Iterator[FakeModelServer]:
    with FakeModelServer() as server:
        yield server


def refused_url() -> str:
    """A URL on a port nothing listens on (bound, then closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


@contextmanager
def client_for(urls: str, tmp_path, **kwargs) -> Iterator[LLMClient]:
    models = kwargs.pop("models", None)
    options = {"timeout_s": 0.5, "retries": 0, "cache": ResponseCache(tmp_path / "llm_cache.sqlite"),
               "backoff_base_s": 0.01, **kwargs}
    client = LLMClient(parse_endpoints(urls, models, None), **options)
    try:
        yield client
    finally:
        client.close()


FAULTS = [
    ("refused", "ConnectError"),
    ("hang", "timed out after 0.5 s"),
    ("http500", "HTTP 500"),
    ("garbage", "invalid JSON"),
    ("schema_violation", "violates the plan schema"),
    ("not_completion", "sent no chat completion"),
]


@pytest.mark.parametrize("mode, reason", FAULTS)
def test_each_fault_falls_back_to_the_grounded_plan_with_the_reason(mode, reason, fake_server, tmp_path):
    fake_server.mode = mode
    url = refused_url() if mode == "refused" else fake_server.url
    with client_for(url, tmp_path) as client:
        plan = plan_with_model(PROMPT, 0, client)
    assert plan.planner.startswith("grounded (model failed:") and reason in plan.planner, plan.planner
    grounded = plan_prompt(PROMPT, 0)
    assert plan.model_dump(exclude={"planner"}) == grounded.model_dump(exclude={"planner"})


def test_valid_proposal_is_merged_and_explicit_objects_win(fake_server, tmp_path):
    with client_for(fake_server.url, tmp_path) as client:
        plan = plan_with_model(PROMPT, 0, client)
    grounded = plan_prompt(PROMPT, 0)
    assert plan.planner == "model:fake-model+grounded"
    by_key = {s.key: s for s in plan.objects}
    for spec in grounded.objects:
        assert by_key[spec.key] == spec  # counts, colours, sizes of the prompt untouched
    assert by_key["dresser"].requested is False and by_key["dresser"].color_name == "white"
    assert any(r.subject == "dresser" and r.kind == "against_wall" for r in plan.relations)
    assert sum(s.category == "bed" for s in plan.objects) == 1
    assert plan.requirements == grounded.requirements


def test_invalid_answer_is_retried_once_with_the_error_fed_back(fake_server, tmp_path):
    fake_server.mode = lambda body: "garbage" if len(body["messages"]) == 2 else "ok"
    with client_for(fake_server.url, tmp_path, light_model="tiny-model") as client:
        plan = plan_with_model(PROMPT, 0, client)
    assert len(fake_server.requests) == 2
    retry = fake_server.requests[1]
    assert retry["model"] == "tiny-model"  # the fix goes to the light model
    assert "invalid JSON" in retry["messages"][-1]["content"]
    assert plan.planner == "model:tiny-model+grounded"


def test_rerun_reads_the_cache_and_asks_nothing(fake_server, tmp_path):
    with client_for(fake_server.url, tmp_path) as client:
        first = plan_with_model(PROMPT, 3, client)
    with client_for(fake_server.url, tmp_path) as client:
        second = plan_with_model(PROMPT, 3, client)
    assert len(fake_server.requests) == 1
    assert first == second
    with client_for(fake_server.url, tmp_path) as client:
        plan_with_model(PROMPT, 4, client)  # another seed is another request
    assert len(fake_server.requests) == 2


def test_endpoints_are_tried_in_order(fake_server, tmp_path):
    with client_for(f"{refused_url()},{fake_server.url}", tmp_path, models="big-model,small-model") as client:
        plan = plan_with_model(PROMPT, 0, client)
    assert plan.planner == "model:small-model+grounded"
    assert fake_server.requests[0]["model"] == "small-model"


def test_circuit_breaker_opens_and_skips_the_endpoint(fake_server, tmp_path):
    fake_server.mode = "http500"
    messages = [{"role": "user", "content": "hi"}]
    with client_for(fake_server.url, tmp_path, retries=1, breaker_failures=2) as client:
        for _ in range(2):
            with pytest.raises(ModelUnavailableError, match="HTTP 500"):
                client.chat(messages)
        assert len(fake_server.requests) == 4  # two calls, each with one retry
        assert client.breaker(client.endpoints[0]).is_open
        with pytest.raises(ModelUnavailableError, match="circuit open"):
            client.chat(messages)
    assert len(fake_server.requests) == 4


def test_server_without_openai_json_schema_gets_llama_cpp_dialect(fake_server, tmp_path):
    fake_server.mode = "reject_json_schema"
    with client_for(fake_server.url, tmp_path) as client:
        plan = plan_with_model(PROMPT, 0, client)
    assert [r["response_format"]["type"] for r in fake_server.requests] == ["json_schema", "json_object"]
    assert "schema" in fake_server.requests[1]["response_format"]
    assert plan.planner == "model:fake-model+grounded"


def test_endpoint_settings_parse(tmp_path):
    assert parse_endpoints("http://a/v1, http://b", "m", "k") == [Endpoint("http://a/v1", "m", "k"),
                                                                 Endpoint("http://b", "m", "k")]
    assert Endpoint("http://b").chat_url == "http://b/v1/chat/completions"
    settings = Settings(data_dir=tmp_path, llm_base_url="http://a,http://b", llm_model="big,small", _env_file=None)
    client = LLMClient.from_settings(settings)
    assert [e.model for e in client.endpoints] == ["big", "small"]
    assert client.cache.path == tmp_path / "llm_cache.sqlite"
    client.close()


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("mode, reason", FAULTS[:5])
def test_scene_finishes_on_the_fallback_when_the_model_fails(mode, reason, fake_server, tmp_path, lazy_browser):
    from graph.runner import generate_scene

    fake_server.mode = mode
    url = refused_url() if mode == "refused" else fake_server.url
    settings = Settings(data_dir=tmp_path / "data", llm_base_url=url, llm_timeout_s=0.5, llm_retries=0,
                        _env_file=None)
    out = tmp_path / "scene"
    state = generate_scene("a red chair next to a table", out, RunContext(settings, lazy_browser), seed=1)
    scene = json.loads((out / "scene.json").read_text())
    report = json.loads((out / "report.json").read_text())
    assert state["passed"], [c for c in report["checks"] if not c["passed"]]
    for manifest in (scene, report):
        assert manifest["planner"].startswith("grounded (model failed:") and reason in manifest["planner"]


def test_merge_keeps_a_stated_room_size_and_the_prompt_placements():
    from tools.model.planner import ModelProposal, merge_proposal

    grounded = plan_prompt("a red chair next to a table; 2m x 2m", 0)
    proposal = ModelProposal.model_validate({
        "room_type": "kitchen", "indoor": True,
        "objects": [{"category": "sofa", "count": 4, "color": "blue"}, {"category": "pine_tree", "count": 2, "color": "default"},
                    {"category": "rug", "count": 1, "color": "default"}],
        "relations": [{"kind": "in_corner", "subject": "chair", "target": "none"},
                      {"kind": "next_to", "subject": "rug", "target": "chair"}],
    })
    plan = merge_proposal(grounded, proposal, "m")
    assert plan.environment == grounded.environment.model_copy(update={"room_type": "kitchen"})
    assert [s.category for s in plan.objects[len(grounded.objects):]] == ["rug"]  # no sofas fit; no trees indoors
    assert plan.relations[:len(grounded.relations)] == grounded.relations
    assert not any(r.subject == "chair" for r in plan.relations[len(grounded.relations):])
