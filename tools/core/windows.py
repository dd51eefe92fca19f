"""Where a room's windows and its door are, from its environment alone.

Compose draws them there; the layout keeps the wall in front of the windows clear of
tall furniture and puts "by the window" objects beside them, and keeps the door's swing
clear and reached by the walkable floor; the layout checks and the verifier measure
against the same positions.
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
# Each side's inward normal (x, z): from the wall into the room.
INWARD = {"z-": (0, 1), "x+": (-1, 0), "z+": (0, -1), "x-": (1, 0)}

DOOR_SIZE = (0.9, 2.1)  # width, height in metres: an interior door leaf
DOOR_HEAD_ROOM = 0.2  # a door in a low room stays this far under the ceiling
DOOR_CORNER_GAP = 0.15  # wall left between a corner and the door's opening, for its frame
DOOR_WINDOW_GAP = 0.3  # wall left between the door's opening and a window's
TIGHT_DOOR = (0.7, 0.05, 0.05)  # width, corner gap, window gap of a door squeezed between windows
DOOR_STEP = 0.1  # spacing of the door positions tried along a wall
# Walls tried for the door, by index: left, back, right, front. The hero view (front-right) sees the left and
# back walls from inside, and windows fill the back wall first; each wall is walked from its first corner, so
# the door first tries the left wall's front end.
DOOR_WALLS = (3, 0, 1, 2)


@dataclass(frozen=True)
class Opening:
    """A window or a door on one of the room's walls: its centre on the wall plane and its size."""

    wall: int  # index into WALL_SIDES
    x: float  # centre on the wall plane (the room's inner face)
    z: float
    width: float
    height: float

    @property
    def side(self) -> str:
        """The wall side the opening is on."""
        return WALL_SIDES[self.wall]

    @property
    def along_x(self) -> bool:
        """Whether the opening's wall runs along X (the back and front walls)."""
        return self.side in ("z-", "z+")

    def span(self) -> tuple[float, float, float, float]:
        """(min x, min z, max x, max z) of the opening's width along its wall (zero deep)."""
        half = self.width / 2
        if self.along_x:
            return self.x - half, self.z, self.x + half, self.z
        return self.x, self.z - half, self.x, self.z + half

    def zone(self, depth: float) -> tuple[float, float, float, float]:
        """(min x, min z, max x, max z) of the floor ``depth`` deep in front of the opening, inside the room."""
        x0, z0, x1, z1 = self.span()
        nx, nz = INWARD[self.side]
        return (x0 + min(nx, 0) * depth, z0 + min(nz, 0) * depth,
                x1 + max(nx, 0) * depth, z1 + max(nz, 0) * depth)


class Window(Opening):
    """A window: its bottom at WINDOW_SILL."""


class Door(Opening):
    """A door: its bottom on the floor; it swings into the room over a square as deep as it is wide."""


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


def gap_to_window(window: Opening, x0: float, z0: float, x1: float, z1: float) -> float:
    """Floor distance in metres from a footprint AABB to the opening's span along its wall (0 when touching)."""
    wx0, wz0, wx1, wz1 = window.span()
    return math.hypot(max(wx0 - x1, x0 - wx1, 0.0), max(wz0 - z1, z0 - wz1, 0.0))


def doors_of(env: Environment) -> list[Door]:
    """The room's door (none outdoors): the first spot along DOOR_WALLS that leaves DOOR_WINDOW_GAP to every
    window; in a room whose windows leave no such spot a narrower door with smaller gaps (TIGHT_DOOR), else the
    spot farthest from the windows. The same room always gets the same door."""
    if env.kind != "indoor" or env.natural:  # a cave opens on no door
        return []
    windows = windows_of(env)

    def gap(door: Door) -> float:
        return min((gap_to_window(w, *door.span()) for w in windows), default=math.inf)

    for width, corner_gap, window_gap in ((DOOR_SIZE[0], DOOR_CORNER_GAP, DOOR_WINDOW_GAP), TIGHT_DOOR):
        spots = _door_spots(env, width, corner_gap)
        door = next((door for door in spots if gap(door) >= window_gap), None)
        if door is not None:
            return [door]
    return [max(_door_spots(env, DOOR_SIZE[0], DOOR_CORNER_GAP), key=gap)]


def _door_spots(env: Environment, width: float, corner_gap: float) -> list[Door]:
    """Doors ``width`` wide along each wall of DOOR_WALLS, from ``corner_gap`` off its first corner on,
    DOOR_STEP apart; a wall too short for one offers a narrower door at its middle."""
    corners = wall_corners(env)
    height = max(min(DOOR_SIZE[1], env.height - DOOR_HEAD_ROOM), 0.5 * env.height)
    spots = []
    for i in DOOR_WALLS:
        (ax, az), (bx, bz) = corners[i], corners[(i + 1) % 4]
        length = math.dist((ax, az), (bx, bz))
        fitted = min(width, max(length - 2 * corner_gap, 0.5 * length))
        first, last = corner_gap + fitted / 2, length - corner_gap - fitted / 2
        offsets = [first + k * DOOR_STEP for k in range(int((last - first) / DOOR_STEP + 1e-9) + 1)] or [length / 2]
        spots += [Door(i, ax + (bx - ax) * a / length, az + (bz - az) * a / length, fitted, height) for a in offsets]
    return spots
