"""Edit operations (tools/edit/parse.py) applied to a ScenePlan: specs, relations and requirements.

The result also says which objects keep their places: every instance of an
unchanged spec is pinned; moved and resized specs, and the specs whose
relations hang on them, are placed again (tools/edit/layout.py). A turned spec
keeps its instances where they stand when the turned footprint fits
(``EditOutcome.turns``); what was asked to stand in front of or behind it follows it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from tools.core.colors import parse_color
from tools.core.errors import InputError
from tools.core.schema import Look, ObjectSpec, Palette, Relation, Requirement, ScenePlan, instance_ids
from tools.core.schema import free_key as schema_free_key
from tools.edit.ground import is_kind_of
from tools.edit.layout import Turn
from tools.edit.ops import FLOOR_MATERIALS, EditOp
from tools.edit.parse import ROOM_MOVES
from tools.edit.targets import EVERYTHING
from tools.knowledge.reference import size_for
from tools.layout.relation_kinds import RELATIONS
from tools.layout.relations import SELF_RELATIONS
from tools.layout.solver import effective_mount
from tools.plan.parse import BESIDE_WINDOW
from tools.plan.phrases import match_head
from tools.plan.text import singular_forms, tokenize

RESIZE_FACTOR = 1.25  # 'bigger' grows the largest side by a quarter; 'smaller' shrinks it by the same ratio
ARCHITECTURE = {"window", "door", "wall"}
# Relations a turn undoes: they say which way the subject looks (in_corner and the rest read its footprint only).
ORIENTED_RELATIONS = {kind for kind, spec in RELATIONS.items() if spec.orients_subject}
# Relations of other specs that hang on the turned spec's front: their subjects follow the turn when asked for.
FRONT_RELATIONS = {kind for kind, spec in RELATIONS.items() if spec.follows_target_front}


@dataclass
class EditOutcome:
    """What applying an edit did: the new plan, which specs move, which instances keep their place, and why."""

    plan: ScenePlan
    replace: set[str] = field(default_factory=set)  # spec keys placed again (moved, resized, their dependents)
    keep: dict[str, int] = field(default_factory=dict)  # spec key -> previous instances that keep their place
    away: dict[str, str] = field(default_factory=dict)  # spec key -> 'window', 'door' or a spec key to avoid
    changes: list[str] = field(default_factory=list)  # one line per operation
    turns: dict[str, Turn] = field(default_factory=dict)  # spec key -> how its kept instances turn
    # previous instance id -> (spec key, index) it is now: instances singled out ('the second lamp'),
    # renumbered after one was removed, or replaced by another kind in its place
    where: dict[str, tuple[str, int]] = field(default_factory=dict)
    targets: list[str] = field(default_factory=list)  # spec keys the edit changed: what 'it' means next time


def resolve_specs(plan: ScenePlan, name: str) -> list[ObjectSpec]:
    """The plan's specs a person means by ``name``: a spec key, 'sofa', 'lamp' (any lamp), 'red chair',
    'everything', keys joined by ' | ' (what 'them' names), or a broader class ('the seats', 'the furniture')."""
    if name == EVERYTHING:
        return list(plan.objects)
    if " | " in name:
        return [s for s in plan.objects if s in [f for part in name.split(" | ") for f in resolve_specs(plan, part)]]
    exact = [s for s in plan.objects if s.key == name]
    if exact:
        return exact
    tokens = tokenize(name.replace("_", " "))
    colour = parse_color(tokens, 0)
    words = tokens[colour[2]:] if colour else tokens
    if not words:
        return []
    head = match_head(words, 0)
    found = [s for s in plan.objects if head is not None and s.category == head.name]
    if not found:
        nouns = {words[-1], *singular_forms(words[-1])}
        found = [s for s in plan.objects
                 if s.category.split("_")[-1] in nouns or (s.noun and s.noun.split()[-1] in nouns)]
    if not found and head is None:
        found = [s for s in plan.objects if is_kind_of(s, words[-1])]
    if colour:
        found = [s for s in found if s.color == colour[0] or (s.color_name and colour[1] in s.color_name)]
    return found


def exists_in(plan: ScenePlan):
    """A test of whether a name resolves to any spec of the plan."""
    return lambda name: bool(resolve_specs(plan, name))


def apply_edits(plan: ScenePlan, operations: list[EditOp]) -> EditOutcome:
    """The edited copy of ``plan``; InputError when an operation names nothing in the scene or cannot apply."""
    outcome = EditOutcome(plan.model_copy(deep=True), keep={s.key: s.count for s in plan.objects},
                          where={i: (s.key, n) for s in plan.objects for n, i in enumerate(instance_ids(s.key, s.count))})
    for op in operations:
        if op.kind == "undo":
            raise InputError("'undo' restores an earlier revision as it was: say it alone, not with other edits")
        outcome.changes.append(APPLY[op.kind](outcome, op))
    _replace_dependents(outcome)
    if not outcome.plan.objects:
        raise InputError("the edit would leave the scene empty; keep at least one object")
    return outcome


def _specs(outcome: EditOutcome, name: str) -> list[ObjectSpec]:
    found = resolve_specs(outcome.plan, name)
    if not found:
        have = ", ".join(sorted({s.noun or s.category for s in outcome.plan.objects}))
        raise InputError(f"there is no {name} in the scene (it has: {have})")
    return found


def _targets(outcome: EditOutcome, op: EditOp) -> list[ObjectSpec]:
    """The specs ``op`` changes: its target less its exceptions; 'the second lamp' singled out as a spec of its own."""
    found = _specs(outcome, op.target)
    if op.exclude:
        kept = {s.key for name in op.exclude for s in _specs(outcome, name)}
        found = [s for s in found if s.key not in kept]
        if not found:
            raise InputError(f"nothing is left once {', '.join(op.exclude)} is left out")
    if op.ordinal is not None:
        spec, index = _nth_instance(found, op.ordinal, op.target)
        found = [_single_out(outcome, spec, index)]
    outcome.targets.extend(s.key for s in found if s.key not in outcome.targets)
    return found


def _nth_instance(specs: list[ObjectSpec], ordinal: int, name: str) -> tuple[ObjectSpec, int]:
    """(spec, index) of the ordinal-th instance (1-based; -1 the last) in the order of the plan's instance ids."""
    instances = [(s, i) for s in specs for i in range(s.count)]
    if ordinal > len(instances):
        raise InputError(f"there is no {_ordinal_word(ordinal)} {name}: the scene has {len(instances)}")
    return instances[ordinal - 1 if ordinal > 0 else -1]


def _ordinal_word(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def _single_out(outcome: EditOutcome, spec: ObjectSpec, index: int) -> ObjectSpec:
    """Instance ``index`` of ``spec`` as a spec of its own (count 1, same place, same relations)."""
    if spec.count == 1:
        return spec
    plan = outcome.plan
    single = spec.model_copy(update={"key": free_key(plan, spec.key), "count": 1})
    _new_spec(outcome, single, plan.objects.index(spec) + 1)
    kept_before = outcome.keep.get(spec.key, 0)
    _renumber(outcome, spec.key, index, (single.key, 0))
    spec.count -= 1
    outcome.keep[spec.key] = min(spec.count, kept_before - (1 if index < kept_before else 0))
    outcome.keep[single.key] = 1 if index < kept_before else 0
    plan.relations += [r.model_copy(update={"subject": single.key}) for r in plan.relations if r.subject == spec.key]
    if any(r.id == f"count:{spec.key}" for r in plan.requirements):
        _count_requirement(plan, spec)
    return single


def _renumber(outcome: EditOutcome, key: str, index: int, to: tuple[str, int] | None) -> None:
    """Instance ``index`` of spec ``key`` goes ``to`` (None: removed); the instances after it close up."""
    for instance, (spec, at) in list(outcome.where.items()):
        if spec == key and at == index:
            if to is None:
                del outcome.where[instance]
            else:
                outcome.where[instance] = to
        elif spec == key and at > index:
            outcome.where[instance] = (key, at - 1)


def _colour(word: str) -> tuple[str, str]:
    parsed = parse_color(tokenize(word), 0)
    if parsed is None:
        raise InputError(f"'{word}' is not a colour the editor knows (e.g. blue, dark green, navy blue)")
    return parsed[0], parsed[1]


def _set_requirement(plan: ScenePlan, requirement: Requirement) -> None:
    plan.requirements = [r for r in plan.requirements if r.id != requirement.id] + [requirement]


def _recolor(outcome: EditOutcome, op: EditOp) -> str:
    hex_color, name = _colour(op.color or "")
    if op.target.rstrip("s") in ARCHITECTURE:
        raise InputError(f"the {op.target}'s colour is not part of the plan; only objects can be recoloured")
    specs = _targets(outcome, op)
    for spec in specs:
        spec.color, spec.color_name = hex_color, name
        _set_requirement(outcome.plan, Requirement(
            id=f"color:{spec.key}", kind="color", description=f"{spec.noun or spec.category} is {name}",
            subject=spec.key, expected=hex_color))
    return f"recoloured {', '.join(s.key for s in specs)} {name}"


def _count_requirement(plan: ScenePlan, spec: ObjectSpec) -> None:
    noun = spec.noun or spec.category.replace("_", " ")
    _set_requirement(plan, Requirement(id=f"count:{spec.key}", kind="count", description=f"{spec.count} x {noun}",
                                       subject=spec.key, expected=spec.count))


def _add(outcome: EditOutcome, op: EditOp) -> str:
    plan, count = outcome.plan, op.count or 1
    head = match_head(tokenize(op.target.replace("_", " ")), 0)
    if head is None or head.kind not in {"category", "window"} or head.name == "window":
        raise InputError(f"'{op.target}' is not an object the generator knows")
    colour = _colour(op.color) if op.color else None
    same = [s for s in plan.objects if s.category == head.name and (colour is None or s.color == colour[0])]
    if same and op.relation is None:
        spec = same[0]
        spec.count += count
        spec.requested = True
    else:
        spec = ObjectSpec(key=_unique_key(plan, head.name, colour[1] if colour else None), category=head.name,
                          count=count, color=colour[0] if colour else None, color_name=colour[1] if colour else None,
                          noun=" ".join(head.words), requested=True)
        _new_spec(outcome, spec)
        outcome.keep[spec.key] = 0
        if colour:
            _recolor(outcome, EditOp(kind="recolor", target=spec.key, color=colour[1]))
        if op.relation:
            _relate(outcome, spec, op.relation, op.reference)
    _count_requirement(plan, spec)
    return f"added {count} {spec.key} (now {spec.count})"


def _unique_key(plan: ScenePlan, category: str, colour: str | None) -> str:
    base = f"{category}_{colour.replace(' ', '_')}" if colour else category
    return free_key(plan, base)


def free_key(plan: ScenePlan, base: str) -> str:
    """A spec key based on `base` that the plan does not use yet; InputError when there is none."""
    try:
        return schema_free_key(plan.objects, base)
    except ValueError as error:
        raise InputError(str(error)) from None


def _remove(outcome: EditOutcome, op: EditOp) -> str:
    plan = outcome.plan
    specs = _targets(outcome, op)
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
            _drop_spec(plan, spec.key)
            _absent_requirement(plan, spec)
        elif any(r.id == f"count:{spec.key}" for r in plan.requirements):
            _count_requirement(plan, spec)
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
        _set_requirement(plan, Requirement(
            id=f"kept:{spec.key}", kind="count", subject=spec.key, expected=spec.count,
            description=f"only the {what} remain{'s' if len(kept) == 1 and spec.count == 1 else ''} "
                        f"({spec.count} x {spec.noun or spec.category.replace('_', ' ')})"))


def _absent_requirement(plan: ScenePlan, spec: ObjectSpec) -> None:
    """A removed (or replaced) kind is checked gone: no placed instance of its key."""
    _set_requirement(plan, Requirement(id=f"absent:{spec.key}", kind="count", subject=spec.key, expected=0,
                                       description=f"no {spec.noun or spec.category.replace('_', ' ')} remains"))


def _new_spec(outcome: EditOutcome, spec: ObjectSpec, at: int | None = None) -> None:
    """Put a new spec into the plan; a key it reuses is no longer checked absent."""
    plan = outcome.plan
    plan.objects.insert(len(plan.objects) if at is None else at, spec)
    plan.requirements = [r for r in plan.requirements if r.id != f"absent:{spec.key}"]
    if spec.key not in outcome.targets:
        outcome.targets.append(spec.key)


def _drop_spec(plan: ScenePlan, key: str) -> None:
    plan.objects = [s for s in plan.objects if s.key != key]
    plan.relations = [r for r in plan.relations if key not in (r.subject, r.target)]
    plan.requirements = [r for r in plan.requirements if key not in (r.subject, r.target)]


def _move(outcome: EditOutcome, op: EditOp) -> str:
    specs = _targets(outcome, op)
    for spec in specs:
        _relate(outcome, spec, op.relation or "next_to", op.reference, replace_old=True)
        outcome.replace.add(spec.key)
    where = (op.relation or "").replace("_", " ")
    return f"moved {', '.join(s.key for s in specs)} {where} {op.reference or ''}".strip()


def _relate(outcome: EditOutcome, spec: ObjectSpec, kind: str, reference: str | None, replace_old: bool = False) -> None:
    """Give ``spec`` the relation ``kind`` to ``reference`` (its old placing relations dropped when moving)."""
    plan = outcome.plan
    target = None
    if reference == "window" and kind in BESIDE_WINDOW:
        if plan.environment.windows == 0:
            raise InputError("the scene has no window to put it by")
        kind = "by_window"  # "move the desk next to the window": beside or under one, back to its wall
    if kind == "away_from":
        target = reference if reference in ARCHITECTURE else _specs(outcome, reference or "")[0].key
        outcome.away[spec.key] = target
    elif kind not in ROOM_MOVES and kind != "by_window":
        if reference is None or reference in ARCHITECTURE:
            raise InputError(f"'{kind.replace('_', ' ')}' needs an object to relate to, not {reference or 'nothing'}")
        target = _specs(outcome, reference)[0].key
        if target == spec.key:
            raise InputError(f"cannot place {spec.key} {kind.replace('_', ' ')} itself")
    if replace_old:
        _drop_relations(plan, spec.key, lambda r: r.kind not in SELF_RELATIONS)  # its own arrangement stays
    if kind == "away_from":
        return
    relation = Relation(kind=kind, subject=spec.key, target=target)
    plan.relations.append(relation)
    _set_requirement(plan, Requirement(id=f"relation:{kind}:{spec.key}:{target}", kind="relation",
                                       description=RELATIONS[kind].describe(relation),
                                       subject=spec.key, target=target, expected=kind))


def _drop_relations(plan: ScenePlan, key: str, dropping: Callable[[Relation], bool]) -> list[str]:
    """Remove ``key``'s relations that ``dropping`` selects, and their requirements; the kinds removed."""
    dropped = [r for r in plan.relations if r.subject == key and dropping(r)]
    plan.relations = [r for r in plan.relations if r not in dropped]
    stale = {f"relation:{r.kind}:{key}:{r.target}" for r in dropped}
    plan.requirements = [r for r in plan.requirements if r.id not in stale]
    return [r.kind for r in dropped]


def _rotate(outcome: EditOutcome, op: EditOp) -> str:
    """Turn by ``op.degrees`` (counter-clockwise seen from above) or to face ``op.reference``."""
    plan = outcome.plan
    if op.target in ARCHITECTURE:
        raise InputError(f"the {op.target} is part of the room and cannot be turned")
    if op.relation not in (None, "facing") or (op.relation == "facing") == (op.degrees is not None):
        raise InputError("a turn needs either degrees or 'facing' with what to face")
    if op.degrees is not None and op.degrees % 360 == 0:
        raise InputError(f"a turn of {op.degrees:g} degrees leaves the {op.target} as it is")
    specs = _targets(outcome, op)
    for spec in specs:
        mount = effective_mount(spec.category, plan.environment.kind == "indoor")
        if mount in ("wall", "ceiling"):
            raise InputError(f"the {spec.noun or spec.category} is mounted on the {mount} and cannot be turned")
    toward = _facing_target(outcome, op, specs) if op.relation == "facing" else None
    degrees = op.degrees or 0.0  # None only with 'facing' (checked above), and then ``toward`` decides
    undone = set()
    for spec in specs:
        undone.update(_drop_relations(plan, spec.key, lambda r: r.kind in ORIENTED_RELATIONS))
        if toward is not None:
            outcome.turns[spec.key] = Turn(toward=toward)
            if toward not in ARCHITECTURE:  # requirements are checked between specs: a window's is not
                _relate(outcome, spec, "facing", toward)
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
    target = _specs(outcome, reference)[0].key
    if target in {s.key for s in specs}:
        raise InputError(f"the {op.target} cannot face itself")
    return target


def _turn_words(degrees: float) -> str:
    if abs(degrees) == 180:
        return "around (180 degrees)"
    way = "counter-clockwise, to its left" if degrees > 0 else "clockwise, to its right"
    return f"{abs(degrees):g} degrees {way} (seen from above)"


def _resize(outcome: EditOutcome, op: EditOp) -> str:
    specs = _targets(outcome, op)
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


def _replace_dependents(outcome: EditOutcome) -> None:
    """Specs whose relation targets a spec placed again follow it (the lamp on a moved table)."""
    changed = True
    while changed:
        changed = False
        for r in outcome.plan.relations:
            if r.target in outcome.replace and r.subject not in outcome.replace and r.subject != r.target:
                outcome.replace.add(r.subject)
                changed = True


def _replace(outcome: EditOutcome, op: EditOp) -> str:
    """'replace the chairs with stools': a spec of the new kind takes each replaced instance's place and turn."""
    plan = outcome.plan
    head = match_head(tokenize((op.replacement or "").replace("_", " ")), 0)
    if head is None or head.kind != "category":
        raise InputError(f"'{op.replacement}' is not an object the generator knows")
    colour = _colour(op.color) if op.color else None
    done = []
    for old in _targets(outcome, op):
        if old.category == head.name and colour is None:
            raise InputError(f"the {old.noun or old.category} already is a {' '.join(head.words)}")
        new = ObjectSpec(key=_unique_key(plan, head.name, colour[1] if colour else None), category=head.name,
                         count=old.count, noun=" ".join(head.words), requested=True,
                         color=colour[0] if colour else None, color_name=colour[1] if colour else None)
        _new_spec(outcome, new, plan.objects.index(old))
        for instance, (key, index) in outcome.where.items():
            if key == old.key:
                outcome.where[instance] = (new.key, index)
        outcome.keep[new.key] = outcome.keep.pop(old.key, 0)
        plan.relations = [r.model_copy(update={"subject": new.key if r.subject == old.key else r.subject,
                                               "target": new.key if r.target == old.key else r.target})
                          for r in plan.relations]
        _drop_spec(plan, old.key)
        _absent_requirement(plan, old)
        _count_requirement(plan, new)
        if colour:
            _recolor(outcome, EditOp(kind="recolor", target=new.key, color=colour[1]))
        outcome.targets.remove(old.key)
        done.append(f"{old.key} -> {new.key}")
    return f"replaced {', '.join(done)} (same places)"


def _look(outcome: EditOutcome, op: EditOp) -> str:
    """Time of day and weather: the page's light, sky, fog and falling snow or rain (tools/page/look.py)."""
    plan = outcome.plan
    if op.weather not in (None, "clear") and plan.environment.kind == "indoor":
        raise InputError(f"{op.weather} shows only outdoors and this scene is a room; the time of day can change "
                         "('make it night')")
    look = plan.look or Look()
    update = {k: v for k, v in (("time_of_day", op.time_of_day), ("weather", op.weather)) if v is not None}
    if not update:
        raise InputError("say the time of day or the weather, e.g. 'make it night' or 'make it foggy'")
    plan.look = look.model_copy(update=update)
    return "look: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in update.items())


def _finish(outcome: EditOutcome, op: EditOp) -> str:
    """Wall colour, floor colour or floor material: the finishes compose draws (tools/page/look.py finishes)."""
    plan, env = outcome.plan, outcome.plan.environment
    if op.target == "walls" and env.kind != "indoor":
        raise InputError("an outdoor scene has no walls to paint")
    if op.material is not None:
        if op.material not in FLOOR_MATERIALS.values():
            raise InputError(f"'{op.material}' is no floor the page draws ({', '.join(sorted(set(FLOOR_MATERIALS.values())))})")
        env.floor = op.material
        if plan.look and plan.look.palette and plan.look.palette.floor:  # the material's own colour shows
            plan.look.palette.floor = None
        if op.color is None:
            return f"floor: {op.material}"
    hex_color, name = _colour(op.color or "")
    if op.target == "floor" and env.kind != "indoor":
        raise InputError("outdoors the ground's colour is its material's; say the material ('make the ground sand')")
    look = plan.look or Look()
    palette = look.palette or Palette(name="custom", accent=hex_color)
    palette = palette.model_copy(update={"wall" if op.target == "walls" else "floor": hex_color})
    plan.look = look.model_copy(update={"palette": palette})
    return f"{op.target}: {name}" + (f" {op.material}" if op.material else "")


APPLY = {"recolor": _recolor, "add": _add, "remove": _remove, "move": _move, "resize": _resize, "rotate": _rotate,
         "replace": _replace, "look": _look, "finish": _finish}
