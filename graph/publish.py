"""publish: the final report, with every stage's seconds and the repairs made."""

from __future__ import annotations

from pathlib import Path

from langgraph.runtime import Runtime

from graph.context import RunContext
from graph.stage import stage
from graph.state import SceneState
from graph.verify import write_json


@stage("publish")
def publish(state: SceneState, runtime: Runtime[RunContext]) -> dict:
    """Finalise report.json. The local store is the output folder itself; S3 upload joins with the storage issue."""
    report = {**state["report"], "repairs": state.get("repair_log", []), "timings": state.get("timings", {})}
    write_json(Path(state["out_dir"]) / "report.json", report)
    return {"report": report}
