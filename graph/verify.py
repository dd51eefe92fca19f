"""verify: render the page in Chromium and judge it, with the evidence in report.json."""

from __future__ import annotations

import json
from pathlib import Path

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.verify.checks import check_requirements, constraint_violations
from tools.core.schema import AssetRef, Placement, ScenePlan
from tools.core.telemetry import current_tool_calls, tool_call


def layout_checks(placements: list[Placement], bounds: dict) -> list[dict]:
    violations = constraint_violations(placements, (tuple(bounds["min"]), tuple(bounds["max"])))
    names = {"collisions": "no_collisions", "out_of_bounds": "in_bounds", "floating": "supported"}
    return [
        {"name": names[key], "passed": not found, "evidence": f"{key}: {found}" if found else "none"}
        for key, found in violations.items()
    ]


def build_report(state: SceneState, render: dict, requirements: list[dict], checks: list[dict]) -> dict:
    plan = state["plan"]
    return {
        "version": 1,
        "scene_id": state["scene_id"],
        "prompt": state["prompt"],
        "planner": plan["planner"],
        "passed": all(c["passed"] for c in checks),
        "checks": checks,
        "requirements": requirements,
        "unknown_nouns": plan["unknown_nouns"],
        "visible": render.get("visible", {}),
        "page": render.get("page"),  # bytes downloaded by kind, requests, draw calls, triangles, load ms
        "render": {k: v for k, v in render.items() if k not in ("checks", "visible", "page")},
        "repairs": state.get("repair_log", []),
        "timings": state.get("timings", {}),
        "tool_calls": state.get("tool_calls", []) + current_tool_calls(),  # earlier nodes' + this node's so far
    }


def write_json(path: Path, data: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2))
    tmp.replace(path)


@stage("verify")
def verify(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Render every view, check render health, layout constraints and the prompt's requirements."""
    from tools.verify.render import verify_scene  # playwright: import only when a scene is rendered

    out = Path(state["out_dir"])
    plan = ScenePlan.model_validate(state["plan"])
    placements = [Placement.model_validate(p) for p in state["placements"]]
    colors = {key: AssetRef.model_validate(ref).params.get("color") for key, ref in state["assets"].items()}
    with tool_call("render"):
        render = verify_scene(out, runtime.context.browser.get(),
                              timeout_s=runtime.context.settings.render_timeout_s)
    requirements = [r.model_dump() for r in check_requirements(plan, placements, colors)]
    checks = render["checks"] + layout_checks(placements, state["scene"]["bounds"])
    checks.append({
        "name": "requirements",
        "passed": all(r["passed"] for r in requirements),
        "evidence": "; ".join(f"{r['description']}: {r['evidence']}" for r in requirements if not r["passed"]) or "all met",
    })
    report = build_report(state, render, requirements, checks)
    write_json(out / "report.json", report)
    write_json(out / "scene.json", {**state["scene"], "requirements": requirements})
    failed = [c["name"] for c in checks if not c["passed"]]
    runtime.context.progress("verify", "all checks passed" if not failed else f"failed: {', '.join(failed)}")
    return {"verification": render, "report": report, "passed": report["passed"]}
