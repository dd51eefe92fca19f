"""compose: scene.json, index.html, scene.glb and the page's bundled script (three.js inside)."""

from __future__ import annotations

from pathlib import Path

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from tools.core.schema import AssetRef, Placement, ScenePlan
from tools.core.telemetry import tool_call
from tools.page.compose import write_scene


@stage("compose")
def compose(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Write the page and its data; rewriting gives the same bytes, so a resumed run is safe."""
    with tool_call("compose_write"):
        scene = write_scene(
            Path(state["out_dir"]),
            ScenePlan.model_validate(state["plan"]),
            {key: AssetRef.model_validate(ref) for key, ref in state["assets"].items()},
            [Placement.model_validate(p) for p in state["placements"]],
            scene_id=state["scene_id"],
            three_dir=runtime.context.three_dir,
            focus_ids=state.get("camera_focus") or None,
        )
    return {"scene": scene}
