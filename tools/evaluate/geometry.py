"""An independent geometric judge of a scene folder: world meshes, collisions, containment, support.

It reads only what the folder holds (scene.json and assets/*.glb) and never
the layout's boxes or tools.verify.checks, so it can disagree with the generator.

Method:
- Each asset GLB is loaded with trimesh (all its primitives as one mesh, in
  its own Y-up frame), its vertices welded by position, and split into
  connected components: our assets are unions of closed convex-ish
  primitives (boxes, cylinders, spheres), so one component is one part.
  Each part is replaced by its convex hull (scipy's Qhull). Hulls are built
  once per asset and moved into the world by each object's position,
  rotation quaternion and scale from scene.json.
- World AABBs come from the moved mesh vertices themselves and are compared
  with scene.json's `bbox` (a difference over BBOX_TOLERANCE is reported).
- Collisions: two objects collide when some part of one penetrates some part
  of the other deeper than PENETRATION_TOLERANCE. The depth of two convex
  hulls is computed exactly with the separating axis theorem: the smallest
  overlap of their projections over every face normal of either hull and
  every cross product of an edge direction of one with one of the other
  (the minimum translation that separates two convex polyhedra lies along
  one of those axes). Extra axes never lower the result below the true
  depth, so triangulated faces are harmless. Only part pairs whose world
  AABBs overlap deeper than the tolerance on all three axes are tested.
  When two hulls have very many edge directions (fine spheres), the
  directions are rounded coarser (COARSE_DIRECTION_DIGITS); missing axes
  can only over-state a depth, so a real collision is never missed.
  An object and its parent (scene.json `parent`) are exempt.
  Limit: a concave part (a bowl, a box with an open top) is judged by its
  hull, so something placed inside it counts as penetrating.
- Containment: the world mesh AABB inside scene.json `bounds` within the tolerance.
- Support: the lowest mesh point on the floor (bounds min y); or on the
  parent: the parent's world top within the tolerance of the child's bottom
  and the child's footprint centre over the parent's footprint; or mount
  'wall' touching a wall plane of the bounds, 'ceiling' touching bounds max y;
  mount 'air' (birds, balloons, planets) floats by design: supported when not under the floor.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
import trimesh
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components
from scipy.spatial import ConvexHull, QhullError

from tools.core.errors import AssetError
from tools.knowledge.categories import has_trait

PENETRATION_TOLERANCE = 0.005  # metres of interpenetration forgiven
SUPPORT_TOLERANCE = 0.005  # bottom to floor / parent top
BOUNDS_TOLERANCE = 0.005  # mesh box past the bounds
BBOX_TOLERANCE = 0.01  # scene.json bbox vs the mesh's own box
WELD_DIGITS = 5  # vertices equal to 10 micrometres are one vertex (faces split for flat normals)
DIRECTION_DIGITS = 4  # edge directions equal to this many decimals are one axis
COARSE_DIRECTION_DIGITS = 1
MAX_EDGE_AXES = 20000  # edge-edge axes per hull pair before directions are coarsened
FLAT_PART_THICKNESS = 1e-4  # a flat part (a plane) gets this thickness so it has a hull
UP_FACING = 0.95  # a triangle whose unit normal's y is over this faces up: a thing can stand on it


@dataclass(frozen=True)
class Hull:
    """A convex part in some frame: vertices (n, 3), axes (k, 3) unit face normals, edges (e, 3) unit directions."""

    vertices: np.ndarray
    normals: np.ndarray
    edges: np.ndarray

    @property
    def lo(self) -> np.ndarray:
        """The hull's lowest corner (3,)."""
        return self.vertices.min(axis=0)

    @property
    def hi(self) -> np.ndarray:
        """The hull's highest corner (3,)."""
        return self.vertices.max(axis=0)


@dataclass
class WorldObject:
    """One scene.json object moved into the world: its parts and mesh box."""

    id: str
    category: str
    parent: str | None
    mount: str
    position: np.ndarray  # (3,)
    rotation: np.ndarray  # (3, 3)
    lo: np.ndarray  # (3,) world mesh AABB min
    hi: np.ndarray  # (3,) world mesh AABB max
    hulls: list[Hull] = field(repr=False)
    claimed_bbox: tuple[np.ndarray, np.ndarray] | None = None  # scene.json's bbox
    # (k, 3, 3) the triangles facing up in the asset's own frame, moved into the world (a mirrored object's winding
    # turns, so they are not classified again here; on_surface keeps the level ones)
    tops: np.ndarray = field(default_factory=lambda: np.zeros((0, 3, 3)), repr=False)

    @property
    def forward(self) -> np.ndarray:
        """(3,) the object's front (+Z of its own frame) in the world."""
        return self.rotation[:, 2]

    @property
    def centre(self) -> np.ndarray:
        """The middle of the object's world bounds (3,)."""
        return (self.lo + self.hi) / 2


def quaternion_matrix(q) -> np.ndarray:
    """(3, 3) rotation of the unit quaternion [x, y, z, w]; ValueError for a zero quaternion."""
    x, y, z, w = (float(v) for v in q)
    norm = math.sqrt(x * x + y * y + z * z + w * w)
    if norm < 1e-9:
        raise ValueError(f"rotation quaternion {list(q)} has zero length")
    x, y, z, w = x / norm, y / norm, z / norm, w / norm
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])


def _unique_directions(vectors: np.ndarray, digits: int) -> np.ndarray:
    """(k, 3) unit directions of (n, 3) vectors, sign-canonical and de-duplicated; zero vectors dropped."""
    lengths = np.linalg.norm(vectors, axis=1)
    units = vectors[lengths > 1e-9] / lengths[lengths > 1e-9, None]
    if len(units) == 0:
        return np.zeros((0, 3))
    # An axis and its opposite are the same axis: flip so the first non-zero component is positive.
    first = np.argmax(np.abs(units) > 1e-6, axis=1)
    signs = np.sign(units[np.arange(len(units)), first])
    units = units * signs[:, None]
    _, keep = np.unique(np.round(units, digits), axis=0, return_index=True)
    return units[np.sort(keep)]


def hull_of(points: np.ndarray) -> Hull:
    """The convex hull of (n, 3) points; a flat set is thickened by FLAT_PART_THICKNESS first."""
    points = np.unique(np.asarray(points, dtype=float), axis=0)
    try:
        qhull = ConvexHull(points)
    except QhullError:
        jitter = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]) * FLAT_PART_THICKNESS
        qhull = ConvexHull((points[:, None, :] + jitter[None]).reshape(-1, 3))
    vertices = qhull.points[qhull.vertices]
    triangles = qhull.points[qhull.simplices]  # (f, 3, 3)
    edges = np.concatenate([triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 1],
                            triangles[:, 0] - triangles[:, 2]])
    return Hull(vertices, _unique_directions(qhull.equations[:, :3], DIRECTION_DIGITS),
                _unique_directions(edges, DIRECTION_DIGITS))


def _components(vertices: np.ndarray, faces: np.ndarray) -> list[np.ndarray]:
    """Vertex arrays (n_i, 3) of the connected parts of a triangle soup (vertices (n, 3), faces (f, 3))."""
    _, welded = np.unique(np.round(vertices, WELD_DIGITS), axis=0, return_inverse=True)
    welded = welded.reshape(-1)
    tri = welded[faces]
    rows = np.concatenate([tri[:, 0], tri[:, 1]])
    cols = np.concatenate([tri[:, 1], tri[:, 2]])
    size = int(welded.max()) + 1
    graph = coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(size, size))
    count, labels = connected_components(graph, directed=False)
    used = np.zeros(size, dtype=bool)
    used[tri.reshape(-1)] = True
    first_vertex = np.zeros(size, dtype=int)
    first_vertex[welded] = np.arange(len(welded))
    return [vertices[first_vertex[(labels == label) & used]] for label in range(count)
            if np.count_nonzero((labels == label) & used) >= 3]


@lru_cache(maxsize=512)
def asset_mesh(path: str, mtime_ns: int) -> tuple[tuple[Hull, ...], np.ndarray]:
    """Convex parts of the GLB at ``path`` and its up-facing triangles (t, 3, 3), in its own frame (cached by path
    and modification time)."""
    try:
        loaded = trimesh.load_mesh(path, file_type="glb", process=False)
    except (OSError, ValueError) as error:
        raise AssetError(f"cannot read asset {path}: {error}") from error
    if len(loaded.faces) == 0:
        raise AssetError(f"asset {path} has no triangles")
    vertices, faces = np.asarray(loaded.vertices, dtype=float), np.asarray(loaded.faces)
    return tuple(hull_of(part) for part in _components(vertices, faces)), _up_facing(vertices[faces])


def _up_facing(triangles: np.ndarray) -> np.ndarray:
    """The triangles (t, 3, 3) whose front faces up (counter-clockwise seen from above)."""
    normals = np.cross(triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 0])
    lengths = np.linalg.norm(normals, axis=1)
    up = lengths > 0
    up[up] = normals[up, 1] / lengths[up] > UP_FACING
    return triangles[up]


def _moved(hull: Hull, linear: np.ndarray, offset: np.ndarray) -> Hull:
    """``hull`` under x -> linear @ x + offset (linear (3, 3) invertible)."""
    normals = hull.normals @ np.linalg.inv(linear)  # normals transform by the inverse transpose
    return Hull(hull.vertices @ linear.T + offset, _unique_directions(normals, DIRECTION_DIGITS),
                _unique_directions(hull.edges @ linear.T, DIRECTION_DIGITS))


def load_world_objects(folder: Path, scene: dict) -> list[WorldObject]:
    """Every scene.json object with its parts in world coordinates; AssetError for a missing asset."""
    objects = []
    for entry in scene.get("objects", []):
        asset = folder / entry["asset"]
        if not asset.is_file():
            raise AssetError(f"object {entry['id']!r} uses {entry['asset']}, which is not in {folder}")
        rotation = quaternion_matrix(entry.get("rotation", (0, 0, 0, 1)))
        linear = rotation @ np.diag(np.asarray(entry.get("scale", (1, 1, 1)), dtype=float))
        position = np.asarray(entry["position"], dtype=float)
        own_hulls, tops = asset_mesh(str(asset), asset.stat().st_mtime_ns)
        hulls = [_moved(h, linear, position) for h in own_hulls]
        lo = np.min([h.lo for h in hulls], axis=0)
        hi = np.max([h.hi for h in hulls], axis=0)
        bbox = entry.get("bbox")
        claimed = (np.asarray(bbox["min"], float), np.asarray(bbox["max"], float)) if bbox else None
        objects.append(WorldObject(str(entry["id"]), entry.get("category", ""), entry.get("parent"),
                                   entry.get("mount", "floor"), position, rotation, lo, hi, hulls, claimed,
                                   tops @ linear.T + position))
    return objects


def penetration_depth(a: Hull, b: Hull) -> float:
    """Depth (metres) two convex hulls interpenetrate; <= 0 when they are apart or only touch."""
    axes = [a.normals, b.normals]
    edges_a, edges_b = a.edges, b.edges
    if len(edges_a) * len(edges_b) > MAX_EDGE_AXES:
        edges_a = _unique_directions(edges_a, COARSE_DIRECTION_DIGITS)
        edges_b = _unique_directions(edges_b, COARSE_DIRECTION_DIGITS)
    crosses = np.cross(edges_a[:, None, :], edges_b[None, :, :]).reshape(-1, 3)
    lengths = np.linalg.norm(crosses, axis=1)
    axes.append(crosses[lengths > 1e-6] / lengths[lengths > 1e-6, None])
    all_axes = np.concatenate(axes)  # (k, 3)
    proj_a, proj_b = a.vertices @ all_axes.T, b.vertices @ all_axes.T  # (n_a, k), (n_b, k)
    overlap = np.minimum(proj_a.max(axis=0), proj_b.max(axis=0)) - np.maximum(proj_a.min(axis=0), proj_b.min(axis=0))
    return float(overlap.min())


def _boxes_overlap(lo_a: np.ndarray, hi_a: np.ndarray, lo_b: np.ndarray, hi_b: np.ndarray, depth: float) -> bool:
    return bool(np.all(np.minimum(hi_a, hi_b) - np.maximum(lo_a, lo_b) > depth))


def object_penetration(a: WorldObject, b: WorldObject, tolerance: float = PENETRATION_TOLERANCE) -> float:
    """Deepest penetration between any part of ``a`` and any part of ``b`` (0 when none exceeds ``tolerance``)."""
    deepest = 0.0
    for hull_a in a.hulls:
        if not _boxes_overlap(hull_a.lo, hull_a.hi, b.lo, b.hi, tolerance):
            continue
        for hull_b in b.hulls:
            if _boxes_overlap(hull_a.lo, hull_a.hi, hull_b.lo, hull_b.hi, tolerance):
                depth = penetration_depth(hull_a, hull_b)
                if depth > tolerance:
                    deepest = max(deepest, depth)
    return deepest


def collisions(objects: list[WorldObject], tolerance: float = PENETRATION_TOLERANCE) -> list[dict]:
    """[{a, b, depth}] for object pairs penetrating deeper than ``tolerance`` or stacked twins (depth: the
    thinner one's height); parent and child are exempt."""
    found = []
    for i, a in enumerate(objects):
        for b in objects[i + 1:]:
            if a.parent == b.id or b.parent == a.id:
                continue
            if stacked_twins(a, b, tolerance):
                found.append({"a": a.id, "b": b.id, "depth": round(float(min(a.hi[1] - a.lo[1], b.hi[1] - b.lo[1])), 4)})
                continue
            if not _boxes_overlap(a.lo, a.hi, b.lo, b.hi, tolerance):
                continue
            depth = object_penetration(a, b, tolerance)
            if depth > tolerance:
                found.append({"a": a.id, "b": b.id, "depth": round(depth, 4)})
    return found


def stacked_twins(a: WorldObject, b: WorldObject, tolerance: float = PENETRATION_TOLERANCE) -> bool:
    """Two of one kind lying at one height, one over more than half of the other's footprint (four rugs in one
    spot, six table settings on one card table): a stack however thin, which the penetration depth of things
    thinner than ``tolerance`` cannot show."""
    if a.category != b.category or abs(a.lo[1] - b.lo[1]) > tolerance:
        return False
    shared = np.maximum(np.minimum(a.hi, b.hi) - np.maximum(a.lo, b.lo), 0.0)[[0, 2]].prod()
    footprints = [(o.hi - o.lo)[[0, 2]].prod() for o in (a, b)]
    return bool(shared > 0.5 * min(footprints) > 0)


def out_of_bounds(objects: list[WorldObject], bounds: dict, tolerance: float = BOUNDS_TOLERANCE) -> list[str]:
    """Ids whose mesh box leaves ``bounds`` ({min, max}) by more than ``tolerance``."""
    lo, hi = np.asarray(bounds["min"], float), np.asarray(bounds["max"], float)
    return [o.id for o in objects if np.any(o.lo < lo - tolerance) or np.any(o.hi > hi + tolerance)]


def _on_top_of(child: WorldObject, parent: WorldObject, tolerance: float) -> bool:
    """On the parent's top, on the top of one of its parts under the child's centre (a board inside a shelf, a
    basket's floor), or on the floor of a part that encloses it (inside a closed glass case, whose base and glass
    are one convex part): things held in their holder."""
    parts = [(h.lo, h.hi) for h in parent.hulls]
    on_top = any(abs(hi[1] - child.lo[1]) <= tolerance and _over(child.centre, lo, hi, tolerance)
                 for lo, hi in [(parent.lo, parent.hi), *parts])
    return on_top or any(abs(lo[1] - child.lo[1]) <= tolerance and child.hi[1] <= hi[1] + tolerance
                         and _over(child.centre, lo, hi, tolerance) for lo, hi in parts) \
        or on_surface(child.lo[1], child.centre, parent.tops, tolerance)


def on_surface(y: float, point: np.ndarray, tops: np.ndarray, tolerance: float) -> bool:
    """Whether an up-facing triangle of ``tops`` (k, 3, 3) lies at height ``y`` under ``point``: a board that is
    welded to the rest of its bookcase is no convex part of its own, so only the mesh itself shows it."""
    level = tops[np.all(np.abs(tops[:, :, 1] - y) <= tolerance, axis=1)]
    a, b, c = (level[:, i][:, [0, 2]] for i in range(3))
    p = np.asarray(point)[[0, 2]]
    sides = np.stack([(q - o)[:, 0] * (p - o)[:, 1] - (q - o)[:, 1] * (p - o)[:, 0] for o, q in ((a, b), (b, c), (c, a))])
    return bool((np.all(sides >= -1e-9, axis=0) | np.all(sides <= 1e-9, axis=0)).any())


def _in_open_holder(child: WorldObject, parent: WorldObject, tolerance: float) -> bool:
    """Sunk into an open holder's top, as a heap in a basket or a crate: its bottom between the holder's floor and
    rim, its centre over the holder (kinds.toml trait holds_open)."""
    return has_trait(parent.category, "holds_open") and parent.lo[1] - tolerance <= child.lo[1] <= parent.hi[1] \
        and _over(child.centre, parent.lo, parent.hi, tolerance)


def _over(point: np.ndarray, lo: np.ndarray, hi: np.ndarray, tolerance: float) -> bool:
    return bool(lo[0] - tolerance <= point[0] <= hi[0] + tolerance and lo[2] - tolerance <= point[2] <= hi[2] + tolerance)


def is_supported(obj: WorldObject, by_id: dict[str, WorldObject], bounds: dict,
                 tolerance: float = SUPPORT_TOLERANCE) -> bool:
    """On the floor, on its parent's top, floating (mount air), or (mount wall/ceiling) touching a wall plane / the ceiling."""
    lo, hi = np.asarray(bounds["min"], float), np.asarray(bounds["max"], float)
    if abs(obj.lo[1] - lo[1]) <= tolerance:
        return True
    parent = by_id.get(obj.parent) if obj.parent else None
    if parent is not None and (_on_top_of(obj, parent, tolerance) or _in_open_holder(obj, parent, tolerance)):
        return True
    if obj.mount == "air" and parent is None:  # floating by design: anywhere not under the floor
        return bool(obj.lo[1] >= lo[1] - tolerance)
    if obj.mount == "wall":
        gaps = (obj.lo[0] - lo[0], hi[0] - obj.hi[0], obj.lo[2] - lo[2], hi[2] - obj.hi[2])
        return min(abs(g) for g in gaps) <= tolerance
    if obj.mount == "ceiling":
        return abs(hi[1] - obj.hi[1]) <= tolerance
    return False


def floating(objects: list[WorldObject], bounds: dict, tolerance: float = SUPPORT_TOLERANCE) -> list[str]:
    """Ids of objects that rest neither on the floor nor on another object."""
    by_id = {o.id: o for o in objects}
    return [o.id for o in objects if not is_supported(o, by_id, bounds, tolerance)]


def bbox_mismatches(objects: list[WorldObject], tolerance: float = BBOX_TOLERANCE) -> list[dict]:
    """[{id, kind, claimed, measured, error}] where scene.json's bbox differs from the mesh box by more than ``tolerance``.

    kind 'loose': the claimed box still holds the mesh (e.g. the rotated box of a
    round tree); 'misses_mesh': some of the mesh lies outside the claimed box.
    """
    found = []
    for o in objects:
        if o.claimed_bbox is None:
            continue
        error = float(max(np.abs(o.claimed_bbox[0] - o.lo).max(), np.abs(o.claimed_bbox[1] - o.hi).max()))
        if error > tolerance:
            contains = bool(np.all(o.claimed_bbox[0] <= o.lo + tolerance) and np.all(o.claimed_bbox[1] >= o.hi - tolerance))
            found.append({"id": o.id, "error": round(error, 4), "kind": "loose" if contains else "misses_mesh",
                          "claimed": {"min": o.claimed_bbox[0].round(4).tolist(), "max": o.claimed_bbox[1].round(4).tolist()},
                          "measured": {"min": o.lo.round(4).tolist(), "max": o.hi.round(4).tolist()}})
    return found


def judge_geometry(folder: Path) -> dict:
    """{collisions [{a, b, depth}], out_of_bounds [id], floating [id], bbox_mismatches [...], objects: n}."""
    folder = Path(folder)
    scene = json.loads((folder / "scene.json").read_text(encoding="utf-8"))
    objects = load_world_objects(folder, scene)
    return {
        "objects": len(objects),
        "collisions": collisions(objects),
        "out_of_bounds": out_of_bounds(objects, scene["bounds"]),
        "floating": floating(objects, scene["bounds"]),
        "bbox_mismatches": bbox_mismatches(objects),
    }
