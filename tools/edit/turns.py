"""Turning things: by degrees ('turn the sofa around', 'rotate the bed 90 degrees to the left') or to face
something ('make the chair face the tv'). A turned spec keeps its instances where they stand when the turned
footprint fits (``EditOutcome.turns``, tools/edit/layout.py); what was asked to stand in front of or behind it
follows it."""

from __future__ import annotations

import math

from tools.core.errors import InputError
from tools.core.schema import ObjectSpec, ScenePlan
from tools.edit.layout import Turn
from tools.edit.objects import relate
from tools.edit.ops import EditOp
from tools.edit.outcome import ARCHITECTURE, EditOutcome, drop_relations, specs_named, targets_of
from tools.layout.relation_kinds import RELATIONS
from tools.layout.solver import effective_mount

# Relations a turn undoes: they say which way the subject looks (in_corner and the rest read its footprint only).
ORIENTED_RELATIONS = {kind for kind, spec in RELATIONS.items() if spec.orients_subject}
# Relations of other specs that hang on the turned spec's front: their subjects follow the turn when asked for.
FRONT_RELATIONS = {kind for kind, spec in RELATIONS.items() if spec.follows_target_front}


def rotate(outcome: EditOutcome, op: EditOp) -> str:
    """Turn by ``op.degrees`` (counter-clockwise seen from above) or to face ``op.reference``."""
    plan = outcome.plan
    if op.target in ARCHITECTURE:
        raise InputError(f"the {op.target} is part of the room and cannot be turned")
    if op.relation not in (None, "facing") or (op.relation == "facing") == (op.degrees is not None):
        raise InputError("a turn needs either degrees or 'facing' with what to face")
    if op.degrees is not None and op.degrees % 360 == 0:
        raise InputError(f"a turn of {op.degrees:g} degrees leaves the {op.target} as it is")
    specs = targets_of(outcome, op)
    for spec in specs:
        mount = effective_mount(spec.category, plan.environment.kind == "indoor")
        if mount in ("wall", "ceiling"):
            raise InputError(f"the {spec.noun or spec.category} is mounted on the {mount} and cannot be turned")
    toward = _facing_target(outcome, op, specs) if op.relation == "facing" else None
    degrees = op.degrees or 0.0  # None only with 'facing' (checked above), and then ``toward`` decides
    undone = set()
    for spec in specs:
        undone.update(drop_relations(plan, spec.key, lambda r: r.kind in ORIENTED_RELATIONS))
        if toward is not None:
            outcome.turns[spec.key] = Turn(toward=toward)
            if toward not in ARCHITECTURE:  # requirements are checked between specs: a window's is not
                relate(outcome, spec, "facing", toward)
        else:
            before = outcome.turns.get(spec.key, Turn())
            outcome.turns[spec.key] = Turn(radians=before.radians + math.radians(degrees), toward=before.toward)
        outcome.replace.update(_followers(plan, spec.key))
    keys = ", ".join(s.key for s in specs)
    how = f"to face the {toward}" if toward else _turn_words(degrees)
    undone -= {"facing"} if toward else set()
    return f"turned {keys} {how}" + (f" (no longer {', '.join(sorted(undone))})".replace("_", " ") if undone else "")


def _followers(plan: ScenePlan, key: str) -> set[str]:
    """Specs the prompt or an edit asked to be in front of or behind ``key``: placed again when it turns.
    (The planner's own furnishing relations have no requirement: those objects stay where they are.)"""
    asked = {r.id for r in plan.requirements}
    return {r.subject for r in plan.relations if r.target == key and r.kind in FRONT_RELATIONS
            and f"relation:{r.kind}:{r.subject}:{key}" in asked}


def _facing_target(outcome: EditOutcome, op: EditOp, specs: list[ObjectSpec]) -> str:
    """The spec key (or 'window') the turned specs are to face."""
    reference = op.reference or ""
    if reference.rstrip("s") in ARCHITECTURE:
        env = outcome.plan.environment
        if reference.startswith("window") and env.kind == "indoor" and env.windows:
            return "window"
        raise InputError(f"the scene has no {reference} to face")
    target = specs_named(outcome, reference)[0].key
    if target in {s.key for s in specs}:
        raise InputError(f"the {op.target} cannot face itself")
    return target


def _turn_words(degrees: float) -> str:
    if abs(degrees) == 180:
        return "around (180 degrees)"
    way = "counter-clockwise, to its left" if degrees > 0 else "clockwise, to its right"
    return f"{abs(degrees):g} degrees {way} (seen from above)"
