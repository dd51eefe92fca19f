"""What the grounded planner knows about the sky and things that float: space scenes, sky bodies, headroom.

- A prompt that names a planet, moon or sun and no place (or only "space",
  which otherwise reads as a room) happens in space; in space the biggest body
  (the sun if there is one) takes the centre and the rest circle it, moons
  their planet.
- Anywhere else "the moon" and "the sun" are the sky, which the look draws,
  not objects on the ground.
- A body things stand on ("on the moon", "on the surface of mars", "on an
  alien planet") is the setting: the place whose surface it is (places.toml
  body), where every body of the sky is the ground or the sky, no object.
- Floating things need headroom: an outdoor scene is as tall as its highest
  floating thing flies (a hot-air balloon at tens of metres), and space is as
  wide as its bodies need.
- A fan put on a surface is a desk fan.
"""

from __future__ import annotations

import re

from tools.core.schema import ObjectSpec, Relation
from tools.knowledge.categories import CATEGORIES, has_trait
from tools.knowledge.places import OUTDOOR_DEFAULT, PLACES, SPACE_PLACE
from tools.knowledge.relation_words import RELATION_WORDS

Stated = list[tuple[Relation, bool]]  # relations with whether the prompt stated them
PLACING = set(RELATION_WORDS) - {"facing", "by_window"}  # relations that say where a body goes
# Space is sized like open ground (tools.plan.planner: objects cover OUTDOOR_FILL_SHARE of it) but its bodies
# may crowd closer, about 20% of the square seen from above: their footprint counts this much.
SPACE_CROWDING = 0.6
# Metres: the smallest space scene. Nothing stands on a ground that must look open, so a planet and its
# moons get a tight frame rather than open ground's 10 m.
SPACE_MIN_SIDE = 6.0

# "on the moon", "upon a strange alien world", "on the surface of mars": a body after a word of standing on, with an
# article and up to two describing words between; not a body's name inside a longer word ("a moon-shaped lamp").
STANDING_ON = r"\b(?:on|onto|upon|across|surface of)\s+(?:(?:the|a|an)\s+)?(?:[a-z]+\s+){0,2}?"
BODIES = {name: place.name for place in PLACES.values() for name in place.body}
UNDERFOOT = re.compile(STANDING_ON + "(" + "|".join(sorted(map(re.escape, BODIES), key=len, reverse=True))
                       + r")\b(?![-'])", re.IGNORECASE)


def body_underfoot(text: str) -> tuple[str, tuple[int, int]] | None:
    """(the place whose surface it is, the body's span in ``text``) of the first body of the sky ``text`` puts
    things on ("a rover on mars": mars_surface), or None."""
    found = UNDERFOOT.search(text)
    return (BODIES[found.group(1).lower()], found.span(1)) if found else None


def place_for_sky(place: str | None, categories: list[str]) -> str | None:
    """SPACE_PLACE when the prompt names a celestial body and no place but (at most) "space"; open ground when it
    names no place at all, only bodies of the sky and things on the ground ("a full moon over a lake": the sky's
    moon, which only an open sky shows); else None."""
    bodies = [c for c in categories if has_trait(c, "celestial")]
    if place not in (None, "room") or not bodies:
        return None
    grounded = any(CATEGORIES[c].mount != "air" for c in categories)
    if place is None and grounded and all(has_trait(c, "sky_body") for c in bodies):
        return OUTDOOR_DEFAULT.name
    return SPACE_PLACE


def drop_sky_bodies(specs: list[ObjectSpec], relations: Stated, place: str) -> tuple[list[ObjectSpec], Stated]:
    """``specs`` and ``relations`` without the sun and moon (outside space they are the sky, not objects), and on
    a body's surface without any body of the sky (each is the ground underfoot or the sky)."""
    trait = "celestial" if PLACES[place].body else "sky_body"
    dropped = {s.key for s in specs if has_trait(s.category, trait)}
    kept = [s for s in specs if s.key not in dropped]
    return kept, [(r, stated) for r, stated in relations if r.subject not in dropped and r.target not in dropped]


def desk_fans(specs: list[ObjectSpec], relations: Stated) -> None:
    """A thing the prompt puts on something becomes its kind's surface_kind ("a fan on the desk"), key and all."""
    taken = {s.key for s in specs}
    for spec in specs:
        on_surface = any(r.subject == spec.key and r.kind == "on" for r, _ in relations)
        surface_kind = CATEGORIES[spec.category].surface_kind if spec.category in CATEGORIES else None
        if surface_kind is None or not on_surface:
            continue
        old, old_category, spec.category = spec.key, spec.category, surface_kind
        if old == old_category and surface_kind not in taken:
            spec.key = surface_kind
            for r, _ in relations:
                r.subject = spec.key if r.subject == old else r.subject
                r.target = spec.key if r.target == old else r.target


def space_relations(specs: list[ObjectSpec], relations: Stated) -> None:
    """Bodies nobody placed: the one whose kind ranks first as orbit_centre (the sun, else the biggest planet)
    at the centre, a body that orbits a kind (moons their planet) around the first of that kind, the rest
    around the centre."""
    bodies = [s for s in specs if has_trait(s.category, "celestial")]
    centres = [s for s in bodies if CATEGORIES[s.category].orbit_centre is not None]
    centre = min(centres, key=lambda s: CATEGORIES[s.category].orbit_centre or 0, default=None)
    if centre is None:
        return
    for spec in bodies:
        if any(r.subject == spec.key and r.kind in PLACING for r, _ in relations):
            continue
        motion = CATEGORIES[spec.category].motion
        host = next((s for s in bodies if motion and s.category in motion.around), None)
        if spec is centre:
            relation = Relation(kind="center", subject=spec.key)
        elif host is not None:
            relation = Relation(kind="around", subject=spec.key, target=host.key)
        else:
            relation = Relation(kind="around", subject=spec.key, target=centre.key)
        relations.append((relation, False))


def space_footprint(specs: list[ObjectSpec]) -> float:
    """m^2 of open-ground footprint the floating bodies of a space scene stand for (space sizes itself on them)."""
    total = 0.0
    for spec in specs:
        category = CATEGORIES[spec.category]
        if category.mount == "air":
            total += category.size[0] * category.size[2] * spec.count
    return total * SPACE_CROWDING


def airborne_headroom(specs: list[ObjectSpec]) -> float:
    """Metres of height the floating things need: the top of each at the middle of its flying range."""
    tops = [(sum(c.air_height) / 2 + c.size[1]) for c in (CATEGORIES[s.category] for s in specs)
            if c.mount == "air" and c.air_height]
    return max(tops, default=0.0)
