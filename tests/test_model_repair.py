"""Repair by model tool calls against a real local OpenAI-compatible HTTP server (test_llm's fake server):
calls are applied through the scene tools, the solver's corrections recorded, and garbage calls or a failing
server fall back to the grounded repair."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from test_llm import FakeModelServer

from graph.context import LazyBrowser, RunContext
from graph.repair import model_round, repair
from tools.core.colors import parse_color
from tools.core.errors import ModelOutputError
from tools.core.schema import AssetRef, Placement
from tools.core.settings import Settings
from tools.layout.solver import room_bounds, solve_layout
from tools.model.client import LLMClient, _calls_in_text
from tools.plan.planner import plan_prompt
from tools.supply.make import make_asset
from tools.verify.checks import constraint_violations

PROMPT = "a living room with a grey sofa, a floor lamp and a coffee table; 4m x 4m"
TOOL_NAMES = {"move_object", "resize_object", "recolour_object", "remove_object", "add_object", "reframe_camera"}


class ToolCallServer(FakeModelServer):
    """Answers every chat request with ``self.calls`` as native tool calls, or as JSON text (``as_text``)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, object]] = []
        self.as_text = False

    def answer(self, handler, body: dict) -> None:
        if self.mode in ("http500", "garbage"):
            return super().answer(handler, body)
        encoded = [{"id": f"call_{i}", "type": "function",
                    "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}
                   for i, (name, args) in enumerate(self.calls)]
        message = {"role": "assistant", "content": None, "tool_calls": encoded}
        if self.as_text:
            message = {"role": "assistant", "content": json.dumps([c["function"] for c in encoded])}
        handler._send(200, {"id": "x", "object": "chat.completion", "model": body["model"],
                            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}]})


@pytest.fixture
def server():
    with ToolCallServer() as fake:
        yield fake


@pytest.fixture
def scene_state(tmp_path) -> dict:
    plan = plan_prompt(PROMPT, 1)
    out = tmp_path / "scene"
    refs = {spec.key: make_asset(spec, 1, out).model_dump() for spec in plan.objects}
    placed = solve_layout(plan, {k: tuple(r["size"]) for k, r in refs.items()}, seed=1)
    placements = [p.model_copy(update={"asset": refs[p.spec]["key"]}).model_dump() for p in placed]
    report = {"checks": [{"name": "objects_visible", "passed": False, "evidence": "floor_lamp not seen"}],
              "visible": {p["id"]: p["spec"] != "floor_lamp" for p in placements}}
    return {"scene_id": "s-test", "prompt": PROMPT, "seed": 1, "out_dir": str(out), "plan": plan.model_dump(),
            "assets": refs, "placements": placements, "report": report, "camera_focus": [], "repairs": 0}


def context_for(tmp_path, url: str, vision: bool = False) -> RunContext:
    settings = Settings(data_dir=tmp_path / "data", llm_base_url=url, llm_retries=0, llm_vision=vision,
                        _env_file=None)
    return RunContext(settings, LazyBrowser(None, timeout_s=30))


def placements_of(update: dict) -> dict[str, Placement]:
    return {p["id"]: Placement.model_validate(p) for p in update["placements"]}


def assert_valid_layout(update: dict, state: dict) -> None:
    from tools.core.schema import ScenePlan

    bounds = room_bounds(ScenePlan.model_validate(update.get("plan", state["plan"])).environment)
    violations = constraint_violations(list(placements_of(update).values()), bounds)
    assert not any(violations.values()), violations


def test_tools_offered_as_openai_functions(server, scene_state, tmp_path):
    server.calls = [("reframe_camera", {"object_ids": ["floor_lamp"]})]
    update, entry = model_round(scene_state, context_for(tmp_path, server.url))
    offered = {t["function"]["name"]: t["function"] for t in server.requests[-1]["tools"]}
    assert set(offered) == TOOL_NAMES
    assert offered["move_object"]["parameters"]["required"] == ["object_id", "x", "z"]
    assert update["camera_focus"] == ["floor_lamp"] and entry["calls"][0]["outcome"] == "applied"
    user = server.requests[-1]["messages"][1]["content"]
    assert isinstance(user, str) and "objects_visible: floor_lamp not seen" in user and "floor_lamp: floor_lamp" in user


def test_move_into_wall_is_corrected_and_recorded(server, scene_state, tmp_path):
    sofa = next(p for p in scene_state["placements"] if p["spec"] == "sofa")
    server.calls = [("move_object", {"object_id": "sofa", "x": 2.0, "z": sofa["position"][2]}),  # centre on the wall
                    ("move_object", {"object_id": "coffee_table", "x": 30.0, "z": 0.0})]  # far outside the room
    update, entry = model_round(scene_state, context_for(tmp_path, server.url))
    outcomes = [c["outcome"] for c in entry["calls"]]
    assert outcomes[0].startswith("corrected: nearest free pose") and outcomes[1].startswith("refused: no free pose")
    moved = placements_of(update)["sofa"]
    assert moved.position != tuple(sofa["position"]) and abs(moved.position[0] - 2.0) <= 3.0
    assert placements_of(update)["coffee_table"] == Placement.model_validate(
        next(p for p in scene_state["placements"] if p["id"] == "coffee_table"))  # refused: unchanged
    assert_valid_layout(update, scene_state)
    assert entry["action"] == "model_tools" and entry["model"] == "fake-model"


def test_recolour_remakes_the_asset_and_keeps_prompt_colours(server, scene_state, tmp_path):
    server.calls = [("recolour_object", {"object_id": "floor_lamp", "color": "dark green"}),
                    ("recolour_object", {"object_id": "sofa", "color": "red"})]  # the prompt said grey
    update, entry = model_round(scene_state, context_for(tmp_path, server.url))
    assert [c["outcome"].split(":")[0] for c in entry["calls"]] == ["applied", "refused"]
    lamp_ref = AssetRef.model_validate(update["assets"]["floor_lamp"])
    assert lamp_ref.params["color"] == parse_color(["dark", "green"], 0)[0] and placements_of(update)["floor_lamp"].asset == lamp_ref.key
    assert update["assets"]["sofa"] == scene_state["assets"]["sofa"]


def test_add_remove_resize_keep_constraints(server, scene_state, tmp_path):
    server.calls = [("remove_object", {"object_id": "sofa"}),  # asked for by the prompt
                    ("add_object", {"category": "armchair", "near": "sofa"}),
                    ("resize_object", {"object_id": "coffee_table", "factor": 9}),
                    ("add_object", {"category": "spaceship"})]
    update, entry = model_round(scene_state, context_for(tmp_path, server.url))
    outcomes = [c["outcome"] for c in entry["calls"]]
    assert outcomes[0] == "refused: the prompt asks for sofa" and outcomes[1] == "applied"
    assert outcomes[2].startswith(("corrected: factor clamped to 2", "refused:")) and outcomes[3].startswith("refused")
    assert "armchair_added" in placements_of(update)
    assert_valid_layout(update, scene_state)


@pytest.mark.parametrize("calls, why", [
    ([("explode", {"x": 1})], "no such tool"),
    ([("move_object", "{not json")], "not a JSON object"),
    ([("move_object", {"object_id": "sofa", "x": "left"})], "refused: x"),
])
def test_garbage_calls_fall_back_to_grounded_repair(server, scene_state, tmp_path, calls, why):
    server.calls = calls
    context = context_for(tmp_path, server.url)
    update = repair(scene_state, SimpleNamespace(context=context))
    entry = update["repair_log"][0]
    assert entry["action"] == "reframe_camera" and entry["why_grounded"] == "the model made no usable tool call"
    assert why in entry["calls"][0]["outcome"]


@pytest.mark.parametrize("mode, why", [("http500", "HTTP 500"), ("garbage", "no tool call")])
def test_server_failure_falls_back_to_grounded_repair(server, scene_state, tmp_path, mode, why):
    server.mode = mode
    update = repair(scene_state, SimpleNamespace(context=context_for(tmp_path, server.url)))
    entry = update["repair_log"][0]
    assert entry["action"] == "reframe_camera" and entry["focus"] == ["floor_lamp"]
    assert entry["why_grounded"].startswith("model failed") and why in entry["why_grounded"]


def test_calls_written_as_text_are_read(server, scene_state, tmp_path):
    server.as_text = True
    server.calls = [("reframe_camera", {"object_ids": ["floor_lamp", "nope"]})]
    update, entry = model_round(scene_state, context_for(tmp_path, server.url))
    assert update["camera_focus"] == ["floor_lamp"] and entry["calls"][0]["outcome"].startswith("corrected")
    assert [c.name for c in _calls_in_text('```json\n{"name": "remove_object", "arguments": {"object_id": "a"}}\n```')] \
        == ["remove_object"]


def test_vision_setting_sends_screenshots(server, scene_state, tmp_path):
    shots = tmp_path / "scene" / "screenshots"
    shots.mkdir(parents=True)
    (shots / "hero.png").write_bytes(b"\x89PNG\r\n\x1a\nfake")
    server.calls = [("reframe_camera", {"object_ids": ["floor_lamp"]})]
    model_round(scene_state, context_for(tmp_path, server.url, vision=True))
    content = server.requests[-1]["messages"][1]["content"]
    assert content[1]["image_url"]["url"].startswith("data:image/png;base64,")


def test_no_tool_call_is_a_model_output_error(server, tmp_path):
    server.mode = "garbage"
    client = LLMClient.from_settings(Settings(llm_base_url=server.url, llm_retries=0, data_dir=tmp_path,
                                              _env_file=None))
    with pytest.raises(ModelOutputError, match="no tool call"):
        client.chat_tools([{"role": "user", "content": "hi"}], [])


@pytest.mark.browser
@pytest.mark.slow
def test_model_repair_round_in_the_graph_renders_and_reports(server, tmp_path, lazy_browser):
    """A collision (the lamp pushed into the sofa while the run is interrupted after layout) fails verification;
    the model's calls move the lamp out and recolour it; compose and verify run again and report.json has the calls."""
    from graph.runner import generate_scene

    settings = Settings(data_dir=tmp_path / "data", llm_base_url=server.url, llm_retries=0, _env_file=None)
    context = RunContext(settings, lazy_browser)
    out = tmp_path / "scene"
    state = generate_scene(PROMPT, out, context, seed=1, scene_id="s-model-repair", interrupt_after=["layout"])
    sofa = next(p for p in state["placements"] if p["id"] == "sofa")
    # Where the solver put the lamp: clear of everything and keeping the room walkable, as the model's move must.
    free = next((p["position"][0], p["position"][2]) for p in state["placements"] if p["id"] == "floor_lamp")
    server.calls = [("move_object", {"object_id": "floor_lamp", "x": free[0], "z": free[1]}),
                    ("recolour_object", {"object_id": "floor_lamp", "color": "teal"})]
    placements = [{**p, "position": sofa["position"]} if p["id"] == "floor_lamp" else p for p in state["placements"]]
    _update_placements("s-model-repair", settings, placements)
    state = generate_scene(PROMPT, out, context, seed=1, scene_id="s-model-repair")
    report = json.loads((out / "report.json").read_text())
    entry = report["repairs"][0]
    assert "no_collisions" in entry["failed"] and entry["action"] == "model_tools"
    assert [(c["tool"], c["outcome"]) for c in entry["calls"]] == [("move_object", "applied"), ("recolour_object", "applied")]
    assert report["passed"] and state["passed"], [c for c in report["checks"] if not c["passed"]]
    lamp = next(o for o in json.loads((out / "scene.json").read_text())["objects"] if o["id"] == "floor_lamp")
    assert (out / lamp["asset"]).is_file() and lamp["name"] == "teal floor lamp"


def _update_placements(scene_id: str, settings: Settings, placements: list[dict]) -> None:
    import sqlite3
    from contextlib import closing

    from langgraph.checkpoint.sqlite import SqliteSaver

    from graph.graph import build_graph

    with closing(sqlite3.connect(settings.checkpoint_db, check_same_thread=False)) as conn:
        graph = build_graph(checkpointer=SqliteSaver(conn))
        graph.update_state({"configurable": {"thread_id": scene_id}}, {"placements": placements}, as_node="layout")


def test_solver_takes_over_when_the_model_round_fixed_nothing(server, scene_state, tmp_path):
    server.calls = [("reframe_camera", {"object_ids": ["sofa"]})]
    previous = {"round": 1, "failed": ["objects_visible"], "action": "model_tools", "calls": []}
    state = {**scene_state, "repairs": 1, "repair_log": [previous]}
    entry = repair(state, SimpleNamespace(context=context_for(tmp_path, server.url)))["repair_log"][0]
    assert entry["action"] == "reframe_camera" and "did not fix objects_visible" in entry["why_grounded"]
    assert not server.requests  # the model was not asked again


def test_only_checks_a_layout_or_camera_can_mend_start_a_repair_round() -> None:
    from types import SimpleNamespace

    from graph.repair import after_verify

    runtime = SimpleNamespace(context=SimpleNamespace(settings=SimpleNamespace(max_repairs=2)))

    def state(*failed: str) -> dict:
        checks = [{"name": name, "passed": False, "evidence": "failed"} for name in failed]
        checks.append({"name": "ready", "passed": True, "evidence": "ready"})
        return {"passed": not failed, "repairs": 0, "report": {"checks": checks}}

    assert after_verify(state("no_collisions"), runtime) == "repair"
    assert after_verify(state("objects_visible", "ui_focus"), runtime) == "repair"
    assert after_verify(state("ui_focus"), runtime) == "publish"  # the same page fails it the same way again
    assert after_verify(state("motion", "phone_layout"), runtime) == "publish"


def test_a_reframe_on_every_object_still_unseen_is_not_tried_again() -> None:
    from types import SimpleNamespace

    from graph.repair import after_verify

    runtime = SimpleNamespace(context=SimpleNamespace(settings=SimpleNamespace(max_repairs=3)))

    def state(focus: list[str], *failed: str) -> dict:
        checks = [{"name": name, "passed": False, "evidence": "failed"} for name in failed]
        log = [{"round": 1, "failed": list(failed), "action": "reframe_camera", "focus": focus}]
        return {"passed": False, "repairs": 1, "repair_log": log,
                "report": {"checks": checks, "visible": {"cup_1": False, "cup_2": True}}}

    assert after_verify(state(["cup_1"], "objects_visible"), runtime) == "publish"
    assert after_verify(state(["cup_2"], "objects_visible"), runtime) == "repair"  # cup_1 was not framed yet
    assert after_verify(state(["cup_1"], "objects_visible", "no_collisions"), runtime) == "repair"  # a layout may
