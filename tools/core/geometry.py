"""Small geometry shared by the solver, the compositor and the checks.

Objects rotate only about +Y (yaw); a placement's footprint is an oriented
rectangle, its world box an axis-aligned box.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np


def triple(values: Iterable[float]) -> tuple[float, float, float]:
    """``values`` as an (x, y, z) or (r, g, b) tuple; ValueError unless there are exactly three."""
    x, y, z = values
    return (x, y, z)


def yaw_quaternion(yaw: float) -> tuple[float, float, float, float]:
    """Quaternion (x, y, z, w) of a rotation by ``yaw`` radians about +Y."""
    return (0.0, math.sin(yaw / 2), 0.0, math.cos(yaw / 2))


def quaternion_yaw(rotation) -> float:
    """The yaw in radians of a yaw-only quaternion (x, y, z, w), as ``yaw_quaternion`` makes it."""
    _, qy, _, qw = rotation
    return 2 * math.atan2(qy, qw)


def world_aabb(position, size, yaw: float) -> tuple[np.ndarray, np.ndarray]:
    """World AABB of a box with bottom centre ``position`` (3,), extent ``size`` (3,), turned by ``yaw``.

    Returns (min (3,), max (3,)).
    """
    c, s = abs(math.cos(yaw)), abs(math.sin(yaw))
    hx = c * size[0] / 2 + s * size[2] / 2
    hz = s * size[0] / 2 + c * size[2] / 2
    p = np.asarray(position, dtype=float)
    return p + (-hx, 0.0, -hz), p + (hx, size[1], hz)


def footprint(position, size, yaw: float) -> np.ndarray:
    """(4, 2) corners (x, z) of the oriented footprint rectangle."""
    c, s = math.cos(yaw), math.sin(yaw)
    hw, hd = size[0] / 2, size[2] / 2
    local = np.array([[-hw, -hd], [hw, -hd], [hw, hd], [-hw, hd]])
    # +Y rotation by yaw maps local (x, z) to (x c + z s, -x s + z c).
    rot = np.array([[c, -s], [s, c]])
    return local @ rot + (position[0], position[2])


def rects_overlap(a: np.ndarray, b: np.ndarray, tolerance: float = 0.0) -> bool:
    """Separating-axis test of two (4, 2) convex rectangles; touching within ``tolerance`` is not overlap."""
    for poly in (a, b):
        for i in range(4):
            edge = poly[(i + 1) % 4] - poly[i]
            axis = np.array([-edge[1], edge[0]])
            norm = np.linalg.norm(axis)
            if norm == 0:
                continue
            axis /= norm
            pa, pb = a @ axis, b @ axis
            if pa.max() - tolerance <= pb.min() or pb.max() - tolerance <= pa.min():
                return False
    return True
