"""assets: one content-addressed GLB per distinct object kind, found before it is made (tools/supply/make.py)."""

from __future__ import annotations

from pathlib import Path

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.core.schema import ScenePlan
from tools.supply.make import AssetSupply


@stage("assets")
def assets(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Find or make the asset of every ObjectSpec of the plan and upload it to the run's store."""
    plan = ScenePlan.model_validate(state["plan"])
    context = runtime.context
    supply = AssetSupply.for_run(context.settings, context.store, state["seed"], Path(state["out_dir"]))
    refs = {spec.key: supply.make(spec).model_dump() for spec in plan.objects}
    context.progress("assets", f"{len({r['key'] for r in refs.values()})} distinct assets")
    return {"assets": refs}
