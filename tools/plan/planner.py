"""The grounded planner: a prompt becomes a typed ScenePlan without any model.

Text is cleaned and tokenised (tools.plan.text), read by a small phrase
grammar (tools.plan.phrases, tools.plan.parse), then completed here with
what people expect: the furniture a named room usually has, supports for
things that stand on surfaces, a room large enough for what it holds.
Deterministic in (prompt, seed).
"""

from __future__ import annotations

import dataclasses
import math
import random
import re

from tools.core.colors import tone_palette
from tools.core.errors import PromptError
from tools.core.schema import Environment, NounGrounding, ObjectSpec, Relation, Requirement, ScenePlan, free_key
from tools.knowledge.categories import CATEGORIES, DEFAULT_SUPPORTS, has_trait, variant_size
from tools.knowledge.extent import target_size
from tools.knowledge.holding import capacity
from tools.knowledge.places import (
    INDOOR_DEFAULT,
    INDOOR_FLOORS,
    OUTDOOR_DEFAULT,
    PLACES,
    SIZE_FACTORS,
    SPACE_PLACE,
    Expected,
    Place,
    in_surroundings,
)
from tools.knowledge.relation_words import RELATION_WORDS, describe_relation
from tools.plan.air import (
    SPACE_MIN_SIDE,
    airborne_headroom,
    desk_fans,
    drop_sky_bodies,
    place_for_sky,
    space_footprint,
    space_relations,
)
from tools.plan.dress import dress_room
from tools.plan.ground import is_set_kind, place_named
from tools.plan.look import light_holders
from tools.plan.parse import Mention, ParsedPrompt
from tools.plan.read import read_prompt
from tools.plan.spelling import respell
from tools.plan.text import StatedSize, check_size, clean_prompt, extract_size, plain_prompt, tokenize
from tools.plan.words import MAX_COUNT, VAGUE_RANGE

MAX_FLOOR_SHARE = 0.35  # floor-standing footprints may cover at most this share of the floor
MEASURE_AXES = {"tall": "height", "long": "length"}  # the size word beside a measure names its axis
MIN_ADDED_SHARE = 1 / 30  # outdoors, added things smaller than this share of the longer side are left out
AIR_FILL_SHARE = 0.45  # floating things' footprints may cover this share of the area (they seldom stack)
OUTDOOR_FILL_SHARE = 0.12  # outdoor ground is sized so objects cover about this share: open, not empty
MIN_OUTDOOR_SIDE = 10.0  # metres: the smallest outdoor area, so a lone bench still has a place around it
FEW_OBJECTS = 3  # outdoors, a named place with fewer requested kinds gets its usual things
ANCHOR_SHARE = 0.5  # a room's defining furnishing comes while its footprint is at most this share of the floor
FURNISH_SHARE = 0.30  # a room's usual furnishings are added while floor footprints cover at most this share
ONLY_WORDS = re.compile(r"\b(only|just|nothing but|nothing else)\b")  # "a room with only a bed": no more
# Indoors a thing stands under the ceiling: a named kind taller than this share of the room's height is scaled
# to it, and a stand-in (a house for a dollhouse, a tree for a fig) to the smaller share, as the thing it stands
# for is seldom that big.
INDOOR_HEIGHT_SHARE = 0.85
INDOOR_STAND_IN_HEIGHT_SHARE = 0.5
INDOOR_FOOTPRINT_SHARE = 0.8  # a named thing with no measure takes at most this share of the room's sides
TARGETED = {kind for kind, words in RELATION_WORDS.items() if words.takes == "target"}
FILL_MAX = 12  # at most this many things fill one holder the prompt names no count for ("shelves of jars")
FILL_TOTAL = 24  # and at most this many fill all the holders of one kind ("four shelves full of cans")


def plan_prompt(prompt: str, seed: int = 0) -> ScenePlan:
    """The ScenePlan for ``prompt``; raises PromptError for an empty prompt or an unusable size."""
    # Read as the judge reads it ("a tiolet": tools/plan/spelling.py); the plan keeps the words as written.
    readable = respell(plain_prompt(prompt))
    text = clean_prompt(readable)
    stated, text = extract_size(text)
    rng = random.Random(seed)
    parsed = read_prompt(text, rng, readable)
    _dwelling_as_room(parsed)
    place = _place(parsed)
    if stated:
        check_size(stated, outdoor=place.kind == "outdoor")
    _settle_counts(parsed, rng)
    specs = _specs(parsed)
    light_holders(tokenize(text), specs, place.kind == "indoor")  # "by candlelight": the candle whose light it is
    if place.kind == "indoor":
        _fit_under_ceiling(specs, stated.height if stated and stated.height else place.height)
    relations = _relations(parsed, specs)
    if place.name != SPACE_PLACE:
        specs, relations = drop_sky_bodies(specs, relations, place.name)
    desk_fans(specs, relations)
    stated_relations = [r for r, was_stated in relations if was_stated]
    # Space is furnished (a sun, planets, moons) only when the prompt names no body of its own:
    # "two moons orbit a ringed planet in space" is just those, "the solar system" the whole set.
    named_bodies = place.name == SPACE_PLACE and bool(specs)
    furnish = not parsed.empty and not named_bodies and not (place.kind == "indoor" and ONLY_WORDS.search(text))
    if furnish:
        area = _floor_area(place, parsed, stated, specs, relations)
        _add_expected(place, specs, relations, parsed, area)
    if place.kind == "indoor":
        _add_sills(specs, relations)
    _add_supports(specs, relations)
    _add_desk_chairs(specs, relations)
    if place.kind == "indoor":
        _add_wall_sides(specs, relations)
    if place.name == SPACE_PLACE:
        space_relations(specs, relations)
    environment = _environment(place, parsed, stated, specs, relations)
    if furnish:
        dress_room(place.name, environment, specs, relations, parsed.forbidden)
    if parsed.tone:
        apply_tone(specs, parsed.tone)
    if environment.kind == "indoor":
        _fit_in_room(specs, environment)
    if environment.kind == "outdoor":
        specs, relations = _drop_unseen_extras(specs, relations, environment)
    return ScenePlan(
        prompt=prompt,
        seed=seed,
        environment=environment,
        objects=specs,
        relations=[r for r, _ in relations],
        requirements=_requirements(specs, stated_relations),
        unknown_nouns=[m.unknown for m in parsed.mentions if m.unknown],
        planner="grounded",
    )


def _fit_under_ceiling(specs: list[ObjectSpec], room_height: float) -> None:
    """A named thing too tall for the room, with no measure of its own, is scaled to stand under its ceiling
    (an oak tree in a living room, a stand-in house for a dollhouse): a measure of its height the sizing reads."""
    for spec in specs:
        if spec.measure_m is not None:
            continue
        if CATEGORIES[spec.category].mount != "floor" or \
                target_size(spec, spec.variant)[1] <= room_height * INDOOR_HEIGHT_SHARE:
            continue
        stand_in = spec.grounding is not None and spec.grounding.fit == "stand-in"
        most = room_height * (INDOOR_STAND_IN_HEIGHT_SHARE if stand_in else INDOOR_HEIGHT_SHARE)
        spec.measure_m, spec.measure_axis, spec.size = round(most, 2), "height", None


def _fit_in_room(specs: list[ObjectSpec], env: Environment) -> None:
    """A floor thing longer than the room, with no measure of its own, is scaled to fit it (a path through a
    small living room, a boat in a boathouse): a measure of its longest side the sizing reads."""
    for spec in specs:
        kind = CATEGORIES[spec.category]
        if (spec.measure_m is not None and spec.measure_axis != "height") or kind.mount != "floor":
            continue
        x, height, z = variant_size(spec.category, spec.variant) if spec.variant is not None else kind.size
        now = spec.measure_m / height if spec.measure_m is not None else 1.0  # scaled under the ceiling already
        room = sorted((env.width * INDOOR_FOOTPRINT_SHARE, env.depth * INDOOR_FOOTPRINT_SHARE))
        long_side, short_side = max(x, z), min(x, z)
        ratio = min(now, room[1] / long_side, room[0] / short_side)
        if ratio < now:
            tall = height >= long_side
            spec.measure_m = round((height if tall else long_side) * ratio, 2)
            spec.measure_axis, spec.size = ("height" if tall else "length"), None


def _drop_unseen_extras(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]],
                        env: Environment) -> tuple[list[ObjectSpec], list[tuple[Relation, bool]]]:
    """Leave out what the planner would add that is too small to see at the area's scale (grass tufts on a
    meadow sized for three hot-air balloons): it would not show in the overall views, only cost close-ups."""
    smallest = max(env.width, env.depth) * MIN_ADDED_SHARE
    dropped = {s.key for s in specs if not s.requested and max(CATEGORIES[s.category].size) < smallest}
    return ([s for s in specs if s.key not in dropped],
            [(r, stated) for r, stated in relations if r.subject not in dropped and r.target not in dropped])


def _dwelling_as_room(parsed: ParsedPrompt) -> None:
    """"A cabin with a fireplace and a rug", "a dog by the fire in a cabin": a dwelling named first, or with no
    relation to the rest, among only indoor things means the room inside it, so the dwelling becomes the room
    instead of a building outdoors: the place whose names give its interior ("ski lodge interior"), else a plain
    room. "A dog next to a cabin" stays outdoors."""
    dwellings = [i for i, m in enumerate(parsed.mentions) if has_trait(m.category, "dwelling")]
    if parsed.place is not None or len(dwellings) != 1 or len(parsed.mentions) < 2:
        return
    at = dwellings[0]
    inside = place_named(f"{parsed.mentions[at].noun} interior")
    related = any(at in (link.subject, link.target) for link in parsed.links)
    if (at > 0 and related) or any(not CATEGORIES[m.category].indoor for i, m in enumerate(parsed.mentions) if i != at):
        return
    parsed.mentions = parsed.mentions[:at] + parsed.mentions[at + 1:]
    parsed.links = [dataclasses.replace(link, subject=link.subject - (link.subject > at),
                                        target=None if link.target is None else link.target - (link.target > at))
                    for link in parsed.links if at not in (link.subject, link.target)]
    parsed.place = inside or INDOOR_DEFAULT.name


def _place(parsed: ParsedPrompt) -> Place:
    sky = place_for_sky(parsed.place, [m.category for m in parsed.mentions])
    if sky:
        return PLACES[sky]
    if parsed.place:
        return in_surroundings(PLACES[parsed.place], PLACES.get(parsed.surroundings or ""))
    if any(not CATEGORIES[m.category].indoor for m in parsed.mentions):
        return OUTDOOR_DEFAULT
    return INDOOR_DEFAULT


def _settle_counts(parsed: ParsedPrompt, rng: random.Random) -> None:
    """Bare plurals get a count: one per support ('lamps on them'), seats per table, else a few."""
    for index, mention in enumerate(parsed.mentions):
        if mention.count is None:
            mention.count = _implied_count(parsed, index, rng)
        if mention.count > MAX_COUNT:
            raise PromptError(f"the prompt asks for {mention.count} {mention.noun}s; at most {MAX_COUNT} of one kind fit a scene")


def _implied_count(parsed: ParsedPrompt, index: int, rng: random.Random) -> int:
    mention = parsed.mentions[index]
    kind = CATEGORIES.get(mention.category)
    holder = next((parsed.mentions[link.target] for link in parsed.links
                   if link.kind == "held_in" and link.subject == index and link.target is not None), None)
    if kind is not None and holder is not None and CATEGORIES[holder.category].holds:  # "shelves of jars": full
        return min(fill_count(holder.category, kind.name) * (holder.count or 1), FILL_TOTAL, MAX_COUNT)
    if kind is not None and is_set_kind(kind):
        return 1  # one of the kind is a set: "the curtains" (a pair), "gears"
    for link in parsed.links:
        if link.subject != index or link.target is None:
            continue
        target = parsed.mentions[link.target]
        if link.kind == "on" and (target.count or 1) > 1:
            return target.count or 1
        if link.kind in {"with", "around"} and _seat_at(mention.category, target.category, "table"):
            return _seats(target) * (target.count or 1)
    return rng.randint(*VAGUE_RANGE)


def fill_count(holder: str, held: str) -> int:
    """How many things of kind ``held`` fill a holder of kind ``holder`` the prompt names no count for: as many as
    its boards or open top hold (tools/knowledge/holding.py), at least 1, at most FILL_MAX."""
    return max(1, min(FILL_MAX, capacity(holder, held)))


def _seats(table: Mention) -> int:
    if "seats" in table.attrs:
        return int(table.attrs["seats"])  # "a table for eight"
    size = table.attrs.get("size")
    return 6 if size in {"long", "large"} else 2 if size == "small" else 4


def _specs(parsed: ParsedPrompt) -> list[ObjectSpec]:
    specs: list[ObjectSpec] = []
    for mention in parsed.mentions:
        attrs = mention.attrs
        specs.append(ObjectSpec(
            key=_unique_key(mention, specs),
            category=mention.category,
            count=mention.count,
            color=attrs.get("color"),
            color_name=attrs.get("color_name"),
            material=attrs.get("material"),
            size=None if "measure_m" in attrs else attrs.get("size"),  # '2 m tall': the measure says how tall
            shape=attrs.get("shape"),
            measure_m=float(attrs["measure_m"]) if "measure_m" in attrs else None,
            measure_axis=MEASURE_AXES.get(attrs.get("size", "")) if "measure_m" in attrs else None,
            requested=True,
            noun=mention.noun,
            placeholder=mention.category == "placeholder",
            variant=mention.variant,
            grounding=NounGrounding(**dataclasses.asdict(mention.grounding)) if mention.grounding else None,
        ))
    return specs


def _unique_key(mention: Mention, specs: list[ObjectSpec]) -> str:
    """The category name, or category_<colour / modifier / size / shape / material / number> when taken: never
    a key that is, or whose instances would be, another spec's instance id ('chair_2' of four chairs)."""
    base = mention.category
    count = mention.count or 1
    taken = {s.key for s in specs}
    if base not in taken:
        return free_key(specs, base, count)
    attrs = mention.attrs
    words = [attrs.get("color_name"), mention.modifier, attrs.get("size"), attrs.get("shape"), attrs.get("material")]
    for word in words:
        if word:
            key = f"{base}_{re.sub(r'[^a-z0-9]+', '_', word).strip('_')}"
            if key not in taken and free_key(specs, key, count) == key:
                return key
    for number in range(2, 100):
        if free_key(specs, f"{base}_{number}", count) == f"{base}_{number}":
            return f"{base}_{number}"
    return free_key(specs, base, count)


def _relations(parsed: ParsedPrompt, specs: list[ObjectSpec]) -> list[tuple[Relation, bool]]:
    """Parsed links as Relations with whether the prompt stated them; 'with' links become what they imply."""
    placed = {link.subject for link in parsed.links if link.stated and link.kind in TARGETED}
    relations: list[tuple[Relation, bool]] = []
    for link in parsed.links:
        kind = link.kind if link.kind != "with" else _with_kind(specs[link.subject], specs[link.target])  # type: ignore[index]  # a "with" link always has a target
        if kind == "held_in":
            kind = _in_kind(specs[link.target])  # type: ignore[index]  # an "in" link always has a target
        if kind is None or (link.kind == "with" and link.subject in placed):
            continue
        if kind == "on" and link.target is not None and not _fits_on(specs[link.subject], specs[link.target]):
            kind = "next_to"  # 'brownstones on a street', 'a hut on a path': they front it, wider than its top
        target = specs[link.target].key if link.target is not None else None
        _add(relations, Relation(kind=kind, subject=specs[link.subject].key, target=target, param=link.param),
             link.stated)
    return relations


def _fits_on(subject: ObjectSpec, target: ObjectSpec) -> bool:
    """Whether ``subject`` can stand on ``target``'s top: its narrower side no wider than the target's narrower one."""
    (sw, _, sd), (tw, _, td) = target_size(subject, subject.variant), target_size(target, target.variant)
    return min(sw, sd) <= min(tw, td)


def _in_kind(holder: ObjectSpec) -> str | None:
    """What "a thing in ``holder``" becomes: 'held_in' where the holder's kind holds things (kinds.toml), else 'on' its
    top where things may stand there (a closed cabinet "containing beakers"), else nothing."""
    kind = CATEGORIES[holder.category]
    return "held_in" if kind.holds else "on" if kind.supports else None


def _with_kind(subject: ObjectSpec, owner: ObjectSpec) -> str | None:
    """What 'an owner with subjects' implies: chairs around a table, a chair at a desk, a lamp on it."""
    if _seat_at(subject.category, owner.category, "table"):
        return "around"
    if _seat_at(subject.category, owner.category, "work_surface"):
        return "in_front_of"
    if CATEGORIES[subject.category].mount == "surface" and CATEGORIES[owner.category].supports:
        return "on"
    return None


def _seat_at(seat: str, owner: str, owner_trait: str) -> bool:
    """Whether one pulls a ``seat`` up to ``owner``, a kind with ``owner_trait`` (a table, a work surface)."""
    return has_trait(seat, "table_seat") and has_trait(owner, owner_trait)


def _add(relations: list[tuple[Relation, bool]], relation: Relation, stated: bool) -> None:
    if all(existing != relation for existing, _ in relations):
        relations.append((relation, stated))


def _floor_area(place: Place, parsed: ParsedPrompt, stated: StatedSize | None, specs: list[ObjectSpec],
                relations: list[tuple[Relation, bool]]) -> float:
    """m^2 of floor the place has for what the prompt named: its size, grown for the named things (indoors)."""
    if place.kind == "outdoor":
        factor = SIZE_FACTORS.get(parsed.place_size or "", 1.0)
        return place.size[0] * place.size[1] * factor * factor
    env = _environment(place, parsed, stated, specs, relations)
    return env.width * env.depth


def _add_expected(place: Place, specs: list[ObjectSpec], relations: list[tuple[Relation, bool]],
                  parsed: ParsedPrompt, area: float) -> None:
    """A room gets its usual furnishings, scaled to its floor, after what the prompt named: a kind the prompt names
    keeps the prompt's count, one it rules out stays out, and what would crowd the floor beyond FURNISH_SHARE
    is left out, the least usual first. Outdoors, few named kinds bring the usual things; natural extras always."""
    requested = {s.category for s in specs if s.requested}
    items = list(place.extras)
    if place.kind == "indoor" or len(requested) < FEW_OBJECTS:
        items = [*place.expected, *items]
    budget = FURNISH_SHARE * area - _footprint(specs, relations)[0]  # indoors only: outdoors sizes to its content
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
        key = _unique_key(Mention(item.category, item.category, count), specs)
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
            _add(relations, relation, False)


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


def _add_sills(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> None:
    """A sill (a kind with the at_window trait) goes under a window; a small thing by the window stands on one
    ("a cactus by the window", "a vase on the windowsill"), which is added when the scene has none."""
    sills = [c for c in CATEGORIES.values() if c.has("at_window")]
    if not sills:
        return
    for index, (relation, stated) in enumerate(list(relations)):
        spec = next((s for s in specs if s.key == relation.subject), None)
        if relation.kind != "by_window" or spec is None or CATEGORIES[spec.category].mount != "surface" \
                or _has(relations, spec.key, {"on", "held_in"}):
            continue
        sill = next((s for s in specs if CATEGORIES[s.category].has("at_window")), None)
        if sill is None:
            sill = ObjectSpec(key=_unique_key(Mention(sills[0].name, "", 1), specs), category=sills[0].name, count=1,
                              requested=False, noun=sills[0].name.replace("_", " "))
            specs.append(sill)
        relations[index] = (Relation(kind="on", subject=spec.key, target=sill.key), stated)
    for spec in specs:
        if CATEGORIES[spec.category].has("at_window") and not _has(relations, spec.key, {"by_window"}):
            _add(relations, Relation(kind="by_window", subject=spec.key), False)


def _add_supports(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> None:
    """Things that stand on surfaces (a TV, a lamp) get something to stand on when the prompt gave none."""
    for spec in list(specs):
        if CATEGORIES[spec.category].mount != "surface" or _has(relations, spec.key, {"on", "held_in", "stacked", "above"}):
            continue
        kind = CATEGORIES[spec.category]
        preferred = _wall_supports(spec) if _put_on_a_wall(relations, spec.key) else ()
        preferred = preferred or kind.placed_on or DEFAULT_SUPPORTS
        support = next((s for c in preferred for s in specs if s.category == c), None)
        if support is None and not kind.has("support_optional"):
            support = ObjectSpec(key=_unique_key(Mention(preferred[0], "", 1), specs),
                                 category=preferred[0], count=1, requested=False, noun=preferred[0].replace("_", " "))
            specs.append(support)
        if support is not None:
            _add(relations, Relation(kind="on", subject=spec.key, target=support.key), False)


def _put_on_a_wall(relations: list[tuple[Relation, bool]], key: str) -> bool:
    """Whether the prompt itself put the thing against a wall ("tongs hanging on the wall")."""
    return any(stated and r.kind == "against_wall" and r.subject == key for r, stated in relations)


def _wall_supports(spec: ObjectSpec) -> tuple[str, ...]:
    """The kinds fixed to a wall that the surface thing fits on: a small thing on a wall is on a shelf there, not
    on a table in the middle of the room."""
    w, _, d = target_size(spec, spec.variant)
    return tuple(k for k, c in CATEGORIES.items()
                 if c.has("wall_support") and max(w, d) <= c.size[0] and min(w, d) <= c.size[2])


def _add_wall_sides(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> None:
    """Storage and appliances nobody placed go against a wall, as people put them."""
    for spec in specs:
        placed = _has(relations, spec.key, {str(kind) for kind in RELATION_WORDS} - {"stacked", "by_window"})
        if CATEGORIES[spec.category].stands_against_wall(spec.variant) and not placed:
            _add(relations, Relation(kind="against_wall", subject=spec.key), False)


def _add_desk_chairs(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> None:
    """An office chair nobody placed goes at the desk."""
    desk = next((s for s in specs if s.category == "desk"), None)
    for spec in specs:
        if desk and spec.category == "office_chair" and not any(r.subject == spec.key for r, _ in relations):
            _add(relations, Relation(kind="in_front_of", subject=spec.key, target=desk.key), False)


def _has(relations: list[tuple[Relation, bool]], key: str, kinds: set[str]) -> bool:
    return any(r.subject == key and r.kind in kinds for r, _ in relations)


def apply_tone(specs: list[ObjectSpec], tone: tuple[str, str]) -> None:
    """'in blue tones': every object without its own colour gets a shade of blue (nature keeps its own)."""
    plain = [s for s in specs if s.color is None and CATEGORIES[s.category].family != "nature"]
    for spec, (hex_color, name) in zip(plain, tone_palette(tone[0], tone[1], len(plain))):
        spec.color, spec.color_name = hex_color, name


def _environment(place: Place, parsed: ParsedPrompt, stated: StatedSize | None, specs: list[ObjectSpec],
                 relations: list[tuple[Relation, bool]]) -> Environment:
    outdoor = place.kind == "outdoor"
    if stated:
        width, depth = stated.width, stated.depth
    else:
        factor = SIZE_FACTORS.get(parsed.place_size or "", 1.0)
        width, depth = place.size[0] * factor, place.size[1] * factor
        if outdoor:  # open ground has no walls to size it: fit the content, so a beach is not mostly empty sand
            longest_side = max((max(CATEGORIES[s.category].size[0], CATEGORIES[s.category].size[2]) for s in specs),
                               default=0.0)
            footprint = _footprint(specs, relations)[0] + (space_footprint(specs) if place.name == SPACE_PLACE else 0.0)
            smallest = SPACE_MIN_SIDE if place.name == SPACE_PLACE else MIN_OUTDOOR_SIDE
            air = 0.0 if place.name == SPACE_PLACE else _air_footprint(specs)
            width, depth = _fit_outdoor(width, depth, footprint, longest_side, smallest, air)
        width, depth = _grow(_half(width), _half(depth), specs, relations)
    tallest = max((target_size(s, s.variant)[1] for s in specs), default=0.0)
    if outdoor:
        floor = parsed.ground or place.floor
        height = max(place.height, _half(tallest * 1.5), _half(airborne_headroom(specs)))
    else:
        floor = parsed.floor if parsed.floor in INDOOR_FLOORS else place.floor
        height = stated.height if stated and stated.height else place.height
    around = _styled_by(place, parsed.surroundings)
    usual_windows = 0 if around.underground else 1 if width * depth <= 16 else 2
    windows = 0 if outdoor else parsed.windows if parsed.windows is not None else usual_windows
    return Environment(kind=place.kind, room_type=None if place.name in {"room", "outdoors"} else place.name,
                       width=width, depth=depth, height=height, size_from_prompt=stated is not None,
                       floor=floor, walls=parsed.walls or around.walls, wall_color=parsed.wall_color, windows=windows,
                       natural=place.natural, surroundings=parsed.surroundings if outdoor else None)


def _styled_by(place: Place, surroundings: str | None) -> Place:
    """The room as the larger setting it is in styles it: "the kitchen of a castle" has the castle's stone walls, a
    room of a mine or a bunker no windows; a room with walls of its own kind (a tiled bathroom) keeps them."""
    around = PLACES.get(surroundings or "")
    if around is None or around.kind != "indoor" or place.kind != "indoor":
        return place
    walls = around.walls if place.walls == INDOOR_DEFAULT.walls else place.walls
    return dataclasses.replace(place, walls=walls, underground=place.underground or around.underground)


def _fit_outdoor(width: float, depth: float, footprint: float, longest_side: float,
                 smallest: float = MIN_OUTDOOR_SIDE, air_footprint: float = 0.0) -> tuple[float, float]:
    """Size an outdoor place (keeping the aspect) so its objects cover OUTDOOR_FILL_SHARE of the ground,
    floating things (three hot-air balloons) have room side by side, and the longest object (a 20 m road)
    leaves the solver room to move it."""
    wanted = max(math.sqrt(max(footprint, 1e-9) / OUTDOOR_FILL_SHARE), math.sqrt(air_footprint / AIR_FILL_SHARE),
                 1.25 * longest_side + 1.0)
    scale = max(smallest, wanted) / max(width, depth)
    return width * scale, depth * scale


def _grow(width: float, depth: float, specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> tuple[float, float]:
    """Grow (keeping the aspect) until floor-standing footprints cover at most MAX_FLOOR_SHARE of the floor."""
    footprint, longest = _footprint(specs, relations)
    while footprint > MAX_FLOOR_SHARE * width * depth:
        factor = math.sqrt(footprint / (MAX_FLOOR_SHARE * width * depth))
        width, depth = _half_up(width * factor), _half_up(depth * factor)
    return max(width, _half_up(longest + 1.0)), max(depth, _half_up(longest + 1.0))


def _footprint(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> tuple[float, float]:
    """(sum of w*d over floor-standing instances in m^2, longest floor object side in m)."""
    total, longest = 0.0, 0.0
    for spec in specs:
        category = CATEGORIES[spec.category]
        if category.mount != "floor" or _has(relations, spec.key, {"on", "above"}):
            continue
        w, h, d = target_size(spec, spec.variant)
        longest = max(longest, min(w, d))
        if h < 0.05:
            continue
        instances = 1 if _has(relations, spec.key, {"stacked"}) else spec.count
        total += w * d * instances
    return total, longest


def _air_footprint(specs: list[ObjectSpec]) -> float:
    """Sum of w*d over floating instances in m^2 (their heights overlap too much to count on stacking)."""
    return sum(CATEGORIES[s.category].size[0] * CATEGORIES[s.category].size[2] * s.count
               for s in specs if CATEGORIES[s.category].mount == "air")


def _half(value: float) -> float:
    return max(0.5, round(value * 2) / 2)


def _half_up(value: float) -> float:
    return math.ceil(value * 2 - 1e-9) / 2


def _requirements(specs: list[ObjectSpec], stated: list[Relation]) -> list[Requirement]:
    requirements = [
        Requirement(id=f"count:{s.key}", kind="count", description=f"{s.count} {_plural(s.noun, s.count)}",
                    subject=s.key, expected=s.count)
        for s in specs if s.requested
    ]
    requirements += [
        Requirement(id=f"kind:{s.key}", kind="kind", description=f"a {s.grounding.noun}", subject=s.key,
                    expected=s.grounding.noun)
        for s in specs if s.requested and s.grounding is not None and s.grounding.fit == "stand-in"
    ]
    requirements += [
        Requirement(id=f"color:{s.key}", kind="color", description=f"{s.noun or s.category} is {s.color_name}",
                    subject=s.key, expected=s.color)
        for s in specs if s.color
    ]
    requirements += [
        Requirement(id=f"relation:{r.kind}:{r.subject}:{r.target}", kind="relation", description=describe_relation(r),
                    subject=r.subject, target=r.target, expected=r.param)
        for r in stated
    ]
    return requirements


def _plural(noun: str, count: int) -> str:
    if count == 1 or not noun:
        return noun
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in set("aeiou"):
        return noun[:-1] + "ies"
    return noun + "s"
