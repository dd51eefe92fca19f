"""How large a place is for what it holds: a room grown until its floor is not crowded, open ground sized to its
content, and the place's floor, walls, height and windows (the plan's Environment)."""

from __future__ import annotations

import dataclasses
import math

from tools.core.schema import Environment, ObjectSpec, Relation
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.extent import target_size
from tools.knowledge.places import INDOOR_DEFAULT, INDOOR_FLOORS, PLACES, SIZE_FACTORS, SPACE_PLACE, Place
from tools.plan.air import SPACE_MIN_SIDE, airborne_headroom, space_footprint
from tools.plan.parse import ParsedPrompt
from tools.plan.specs import has_relation
from tools.plan.text import StatedSize

MAX_FLOOR_SHARE = 0.35  # floor-standing footprints may cover at most this share of the floor
AIR_FILL_SHARE = 0.45  # floating things' footprints may cover this share of the area (they seldom stack)
OUTDOOR_FILL_SHARE = 0.12  # outdoor ground is sized so objects cover about this share: open, not empty
MIN_OUTDOOR_SIDE = 10.0  # metres: the smallest outdoor area, so a lone bench still has a place around it


def floor_area(place: Place, parsed: ParsedPrompt, stated: StatedSize | None, specs: list[ObjectSpec],
               relations: list[tuple[Relation, bool]]) -> float:
    """m^2 of floor the place has for what the prompt named: its size, grown for the named things (indoors)."""
    if place.kind == "outdoor":
        factor = SIZE_FACTORS.get(parsed.place_size or "", 1.0)
        return place.size[0] * place.size[1] * factor * factor
    env = place_environment(place, parsed, stated, specs, relations)
    return env.width * env.depth


def place_environment(place: Place, parsed: ParsedPrompt, stated: StatedSize | None, specs: list[ObjectSpec],
                      relations: list[tuple[Relation, bool]]) -> Environment:
    """The place's size (stated, or its usual size grown for what it holds), floor, walls, height and windows."""
    outdoor = place.kind == "outdoor"
    if stated:
        width, depth = stated.width, stated.depth
    else:
        factor = SIZE_FACTORS.get(parsed.place_size or "", 1.0)
        width, depth = place.size[0] * factor, place.size[1] * factor
        if outdoor:  # open ground has no walls to size it: fit the content, so a beach is not mostly empty sand
            longest_side = max((max(CATEGORIES[s.category].size[0], CATEGORIES[s.category].size[2]) for s in specs),
                               default=0.0)
            footprint = floor_footprint(specs, relations)[0] + (space_footprint(specs) if place.name == SPACE_PLACE else 0.0)
            smallest = SPACE_MIN_SIDE if place.name == SPACE_PLACE else MIN_OUTDOOR_SIDE
            air = 0.0 if place.name == SPACE_PLACE else _air_footprint(specs)
            width, depth = fit_outdoor(width, depth, footprint, longest_side, smallest, air)
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


def fit_outdoor(width: float, depth: float, footprint: float, longest_side: float,
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
    footprint, longest = floor_footprint(specs, relations)
    while footprint > MAX_FLOOR_SHARE * width * depth:
        factor = math.sqrt(footprint / (MAX_FLOOR_SHARE * width * depth))
        width, depth = _half_up(width * factor), _half_up(depth * factor)
    return max(width, _half_up(longest + 1.0)), max(depth, _half_up(longest + 1.0))


def floor_footprint(specs: list[ObjectSpec], relations: list[tuple[Relation, bool]]) -> tuple[float, float]:
    """(sum of w*d over floor-standing instances in m^2, longest floor object side in m)."""
    total, longest = 0.0, 0.0
    for spec in specs:
        category = CATEGORIES[spec.category]
        if category.mount != "floor" or has_relation(relations, spec.key, {"on", "above"}):
            continue
        w, h, d = target_size(spec, spec.variant)
        longest = max(longest, min(w, d))
        if h < 0.05:
            continue
        instances = 1 if has_relation(relations, spec.key, {"stacked"}) else spec.count
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
