"""The state of one scene run, as LangGraph checkpoints it.

Fields hold plain JSON data (``model_dump`` of the models in tools/core/schema.py)
so a checkpoint can be read back by any version of the code; nodes validate
what they read.
"""

from __future__ import annotations

import operator
from typing import Annotated, TypedDict


def add_seconds(old: dict[str, float], new: dict[str, float]) -> dict[str, float]:
    """Sum stage seconds, so a stage run again by a repair round counts twice."""
    merged = dict(old or {})
    for stage, seconds in (new or {}).items():
        merged[stage] = round(merged.get(stage, 0.0) + seconds, 3)
    return merged


class SceneState(TypedDict, total=False):
    """The LangGraph state of one scene run: what each node reads and writes, JSON-ready for checkpoints."""

    scene_id: str  # thread id of the run and the scene's id in scene.json
    prompt: str  # the user's sentence, as given
    seed: int  # seeds planning variety, asset variants and layout
    out_dir: str  # absolute path of the output folder
    plan: dict  # ScenePlan
    assets: dict[str, dict]  # ObjectSpec.key -> AssetRef
    placements: list[dict]  # Placement, one per instance
    layout_attempt: int  # bumps the layout seed: +1 per repair re-solve; an edit's revision n starts at n
    camera_focus: list[str]  # object ids the camera must show, set by a repair that reframes
    pinning: dict  # an edit's revision: tools/edit/layout.py Pinning (previous placements, what moves or turns)
    pinned: list[str]  # an edit's revision: object ids the latest layout kept at their previous place
    scene: dict  # scene.json as written by compose
    verification: dict  # the verifier's raw result of the latest render
    report: dict  # report.json as written by verify
    passed: bool  # every check of the latest verification passed
    repairs: int  # repair rounds done; bounded by Settings.max_repairs
    repair_log: Annotated[list[dict], operator.add]  # what each repair round changed and why
    timings: Annotated[dict[str, float], add_seconds]  # seconds per stage, summed over repair rounds
    tool_calls: Annotated[list[dict], operator.add]  # tools/core/telemetry.py records, in call order, every round
