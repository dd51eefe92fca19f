"""verify: render the page in Chromium and judge it, with the evidence in report.json."""

from __future__ import annotations

import json
from pathlib import Path

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.core.files import write_whole
from tools.core.manifest import SceneManifest
from tools.core.report import CheckName, Report, check
from tools.core.schema import AssetRef, Placement, Requirement, ScenePlan
from tools.core.telemetry import current_tool_calls, tool_call
from tools.verify.checks import (
    VIOLATION_CHECKS,
    check_requirements,
    constraint_violations,
    navigability_check,
    opening_clearance_check,
)


def layout_checks(placements: list[Placement], bounds: dict) -> list[dict]:
    """One check per kind of layout constraint, failed with the violations found."""
    violations = constraint_violations(placements, (tuple(bounds["min"]), tuple(bounds["max"])))
    return [check(VIOLATION_CHECKS[key], not found, f"{key}: {found}" if found else "none")
            for key, found in violations.items()]


def requirements_check(requirements: list[Requirement]) -> dict:
    """The check that every requirement the prompt implies was met."""
    unmet = "; ".join(f"{r.description}: {r.evidence}" for r in requirements if not r.passed)
    return check(CheckName.REQUIREMENTS, all(r.passed for r in requirements), unmet or "all met")


def build_report(state: SceneState, render: dict, requirements: list[Requirement], checks: list[dict]) -> Report:
    """The verification report of a run from its render, requirements and checks."""
    plan = state["plan"]
    return Report(
        version=1,
        scene_id=state["scene_id"],
        prompt=state["prompt"],
        planner=plan["planner"],
        passed=all(c["passed"] for c in checks),
        checks=checks,
        requirements=requirements,
        unknown_nouns=plan["unknown_nouns"],
        visible=render.get("visible", {}),
        page=render.get("page"),  # bytes downloaded by kind, requests, draw calls, triangles, load ms
        render={k: v for k, v in render.items() if k not in ("checks", "visible", "page")},
        repairs=state.get("repair_log", []),
        timings=state.get("timings", {}),
        tool_calls=state.get("tool_calls", []) + current_tool_calls(),  # earlier nodes' + this node's so far
    )


def write_json(path: Path, data: dict) -> None:
    """Write JSON through a temporary file so a crash leaves the old file whole."""
    write_whole(path, json.dumps(data, indent=2))


@stage("verify")
def verify(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Render every view, check render health, layout constraints and the prompt's requirements."""
    from tools.verify.render import verify_scene  # playwright: import only when a scene is rendered

    out = Path(state["out_dir"])
    plan = ScenePlan.model_validate(state["plan"])
    placements = [Placement.model_validate(p) for p in state["placements"]]
    colors = {key: AssetRef.model_validate(ref).params.get("color") for key, ref in state["assets"].items()}
    with tool_call("render"):
        timeout_s = runtime.context.settings.render_timeout_s
        render = runtime.context.browser.call(lambda browser: verify_scene(out, browser, timeout_s=timeout_s))
    requirements = check_requirements(plan, placements, colors)
    checks = [*render["checks"], *layout_checks(placements, state["scene"]["bounds"]), navigability_check(plan, placements),
              opening_clearance_check(plan, placements), requirements_check(requirements)]
    report = build_report(state, render, requirements, checks)
    report_json = report.model_dump(mode="json")
    write_json(out / "report.json", report_json)
    scene = SceneManifest.model_validate({**state["scene"], "requirements": requirements})
    write_json(out / "scene.json", scene.model_dump(mode="json"))
    failed = [c.name for c in report.failed()]
    runtime.context.progress("verify", "all checks passed" if not failed else f"failed: {', '.join(failed)}")
    return {"verification": render, "report": report_json, "passed": report.passed}
