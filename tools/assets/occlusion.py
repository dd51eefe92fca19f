"""Baked ambient occlusion per vertex: how much of the sky a point of an asset sees past its own parts.

Software WebGL has no screen-space AO to spare, so each generated asset carries it in COLOR_0 (glTF
multiplies vertex colours into the base colour). The asset is rasterised once into a coarse occupancy
grid (each part as its 26-sided bounding polytope: the box, its edges and its corners cut, as tight as a
hull for boxes and close for round parts; grown by a fraction of a cell so thin boards still count); every
vertex then probes a fixed fan of directions around its normal at two distances. A probe inside the
grid, or below the floor the asset stands on, is occluded. All of it is numpy over arrays, a few
milliseconds per asset.

Tops facing the sky see no probe blocked, so lit faces keep their requested colour; undersides, the
seat between a sofa's arms, the inside of a cupboard and the foot of anything near the floor darken.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import trimesh

GRID_CELLS = 24  # cells along the asset's longest side
_GROW = 0.5  # hulls grow by this many cells, so a board thinner than a cell still occludes
_PROBE_CELLS = (2.5, 4.0)  # probe distances in cells: both beyond a part's own grown hull and its rounding
_PROBE_WEIGHTS = (1.0, 0.4)  # near probes count more (occlusion falls off with distance)
STRENGTH = 0.5  # a fully occluded vertex keeps 1 - STRENGTH of its colour
_MIN_COS = 0.6  # probes stay within about 53 degrees of the normal, so a face never probes itself


def _dop_directions() -> np.ndarray:
    """(26, 3) unit normals of a 26-DOP: the 3 axes, 6 face diagonals and 4 body diagonals, both ways."""
    dirs = [d for d in itertools.product((-1, 0, 1), repeat=3) if any(d)]
    return np.asarray(dirs, dtype=float) / np.linalg.norm(dirs, axis=1, keepdims=True)


_DOP = _dop_directions()


def _fan() -> np.ndarray:
    """(k, 3) unit directions in a vertex's frame (z = the normal): one along it, a ring of eight round it."""
    rings = [(np.cos(np.radians(a)), n) for a, n in ((42, 8),)]
    dirs = [(0.0, 0.0, 1.0)]
    for cos, count in rings:
        sin = np.sqrt(1 - cos**2)
        turn = np.linspace(0, 2 * np.pi, count, endpoint=False) + 0.3 * count
        dirs += [(sin * np.cos(t), sin * np.sin(t), cos) for t in turn]
    fan = np.asarray(dirs)
    if fan[:, 2].min() < _MIN_COS:
        raise ValueError("probe fan leans past _MIN_COS")
    return fan


_FAN = _fan()


class Occlusion:
    """The occupancy grid of one asset's parts, standing on ``floor_y``.

    meshes: the asset's closed meshes in its own (Y-up, metres) frame.
    """

    def __init__(self, meshes: Sequence[trimesh.Trimesh], floor_y: float) -> None:
        if not meshes:
            raise ValueError("Occlusion needs at least one mesh")
        points = np.concatenate([np.asarray(m.vertices) for m in meshes])
        lo, hi = points.min(axis=0), points.max(axis=0)
        self.pitch = max(float((hi - lo).max()) / GRID_CELLS, 1e-4)
        self.origin = lo - 2 * self.pitch
        self.shape = np.ceil((hi - lo) / self.pitch).astype(int) + 4
        self.floor_y = floor_y
        self.solid = np.zeros(self.shape, dtype=bool)
        for mesh in meshes:
            self._fill(mesh)

    def _fill(self, mesh: trimesh.Trimesh) -> None:
        """Mark the cells whose centres lie inside ``mesh``'s 26-DOP grown by _GROW cells."""
        vertices = np.asarray(mesh.vertices)  # a plain array: trimesh's cached properties cost more than the sums
        lo, hi = vertices.min(axis=0), vertices.max(axis=0)
        normals, offsets = _DOP, (vertices @ _DOP.T).max(axis=0) + _GROW * self.pitch
        first = np.maximum(np.floor((lo - self.origin) / self.pitch - _GROW).astype(int), 0)
        last = np.minimum(np.ceil((hi - self.origin) / self.pitch + _GROW).astype(int), self.shape - 1)
        x, y, z = (self.origin[i] + (np.arange(first[i], last[i] + 1) + 0.5) * self.pitch for i in range(3))
        # (26, i, j, k) plane distances of the cell centres in the box, summed per axis by broadcasting
        reach = normals[:, 0, None, None, None] * x[:, None, None] + normals[:, 1, None, None, None] * y[:, None] \
            + normals[:, 2, None, None, None] * z
        inside = np.all(reach <= offsets[:, None, None, None], axis=0)
        self.solid[first[0]:last[0] + 1, first[1]:last[1] + 1, first[2]:last[2] + 1] |= inside

    def _blocked(self, points: np.ndarray) -> np.ndarray:
        """(n,) whether each of (n, 3) ``points`` is in a solid cell or below the floor."""
        cells = np.floor((points - self.origin) / self.pitch).astype(int)
        inside = np.all((cells >= 0) & (cells < self.shape), axis=1)
        solid = np.zeros(len(points), dtype=bool)
        c = cells[inside]
        solid[inside] = self.solid[c[:, 0], c[:, 1], c[:, 2]]
        return solid | (points[:, 1] < self.floor_y)

    def factors(self, positions: np.ndarray, normals: np.ndarray) -> np.ndarray:
        """(n,) colour factors in 1 - STRENGTH .. 1 for (n, 3) vertex ``positions`` and unit ``normals``."""
        if positions.shape != normals.shape or positions.ndim != 2 or positions.shape[1] != 3:
            raise ValueError(f"positions and normals must both be (n, 3), got {positions.shape}, {normals.shape}")
        helper = np.where(np.abs(normals[:, :1]) < 0.9, [[1.0, 0, 0]], [[0, 1.0, 0]])
        tangent = np.cross(normals, helper)
        tangent /= np.maximum(np.linalg.norm(tangent, axis=1, keepdims=True), 1e-12)
        bitangent = np.cross(normals, tangent)
        frames = np.stack([tangent, bitangent, normals], axis=1)  # (n, 3 axes, 3)
        directions = np.einsum("kj,njc->nkc", _FAN, frames)  # (n, k, 3)
        reach = np.asarray(_PROBE_CELLS)[:, None, None, None] * self.pitch  # (distances, 1, 1, 1)
        probes = positions[None, :, None, :] + directions[None] * reach  # (distances, n, k, 3)
        blocked = self._blocked(probes.reshape(-1, 3)).reshape(len(_PROBE_CELLS), len(positions), -1).mean(axis=2)
        occluded = np.asarray(_PROBE_WEIGHTS) @ blocked
        return 1.0 - STRENGTH * occluded / sum(_PROBE_WEIGHTS)


def vertex_colors(factors: np.ndarray) -> np.ndarray:
    """(n, 4) uint8 grey COLOR_0 of (n,) linear factors, alpha 1."""
    grey = np.round(np.clip(factors, 0.0, 1.0) * 255).astype(np.uint8)
    return np.stack([grey, grey, grey, np.full_like(grey, 255)], axis=1)
