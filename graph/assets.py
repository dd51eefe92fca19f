"""assets: one content-addressed GLB per distinct object kind, found before it is made (tools/supply/make.py).

With a model configured, a noun no kind fits may be drawn by a shape program the model writes
(tools/model/shapes.py); the plan then records it (``NounGrounding.modelled_by``), and without one, or when
the program is refused, the archetype stands in as before.
"""

from __future__ import annotations

from pathlib import Path

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.core.schema import AssetRef, ObjectSpec, ScenePlan
from tools.supply.make import AssetSupply


@stage("assets")
def assets(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Find or make the asset of every ObjectSpec of the plan and upload it to the run's store."""
    plan = ScenePlan.model_validate(state["plan"])
    context = runtime.context
    supply = AssetSupply.for_run(context.settings, context.store, state["seed"], Path(state["out_dir"]))
    drawn = shape_programs(plan.objects, context, supply)
    holders = {r.target for r in plan.relations if r.kind == "held_in"}
    refs = {spec.key: (drawn.get(spec.key) or supply.make(spec, spec.key in holders)).model_dump()
            for spec in plan.objects}
    context.progress("assets", f"{len({r['key'] for r in refs.values()})} distinct assets"
                     + (f", {len(drawn)} drawn by shape programs of the model" if drawn else ""))
    if not drawn and not any(s.grounding and s.grounding.modelled_by for s in plan.objects):
        return {"assets": refs}  # nothing is or was drawn by the model: the plan stays as it is
    from tools.model.shapes import mark_modelled

    modelled = {key: ref.params["model"] for key, ref in drawn.items()}
    return {"assets": refs, "plan": mark_modelled(plan, modelled).model_dump()}


def shape_programs(specs: list[ObjectSpec], context: RunContext, supply: AssetSupply) -> dict[str, AssetRef]:
    """ObjectSpec.key -> the asset a shape program of the model draws, for the nouns no kind fits; none
    without a model."""
    if not context.settings.llm_base_url:
        return {}
    from tools.model.shapes import ShapeModeller, needs_program  # httpx only when a model is configured

    wanted = [spec for spec in specs if needs_program(spec)]
    if not wanted:
        return {}
    settings = context.settings
    model = settings.llm_model or settings.llm_base_url or ""  # unnamed: the server's own, known by its URL
    modeller = ShapeModeller(context.model_client(), model, supply)
    made = {spec.key: modeller.make(spec) for spec in wanted}
    return {key: ref for key, ref in made.items() if ref is not None}
