"""Planning through a real llama.cpp server on Gemma 3 270M (the GGUF from PyPI), and a whole scene through it.

A 270M model plans poorly; these tests check what must hold regardless:
the constrained answer decodes and validates, and what the prompt states
survives the merge untouched.
"""

from __future__ import annotations

import json

import httpx
import pytest
from llama_server import MODEL_ALIAS, N_CTX, llama_server
from test_planner_prompt import CHARS_PER_TOKEN, PROMPT_TOKEN_BOUND, padded_registry

from graph.context import RunContext
from tools.core.settings import Settings
from tools.model import planner as model_planner
from tools.model.client import SCHEMA_DIALECTS, LLMClient, ResponseCache, parse_endpoints
from tools.model.planner import (
    MAX_TOKENS,
    ModelProposal,
    listed_kinds,
    plan_with_model,
    planned_summary,
    proposal_schema,
    propose,
)
from tools.model.prompts import planner_messages
from tools.plan.planner import plan_prompt

pytestmark = pytest.mark.slow

PROMPTS = [
    "a bedroom with a red bed and two lamps",
    "three blue chairs around a round table in a kitchen; 4m x 4m",
    "a forest clearing with 8 pine trees and a tent",
]
TIMEOUT_S = 300.0  # a watchdog, not a speed target: one CPU request on a busy 2-core machine (furnished plans make the prompt longer)


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with llama_server(log_path=log) as url:
        yield url


@pytest.fixture(scope="module")
def client(server_url, tmp_path_factory):
    """One client and cache for the module: a request one test made is not paid for again by the next."""
    cache = ResponseCache(tmp_path_factory.mktemp("llm") / "llm_cache.sqlite")
    client = LLMClient(parse_endpoints(server_url, None, None), timeout_s=TIMEOUT_S, retries=0, cache=cache)
    yield client
    client.close()


def test_the_planner_prompt_counted_by_the_models_tokenizer_stays_under_its_bound(server_url, monkeypatch):
    """With the registry padded tenfold; the answer and one retry (the answer and the error again) fit n_ctx."""
    monkeypatch.setattr(model_planner, "CATEGORIES", padded_registry())
    for prompt in PROMPTS:
        plan = plan_prompt(prompt, 1)
        text = "\n".join(m["content"] for m in planner_messages(prompt, planned_summary(plan), listed_kinds(plan)))
        answer = httpx.post(f"{server_url.removesuffix('/v1')}/tokenize", json={"content": text}, timeout=60)
        tokens = len(answer.raise_for_status().json()["tokens"])
        assert tokens < PROMPT_TOKEN_BOUND and len(text) / tokens >= CHARS_PER_TOKEN, (prompt, tokens, len(text))
        assert tokens + 2 * MAX_TOKENS + 100 < N_CTX


def test_constrained_answer_decodes_and_validates(client):
    plan = plan_prompt(PROMPTS[0], 1)
    messages = planner_messages(PROMPTS[0], planned_summary(plan), listed_kinds(plan))
    result = client.chat(messages, schema=proposal_schema(), schema_name="scene_proposal", seed=1,
                         max_tokens=MAX_TOKENS)
    ModelProposal.model_validate(json.loads(result.content))
    assert result.model == MODEL_ALIAS and not result.cached
    assert result.usage["completion_tokens"] < MAX_TOKENS
    dialect = SCHEMA_DIALECTS[client._dialects[client.endpoints[0].base_url]]
    assert dialect != "prompt_only", "the server ignored every response_format dialect"


@pytest.mark.parametrize("prompt", PROMPTS)
def test_explicit_requirements_survive_the_model(prompt, client):
    grounded = plan_prompt(prompt, 1)
    _, model = propose(prompt, 1, client, grounded)  # raises ModelOutputError unless valid (after one retry)
    assert model == MODEL_ALIAS
    plan = plan_with_model(prompt, 1, client)  # the same request again: answered by the cache
    assert plan.planner == f"model:{MODEL_ALIAS}+grounded"
    by_key = {s.key: s for s in plan.objects}
    for spec in grounded.objects:
        assert by_key[spec.key] == spec
    assert plan.requirements == grounded.requirements
    assert plan.relations[:len(grounded.relations)] == grounded.relations
    assert all(not s.requested for s in plan.objects[len(grounded.objects):])


@pytest.mark.browser
def test_whole_scene_through_the_model(server_url, tmp_path, lazy_browser):
    from graph.runner import generate_scene

    settings = Settings(data_dir=tmp_path / "data", llm_base_url=server_url, llm_timeout_s=TIMEOUT_S,
                        llm_retries=0, _env_file=None)
    out = tmp_path / "scene"
    state = generate_scene(PROMPTS[0], out, RunContext(settings, lazy_browser), seed=1)
    scene = json.loads((out / "scene.json").read_text())
    report = json.loads((out / "report.json").read_text())
    assert scene["planner"] == f"model:{MODEL_ALIAS}+grounded" == report["planner"]
    assert state["passed"], [c for c in report["checks"] if not c["passed"]]
    assert (settings.llm_cache_db).is_file()
