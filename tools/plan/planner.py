"""The grounded planner: a prompt becomes a typed ScenePlan without any model.

Text is cleaned and tokenised (tools.plan.text), read by the phrase grammar and
the sentence parser with grounding (tools.plan.read), then completed with what
people expect (tools.plan.furnish: the furniture a named room usually has,
supports for things that stand on surfaces) in a place large enough for what
it holds (tools.plan.area). Deterministic in (prompt, seed).
"""

from __future__ import annotations

import dataclasses
import random
import re

from tools.core.colors import tone_palette
from tools.core.errors import PromptError
from tools.core.schema import Environment, NounGrounding, ObjectSpec, Relation, Requirement, ScenePlan
from tools.knowledge.categories import CATEGORIES, has_trait, variant_size
from tools.knowledge.extent import target_size
from tools.knowledge.places import (
    INDOOR_DEFAULT,
    OUTDOOR_DEFAULT,
    PLACES,
    SPACE_PLACE,
    Place,
    in_surroundings,
)
from tools.knowledge.plurals import plural
from tools.knowledge.relation_words import RELATION_WORDS, describe_relation
from tools.plan.air import (
    desk_fans,
    drop_sky_bodies,
    place_for_sky,
    space_relations,
)
from tools.plan.area import floor_area, place_environment
from tools.plan.dress import dress_room
from tools.plan.furnish import (
    FILL_TOTAL,
    add_desk_chairs,
    add_expected,
    add_sills,
    add_supports,
    add_wall_sides,
    fill_count,
)
from tools.plan.ground import is_set_kind, place_named
from tools.plan.look import light_holders
from tools.plan.parse import Mention, ParsedPrompt
from tools.plan.read import read_prompt
from tools.plan.specs import add_relation, unique_key
from tools.plan.spelling import respell
from tools.plan.text import check_size, clean_prompt, extract_size, plain_prompt, tokenize
from tools.plan.words import MAX_COUNT, VAGUE_RANGE

MEASURE_AXES = {"tall": "height", "long": "length"}  # the size word beside a measure names its axis
MIN_ADDED_SHARE = 1 / 30  # outdoors, added things smaller than this share of the longer side are left out
ONLY_WORDS = re.compile(r"\b(only|just|nothing but|nothing else)\b")  # "a room with only a bed": no more
# Indoors a thing stands under the ceiling: a named kind taller than this share of the room's height is scaled
# to it, and a stand-in (a house for a dollhouse, a tree for a fig) to the smaller share, as the thing it stands
# for is seldom that big.
INDOOR_HEIGHT_SHARE = 0.85
INDOOR_STAND_IN_HEIGHT_SHARE = 0.5
INDOOR_FOOTPRINT_SHARE = 0.8  # a named thing with no measure takes at most this share of the room's sides
TARGETED = {kind for kind, words in RELATION_WORDS.items() if words.takes == "target"}


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
        area = floor_area(place, parsed, stated, specs, relations)
        add_expected(place, specs, relations, parsed, area)
    if place.kind == "indoor":
        add_sills(specs, relations)
    add_supports(specs, relations)
    add_desk_chairs(specs, relations)
    if place.kind == "indoor":
        add_wall_sides(specs, relations)
    if place.name == SPACE_PLACE:
        space_relations(specs, relations)
    environment = place_environment(place, parsed, stated, specs, relations)
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
            key=unique_key(mention, specs),
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
        add_relation(relations, Relation(kind=kind, subject=specs[link.subject].key, target=target, param=link.param),
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


def apply_tone(specs: list[ObjectSpec], tone: tuple[str, str]) -> None:
    """'in blue tones': every object without its own colour gets a shade of blue (nature keeps its own)."""
    plain = [s for s in specs if s.color is None and CATEGORIES[s.category].family != "nature"]
    for spec, (hex_color, name) in zip(plain, tone_palette(tone[0], tone[1], len(plain))):
        spec.color, spec.color_name = hex_color, name


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
    return noun if count == 1 or not noun else plural(noun)
