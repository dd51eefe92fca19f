"""Shape programs by the model, end to end against a scripted OpenAI-compatible server (test_llm's fake server):
a valid program draws the noun no kind fits and is cached in the catalog, so the next scene needs no model call;
an invalid, schema-breaking or over-limit one is refused with its reason and the archetype stands in."""

from __future__ import annotations

import json
import logging

import pytest
from test_llm import FakeModelServer
from test_shape_program import GRAMOPHONE

from graph.context import LazyBrowser, RunContext
from graph.runner import generate_scene
from tools.catalog.store import Catalog
from tools.catalog.validate import GENERATED_LIMITS, validate_glb
from tools.core.schema import AssetRef, Placement, ScenePlan
from tools.core.settings import Settings
from tools.model.client import LLMClient
from tools.model.prompts import SHAPE_SYSTEM
from tools.model.shapes import MODELLED, ShapeModeller, mark_modelled, needs_program, program_key
from tools.plan.planner import plan_prompt
from tools.supply.make import AssetSupply
from tools.verify.checks import check_requirements

PROMPT = "a living room with a theodolite on a table"
EMPTY_PROPOSAL = {"room_type": "living_room", "indoor": True, "objects": [], "relations": []}
TOO_BIG = {"parts": [{**GRAMOPHONE["parts"][0], "size": [12.0, 3.0, 12.0]}]}
TOO_MANY = {"parts": GRAMOPHONE["parts"] * 5}
SCHEMA_BREAK = {"parts": [{"shape": "horn"}]}


class ShapeServer(FakeModelServer):
    """Answers shape-program requests with ``program`` (a JSON-ready value, or raw text), plans with no additions."""

    def __init__(self) -> None:
        super().__init__()
        self.program: object = GRAMOPHONE

    def shape_requests(self) -> list[dict]:
        return [r for r in self.requests if r["messages"][0]["content"] == SHAPE_SYSTEM]

    def answer(self, handler, body: dict) -> None:
        shape = body["messages"][0]["content"] == SHAPE_SYSTEM
        value = self.program if shape else EMPTY_PROPOSAL
        content = value if isinstance(value, str) else json.dumps(value)
        handler._send(200, {"id": "x", "object": "chat.completion", "model": body["model"],
                            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                         "finish_reason": "stop"}]})


@pytest.fixture
def server():
    with ShapeServer() as fake:
        yield fake


def _context(tmp_path, url: str) -> RunContext:
    settings = Settings(data_dir=tmp_path / "data", llm_base_url=url, llm_retries=0, llm_timeout_s=5, _env_file=None)
    return RunContext(settings, LazyBrowser(None, timeout_s=30))


def _until_layout(prompt: str, out, context: RunContext) -> dict:
    return dict(generate_scene(prompt, out, context, seed=1, interrupt_after=["layout"]))


def _theodolite(state: dict):
    plan = ScenePlan.model_validate(state["plan"])
    spec = next(s for s in plan.objects if s.noun == "theodolite")
    return plan, spec, AssetRef.model_validate(state["assets"][spec.key])


def _kind_requirement(plan: ScenePlan, state: dict, key: str):
    placements = [Placement.model_validate(p) for p in state["placements"]]
    checked = check_requirements(plan, placements, {})
    return next(r for r in checked if r.id == f"kind:{key}")


def test_a_valid_program_draws_the_noun_is_reported_as_modelled_and_cached(server, tmp_path):
    context = _context(tmp_path, server.url)
    state = _until_layout(PROMPT, tmp_path / "first", context)
    plan, spec, ref = _theodolite(state)
    assert ref.source == "model" and ref.params["model"] == "fake-model" and ref.params["noun"] == "theodolite"
    validate_glb((tmp_path / "first" / ref.path).read_bytes(), GENERATED_LIMITS)
    placed = next(p for p in state["placements"] if p["spec"] == spec.key)
    assert placed["size"] == pytest.approx(ref.size, abs=1e-3) and placed["parent"] is not None  # on the table
    assert spec.grounding.modelled_by == "fake-model" and spec.grounding.fit == "stand-in"
    unknown = next(u for u in plan.unknown_nouns if u.noun == "theodolite")
    assert unknown.mapped_to == MODELLED and unknown.reason.startswith("by the model fake-model; ")
    requirement = _kind_requirement(plan, state, spec.key)
    assert requirement.passed and requirement.evidence == "modelled: shape program by the model fake-model for 'theodolite'"
    asked = len(server.shape_requests())
    assert asked == 1 and server.shape_requests()[0]["response_format"]["json_schema"]["name"] == "shape_program"
    entry = Catalog(tmp_path / "data").get(program_key("theodolite", server.url))
    assert entry.params["program"]["parts"][0]["primitive"] == "box"

    again = _until_layout("a large red theodolite in a living room", tmp_path / "second", context)
    assert len(server.shape_requests()) == asked, "the catalog had the program: no model call"
    plan2, spec2, ref2 = _theodolite(again)
    assert ref2.source == "model" and spec2.grounding.modelled_by == "fake-model"
    assert max(ref2.size) > max(ref.size) * 1.2, "'large' scales the program"
    placements = [Placement.model_validate(p) for p in again["placements"]]
    colour = next(r for r in check_requirements(plan2, placements, {spec2.key: ref2.params["color"]})
                  if r.id == f"color:{spec2.key}")
    assert colour.passed and ref2.params["color"] == spec2.color, "'red' paints the program's main colour"


def test_a_bad_program_leaves_the_archetype_and_says_why(server, tmp_path, caplog):
    server.program = "Sure! Here is a theodolite: {parts: [horn"
    with caplog.at_level(logging.WARNING, logger="tools.model.shapes"):
        state = _until_layout(PROMPT, tmp_path / "scene", _context(tmp_path, server.url))
    plan, spec, ref = _theodolite(state)
    assert ref.source == "procedural" and spec.grounding.modelled_by is None
    assert "shape program for 'theodolite' not used" in caplog.text and "invalid JSON" in caplog.text
    requirement = _kind_requirement(plan, state, spec.key)
    assert requirement.passed is False and requirement.evidence.startswith("stand-in:")
    assert next(u for u in plan.unknown_nouns if u.noun == "theodolite").mapped_to == spec.category


@pytest.fixture(scope="module")
def theodolite_spec():
    return next(s for s in plan_prompt(PROMPT, 1).objects if s.noun == "theodolite")


@pytest.mark.parametrize("program, why", [
    (SCHEMA_BREAK, "schema: parts.0"),
    (TOO_MANY, "at most 24"),
    (TOO_BIG, "times the reference"),
])
def test_schema_breaking_and_over_limit_programs_are_refused(program, why, server, theodolite_spec, tmp_path, caplog):
    server.program = program
    client = LLMClient.from_settings(_context(tmp_path, server.url).settings)
    supply = AssetSupply(1, tmp_path / "scene", catalog=Catalog(tmp_path / "data"))
    assert needs_program(theodolite_spec)
    with caplog.at_level(logging.WARNING, logger="tools.model.shapes"):
        assert ShapeModeller(client, "m", supply).make(theodolite_spec) is None
    assert why in caplog.text and "the archetype stands in" in caplog.text
    assert not [e for e in supply.catalog.entries("generated") if e.key.startswith("program-")], "nothing cached"


def test_without_a_model_nothing_is_asked_and_a_marked_plan_is_unmarked(server, tmp_path):
    plan = plan_prompt(PROMPT, 1)
    key = next(s.key for s in plan.objects if s.noun == "theodolite")
    marked = mark_modelled(plan, {key: "fake-model"})
    unmarked = mark_modelled(marked, {})
    assert unmarked.model_dump() == plan.model_dump(), "an edit without a model draws and reports the archetype again"
    settings = Settings(data_dir=tmp_path / "data", _env_file=None)
    state = generate_scene(PROMPT, tmp_path / "scene", RunContext(settings, LazyBrowser(None, 30)), seed=1,
                           interrupt_after=["assets"])
    assert not server.requests and _theodolite(dict(state))[2].source == "procedural"


def test_nouns_a_kind_fits_are_not_modelled():
    plan = plan_prompt("a sofa and a theodolite", 1)
    assert [s.noun for s in plan.objects if needs_program(s)] == ["theodolite"]


@pytest.mark.browser
@pytest.mark.slow
def test_a_modelled_scene_renders_and_says_what_was_made(server, tmp_path, lazy_browser):
    from app.cli.output import summary

    settings = Settings(data_dir=tmp_path / "data", llm_base_url=server.url, llm_retries=0, llm_timeout_s=5,
                        _env_file=None)
    out = tmp_path / "scene"
    state = generate_scene(PROMPT, out, RunContext(settings, lazy_browser), seed=1)
    report = json.loads((out / "report.json").read_text())
    scene = json.loads((out / "scene.json").read_text())
    kind = next(r for r in report["requirements"] if r["kind"] == "kind")
    assert kind["passed"] and kind["evidence"].startswith("modelled: shape program by the model fake-model")
    assert next(u for u in report["unknown_nouns"] if u["noun"] == "theodolite")["mapped_to"] == MODELLED
    shown = next(o for o in scene["objects"] if o["name"] == "theodolite")
    assert shown["stand_in_for"] == "theodolite", "the judge still counts it as a stand-in, not a fitting kind"
    assert next(r for r in scene["requirements"] if r["kind"] == "kind")["passed"]
    assert "shown as shape program (by the model fake-model" in summary(state, out, 1.0)
    checks = {c["name"]: c["passed"] for c in report["checks"]}
    assert checks["ready"] and checks["no_console_errors"] and checks["not_blank"], report["checks"]
