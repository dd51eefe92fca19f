"""Merge asset GLBs into one scene.glb for game engines.

Each distinct asset becomes one mesh; every placed instance is a node that
references it with translation, rotation and scale, so repeated objects cost
their geometry once. Node extras carry the object id and category. Asset node
hierarchies are baked into the mesh, so an asset from any source (not only
our generators) arrives as a single mesh with its origin kept.
Textures travel along: base colour, normal and metallic-roughness images (PNG
or JPEG, with their KHR_texture_transform scale), the primitive's TEXCOORD_0,
TANGENT and COLOR_0 (baked occlusion) are copied, and identical images are
stored once. The occlusion and emissive texture slots are dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import TypeAlias

import numpy as np
import pygltflib as g

from tools.core.errors import AssetError
from tools.core.gltf import GltfJson, Material, Mesh, Node, Primitive, Texture, read_glb_json, write_glb

# Asset meshes a process keeps parsed, by content: a worker meets the same asset again in later scenes.
ASSET_MESHES_KEPT = 256
# What the readers below take: a pygltflib GLTF2 (and its objects) or a GltfJson view of the same JSON (assets are
# read through the view: pygltflib building its dataclasses took 0.1-0.2 s a file, most of compose). Both read
# by attribute, a member the file lacks as None.
Gltf: TypeAlias = g.GLTF2 | GltfJson
_COMPONENTS = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4}
_DTYPES = {
    g.FLOAT: np.float32,
    g.UNSIGNED_INT: np.uint32,
    g.UNSIGNED_SHORT: np.uint16,
    g.UNSIGNED_BYTE: np.uint8,
}


def read_accessor(gltf: Gltf, blob: bytes, index: int) -> np.ndarray:
    """The accessor's data as (count, components) (or (count,) for SCALAR), honouring byte strides."""
    acc = gltf.accessors[index]
    if acc.bufferView is None or acc.sparse is not None:
        raise AssetError(f"accessor {index}: sparse or view-less accessors are not supported")
    if acc.componentType not in _DTYPES:
        raise AssetError(f"accessor {index}: component type {acc.componentType} is not supported")
    view = gltf.bufferViews[acc.bufferView]
    dtype = np.dtype(_DTYPES[acc.componentType])
    width = _COMPONENTS[acc.type]
    start = (view.byteOffset or 0) + (acc.byteOffset or 0)
    stride = view.byteStride or dtype.itemsize * width
    if start + stride * (acc.count - 1) + dtype.itemsize * width > len(blob):
        raise AssetError(f"accessor {index} runs past the end of the binary chunk")
    rows = np.lib.stride_tricks.as_strided(
        np.frombuffer(blob, dtype=np.uint8, offset=start),
        shape=(acc.count, dtype.itemsize * width),
        strides=(stride, 1),
    )
    data = np.ascontiguousarray(rows).view(dtype).reshape(acc.count, width)
    return data[:, 0] if width == 1 else data


def _node_matrix(node: g.Node | GltfJson) -> np.ndarray:
    """(4, 4) local transform of a glTF node."""
    if node.matrix:
        return np.array(node.matrix, dtype=float).reshape(4, 4).T  # glTF stores column-major
    x, y, z, w = node.rotation or (0.0, 0.0, 0.0, 1.0)
    rot = np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ])
    m = np.eye(4)
    m[:3, :3] = rot * np.asarray(node.scale or (1.0, 1.0, 1.0))
    m[:3, 3] = node.translation or (0.0, 0.0, 0.0)
    return m


def _texture(gltf: Gltf, blob: bytes, info: g.TextureInfo | g.NormalMaterialTexture | GltfJson | None) -> Texture | None:
    """The embedded image behind a material's texture slot, with its repeat in metres, or None when there is none."""
    if info is None:
        return None
    if info.texCoord not in (None, 0):
        raise AssetError(f"texture {info.index}: only TEXCOORD_0 is supported, got set {info.texCoord}")
    source = gltf.textures[info.index].source
    image = gltf.images[source] if source is not None else None
    if image is None or image.bufferView is None:
        raise AssetError(f"texture {info.index}: only images embedded in the GLB are supported")
    view = gltf.bufferViews[image.bufferView]
    start = view.byteOffset or 0
    scale = ((info.extensions or {}).get("KHR_texture_transform") or {}).get("scale") or [0.0]
    metres = 1.0 / scale[0] if scale[0] else 0.0  # a uniform repeat is all our writer sets
    return Texture(image.name or f"image_{source}", bytes(blob[start:start + view.byteLength]), metres)


def _material(gltf: Gltf, blob: bytes, index: int | None) -> Material:
    if index is None:
        return Material("default")
    mat = gltf.materials[index]
    pbr = mat.pbrMetallicRoughness or g.PbrMetallicRoughness()
    base = tuple(pbr.baseColorFactor or (1.0, 1.0, 1.0, 1.0))
    if mat.alphaMode != g.BLEND:
        base = (*base[:3], 1.0)
    return Material(
        name=mat.name or f"material_{index}",
        base_color=base,
        metallic=1.0 if pbr.metallicFactor is None else pbr.metallicFactor,
        roughness=1.0 if pbr.roughnessFactor is None else pbr.roughnessFactor,
        emissive=tuple(mat.emissiveFactor or (0.0, 0.0, 0.0)),
        double_sided=bool(mat.doubleSided),
        texture=_texture(gltf, blob, pbr.baseColorTexture),
        normal_texture=_texture(gltf, blob, mat.normalTexture),
        roughness_texture=_texture(gltf, blob, pbr.metallicRoughnessTexture),
    )


def _primitives(gltf: Gltf, blob: bytes, mesh_index: int, matrix: np.ndarray) -> list[Primitive]:
    prims = []
    normal_matrix = np.linalg.inv(matrix[:3, :3]).T
    for prim in gltf.meshes[mesh_index].primitives:
        if prim.mode not in (None, g.TRIANGLES):
            raise AssetError(f"mesh {mesh_index}: only triangle primitives are supported, got mode {prim.mode}")
        positions = read_accessor(gltf, blob, prim.attributes.POSITION).astype(np.float64)
        if prim.attributes.NORMAL is None:
            raise AssetError(f"mesh {mesh_index}: a primitive has no normals")
        normals = read_accessor(gltf, blob, prim.attributes.NORMAL).astype(np.float64)
        if prim.indices is None:
            indices = np.arange(len(positions), dtype=np.uint32)
        else:
            indices = read_accessor(gltf, blob, prim.indices).astype(np.uint32)
        positions = positions @ matrix[:3, :3].T + matrix[:3, 3]
        normals = normals @ normal_matrix.T
        normals /= np.maximum(np.linalg.norm(normals, axis=1, keepdims=True), 1e-12)
        material = _material(gltf, blob, prim.material)
        uvs = None
        if material.textured:
            if prim.attributes.TEXCOORD_0 is None:
                raise AssetError(f"mesh {mesh_index}: a textured primitive has no TEXCOORD_0")
            raw = read_accessor(gltf, blob, prim.attributes.TEXCOORD_0)
            # Integer UVs are only valid normalized (glTF 2.0 spec, meshes.md): map them to 0..1.
            scale = np.iinfo(raw.dtype).max if np.issubdtype(raw.dtype, np.integer) else 1.0
            uvs = (raw / scale).astype(np.float32)
        tangents = _tangents(gltf, blob, prim.attributes.TANGENT, matrix) if material.normal_texture else None
        prims.append(Primitive(positions.astype(np.float32), normals.astype(np.float32),
                               indices.reshape(-1, 3), material, uvs, _colors(gltf, blob, prim.attributes.COLOR_0),
                               tangents))
    return prims


def _tangents(gltf: Gltf, blob: bytes, index: int | None, matrix: np.ndarray) -> np.ndarray | None:
    """(n, 4) float32 TANGENTs turned by the node transform, or None when the primitive has none."""
    if index is None:
        return None
    raw = read_accessor(gltf, blob, index).astype(np.float64)
    turned = raw[:, :3] @ matrix[:3, :3].T
    turned /= np.maximum(np.linalg.norm(turned, axis=1, keepdims=True), 1e-12)
    return np.concatenate([turned, np.sign(raw[:, 3:]) + (raw[:, 3:] == 0)], axis=1).astype(np.float32)


def _colors(gltf: Gltf, blob: bytes, index: int | None) -> np.ndarray | None:
    """(n, 4) uint8 COLOR_0 (any stored form: RGB or RGBA, float or normalized integers), or None."""
    if index is None:
        return None
    raw = read_accessor(gltf, blob, index)
    unit = raw / np.iinfo(raw.dtype).max if np.issubdtype(raw.dtype, np.integer) else raw
    if unit.shape[1] == 3:
        unit = np.concatenate([unit, np.ones((len(unit), 1))], axis=1)
    return np.round(np.clip(unit, 0.0, 1.0) * 255).astype(np.uint8)


@lru_cache(maxsize=ASSET_MESHES_KEPT)
def asset_mesh(data: bytes, name: str) -> Mesh:
    """One Mesh holding every primitive of the GLB's default scene, node transforms baked in. Kept for later
    calls with the same bytes and name (ASSET_MESHES_KEPT), so its arrays are read-only: every scene shares them."""
    gltf, blob = read_glb_json(data)
    scene = gltf.scenes[gltf.scene or 0] if gltf.scenes else None
    if scene is None:
        raise AssetError(f"{name}: the GLB has no scene")
    prims: list[Primitive] = []
    stack = [(i, np.eye(4)) for i in scene.nodes or []]
    while stack:
        index, parent = stack.pop(0)
        node = gltf.nodes[index]
        matrix = parent @ _node_matrix(node)
        if node.mesh is not None:
            prims.extend(_primitives(gltf, blob, node.mesh, matrix))
        stack.extend((child, matrix) for child in node.children or [])
    if not prims:
        raise AssetError(f"{name}: the GLB holds no triangles")
    for prim in prims:
        for array in (prim.positions, prim.normals, prim.indices, prim.uvs, prim.colors, prim.tangents):
            if array is not None:
                array.setflags(write=False)
    return Mesh(name, prims)


def scene_glb(
    asset_files: dict[str, Path],
    instances: Sequence[dict],
    extra_meshes: Sequence[tuple[Mesh, dict]] = (),
    extras: dict | None = None,
) -> bytes:
    """GLB bytes of the whole scene.

    asset_files: asset key -> GLB path. instances: dicts with ``id``,
    ``category``, ``asset_key``, ``position`` (3,), ``rotation`` (4,) and
    ``scale`` (3,). extra_meshes: (mesh, node extras) drawn once at the origin
    (the room's floor and walls). Meshes are ordered by first use, so the
    output is a pure function of the input.
    """
    meshes: list[Mesh] = []
    mesh_of: dict[str, int] = {}
    nodes: list[Node] = []
    for inst in instances:
        key = inst["asset_key"]
        if key not in mesh_of:
            if key not in asset_files:
                raise AssetError(f"object {inst['id']!r} uses asset {key!r}, which has no file")
            meshes.append(asset_mesh(Path(asset_files[key]).read_bytes(), key))
            mesh_of[key] = len(meshes) - 1
        nodes.append(Node(
            name=inst["id"],
            mesh=mesh_of[key],
            translation=tuple(inst["position"]),
            rotation=tuple(inst["rotation"]),
            scale=tuple(inst["scale"]),
            extras={"id": inst["id"], "category": inst["category"], "asset": key},
        ))
    for mesh, node_extras in extra_meshes:
        meshes.append(mesh)
        nodes.append(Node(name=mesh.name, mesh=len(meshes) - 1, extras=node_extras))
    return write_glb(meshes, nodes, extras)
