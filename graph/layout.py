"""layout: the constraint solver places every instance."""

from __future__ import annotations

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.layout.solver import solve_layout
from tools.core.schema import AssetRef, ScenePlan
from tools.core.telemetry import tool_call

LAYOUT_SEED_STRIDE = 7919  # a prime: each repair attempt explores a different layout


@stage("layout")
def layout(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Solve positions from the plan and the real asset sizes; LayoutError means it cannot fit."""
    plan = ScenePlan.model_validate(state["plan"])
    refs = {key: AssetRef.model_validate(ref) for key, ref in state["assets"].items()}
    seed = state["seed"] + LAYOUT_SEED_STRIDE * state.get("layout_attempt", 0)
    with tool_call("solve_layout"):
        solved = solve_layout(plan, {key: tuple(ref.size) for key, ref in refs.items()}, seed=seed)
    placements = [p.model_copy(update={"asset": refs[p.spec].key}) for p in solved]
    runtime.context.progress("layout", f"{len(placements)} objects placed")
    return {"placements": [p.model_dump() for p in placements]}
