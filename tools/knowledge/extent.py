"""The extent a spec is made at, in metres: the kind's reference size for the prompt's size word or stated measure,
in the proportions of its style variant (a sailing boat is taller than a rowing boat), shaped by its shape word.

Knowledge, not generation: the planner sizes an open place by it before any asset exists (a control tower's 30 m
needs sky above it), and the generators make exactly this extent (tools/supply/make.py).
"""

from __future__ import annotations

import math

from tools.core.schema import ObjectSpec
from tools.knowledge.categories import CATEGORIES, variant_size
from tools.knowledge.reference import size_for


def target_size(spec: ObjectSpec, variant: int | None = None) -> tuple[float, float, float]:
    """The (x, y, z) extent to generate: the reference size for the prompt's size word or stated measure,
    in the proportions of the style ``variant`` (a sailing boat is taller than a rowing boat), shaped by
    its shape word."""
    w, h, d = _in_variant_proportions(spec, size_for(spec.category, spec.size, _typical_measure(spec, variant),
                                                     spec.measure_axis), variant)
    if spec.shape in ("round", "square"):
        w = d = math.sqrt(w * d)
    elif spec.shape == "oval":
        w, d = max(w, d), min(w, d)
    return round(w, 3), round(h, 3), round(d, 3)


def _measured_axis(spec: ObjectSpec) -> int:
    """The axis (0, 1, 2) the spec's measure is on: 'length' or unsaid, the side size_for measures on the kind."""
    axis = {"width": 0, "height": 1, "depth": 2}.get(spec.measure_axis or "")
    if axis is None:
        typical = CATEGORIES[spec.category].size
        sides = (0, 2) if spec.measure_axis == "length" else (0, 1, 2)
        axis = max(sides, key=lambda i: typical[i])
    return axis


def _typical_measure(spec: ObjectSpec, variant: int | None) -> float | None:
    """The spec's measure carried onto the kind's typical proportions, so the variant is scaled by its own side: a
    sailing boat 2.3 m tall (6 m as made) is scaled by 2.3 / 6, not by 2.3 over a rowing boat's 0.9 m."""
    if spec.measure_m is None:
        return None
    typical = CATEGORIES[spec.category].size
    own = variant_size(spec.category, variant) if variant is not None else typical
    axis = _measured_axis(spec)
    return spec.measure_m * typical[axis] / own[axis]


def _in_variant_proportions(spec: ObjectSpec, reference: tuple[float, float, float],
                            variant: int | None) -> list[float]:
    """``reference`` (the category's size, scaled for the prompt) in the variant's own proportions."""
    typical = CATEGORIES[spec.category].size
    own = variant_size(spec.category, variant) if variant is not None else typical
    sized = [r * mine / theirs for r, mine, theirs in zip(reference, own, typical)]
    if spec.measure_m is None or own == typical:
        return sized
    sized[_measured_axis(spec)] = spec.measure_m  # a stated measure stays true on its side ('a 10 m tall sailboat')
    return sized
