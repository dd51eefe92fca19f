"""Building blocks of the procedural generators: Y-up primitives, materials, GLB output.

trimesh builds primitives Z-up; every constructor here converts to glTF's
+Y-up once (``Z_TO_Y``), so generator code only ever thinks in Y-up metres
with the front of the object facing +Z.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from typing import Literal

import numpy as np
import trimesh

from tools.assets.occlusion import Occlusion, vertex_colors
from tools.assets.textures import texture_set
from tools.core.geometry import triple
from tools.core.gltf import Material, Mesh, Node, Primitive, srgb_to_linear, write_glb
from tools.knowledge.categories import CATEGORIES

# Rotation by -90 degrees about X: trimesh's +Z axis becomes glTF's +Y.
Z_TO_Y = trimesh.transformations.rotation_matrix(-np.pi / 2, [1, 0, 0])


@dataclass
class Part:
    """A piece of an asset: a closed mesh in Y-up metres, with its material.

    node: the named child node the part moves with (a fan's "rotor", a
    candle's "flame"); None for the asset's fixed body. pivot: on one part of
    a node, where that node pivots: "center" of this part's bounding box (a
    hub on the spin axis), or "bottom": below that centre, at the node's
    lowest point (a flame grows from its base). A node with no such part
    pivots at the centre of its parts' joint box. Bounding boxes survive
    shapes.fit, so pivots do too.
    """

    mesh: trimesh.Trimesh
    material: Material
    smooth: bool = False
    node: str | None = None
    pivot: Literal["center", "bottom"] | None = None


# ---------------------------------------------------------------- materials

MATERIAL_KINDS = ("wood", "metal", "glass", "fabric", "leather", "stone", "plastic", "ceramic", "emissive", "foliage", "water")

_PBR = {  # kind: (metallic, roughness, alpha)
    "wood": (0.0, 0.7, 1.0),
    "metal": (0.9, 0.35, 1.0),
    "glass": (0.0, 0.05, 0.35),
    "fabric": (0.0, 0.95, 1.0),
    "leather": (0.0, 0.55, 1.0),
    "stone": (0.0, 0.9, 1.0),
    "plastic": (0.0, 0.45, 1.0),
    "ceramic": (0.0, 0.25, 1.0),
    "emissive": (0.0, 0.5, 1.0),
    "foliage": (0.0, 0.85, 1.0),
    "water": (0.1, 0.1, 0.75),
}

# The colour a material shows when the prompt names it but no colour ("a leather sofa" is brown leather, not
# the sofa's default upholstery colour in leather).
NATURAL_COLORS = {"wood": "#9c6b3f", "metal": "#8c8f94", "glass": "#d8e4ea", "leather": "#6b4226",
                  "stone": "#8d8a85", "ceramic": "#ece8e0"}


def hex_to_rgb(color: str) -> tuple[float, float, float]:
    """'#rrggbb' -> sRGB floats in 0..1. Raises ValueError on anything else."""
    c = color.lstrip("#")
    if len(c) != 6:
        raise ValueError(f"colour must be '#rrggbb', got {color!r}")
    return triple(int(c[i : i + 2], 16) / 255.0 for i in (0, 2, 4))


# The surface a material kind has in real life; kinds missing here (glass, plastic, glaze, leaves,
# water, light) are smooth enough that a flat colour reads true.
_KIND_PATTERNS = {"wood": "wood_grain", "fabric": "fabric", "leather": "leather", "stone": "stone"}
_PAINT_SATURATION = 0.25  # metal more saturated than this (or darker than _PAINT_DARK) is painted, not bare
_PAINT_DARK = 0.25
_WHITE_PAINT = 0.75  # wood whose every channel is above this is painted


def kind_pattern(kind: str, color: str) -> str | None:
    """The texture pattern (textures.PATTERNS) a material of ``kind`` in ``color`` gets by default, or None."""
    rgb = hex_to_rgb(color)
    saturation = (max(rgb) - min(rgb)) / max(max(rgb), 1e-6)
    if kind == "metal":
        return "painted_metal" if saturation > _PAINT_SATURATION or max(rgb) < _PAINT_DARK else "brushed_metal"
    if kind == "wood" and min(rgb) > _WHITE_PAINT:  # white or cream wood is painted: a coat, no grain
        return "painted_metal"
    return _KIND_PATTERNS.get(kind)


def material(kind: str, color: str, pattern: str | None = None) -> Material:
    """A PBR material of ``kind`` (one of MATERIAL_KINDS) in sRGB hex ``color``.

    pattern: the procedural texture set (textures.PATTERNS: base colour tinted by
    ``color``, normal and roughness maps); by default the kind's own (kind_pattern).
    Parts using one get box-projected UVs.
    """
    if kind not in _PBR:
        raise ValueError(f"unknown material kind {kind!r}; expected one of {MATERIAL_KINDS}")
    metallic, roughness, alpha = _PBR[kind]
    rgb = triple(round(srgb_to_linear(v), 5) for v in hex_to_rgb(color))
    emissive = rgb if kind == "emissive" else (0.0, 0.0, 0.0)
    plain = Material(f"{kind}:{color}", (*rgb, alpha), metallic, roughness, emissive, double_sided=alpha < 1.0)
    pattern = pattern or kind_pattern(kind, color)
    return with_pattern(plain, pattern) if pattern else plain


def with_pattern(mat: Material, pattern: str) -> Material:
    """``mat`` with the procedural texture set ``pattern`` (textures.PATTERNS) in place of any it had."""
    images = texture_set(pattern)
    name = mat.name.split(":")
    return dataclasses.replace(mat, name=":".join([*name[:2], pattern]), texture=images.base,
                               normal_texture=images.normal, roughness_texture=images.roughness)


# --------------------------------------------------------------- primitives

def _y_up(mesh: trimesh.Trimesh, center) -> trimesh.Trimesh:
    mesh.apply_transform(Z_TO_Y)
    mesh.apply_translation(center)
    return mesh


def box(size, center=(0, 0, 0)) -> trimesh.Trimesh:
    """Axis-aligned box. size: (3,) extents x, y, z; center: (3,) its centre."""
    return trimesh.creation.box(extents=size).apply_translation(center)


def cylinder(radius: float, height: float, center=(0, 0, 0), sections: int = 24) -> trimesh.Trimesh:
    """Vertical (Y) cylinder centred at ``center``."""
    return _y_up(trimesh.creation.cylinder(radius=radius, height=height, sections=sections), center)


def cone(radius: float, height: float, base=(0, 0, 0), sections: int = 24) -> trimesh.Trimesh:
    """Vertical cone, apex up, its base disc centred at ``base``."""
    return _y_up(trimesh.creation.cone(radius=radius, height=height, sections=sections), base)


def sphere(radius: float, center=(0, 0, 0), subdivisions: int = 2) -> trimesh.Trimesh:
    """An icosphere of this radius centred at `center`."""
    return trimesh.creation.icosphere(subdivisions=subdivisions, radius=radius).apply_translation(center)


def capsule(radius: float, height: float, center=(0, 0, 0), sections: int = 16) -> trimesh.Trimesh:
    """Vertical capsule; ``height`` is the total height including the caps."""
    mesh = trimesh.creation.capsule(height=max(height - 2 * radius, 1e-3), radius=radius, count=[sections, sections])
    return _y_up(mesh, center)


def rod(a, b, radius: float, sections: int = 12) -> trimesh.Trimesh:
    """Cylinder from point ``a`` to point ``b`` (both (3,))."""
    return trimesh.creation.cylinder(radius=radius, segment=[a, b], sections=sections)


def scaled(mesh: trimesh.Trimesh, factors) -> trimesh.Trimesh:
    """Scale ``mesh`` about its own centroid by (3,) ``factors``."""
    c = mesh.bounds.mean(axis=0)
    mesh.apply_translation(-c)
    mesh.apply_scale(1.0) if np.allclose(factors, 1) else mesh.apply_transform(np.diag([*factors, 1.0]))
    return mesh.apply_translation(c)


def rotated_y(mesh: trimesh.Trimesh, angle: float, about=(0, 0, 0)) -> trimesh.Trimesh:
    """Rotate ``mesh`` by ``angle`` radians about the vertical axis through ``about``."""
    return mesh.apply_transform(trimesh.transformations.rotation_matrix(angle, [0, 1, 0], about))


# ------------------------------------------------------------------- output

def _box_frame(normals: np.ndarray, upright: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """(n, 3) world directions of +U and +V for box projection (see box_uvs)."""
    axis = np.argmax(np.abs(normals), axis=1)
    x, y, z = np.eye(3)
    u_dir = np.where((axis == 0)[:, None], z, x)
    v_dir = np.where((axis == 1)[:, None], z, -y)
    if upright is not None:  # grain up the part: U runs up its sides
        side = upright & (axis != 1)
        v_dir = np.where(side[:, None], u_dir, v_dir)
        u_dir = np.where(side[:, None], y, u_dir)
    return u_dir, v_dir


def box_uvs(positions: np.ndarray, normals: np.ndarray, metres: float = 1.0,
            upright: np.ndarray | None = None) -> np.ndarray:
    """Planar-projected texture coordinates, one unit per ``metres`` (the material tiles them further).

    positions, normals: (n, 3). Each vertex is projected along the axis its
    normal points most along: tops use (x, z), fronts (x, -y), sides (z, -y),
    so grain and brick courses run horizontally; on vertices of parts marked
    (n,) ``upright`` (legs, posts) the sides use (y, x) and (y, z), so grain
    runs up them. Returns (n, 2).
    """
    u_dir, v_dir = _box_frame(normals, upright)
    return np.stack([np.einsum("ij,ij->i", positions, u_dir), np.einsum("ij,ij->i", positions, v_dir)], axis=1) / metres


def box_tangents(normals: np.ndarray, upright: np.ndarray | None = None) -> np.ndarray:
    """(n, 4) glTF tangents of box_uvs: +U's direction made normal to each (n, 3) normal, and the
    handedness that makes cross(normal, tangent) * w point up the image (towards -V), as glTF reads
    normal maps."""
    u_dir, v_dir = _box_frame(normals, upright)
    tangent = u_dir - np.einsum("ij,ij->i", u_dir, normals)[:, None] * normals
    tangent /= np.maximum(np.linalg.norm(tangent, axis=1, keepdims=True), 1e-12)
    w = np.where(np.einsum("ij,ij->i", np.cross(normals, tangent), -v_dir) < 0, -1.0, 1.0)
    return np.concatenate([tangent, w[:, None]], axis=1)


def _is_upright(mesh: trimesh.Trimesh) -> bool:
    """Whether a part is a post rather than a board: taller than it is wide and deep."""
    extent = np.ptp(np.asarray(mesh.vertices), axis=0)
    return bool(extent[1] > 1.5 * max(extent[0], extent[2]))


def _primitive(parts: list[Part], offset: np.ndarray, occlusion: Occlusion | None) -> Primitive:
    positions, normals, indices, upright, probes, base = [], [], [], [], [], 0
    for part in parts:
        m = part.mesh
        v: np.ndarray
        n: np.ndarray
        f: np.ndarray
        if part.smooth:
            v, n, f = m.vertices, m.vertex_normals, m.faces
            # AO probed halfway to the part's centre along the surface: a cushion's top has vertices only at
            # its rounded rim, beside the arms and the back, and the middle of the top would take their shade
            inward = np.asarray(v).mean(axis=0) - v
            probes.append(v + 0.5 * (inward - np.einsum("ij,ij->i", inward, n)[:, None] * n))
        else:  # hard edges: one vertex per face corner, the face's normal
            corners = m.vertices[m.faces]
            v = corners.reshape(-1, 3)
            n = np.repeat(m.face_normals, 3, axis=0)
            f = np.arange(len(v)).reshape(-1, 3)
            # AO probed halfway to the face's centre: a big face's corners sit in the crease beside the
            # next part, and interpolating what they see would shade the whole face like its edge
            probes.append(((corners + corners.mean(axis=1, keepdims=True)) / 2).reshape(-1, 3))
        positions.append(v - offset)
        normals.append(n)
        indices.append(f + base)
        upright.append(np.full(len(v), _is_upright(m)))
        base += len(v)
    mat = parts[0].material
    all_positions = np.round(np.concatenate(positions), 5)
    all_normals = np.round(np.concatenate(normals), 5)
    uvs = colors = tangents = None
    posts = np.concatenate(upright)
    if mat.textured:  # UVs in metres; the material's KHR_texture_transform sets each pattern's repeat
        uvs = np.round(box_uvs(all_positions, all_normals, upright=posts), 5).astype(np.float32)
    if mat.normal_texture is not None:
        tangents = box_tangents(all_normals, posts).astype(np.float32)
    if occlusion is not None and not mat.blend and not any(mat.emissive):  # glass and lights stay as they are
        colors = vertex_colors(occlusion.factors(np.concatenate(probes), all_normals))
    return Primitive(
        all_positions.astype(np.float32),
        all_normals.astype(np.float32),
        np.concatenate(indices).astype(np.uint32),
        mat,
        uvs,
        colors,
        tangents,
    )


# Bump when any generator's output changes, so stores and folders never keep old bytes under a key.
GENERATOR_VERSION = 4


def asset_key(category: str, params: dict) -> str:
    """Content address of a generated asset: a hash of what determines its bytes.

    A kind's ``revision`` (kinds.toml) re-keys that kind alone; a kind built by another kind's generator
    or with fixed generator parameters has those in its key too, so editing them re-keys it.
    """
    own = _kind_key(category)
    blob = json.dumps({"category": category, "generator_version": GENERATOR_VERSION, **own, **params},
                      sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _kind_key(category: str) -> dict:
    """What the kind's table adds to its assets' keys (nothing for a kind its own generator builds plainly)."""
    kind = CATEGORIES.get(category)
    if kind is None:
        return {}
    own: dict[str, object] = {"category_revision": kind.revision} if kind.revision else {}
    if kind.generator != category or kind.generator_params:
        own |= {"generator": kind.generator, "generator_params": dict(kind.generator_params)}
    if kind.parts:  # a kind drawn from data: editing its parts re-keys it
        own["parts"] = [dict(part) for part in kind.parts]
    return own


def _bounds(parts: list[Part]) -> tuple[np.ndarray, np.ndarray]:
    """(3,) minimum and (3,) maximum corner of the parts' joint bounding box."""
    bounds = np.array([p.mesh.bounds for p in parts])
    return bounds[:, 0].min(axis=0), bounds[:, 1].max(axis=0)


def _merged(name: str, parts: list[Part], offset: np.ndarray, occlusion: Occlusion | None = None) -> Mesh:
    """One mesh (one primitive per material) of ``parts``, positions relative to (3,) ``offset``;
    vertex colours of baked ``occlusion`` when given."""
    by_material: dict[Material, list[Part]] = {}
    for part in parts:
        by_material.setdefault(part.material, []).append(part)
    return Mesh(name, [_primitive(group, offset, occlusion) for group in by_material.values()])


def occlusion_of(parts: list[Part]) -> Occlusion:
    """The baked-AO occupancy of an asset's parts, standing on their lowest point."""
    return Occlusion([p.mesh for p in parts], floor_y=_bounds(parts)[0][1])


def node_pivot(name: str, parts: list[Part]) -> np.ndarray:
    """(3,) pivot of named node ``name`` (see Part.pivot). Raises ValueError when two parts claim it."""
    marked = [p for p in parts if p.pivot is not None]
    if len(marked) > 1:
        raise ValueError(f"node {name!r}: {len(marked)} parts set its pivot; at most one may")
    lo, hi = _bounds(marked or parts)
    centre = (lo + hi) / 2
    if marked and marked[0].pivot == "bottom":
        centre[1] = _bounds(parts)[0][1]
    return centre


def to_mesh(name: str, parts: list[Part]) -> tuple[Mesh, np.ndarray]:
    """Merge parts into one mesh (one primitive per material), origin at bottom centre.

    Returns the mesh and its (3,) extent in metres. Parts of named nodes
    belong in build_glb; this merges every part given.
    """
    if not parts:
        raise ValueError(f"{name}: a generator returned no parts")
    lo, hi = _bounds(parts)
    offset = np.array([(lo[0] + hi[0]) / 2, lo[1], (lo[2] + hi[2]) / 2])
    return _merged(name, parts, offset, occlusion_of(parts)), hi - lo


def _named_nodes(category: str, parts: list[Part]) -> tuple[list[Mesh], list[Node], np.ndarray]:
    """Meshes and nodes of an asset with named parts: a root node holding the fixed body, and one child
    node per name whose translation is its pivot, so turning the node turns the part about that point."""
    lo, hi = _bounds(parts)
    offset = np.array([(lo[0] + hi[0]) / 2, lo[1], (lo[2] + hi[2]) / 2])
    body = [p for p in parts if p.node is None]
    names = sorted({p.node for p in parts if p.node is not None})
    occlusion = occlusion_of(body) if body else None  # moving parts neither take nor cast baked shade
    meshes = [_merged(category, body, offset, occlusion)] if body else []
    children: list[Node] = []
    for name in names:
        own = [p for p in parts if p.node == name]
        pivot = node_pivot(name, own)
        meshes.append(_merged(name, own, pivot))
        children.append(Node(name, mesh=len(meshes) - 1, translation=triple(round(float(v), 5) for v in pivot - offset)))
    root = Node(category, mesh=0 if body else None, children=tuple(range(1, len(children) + 1)))
    return meshes, [root, *children], hi - lo


def build_glb(category: str, params: dict, parts: list[Part], extras: dict | None = None) -> tuple[bytes, np.ndarray]:
    """GLB bytes of one asset and its (3,) extent. ``extras`` lands in the asset's extras.

    Parts without a node make one mesh under one node (every asset without
    moving parts); named parts become child nodes of that root node.
    """
    if any(p.node is not None for p in parts):
        meshes, nodes, extent = _named_nodes(category, parts)
    else:
        mesh, extent = to_mesh(category, parts)
        meshes, nodes = [mesh], [Node(category, mesh=0)]
    meta = {
        "category": category,
        "params": params,
        "size": [round(float(v), 4) for v in extent],
        "source": "procedural",
        "licence": "CC0-1.0",
        **(extras or {}),
    }
    return write_glb(meshes, nodes, meta), extent
