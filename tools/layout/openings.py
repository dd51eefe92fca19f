"""The floor kept clear in front of a room's openings (tools/core/windows.py), and what stands in it.

In front of each window the wall is kept clear from the sill up, WINDOW_CLEAR_DEPTH deep: low furniture may
stand beneath a window, nothing tall in front of it and nothing hangs over it. In front of each door its swing
is kept clear: a square as deep as the door is wide, from just above the floor (a rug may lie under the
swing, as it is walked over) up to the door's head. Both are reserved zones of the layout's space, so the fit
test keeps every object out of them; tools/layout/walkable.py also needs the walkable floor to reach into
each door's zone, and the verifier's opening-clearance check lists what stands in any of them.
"""

from __future__ import annotations

from collections.abc import Iterable

from tools.core.schema import Environment
from tools.core.windows import WINDOW_SILL, Opening, doors_of, windows_of
from tools.layout.space import Box, Space, footprints_overlap, heights_overlap

WINDOW_CLEAR_DEPTH = 0.3  # metres of floor in front of a window kept clear of tall things, from the sill up
SWING_FLOOR = 0.05  # the door's swing starts this high: flatter things (rugs, mats) may lie under it
DOOR, WINDOW = "door", "window"  # the categories of the zones' boxes


def _zone(kind: str, index: int, opening: Opening, depth: float, y: float, top: float) -> Box:
    x0, z0, x1, z1 = opening.zone(depth)
    return Box(f"{kind}:{index}", kind, kind, (x0 + x1) / 2, y, (z0 + z1) / 2, 0.0, x1 - x0, top - y, z1 - z0,
               mount="wall")


def opening_zones(env: Environment) -> list[Box]:
    """The zones kept clear in front of the environment's windows and doors (ids 'window:i', 'door:i')."""
    windows = [_zone(WINDOW, i, w, WINDOW_CLEAR_DEPTH, WINDOW_SILL, WINDOW_SILL + w.height)
               for i, w in enumerate(windows_of(env))]
    doors = [_zone(DOOR, i, d, d.width, SWING_FLOOR, d.height) for i, d in enumerate(doors_of(env))]
    return windows + doors


def reserve_openings(space: Space, env: Environment) -> None:
    """Reserve every opening's zone in ``space``, so nothing is placed in it."""
    for zone in opening_zones(env):
        space.reserve(zone)


def door_zones(space: Space) -> list[Box]:
    """The door swings reserved in ``space``."""
    return [zone for zone in space.reserved.values() if zone.category == DOOR]


def blockers(zone: Box, boxes: Iterable[Box], tolerance: float = 0.0) -> list[str]:
    """Ids of the boxes standing in ``zone`` (deeper than ``tolerance``); what stands on furniture (a lamp, a TV)
    may be in front of a window, as the fit test allows, so only boxes with no parent count."""
    return [box.id for box in boxes if box.parent is None and heights_overlap(box, zone)
            and footprints_overlap(box, zone, -tolerance)]
