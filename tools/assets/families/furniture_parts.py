"""Shared pieces of the furniture generators: slabs, legs, drawers, doors, books.

Every helper returns Y-up meshes in metres (or Parts when materials are
involved); positions name the bottom centre of a piece unless they say
otherwise, because furniture is stacked from the floor up.
"""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.mesh import Part, material, sphere
from tools.assets.shapes import frustum, slab

WOOD = "#9a6b3f"
DARK_WOOD = "#5c3b23"
LIGHT_WOOD = "#c9a36b"
METAL = "#8a8d91"
CHROME = "#c8ccd0"
BLACK = "#1e1e1e"
LINEN = "#eeeae2"
BULB = "#fff1c9"
MIRROR = "#cfdde6"  # drawn as glossy ceramic: a metal reads black without an environment map

ROUND_SHAPES = ("round", "oval", "circular", "circle")

# Depth kept free in front of a carcass for drawer fronts and handles.
FRONT_ROOM = 0.04
_FRONT_T = 0.018  # thickness of a drawer front or door
_BOOK_COLOURS = ("#8e2b2b", "#2b4c8e", "#2e7d4f", "#d9a441", "#5b3a6e", "#e6e0d0", "#1f1f1f", "#b5582a")


def thickness(extent: float, frac: float = 0.06, cap: float = 0.05, floor: float = 0.008) -> float:
    """A board or leg thickness: ``frac`` of ``extent``, clamped to [floor, cap] metres."""
    return max(floor, min(cap, extent * frac))


def four_legs(half_x: float, half_z: float, h: float, t: float, y: float = 0.0,
              round_legs: bool = False, taper: float = 1.0) -> list[trimesh.Trimesh]:
    """Legs of height ``h`` and thickness ``t`` centred at (±half_x, ±half_z), bottoms at ``y``.

    taper < 1 narrows round legs towards the floor."""
    legs = []
    for sx in (-1, 1):
        for sz in (-1, 1):
            x, z = sx * half_x, sz * half_z
            if round_legs:
                legs.append(frustum(t / 2 * taper, t / 2, h, (x, y, z), sections=10))
            else:
                legs.append(slab(t, h, t, x, y, z))
    return legs


def drawer_bank(x0: float, x1: float, y0: float, y1: float, z_front: float, rows: int, cols: int,
                front_mat, handle_mat, handle: str = "bar") -> list[Part]:
    """Drawer fronts filling the rectangle [x0, x1] x [y0, y1] on the plane z = z_front.

    handle: 'bar' (horizontal pull), 'knob' (one sphere) or 'cup' (a recessed-looking lip).
    Fronts and handles reach at most FRONT_ROOM in front of ``z_front``."""
    parts, gap = [], 0.006
    cw, rh = (x1 - x0) / cols, (y1 - y0) / rows
    for i in range(cols):
        for j in range(rows):
            cx, by = x0 + cw * (i + 0.5), y0 + rh * j
            parts.append(Part(slab(cw - gap, rh - gap, _FRONT_T, cx, by + gap / 2, z_front + _FRONT_T / 2), front_mat))
            parts.append(_handle(handle, cx, by + rh * 0.55, z_front + _FRONT_T, min(cw * 0.35, 0.18), rh, handle_mat))
    return parts


def door_pair(x0: float, x1: float, y0: float, y1: float, z_front: float, count: int,
              front_mat, handle_mat, handle: str = "bar") -> list[Part]:
    """``count`` hinged doors side by side; vertical handles sit by the meeting edges."""
    parts, gap = [], 0.006
    dw = (x1 - x0) / count
    for i in range(count):
        cx = x0 + dw * (i + 0.5)
        parts.append(Part(slab(dw - gap, y1 - y0 - gap, _FRONT_T, cx, y0 + gap / 2, z_front + _FRONT_T / 2), front_mat))
        side = 1 if (i < count / 2 and count > 1) else -1
        hx = cx + side * dw * 0.4
        hy = y0 + (y1 - y0) * (0.55 if y1 - y0 < 1.0 else 0.45)
        parts.append(_vertical_handle(handle, hx, hy, z_front + _FRONT_T, y1 - y0, handle_mat))
    return parts


def _handle(kind: str, x: float, y: float, z: float, width: float, room: float, mat) -> Part:
    if kind == "knob":
        r = thickness(room, 0.12, 0.018, 0.006)
        return Part(sphere(r, (x, y, z + r * 0.8), subdivisions=1), mat, smooth=True)
    bar_h = thickness(room, 0.1, 0.014, 0.006)
    depth = 0.012 if kind == "cup" else 0.02
    return Part(slab(width, bar_h, depth, x, y - bar_h / 2, z + depth / 2), mat)


def _vertical_handle(kind: str, x: float, y: float, z: float, door_h: float, mat) -> Part:
    if kind == "knob":
        return Part(sphere(0.016, (x, y, z + 0.014), subdivisions=1), mat, smooth=True)
    length = min(0.35, door_h * 0.25)
    return Part(slab(0.014, length, 0.02, x, y - length / 2, z + 0.01), mat)


def books(rng: np.random.Generator, x0: float, x1: float, y: float, room: float, z_back: float,
          depth: float, fill: float = 0.75) -> list[Part]:
    """Upright books on a shelf from x0 to x1 at height y, with ``room`` (m) of clear height.

    Books stand against ``z_back`` and stop ``fill`` of the way along the shelf, leaving gaps."""
    parts, x = [], x0 + 0.01
    limit = x0 + (x1 - x0) * fill
    while x < limit:
        bw = float(rng.uniform(0.02, 0.05))
        bh = room * float(rng.uniform(0.62, 0.9))
        bd = depth * float(rng.uniform(0.7, 0.92))
        if x + bw > x1 - 0.005:
            break
        colour = _BOOK_COLOURS[int(rng.integers(len(_BOOK_COLOURS)))]
        parts.append(Part(slab(bw, bh, bd, x + bw / 2, y, z_back + bd / 2), material("fabric", colour)))
        x += bw + (0.0 if rng.random() > 0.15 else float(rng.uniform(0.02, 0.08)))
    return parts
