"""The free space of a layout being solved: placed boxes, a spatial hash grid, the fit test.

A ``Box`` is one instance's pose: bottom centre (x, y, z), yaw about +Y,
extent (w, h, d) before rotation. Footprint overlap is an oriented-rectangle
separating-axis test written in plain Python, because the solver runs it
hundreds of thousands of times on 1000-object scenes and numpy's per-call
overhead dominates at that size.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

from tools.knowledge.categories import Mount
from tools.knowledge.clearance import holds_under
from tools.knowledge.holding import hold_heights

EPS = 1e-6
INDOOR_WALL_MARGIN = 0.02  # floor objects keep this far off the walls
SOLVER_CLEARANCE = 0.01  # the smallest gap the solver leaves; above the checks' 5 mm tolerance
# Heights may overlap this much: a rug (under 5 mm) lies under furniture, as in a real room;
# below the checks' 5 mm tolerance, so it is never counted as a collision.
FLAT_OVERLAP = 0.0045


@dataclass
class Box:
    """One instance's pose and extent; (x, y, z) is the bottom centre."""

    id: str
    spec: str
    category: str
    x: float
    y: float
    z: float
    yaw: float
    w: float
    h: float
    d: float
    parent: str | None = None
    mount: Mount = "floor"
    variant: int | None = None  # the asset's style variant: the room under it depends on it
    c: float = field(init=False)
    s: float = field(init=False)

    def __post_init__(self) -> None:
        self.c, self.s = math.cos(self.yaw), math.sin(self.yaw)

    @property
    def top(self) -> float:
        """The height of the box's top."""
        return self.y + self.h

    def half_extents(self) -> tuple[float, float]:
        """Half extents (x, z) of the world axis-aligned footprint."""
        c, s = abs(self.c), abs(self.s)
        return c * self.w / 2 + s * self.d / 2, s * self.w / 2 + c * self.d / 2

    def aabb_xz(self, pad: float = 0.0) -> tuple[float, float, float, float]:
        """(min x, min z, max x, max z) of the footprint, grown by ``pad``."""
        hx, hz = self.half_extents()
        return self.x - hx - pad, self.z - hz - pad, self.x + hx + pad, self.z + hz + pad

    def to_world(self, lx: float, lz: float) -> tuple[float, float]:
        """World (x, z) of the point (lx, lz) in this box's own frame (+Z is its front)."""
        return self.x + lx * self.c + lz * self.s, self.z - lx * self.s + lz * self.c

    def to_local(self, wx: float, wz: float) -> tuple[float, float]:
        """This box's frame coordinates of the world point (wx, wz)."""
        dx, dz = wx - self.x, wz - self.z
        return dx * self.c - dz * self.s, dx * self.s + dz * self.c

    def axes(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """World directions (x, z) of the local +X and +Z axes."""
        return (self.c, -self.s), (self.s, self.c)


def _projected_radius(box: Box, ux: float, uz: float) -> float:
    (ax, az), (bx, bz) = box.axes()
    return box.w / 2 * abs(ux * ax + uz * az) + box.d / 2 * abs(ux * bx + uz * bz)


def footprints_overlap(a: Box, b: Box, clearance: float = 0.0) -> bool:
    """Separating-axis test of two oriented footprints; closer than ``clearance`` counts as overlap."""
    dx, dz = b.x - a.x, b.z - a.z
    for ux, uz in (*a.axes(), *b.axes()):
        if abs(dx * ux + dz * uz) >= _projected_radius(a, ux, uz) + _projected_radius(b, ux, uz) + clearance - EPS:
            return False
    return True


def heights_overlap(a: Box, b: Box) -> bool:
    """Whether two boxes overlap in height by more than a flat sliver, or are two of one kind lying at one height:
    a rug lies under a sofa, but four rugs (or table settings) in one spot are a stack, however thin."""
    return min(a.top, b.top) - max(a.y, b.y) > FLAT_OVERLAP or (a.category == b.category and abs(a.y - b.y) < EPS)


def lies_under(a: Box, b: Box, inset: float = 0.0) -> bool:
    """Whether ``a`` stands in the clear space under ``b`` (between a table's legs, below its top), its footprint
    ``inset`` inside it (tools/knowledge/clearance.py)."""
    corners = [b.to_local(*a.to_world(sx * a.w / 2, sz * a.d / 2)) for sx in (-1, 1) for sz in (-1, 1)]
    return holds_under(b.category, b.variant, (b.w, b.h, b.d), corners, a.y - b.y, a.top - b.y, inset)


def holds_at(child: Box, parent: Box) -> bool:
    """Whether ``child`` stands where its holder ``parent`` holds things: at one of its hold heights, its middle
    over the holder's footprint (what an open container holds may spill over its rim)."""
    if not any(abs(child.y - y) < 1e-3 for y in hold_heights(parent.category, parent.y, parent.h, child.h)):
        return False
    lx, lz = parent.to_local(child.x, child.z)
    return abs(lx) <= parent.w / 2 + EPS and abs(lz) <= parent.d / 2 + EPS


def inside_parent(child: Box, parent: Box) -> bool:
    """The child's footprint corners all lie on the parent's footprint."""
    for sx in (-1, 1):
        for sz in (-1, 1):
            wx, wz = child.to_world(sx * child.w / 2, sz * child.d / 2)
            lx, lz = parent.to_local(wx, wz)
            if abs(lx) > parent.w / 2 + EPS or abs(lz) > parent.d / 2 + EPS:
                return False
    return True


class SpatialGrid:
    """Uniform hash grid over (x, z): cell -> ids of boxes whose footprint AABB touches it."""

    def __init__(self, cell: float) -> None:
        if cell <= 0:
            raise ValueError(f"grid cell must be positive, got {cell}")
        self.cell = cell
        self.cells: dict[tuple[int, int], list[str]] = {}

    def _keys(self, aabb: tuple[float, float, float, float]) -> Iterator[tuple[int, int]]:
        x0, z0, x1, z1 = (math.floor(v / self.cell) for v in aabb)
        for i in range(x0, x1 + 1):
            for j in range(z0, z1 + 1):
                yield i, j

    def insert(self, box_id: str, aabb: tuple[float, float, float, float]) -> None:
        """Register a box's footprint in every grid cell it touches."""
        for key in self._keys(aabb):
            self.cells.setdefault(key, []).append(box_id)

    def remove(self, box_id: str, aabb: tuple[float, float, float, float]) -> None:
        """Drop a box's footprint from the grid cells it touches."""
        for key in self._keys(aabb):
            self.cells[key].remove(box_id)

    def query(self, aabb: tuple[float, float, float, float]) -> dict[str, None]:
        """Ids near ``aabb``, deduplicated, in insertion order of the cells visited."""
        found: dict[str, None] = {}
        for key in self._keys(aabb):
            for box_id in self.cells.get(key, ()):
                found[box_id] = None
        return found


class Space:
    """Placed boxes inside bounds ``lo`` (3,) .. ``hi`` (3,), with the fit test every candidate must pass."""

    def __init__(self, lo: tuple[float, float, float], hi: tuple[float, float, float], indoor: bool, cell: float) -> None:
        self.lo, self.hi, self.indoor = lo, hi, indoor
        self.margin = INDOOR_WALL_MARGIN if indoor else 0.0
        self.boxes: dict[str, Box] = {}
        self.reserved: dict[str, Box] = {}  # kept clear (in front of windows) but not objects of the scene
        # (subject spec, target spec) of the plan's 'under' relations: the only boxes that may overlap, when the
        # subject lies in the clear space under the target
        self.under: set[tuple[str, str]] = set()
        # (subject spec, target spec) of the plan's 'held_in' relations: a held thing stands inside its holder, which
        # it may overlap (tools/layout/relation_kinds/inside.py says where)
        self.held: set[tuple[str, str]] = set()
        self.grid = SpatialGrid(cell)

    def inside(self, box: Box) -> bool:
        """Whether the box lies within the space (and its margin from the walls, for floor-standing boxes; what
        stands on another keeps its support's, as on a window sill)."""
        margin = 0.0 if box.mount in ("wall", "ceiling") or box.parent is not None else self.margin
        x0, z0, x1, z1 = box.aabb_xz()
        return (
            x0 >= self.lo[0] + margin - EPS
            and z0 >= self.lo[2] + margin - EPS
            and x1 <= self.hi[0] - margin + EPS
            and z1 <= self.hi[2] - margin + EPS
            and box.y >= self.lo[1] - EPS
            and box.top <= self.hi[1] + EPS
        )

    def supported(self, box: Box) -> bool:
        """Whether the box stands on the floor, or on its parent's top and within it."""
        if box.parent is None:
            return True
        parent = self.boxes.get(box.parent)
        if parent is not None and (box.spec, parent.spec) in self.held and holds_at(box, parent):
            return True
        return parent is not None and abs(box.y - parent.top) < EPS and inside_parent(box, parent)

    def collides(self, box: Box, clearance: float) -> bool:
        """Whether the box collides with a placed box (closer than ``clearance``) or a reserved zone (closer than
        SOLVER_CLEARANCE: a zone is open floor, so a walkway kept round the box may cross it)."""
        for other_id in self.grid.query(box.aabb_xz(clearance)):
            other = self.boxes.get(other_id)
            gap = clearance
            if other is None:  # a reserved zone: what stands on furniture (a lamp, a TV) may be in front of it
                if box.parent is not None:
                    continue
                other, gap = self.reserved[other_id], SOLVER_CLEARANCE
            if self.holds(box, other) or self.holds(other, box):
                continue
            if heights_overlap(box, other) and footprints_overlap(box, other, gap) and not self.tucked(box, other):
                return True
        return False

    def holds(self, holder: Box, child: Box) -> bool:
        """Whether ``child`` is held by ``holder`` as the plan asks ('a crate of potatoes')."""
        return child.parent == holder.id and (child.spec, holder.spec) in self.held

    def tucked(self, a: Box, b: Box) -> bool:
        """Whether one of two boxes lies under the other as the plan asks ('a cat under the table')."""
        return ((a.spec, b.spec) in self.under and lies_under(a, b)) or ((b.spec, a.spec) in self.under
                                                                         and lies_under(b, a))

    def meets_reserved(self, box: Box) -> bool:
        """Whether ``box`` overlaps a reserved zone."""
        return any(heights_overlap(box, zone) and footprints_overlap(box, zone, 0.0)
                   for zone in (self.reserved.get(i) for i in self.grid.query(box.aabb_xz())) if zone is not None)

    def fits(self, box: Box, clearance: float = SOLVER_CLEARANCE) -> bool:
        """Whether the box can be placed: inside, supported and colliding with nothing."""
        return self.inside(box) and self.supported(box) and not self.collides(box, max(clearance, SOLVER_CLEARANCE))

    def add(self, box: Box) -> None:
        """Place a box; ValueError when its id is already placed."""
        if box.id in self.boxes:
            raise ValueError(f"box {box.id!r} is already placed")
        self.boxes[box.id] = box
        self.grid.insert(box.id, box.aabb_xz())

    def reserve(self, box: Box) -> None:
        """Keep ``box`` clear of objects without making it one (it is not among ``boxes``)."""
        if box.id in self.boxes or box.id in self.reserved:
            raise ValueError(f"box {box.id!r} is already placed")
        self.reserved[box.id] = box
        self.grid.insert(box.id, box.aabb_xz())

    def remove(self, box_id: str) -> Box:
        """Take a placed box out of the space."""
        box = self.boxes.pop(box_id)
        self.grid.remove(box_id, box.aabb_xz())
        return box

    def children(self, parent_id: str) -> list[Box]:
        """The boxes standing on this parent."""
        return [b for b in self.boxes.values() if b.parent == parent_id]
