"""Simple shapes: cubes and the placeholder for unknown nouns."""

from __future__ import annotations

from tools.assets.mesh import Part, box, material, sphere
from tools.assets.registry import GenParams, generator


@generator("cube")
def cube(p: GenParams) -> list[Part]:
    """A box filling the size; variant 1 adds a rim on a slightly lower core."""
    body = p.mat("plastic", "#d0d0d0")
    if p.variant == 1:  # bevel-like: a slightly smaller core with a rim
        return [Part(box((p.w, p.h * 0.9, p.d), (0, p.h * 0.45, 0)), body),
                Part(box((p.w * 0.96, p.h * 0.1, p.d * 0.96), (0, p.h * 0.95, 0)), body)]
    return [Part(box(p.size, (0, p.h / 2, 0)), body)]


@generator("placeholder", variants=1)
def placeholder(p: GenParams) -> list[Part]:
    """A plain crate-like block with a sphere on top: clearly a stand-in."""
    body = p.mat("plastic", "#b8b8c8")
    knob = material("plastic", "#ff9f1c")
    r = min(p.w, p.d) * 0.15
    return [Part(box((p.w, p.h - 2 * r, p.d), (0, (p.h - 2 * r) / 2, 0)), body),
            Part(sphere(r, (0, p.h - r, 0)), knob, smooth=True)]
