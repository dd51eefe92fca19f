"""What to generate for an ObjectSpec: its style variant and its extent in metres.

The extent starts from the category's reference size for the prompt's size word or stated measure
(tools/knowledge/reference.py), takes the proportions of the chosen variant (a sailing boat is taller
than a rowing boat) and then the spec's shape word (round, square, oval).
"""

from __future__ import annotations

import hashlib
import math

from tools.assets import families  # noqa: F401  (registers every generator, so VARIANTS knows every category)
from tools.assets.registry import VARIANTS
from tools.core.schema import ObjectSpec
from tools.knowledge.categories import CATEGORIES, variant_size
from tools.knowledge.reference import size_for


def target_size(spec: ObjectSpec, variant: int | None = None) -> tuple[float, float, float]:
    """The (x, y, z) extent to generate: the reference size for the prompt's size word or stated measure,
    in the proportions of the style ``variant`` (a sailing boat is taller than a rowing boat), shaped by
    its shape word."""
    w, h, d = _in_variant_proportions(spec, size_for(spec.category, spec.size, spec.measure_m, spec.measure_axis),
                                      variant)
    if spec.shape in ("round", "square"):
        w = d = math.sqrt(w * d)
    elif spec.shape == "oval":
        w, d = max(w, d), min(w, d)
    return round(w, 3), round(h, 3), round(d, 3)


def _in_variant_proportions(spec: ObjectSpec, reference: tuple[float, float, float],
                            variant: int | None) -> list[float]:
    """``reference`` (the category's size, scaled for the prompt) in the variant's own proportions."""
    typical = CATEGORIES[spec.category].size
    own = variant_size(spec.category, variant) if variant is not None else typical
    sized = [r * mine / theirs for r, mine, theirs in zip(reference, own, typical)]
    if spec.measure_m is None or own == typical:
        return sized
    # A stated measure stays true on the side it measures ('a 10 m tall sailboat').
    axis = {"width": 0, "height": 1, "depth": 2}.get(spec.measure_axis or "")
    if axis is None:  # 'length' or unsaid: the side reference.size_for measured on the category's size
        sides = (0, 2) if spec.measure_axis == "length" else (0, 1, 2)
        axis = max(sides, key=lambda i: typical[i])
    sized[axis] = reference[axis]
    return sized


def variant_for(category: str, seed: int) -> int:
    """One style per category per scene: twelve chairs match, another seed differs."""
    digest = hashlib.sha256(f"{seed}:{category}".encode()).digest()
    return digest[0] % VARIANTS[category]


def variant_of(spec: ObjectSpec, seed: int) -> int:
    """The style the prompt's words chose ('a canoe'), else the scene's style of the category."""
    return spec.variant % VARIANTS[spec.category] if spec.variant is not None else variant_for(spec.category, seed)
