"""Planning with a model: it proposes what the prompt implies; the grounded parse keeps what it states.

The model answers a deliberately small JSON schema (small enough for a 270M
model under a grammar): the kind of place, a few implied objects with counts
and colours, and where they go. That proposal is validated, then merged into
the grounded plan of tools.plan.planner.plan_prompt, which always wins: the
prompt's own objects, counts, colours, sizes and relations are never changed;
the model only adds new object kinds (``requested=False``) that fit the floor.
An invalid answer gets one retry with the validation error fed back (routed
to the light model); a model that is down, slow or wrong leaves the grounded
plan, and ``ScenePlan.planner`` says why.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as SchemaViolation

from tools.core.colors import COLORS
from tools.core.errors import ModelError, ModelOutputError
from tools.core.schema import ObjectSpec, Relation, ScenePlan
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.places import PLACES
from tools.model.client import LLMClient
from tools.model.prompts import fix_messages, planner_messages
from tools.plan.area import MAX_FLOOR_SHARE
from tools.plan.ground import is_archetype
from tools.plan.planner import plan_prompt

MAX_ADDED_KINDS = 4  # object kinds the model may add to a plan
MAX_ADDED_COUNT = 4  # instances of one added kind
MAX_PROPOSAL_ITEMS = 6  # list lengths in the schema: bounds the tokens a small model can spend
MAX_TOKENS = 400  # longest answer: the schema's bounded lists need about 250
REASON_CHARS = 300  # a fallback reason longer than this is cut in scene.json
FLAT_M = 0.05  # objects lower than this (rugs) take no floor share
MAX_GROWTH = 1.5  # the room may grow to this multiple of its planned area for the model's additions
MAX_LISTED_KINDS = 48  # kinds the user message lists: its size does not grow with the registry
COMMON_KINDS = 16  # a place without furnishings of its own (a plain "room") lists the kinds most places of its kind have

ProposedKind = Literal["next_to", "in_front_of", "facing", "on", "against_wall", "in_corner"]
if TYPE_CHECKING:  # the names come from the registries at import time: a checker can only know they are text
    CategoryName = str
    PlaceName = str
    ColorName = str
    TargetName = str
else:  # pydantic turns these into the JSON schema's enums, which constrain the model's answer
    CategoryName = Literal[tuple(sorted(CATEGORIES))]
    PlaceName = Literal[tuple(sorted(PLACES))]
    ColorName = Literal[("default", *sorted(COLORS))]
    TargetName = Literal[("none", *sorted(CATEGORIES))]


class ProposedObject(BaseModel):
    """An object the model proposes adding: category, count and colour."""

    model_config = ConfigDict(extra="forbid")
    category: CategoryName
    count: int = Field(ge=1, le=MAX_ADDED_COUNT)
    color: ColorName


class ProposedRelation(BaseModel):
    """A relation the model proposes between proposed or planned objects."""

    model_config = ConfigDict(extra="forbid")
    kind: ProposedKind
    subject: CategoryName
    target: TargetName


class ModelProposal(BaseModel):
    """What the model may say about a scene."""

    model_config = ConfigDict(extra="forbid")
    room_type: PlaceName
    indoor: bool
    objects: list[ProposedObject] = Field(max_length=MAX_PROPOSAL_ITEMS)
    relations: list[ProposedRelation] = Field(max_length=MAX_PROPOSAL_ITEMS)


def proposal_schema() -> dict:
    """ModelProposal as a self-contained JSON schema (no $ref, no titles): what grammars compile best."""
    schema = ModelProposal.model_json_schema()
    return inline_refs(schema, schema.get("$defs", {}))


def inline_refs(node, defs: dict):
    """``node`` of a pydantic JSON schema with each $ref replaced by its definition and titles dropped."""
    if isinstance(node, dict):
        if "$ref" in node:
            return inline_refs(defs[node["$ref"].rsplit("/", 1)[-1]], defs)
        return {k: inline_refs(v, defs) for k, v in node.items() if k not in {"$defs", "title"}}
    if isinstance(node, list):
        return [inline_refs(v, defs) for v in node]
    return node


def plan_with_model(prompt: str, seed: int, client: LLMClient) -> ScenePlan:
    """The grounded plan of ``prompt`` completed by the model; the grounded plan alone when the model fails.

    Raises PromptError (bad input) exactly as plan_prompt does; never ModelError.
    """
    grounded = plan_prompt(prompt, seed)
    try:
        proposal, model = propose(prompt, seed, client, grounded)
    except ModelError as e:
        reason = " ".join(str(e).split())[:REASON_CHARS]
        return grounded.model_copy(update={"planner": f"grounded (model failed: {reason})"})
    return merge_proposal(grounded, proposal, model)


def propose(prompt: str, seed: int, client: LLMClient, grounded: ScenePlan) -> tuple[ModelProposal, str]:
    """The model's validated proposal and the model that made it; one retry with the error fed back."""
    schema = proposal_schema()
    messages = planner_messages(prompt, planned_summary(grounded), listed_kinds(grounded))
    answer = client.chat(messages, schema=schema, schema_name="scene_proposal", seed=seed, max_tokens=MAX_TOKENS)
    try:
        return validate_proposal(answer.content), answer.model
    except ModelOutputError as first:
        retry = fix_messages(messages, answer.content, str(first))
        again = client.chat(retry, schema=schema, schema_name="scene_proposal", seed=seed, light=True,
                            max_tokens=MAX_TOKENS)
        try:
            return validate_proposal(again.content), again.model
        except ModelOutputError as second:
            raise ModelOutputError(f"{second} (after one retry)") from second


def validate_proposal(content: str) -> ModelProposal:
    """The model's answer text as a ModelProposal; ModelOutputError saying what is wrong (fed back on retry)."""
    try:
        return ModelProposal.model_validate(json.loads(content))
    except json.JSONDecodeError as e:
        raise ModelOutputError(f"invalid JSON ({e.msg} at {e.pos}): {content[:80]!r}") from e
    except SchemaViolation as e:
        problems = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'answer'}: {err['msg']}" for err in e.errors()[:3])
        raise ModelOutputError(f"answer violates the plan schema: {problems}") from e


def listed_kinds(plan: ScenePlan) -> list[str]:
    """The kinds the planner's user message lists for ``plan``: at most MAX_LISTED_KINDS, whatever the registry.

    The kinds the prompt's own nouns grounded to, then the furnishings of the place the prompt reads as (for a
    plain room or open ground, the kinds most places of that kind have), then the archetypes. The schema
    still admits every kind, so a kind not listed can be proposed by name.
    """
    place = PLACES.get(plan.environment.room_type or "")
    usual = ([e.category for e in (*place.expected, *place.extras)] if place is not None
             else list(_common_furnishings(plan.environment.kind)))
    archetypes = [name for name, category in CATEGORIES.items() if is_archetype(category)]
    listed = dict.fromkeys([*(s.category for s in plan.objects), *usual, *archetypes])
    return [name for name in listed if name in CATEGORIES][:MAX_LISTED_KINDS]


@lru_cache(maxsize=4)
def _common_furnishings(kind: str) -> tuple[str, ...]:
    """The COMMON_KINDS kinds most place types of ``kind`` ('indoor' or 'outdoor') are furnished with."""
    counts = Counter(name for place in PLACES.values() if place.kind == kind
                     for name in {e.category for e in (*place.expected, *place.extras)})
    return tuple(name for name, _ in counts.most_common(COMMON_KINDS))


def planned_summary(plan: ScenePlan) -> str:
    """What the plan already holds, as the user message shows it: "bed x1 (red), table_lamp x2"."""
    parts = [f"{s.category} x{s.count}" + (f" ({s.color_name})" if s.color_name else "") for s in plan.objects]
    return ", ".join(parts) or "nothing yet"


def merge_proposal(grounded: ScenePlan, proposal: ModelProposal, model: str) -> ScenePlan:
    """``grounded`` plus the proposal's new object kinds and their relations; nothing stated changes."""
    plan = grounded.model_copy(deep=True)
    environment = plan.environment
    if environment.room_type is None and PLACES[proposal.room_type].kind == environment.kind \
            and proposal.room_type not in {"room", "outdoors"}:
        environment.room_type = proposal.room_type
    added: list[ObjectSpec] = []
    for obj in proposal.objects:
        if len(added) >= MAX_ADDED_KINDS:
            break
        spec = _addition(plan, obj)
        if spec is not None:
            plan.objects.append(spec)
            added.append(spec)
    for spec in added:
        _place_addition(plan, spec, proposal.relations)
    plan.planner = f"model:{model}+grounded"
    return plan


def _addition(plan: ScenePlan, obj: ProposedObject) -> ObjectSpec | None:
    """A new ObjectSpec for a proposed object, or None when it repeats, does not belong or does not fit."""
    category = CATEGORIES[obj.category]
    indoor = plan.environment.kind == "indoor"
    if any(s.category == obj.category for s in plan.objects) or not (category.indoor if indoor else category.outdoor):
        return None
    if category.mount in {"wall", "ceiling"} and not indoor:
        return None
    if category.mount == "surface" and _support_for(plan, obj.category) is None:
        return None
    count = obj.count
    while count and not _make_room(plan, _area(obj.category) * count if category.mount == "floor" else 0.0):
        count -= 1
    if count == 0:
        return None
    color = COLORS.get(obj.color)
    return ObjectSpec(key=obj.category, category=obj.category, count=count, color=color,
                      color_name=obj.color if color else None, requested=False,
                      noun=obj.category.replace("_", " "))


def _place_addition(plan: ScenePlan, spec: ObjectSpec, proposed: list[ProposedRelation]) -> None:
    """The first usable proposed relation of an added kind, else where such a thing usually goes.

    Flat things (rugs) get none: the solver lays them last on whatever floor is open.
    """
    if CATEGORIES[spec.category].size[1] < FLAT_M:
        return
    for relation in proposed:
        if relation.subject == spec.category and (usable := _usable(plan, spec, relation)) is not None:
            plan.relations.append(usable)
            return
    category = CATEGORIES[spec.category]
    if category.mount == "surface":
        support = _support_for(plan, spec.category)
        if support is not None:  # always, since _addition admits a surface thing only when a support exists
            plan.relations.append(Relation(kind="on", subject=spec.key, target=support.key))
    elif plan.environment.kind == "indoor" and category.has("against_wall"):
        plan.relations.append(Relation(kind="against_wall", subject=spec.key))


def _usable(plan: ScenePlan, spec: ObjectSpec, relation: ProposedRelation) -> Relation | None:
    """The proposed relation as a Relation the solver can always honour, or None."""
    target = next((s for s in plan.objects if s.category == relation.target and s.key != spec.key), None)
    mount = CATEGORIES[spec.category].mount
    if relation.kind == "on":
        fits = mount == "surface" and target is not None and CATEGORIES[target.category].supports
    elif relation.kind in {"against_wall", "in_corner"}:
        indoor = plan.environment.kind == "indoor"
        fits = mount == "floor" and indoor and (relation.kind != "in_corner" or spec.count == 1)
        target = None
    else:
        fits = mount == "floor" and target is not None and target.count == 1
    if not fits:
        return None
    return Relation(kind=relation.kind, subject=spec.key, target=target.key if target else None)


def _support_for(plan: ScenePlan, category: str) -> ObjectSpec | None:
    preferred = CATEGORIES[category].placed_on
    supports = [s for s in plan.objects if CATEGORIES[s.category].supports]
    return next((s for c in preferred for s in supports if s.category == c), supports[0] if supports else None)


def _area(category: str) -> float:
    """Footprint in m^2 of one instance; 0 for flat things (rugs) that others may stand on."""
    width, height, depth = CATEGORIES[category].size
    return 0.0 if height < FLAT_M else width * depth


def _floor_area(plan: ScenePlan) -> float:
    """Floor covered by floor-standing instances in m^2 (stacks counted in full: an upper bound)."""
    standing_on = {r.subject for r in plan.relations if r.kind in {"on", "above"}}
    return sum(_area(s.category) * s.count for s in plan.objects
               if CATEGORIES[s.category].mount == "floor" and s.key not in standing_on)


def _make_room(plan: ScenePlan, extra_area: float) -> bool:
    """Whether ``extra_area`` m^2 more fits the floor share; grows a room whose size the prompt did not state.

    The room grows by half-metre steps keeping its aspect, to at most MAX_GROWTH times its planned area.
    """
    environment = plan.environment
    needed = (_floor_area(plan) + extra_area) / MAX_FLOOR_SHARE
    if extra_area == 0 or needed <= environment.width * environment.depth:
        return True
    if environment.size_from_prompt or needed > MAX_GROWTH * environment.width * environment.depth:
        return False
    factor = math.sqrt(needed / (environment.width * environment.depth))
    environment.width = math.ceil(environment.width * factor * 2) / 2
    environment.depth = math.ceil(environment.depth * factor * 2) / 2
    return True
