"""plan: the prompt becomes a typed ScenePlan (the model's proposal merged into the grounded parse)."""

from __future__ import annotations

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.planner import plan_prompt


@stage("plan")
def plan(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """The model planner when DIORAMA_LLM_BASE_URL is set (it falls back to grounded by itself), else grounded."""
    context = runtime.context
    if context.settings.llm_base_url:
        from tools.model_planner import plan_with_model  # httpx and the schema only when a model is configured

        scene_plan = plan_with_model(state["prompt"], state["seed"], context.model_client())
    else:
        scene_plan = plan_prompt(state["prompt"], state["seed"])
    context.progress("plan", f"{sum(o.count for o in scene_plan.objects)} objects, {scene_plan.environment.kind}, "
                             f"planner {scene_plan.planner}")
    return {"plan": scene_plan.model_dump()}
