"""repair: choose what to change after a failed verification (bounded by Settings.max_repairs).

With a model configured, the model answers the report with tool calls (tools/model/repair.py) applied
under the solver's constraints, then compose renders again; without one, or when it fails or makes no
usable call, the grounded repair re-solves the layout or reframes the camera, and the log says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.core.errors import ModelError
from tools.core.report import Check, CheckName, Mend
from tools.core.schema import UNMENDABLE_REQUIREMENTS, Requirement


def failed_checks(state: SceneState) -> set[CheckName]:
    """The names of the checks the last verification failed."""
    checks = [Check.model_validate(c) for c in state["report"]["checks"]]
    return {c.name for c in checks if not c.passed}


def mendable_failures(state: SceneState) -> set[CheckName]:
    """The failed checks a repair round might mend: a requirement that a stand-in is the thing asked for
    fails however the scene is laid out, so it alone starts no round."""
    failed = {name for name in failed_checks(state) if name.mended_by is not Mend.NOTHING}
    requirements = [Requirement.model_validate(r) for r in state["report"].get("requirements", [])]
    if all(r.kind in UNMENDABLE_REQUIREMENTS for r in requirements if r.passed is False):
        failed.discard(CheckName.REQUIREMENTS)
    return failed


@stage("repair")
def repair(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """The model's tool calls when a model is configured; else (or when it fails) the grounded repair."""
    failed = failed_checks(state)
    failed_names = sorted(name.value for name in failed)  # plain strings: the log lives in the checkpoint
    round_no = state.get("repairs", 0) + 1
    context = runtime.context
    model_note: dict = {"why_grounded": "no model configured"}
    previous = (state.get("repair_log") or [{}])[-1]
    if previous.get("action") == "model_tools" and set(previous["failed"]) <= failed:
        # The model's last round left its failures in place: the solver gets the next one.
        model_note = {"why_grounded": f"the model's round {previous['round']} did not fix {', '.join(previous['failed'])}"}
    elif context.settings.llm_base_url:
        update, entry = model_round(state, context)
        model_note = entry
        if update is not None:
            entry = {"round": round_no, "failed": failed_names, **entry}
            context.progress("repair", f"round {round_no}: {len(entry['calls'])} model tool call(s) "
                                       f"(failed: {', '.join(failed_names)})")
            return {**update, "repairs": round_no, "repair_log": [entry]}
    update, action = grounded_repair(state, failed)
    entry = {"round": round_no, "failed": failed_names, **action, **model_note}
    context.progress("repair", f"round {round_no}: {action['action']} (failed: {', '.join(failed_names)})")
    return {**update, "repairs": round_no, "repair_log": [entry]}


def grounded_repair(state: SceneState, failed: set[CheckName]) -> tuple[dict, dict]:
    """Re-solve the layout for geometric failures, else reframe the camera on what was not seen."""
    if any(name.mended_by is Mend.LAYOUT for name in failed):
        action = {"action": "resolve_layout", "layout_attempt": state.get("layout_attempt", 0) + 1}
        return {"layout_attempt": action["layout_attempt"]}, action
    hidden = [i for i, seen in state["report"]["visible"].items() if not seen]
    # Keep earlier close-ups: dropping them would hide again what they revealed.
    focus = sorted(set(state.get("camera_focus") or ()) | set(hidden))
    return {"camera_focus": focus}, {"action": "reframe_camera", "focus": focus or None}


def model_round(state: SceneState, context: RunContext) -> tuple[dict | None, dict]:
    """(state update, log entry) of one model repair round; no update when the model failed or none of its
    calls changed anything: the entry then says why (``why_grounded``) and keeps the calls it made."""
    from tools.model.repair import repair_with_model
    from tools.supply.make import AssetSupply  # the asset maker for recoloured and added objects

    settings = context.settings
    supply = AssetSupply.for_run(settings, context.store, state["seed"], Path(state["out_dir"]))
    try:
        result = repair_with_model(state, context.model_client(), supply, vision=settings.llm_vision)
    except ModelError as e:
        return None, {"why_grounded": f"model failed: {e}"}
    session = result.session
    if not session.changed():
        return None, {"why_grounded": "the model made no usable tool call", "model": result.model,
                      "calls": result.calls}
    update = {"plan": session.plan.model_dump(), "assets": session.assets, "camera_focus": session.focus,
              "placements": [p.model_dump() for p in session.placements]}
    return update, {"action": "model_tools", "model": result.model, "calls": result.calls}


def after_verify(state: SceneState, runtime: Runtime[RunContext]) -> Literal["repair", "publish"]:
    """After verify: publish when passed, out of repairs or nothing is mendable; else repair."""
    if state["passed"] or state.get("repairs", 0) >= runtime.context.settings.max_repairs:
        return "publish"
    # The page's own checks fail the same way on every round: repairing them would only spend the budget.
    mendable = mendable_failures(state)
    if not mendable or _reframed_in_vain(state, mendable):
        return "publish"
    return "repair"


def _reframed_in_vain(state: SceneState, mendable: set[CheckName]) -> bool:
    """Whether the last round reframed the views on every object still unseen and only the camera could mend
    what fails (``mendable``): framing them again draws the same pictures (five table settings stacked in one
    spot stayed hidden through two such rounds)."""
    previous = (state.get("repair_log") or [{}])[-1]
    if previous.get("action") != "reframe_camera":
        return False
    if any(name.mended_by is not Mend.CAMERA for name in mendable):
        return False
    hidden = {i for i, seen in state["report"]["visible"].items() if not seen}
    return hidden <= set(previous.get("focus") or ())


def after_repair(state: SceneState) -> Literal["layout", "compose"]:
    """Where the graph goes after a repair: back to layout when it re-solved the layout, else to compose."""
    return "layout" if state["repair_log"][-1]["action"] == "resolve_layout" else "compose"
