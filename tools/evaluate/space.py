"""Room to move: object density and navigability of indoor scenes, measured on the world meshes.

Navigability follows SceneEval: the floor (scene.json ``bounds``) is rasterised at GRID metres; each
floor-standing object taller than BLOCK_HEIGHT blocks the cells its mesh footprint (the 2-D convex hull
of its world vertices) covers; a walker WALKER_WIDTH wide needs its centre WALKER_WIDTH / 2 from anything
blocked and from the walls, so the free cells are eroded by that radius; navigability is the share of
those walkable cells in the largest connected (4-neighbour) region.

A seat, table, work surface, bed or desk is reachable when some cell of that region lies within REACH of
a side it is used from: desks and work surfaces from the front (+Z of the object), the rest from any side
(a chair is pulled out from behind, a bed made from either side).

Opening clearance reads the doors and windows scene.json's ``architecture`` draws: an object not standing on
another blocks a door when its mesh footprint covers a cell of the door's swing (a square as deep as the door
is wide, in front of it) and its mesh reaches into the swing's heights (from SWING_FLOOR to the door's head),
and a window when it does so in the WINDOW_CLEAR_DEPTH in front of the window, between its sill and its top
(a lamp on a desk may stand there, as the layout allows). A door is reached when a cell of the largest walkable
region lies in its swing.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import ndimage
from scipy.spatial import ConvexHull, QhullError

from tools.core.windows import Door, Opening, Window
from tools.evaluate.geometry import WorldObject
from tools.knowledge.categories import CATEGORIES
from tools.layout.openings import SWING_FLOOR, WINDOW_CLEAR_DEPTH

GRID = 0.05  # metres per floor cell
BLOCK_HEIGHT = 0.05  # floor things lower than this (rugs, mats) are walked over
WALKER_WIDTH = 0.4  # metres: shoulder width of the walker
REACH = 0.8  # metres from a side a person stands to use it (a chair's depth in front of a desk, plus a step)
DENSITY_AREA = 10.0  # density is objects per this many square metres of floor
HEIGHT_TOLERANCE = 0.005  # metres a mesh may reach into an opening's heights unnoticed (the collision tolerance)
USABLE_TRAITS = ("seat", "table", "work_surface", "lie_on")
FRONT_ONLY_TRAITS = ("work_surface",)


def floor_area(bounds: dict) -> float:
    """Square metres of the floor of ``bounds`` ({min, max}, floor in x-z)."""
    lo, hi = bounds["min"], bounds["max"]
    return max(0.0, hi[0] - lo[0]) * max(0.0, hi[2] - lo[2])


def density(object_count: int, bounds: dict) -> float | None:
    """Objects per DENSITY_AREA m² of floor; None for a floor of no area."""
    area = floor_area(bounds)
    return round(object_count * DENSITY_AREA / area, 3) if area > 0 else None


def _cell_centres(bounds: dict) -> tuple[np.ndarray, np.ndarray]:
    """(nx,) x and (nz,) z of the cell centres of the floor grid."""
    lo, hi = bounds["min"], bounds["max"]
    nx, nz = max(1, math.ceil((hi[0] - lo[0]) / GRID)), max(1, math.ceil((hi[2] - lo[2]) / GRID))
    return lo[0] + (np.arange(nx) + 0.5) * GRID, lo[2] + (np.arange(nz) + 0.5) * GRID


def _footprint(obj: WorldObject) -> np.ndarray:
    """(k, 3) half-planes [a, b, c] (inside: a x + b z + c <= 0) of the object's floor footprint."""
    points = np.concatenate([h.vertices[:, [0, 2]] for h in obj.hulls])
    try:
        return ConvexHull(points).equations
    except QhullError:  # a flat or thin footprint: its box
        (x0, z0), (x1, z1) = points.min(axis=0), points.max(axis=0)
        return np.array([[-1, 0, x0], [1, 0, -x1], [0, -1, z0], [0, 1, -z1]], dtype=float)


def _inside(planes: np.ndarray, xs: np.ndarray, zs: np.ndarray) -> np.ndarray:
    """(nx, nz) mask of the cell centres inside the convex region ``planes``."""
    gx, gz = np.meshgrid(xs, zs, indexing="ij")
    values = planes[:, 0, None, None] * gx + planes[:, 1, None, None] * gz + planes[:, 2, None, None]
    return np.all(values <= 1e-9, axis=0)


def blocks(obj: WorldObject, floor_y: float) -> bool:
    """Whether ``obj`` stands on the floor and is tall enough to walk around rather than over."""
    return (obj.parent is None and obj.mount == "floor" and obj.lo[1] <= floor_y + BLOCK_HEIGHT
            and obj.hi[1] - obj.lo[1] > BLOCK_HEIGHT)


def walkable_region(objects: list[WorldObject], bounds: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(walkable (nx, nz) bool, largest region (nx, nz) bool, xs (nx,), zs (nz,)) of the floor of ``bounds``."""
    xs, zs = _cell_centres(bounds)
    blocked = np.zeros((len(xs), len(zs)), dtype=bool)
    for obj in objects:
        if blocks(obj, bounds["min"][1]):
            blocked |= _inside(_footprint(obj), xs, zs)
    radius = round(WALKER_WIDTH / 2 / GRID)
    disk = np.hypot(*np.mgrid[-radius:radius + 1, -radius:radius + 1]) <= radius
    walkable = ndimage.binary_erosion(~blocked, structure=disk, border_value=0)
    labels, count = ndimage.label(walkable)
    if count == 0:
        return walkable, walkable, xs, zs
    sizes = ndimage.sum(walkable, labels, index=np.arange(1, count + 1))
    return walkable, labels == 1 + int(np.argmax(sizes)), xs, zs


def is_usable_kind(category: str) -> bool:
    """Whether a category is something people use (sit on, work at), so the space in front of it must stay free."""
    entry = CATEGORIES.get(category)
    return entry is not None and any(entry.has(t) for t in USABLE_TRAITS)


def _front_only(category: str) -> bool:
    entry = CATEGORIES.get(category)
    return entry is not None and any(entry.has(t) for t in FRONT_ONLY_TRAITS)


def reachable(obj: WorldObject, region: np.ndarray, xs: np.ndarray, zs: np.ndarray) -> bool:
    """Whether a cell of ``region`` lies within REACH of a side ``obj`` is used from (in its own frame)."""
    gx, gz = np.meshgrid(xs, zs, indexing="ij")
    cells = np.stack([gx[region], gz[region]], axis=1) - obj.position[[0, 2]]  # (n, 2) world offsets
    right, forward = obj.rotation[[0, 2], 0], obj.rotation[[0, 2], 2]  # its +X and +Z in the floor plane
    local = np.stack([cells @ right, cells @ forward], axis=1)
    points = np.concatenate([h.vertices[:, [0, 2]] for h in obj.hulls]) - obj.position[[0, 2]]
    own = np.stack([points @ right, points @ forward], axis=1)
    (x0, z0), (x1, z1) = own.min(axis=0), own.max(axis=0)
    across_x = (local[:, 0] >= x0) & (local[:, 0] <= x1)
    front = across_x & (local[:, 1] > z1) & (local[:, 1] <= z1 + REACH)
    if _front_only(obj.category):
        return bool(front.any())
    across_z = (local[:, 1] >= z0) & (local[:, 1] <= z1)
    back = across_x & (local[:, 1] < z0) & (local[:, 1] >= z0 - REACH)
    sides = across_z & (((local[:, 0] > x1) & (local[:, 0] <= x1 + REACH))
                        | ((local[:, 0] < x0) & (local[:, 0] >= x0 - REACH)))
    return bool((front | back | sides).any())


def navigability(objects: list[WorldObject], bounds: dict, floor: tuple | None = None) -> dict:
    """{navigability (0..1), walkable_m2, unreachable [ids]} of an indoor floor; ``floor``: its walkable_region
    when already measured."""
    walkable, region, xs, zs = floor or walkable_region(objects, bounds)
    total = int(walkable.sum())
    unreachable = [obj.id for obj in objects
                   if blocks(obj, bounds["min"][1]) and is_usable_kind(obj.category) and not reachable(obj, region, xs, zs)]
    return {"navigability": round(int(region.sum()) / total, 4) if total else 0.0,
            "walkable_m2": round(total * GRID * GRID, 2), "unreachable": unreachable}


def _zones(architecture: dict) -> list[tuple[str, Opening, float, float, float]]:
    """(id, opening, bottom, top, depth) of the space kept clear in front of each window and door drawn."""
    zones: list[tuple[str, Opening, float, float, float]] = []
    for i, w in enumerate(architecture.get("windows", [])):
        sill = w["center"][1] - w["height"] / 2
        window = Window(w["wall"], w["center"][0], w["center"][2], w["width"], w["height"])
        zones.append((f"window:{i}", window, sill, sill + w["height"], WINDOW_CLEAR_DEPTH))
    for i, d in enumerate(architecture.get("doors", [])):
        door = Door(d["wall"], d["center"][0], d["center"][2], d["width"], d["height"])
        zones.append((f"door:{i}", door, SWING_FLOOR, d["height"], d["width"]))
    return zones


def _zone_cells(opening: Opening, depth: float, xs: np.ndarray, zs: np.ndarray) -> tuple[slice, slice]:
    """The (x, z) index ranges of the floor cells whose centres lie in front of ``opening``, ``depth`` deep."""
    x0, z0, x1, z1 = opening.zone(depth)
    return (slice(np.searchsorted(xs, x0, side="left"), np.searchsorted(xs, x1, side="right")),
            slice(np.searchsorted(zs, z0, side="left"), np.searchsorted(zs, z1, side="right")))


def _stands_in(obj: WorldObject, cells: tuple[slice, slice], bottom: float, top: float, xs: np.ndarray,
               zs: np.ndarray) -> bool:
    """Whether ``obj`` (not on another object) reaches into the heights bottom..top over any of ``cells``."""
    if obj.parent is not None or obj.hi[1] <= bottom + HEIGHT_TOLERANCE or obj.lo[1] >= top - HEIGHT_TOLERANCE:
        return False
    cx, cz = xs[cells[0]], zs[cells[1]]
    if not cx.size or not cz.size or obj.hi[0] < cx[0] or obj.lo[0] > cx[-1] or obj.hi[2] < cz[0] or obj.lo[2] > cz[-1]:
        return False
    return bool(_inside(_footprint(obj), cx, cz).any())


def opening_clearance(objects: list[WorldObject], architecture: dict, region: np.ndarray, xs: np.ndarray,
                      zs: np.ndarray) -> dict:
    """{doors: [{id, blocked_by, reached}], windows: [{id, blocked_by}]} of the openings ``architecture`` draws;
    ``region``: the largest walkable region (nx, nz) over cell centres xs (nx,), zs (nz,)."""
    found: dict[str, list[dict]] = {"doors": [], "windows": []}
    for zone_id, opening, bottom, top, depth in _zones(architecture):
        cells = _zone_cells(opening, depth, xs, zs)
        entry = {"id": zone_id, "blocked_by": [o.id for o in objects if _stands_in(o, cells, bottom, top, xs, zs)]}
        if isinstance(opening, Door):
            found["doors"].append({**entry, "reached": bool(region[cells].any())})
        else:
            found["windows"].append(entry)
    return found


def measure_space(objects: list[WorldObject], bounds: dict, indoor: bool, architecture: dict | None = None) -> dict:
    """{indoor, floor_m2, density_per_10m2, navigability, walkable_m2, unreachable, doors, windows}: None
    outdoors but the area (and no openings). ``architecture``: scene.json's, whose doors and windows are judged."""
    record = {"indoor": indoor, "floor_m2": round(floor_area(bounds), 2)}
    if not indoor:
        return {**record, "density_per_10m2": None, "navigability": None, "walkable_m2": None, "unreachable": [],
                "doors": [], "windows": []}
    floor = walkable_region(objects, bounds)
    return {**record, "density_per_10m2": density(len(objects), bounds), **navigability(objects, bounds, floor),
            **opening_clearance(objects, architecture or {}, floor[1], floor[2], floor[3])}
