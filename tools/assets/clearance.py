"""Measure the clear space under each kind's generated mesh and write it to tools/knowledge/clearance.json.

A table, a desk, a bench or a bed on legs has room under it, which a box cannot show: the layout and the
verifier treat every object as a box, so a cat under a table would collide with the table's box. What is
clear under a kind is a property of its shape, so it is measured from the meshes its generator makes, not
listed: each variant is built at its typical size, its parts split into connected pieces, and each piece
casts its lowest point down over its footprint's bounding rectangle onto a coarse grid (conservative: a
slanted leg shades its whole rectangle). A cell's clearance is the lowest piece above it; a cell is under the
object only where the pieces' own outlines (their convex footprints, not their rectangles) cover all its
corners, so the corners of a round top's square are not under it. The clear space is then the largest box, in volume, that stands on the floor under
each variant, and under every variant at once (for a layout that does not know which it gets): a rectangle
of cells and the height of its lowest cell. It is kept as fractions of
the kind's extent (generators scale with the size asked), and only where it is real: at least
MIN_CLEAR_HEIGHT high and MIN_CLEAR_SHARE of the footprint.

Regenerate with ``python -m tools.assets.clearance`` (after generators or kinds change); tests check the data
matches the meshes for a few kinds.
"""

from __future__ import annotations

import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
import trimesh
from scipy.spatial import ConvexHull, QhullError

from tools.assets.generate import _typical_size
from tools.assets.registry import GENERATORS, VARIANTS, GenParams
from tools.knowledge.categories import CATEGORIES
from tools.knowledge.clearance import CLEARANCE_FILE, ClearSpace, KindClearance

GRID = 24  # cells along each side of the footprint
MIN_CLEAR_HEIGHT = 0.1  # metres at the typical size: lower than this is no room under it
MIN_CLEAR_SHARE = 0.1  # of the footprint's area: room round a pedestal counts
MOUNTS = ("floor",)  # what stands on the floor can have room under it


@dataclass(frozen=True)
class Piece:
    """One connected piece of a mesh: its lowest point and its footprint rectangle, in the asset's frame."""

    bottom: float
    lo: tuple[float, float]  # (x, z)
    hi: tuple[float, float]
    outline: np.ndarray  # (n, 2) its vertices' (x, z)

    def covers(self, points: np.ndarray) -> np.ndarray:
        """Which of the (m, 2) points lie inside the piece's convex footprint (none for a piece seen edge-on)."""
        try:
            planes = ConvexHull(self.outline).equations  # (k, 3): inside where a x + b z + c <= 0
        except QhullError:
            return np.zeros(len(points), dtype=bool)
        return np.all(points @ planes[:, :2].T + planes[:, 2] <= 1e-9, axis=1)


def pieces(meshes: list[trimesh.Trimesh]) -> list[Piece]:
    """Every connected piece of the meshes (a table's top, each leg)."""
    out = []
    for mesh in meshes:
        for piece in mesh.split(only_watertight=False) or [mesh]:
            lo, hi = piece.bounds
            outline = np.unique(np.round(piece.vertices[:, [0, 2]], 5), axis=0)
            out.append(Piece(float(lo[1]), (float(lo[0]), float(lo[2])), (float(hi[0]), float(hi[2])), outline))
    return out


def clearance_grid(parts: list[Piece], lo: np.ndarray, hi: np.ndarray, grid: int = GRID) -> np.ndarray:
    """(grid, grid) metres clear above the floor per cell [x index, z index]; 0 where nothing is above."""
    clear = np.full((grid, grid), np.inf)
    xs = np.linspace(lo[0], hi[0], grid + 1)
    zs = np.linspace(lo[2], hi[2], grid + 1)
    corners = np.stack(np.meshgrid(xs, zs, indexing="ij"), axis=-1).reshape(-1, 2)
    covered = np.zeros(len(corners), dtype=bool)
    for piece in parts:
        covered |= piece.covers(corners)
    covered_grid = covered.reshape(grid + 1, grid + 1)
    under = covered_grid[:-1, :-1] & covered_grid[1:, :-1] & covered_grid[:-1, 1:] & covered_grid[1:, 1:]
    for piece in parts:
        bottom = piece.bottom - lo[1]
        ix = (xs[1:] > piece.lo[0]) & (xs[:-1] < piece.hi[0])  # cells the piece's rectangle reaches into
        iz = (zs[1:] > piece.lo[1]) & (zs[:-1] < piece.hi[1])
        block = clear[np.ix_(ix, iz)]
        clear[np.ix_(ix, iz)] = np.minimum(block, bottom)
    clear[np.isinf(clear) | ~under] = 0.0
    return clear


def largest_clear_box(clear: np.ndarray) -> tuple[int, int, int, int, float]:
    """(x0, x1, z0, z1, height) of the rectangle of cells [x0, x1) x [z0, z1) whose lowest cell times its area
    is largest: the biggest box that stands under the object."""
    n_x, n_z = clear.shape
    best = (0, 0, 0, 0, 0.0)
    best_volume = 0.0
    for x0 in range(n_x):
        column_min = np.minimum.accumulate(clear[x0:], axis=0)  # [x1 - x0 - 1, z]: lowest cell of x0..x1
        widths = np.arange(1, n_x - x0 + 1)[:, None]
        for z0 in range(n_z):
            running = np.minimum.accumulate(column_min[:, z0:], axis=1)  # [x1, z1]: lowest of the rectangle
            volumes = running * widths * np.arange(1, n_z - z0 + 1)[None, :]
            i, k = np.unravel_index(int(np.argmax(volumes)), volumes.shape)
            if volumes[i, k] > best_volume:
                best_volume = float(volumes[i, k])
                best = (x0, x0 + int(i) + 1, z0, z0 + int(k) + 1, float(running[i, k]))
    return best


def measure_variant(category: str, variant: int) -> tuple[np.ndarray, np.ndarray]:
    """(clearance grid as fractions of the height, extent) of one variant at its typical size."""
    size = _typical_size(category, variant)
    params = GenParams(size=size, color=None, material=None, variant=variant, shape=None, options=())
    meshes = [p.mesh for p in GENERATORS[category](params) if p.node is None]
    lo = np.min([m.bounds[0] for m in meshes], axis=0)
    hi = np.max([m.bounds[1] for m in meshes], axis=0)
    extent = hi - lo
    return clearance_grid(pieces(meshes), lo, hi) / max(float(extent[1]), 1e-9), extent


def clear_box(clear: np.ndarray, height: float) -> ClearSpace | None:
    """The largest clear box of a grid (fractions of ``height`` metres), or None when it is no real room."""
    x0, x1, z0, z1, share = largest_clear_box(clear)
    if (x1 - x0) * (z1 - z0) < MIN_CLEAR_SHARE * GRID * GRID or share * height < MIN_CLEAR_HEIGHT:
        return None
    x_0, x_1, z_0, z_1 = (round(cell / GRID - 0.5, 4) for cell in (x0, x1, z0, z1))
    return ClearSpace(x_0, x_1, z_0, z_1, round(share, 4))


def measure(category: str) -> KindClearance | None:
    """The clear space under each variant of ``category`` and under all of them (the layout may not know which
    variant it gets), or None when no variant has real room under it."""
    grids, extents = zip(*(measure_variant(category, v) for v in range(VARIANTS[category])))
    own = tuple(clear_box(grid, float(extent[1])) for grid, extent in zip(grids, extents))
    if not any(own):
        return None
    every = clear_box(np.min(grids, axis=0), min(float(e[1]) for e in extents))
    return KindClearance(own, every)


def measure_all() -> dict[str, KindClearance]:
    """Kind -> clear space, for every floor kind with real room under it (one process per core)."""
    names = [name for name, kind in sorted(CATEGORIES.items()) if kind.mount in MOUNTS and name in GENERATORS]
    with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        found = pool.map(measure, names, chunksize=8)
        return {name: space for name, space in zip(names, found) if space is not None}


def main() -> int:
    """Measure every kind and write the data file."""
    found = measure_all()
    data = {"_comment": "Written by `python -m tools.assets.clearance` (see its docstring): the clear box under "
                        "each kind per variant (null: none) and under every variant, as fractions of its extent: x "
                        "and z from -0.5 to 0.5 (+Z its front), height from 0 to 1.",
            "kinds": {name: space.as_data() for name, space in found.items()}}
    CLEARANCE_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{len(found)} kinds with room under them -> {CLEARANCE_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
