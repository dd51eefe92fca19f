"""plan: the prompt becomes a typed ScenePlan."""

from __future__ import annotations

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.planner import plan_prompt


@stage("plan")
def plan(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Parse the prompt with the grounded planner (the model planner joins in a later issue)."""
    scene_plan = plan_prompt(state["prompt"], state["seed"])
    runtime.context.progress("plan", f"{sum(o.count for o in scene_plan.objects)} objects, {scene_plan.environment.kind}")
    return {"plan": scene_plan.model_dump()}
