"""Whether people can walk through a laid-out room, measured on the layout's own boxes.

The measure is the one the independent judge uses (tools/evaluate/space.py, on the world meshes), written
again here on the solver's boxes so the layout never reads the judge: the floor is rasterised at GRID
metres; every floor-standing box taller than BLOCK_HEIGHT blocks the cells it covers; a walker
WALKER_WIDTH wide needs its centre WALKER_WIDTH / 2 from anything blocked and from the walls (the free
cells are eroded by that radius); the share is the walkable cells' share in the largest connected
(4-neighbour) region. A thing people use (its kind's ``used_from`` in kinds.toml) is reachable when a cell
of that region lies within REACH of a side it is used from; a door (its swing, reserved in the space by
tools/layout/openings.py) when a cell of that region lies in its swing. A box holds its mesh, so a room
walkable here is walkable to the judge too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import ndimage

from tools.knowledge.categories import CATEGORIES
from tools.layout.openings import door_zones
from tools.layout.space import Box, Space

GRID = 0.05  # metres per floor cell
BLOCK_HEIGHT = 0.05  # lower floor things (rugs, mats) are walked over
WALKER_WIDTH = 0.4  # metres: shoulder width of the walker
REACH = 0.8  # metres from a side a person stands to use it (a chair's depth in front of a desk, plus a step)
TARGET_SHARE = 0.95  # a room is walkable when this share of its walkable floor is one region
_RADIUS = round(WALKER_WIDTH / 2 / GRID)
_DISK = np.hypot(*np.mgrid[-_RADIUS:_RADIUS + 1, -_RADIUS:_RADIUS + 1]) <= _RADIUS


@dataclass(frozen=True)
class Walkability:
    """How walkable a room is: the largest region's share of the walkable floor, and what cannot be reached."""

    share: float
    unreachable: tuple[str, ...]  # ids of the things whose used sides and of the doors whose swing it misses
    walkable_m2: float

    @property
    def ok(self) -> bool:
        """One region holds nearly all the walkable floor, and every used side is reached."""
        return self.share >= TARGET_SHARE and not self.unreachable

    @property
    def shortfall(self) -> tuple[int, float]:
        """What is wrong, worst first: unreachable things, then the share missing to the target (0: nothing)."""
        return len(self.unreachable), round(max(0.0, TARGET_SHARE - self.share), 4)

    def describe(self) -> str:
        """The figures in words, for a check's evidence or an error."""
        reach = (f"unreachable: {', '.join(self.unreachable)}" if self.unreachable
                 else "every used side and door reached")
        return (f"{self.share:.0%} of {self.walkable_m2:.1f} m2 walkable floor in one region "
                f"(target {TARGET_SHARE:.0%}); {reach}")


def blocks(box: Box) -> bool:
    """Whether a box stands on the floor and is tall enough to walk around rather than over."""
    return box.parent is None and box.mount == "floor" and box.y <= BLOCK_HEIGHT and box.h > BLOCK_HEIGHT


class FloorGrid:
    """The floor of a space as cells: centres xs (nx,) and zs (nz,), and the cells near a box in its own frame."""

    def __init__(self, space: Space) -> None:
        self.x0, self.z0 = space.lo[0], space.lo[2]
        nx = max(1, math.ceil((space.hi[0] - space.lo[0]) / GRID))
        nz = max(1, math.ceil((space.hi[2] - space.lo[2]) / GRID))
        self.shape = (nx, nz)

    def window(self, box: Box, pad: float) -> tuple[slice, slice, np.ndarray, np.ndarray]:
        """(x slice, z slice, local x, local z) of the cells within ``pad`` of the box's AABB: each (i, j) cell
        centre of the window in the box's own frame, as two (i, j) arrays."""
        x0, z0, x1, z1 = box.aabb_xz(pad)
        i0, i1 = max(0, math.floor((x0 - self.x0) / GRID)), min(self.shape[0], math.ceil((x1 - self.x0) / GRID))
        j0, j1 = max(0, math.floor((z0 - self.z0) / GRID)), min(self.shape[1], math.ceil((z1 - self.z0) / GRID))
        xs = self.x0 + (np.arange(i0, max(i0, i1)) + 0.5) * GRID - box.x
        zs = self.z0 + (np.arange(j0, max(j0, j1)) + 0.5) * GRID - box.z
        dx, dz = np.meshgrid(xs, zs, indexing="ij")
        return slice(i0, max(i0, i1)), slice(j0, max(j0, j1)), dx * box.c - dz * box.s, dx * box.s + dz * box.c


def used_sides(box: Box) -> list[tuple[int, int]]:
    """The (local x, local z) outward normals of the sides ``box`` is used from, by its kind's ``used_from``."""
    used = CATEGORIES[box.category].used_from if box.category in CATEGORIES else None
    if used == "front":
        return [(0, 1)]
    if used == "sides":  # the long sides: a bed's, a bathtub's
        return [(1, 0), (-1, 0)] if box.d >= box.w else [(0, 1), (0, -1)]
    if used == "any":
        return [(0, 1), (0, -1), (1, 0), (-1, 0)]
    return []


def _reached(grid: FloorGrid, region: np.ndarray, box: Box) -> bool:
    """Whether a cell of ``region`` lies within REACH of a side ``box`` is used from."""
    ix, iz, lx, lz = grid.window(box, REACH)
    near = region[ix, iz]
    hw, hd = box.w / 2, box.d / 2
    for nx, nz in used_sides(box):
        if nz:
            out = nz * lz
            strip = (np.abs(lx) <= hw) & (out > hd) & (out <= hd + REACH)
        else:
            out = nx * lx
            strip = (np.abs(lz) <= hd) & (out > hw) & (out <= hw + REACH)
        if np.any(near & strip):
            return True
    return False


def _in_zone(grid: FloorGrid, region: np.ndarray, zone: Box) -> bool:
    """Whether a cell of ``region`` lies inside the footprint of ``zone``."""
    ix, iz, lx, lz = grid.window(zone, 0.0)
    return bool(np.any(region[ix, iz] & (np.abs(lx) <= zone.w / 2) & (np.abs(lz) <= zone.d / 2)))


def measure(space: Space) -> Walkability:
    """The walkability of the boxes placed in ``space``."""
    grid = FloorGrid(space)
    blocked = np.zeros(grid.shape, dtype=bool)
    blockers = [b for b in space.boxes.values() if blocks(b)]
    for box in blockers:
        ix, iz, lx, lz = grid.window(box, 0.0)
        blocked[ix, iz] |= (np.abs(lx) <= box.w / 2) & (np.abs(lz) <= box.d / 2)
    walkable = ndimage.binary_erosion(~blocked, structure=_DISK, border_value=0)
    labels, count = ndimage.label(walkable)
    total = int(walkable.sum())
    if count == 0:
        region = walkable
    else:
        sizes = np.bincount(labels.ravel())[1:]
        region = labels == 1 + int(np.argmax(sizes))
    unreachable = tuple(b.id for b in blockers if used_sides(b) and not _reached(grid, region, b))
    unreachable += tuple(zone.id for zone in door_zones(space) if not _in_zone(grid, region, zone))
    share = round(int(region.sum()) / total, 4) if total else 0.0
    return Walkability(share, unreachable, round(total * GRID * GRID, 2))
