"""What people expect beyond what the prompt names: a room's usual furnishings at their usual counts for its floor,
something to stand on for things that stand on surfaces, a sill under what stands by the window, storage against
a wall and a chair at the desk; never what the prompt rules out."""

from __future__ import annotations

from tools.core.schema import ObjectSpec, Relation
from tools.knowledge.categories import CATEGORIES, DEFAULT_SUPPORTS
from tools.knowledge.extent import target_size
from tools.knowledge.holding import capacity
from tools.knowledge.places import Expected, Place
from tools.knowledge.relation_words import RELATION_WORDS
from tools.plan.area import floor_footprint
from tools.plan.parse import Mention, ParsedPrompt
from tools.plan.specs import add_relation, has_relation, unique_key

FEW_OBJECTS = 3  # outdoors, a named place with fewer requested kinds gets its usual things
ANCHOR_SHARE = 0.5  # a room's defining furnishing comes while its footprint is at most this share of the floor
FURNISH_SHARE = 0.30  # a room's usual furnishings are added while floor footprints cover at most this share
FILL_MAX = 12  # at most this many things fill one holder the prompt names no count for ("shelves of jars")
FILL_TOTAL = 24  # and at most this many fill all the holders of one kind ("four shelves full of cans")


def add_expected(place: Place, specs: list[ObjectSpec], relations: list[tuple[Relation, bool]],
                 parsed: ParsedPrompt, area: float) -> None:
    """A room gets its usual furnishings, scaled to its floor, after what the prompt named: a kind the prompt names
    keeps the prompt's count, one it rules out stays out, and what would crowd the floor beyond FURNISH_SHARE
    is left out, the least usual first. Outdoors, few named kinds bring the usual things; natural extras always."""
    requested = {s.category for s in specs if s.requested}
    items = list(place.extras)
    if place.kind == "indoor" or len(requested) < FEW_OBJECTS:
        items = [*place.expected, *items]
    budget = FURNISH_SHARE * area - floor_footprint(specs, relations)[0]  # indoors only: outdoors sizes to its content
    # A kind the prompt has (named, or added for what it named) keeps its count; the place's own list may give one
    # kind twice in two zones (shelves along the walls and in aisles), and both come.
    present = {s.category for s in specs}
    added = []
    for item in items:
        if item.category in parsed.forbidden or item.category in present:
            continue
        count = _usual_count(item, specs, area)
        unit = _floor_cost(item)
        if unit > 0 and place.kind == "indoor" and not _goes_with_named(item, specs):
            # the place's first furnishing makes it that place (a bedroom's bed): it comes while it fits the floor
            anchor = place.expected and item is place.expected[0] and unit <= ANCHOR_SHARE * area
            count = max(min(count, int(budget // unit)), 1 if anchor else 0)
        if count < 1:
            continue
        budget -= unit * count if place.kind == "indoor" else 0.0
        key = unique_key(Mention(item.category, item.category, count), specs)
        spec = ObjectSpec(key=key, category=item.category, count=count, shape=item.shape, size=item.size,
                          requested=False, noun=item.category.replace("_", " "))
        specs.append(spec)
        added.append((spec, item))
    # What the prompt named itself keeps its count, but goes where the place usually has it unless told
    # ("a classroom with desks and a whiteboard": the board on the front wall).
    placed = {r.subject for r, _ in relations}
    first_zone: dict[str, Expected] = {}  # a kind the place lists twice goes where it is most usual
    for item in (*place.expected, *place.extras):
        first_zone.setdefault(item.category, item)
    usual = [(s, first_zone[s.category]) for s in specs
             if s.requested and s.key not in placed and s.category in first_zone]
    for spec, item in [*added, *usual]:
        for kind, target_category, param in item.relations:
            target = next((s for s in specs if s.category == target_category and s is not spec), None)
            if target_category is not None and target is None:
                continue
            relation = Relation(kind=kind, subject=spec.key, target=target.key if target else None, param=param)
            add_relation(relations, relation, False)


def _usual_count(item: Expected, specs: list[ObjectSpec], area: float) -> int:
    """How many of ``item`` the room has: its count on this floor, ``param`` per target ("a chair at each desk"),
    none when what it goes with (a nightstand's bed, a lamp's table) is not in the scene."""
    count = item.count_for(area)
    for kind, target_category, param in item.relations[:1]:
        target = next((s for s in specs if s.category == target_category), None)
        if target_category is not None and target is None:
            return 0
        if kind == "each_with":
            return (param or 1) * target.count  # type: ignore[union-attr]  # each_with always names its target kind
        if kind == "held_in":  # goods on a shop's shelves: no more than the shelves hold
            return min(count, fill_count(target.category, item.category) * target.count, FILL_TOTAL)  # type: ignore[union-attr]
    return count


def _goes_with_named(item: Expected, specs: list[ObjectSpec]) -> bool:
    """Whether ``item`` is one per named thing ("an office with four desks": a chair at each), which the
    prompt implies: it is added even when the floor is full, and the room grows for it."""
    named = {s.category for s in specs if s.requested}
    return any(kind == "each_with" and target in named for kind, target, _ in item.relations[:1])


def _floor_cost(item: Expected) -> float:
    """m^2 of floor one ``item`` takes (0 for things on walls, ceilings, surfaces or stacked, and flat rugs)."""
    category = CATEGORIES[item.category]
    relation = item.relations[0][0] if item.relations else None
    if category.mount != "floor" or relation in {"on", "above", "stacked"} or category.size[1] < 0.05:
        return 0.0
    w, _, d = category.size
    low, high = category.size_range
    scale = {"small": low, "large": high}.get(item.size or "", 1.0)
    return w * d * scale * scale * (high if item.size == "long" else 1.0)


def fill_count(holder: str, held: str) -> int:
    """How many things of kind ``held`` fill a holder of kind ``holder`` the prompt names no count for: as many as
    its boards or open top hold (tools/knowledge/holding.py), at least 1, at most FILL_MAX."""
    return max(1, min(FILL_MAX, capacity(holder, held)))


def add_sills(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> None:
    """A sill (a kind with the at_window trait) goes under a window; a small thing by the window stands on one
    ("a cactus by the window", "a vase on the windowsill"), which is added when the scene has none."""
    sills = [c for c in CATEGORIES.values() if c.has("at_window")]
    if not sills:
        return
    for index, (relation, stated) in enumerate(list(relations)):
        spec = next((s for s in specs if s.key == relation.subject), None)
        if relation.kind != "by_window" or spec is None or CATEGORIES[spec.category].mount != "surface" \
                or has_relation(relations, spec.key, {"on", "held_in"}):
            continue
        sill = next((s for s in specs if CATEGORIES[s.category].has("at_window")), None)
        if sill is None:
            sill = ObjectSpec(key=unique_key(Mention(sills[0].name, "", 1), specs), category=sills[0].name, count=1,
                              requested=False, noun=sills[0].name.replace("_", " "))
            specs.append(sill)
        relations[index] = (Relation(kind="on", subject=spec.key, target=sill.key), stated)
    for spec in specs:
        if CATEGORIES[spec.category].has("at_window") and not has_relation(relations, spec.key, {"by_window"}):
            add_relation(relations, Relation(kind="by_window", subject=spec.key), False)


def add_supports(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> None:
    """Things that stand on surfaces (a TV, a lamp) get something to stand on when the prompt gave none."""
    for spec in list(specs):
        if CATEGORIES[spec.category].mount != "surface" or has_relation(relations, spec.key, {"on", "held_in", "stacked", "above"}):
            continue
        kind = CATEGORIES[spec.category]
        preferred = _wall_supports(spec) if _put_on_a_wall(relations, spec.key) else ()
        preferred = preferred or kind.placed_on or DEFAULT_SUPPORTS
        support = next((s for c in preferred for s in specs if s.category == c), None)
        if support is None and not kind.has("support_optional"):
            support = ObjectSpec(key=unique_key(Mention(preferred[0], "", 1), specs),
                                 category=preferred[0], count=1, requested=False, noun=preferred[0].replace("_", " "))
            specs.append(support)
        if support is not None:
            add_relation(relations, Relation(kind="on", subject=spec.key, target=support.key), False)


def _put_on_a_wall(relations: list[tuple[Relation, bool]], key: str) -> bool:
    """Whether the prompt itself put the thing against a wall ("tongs hanging on the wall")."""
    return any(stated and r.kind == "against_wall" and r.subject == key for r, stated in relations)


def _wall_supports(spec: ObjectSpec) -> tuple[str, ...]:
    """The kinds fixed to a wall that the surface thing fits on: a small thing on a wall is on a shelf there, not
    on a table in the middle of the room."""
    w, _, d = target_size(spec, spec.variant)
    return tuple(k for k, c in CATEGORIES.items()
                 if c.has("wall_support") and max(w, d) <= c.size[0] and min(w, d) <= c.size[2])


def add_wall_sides(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> None:
    """Storage and appliances nobody placed go against a wall, as people put them."""
    for spec in specs:
        placed = has_relation(relations, spec.key, {str(kind) for kind in RELATION_WORDS} - {"stacked", "by_window"})
        if CATEGORIES[spec.category].stands_against_wall(spec.variant) and not placed:
            add_relation(relations, Relation(kind="against_wall", subject=spec.key), False)


def add_desk_chairs(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> None:
    """An office chair nobody placed goes at the desk."""
    desk = next((s for s in specs if s.category == "desk"), None)
    for spec in specs:
        if desk and spec.category == "office_chair" and not any(r.subject == spec.key for r, _ in relations):
            add_relation(relations, Relation(kind="in_front_of", subject=spec.key, target=desk.key), False)
