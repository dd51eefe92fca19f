"""What applying an edit builds up (``EditOutcome``), and the shared steps every operation takes on it: naming
the specs a person means, singling out one instance, and keeping the plan's requirements in step with the edit.

The operations themselves live in tools/edit/objects.py (the things) and tools/edit/room.py (the room and the
look); tools/edit/apply.py runs them in order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tools.core.colors import parse_color
from tools.core.errors import InputError
from tools.core.schema import ObjectSpec, Placement, Relation, Requirement, ScenePlan, instance_ids
from tools.core.schema import free_key as schema_free_key
from tools.core.windows import windows_of
from tools.edit.ground import is_kind_of
from tools.edit.layout import Turn, boxes_of, footprint_gap, point_box
from tools.edit.ops import EditOp
from tools.edit.targets import EVERYTHING
from tools.knowledge.plurals import singular_forms
from tools.plan.phrases import match_head
from tools.plan.text import tokenize

ARCHITECTURE = {"window", "door", "wall"}
NEAR_TIE_M = 0.1  # 'the plant by the sofa' names none when two stand within this of the same distance


@dataclass
class EditOutcome:
    """What applying an edit did: the new plan, which specs move, which instances keep their place, and why."""

    plan: ScenePlan
    replace: set[str] = field(default_factory=set)  # spec keys placed again (moved, resized, their dependents)
    placed: set[str] = field(default_factory=set)  # spec keys the words put somewhere: there, or refused
    keep: dict[str, int] = field(default_factory=dict)  # spec key -> previous instances that keep their place
    away: dict[str, str] = field(default_factory=dict)  # spec key -> 'window', 'door' or a spec key to avoid
    changes: list[str] = field(default_factory=list)  # one line per operation
    turns: dict[str, Turn] = field(default_factory=dict)  # spec key -> how its kept instances turn
    # previous instance id -> (spec key, index) it is now: instances singled out ('the second lamp'),
    # renumbered after one was removed, or replaced by another kind in its place
    where: dict[str, tuple[str, int]] = field(default_factory=dict)
    targets: list[str] = field(default_factory=list)  # spec keys the edit changed: what 'it' means next time
    before: list[Placement] = field(default_factory=list)  # the previous layout, where an op needs it ('the other wall')


def fresh_outcome(plan: ScenePlan, **extra) -> EditOutcome:
    """An outcome that changes nothing yet: every instance keeps its place and its id."""
    return EditOutcome(plan.model_copy(deep=True), keep={s.key: s.count for s in plan.objects},
                       where={i: (s.key, n) for s in plan.objects for n, i in enumerate(instance_ids(s.key, s.count))},
                       **extra)


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
    if len(found) > 1 and not singular_forms(words[-1]):  # 'the lamp' is the floor lamp the person asked for,
        found = [s for s in found if s.requested] or found  # not the ceiling lamp the room was dressed with
    return found


def exists_in(plan: ScenePlan):
    """A test of whether a name resolves to any spec of the plan."""
    return lambda name: bool(resolve_specs(plan, name))


def specs_named(outcome: EditOutcome, name: str) -> list[ObjectSpec]:
    """The specs ``name`` means; InputError listing what the scene has when it means none."""
    found = resolve_specs(outcome.plan, name)
    if not found:
        have = ", ".join(sorted({s.noun or s.category for s in outcome.plan.objects}))
        raise InputError(f"there is no {name} in the scene (it has: {have})")
    return found


def targets_of(outcome: EditOutcome, op: EditOp) -> list[ObjectSpec]:
    """The specs ``op`` changes: its target less its exceptions; 'the second lamp' singled out as a spec of its own."""
    found = specs_named(outcome, op.target)
    if op.exclude:
        kept = {s.key for name in op.exclude for s in specs_named(outcome, name)}
        found = [s for s in found if s.key not in kept]
        if not found:
            raise InputError(f"nothing is left once {', '.join(op.exclude)} is left out")
    if op.ordinal is not None:
        spec, index = _nth_instance(found, op.ordinal, op.target)
        found = [_single_out(outcome, spec, index)]
    elif op.near is not None:
        spec, index = _nearest_instance(outcome, found, op.near, op.target)
        found = [_single_out(outcome, spec, index)]
    outcome.targets.extend(s.key for s in found if s.key not in outcome.targets)
    return found


def _nth_instance(specs: list[ObjectSpec], ordinal: int, name: str) -> tuple[ObjectSpec, int]:
    """(spec, index) of the ordinal-th instance (1-based; -1 the last) in the order of the plan's instance ids."""
    instances = [(s, i) for s in specs for i in range(s.count)]
    if ordinal > len(instances):
        raise InputError(f"there is no {_ordinal_word(ordinal)} {name}: the scene has {len(instances)}")
    return instances[ordinal - 1 if ordinal > 0 else -1]


def _nearest_instance(outcome: EditOutcome, specs: list[ObjectSpec], near: str, name: str) -> tuple[ObjectSpec, int]:
    """(spec, index) of the instance standing nearest ``near`` (an object of the scene or 'window') in the layout
    the edit starts from ('the chair by the window'), footprint to footprint; InputError when nothing says where
    they stand, or when two stand about as near (which one is then not said)."""
    if near == "window":
        refs = [point_box("window", w.x, w.z) for w in windows_of(outcome.plan.environment)]
    elif near in ARCHITECTURE:
        refs = []  # rooms have no doors yet (tools/page/compose.py draws none)
    else:
        keys = {s.key for s in specs_named(outcome, near)}
        refs = list(boxes_of(p for p in outcome.before if p.spec in keys).values())
    by_key = {s.key: s for s in specs}
    standing = [(by_key[key], index, box) for box_id, box in boxes_of(outcome.before).items()
                for key, index in [outcome.where.get(box_id, ("", -1))] if key in by_key]
    if not refs or not standing:
        raise InputError(f"cannot tell which {name} stands by the {near}: say which (e.g. 'the second {name}')")
    ranked = sorted((min(footprint_gap(box, ref) for ref in refs), spec.key, index) for spec, index, box in standing)
    if len(ranked) > 1 and ranked[1][0] - ranked[0][0] < NEAR_TIE_M:
        raise InputError(f"two of the {name}s stand about as near the {near}: say which (e.g. 'the second {name}')")
    return by_key[ranked[0][1]], ranked[0][2]


def _ordinal_word(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def _single_out(outcome: EditOutcome, spec: ObjectSpec, index: int) -> ObjectSpec:
    """Instance ``index`` of ``spec`` as a spec of its own (count 1, same place, same relations)."""
    if spec.count == 1:
        return spec
    plan = outcome.plan
    single = spec.model_copy(update={"key": free_key(plan, spec.key), "count": 1})
    new_spec(outcome, single, plan.objects.index(spec) + 1)
    kept_before = outcome.keep.get(spec.key, 0)
    renumber(outcome, spec.key, index, (single.key, 0))
    spec.count -= 1
    outcome.keep[spec.key] = min(spec.count, kept_before - (1 if index < kept_before else 0))
    outcome.keep[single.key] = 1 if index < kept_before else 0
    plan.relations += [r.model_copy(update={"subject": single.key}) for r in plan.relations if r.subject == spec.key]
    if any(r.id == f"count:{spec.key}" for r in plan.requirements):
        count_requirement(plan, spec)
    return single


def renumber(outcome: EditOutcome, key: str, index: int, to: tuple[str, int] | None) -> None:
    """Instance ``index`` of spec ``key`` goes ``to`` (None: removed); the instances after it close up."""
    for instance, (spec, at) in list(outcome.where.items()):
        if spec == key and at == index:
            if to is None:
                del outcome.where[instance]
            else:
                outcome.where[instance] = to
        elif spec == key and at > index:
            outcome.where[instance] = (key, at - 1)


def colour(word: str) -> tuple[str, str]:
    """(hex, name) of a colour word; InputError when it is none."""
    parsed = parse_color(tokenize(word), 0)
    if parsed is None:
        raise InputError(f"'{word}' is not a colour the editor knows (e.g. blue, dark green, navy blue)")
    return parsed[0], parsed[1]


def set_requirement(plan: ScenePlan, requirement: Requirement) -> None:
    """Add ``requirement``, replacing one with the same id."""
    plan.requirements = [r for r in plan.requirements if r.id != requirement.id] + [requirement]


def color_requirement(plan: ScenePlan, spec: ObjectSpec) -> None:
    """The spec's colour checked on the new revision, as the planner checks a stated one."""
    set_requirement(plan, Requirement(id=f"color:{spec.key}", kind="color",
                                      description=f"{spec.noun or spec.category} is {spec.color_name}",
                                      subject=spec.key, expected=spec.color))


def count_requirement(plan: ScenePlan, spec: ObjectSpec) -> None:
    """The spec's count checked on the new revision."""
    noun = spec.noun or spec.category.replace("_", " ")
    set_requirement(plan, Requirement(id=f"count:{spec.key}", kind="count", description=f"{spec.count} x {noun}",
                                      subject=spec.key, expected=spec.count))


def kind_requirement(plan: ScenePlan, spec: ObjectSpec) -> None:
    """A stand-in for the thing asked ('a chair' for 'a chaise longue') fails, as it does in a prompt's plan."""
    if spec.grounding is not None and spec.grounding.fit == "stand-in":
        set_requirement(plan, Requirement(id=f"kind:{spec.key}", kind="kind", description=f"a {spec.grounding.noun}",
                                          subject=spec.key, expected=spec.grounding.noun))


def absent_requirement(plan: ScenePlan, spec: ObjectSpec) -> None:
    """A removed (or replaced) kind is checked gone: no placed instance of its key."""
    set_requirement(plan, Requirement(id=f"absent:{spec.key}", kind="count", subject=spec.key, expected=0,
                                      description=f"no {spec.noun or spec.category.replace('_', ' ')} remains"))


def unique_key(plan: ScenePlan, category: str, colour_name: str | None) -> str:
    """A free spec key for a new spec of ``category`` (its colour in the key when it has one)."""
    base = f"{category}_{colour_name.replace(' ', '_')}" if colour_name else category
    return free_key(plan, base)


def free_key(plan: ScenePlan, base: str) -> str:
    """A spec key based on `base` that the plan does not use yet; InputError when there is none."""
    try:
        return schema_free_key(plan.objects, base)
    except ValueError as error:
        raise InputError(str(error)) from None


def new_spec(outcome: EditOutcome, spec: ObjectSpec, at: int | None = None) -> None:
    """Put a new spec into the plan; a key it reuses is no longer checked absent."""
    plan = outcome.plan
    plan.objects.insert(len(plan.objects) if at is None else at, spec)
    plan.requirements = [r for r in plan.requirements if r.id != f"absent:{spec.key}"]
    if spec.key not in outcome.targets:
        outcome.targets.append(spec.key)


def drop_spec(plan: ScenePlan, key: str) -> None:
    """Remove spec ``key`` with every relation and requirement that names it."""
    plan.objects = [s for s in plan.objects if s.key != key]
    plan.relations = [r for r in plan.relations if key not in (r.subject, r.target)]
    plan.requirements = [r for r in plan.requirements if key not in (r.subject, r.target)]


def drop_relations(plan: ScenePlan, key: str, dropping: Callable[[Relation], bool]) -> list[str]:
    """Remove ``key``'s relations that ``dropping`` selects, and their requirements; the kinds removed."""
    dropped = [r for r in plan.relations if r.subject == key and dropping(r)]
    plan.relations = [r for r in plan.relations if r not in dropped]
    stale = {f"relation:{r.kind}:{key}:{r.target}" for r in dropped}
    plan.requirements = [r for r in plan.requirements if r.id not in stale]
    return [r.kind for r in dropped]


def replace_dependents(outcome: EditOutcome) -> None:
    """Specs whose relation targets a spec placed again follow it (the lamp on a moved table)."""
    changed = True
    while changed:
        changed = False
        for r in outcome.plan.relations:
            if r.target in outcome.replace and r.subject not in outcome.replace and r.subject != r.target:
                outcome.replace.add(r.subject)
                changed = True
