"""Repair by the model: it reads the failed report and answers with tool calls (tools/model/scene_tools.py).

The calls are applied in order through the scene tools, so the solver's hard
constraints hold whatever the model asks; each call's outcome (applied,
corrected, refused) is recorded for report.json's ``repairs[]``. A call to an
unknown tool, with arguments that are no JSON object or fail the tool's schema,
is recorded as refused. When no call changed anything the caller falls back to
the grounded repair.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError as ArgumentsInvalid

from tools.core.schema import Placement, ScenePlan
from tools.layout.solver import room_bounds
from tools.model.client import LLMClient, ToolCall
from tools.model.prompts import repair_messages
from tools.model.scene_tools import SceneSession, openai_tools, scene_tools
from tools.supply.make import AssetSupply

MAX_CALLS = 12  # calls applied per round; a model that loops stops here
MAX_TOKENS = 768
MAX_IMAGES = 3


@dataclass
class ModelRepair:
    """A model-driven repair: the scene session the model's tool calls change, and the calls it made."""

    session: SceneSession
    model: str
    calls: list[dict]


def repair_with_model(state: Mapping[str, Any], client: LLMClient, supply: AssetSupply, vision: bool = False) -> ModelRepair:
    """One round: ask for tool calls on the failed report, apply them to a session of the state; ``supply``
    makes the assets of recoloured and added objects.

    Raises ModelError when the server fails or answers without any tool call.
    """
    session = SceneSession(
        plan=ScenePlan.model_validate(state["plan"]),
        placements=[Placement.model_validate(p) for p in state["placements"]],
        assets={key: dict(ref) for key, ref in state["assets"].items()},
        supply=supply, focus=list(state.get("camera_focus") or []))
    tools = scene_tools(session)
    images = screenshot_urls(Path(state["out_dir"])) if vision else None
    messages = repair_messages(failed_summary(state["report"]), _bounds(session.plan), object_list(session), images)
    calls, result = client.chat_tools(messages, openai_tools(tools), seed=state["seed"], max_tokens=MAX_TOKENS)
    by_name = {t.name: t for t in tools}
    for call in calls[:MAX_CALLS]:
        _apply(session, by_name, call)
    return ModelRepair(session, result.model, session.calls)


def _apply(session: SceneSession, by_name: dict, call: ToolCall) -> None:
    tool = by_name.get(call.name)
    if tool is None:
        session.calls.append({"tool": call.name, "args": call.raw, "outcome": "refused: no such tool"})
    elif call.arguments is None:
        session.calls.append({"tool": call.name, "args": call.raw, "outcome": "refused: arguments are not a JSON object"})
    else:
        try:
            tool.invoke(call.arguments)
        except ArgumentsInvalid as e:
            problems = "; ".join(f"{'.'.join(map(str, err['loc']))}: {err['msg']}" for err in e.errors())
            session.calls.append({"tool": call.name, "args": call.arguments, "outcome": f"refused: {problems}"})


def failed_summary(report: dict) -> str:
    """The failed checks as a bullet list for the model's prompt."""
    lines = [f"- {c['name']}: {c['evidence']}" for c in report["checks"] if not c["passed"]]
    return "\n".join(lines) or "- none"


def object_list(session: SceneSession) -> str:
    """The scene's objects as a bullet list for the model's prompt: id, kind, position, size, support, asked for."""
    lines = []
    for p in session.placements:
        spec = session.plan.spec(p.spec)
        w, h, d = p.size
        lines.append(f"- {p.id}: {p.category}, x {p.position[0]:.2f}, z {p.position[2]:.2f}, size {w:.2f} x {h:.2f} x "
                     f"{d:.2f}, on {p.parent or p.mount}, {'asked for' if spec.requested else 'added'}")
    return "\n".join(lines)


def _bounds(plan: ScenePlan) -> tuple[float, float, float, float]:
    lo, hi = room_bounds(plan.environment)
    return lo[0], lo[2], hi[0], hi[2]


def screenshot_urls(out_dir: Path) -> list[str]:
    """The first screenshots as data URLs for the model to look at."""
    shots = sorted((out_dir / "screenshots").glob("*.png"))[:MAX_IMAGES]
    return [f"data:image/png;base64,{base64.b64encode(s.read_bytes()).decode()}" for s in shots]
