"""Shape helpers shared by every generator family: slabs, posts, frusta, lathes, hulls, strips.

All of them return closed Y-up meshes in metres. Naming: a *slab* is an
axis-aligned box given by its bottom centre (furniture is stacked from the
floor up); a *strip* is a thin board between two points (leaves, planks,
blades); ``rotated_x``/``rotated_z``/``rot`` rotate in place about a point.
mesh.py holds the trimesh-facing primitives (box, cylinder, cone, sphere,
capsule, rod); this module builds on them.
"""

from __future__ import annotations

import numpy as np
import trimesh

from tools.assets.mesh import Z_TO_Y, Part, box, cylinder, rod, scaled, sphere

_MIN_RADIUS = 1e-6


# --------------------------------------------------------------- placement

def rot(mesh: trimesh.Trimesh, angle: float, axis, about=(0, 0, 0)) -> trimesh.Trimesh:
    """Rotate ``mesh`` in place by ``angle`` radians about ``axis`` (3,) through ``about`` (3,)."""
    return mesh.apply_transform(trimesh.transformations.rotation_matrix(angle, axis, about))


def rotated_x(mesh: trimesh.Trimesh, angle: float, about=(0, 0, 0)) -> trimesh.Trimesh:
    """Rotate about the X axis through ``about``; +angle tips +Y towards +Z (a negative one leans a back rest back)."""
    return rot(mesh, angle, [1, 0, 0], about)


def rotated_z(mesh: trimesh.Trimesh, angle: float, about=(0, 0, 0)) -> trimesh.Trimesh:
    """Rotate ``mesh`` by ``angle`` radians about the Z axis through ``about``."""
    return rot(mesh, angle, [0, 0, 1], about)


def parts_of(meshes: list[trimesh.Trimesh], mat, smooth: bool = False) -> list[Part]:
    """One Part per mesh, all in ``mat``."""
    return [Part(m, mat, smooth) for m in meshes]


def fit(parts: list[Part], size) -> list[Part]:
    """Scale all parts about their bottom centre so their joint extent is exactly (3,) ``size``.

    The generators already build close to ``size``; this absorbs what their
    shapes leave over (a crown's jitter, a wheel poking out) so every variant
    honours the asked size.
    """
    bounds = np.array([p.mesh.bounds for p in parts])
    lo, hi = bounds[:, 0].min(axis=0), bounds[:, 1].max(axis=0)
    extent = hi - lo
    if np.any(extent <= 0):
        raise ValueError(f"parts have a flat extent {extent}; cannot fit to {size}")
    anchor = np.array([(lo[0] + hi[0]) / 2, lo[1], (lo[2] + hi[2]) / 2])
    transform = np.diag([*(np.asarray(size, dtype=float) / extent), 1.0])
    for part in parts:
        part.mesh.apply_translation(-anchor)
        part.mesh.apply_transform(transform)
    return parts


def around(n: int, radius: float, y: float = 0.0, phase: float = 0.0) -> np.ndarray:
    """(n, 3) points evenly spaced on a horizontal circle."""
    angles = phase + np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.stack([radius * np.cos(angles), np.full(n, y), radius * np.sin(angles)], axis=1)


# ------------------------------------------------------------ boxes, boards

def slab(w: float, h: float, d: float, x: float = 0.0, y: float = 0.0, z: float = 0.0) -> trimesh.Trimesh:
    """Axis-aligned box of extent (w, h, d) whose bottom face is centred on (x, y, z)."""
    return box((w, h, d), (x, y + h / 2, z))


def hull(points) -> trimesh.Trimesh:
    """Closed convex hull of (n, 3) points: wedges, prisms, blades, car bodies."""
    return trimesh.convex.convex_hull(np.asarray(points, dtype=float))


def strip(a, b, width: float, thickness: float, up=(0, 1, 0)) -> trimesh.Trimesh:
    """Thin flat board from point ``a`` to ``b`` (both (3,)), its face towards ``up``: leaves, planks, blades."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    along = (b - a) / np.linalg.norm(b - a)
    side = np.cross(along, up)
    side = side / np.linalg.norm(side) if np.linalg.norm(side) > 1e-6 else np.array([1.0, 0, 0])
    normal = np.cross(side, along)
    corners = [p + s * side * width / 2 + n * normal * thickness / 2 for p in (a, b) for s in (-1, 1) for n in (-1, 1)]
    return hull(corners)


def chamfered_box(size, center=(0, 0, 0), bevel: float = 0.1) -> trimesh.Trimesh:
    """Box of (3,) ``size`` with its edges cut back by ``bevel`` (a fraction of the smallest side)."""
    size = np.asarray(size, dtype=float)
    cut = bevel * size.min()
    signs = np.array(list(np.ndindex(2, 2, 2))) * 2 - 1
    corners = [(size / 2 - shrink * cut) * s for shrink in np.eye(3) for s in signs]
    return hull(np.asarray(corners) + np.asarray(center, dtype=float))


def _octant(steps: int) -> np.ndarray:
    """(k, 3) unit directions covering the +x +y +z eighth of a sphere, axes included (so extents stay exact)."""
    angles = np.linspace(0, np.pi / 2, steps)
    dirs = {(round(float(np.cos(a) * np.cos(b)), 9), round(float(np.sin(b)), 9), round(float(np.sin(a) * np.cos(b)), 9))
            for a in angles for b in angles}
    return np.array(sorted(dirs))


_CORNER = _octant(4)


def rounded_box(size, center=(0, 0, 0), radius: float = 0.02) -> trimesh.Trimesh:
    """Box of (3,) ``size`` with every edge and corner rounded by ``radius`` (capped at half the smallest
    side): cushions, mattresses, padded arms. Draw it smooth, so its rounds shade round."""
    size = np.asarray(size, dtype=float)
    r = min(radius, 0.5 * float(size.min()) - 1e-4)
    inner = size / 2 - r
    signs = np.array(list(np.ndindex(2, 2, 2))) * 2 - 1
    points = (inner * signs)[:, None, :] + r * _CORNER[None] * signs[:, None, :]
    return hull(points.reshape(-1, 3) + np.asarray(center, dtype=float))


def cushion(w: float, h: float, d: float, x: float = 0.0, y: float = 0.0, z: float = 0.0,
            softness: float = 0.35) -> trimesh.Trimesh:
    """A rounded_box standing on (x, y, z) like a slab, its edges rounded by ``softness`` of its thickness."""
    return rounded_box((w, h, d), (x, y + h / 2, z), softness * min(w, h, d))


def bevelled_slab(w: float, h: float, d: float, x: float = 0.0, y: float = 0.0, z: float = 0.0,
                  bevel: float = 0.2) -> trimesh.Trimesh:
    """A slab whose edges are cut back by ``bevel`` of its thinnest side: a table top that catches a highlight."""
    return chamfered_box((w, h, d), (x, y + h / 2, z), bevel)


def open_box(w: float, h: float, d: float, t: float, x: float = 0.0, y: float = 0.0, z: float = 0.0) -> list[trimesh.Trimesh]:
    """An open-topped hollow box (bottom and four walls of thickness ``t``) standing on (x, y, z)."""
    return [slab(w, t, d, x, y, z),
            slab(w, h, t, x, y, z - d / 2 + t / 2), slab(w, h, t, x, y, z + d / 2 - t / 2),
            slab(t, h, d, x - w / 2 + t / 2, y, z), slab(t, h, d, x + w / 2 - t / 2, y, z)]


def frame(w: float, h: float, d: float, t: float, x: float = 0.0, y: float = 0.0, z: float = 0.0) -> list[trimesh.Trimesh]:
    """A rectangular picture-frame border in the XY plane, outer size w x h, bars ``t`` wide, bottom at y."""
    return [slab(w, t, d, x, y, z), slab(w, t, d, x, y + h - t, z),
            slab(t, h, d, x - w / 2 + t / 2, y, z), slab(t, h, d, x + w / 2 - t / 2, y, z)]


# -------------------------------------------------------- round solids

def post(r: float, h: float, x: float = 0.0, y: float = 0.0, z: float = 0.0, sections: int = 16) -> trimesh.Trimesh:
    """Vertical cylinder of radius ``r`` standing on (x, y, z)."""
    return cylinder(r, h, (x, y + h / 2, z), sections)


def lathe(profile, x: float = 0.0, y: float = 0.0, z: float = 0.0, sections: int = 24, scale=(1.0, 1.0)) -> trimesh.Trimesh:
    """Closed solid of revolution about the vertical axis through (x, y, z).

    profile: (n, 2) (radius, height) points that either start and end on the
    axis (radius 0), e.g. axis-bottom -> rim -> inner wall -> axis-top for a
    cup, or form a closed loop (first point == last) for rings.
    scale: (sx, sz) stretches the circle into an ellipse (oval tubs, bowls).
    """
    pts = np.asarray(profile, dtype=float)
    on_axis = pts.ndim == 2 and pts.shape[1] == 2 and abs(pts[0, 0]) < 1e-9 and abs(pts[-1, 0]) < 1e-9
    closed = pts.ndim == 2 and pts.shape[1] == 2 and len(pts) > 3 and np.allclose(pts[0], pts[-1])
    if not (on_axis or closed):
        raise ValueError(f"lathe profile must be (n, 2), on the axis at both ends or closed, got {pts.tolist()}")
    mesh = trimesh.creation.revolve(pts, sections=sections)
    if mesh.volume < 0:
        mesh.invert()
    mesh.apply_transform(Z_TO_Y)
    mesh.apply_scale([scale[0], 1.0, scale[1]])
    return mesh.apply_translation((x, y, z))


def frustum(r_bottom: float, r_top: float, height: float, base=(0, 0, 0), sections: int = 24) -> trimesh.Trimesh:
    """Closed truncated cone on the vertical axis; ``base`` (3,) is the centre of its bottom disc.

    Either radius may be 0 (a cone, apex up or down): the apex is one vertex,
    so no zero-area faces are made.
    """
    if height <= 0 or min(r_bottom, r_top) < 0 or max(r_bottom, r_top) <= _MIN_RADIUS:
        raise ValueError(f"frustum needs height > 0 and a positive radius, got {r_bottom}, {r_top}, {height}")
    profile = [(0.0, 0.0)]
    profile += [(r_bottom, 0.0)] if r_bottom > _MIN_RADIUS else []
    profile += [(r_top, height)] if r_top > _MIN_RADIUS else []
    profile += [(0.0, height)]
    x, y, z = base
    return lathe(profile, x, y, z, sections=sections)


def ellipse_slab(w: float, h: float, d: float, x: float = 0.0, y: float = 0.0, z: float = 0.0,
                 sections: int = 32) -> trimesh.Trimesh:
    """Vertical elliptic cylinder w wide (x), d deep (z), h high, bottom centred at (x, y, z)."""
    return scaled(cylinder(0.5, h, (x, y + h / 2, z), sections=sections), (w, 1.0, d))


def ring(r_in: float, r_out: float, height: float, center=(0, 0, 0), sections: int = 24) -> trimesh.Trimesh:
    """Vertical-axis hollow cylinder centred at ``center`` (basin walls, twine bands, well walls)."""
    mesh = trimesh.creation.annulus(r_min=r_in, r_max=r_out, height=height, sections=sections)
    mesh.apply_transform(Z_TO_Y)
    return mesh.apply_translation(center)


def torus_y(major: float, minor: float, center=(0, 0, 0), sections: int = 24, tube_sections: int = 8) -> trimesh.Trimesh:
    """Horizontal ring (axis Y) of radius ``major`` and tube radius ``minor``."""
    mesh = trimesh.creation.torus(major_radius=major, minor_radius=minor, major_sections=sections,
                                  minor_sections=tube_sections)
    mesh.apply_transform(Z_TO_Y)
    return mesh.apply_translation(center)


def ellipsoid(radii, center=(0, 0, 0), subdivisions: int = 2) -> trimesh.Trimesh:
    """Sphere stretched to (3,) ``radii``, centred at ``center``."""
    return scaled(sphere(1.0, (0, 0, 0), subdivisions), radii).apply_translation(center)


def spike(base, tip, radius: float, sections: int = 6) -> trimesh.Trimesh:
    """Cone from a disc of ``radius`` around ``base`` (3,) to the point ``tip`` (3,)."""
    base, tip = np.asarray(base, dtype=float), np.asarray(tip, dtype=float)
    axis = (tip - base) / np.linalg.norm(tip - base)
    u = np.cross(axis, [0, 1, 0] if abs(axis[1]) < 0.9 else [1, 0, 0])
    u /= np.linalg.norm(u)
    v = np.cross(axis, u)
    angles = np.linspace(0, 2 * np.pi, sections, endpoint=False)
    disc = base + radius * (np.outer(np.cos(angles), u) + np.outer(np.sin(angles), v))
    return hull(np.vstack([disc, tip]))


# ------------------------------------------------------- rods and discs

def xcyl(radius: float, length: float, center=(0, 0, 0), sections: int = 16) -> trimesh.Trimesh:
    """Cylinder lying along X (axles, logs, wheels seen from the side)."""
    c = np.asarray(center, dtype=float)
    half = np.array([length / 2, 0, 0])
    return rod(c - half, c + half, radius, sections)


def zcyl(radius: float, length: float, center=(0, 0, 0), sections: int = 16) -> trimesh.Trimesh:
    """Cylinder lying along Z (discs facing +Z: sign faces, flower heads)."""
    c = np.asarray(center, dtype=float)
    half = np.array([0, 0, length / 2])
    return rod(c - half, c + half, radius, sections)


def x_rod(x0: float, x1: float, y: float, z: float, r: float, sections: int = 12) -> trimesh.Trimesh:
    """Rod along X from x0 to x1 at height y, depth z."""
    return rod((x0, y, z), (x1, y, z), r, sections=sections)


def z_rod(z0: float, z1: float, x: float, y: float, r: float, sections: int = 12) -> trimesh.Trimesh:
    """Rod along Z from z0 to z1 at (x, y)."""
    return rod((x, y, z0), (x, y, z1), r, sections=sections)


def z_disc(w: float, h: float, depth: float, center, sections: int = 32) -> trimesh.Trimesh:
    """Elliptic disc facing +Z: w wide, h high, ``depth`` thick, centred at ``center`` (3,)."""
    mesh = trimesh.creation.cylinder(radius=0.5, height=depth, sections=sections)  # trimesh's axis is Z already
    mesh.apply_transform(np.diag([w, h, 1.0, 1.0]))
    return mesh.apply_translation(center)


def ring_of_rods(radius: float, y: float, r: float, count: int = 12) -> list[trimesh.Trimesh]:
    """A horizontal polygonal hoop of ``count`` rod segments (a foot ring, a chandelier ring)."""
    angles = np.linspace(0, 2 * np.pi, count + 1)
    pts = [(radius * np.cos(a), y, radius * np.sin(a)) for a in angles]
    return [rod(pts[i], pts[i + 1], r, sections=8) for i in range(count)]
