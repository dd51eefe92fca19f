"""Where a room's windows are, from its environment alone.

Compose draws them there; the layout keeps the wall in front of them clear of
tall furniture and puts "by the window" objects beside them; the layout checks
and the verifier measure against the same positions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tools.core.schema import Environment

WINDOW_SILL = 0.9  # metres above the floor
WINDOW_SIZE = (1.2, 1.3)  # width, height in metres
WALL_PER_WINDOW = 1.8  # a wall takes one window per this many metres of its length
# Walls by index, walked round the room: back (-Z), right (+X), front (+Z), left (-X) ...
WALL_SIDES = ("z-", "x+", "z+", "x-")
# ... filled with windows in the order the hero view sees them: back, left, right, front.
FILL_ORDER = (0, 3, 1, 2)


@dataclass(frozen=True)
class Window:
    """A window on one of the room's walls: its centre on the wall plane and its size."""

    wall: int  # index into WALL_SIDES
    x: float  # centre on the wall plane (the room's inner face)
    z: float
    width: float
    height: float

    @property
    def side(self) -> str:
        """The wall side the window is on."""
        return WALL_SIDES[self.wall]

    @property
    def along_x(self) -> bool:
        """Whether the window's wall runs along X (the back and front walls)."""
        return self.side in ("z-", "z+")


def wall_corners(env: Environment) -> list[tuple[float, float]]:
    """The room's inner corners (x, z) in wall order: wall i runs from corner i to corner i + 1."""
    x0, z0, x1, z1 = -env.width / 2, -env.depth / 2, env.width / 2, env.depth / 2
    return [(x0, z0), (x1, z0), (x1, z1), (x0, z1)]


def windows_of(env: Environment) -> list[Window]:
    """The environment's windows spread over its walls (none outdoors)."""
    if env.kind != "indoor" or env.windows <= 0:
        return []
    corners = wall_corners(env)
    lengths = [math.dist(corners[i], corners[(i + 1) % 4]) for i in range(4)]
    capacity = [max(int(length // WALL_PER_WINDOW), 1) for length in lengths]
    per_wall = [0, 0, 0, 0]
    placed = 0
    while placed < env.windows and any(per_wall[i] < capacity[i] for i in FILL_ORDER):
        for i in FILL_ORDER:
            if placed < env.windows and per_wall[i] < capacity[i]:
                per_wall[i] += 1
                placed += 1
    height = min(WINDOW_SIZE[1], max(env.height - WINDOW_SILL - 0.3, 0.4))
    windows = []
    for i in FILL_ORDER:
        (ax, az), (bx, bz) = corners[i], corners[(i + 1) % 4]
        count = per_wall[i]
        width = min(WINDOW_SIZE[0], 0.7 * lengths[i] / max(count, 1))
        for j in range(count):
            t = (j + 1) / (count + 1)
            windows.append(Window(i, ax + (bx - ax) * t, az + (bz - az) * t, width, height))
    return windows


def gap_to_window(window: Window, x0: float, z0: float, x1: float, z1: float) -> float:
    """Floor distance in metres from a footprint AABB to the window's span along its wall (0 when touching)."""
    half = window.width / 2
    wx0, wz0, wx1, wz1 = ((window.x - half, window.z, window.x + half, window.z) if window.along_x
                          else (window.x, window.z - half, window.x, window.z + half))
    return math.hypot(max(wx0 - x1, x0 - wx1, 0.0), max(wz0 - z1, z0 - wz1, 0.0))
