"""Write glTF 2.0 binaries (GLB) with pygltflib: assets and whole scenes.

One writer serves both: an asset is one mesh under one node; ``scene.glb``
is many nodes sharing the meshes of repeated assets. Output is a pure
function of the input arrays, so the same parameters give the same bytes.
Textures tile by KHR_texture_transform (UVs in metres, scaled by the image's
repeat); an image is stored once per file however many materials use it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pygltflib as g

from tools.core.errors import AssetError


@dataclass(frozen=True)
class Texture:
    """An image embedded in the GLB (base colour, normal or metallic-roughness).

    png: the PNG file's bytes. metres: the world size one repeat of the image
    covers; UVs are then in metres and the texture is tiled by a
    KHR_texture_transform scale of 1 / metres (0: the UVs came with the mesh
    and are used as they are).
    """

    name: str
    png: bytes
    metres: float = 0.0


@dataclass(frozen=True)
class Material:
    """PBR metallic-roughness material. Colours are linear 0..1, as glTF expects factors.

    texture: an optional base-colour image, multiplied by ``base_color``;
    normal_texture: an optional tangent-space normal map; roughness_texture: an
    optional metallic-roughness image (roughness in G, metalness in B, multiplied
    by the factors). Primitives using any of them must carry UVs.
    """

    name: str
    base_color: tuple[float, float, float, float] = (0.8, 0.8, 0.8, 1.0)
    metallic: float = 0.0
    roughness: float = 0.8
    emissive: tuple[float, float, float] = (0.0, 0.0, 0.0)
    double_sided: bool = False
    texture: Texture | None = None
    normal_texture: Texture | None = None
    roughness_texture: Texture | None = None

    @property
    def textured(self) -> bool:
        """Whether any image is sampled, so the primitive needs UVs."""
        return any(t is not None for t in (self.texture, self.normal_texture, self.roughness_texture))

    @property
    def blend(self) -> bool:
        """Whether the material is see-through enough to need alpha blending."""
        return self.base_color[3] < 0.999


@dataclass
class Primitive:
    """Triangles of one material.

    positions: (n, 3) float32 metres; normals: (n, 3) float32 unit vectors;
    indices: (m, 3) uint32 vertex indices, counter-clockwise seen from outside;
    uvs: (n, 2) float32 texture coordinates (TEXCOORD_0), or None.
    colors: (n, 4) uint8 linear vertex colours (COLOR_0, multiplied into the base colour: baked
    ambient occlusion), or None.
    tangents: (n, 4) float32 glTF tangents (xyz unit, w = +-1 handedness) for normal-mapped materials, or None.
    """

    positions: np.ndarray
    normals: np.ndarray
    indices: np.ndarray
    material: Material
    uvs: np.ndarray | None = None
    colors: np.ndarray | None = None
    tangents: np.ndarray | None = None


@dataclass
class Mesh:
    """A glTF mesh: a name and its primitives."""

    name: str
    primitives: list[Primitive]


@dataclass
class Node:
    """A glTF node: an optional mesh, its transform, extras and child nodes."""

    name: str
    mesh: int | None = None
    translation: tuple[float, float, float] = (0.0, 0.0, 0.0)
    rotation: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 1.0)
    scale: tuple[float, float, float] = (1.0, 1.0, 1.0)
    extras: dict = field(default_factory=dict)
    children: tuple[int, ...] = ()  # indices of child nodes; a node nobody lists is a root of the scene


def srgb_to_linear(c: float) -> float:
    """glTF colour factors are linear; people name colours in sRGB."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


_TEXTURE_TRANSFORM = "KHR_texture_transform"
_COMPONENT_TYPES = {np.float32: g.FLOAT, np.uint32: g.UNSIGNED_INT, np.uint8: g.UNSIGNED_BYTE}


class _Builder:
    def __init__(self) -> None:
        self.gltf = g.GLTF2(asset=g.Asset(version="2.0", generator="diorama"))
        self.blob = bytearray()
        self.materials: dict[Material, int] = {}
        self.textures: dict[Texture, int] = {}

    def _view(self, data: bytes, target: int | None) -> int:
        while len(self.blob) % 4:
            self.blob.append(0)
        self.gltf.bufferViews.append(
            g.BufferView(buffer=0, byteOffset=len(self.blob), byteLength=len(data), target=target)
        )
        self.blob.extend(data)
        return len(self.gltf.bufferViews) - 1

    def _accessor(self, array: np.ndarray, kind: str, target: int) -> int:
        view = self._view(array.tobytes(), target)
        acc = g.Accessor(
            bufferView=view,
            componentType=_COMPONENT_TYPES[array.dtype.type],
            normalized=True if array.dtype == np.uint8 else None,  # uint8 only as 0..1 colours
            count=len(array) if kind != "SCALAR" else array.size,
            type=kind,
        )
        if kind in ("VEC2", "VEC3") and array.dtype == np.float32:
            acc.min = [float(v) for v in array.min(axis=0)]
            acc.max = [float(v) for v in array.max(axis=0)]
        self.gltf.accessors.append(acc)
        return len(self.gltf.accessors) - 1

    def texture_info(self, tex: Texture, info: type[g.TextureInfo] | type[g.NormalMaterialTexture] = g.TextureInfo):
        """A reference to ``tex`` for a material slot, tiled by KHR_texture_transform when it repeats per metres."""
        ref = info(index=self.texture(tex))
        if tex.metres > 0:
            scale = round(1.0 / tex.metres, 6)
            ref.extensions = {_TEXTURE_TRANSFORM: {"scale": [scale, scale]}}
            if _TEXTURE_TRANSFORM not in self.gltf.extensionsUsed:
                self.gltf.extensionsUsed.append(_TEXTURE_TRANSFORM)
        return ref

    def texture(self, tex: Texture) -> int:
        """Index of the glTF texture showing ``tex`` (image, sampler and texture are added once)."""
        if tex not in self.textures:
            if not self.gltf.samplers:
                self.gltf.samplers.append(g.Sampler(
                    magFilter=g.LINEAR, minFilter=g.LINEAR_MIPMAP_LINEAR, wrapS=g.REPEAT, wrapT=g.REPEAT))
            view = self._view(tex.png, None)
            self.gltf.images.append(g.Image(name=tex.name, bufferView=view, mimeType="image/png"))
            self.gltf.textures.append(g.Texture(sampler=0, source=len(self.gltf.images) - 1))
            self.textures[tex] = len(self.gltf.textures) - 1
        return self.textures[tex]

    def material(self, mat: Material) -> int:
        if mat not in self.materials:
            pbr = g.PbrMetallicRoughness(
                baseColorFactor=[round(v, 6) for v in mat.base_color],
                metallicFactor=mat.metallic,
                roughnessFactor=mat.roughness,
            )
            if mat.texture is not None:
                pbr.baseColorTexture = self.texture_info(mat.texture)
            if mat.roughness_texture is not None:
                pbr.metallicRoughnessTexture = self.texture_info(mat.roughness_texture)
            gmat = g.Material(
                name=mat.name,
                pbrMetallicRoughness=pbr,
                emissiveFactor=list(mat.emissive),
                alphaMode=g.BLEND if mat.blend else g.OPAQUE,
                doubleSided=mat.double_sided,
            )
            if mat.normal_texture is not None:
                gmat.normalTexture = self.texture_info(mat.normal_texture, g.NormalMaterialTexture)
            self.gltf.materials.append(gmat)
            self.materials[mat] = len(self.gltf.materials) - 1
        return self.materials[mat]

    def mesh(self, mesh: Mesh) -> int:
        prims = []
        for p in mesh.primitives:
            pos = self._accessor(np.ascontiguousarray(p.positions, np.float32), "VEC3", g.ARRAY_BUFFER)
            nrm = self._accessor(np.ascontiguousarray(p.normals, np.float32), "VEC3", g.ARRAY_BUFFER)
            idx = self._accessor(
                np.ascontiguousarray(p.indices, np.uint32).reshape(-1), "SCALAR", g.ELEMENT_ARRAY_BUFFER
            )
            attributes = g.Attributes(POSITION=pos, NORMAL=nrm)
            if p.material.textured:
                if p.uvs is None or len(p.uvs) != len(p.positions):
                    raise ValueError(f"mesh {mesh.name!r}: textured material {p.material.name!r} needs (n, 2) uvs")
                attributes.TEXCOORD_0 = self._accessor(np.ascontiguousarray(p.uvs, np.float32), "VEC2", g.ARRAY_BUFFER)
            if p.tangents is not None:
                attributes.TANGENT = self._accessor(np.ascontiguousarray(p.tangents, np.float32), "VEC4", g.ARRAY_BUFFER)
            if p.colors is not None:
                if p.colors.shape != (len(p.positions), 4) or p.colors.dtype != np.uint8:
                    raise ValueError(f"mesh {mesh.name!r}: vertex colours must be (n, 4) uint8, got {p.colors.shape}")
                attributes.COLOR_0 = self._accessor(np.ascontiguousarray(p.colors), "VEC4", g.ARRAY_BUFFER)
            prims.append(
                g.Primitive(
                    attributes=attributes,
                    indices=idx,
                    material=self.material(p.material),
                )
            )
        self.gltf.meshes.append(g.Mesh(name=mesh.name, primitives=prims))
        return len(self.gltf.meshes) - 1

    def finish(self, nodes: list[Node], extras: dict) -> bytes:
        for n in nodes:
            node = g.Node(name=n.name, mesh=n.mesh)
            if any(n.translation):
                node.translation = [float(v) for v in n.translation]
            if tuple(n.rotation) != (0.0, 0.0, 0.0, 1.0):
                node.rotation = [float(v) for v in n.rotation]
            if tuple(n.scale) != (1.0, 1.0, 1.0):
                node.scale = [float(v) for v in n.scale]
            if n.extras:
                node.extras = n.extras
            if n.children:
                node.children = list(n.children)
            self.gltf.nodes.append(node)
        listed = {child for n in nodes for child in n.children}
        self.gltf.scenes = [g.Scene(nodes=[i for i in range(len(nodes)) if i not in listed])]
        self.gltf.scene = 0
        # Round-trip through JSON so extras hold only plain JSON values.
        self.gltf.asset.extras = json.loads(json.dumps(extras, sort_keys=True))
        self.gltf.buffers = [g.Buffer(byteLength=len(self.blob))]
        self.gltf.set_binary_blob(bytes(self.blob))
        return b"".join(self.gltf.save_to_bytes())


def write_glb(meshes: list[Mesh], nodes: list[Node], extras: dict | None = None) -> bytes:
    """A GLB holding ``meshes``, instanced by ``nodes`` (Node.mesh indexes ``meshes``)."""
    builder = _Builder()
    for mesh in meshes:
        builder.mesh(mesh)
    return builder.finish(nodes, extras or {})


def read_glb(data: bytes) -> g.GLTF2:
    """Parse GLB bytes (no validation beyond pygltflib's; see tools.catalog.validate)."""
    return g.GLTF2.load_from_bytes(data)


GLB_MAGIC, GLB_JSON_CHUNK, GLB_BIN_CHUNK = b"glTF", 0x4E4F534A, 0x004E4942
_FREE_FORM = frozenset({"extensions", "extras"})  # plain dicts in pygltflib too: read by key, not by attribute


class GltfJson:
    """Attribute access over a glTF JSON object, as pygltflib's objects read: ``node.mesh``, ``prim.attributes``.

    A member the JSON lacks reads None, where pygltflib gives None or the spec's default (a material's
    ``alphaMode`` "OPAQUE", factors of 1); readers that take None for that default, as tools/page/scene_glb.py's
    do, read both alike. Objects and arrays inside are wrapped when read; ``extensions`` and ``extras`` stay
    dicts, as in pygltflib."""

    __slots__ = ("_members",)

    def __init__(self, members: dict) -> None:
        self._members = members

    def __getattr__(self, name: str) -> Any:
        try:
            value = self._members.get(name)
        except AttributeError:  # _members itself before __init__ (copy, pickle): not a member
            raise AttributeError(name) from None
        return value if name in _FREE_FORM else _wrapped(value)


def _wrapped(value: Any) -> Any:
    if isinstance(value, dict):
        return GltfJson(value)
    if isinstance(value, list):
        return [_wrapped(item) for item in value]
    return value


def read_glb_json(data: bytes) -> tuple[GltfJson, bytes]:
    """GLB bytes as (its JSON chunk for reading by attribute, its binary chunk): what ``read_glb`` gives without
    pygltflib building its dataclasses from the JSON (about 0.1-0.2 s a file). Raises AssetError when ``data``
    is not a GLB 2.0 container."""
    if len(data) < 20 or data[:4] != GLB_MAGIC or int.from_bytes(data[4:8], "little") != 2:
        raise AssetError("not a GLB 2.0 file")
    end = min(len(data), int.from_bytes(data[8:12], "little"))
    chunks: dict[int, bytes] = {}
    offset = 12
    while offset + 8 <= end:
        length, kind = int.from_bytes(data[offset:offset + 4], "little"), int.from_bytes(data[offset + 4:offset + 8], "little")
        chunks.setdefault(kind, data[offset + 8:offset + 8 + length])
        offset += 8 + length
    if GLB_JSON_CHUNK not in chunks:
        raise AssetError("the GLB has no JSON chunk")
    try:
        tree = json.loads(chunks[GLB_JSON_CHUNK])
    except ValueError as error:
        raise AssetError(f"the GLB's JSON chunk does not parse: {error}") from None
    return GltfJson(tree), chunks.get(GLB_BIN_CHUNK, b"")
