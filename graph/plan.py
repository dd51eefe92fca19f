"""plan: the prompt becomes a typed ScenePlan (the model's proposal merged into the grounded parse)."""

from __future__ import annotations

from typing import Literal

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.plan.look import apply_look
from tools.plan.planner import plan_prompt


@stage("plan")
def plan(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """The model planner when DIORAMA_LLM_BASE_URL is set (it falls back to grounded by itself), else grounded."""
    context = runtime.context
    if context.settings.llm_base_url:
        from tools.model.planner import plan_with_model  # httpx and the schema only when a model is configured

        scene_plan = plan_with_model(state["prompt"], state["seed"], context.model_client())
    else:
        scene_plan = plan_prompt(state["prompt"], state["seed"])
    scene_plan = apply_look(scene_plan)  # after the merge, so the model's additions move and take the palette too
    assert scene_plan.look is not None  # apply_look always fills it
    context.progress("plan", f"{sum(o.count for o in scene_plan.objects)} objects, {scene_plan.environment.kind}, "
                             f"planner {scene_plan.planner}, {scene_plan.look.time_of_day}, "
                             f"{len(scene_plan.behaviours)} moving kinds")
    return {"plan": scene_plan.model_dump()}


def start_at(state: SceneState) -> Literal["plan", "assets"]:
    """A new scene starts by planning; an edit's revision arrives with its edited plan (graph/edit.py)."""
    return "assets" if state.get("plan") else "plan"
