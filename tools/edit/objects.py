"""Edit operations on the scene's things: recolour, add, remove, move (next to something, to a wall, the middle),
resize, replace, duplicate and arrange. Each changes the plan in ``EditOutcome`` and returns one line saying so;
moved and resized specs are placed again, every other instance keeps its place (tools/edit/layout.py)."""

from __future__ import annotations

from tools.core.errors import InputError
from tools.core.schema import ObjectSpec, Relation, Requirement
from tools.edit.ground import new_thing
from tools.edit.ops import WALL_NAMES, EditOp
from tools.edit.outcome import (
    ARCHITECTURE,
    EditOutcome,
    absent_requirement,
    color_requirement,
    colour,
    count_requirement,
    drop_relations,
    drop_spec,
    kind_requirement,
    new_spec,
    resolve_specs,
    set_requirement,
    specs_named,
    targets_of,
    unique_key,
)
from tools.edit.parse import ROOM_MOVES
from tools.edit.room import wall_index
from tools.knowledge.plurals import singular_forms
from tools.knowledge.reference import size_for
from tools.layout.relation_kinds import RELATIONS
from tools.layout.relations import SELF_RELATIONS
from tools.plan.parse import BESIDE_WINDOW

RESIZE_FACTOR = 1.25  # 'bigger' grows the largest side by a quarter; 'smaller' shrinks it by the same ratio
CIRCLE_MIN = 3  # instances that make a circle; fewer are refused rather than called one


def recolor(outcome: EditOutcome, op: EditOp) -> str:
    """'make the sofa blue': a new colour, checked on the new revision."""
    hex_color, name = colour(op.color or "")
    if op.target.rstrip("s") in ARCHITECTURE:
        raise InputError(f"the {op.target}'s colour is not part of the plan; only objects can be recoloured")
    specs = targets_of(outcome, op)
    for spec in specs:
        spec.color, spec.color_name = hex_color, name
        color_requirement(outcome.plan, spec)
    return f"recoloured {', '.join(s.key for s in specs)} {name}"


def add(outcome: EditOutcome, op: EditOp) -> str:
    """'add two chairs', 'add a red chair next to the desk': more of a kind the scene has, or a new one."""
    plan, count = outcome.plan, op.count or 1
    if op.target.rstrip("s") == "window":
        raise InputError(f"'{op.target}' is not an object the generator knows")
    kind, noun, grounding = new_thing(op.target)
    paint = colour(op.color) if op.color else None
    # more of what the scene calls by this word ("chairs" in a living room are its armchairs), else of the kind
    called = {noun, *singular_forms(noun)}
    same = [s for s in plan.objects if (s.category == kind or s.noun in called) and (grounding is None or s.noun == noun)
            and (paint is None or s.color == paint[0])]
    if same and op.relation is None:
        spec = same[0]
        spec.count += count
        spec.requested = True
    else:
        spec = ObjectSpec(key=unique_key(plan, kind, paint[1] if paint else None), category=kind,
                          count=count, color=paint[0] if paint else None, color_name=paint[1] if paint else None,
                          noun=noun, requested=True, grounding=grounding)
        new_spec(outcome, spec)
        kind_requirement(plan, spec)
        outcome.keep[spec.key] = 0
        if paint:
            recolor(outcome, EditOp(kind="recolor", target=spec.key, color=paint[1]))
        if op.relation:
            relate(outcome, spec, op.relation, op.reference,
                   wall=wall_index(outcome, spec, op.wall) if op.wall else None)
            outcome.placed.add(spec.key)
    count_requirement(plan, spec)
    return f"added {count} {spec.key} (now {spec.count}){_stand_in_note(spec)}"


def remove(outcome: EditOutcome, op: EditOp) -> str:
    """'remove the lamp', 'remove two chairs', 'remove everything except the sofa'."""
    plan = outcome.plan
    specs = targets_of(outcome, op)
    left = None if op.ordinal is not None else op.count
    total = sum(s.count for s in specs)
    if left is not None and left > total:
        raise InputError(f"cannot remove {left} {op.target}: the scene has {total}")
    removed = []
    for spec in reversed(specs):
        take = spec.count if left is None else min(left, spec.count)
        if take == 0:
            continue
        spec.count -= take
        outcome.keep[spec.key] = min(outcome.keep.get(spec.key, 0), spec.count)
        removed.append(f"{take} {spec.key}")
        if spec.count == 0:
            drop_spec(plan, spec.key)
            absent_requirement(plan, spec)
        elif any(r.id == f"count:{spec.key}" for r in plan.requirements):
            count_requirement(plan, spec)
        if left is not None:
            left -= take
    if op.exclude:
        _only_requirements(outcome, op.exclude)
    return f"removed {', '.join(removed)}"


def _only_requirements(outcome: EditOutcome, kept_names: list[str]) -> None:
    """'remove everything except the sofa' checked on the new revision: the sofa stays, as many as before."""
    plan = outcome.plan
    kept = [s for name in kept_names for s in resolve_specs(plan, name)]
    what = " and ".join(kept_names)
    for spec in kept:
        set_requirement(plan, Requirement(
            id=f"kept:{spec.key}", kind="count", subject=spec.key, expected=spec.count,
            description=f"only the {what} remain{'s' if len(kept) == 1 and spec.count == 1 else ''} "
                        f"({spec.count} x {spec.noun or spec.category.replace('_', ' ')})"))


def move(outcome: EditOutcome, op: EditOp) -> str:
    """'move the lamp next to the sofa', '... into the corner', '... to the left wall', '... to the middle'."""
    specs = targets_of(outcome, op)
    walls = []
    for spec in specs:
        wall = wall_index(outcome, spec, op.wall) if op.wall else None
        relate(outcome, spec, op.relation or "next_to", op.reference, replace_old=True, wall=wall)
        outcome.replace.add(spec.key)
        outcome.placed.add(spec.key)
        walls += [] if wall is None else [f"the {WALL_NAMES[wall]} wall"]
    where = ", ".join(dict.fromkeys(walls)) if walls else (op.relation or "").replace("_", " ")
    return f"moved {', '.join(s.key for s in specs)} {'to ' if walls else ''}{where} {op.reference or ''}".strip()


def relate(outcome: EditOutcome, spec: ObjectSpec, kind: str, reference: str | None, replace_old: bool = False,
           wall: int | None = None) -> None:
    """Give ``spec`` the relation ``kind`` to ``reference`` (its old placing relations dropped when moving);
    ``wall`` names the one wall of an 'against_wall' (tools/core/windows.py WALL_SIDES)."""
    plan = outcome.plan
    target = None
    if reference == "window" and kind in BESIDE_WINDOW:
        if plan.environment.windows == 0:
            raise InputError("the scene has no window to put it by")
        kind = "by_window"  # "move the desk next to the window": beside or under one, back to its wall
    if kind == "away_from":
        target = reference if reference in ARCHITECTURE else specs_named(outcome, reference or "")[0].key
        outcome.away[spec.key] = target
    elif kind not in ROOM_MOVES and kind != "by_window":
        if reference is None or reference in ARCHITECTURE:
            raise InputError(f"'{kind.replace('_', ' ')}' needs an object to relate to, not {reference or 'nothing'}")
        target = specs_named(outcome, reference)[0].key
        if target == spec.key:
            raise InputError(f"cannot place {spec.key} {kind.replace('_', ' ')} itself")
    if replace_old:
        drop_relations(plan, spec.key, lambda r: r.kind not in SELF_RELATIONS)  # its own arrangement stays
    if kind == "away_from":
        return
    _add_relation(outcome, Relation(kind=kind, subject=spec.key, target=target, param=wall))


def _add_relation(outcome: EditOutcome, relation: Relation, description: str | None = None) -> None:
    """The relation in the plan, and checked on the new revision as a requirement."""
    outcome.plan.relations.append(relation)
    kind, key, target = relation.kind, relation.subject, relation.target
    if relation.kind == "against_wall" and relation.param is not None:
        description = f"{key} against the {WALL_NAMES[relation.param]} wall"
    set_requirement(outcome.plan, Requirement(
        id=f"relation:{kind}:{key}:{target}", kind="relation", subject=key, target=target, expected=kind,
        description=description or RELATIONS[kind].describe(relation)))


def resize(outcome: EditOutcome, op: EditOp) -> str:
    """'make the table bigger', 'make the bed 2 m long': a new measure, placed again at that size."""
    specs = targets_of(outcome, op)
    for spec in specs:
        if op.measure_m is not None:
            spec.measure_m, spec.measure_axis = op.measure_m, op.measure_axis
        else:
            current = max(size_for(spec.category, spec.size, spec.measure_m, spec.measure_axis))
            factor = RESIZE_FACTOR if op.size == "larger" else 1 / RESIZE_FACTOR
            spec.measure_m, spec.measure_axis = round(current * factor, 3), None
        size_for(spec.category, spec.size, spec.measure_m, spec.measure_axis)  # refuses implausible measures now
        outcome.replace.add(spec.key)
    how = f"{op.measure_m:g} m {op.measure_axis or ''}".strip() if op.measure_m is not None else op.size
    return f"resized {', '.join(s.key for s in specs)} ({how})"


def replace(outcome: EditOutcome, op: EditOp) -> str:
    """'replace the chairs with stools': a spec of the new kind takes each replaced instance's place and turn."""
    plan = outcome.plan
    kind, noun, grounding = new_thing(op.replacement or "")
    paint = colour(op.color) if op.color else None
    done = []
    for old in targets_of(outcome, op):
        if old.category == kind and (grounding is None or old.noun == noun) and paint is None:
            raise InputError(f"the {old.noun or old.category} already is a {noun}")
        new = ObjectSpec(key=unique_key(plan, kind, paint[1] if paint else None), category=kind,
                         count=old.count, noun=noun, requested=True, grounding=grounding,
                         color=paint[0] if paint else None, color_name=paint[1] if paint else None)
        new_spec(outcome, new, plan.objects.index(old))
        kind_requirement(plan, new)
        for instance, (key, index) in outcome.where.items():
            if key == old.key:
                outcome.where[instance] = (new.key, index)
        outcome.keep[new.key] = outcome.keep.pop(old.key, 0)
        plan.relations = [r.model_copy(update={"subject": new.key if r.subject == old.key else r.subject,
                                               "target": new.key if r.target == old.key else r.target})
                          for r in plan.relations]
        drop_spec(plan, old.key)
        absent_requirement(plan, old)
        count_requirement(plan, new)
        if paint:
            recolor(outcome, EditOp(kind="recolor", target=new.key, color=paint[1]))
        outcome.targets.remove(old.key)
        done.append(f"{old.key} -> {new.key}{_stand_in_note(new)}")
    return f"replaced {', '.join(done)} (same places)"


def _stand_in_note(spec: ObjectSpec) -> str:
    """Said with the change, so a stand-in is never reported as the thing asked for."""
    found = spec.grounding
    return f", a {spec.category.replace('_', ' ')} standing in for '{found.noun}'" if found and found.fit == "stand-in" else ""


def duplicate(outcome: EditOutcome, op: EditOp) -> str:
    """'duplicate the lamp', 'add another chair like that one': more instances of the same spec (kind, colour,
    size, relations); the originals keep their places and the copies are placed by the spec's relations.
    With ``reference`` ('like that one') the copy is of the target that is that one."""
    specs = targets_of(outcome, op)
    if op.reference:  # 'that one' is one of the kind said: the red chair singled out, not every chair
        kinds = {s.category for s in specs}
        specs = [s for s in specs_named(outcome, op.reference) if s.category in kinds]
        if not specs:
            raise InputError(f"'that one' is the {op.reference.replace(' | ', ' and ')}, not a {op.target}")
    done = []
    for spec in specs:
        copies = op.count or spec.count
        spec.count += copies
        count_requirement(outcome.plan, spec)
        done.append(f"{copies} {spec.key} (now {spec.count})")
    return f"duplicated {', '.join(done)}"


def arrange(outcome: EditOutcome, op: EditOp) -> str:
    """'arrange the chairs in a circle', 'in two rows', 'around the table': the target's instances placed again in
    that arrangement, its other placing relations dropped."""
    if op.arrangement is None:
        raise InputError("say how to arrange them: in a circle, in rows, in a grid, or around something")
    specs = targets_of(outcome, op)
    for spec in specs:
        if spec.count < (CIRCLE_MIN if op.arrangement == "in_circle" else 2):
            raise InputError(f"the scene has {spec.count} {spec.noun or spec.category}: too few to arrange "
                             f"{'in a circle' if op.arrangement == 'in_circle' else 'as a group'}")
        target = None
        if op.arrangement == "around":
            target = specs_named(outcome, op.reference or "")[0].key if op.reference else None
            if target is None or target == spec.key:
                raise InputError("'around' needs another object to stand round, e.g. 'around the table'")
        drop_relations(outcome.plan, spec.key, lambda r: True)
        rows = op.rows if op.arrangement in {"row", "grid"} else None
        _add_relation(outcome, Relation(kind=op.arrangement, subject=spec.key, target=target, param=rows),
                      f"{spec.key} {_arranged(op, rows)}")
        outcome.replace.add(spec.key)
        outcome.placed.add(spec.key)
    return f"arranged {', '.join(s.key for s in specs)} {_arranged(op, op.rows)}"


def _arranged(op: EditOp, rows: int | None) -> str:
    """The arrangement in words: 'in a circle', 'around table', 'in 2 rows', 'in a grid'."""
    if op.arrangement == "in_circle":
        return "in a circle"
    if op.reference:
        return f"around {op.reference}"
    if rows:
        return f"in {rows} row{'s' if rows > 1 else ''}" + (" of a grid" if op.arrangement == "grid" else "")
    return "in a grid" if op.arrangement == "grid" else "in rows"
