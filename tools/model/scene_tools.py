"""The scene's editing tools as LangChain tools, for a model repairing a scene by tool calls.

Every tool acts on one ``SceneSession`` (the plan, the placements and the
assets of the scene being repaired) and answers with its outcome: 'applied',
'corrected: ...' when the solver moved or clamped what was asked to honour
the hard constraints (inside the bounds, no collisions, supported), or
'refused: ...'. ``openai_tools`` gives the request's ``tools`` field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from langchain_core.tools import StructuredTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, Field

from tools.core.colors import parse_color
from tools.core.errors import LayoutError
from tools.core.schema import ObjectSpec, Placement, Relation, ScenePlan
from tools.edit.apply import free_key
from tools.edit.layout import boxes_of, move_instance, pins_from, solve_pinned
from tools.knowledge.categories import CATEGORIES
from tools.layout.solver import room_bounds
from tools.layout.space import Space
from tools.plan.text import tokenize
from tools.supply.make import AssetSupply

MIN_SCALE, MAX_SCALE = 0.5, 2.0  # resize_object's factor is clamped to this range


@dataclass
class SceneSession:
    """The scene a model edits: plain models, changed in place by the tools."""

    plan: ScenePlan
    placements: list[Placement]
    assets: dict[str, dict]  # ObjectSpec.key -> AssetRef dict
    supply: AssetSupply  # makes a recoloured or added spec's asset, as the assets node does
    focus: list[str] = field(default_factory=list)
    calls: list[dict] = field(default_factory=list)  # {tool, args, outcome}, in call order

    @property
    def sizes(self) -> dict[str, tuple[float, float, float]]:
        """The current size of each spec's asset."""
        return {key: tuple(ref["size"]) for key, ref in self.assets.items()}

    def placement(self, object_id: str) -> Placement | None:
        """The placement with this id, if any."""
        return next((p for p in self.placements if p.id == object_id), None)

    def changed(self) -> bool:
        """Whether any tool call changed the scene."""
        return any(not c["outcome"].startswith("refused") for c in self.calls)


class MoveArgs(BaseModel):
    """Arguments of the move tool."""

    object_id: str = Field(description="id of a free-standing object, as in the object list")
    x: float = Field(description="new centre x in metres (room bounds in the list)")
    z: float = Field(description="new centre z in metres")


class ResizeArgs(BaseModel):
    """Arguments of the resize tool."""

    object_id: str = Field(description="id of the object")
    factor: float = Field(description=f"scale factor, {MIN_SCALE} to {MAX_SCALE}; 1 keeps the size")


class RecolourArgs(BaseModel):
    """Arguments of the recolour tool."""

    object_id: str = Field(description="id of the object; every instance of its kind takes the colour")
    color: str = Field(description="a colour word such as 'blue' or 'dark green'")


class RemoveArgs(BaseModel):
    """Arguments of the remove tool."""

    object_id: str = Field(description="id of an object the prompt did not ask for")


class AddArgs(BaseModel):
    """Arguments of the add tool."""

    category: str = Field(description="object category, e.g. 'chair', 'floor_lamp'")
    near: str | None = Field(None, description="id of an object to stand next to, or null")


class ReframeArgs(BaseModel):
    """Arguments of the reframe tool."""

    object_ids: list[str] = Field(description="ids the camera views must show")


def scene_tools(session: SceneSession) -> list[StructuredTool]:
    """The six tools bound to ``session``; each call is recorded in ``session.calls``."""

    def recorded(name: str, fn: Callable[..., str]) -> Callable[..., str]:
        def call(**args) -> str:
            outcome = fn(session, **args)
            session.calls.append({"tool": name, "args": args, "outcome": outcome})
            return outcome

        return call

    specs: list[tuple[str, str, type[BaseModel], Callable[..., str]]] = [
        ("move_object", "Move a free-standing object to (x, z) on the floor; the solver keeps it out of walls "
                        "and other objects.", MoveArgs, move_object),
        ("resize_object", "Scale an object by a factor.", ResizeArgs, resize_object),
        ("recolour_object", "Give an object (and every object of its kind) a colour.", RecolourArgs, recolour_object),
        ("remove_object", "Remove an object the prompt did not ask for.", RemoveArgs, remove_object),
        ("add_object", "Add one object of a category, optionally next to another object.", AddArgs, add_object),
        ("reframe_camera", "Make the camera views show these objects.", ReframeArgs, reframe_camera),
    ]
    return [StructuredTool.from_function(func=recorded(name, fn), name=name, description=doc, args_schema=schema)
            for name, doc, schema, fn in specs]


def openai_tools(tools: list[StructuredTool]) -> list[dict]:
    """The tools in OpenAI's function-calling format."""
    return [convert_to_openai_tool(t) for t in tools]


def move_object(session: SceneSession, object_id: str, x: float, z: float) -> str:
    """Move a free-standing object to (x, z); the outcome says whether it was applied."""
    moved, outcome = move_instance(session.plan, session.sizes, session.placements, object_id, x, z)
    session.placements = moved
    return outcome


def resize_object(session: SceneSession, object_id: str, factor: float) -> str:
    """Scale an object within the allowed range if it still fits and nothing stands on it."""
    p = session.placement(object_id)
    if p is None:
        return f"refused: no object {object_id!r}"
    clamped = min(max(factor, MIN_SCALE), MAX_SCALE)
    if any(q.parent == object_id for q in session.placements):
        return f"refused: something stands on {object_id}"
    resized = p.model_copy(update={"scale": tuple(s * clamped for s in p.scale),
                                   "size": tuple(v * clamped for v in p.size)})
    if not _fits(session, resized):
        return f"refused: {object_id} scaled by {clamped:g} would collide or leave the room"
    session.placements = [resized if q.id == object_id else q for q in session.placements]
    return "applied" if clamped == factor else f"corrected: factor clamped to {clamped:g}"


def _fits(session: SceneSession, candidate: Placement) -> bool:
    lo, hi = room_bounds(session.plan.environment)
    space = Space(lo, hi, session.plan.environment.kind == "indoor", 1.0)
    boxes = boxes_of([candidate if q.id == candidate.id else q for q in session.placements])
    for box_id, box in boxes.items():
        if box_id != candidate.id:
            space.add(box)
    return space.fits(boxes[candidate.id])


def recolour_object(session: SceneSession, object_id: str, color: str) -> str:
    """Recolour every instance of an object's kind, unless the prompt asked for another colour."""
    p = session.placement(object_id)
    if p is None:
        return f"refused: no object {object_id!r}"
    parsed = parse_color(tokenize(color.lower()), 0)
    if parsed is None:
        return f"refused: {color!r} is not a colour word"
    spec = session.plan.spec(p.spec)
    asked = next((r.expected for r in session.plan.requirements if r.id == f"color:{spec.key}"), None)
    if asked and asked != parsed[0]:
        return f"refused: the prompt asks for {spec.color_name} {spec.key}"
    spec.color, spec.color_name = parsed[0], parsed[1]
    _remake(session, spec)
    return "applied" if spec.count == 1 else f"corrected: all {spec.count} {spec.key} recoloured (one asset per kind)"


def _remake(session: SceneSession, spec: ObjectSpec) -> None:
    ref = session.supply.make(spec).model_dump()
    session.assets[spec.key] = ref
    session.placements = [q.model_copy(update={"asset": ref["key"]}) if q.spec == spec.key else q
                          for q in session.placements]


def remove_object(session: SceneSession, object_id: str) -> str:
    """Remove an object the prompt did not ask for and that nothing stands on."""
    p = session.placement(object_id)
    if p is None:
        return f"refused: no object {object_id!r}"
    spec = session.plan.spec(p.spec)
    if spec.requested:
        return f"refused: the prompt asks for {spec.key}"
    if any(q.parent == object_id for q in session.placements):
        return f"refused: something stands on {object_id}"
    session.placements = [q for q in session.placements if q.id != object_id]
    spec.count -= 1
    if spec.count == 0:
        session.plan.objects = [s for s in session.plan.objects if s.key != spec.key]
        session.plan.relations = [r for r in session.plan.relations if spec.key not in (r.subject, r.target)]
        session.assets.pop(spec.key, None)
    return "applied"


def add_object(session: SceneSession, category: str, near: str | None = None) -> str:
    """Add one object of a known category, next to another if asked, where it fits."""
    if category not in CATEGORIES:
        return f"refused: unknown category {category!r}"
    target = session.placement(near) if near else None
    if near and target is None:
        return f"refused: no object {near!r} to stand next to"
    old_plan = session.plan.model_copy(deep=True)
    key = free_key(session.plan, f"{category}_added")
    spec = ObjectSpec(key=key, category=category, count=1, requested=False, noun=category.replace("_", " "))
    session.plan.objects.append(spec)
    if target is not None:
        session.plan.relations.append(Relation(kind="next_to", subject=key, target=target.spec))
    session.assets[key] = session.supply.make(spec).model_dump()
    keep = {s.key: s.count for s in old_plan.objects}
    try:
        placed, _ = solve_pinned(session.plan, session.sizes, pins_from(old_plan, session.placements), set(), keep)
    except LayoutError as e:
        session.plan = old_plan
        session.assets.pop(key)
        return f"refused: {e}"
    refs = session.assets
    session.placements = [p.model_copy(update={"asset": refs[p.spec]["key"]}) for p in placed]
    return "applied"


def reframe_camera(session: SceneSession, object_ids: list[str]) -> str:
    """Make the camera views show these objects; unknown ids are ignored."""
    known = {p.id for p in session.placements}
    wanted = [i for i in object_ids if i in known]
    if not wanted:
        return "refused: none of those ids is in the scene"
    session.focus = sorted(set(session.focus) | set(wanted))
    unknown = sorted(set(object_ids) - known)
    return "applied" if not unknown else f"corrected: unknown ids ignored: {', '.join(unknown)}"
