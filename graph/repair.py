"""repair: choose what to change after a failed verification (bounded by Settings.max_repairs)."""

from __future__ import annotations

from typing import Literal

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState

LAYOUT_CHECKS = {"no_collisions", "in_bounds", "supported", "requirements"}
CAMERA_CHECKS = {"objects_visible", "not_blank"}


def failed_checks(state: SceneState) -> set[str]:
    return {c["name"] for c in state["report"]["checks"] if not c["passed"]}


@stage("repair")
def repair(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Re-solve the layout for geometric failures, else reframe the camera on what was not seen."""
    failed = failed_checks(state)
    round_no = state.get("repairs", 0) + 1
    if failed & LAYOUT_CHECKS:
        action = {"action": "resolve_layout", "layout_attempt": state.get("layout_attempt", 0) + 1}
        update = {"layout_attempt": action["layout_attempt"]}
    else:
        hidden = [i for i, seen in state["report"]["visible"].items() if not seen]
        # Keep earlier close-ups: dropping them would hide again what they revealed.
        focus = sorted(set(state.get("camera_focus") or ()) | set(hidden))
        action = {"action": "reframe_camera", "focus": focus or None}
        update = {"camera_focus": focus}
    entry = {"round": round_no, "failed": sorted(failed), **action}
    runtime.context.progress("repair", f"round {round_no}: {action['action']} (failed: {', '.join(sorted(failed))})")
    return {**update, "repairs": round_no, "repair_log": [entry]}


def after_verify(state: SceneState, runtime: Runtime[RunContext]) -> Literal["repair", "publish"]:
    if state["passed"] or state.get("repairs", 0) >= runtime.context.settings.max_repairs:
        return "publish"
    return "repair"


def after_repair(state: SceneState) -> Literal["layout", "compose"]:
    return "layout" if state["repair_log"][-1]["action"] == "resolve_layout" else "compose"
