"""layout: the constraint solver places every instance; in an edit's revision, what the edit pinned stays put."""

from __future__ import annotations

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.core.geometry import triple
from tools.core.schema import AssetRef, ObjectSpec, ScenePlan
from tools.core.telemetry import tool_call
from tools.edit.layout import PINNING, solve_with_pins
from tools.layout.solver import solve_layout

LAYOUT_SEED_STRIDE = 7919  # a prime: each repair attempt explores a different layout


def with_asset_variants(plan: ScenePlan, refs: dict[str, AssetRef]) -> ScenePlan:
    """The plan with each spec's variant as its asset was made: the room under a table depends on its legs."""
    def made(spec: ObjectSpec) -> ObjectSpec:
        variant = refs[spec.key].params.get("variant") if spec.key in refs else None
        return spec if variant is None else spec.model_copy(update={"variant": int(variant)})
    return plan.model_copy(update={"objects": [made(spec) for spec in plan.objects]})


@stage("layout")
def layout(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Solve positions from the plan and the real asset sizes, every round with the revision's pins (a repair
    that re-solves keeps them too); LayoutError means it cannot fit."""
    plan = ScenePlan.model_validate(state["plan"])
    refs = {key: AssetRef.model_validate(ref) for key, ref in state["assets"].items()}
    plan = with_asset_variants(plan, refs)
    sizes = {key: triple(ref.size) for key, ref in refs.items()}
    seed = state["seed"] + LAYOUT_SEED_STRIDE * state.get("layout_attempt", 0)
    pinning = state.get("pinning")
    with tool_call("solve_layout"):
        if pinning is None:
            solved, kept = solve_layout(plan, sizes, seed=seed), None
        else:
            solved, kept = solve_with_pins(plan, sizes, PINNING.validate_python(pinning), seed=seed)
    placements = [p.model_copy(update={"asset": refs[p.spec].key}).model_dump() for p in solved]
    if kept is None:
        runtime.context.progress("layout", f"{len(placements)} objects placed")
        return {"placements": placements}
    runtime.context.progress("layout", f"{len(placements)} objects placed, {len(kept)} kept in place (pinned)")
    return {"placements": placements, "pinned": kept}
